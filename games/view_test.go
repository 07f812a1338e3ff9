package games_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
	"pgregory.net/rapid"
)

// sameError reports whether two errors say the same: same kind, rule and
// message (B12: the generic path answers as the typed one).
func sameError(a, b error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var ea, eb *hops.Error
	return errors.As(a, &ea) && errors.As(b, &eb) && ea.Kind == eb.Kind && ea.Rule == eb.Rule && ea.Error() == eb.Error()
}

// TestParseViewFollowsTheGame (B12, B8): a game dealt and played at
// random is followed by both players' generic views, each read back from
// its text and its JSON through the registry, played with the move and
// its reveal, and always equal to the typed views.
func TestParseViewFollowsTheGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := games.ByName("brouillard")
		seed := rapid.Uint64().Draw(t, "seed")
		r := rand.New(rand.NewPCG(seed, 1))
		s, err := games.Deal(g, hops.Side(r.IntN(2)), r)
		if err != nil {
			t.Fatal(err)
		}
		var views [2]games.View
		for side := range views {
			if views[side], err = games.ViewOf(s, hops.Side(side)); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < 30 && !s.Outcome().Over; ply++ {
			p, _ := games.Value[brouillard.Position](s)
			for side, v := range views {
				typed := p.View(hops.Side(side))
				if v.String() != typed.String() || v.Hash() != typed.Hash() || v.ToMove() != typed.ToMove() ||
					v.Outcome() != typed.Outcome() || v.Viewer() != hops.Side(side) || v.Game() != g {
					t.Fatalf("ply %d: side %d's view %q (hash %x), the typed one %q (hash %x)", ply, side, v.String(), v.Hash(), typed, typed.Hash())
				}
				back, err := games.ParseView("brouillard", v.String(), hops.Side(side))
				if err != nil || back.String() != v.String() || back.Hash() != v.Hash() || !slices.Equal(back.Moves(), v.Moves()) {
					t.Fatalf("ply %d: ParseView(%q) = %q, %v", ply, v.String(), back.String(), err)
				}
				data, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				var fromJSON games.View
				if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON.String() != v.String() || fromJSON.Viewer() != v.Viewer() {
					t.Fatalf("ply %d: %s reads back as %q of %v, %v", ply, data, fromJSON.String(), fromJSON.Viewer(), err)
				}
			}
			moves := s.Moves()
			move := moves[r.IntN(len(moves))]
			m, _ := brouillard.ParseMove(move)
			// Built from its clicks in the view, the move comes back.
			built, err := views[s.ToMove()].Build(m.Clicks())
			if err != nil || !built.Complete || built.Move != move {
				t.Fatalf("ply %d: Build(clicks of %s) = %+v, %v", ply, move, built, err)
			}
			next, reveal, err := games.PlayReveal(s, move)
			if err != nil {
				t.Fatal(err)
			}
			tp, tr, _ := p.PlayReveal(m)
			if next.String() != tp.String() || (reveal == "") != !tr.Turned || tr.Turned && reveal != tr.String() {
				t.Fatalf("ply %d: PlayReveal(%s) = %s, %q; typed %s, %s", ply, move, next, reveal, tp, tr)
			}
			for side := range views {
				typed, terr := p.View(hops.Side(side)).Play(m, tr)
				w, err := views[side].Play(move, reveal)
				if !sameError(err, terr) || err == nil && (w.String() != typed.String() || w.Hash() != typed.Hash()) {
					t.Fatalf("ply %d: side %d plays %s = %s: %q, %v; typed %q, %v", ply, side, move, reveal, w.String(), err, typed, terr)
				}
				// A false reveal is refused as the typed view refuses it.
				bad := brouillard.Reveal{Turned: true, Square: hops.SquareAt(3, 3), Kind: brouillard.King}
				_, terr = p.View(hops.Side(side)).Play(m, bad)
				if _, err := views[side].Play(move, bad.String()); !sameError(err, terr) || err == nil {
					t.Fatalf("ply %d: false reveal %s: %v, typed %v", ply, bad, err, terr)
				}
				views[side] = w
			}
			s = next
		}
	})
}

