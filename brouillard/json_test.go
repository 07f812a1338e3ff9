package brouillard

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestJSONRoundTrip: true positions (B11), decisions (B10), outcomes and
// both players' views (B12) come back unchanged through encoding/json, in
// random games.
func TestJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		gametest.CheckJSON(t, Game, p)
		for _, s := range []hops.Side{White, Red} {
			v := p.View(s)
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("%s: json.Marshal: %v", v, err)
			}
			var w View
			if err := json.Unmarshal(data, &w); err != nil || w != v {
				t.Fatalf("view %s of %s comes back from %s as %s, %v", v, SideName(s), data, w, err)
			}
		}
	})
}

// TestViewJSON: a view encodes as its viewer's name and its text (B12).
func TestViewJSON(t *testing.T) {
	v := Start().View(Red)
	data, err := json.Marshal(v)
	const want = `{"viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`
	if err != nil || string(data) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", data, err, want)
	}
	var w View
	if err := json.Unmarshal([]byte(`{"viewer":"red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`), &w); err != nil || w != v {
		t.Errorf("json.Unmarshal = %s, %v", w, err)
	}
	// The generic form (games.View) names the game too.
	w = View{}
	if err := json.Unmarshal([]byte(`{"game":"brouillard","viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`), &w); err != nil || w != v {
		t.Errorf("json.Unmarshal with the game = %s, %v", w, err)
	}
	// A view keeps its value when JSON says null, as encoding/json does.
	if err := json.Unmarshal([]byte(`null`), &w); err != nil || w != v {
		t.Errorf("null: %s, %v", w, err)
	}
	for _, bad := range []string{
		`{"viewer":"White","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`, // White's own pawns are hidden (B4)
		`{"viewer":"Blue","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`,
		`{"text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`,
		`{"viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -","extra":1}`,
		`{"viewer":"Red"}`,
		`"Red"`,
		`{"game":"coir","viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`,
		`{"game":"","viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`,
	} {
		w := v
		err := json.Unmarshal([]byte(bad), &w)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) && !errors.Is(err, hops.ErrPosition) || w != v {
			t.Errorf("json.Unmarshal(%s) = %v, view %s; want an *hops.Error and the view unchanged", bad, err, w)
		}
	}
}

// TestJSONOutcome: a game won by capturing the King (B5) names the winner.
func TestJSONOutcome(t *testing.T) {
	p, err := Parse("7/x5x!/2F4/2J!4/3K!3/2X!1Q!fX!/5T1 r 5 1 -")
	if err != nil {
		t.Fatal(err)
	}
	o := p.Outcome()
	suite.CheckOutcomeJSON(t, p,
		`{"over":true,"winner":"White","side":"first","rule":"B5","reason":"White captured the Red King"}`,
		"White wins: White captured the Red King (B5)")
	for _, s := range []hops.Side{White, Red} {
		if vo := p.View(s).Outcome(); vo != o {
			t.Errorf("%s's view: outcome %+v, want %+v", SideName(s), vo, o)
		}
	}
}

// TestG12_MoveJSONTolerant: a decision in JSON may be written as people
// type it; it reads as the decision and writes back canonical.
func TestG12_MoveJSONTolerant(t *testing.T) {
	suite.CheckMoveJSON(t, `"d3\u2013e2\t\te3\u2014e5\u00d7c5"`, `"D3-E2 E3-E5xC5"`)
}

// TestKindJSON: a kind travels as its name (B2), as a person reads it,
// and reads back in any case.
func TestKindJSON(t *testing.T) {
	data, err := json.Marshal([]Kind{Queen, Blank, Hidden, 0})
	if err != nil || string(data) != `["Queen","Blank","hidden pawn","no pawn"]` {
		t.Fatalf("%s %v", data, err)
	}
	var back []Kind
	if err := json.Unmarshal([]byte(`["queen","KING"]`), &back); err != nil || len(back) != 2 || back[0] != Queen || back[1] != King {
		t.Errorf("%v %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["Ace"]`), &back); hops.RuleOf(err) != "B2" {
		t.Errorf("Ace: %v", err)
	}
	if _, err := json.Marshal(Kind(9)); err == nil {
		t.Error("Kind(9) encoded")
	}
}
