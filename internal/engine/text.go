package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/charname"
)

// MarshalText returns the text that appendText writes for v, or the
// empty text for the zero value of T (a move not played yet, a position
// not set), which no parser of the library reads and UnmarshalText
// reads back as the zero value: the body of the games' MarshalText
// methods, so that a field left empty round-trips through JSON.
func MarshalText[T comparable](v T, appendText func([]byte) []byte) ([]byte, error) {
	var zero T
	if v == zero {
		return []byte{}, nil
	}
	return appendText(nil), nil
}

// MarshalReadable is MarshalText for the values a program can build by
// hand from squares (moves, paths), whose text need not read back: it
// refuses, with an error of kind ErrSyntax under G12 that names what it
// is, a value whose text parse does not read back as the value itself,
// so that such a value never travels as a text that reads as another
// or as none.
func MarshalReadable[T comparable](v T, appendText func([]byte) []byte, parse func(string) (T, error), what string) ([]byte, error) {
	text, err := MarshalText(v, appendText)
	if err != nil || len(text) == 0 {
		return text, err
	}
	return Readable(v, text, parse, "G12", what)
}

// Readable returns text, the text written for v, if parse reads it back
// as v, and otherwise MarshalReadable's error, under the rule of the
// text's form.
func Readable[T comparable](v T, text []byte, parse func(string) (T, error), rule, what string) ([]byte, error) {
	back, err := parse(string(text))
	if err != nil {
		return nil, hops.Errorf(hops.ErrSyntax, rule, what+" "+hops.Quote(string(text)), "has no text that reads back (%v)", err)
	}
	if back != v {
		return nil, hops.Errorf(hops.ErrSyntax, rule, what+" "+hops.Quote(string(text)), "has no text that reads back: it reads as another %s", what)
	}
	return text, nil
}

// UnmarshalText parses text with parse and stores the result in *dst,
// leaving *dst unchanged on error: the body of the games' UnmarshalText
// methods, which let positions and moves travel in JSON and other text
// encodings. The empty text gives the zero value of T, as MarshalText
// writes it.
func UnmarshalText[T comparable](dst *T, text []byte, parse func(string) (T, error)) error {
	if len(text) == 0 {
		var zero T
		*dst = zero
		return nil
	}
	v, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}

// Count writes n things named by noun, in the plural unless n is 1
// ("1 field", "3 fields"), for the counts that error messages quote.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// SplitFields splits a position text into its space-separated fields
// (G11) and checks that there are between min and max of them. Fields
// must be separated by exactly one space, with none before or after.
func SplitFields(text string, min, max int) ([]string, error) {
	if text == "" {
		return nil, hops.Errorf(hops.ErrSyntax, "G11", "", "empty position text")
	}
	fields := strings.Split(text, " ")
	for i, f := range fields {
		if f == "" {
			return nil, hops.Errorf(hops.ErrSyntax, "G11", fmt.Sprintf("field %d", i+1), "fields must be separated by exactly one space")
		}
	}
	if len(fields) < min || len(fields) > max {
		want := fmt.Sprint(min)
		if max != min {
			want = fmt.Sprintf("%d to %d", min, max)
		}
		return nil, hops.Errorf(hops.ErrSyntax, "G11", "", "%s, want %s", Count(len(fields), "field"), want)
	}
	return fields, nil
}

// ParseRows reads the <rows> field of a position text (G11) for board b:
// ranks from the top down separated by '/', each from file A rightwards,
// a digit for a run of empty squares, a letter for a piece. It calls
// piece for every letter, with its square and whether a '!' follows it
// (only Brouillard uses that mark); piece returns an error for a letter
// its game does not know. Errors name the rank and file at fault.
func ParseRows(b *hops.Board, rows string, piece func(s hops.Square, c byte, marked bool) error) error {
	n := b.Size()
	ranks := strings.Split(rows, "/")
	if len(ranks) != n {
		return hops.Errorf(hops.ErrSyntax, "G11", "rows", "%s, want %d separated by '/'", Count(len(ranks), "rank"), n)
	}
	for i, text := range ranks {
		r := n - 1 - i
		where := fmt.Sprintf("rank %d", r+1)
		f := 0
		prevDigit := false
		for j := 0; j < len(text); j++ {
			c := text[j]
			switch {
			case c >= '1' && c <= '9':
				if prevDigit {
					return hops.Errorf(hops.ErrSyntax, "G11", where, "two digits in a row (%s); runs of empty squares are written as one digit", hops.QuoteAt(text, j))
				}
				prevDigit = true
				f += int(c - '0')
				if f > n {
					return hops.Errorf(hops.ErrSyntax, "G11", where, "%s is longer than %d squares", hops.QuoteAt(text, j), n)
				}
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '*':
				prevDigit = false
				if f >= n {
					return hops.Errorf(hops.ErrSyntax, "G11", where, "%s is longer than %d squares", hops.QuoteAt(text, j), n)
				}
				marked := j+1 < len(text) && text[j+1] == '!'
				if err := piece(hops.SquareAt(f, r), c, marked); err != nil {
					var e *hops.Error
					if errors.As(err, &e) {
						return e.In(fmt.Sprintf("%s, square %s", where, hops.SquareAt(f, r)))
					}
					return err
				}
				if marked {
					j++
				}
				f++
			default:
				name, _ := charname.At(text, j)
				return hops.Errorf(hops.ErrSyntax, "G11", where, "unexpected %s in %s", name, hops.QuoteAt(text, j))
			}
		}
		if f != n {
			return hops.Errorf(hops.ErrSyntax, "G11", where, "%s covers %s, want %d", hops.Quote(text), Count(f, "square"), n)
		}
	}
	return nil
}