// The generic ParseView gives the typed one's errors, word for word.
func TestParseViewErrorsB12(t *testing.T) {
	start := brouillard.Start().View(hops.First).String()
	texts := []string{
		"", "x", start + " ", start[:len(start)-1] + "+",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", // a true position: Red's faces shown
		"1p1p1p1/p1pfp1p/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -", // White hides his own pawns (B4)
		"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 9 0 -",
	}
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.SampledFrom(texts).Draw(t, "text")
		if rapid.Bool().Draw(t, "mutate") && len(text) > 0 {
			i := rapid.IntRange(0, len(text)-1).Draw(t, "at")
			text = text[:i] + rapid.StringN(0, 3, 3).Draw(t, "insert") + text[i+1:]
		}
		viewer := hops.Side(rapid.IntRange(0, 1).Draw(t, "viewer"))
		typed, terr := brouillard.ParseView(text, viewer)
		v, err := games.ParseView("brouillard", text, viewer)
		if !sameError(err, terr) {
			t.Fatalf("ParseView(%q): %v, typed %v", text, err, terr)
		}
		if err == nil && v.String() != typed.String() {
			t.Fatalf("ParseView(%q) = %q, typed %q", text, v.String(), typed)
		}
	})
}

// A game without hidden pieces has no views, and says so.
func TestParseViewWithoutHiddenPieces(t *testing.T) {
	for _, name := range []string{"zapita", "catchit", "coir"} {
		g, _ := games.ByName(name)
		_, err := games.ParseView(name, g.Start(hops.First).String(), hops.First)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Where != "game" {
			t.Errorf("ParseView(%s) = %v; want an *hops.Error about the game", name, err)
		}
		if _, err := games.ViewOf(g.Start(hops.First), hops.First); !errors.As(err, &e) {
			t.Errorf("ViewOf(%s) = %v; want an *hops.Error", name, err)
		}
		next, reveal, err := games.PlayReveal(g.Start(hops.First), g.Start(hops.First).Moves()[0])
		if err != nil || reveal != "" || next == nil {
			t.Errorf("PlayReveal in %s = %v, %q, %v", name, next, reveal, err)
		}
	}
	if _, err := games.ParseView("chess", "", hops.First); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("ParseView(chess) = %v", err)
	}
	var zero games.View
	if _, err := zero.Play("D2-C3", ""); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("the zero View plays: %v", err)
	}
	if err := zero.Validate("D2-C3"); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("the zero View validates: %v", err)
	}
	if data, err := json.Marshal(zero); err != nil || string(data) != "null" {
		t.Errorf("the zero View encodes as %s, %v", data, err)
	}
}

