package hops

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxQuote is the most bytes of an input that one quote in an error
// message holds, counted as written between the quotes (escapes
// included): a longer input is shown as an excerpt followed by its full
// length (see Quote).
const MaxQuote = 64

// Quote returns text in double quotes for an error message, as %q writes
// it, but never longer than about MaxQuote bytes: a longer text is cut to
// its beginning, marked by "…" and followed by its full length, as in
// "D1-D2 D2-D3 D3-D4 D1-D2"… (90000 bytes). Every parser of the library
// quotes its input through Quote or QuoteAt, so that an error's message
// stays short whatever the length of the input.
func Quote(text string) string { return QuoteAt(text, 0) }

// QuoteAt is Quote for an input with a fault at byte offset at: when the
// text must be cut, the excerpt shows the neighbourhood of the fault,
// a little of what comes before it and more of what follows, each cut
// side marked "…", as in …"D7-D8 D8→D9"… (90000 bytes).
func QuoteAt(text string, at int) string {
	if len(text) <= MaxQuote {
		if q := strconv.Quote(text); len(q) <= MaxQuote+2 {
			return q
		}
	}
	at = max(0, min(at, len(text)))
	for at > 0 && at < len(text) && !utf8.RuneStart(text[at]) {
		at--
	}
	lo, hi, used := at, at, 0
	left := func(budget int) {
		for lo > 0 {
			_, size := utf8.DecodeLastRuneInString(text[:lo])
			c := quotedLen(text[lo-size : lo])
			if used+c > budget {
				return
			}
			lo -= size
			used += c
		}
	}
	left(MaxQuote / 4) // some context before the fault
	for hi < len(text) {
		_, size := utf8.DecodeRuneInString(text[hi:])
		c := quotedLen(text[hi : hi+size])
		if used+c > MaxQuote {
			break
		}
		hi += size
		used += c
	}
	left(MaxQuote) // the rest of the room, when the fault is near the end
	b := make([]byte, 0, MaxQuote+32)
	if lo > 0 {
		b = append(b, "…"...)
	}
	b = strconv.AppendQuote(b, text[lo:hi])
	if hi < len(text) {
		b = append(b, "…"...)
	}
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(len(text)), 10)
	b = append(b, " bytes)"...)
	return string(b)
}

// clip returns a name the input gave, such as a record's tag name, for
// an error message that writes it without quotes: a name longer than
// MaxQuote bytes is cut like a Quote.
func clip(name string) string {
	if len(name) <= MaxQuote {
		return name
	}
	q := Quote(name)
	return q[1:strings.LastIndexByte(q, '"')] + q[strings.LastIndexByte(q, '"')+1:]
}

// quotedLen returns the length of one character's text inside %q's
// quotes.
func quotedLen(s string) int { return len(strconv.Quote(s)) - 2 }

// InText returns a copy of e located in an input text, as In does with
// the context label followed by the quoted text, such as move "D1-D2 …":
// the text is quoted by QuoteAt, around the fault when e knows where in
// text it lies (the column NormalizeMoveText reports).
func (e *Error) InText(label, text string) *Error {
	at := 0
	if e.at > 0 {
		at = e.at - 1
	}
	c := e.In(label + " " + QuoteAt(text, at))
	c.at = 0 // the offset was in text, not in what encloses it
	return c
}
