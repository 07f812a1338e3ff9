package coir

import (
	"strings"
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

// TestG12_QuotedOnce: an error in a part of a move quotes the part once,
// in the path's own error, under the part's name (C7): "move" for the
// jumps or step alone, "step" for the step after jumps.
func TestG12_QuotedOnce(t *testing.T) {
	for in, want := range map[string]string{
		"Z9":      `move: path "Z9": square "Z9" is off the 6x6 board (A1..F6) (G1)`,
		"A1-C3 x": `step: path "x": square "x": want a file letter and a rank digit (G1)`,
	} {
		if _, err := ParseMove(in); err == nil || err.Error() != want {
			t.Errorf("ParseMove(%q) error %v, want %s", in, err, want)
		}
	}
	long := strings.Repeat("A1-", 1000) + "A1"
	_, err := ParseMove(long)
	if err == nil || strings.Count(err.Error(), "(3002 bytes)") != 1 {
		t.Errorf("ParseMove(3002 bytes) error %v, want the text quoted once", err)
	}
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	suite.BenchParseMove(b, "C1-E3-E5-C5-A3 A3-A4")
}
