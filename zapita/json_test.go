package zapita

import (
	"encoding/json"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestJSONRoundTrip: positions (Z8), moves (Z7) and outcomes come back
// unchanged through encoding/json, in random games.
func TestJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		gametest.CheckJSON(t, Game, p)
	})
}

// TestJSONOutcome: the sheet's Fig. 8 ends the game (Z3); its outcome
// names Khaki as the winner and reads back.
func TestJSONOutcome(t *testing.T) {
	p := mustParseT(t, "c5C/a5B/6A/3c3/7/a*Ab2B/b5C k")
	m, err := ParseMove("d2-b2*d4*g4")
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(q.Outcome())
	const want = `{"over":true,"winner":"Khaki","side":"second","rule":"Z3","reason":"the bomb reached White's headquarters"}`
	if err != nil || string(data) != want {
		t.Errorf("outcome JSON %s, %v; want %s", data, err, want)
	}
	if s := q.Outcome().String(); s != "Khaki wins: the bomb reached White's headquarters (Z3)" {
		t.Errorf("outcome %q", s)
	}
	gametest.CheckJSON(t, Game, q)
}

// TestG12_MoveJSONTolerant: a move in JSON may be written as people type
// it; it reads as the move and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	var m Move
	if err := json.Unmarshal([]byte(`" d2\u2013b2*d4*g4\t"`), &m); err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(m); err != nil || string(data) != `"D2-B2*D4*G4"` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
}

func mustParseT(t *testing.T, text string) Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return p
}
