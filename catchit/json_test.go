package catchit

import (
	"encoding/json"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestJSONRoundTrip: positions (K11), turns (K10) and outcomes come back
// unchanged through encoding/json, in random games.
func TestJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gametest.CheckJSON(t, Game, randomPosition(t))
	})
}

// TestJSONOutcome: a position without a carrier is a game Blue won by
// carrying the ball off the board (K3, K11); its outcome names Blue.
func TestJSONOutcome(t *testing.T) {
	p, err := Parse("rrrrrrr/7/7/7/7/7/bbb1bbb r")
	if err != nil {
		t.Fatal(err)
	}
	o := p.Outcome()
	data, err := json.Marshal(o)
	const want = `{"over":true,"winner":"Blue","side":"first","rule":"K3","reason":"Blue carried the ball beyond rank 7"}`
	if err != nil || string(data) != want {
		t.Errorf("outcome JSON %s, %v; want %s", data, err, want)
	}
	var back hops.Outcome
	if err := json.Unmarshal(data, &back); err != nil || back != o {
		t.Errorf("outcome comes back as %+v, %v; want %+v", back, err, o)
	}
	if s := o.String(); s != "Blue wins: Blue carried the ball beyond rank 7 (K3)" {
		t.Errorf("outcome %q", s)
	}
	gametest.CheckJSON(t, Game, p)
}

// TestG12_MoveJSONTolerant: a turn in JSON may be written as people type
// it; it reads as the turn and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	var m Move
	if err := json.Unmarshal([]byte(`"d6\u00d7d4\u2014b2\u2212OUT "`), &m); err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(m); err != nil || string(data) != `"D6xD4-B2-out"` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
	var turns []Move
	if err := json.Unmarshal([]byte(`["D1-D2  C1-C2", "d1\u2010d2\tc1-c2"]`), &turns); err != nil || len(turns) != 2 || turns[0] != turns[1] || turns[0].String() != "D1-D2 C1-C2" {
		t.Errorf("turns %v, %v", turns, err)
	}
}
