package games_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// FuzzParseView (B12): the registry's ParseView answers as
// brouillard.ParseView, word for word, and what it reads comes back from
// its text and its JSON; every move of the view is validated, and played
// with the reveal "-" or refused as the typed view does.
func FuzzParseView(f *testing.F) {
	f.Add("1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", false, "D2-C3", "-")
	f.Add("1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -", true, "D3-E2 E3-E5xC5", "D5 Ten")
	f.Fuzz(func(t *testing.T, text string, red bool, move, reveal string) {
		viewer := hops.Side(0)
		if red {
			viewer = 1
		}
		typed, terr := brouillard.ParseView(text, viewer)
		v, err := games.ParseView("brouillard", text, viewer)
		if !sameError(err, terr) {
			t.Fatalf("ParseView(%q): %v; typed %v", text, err, terr)
		}
		if err != nil {
			return
		}
		if v.String() != typed.String() || v.Hash() != typed.Hash() {
			t.Fatalf("ParseView(%q) = %q; typed %q", text, v.String(), typed)
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var back games.View
		if err := json.Unmarshal(data, &back); err != nil || back.String() != v.String() || back.Viewer() != viewer {
			t.Fatalf("%s reads back as %q, %v", data, back.String(), err)
		}
		// Any move and reveal: the generic view agrees with the typed one.
		m, merr := brouillard.ParseMove(move)
		r, rerr := brouillard.ParseReveal(reveal)
		w, err := v.Play(move, reveal)
		switch {
		case merr != nil:
			if !sameError(err, merr) {
				t.Fatalf("Play(%q): %v; ParseMove %v", move, err, merr)
			}
		case reveal != "" && rerr != nil:
			if !sameError(err, rerr) {
				t.Fatalf("Play(%q, %q): %v; ParseReveal %v", move, reveal, err, rerr)
			}
		default:
			tw, terr := typed.Play(m, r)
			if !sameError(err, terr) || err == nil && w.String() != tw.String() {
				t.Fatalf("Play(%q, %q) = %q, %v; typed %q, %v", move, reveal, w.String(), err, tw, terr)
			}
		}
	})
}

// FuzzParseSide: every game's ParseSide reads any text without panicking;
// a side it reads is First or Second and is what the text names (the
// side's name or its initial in any case, or "first" or "second", white
// space around); a text it refuses gets an *hops.Error of kind ErrSyntax
// whose message stays short whatever the text's length.
func FuzzParseSide(f *testing.F) {
	for _, s := range []string{"White", "red", " Blue ", "k", "first", "SECOND", "Khaki", "", "w r", "Whitex", "\xffW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games.All() {
			side, err := g.ParseSide(text)
			if err != nil {
				var e *hops.Error
				if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) {
					t.Fatalf("%s: ParseSide(%q): error %#v, want an *hops.Error of kind ErrSyntax", g.Name, text, err)
				}
				if len(err.Error()) > 300 {
					t.Fatalf("%s: ParseSide of %d bytes: an error of %d bytes", g.Name, len(text), len(err.Error()))
				}
				continue
			}
			if side != hops.First && side != hops.Second {
				t.Fatalf("%s: ParseSide(%q) = %v", g.Name, text, side)
			}
			word := strings.TrimSpace(text)
			name := g.SideName(side)
			named := strings.EqualFold(word, name) || len(word) == 1 && strings.EqualFold(word, name[:1]) ||
				strings.EqualFold(word, []string{"first", "second"}[side])
			if !named {
				t.Fatalf("%s: ParseSide(%q) = %s, which the text does not name", g.Name, text, name)
			}
			if back, err := g.ParseSide(name); err != nil || back != side {
				t.Fatalf("%s: ParseSide(%q) = %v, %v; want %v", g.Name, name, back, err, side)
			}
		}
	})
}

// FuzzJSON: the JSON readers of State, View and brouillard.View never
// panic; what they accept encodes again and reads back as the same
// value; and a View's JSON reads as the same view through
// brouillard.View, as the two forms promise.
func FuzzJSON(f *testing.F) {
	f.Add([]byte(`{"game":"catchit","position":"rrrrrrr/7/7/7/7/7/bbbBbbb b"}`))
	f.Add([]byte(`{"game":"brouillard","viewer":"Red","text":"1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"}`))
	f.Add([]byte(`{"viewer":"w","text":"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"}`))
	f.Add([]byte(`{"game":"coir","viewer":"White","text":"bbbbbb/6/6/6/6/wwwwww w"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s games.State
		if json.Unmarshal(data, &s) == nil && !s.IsZero() {
			again, err := json.Marshal(s)
			var back games.State
			if err != nil || json.Unmarshal(again, &back) != nil || back.Game() != s.Game() || back.String() != s.String() {
				t.Fatalf("state %s gives %s (%v), which reads back as %v", data, again, err, back)
			}
		}
		var typed brouillard.View
		if json.Unmarshal(data, &typed) == nil && typed != (brouillard.View{}) {
			again, err := json.Marshal(typed)
			var back brouillard.View
			if err != nil || json.Unmarshal(again, &back) != nil || back != typed {
				t.Fatalf("brouillard.View %s gives %s (%v), which reads back as %v", data, again, err, back)
			}
		}
		var v games.View
		if json.Unmarshal(data, &v) == nil && v.Game() != nil {
			again, err := json.Marshal(v)
			var back games.View
			if err != nil || json.Unmarshal(again, &back) != nil || back.String() != v.String() || back.Viewer() != v.Viewer() || back.Game() != v.Game() {
				t.Fatalf("View %s gives %s (%v), which reads back as %q", data, again, err, back)
			}
			var tv brouillard.View
			if err := json.Unmarshal(again, &tv); err != nil || tv.String() != v.String() || tv.Viewer() != v.Viewer() {
				t.Fatalf("View %s read as a brouillard.View: %v, %v", again, tv, err)
			}
		}
	})
}
