package hops

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hopsgames/hops/internal/charname"
)

// NormalizeMoveText brings a move text as people type or paste it to the
// plain form the move parsers read (G12): white space around the text is
// dropped, white space next to a '-' or '*' or around a lone 'x' is dropped
// too ("d1 – d2" is "d1-d2", "E2 x C2" is "E2xC2": a hop never starts or
// ends a part), and every other run of white space inside it (spaces,
// tabs, no-break spaces ...) becomes one space, the separator of a move's
// parts; the dashes and minus signs that word
// processors put in place of a hyphen (U+2010 hyphen, U+2011 non-breaking
// hyphen, U+2012 figure dash, U+2013 en dash, U+2014 em dash, U+2212
// minus sign) become '-', and the multiplication sign '×' (U+00D7)
// becomes 'x'. Letters keep their case: the parsers accept squares, 'x'
// and "out" in either case.
//
// What remains may hold only ASCII letters, digits, '-', '*' (Zapita's
// throws) and single spaces. Any other character is an ErrSyntax error
// that names the character itself, not one of its bytes, and its column
// (counted in characters from 1): "unexpected character '+' at column 3".
// Which letters and marks a game accepts where is for its parser to say.
//
// Every game's ParseMove, and ParsePath, call NormalizeMoveText first, so
// the text they accept and the normalised text parse to the same move.
// Text that is already plain comes back unchanged, without allocating.
func NormalizeMoveText(text string) (string, error) {
	if plainMoveText(text) {
		return text, nil
	}
	var b strings.Builder
	b.Grow(len(text))
	col, space := 0, false
	for i, r := range text {
		col++
		switch {
		case r == utf8.RuneError && isBadByte(text, i):
			return "", syntaxErrorf("G12", "", "invalid UTF-8 byte %#02x at column %d", text[i], col).atByte(i)
		case unicode.IsSpace(r):
			space = true
			continue
		case isDash(r):
			r = '-'
		case r == '×':
			r = 'x'
		case !moveChar(r):
			return "", syntaxErrorf("G12", "", "unexpected character %s at column %d", charname.Of(r), col).atByte(i)
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteByte(byte(r))
	}
	return joinHops(b.String()), nil
}

// atByte records that the fault lies at byte offset i of the text read,
// so that InText can quote its neighbourhood.
func (e *Error) atByte(i int) *Error {
	e.at = i + 1
	return e
}

// joinHops drops the single spaces of a text that stand next to a '-' or
// '*', or around a lone 'x' or 'X' between two words: those spaces are
// inside a part of the move, not between parts.
func joinHops(text string) string {
	if !strings.Contains(text, " ") {
		return text
	}
	words := strings.Split(text, " ")
	var b strings.Builder
	b.Grow(len(text))
	for i, w := range words {
		if i > 0 && !inHop(words, i-1) {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// inHop reports whether the space between words[i] and words[i+1] lies
// inside a hop.
func inHop(words []string, i int) bool {
	a, z := words[i], words[i+1]
	lone := func(w string) bool { return w == "x" || w == "X" }
	return strings.HasSuffix(a, "-") || strings.HasSuffix(a, "*") ||
		strings.HasPrefix(z, "-") || strings.HasPrefix(z, "*") ||
		lone(a) && i > 0 || lone(z) && i+2 < len(words)
}

// plainMoveText reports whether text is already in the form
// NormalizeMoveText returns.
func plainMoveText(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == ' ' {
			if i == 0 || i == len(text)-1 || text[i-1] == ' ' {
				return false
			}
			if n := text[i+1]; n == '-' || n == '*' || text[i-1] == '-' || text[i-1] == '*' ||
				i+2 < len(text) && (n == 'x' || n == 'X') && text[i+2] == ' ' {
				return false
			}
			continue
		}
		if !moveChar(rune(c)) {
			return false
		}
	}
	return true
}

// moveChar reports whether r may stand in a normalised move text, space
// apart.
func moveChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '*'
}

// isDash reports whether r is one of the dashes read as '-'.
func isDash(r rune) bool {
	return r >= '\u2010' && r <= '\u2014' || r == '\u2212'
}

// isBadByte reports whether the byte at i starts no valid UTF-8 sequence
// (rather than being a real U+FFFD).
func isBadByte(text string, i int) bool {
	_, size := utf8.DecodeRuneInString(text[i:])
	return size == 1
}
