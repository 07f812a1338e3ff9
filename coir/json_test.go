package coir

import (
	"encoding/json"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestJSONRoundTrip: positions (C8), moves (C7) and outcomes come back
// unchanged through encoding/json, in random games and scattered
// positions.
func TestJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		gametest.CheckJSON(t, Game, genAny(t))
	})
}

// TestJSONOutcome: when every pawn shows White's colour, White has won
// (C3); the outcome names White.
func TestJSONOutcome(t *testing.T) {
	p, err := Parse("6/6/6/6/wwwwww/wwwwww b")
	if err != nil {
		t.Fatal(err)
	}
	o := p.Outcome()
	data, err := json.Marshal(o)
	const want = `{"over":true,"winner":"White","side":"first","rule":"C3","reason":"all twelve pawns show White's colour"}`
	if err != nil || string(data) != want {
		t.Errorf("outcome JSON %s, %v; want %s", data, err, want)
	}
	var back hops.Outcome
	if err := json.Unmarshal(data, &back); err != nil || back != o {
		t.Errorf("outcome comes back as %+v, %v; want %+v", back, err, o)
	}
	if s := o.String(); s != "White wins: all twelve pawns show White's colour (C3)" {
		t.Errorf("outcome %q", s)
	}
	gametest.CheckJSON(t, Game, p)
}

// TestG12_MoveJSONTolerant: a move in JSON may be written as people type
// it; it reads as the move and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	var m Move
	if err := json.Unmarshal([]byte(`"\tc1\u2013e3\u2013e5\u2013c5\u2013a3   a3\u2014a4"`), &m); err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(m); err != nil || string(data) != `"C1-E3-E5-C5-A3 A3-A4"` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
}