// ParseSetupText is parse for the position text a game's Setup.Position
// writes from its fields, to check it as Parse checks a text. A setup has
// squares, not a text: an error located on a rank and square ("rank 4,
// square A4") is located on the square alone, and one located on the
// text's rows is located on the pieces.
func ParseSetupText[P any](parse func(string) (P, error), text string) (P, error) {
	p, err := parse(text)
	return p, InSetup(err)
}

// InSetup locates an error of a position's checks, which name the text's
// ranks and rows, in a setup given as squares (see ParseSetupText): a
// copy of the *Error, or err itself when it is none or nil.
func InSetup(err error) error {
	var e *hops.Error
	if err == nil || !errors.As(err, &e) {
		return err
	}
	c := *e
	if rank, square, ok := strings.Cut(c.Where, ", "); ok && strings.HasPrefix(rank, "rank ") {
		c.Where = square
	} else if c.Where == "rows" {
		c.Where = "pieces"
	}
	return &c
}

// AppendRows appends the canonical <rows> field (G11) of a position on
// board b to dst: piece returns the letter on a square (0 for an empty
// one) and whether it is followed by '!'. Runs of empty squares are
// merged into one digit.
func AppendRows(dst []byte, b *hops.Board, piece func(s hops.Square) (c byte, marked bool)) []byte {
	n := b.Size()
	for r := n - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < n; f++ {
			c, marked := piece(hops.SquareAt(f, r))
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, byte('0'+empty))
				empty = 0
			}
			dst = append(dst, c)
			if marked {
				dst = append(dst, '!')
			}
		}
		if empty > 0 {
			dst = append(dst, byte('0'+empty))
		}
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	return dst
}

// ErrorInText locates err in an input text (see hops.Error.InText).
// Errors that are not *hops.Error come back unchanged.
func ErrorInText(err error, label, text string) error {
	var e *hops.Error
	if !errors.As(err, &e) {
		return err
	}
	return e.InText(label, text)
}

// CheckSetup makes the checks every game's Setup.Position starts with:
// toMove is one of the two sides (else an error under textRule, the rule
// of the game's position text), every set of pieces lies on board b (G1),
// and no two sets share a square (else an error under materialRule, the
// game's rule of one piece a square). The errors are of kind hops.ErrPosition;
// the game goes on to check its material and placement.
func CheckSetup(b *hops.Board, toMove hops.Side, textRule, materialRule string, sets ...hops.Bitboard) error {
	if toMove > hops.Second {
		return hops.Errorf(hops.ErrPosition, textRule, "side", "side %d is neither the first nor the second", toMove)
	}
	var all hops.Bitboard
	for _, set := range sets {
		if off := set &^ b.All(); off != 0 {
			return hops.Errorf(hops.ErrPosition, "G1", "pieces", "pieces off the %dx%d board", b.Size(), b.Size())
		}
		if both := set & all; both != 0 {
			return hops.Errorf(hops.ErrPosition, materialRule, "pieces", "two pieces on %s", both.First())
		}
		all |= set
	}
	return nil
}

// CheckSide refuses a Side that is neither First nor Second, given to a
// function that returns an error (the side of a view, the side to move
// first): a mistake of the caller, which reading the lowest bit would
// hide. where names the argument; name gives the game's names of the
// sides.
func CheckSide(where string, s hops.Side, name func(hops.Side) string) error {
	if s > hops.Second {
		return hops.Errorf(hops.ErrSyntax, "", where, "%s is no side: want %s (First) or %s (Second)", s, name(hops.First), name(hops.Second))
	}
	return nil
}

// AppendMarshaled appends what marshal gives to b, or returns its error
// and b unchanged: the body of the games' AppendText methods, which are
// encoding.TextAppender.
func AppendMarshaled(b []byte, marshal func() ([]byte, error)) ([]byte, error) {
	text, err := marshal()
	if err != nil {
		return b, err
	}
	return append(b, text...), nil
}

// DecodeOver is hops.DecodeJSON for a struct whose keys may be left out
// to keep what dst holds (a player's Options over their defaults): it
// decodes over a copy of *dst and stores it only if all of it read, so
// that a refused value leaves dst as it was. T holds no slice or map,
// which the copy would share. JSON null leaves dst unchanged.
func DecodeOver[T any](data []byte, dst *T, what string) error {
	v := *dst
	if ok, err := hops.DecodeJSON(data, &v, what); !ok {
		return err
	}
	*dst = v
	return nil
}

// DecodeComplete is hops.DecodeJSON for a struct with no defaults, such
// as a game's Setup: it also refuses an object without the key of one of
// the fields (a missing "carrier" would read as a pawn on A1), and it
// stores the value in dst only if all of it read. JSON null leaves dst
// unchanged.
func DecodeComplete[T any](data []byte, dst *T, what string) error {
	var v T
	if ok, err := hops.DecodeJSON(data, &v, what); !ok {
		return err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		return hops.Errorf(hops.ErrSyntax, "", what, "%v", err)
	}
	t := reflect.TypeFor[T]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := keys[name]; !ok {
			return hops.Errorf(hops.ErrSyntax, "", what, "no key %s: every field is needed", hops.Quote(name))
		}
	}
	*dst = v
	return nil
}
