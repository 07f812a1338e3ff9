package catchit

import (
	"encoding/json"
	"testing"
)

// TestJSONRoundTrip: positions (K11), turns (K10) and outcomes come back
// unchanged through encoding/json, in random games.
func TestJSONRoundTrip(t *testing.T) {
	suite.CheckJSONRandom(t)
}

// TestJSONOutcome: a position without a carrier is a game Blue won by
// carrying the ball off the board (K3, K11); its outcome names Blue.
func TestJSONOutcome(t *testing.T) {
	suite.CheckOutcomeJSON(t, suite.MustParse(t, "rrrrrrr/7/7/7/7/7/bbb1bbb r"),
		`{"over":true,"winner":"Blue","side":"first","rule":"K3","reason":"Blue carried the ball beyond rank 7"}`,
		"Blue wins: Blue carried the ball beyond rank 7 (K3)")
}

// TestG12_MoveJSONTolerant: a turn in JSON may be written as people type
// it; it reads as the turn and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	suite.CheckMoveJSON(t, `"d6\u00d7d4\u2014b2\u2212OUT "`, `"D6xD4-B2-out"`)
	var turns []Move
	if err := json.Unmarshal([]byte(`["D1-D2  C1-C2", "d1\u2010d2\tc1-c2"]`), &turns); err != nil || len(turns) != 2 || turns[0] != turns[1] || turns[0].String() != "D1-D2 C1-C2" {
		t.Errorf("turns %v, %v", turns, err)
	}
}