// TestViewAsTyped: what a View offers a program that draws and lights up
// squares (Diagram, Drawing with the last move's arrows, At,
// Destinations, Moves, CountMoves, Canonical) is the typed view's, in
// positions of random games seen by either side.
func TestViewAsTyped(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := games.ByName("brouillard")
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		s, err := games.Deal(g, hops.Side(r.IntN(2)), r)
		if err != nil {
			t.Fatal(err)
		}
		last := ""
		for ply := rapid.IntRange(0, 25).Draw(t, "plies"); ply > 0 && !s.Outcome().Over; ply-- {
			moves := s.Moves()
			last = moves[r.IntN(len(moves))]
			if s, err = s.Play(last); err != nil {
				t.Fatal(err)
			}
		}
		side := hops.Side(rapid.IntRange(0, 1).Draw(t, "side"))
		v, err := games.ViewOf(s, side)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := games.Value[brouillard.Position](s)
		typed := p.View(side)
		if v.Diagram() != typed.Diagram() {
			t.Fatalf("diagram\n%s\nwant\n%s", v.Diagram(), typed.Diagram())
		}
		want := typed.Drawing()
		if last != "" {
			m, _ := brouillard.ParseMove(last)
			want = typed.Drawing(m)
		}
		if d, err := v.Drawing(last); err != nil || d.SVG() != want.SVG() {
			t.Fatalf("Drawing(%q): %v", last, err)
		}
		for sq := hops.Square(0); sq < 64; sq++ {
			pc, ok := v.At(sq)
			tpc, tok := typed.At(sq)
			if pc != tpc || ok != tok || v.Destinations(sq) != typed.Destinations(sq) {
				t.Fatalf("%v: At %v %v, typed %v %v; Destinations %v, typed %v", sq, pc, ok, tpc, tok, v.Destinations(sq), typed.Destinations(sq))
			}
		}
		var texts []string
		for m := range typed.Moves() {
			texts = append(texts, m.String())
		}
		if !slices.Equal(v.Moves(), texts) || v.CountMoves() != len(texts) {
			t.Fatalf("moves %v (%d), typed %v", v.Moves(), v.CountMoves(), texts)
		}
		// Pages of any size, from any offset, cut the same list.
		size := rapid.IntRange(1, len(texts)+2).Draw(t, "page size")
		off := rapid.IntRange(-2, len(texts)+2).Draw(t, "offset")
		page := texts[min(max(off, 0), len(texts)):]
		page = page[:min(size, len(page))]
		if got := v.MovesPage(off, size); !slices.Equal(got, page) || got == nil {
			t.Fatalf("MovesPage(%d, %d) = %#v, want %v", off, size, got, page)
		}
		if got := v.MovesPage(0, 0); got == nil || len(got) != 0 {
			t.Fatalf("MovesPage(0, 0) = %#v, want an empty list", got)
		}
		for _, m := range texts {
			if c, err := v.Canonical(m); err != nil || c != m {
				t.Fatalf("Canonical(%s) = %s, %v", m, c, err)
			}
		}
		if v.HasMoves() != typed.HasMoves() || v.HasMoves() != (len(texts) > 0) {
			t.Fatalf("HasMoves %v, typed %v, %d moves", v.HasMoves(), typed.HasMoves(), len(texts))
		}
		if k, ok := v.Key(); !ok || k != typed.Key() {
			t.Fatalf("Key %v, %v; typed %v", k, ok, typed.Key())
		}
		mv, ok := v.Mirror()
		if !ok || mv.String() != typed.Mirror().String() || mv.Viewer() != side || mv.Game() != g {
			t.Fatalf("Mirror %q (viewer %v), %v; typed %q", mv, mv.Viewer(), ok, typed.Mirror())
		}
		if k, _ := mv.Key(); k != typed.Mirror().Key() {
			t.Fatalf("the mirrored view's key %v, typed %v", k, typed.Mirror().Key())
		}
	})
}

// TestZeroViewMethods: the zero View answers every method with an error
// or a zero value, never a panic.
func TestZeroViewMethods(t *testing.T) {
	var v games.View
	if v.String() != "" || v.Diagram() != "" || v.Moves() != nil || v.CountMoves() != 0 || v.Destinations(0) != 0 || len(v.MovesPage(0, 5)) != 0 {
		t.Error("the zero View shows something")
	}
	if _, ok := v.At(0); ok {
		t.Error("the zero View has a piece")
	}
	if k, ok := v.Key(); ok || k != (hops.StateKey{}) {
		t.Errorf("the zero View has the key %v, %v", k, ok)
	}
	if m, ok := v.Mirror(); ok || m.String() != "" {
		t.Errorf("the zero View mirrors to %q, %v", m, ok)
	}
	if v.HasMoves() {
		t.Error("the zero View has moves")
	}
	for name, err := range map[string]error{
		"Validate":  v.Validate("D2-E3"),
		"Canonical": func() error { _, err := v.Canonical("D2-E3"); return err }(),
		"Drawing":   func() error { _, err := v.Drawing(""); return err }(),
		"Build":     func() error { _, err := v.Build(nil); return err }(),
		"Play":      func() error { _, err := v.Play("D2-E3", ""); return err }(),
		"Sample":    func() error { _, err := v.Sample(nil); return err }(),
	} {
		if !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("%s: %v, want the zero View's error", name, err)
		}
	}
}

