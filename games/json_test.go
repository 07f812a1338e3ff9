package games_test

import (
	"encoding/json"
	"errors"
	"fmt"
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

// TestStateJSONShape: JSON of the wrong shape is said in JSON's words,
// naming the key, not the Go types behind it; the zero State, which
// JSON null gives, prints as the empty text.
func TestStateJSONShape(t *testing.T) {
	for in, want := range map[string]string{
		`{"game":1,"position":""}`: `state: key "game": a JSON number where a string is wanted`,
		`[]`:                       `state: a JSON array where an object is wanted`,
		`"catchit"`:                `state: a JSON string where an object is wanted`,
	} {
		var s games.State
		err := json.Unmarshal([]byte(in), &s)
		if !errors.Is(err, hops.ErrSyntax) || err.Error() != want {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	var rec hops.Record
	if err := json.Unmarshal([]byte(`{"game":"catchit","moves":{}}`), &rec); err == nil || err.Error() != `record: key "moves": a JSON object where an array is wanted` {
		t.Errorf("a record's moves as an object: %v", err)
	}
	var s games.State
	if err := json.Unmarshal([]byte("null"), &s); err != nil || fmt.Sprint(s) != "" || fmt.Sprintf("%v", s) != "" {
		t.Errorf("the zero State prints %q (%v)", fmt.Sprint(s), err)
	}
}

// TestDivisionJSONComplete: a Division read from JSON needs both keys; a
// refused one leaves the Division as it was.
func TestDivisionJSONComplete(t *testing.T) {
	d := games.Division{Move: "A1-A2", Nodes: 7}
	for _, bad := range []string{`{"nodes":1}`, `{"move":"B1-B2"}`, `{"move":"B1-B2","nodes":"x"}`} {
		got := d
		if err := json.Unmarshal([]byte(bad), &got); err == nil || got != d {
			t.Errorf("%s: %v, %+v; want an error and the Division unchanged", bad, err, got)
		}
	}
	var back games.Division
	if err := json.Unmarshal([]byte(`{"move":"B1-B2","nodes":3}`), &back); err != nil || back != (games.Division{Move: "B1-B2", Nodes: 3}) {
		t.Errorf("a whole Division: %+v, %v", back, err)
	}
}
