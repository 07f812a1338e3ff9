package brouillard

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (B10).
func TestG12_TolerantInput(t *testing.T) {
	suite.CheckTolerantInput(t, []gametest.TolerantCase{
		{In: "d3 ‐ e2  e3 – e5 × c5", Form: "spaces around dashes and ×", Want: "D3-E2 E3-E5xC5"},
		{In: " D3-E2 E3-E5xC5 ", Form: "surrounding spaces", Want: "D3-E2 E3-E5xC5"},
		{In: "D3-E2\t E3-E5xC5", Form: "tab and space between parts", Want: "D3-E2 E3-E5xC5"},
		{In: "d3–e2 e3—e5×c5", Form: "dashes and '×', lower case", Want: "D3-E2 E3-E5xC5"},
		{In: "D2−B2‐B4‑B6", Form: "minus and hyphens", Want: "D2-B2-B4-B6"},
		{In: "E3-E5XC5", Form: "upper-case X", Want: "E3-E5xC5"},
	})
}

// TestG12_BadCharacters: a character no move text holds is named as
// itself with its column, not as one of its bytes; other faults cite the
// game's rule.
func TestG12_BadCharacters(t *testing.T) {
	suite.CheckBadText(t, []gametest.BadTextCase{
		{In: "D3→E2", Rule: "G12", Msg: "unexpected character '→' at column 3"},
		{In: "D3-E2 E3-E5+", Rule: "G12", Msg: "unexpected character '+' at column 12"},
		{In: "D3-E2 E3-E5 C5-C7", Rule: "B10", Msg: "3 parts"},
	})
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	suite.BenchParseMove(b, "D3-E2 E3-E5xC5")
}