// TestViewOfNoSide: a view for a Side that is neither First nor Second
// is refused, where Side(7) gave Red's view.
func TestViewOfNoSide(t *testing.T) {
	g, _ := games.ByName("brouillard")
	s := g.Start(hops.First)
	if _, err := games.ViewOf(s, hops.Side(7)); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("ViewOf(Side(7)): %v", err)
	}
	if _, err := games.ParseView("brouillard", "7/7/7/7/7/7/7 w 0 0 -", hops.Side(2)); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("ParseView(Side(2)): %v", err)
	}
}

// TestNoSideRefused: every function that returns an error refuses a Side
// that is neither First nor Second, as Side's documentation says, with
// the game's names of the sides in the message.
func TestNoSideRefused(t *testing.T) {
	start := brouillard.Start()
	rec := hops.NewRecord(brouillard.Game.Start(hops.First))
	arr := brouillard.Arrangement{}
	for a := range brouillard.Arrangements() {
		arr = a
		break
	}
	for name, call := range map[string]func(hops.Side) error{
		"games.Deal": func(s hops.Side) error {
			_, err := games.Deal(catchit.Game, s, rand.New(rand.NewPCG(1, 2)))
			return err
		},
		"games.Deal brouillard": func(s hops.Side) error {
			_, err := games.Deal(brouillard.Game, s, rand.New(rand.NewPCG(1, 2)))
			return err
		},
		"brouillard.ParseView": func(s hops.Side) error { _, err := brouillard.ParseView(start.View(s&1).String(), s); return err },
		"brouillard.NewPositionWith": func(s hops.Side) error {
			_, err := brouillard.NewPositionWith(arr, arr, s)
			return err
		},
		"brouillard.PlayerRecord": func(s hops.Side) error { _, err := brouillard.PlayerRecord(rec, s); return err },
	} {
		for _, s := range []hops.Side{hops.First, hops.Second} {
			if err := call(s); err != nil {
				t.Errorf("%s(%v): %v", name, s, err)
			}
		}
		for _, s := range []hops.Side{2, 3, 7, 255} {
			err := call(s)
			if !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "is no side") || !strings.Contains(err.Error(), "(First)") {
				t.Errorf("%s(%d) = %v, want it refused as no side", name, s, err)
			}
		}
	}
}

// TestViewMethodsAreState's: a View has the methods of a hops.State,
// under the same names and with the same signatures (a View in place of
// a State), but for those that would need the hidden faces, and the few
// that only a view has.
func TestViewMethodsAreState(t *testing.T) {
	stateOnly := map[string]bool{
		"Value": true, "PlayIndex": true, "Successors": true, // play a move without its reveal
		"CanWinNow": true, // depends on faces the viewer has not seen
		"Play":      true, // given the reveal: compared below
	}
	viewOnly := map[string]bool{"Viewer": true, "Sample": true, "MarshalJSON": true, "UnmarshalJSON": true}
	st := reflect.TypeFor[hops.State]()
	vt := reflect.TypeFor[games.View]()
	view := reflect.PointerTo(vt)
	asState := func(ty reflect.Type) reflect.Type {
		if ty == vt {
			return st
		}
		return ty
	}
	for i := range st.NumMethod() {
		sm := st.Method(i)
		vm, ok := view.MethodByName(sm.Name)
		if stateOnly[sm.Name] {
			if ok && sm.Name != "Play" {
				t.Errorf("View has %s, which needs the hidden faces", sm.Name)
			}
			continue
		}
		if !ok {
			t.Errorf("View has no %s", sm.Name)
			continue
		}
		vf := vm.Type // with the receiver first
		if vf.NumIn()-1 != sm.Type.NumIn() || vf.NumOut() != sm.Type.NumOut() {
			t.Errorf("View.%s is %v, State's %v", sm.Name, vf, sm.Type)
			continue
		}
		for j := range sm.Type.NumIn() {
			if asState(vf.In(j+1)) != sm.Type.In(j) {
				t.Errorf("View.%s takes %v, State's %v", sm.Name, vf.In(j+1), sm.Type.In(j))
			}
		}
		for j := range sm.Type.NumOut() {
			if asState(vf.Out(j)) != sm.Type.Out(j) {
				t.Errorf("View.%s gives %v, State's %v", sm.Name, vf.Out(j), sm.Type.Out(j))
			}
		}
	}
	for i := range view.NumMethod() {
		name := view.Method(i).Name
		if _, ok := st.MethodByName(name); !ok && !viewOnly[name] {
			t.Errorf("View.%s is not a State method; say why a View alone has it", name)
		}
	}
	if play, _ := view.MethodByName("Play"); play.Type.String() != "func(*games.View, string, string) (games.View, error)" {
		t.Errorf("View.Play is %v", play.Type)
	}
}

