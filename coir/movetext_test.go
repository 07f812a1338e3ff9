package coir

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (C7).
func TestG12_TolerantInput(t *testing.T) {
	suite.CheckTolerantInput(t, []gametest.TolerantCase{
		{In: "c1 – e3 - e5-c5 ‐ a3   a3 — a4", Form: "spaces around dashes", Want: "C1-E3-E5-C5-A3 A3-A4"},
		{In: " C1-E3-E5-C5-A3 A3-A4 ", Form: "surrounding spaces", Want: "C1-E3-E5-C5-A3 A3-A4"},
		{In: "C1-E3-E5-C5-A3 \t A3-A4", Form: "spaces and a tab between parts", Want: "C1-E3-E5-C5-A3 A3-A4"},
		{In: "c1–e3–e5–c5–a3 a3–a4", Form: "en dashes, lower case", Want: "C1-E3-E5-C5-A3 A3-A4"},
		{In: "A1—D4", Form: "em dash", Want: "A1-D4"},
		{In: "A3−A4", Form: "minus sign", Want: "A3-A4"},
		{In: "A3‐A4", Form: "hyphen U+2010", Want: "A3-A4"},
	})
}

// TestG12_BadCharacters: a character no move text holds is named as
// itself with its column, not as one of its bytes; other faults cite the
// game's rule.
func TestG12_BadCharacters(t *testing.T) {
	suite.CheckBadText(t, []gametest.BadTextCase{
		{In: "A3→A4", Rule: "G12", Msg: "unexpected character '→' at column 3"},
		{In: "A1×C3 C3-C4", Rule: "C7", Msg: "'-' only"},
		{In: "A1-A2 A2-A3 A3-A4", Rule: "C7", Msg: "more than two parts"},
	})
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	suite.BenchParseMove(b, "C1-E3-E5-C5-A3 A3-A4")
}
