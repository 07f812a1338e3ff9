package catchit

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (K10).
func TestG12_TolerantInput(t *testing.T) {
	suite.CheckTolerantInput(t, []gametest.TolerantCase{
		{In: "  d1–d2   c1 ‐ c2 ", Form: "spaces around dashes", Want: "D1-D2 C1-C2"},
		{In: "E2 × C2 - C4 - A6", Form: "spaces around every hop", Want: "E2xC2-C4-A6"},
		{In: " D1-D2 C1-C2 ", Form: "surrounding spaces", Want: "D1-D2 C1-C2"},
		{In: "D1-D2   C1-C2", Form: "run of spaces between displacements", Want: "D1-D2 C1-C2"},
		{In: "D1-D2\t\tC1-C2", Form: "tabs between displacements", Want: "D1-D2 C1-C2"},
		{In: "d1‐d2 c1‑c2", Form: "hyphens U+2010 and U+2011", Want: "D1-D2 C1-C2"},
		{In: "E2xC2–C4—A6", Form: "en and em dashes", Want: "E2xC2-C4-A6"},
		{In: "E2×C2-C4-A6", Form: "'×' for x", Want: "E2xC2-C4-A6"},
		{In: "D6XD4−B2−Out", Form: "minus signs, X and Out", Want: "D6xD4-B2-out"},
	})
}

// TestG12_BadCharacters: a character no move text holds is named as
// itself with its column, not as one of its bytes; other faults cite the
// game's rule.
func TestG12_BadCharacters(t *testing.T) {
	suite.CheckBadText(t, []gametest.BadTextCase{
		{In: "D1–D2 C1→C2", Rule: "G12", Msg: "unexpected character '→' at column 9"},
		{In: "D1-D2;C1-C2", Rule: "G12", Msg: "unexpected character ';' at column 6"},
		{In: "D1-D2 C1-C2 E1-E2", Rule: "K10", Msg: "3 displacements"},
	})
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	suite.BenchParseMove(b, "E2xC2-C4-A6 G7-G6")
}