// TestViewSample (B4, B12): a state drawn from a view, by either player
// at any point of a game, has that view again, under a seeded source or
// the global one; the faces the viewer has not seen vary from one draw
// to the next, the rest never does.
func TestViewSample(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g, _ := games.ByName("brouillard")
		seed := rapid.Uint64().Draw(t, "seed")
		r := rand.New(rand.NewPCG(seed, 2))
		s, err := games.Deal(g, hops.Side(r.IntN(2)), r)
		if err != nil {
			t.Fatal(err)
		}
		for range rapid.IntRange(0, 40).Draw(t, "plies") {
			if n := s.CountMoves(); n > 0 {
				s, _ = s.PlayIndex(r.IntN(n))
			}
		}
		viewer := hops.Side(rapid.IntRange(0, 1).Draw(t, "viewer"))
		v, err := games.ViewOf(s, viewer)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range []*rand.Rand{r, nil} {
			q, err := v.Sample(src)
			if err != nil {
				t.Fatal(err)
			}
			w, err := games.ViewOf(q, viewer)
			if err != nil {
				t.Fatal(err)
			}
			k, _ := w.Key()
			vk, _ := v.Key()
			if w.String() != v.String() || k != vk || q.Game() != g {
				t.Fatalf("a sample of %q has the view %q", v, w)
			}
		}
	})
	// At the start every opposing face is hidden: draws differ.
	g, _ := games.ByName("brouillard")
	s, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := games.ViewOf(s, hops.First)
	if err != nil {
		t.Fatal(err)
	}
	drawn := map[string]bool{}
	for i := range uint64(20) {
		q, err := v.Sample(rand.New(rand.NewPCG(i, 3)))
		if err != nil {
			t.Fatal(err)
		}
		drawn[q.String()] = true
	}
	if len(drawn) < 10 {
		t.Errorf("20 draws from the start's view gave %d states", len(drawn))
	}
}

// TestViewJSONErrorsAsTyped (B12): a view's JSON that names its game is
// refused by games.View with the error brouillard.View gives it: a bad
// viewer, a bad text, a text the viewer may not write.
func TestViewJSONErrorsAsTyped(t *testing.T) {
	for _, data := range []string{
		`{"game":"brouillard","viewer":"Green","text":"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1XX w 0 0 -"}`,
		`{"game":"brouillard","viewer":"White","text":"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1Xé w 0 0 -"}`,
		`{"game":"brouillard","viewer":"Red","text":"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1XX w 0 0 -"}`,
		`{"game":"brouillard","viewer":"White","text":""}`,
	} {
		var g games.View
		var b brouillard.View
		gerr, berr := json.Unmarshal([]byte(data), &g), json.Unmarshal([]byte(data), &b)
		if gerr == nil || !sameError(gerr, berr) {
			t.Errorf("%s:\n games.View      %v\n brouillard.View %v", data, gerr, berr)
		}
	}
}
