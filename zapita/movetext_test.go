package zapita

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (Z7).
func TestG12_TolerantInput(t *testing.T) {
	suite.CheckTolerantInput(t, []gametest.TolerantCase{
		{In: "d2 – b2 * d4 *g4", Form: "spaces around dashes and throws", Want: "D2-B2*D4*G4"},
		{In: " D2-B2*D4*G4 ", Form: "surrounding spaces", Want: "D2-B2*D4*G4"},
		{In: "\tD2-B2*D4*G4\n", Form: "tab and newline around", Want: "D2-B2*D4*G4"},
		{In: "d2-b2*d4*g4", Form: "lower case", Want: "D2-B2*D4*G4"},
		{In: "D2‐B2*D4", Form: "hyphen U+2010", Want: "D2-B2*D4"},
		{In: "F2–D2–B4", Form: "en dash", Want: "F2-D2-B4"},
		{In: "F2—D2", Form: "em dash", Want: "F2-D2"},
		{In: "F2−D2", Form: "minus sign", Want: "F2-D2"},
		{In: "D2-B2 * D4\t*\tG4", Form: "white space around the throw marks", Want: "D2-B2*D4*G4"},
	})
}

// TestG12_BadCharacters: a character no move text holds is named as
// itself with its column, not as one of its bytes; other faults cite the
// game's rule.
func TestG12_BadCharacters(t *testing.T) {
	suite.CheckBadText(t, []gametest.BadTextCase{
		{In: "D2 B2*D4", Rule: "Z7", Msg: "no space inside a path"},
		{In: "D2-B2*D4 G4", Rule: "Z7", Msg: "no space inside a path"},
		{In: "D2→B2", Rule: "G12", Msg: "unexpected character '→' at column 3"},
		{In: "D2-B2∗D4", Rule: "G12", Msg: "unexpected character '∗' at column 6"},
		{In: "D2×B2", Rule: "Z7", Msg: "'x' takes nothing"},
		{In: "D2-B2*D4xD5", Rule: "Z7", Msg: "a throw names one square"},
		{In: "D2-B2*D4XD5", Rule: "Z7", Msg: "a throw names one square"}, // either case, as the path's 'X'
		{In: "D2-B2*D4×D5", Rule: "Z7", Msg: "a throw names one square"},
		{In: "", Rule: "Z7", Msg: "empty move"}, // as the other games say it
		{In: " \t ", Rule: "Z7", Msg: "empty move"},
	})
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	suite.BenchParseMove(b, "D2-B2*D4*G4")
}
