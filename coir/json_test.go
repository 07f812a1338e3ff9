package coir

import (
	"testing"
)

// TestJSONRoundTrip: positions (C8), moves (C7) and outcomes come back
// unchanged through encoding/json, in random games and scattered
// positions.
func TestJSONRoundTrip(t *testing.T) {
	suite.CheckJSONRandom(t)
}

// TestJSONOutcome: when every pawn shows White's colour, White has won
// (C3); the outcome names White.
func TestJSONOutcome(t *testing.T) {
	suite.CheckOutcomeJSON(t, suite.MustParse(t, "6/6/6/6/wwwwww/wwwwww b"),
		`{"over":true,"winner":"White","side":"first","rule":"C3","reason":"all twelve pawns show White's colour"}`,
		"White wins: all twelve pawns show White's colour (C3)")
}

// TestG12_MoveJSONTolerant: a move in JSON may be written as people type
// it; it reads as the move and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	suite.CheckMoveJSON(t, `"\tc1\u2013e3\u2013e5\u2013c5\u2013a3   a3\u2014a4"`, `"C1-E3-E5-C5-A3 A3-A4"`)
}
