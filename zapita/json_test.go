package zapita

import (
	"testing"
)

// TestJSONRoundTrip: positions (Z8), moves (Z7) and outcomes come back
// unchanged through encoding/json, in random games.
func TestJSONRoundTrip(t *testing.T) {
	suite.CheckJSONRandom(t)
}

// TestJSONOutcome: the sheet's Fig. 8 ends the game (Z3); its outcome
// names Khaki as the winner and reads back.
func TestJSONOutcome(t *testing.T) {
	p := suite.MustParse(t, "c5C/a5B/6A/3c3/7/a*Ab2B/b5C k")
	m, err := ParseMove("d2-b2*d4*g4")
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	suite.CheckOutcomeJSON(t, q,
		`{"over":true,"winner":"Khaki","side":"second","rule":"Z3","reason":"the bomb reached White's headquarters"}`,
		"Khaki wins: the bomb reached White's headquarters (Z3)")
}

// TestG12_MoveJSONTolerant: a move in JSON may be written as people type
// it; it reads as the move and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	suite.CheckMoveJSON(t, `" d2\u2013b2*d4*g4\t"`, `"D2-B2*D4*G4"`)
}
