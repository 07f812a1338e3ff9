package games_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// Every game's State encodes as its game and position text and reads
// back through the registry, equal to the original.
func TestStateJSON(t *testing.T) {
	for _, g := range games.All() {
		s := g.Start(hops.Second)
		if m := s.Moves(); len(m) > 0 {
			var err error
			if s, err = s.Play(m[len(m)-1]); err != nil {
				t.Fatal(err)
			}
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		want := `{"game":"` + g.Name + `","position":"` + s.String() + `"}`
		if string(data) != want {
			t.Errorf("%s: json.Marshal = %s, want %s", g.Name, data, want)
		}
		var back games.State
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if back.Game() != g || back.String() != s.String() || back.Hash() != s.Hash() {
			t.Errorf("%s: %s reads back as %v of %v", g.Name, data, back.State, back.Game())
		}
		again, err := json.Marshal(back)
		if err != nil || string(again) != string(data) {
			t.Errorf("%s: a decoded State encodes as %s, %v", g.Name, again, err)
		}
	}
	var zero games.State
	if data, err := json.Marshal(zero); err != nil || string(data) != "null" {
		t.Errorf("the zero State encodes as %s, %v", data, err)
	}
	for _, c := range []struct {
		json string
		kind error
		rule string
	}{
		{`{"game":"chess","position":"8/8 w"}`, hops.ErrSyntax, ""},
		{`{"game":"catchit","position":"rrrrrrr/7/7/7/7/7/bbbbbbb b"}`, hops.ErrPosition, "K9"},
		{`{"game":"coir","position":"bbbbbb/6/6/6/6/wwwwww w","moves":[]}`, hops.ErrSyntax, ""},
		{`"coir"`, hops.ErrSyntax, ""},
	} {
		back := games.State{State: games.All()[0].Start(hops.First)}
		err := json.Unmarshal([]byte(c.json), &back)
		if !errors.Is(err, c.kind) || hops.RuleOf(err) != c.rule || back.Game().Name != "zapita" {
			t.Errorf("json.Unmarshal(%s) = %v (rule %q); want %v (rule %q) and the state unchanged", c.json, err, hops.RuleOf(err), c.kind, c.rule)
		}
	}
}
