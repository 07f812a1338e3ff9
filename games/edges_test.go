package games_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
)

// TestReplayViewTagOnlyInHiddenGames: a View tag marks a record kept by
// one player of a game with hidden pieces (B4, B12), which starts from
// his view. In a game without hidden pieces it is a free tag like any
// other, and the record replays.
func TestReplayViewTagOnlyInHiddenGames(t *testing.T) {
	rec := hops.NewRecord(catchit.Game.Start(hops.First))
	rec.SetTag("View", "Blue")
	rec.Moves = []hops.RecordMove{{Text: "C1-C2 D1-D2"}}
	rec.Result = hops.ResultUnfinished
	states, err := games.Replay(rec)
	if err != nil || len(states) != 2 {
		t.Fatalf("Catch'it record with a View tag: %d states, %v", len(states), err)
	}
	if want, _ := catchit.Game.Start(hops.First).Play("C1-C2 D1-D2"); states[1].String() != want.String() {
		t.Errorf("last position %s, want %s", states[1], want)
	}
}

// TestCopiedGameNotRegistered: the registry knows a game by its *Game,
// not by its Name: a copy of brouillard.Game is no registered game (as
// hops.Game's documentation says), so Hidden says false and Deal refuses
// it rather than dealing Brouillard.
func TestCopiedGameNotRegistered(t *testing.T) {
	c := *brouillard.Game
	if games.Hidden(&c) {
		t.Error("Hidden(copy of brouillard.Game) = true")
	}
	s, err := games.Deal(&c, hops.First, rand.New(rand.NewPCG(1, 2)))
	var e *hops.Error
	if s != nil || !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Where != "game" ||
		!strings.Contains(err.Error(), "not a registered game") {
		t.Errorf("Deal(copy of brouillard.Game) = %v, %v; want the error that it is not registered", s, err)
	}
}

// brouillardStartView returns White's generic view of a dealt game.
func brouillardStartView(t *testing.T) (hops.State, games.View) {
	t.Helper()
	s, err := games.Deal(brouillard.Game, hops.First, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := games.ViewOf(s, hops.First)
	if err != nil {
		t.Fatal(err)
	}
	return s, v
}

// TestViewDrawingBadMove: a move text that does not parse (G1, G12, B10) is
// Drawing's error, given with the drawing without arrows, as documented.
func TestViewDrawingBadMove(t *testing.T) {
	_, v := brouillardStartView(t)
	plain, err := v.Drawing("")
	if err != nil {
		t.Fatal(err)
	}
	d, err := v.Drawing("zz")
	_, perr := brouillard.ParseMove("zz")
	if !errors.Is(err, hops.ErrSyntax) || !sameError(err, perr) {
		t.Errorf("Drawing(zz) error %v, want ParseMove's %v", err, perr)
	}
	if d.SVG() != plain.SVG() {
		t.Error("Drawing(zz) is not the drawing without arrows")
	}
}

// TestViewPlayBadReveal: a reveal text that does not parse is Play's
// error, of kind ErrSyntax, the same as ParseReveal gives (B8); the move
// is not played as though it revealed nothing.
func TestViewPlayBadReveal(t *testing.T) {
	_, v := brouillardStartView(t)
	if _, err := v.Play("D2-B2", ""); err != nil {
		t.Fatalf("D2-B2 with no reveal: %v", err)
	}
	next, err := v.Play("D2-B2", "garbage")
	_, perr := brouillard.ParseReveal("garbage")
	if !errors.Is(err, hops.ErrSyntax) || !sameError(err, perr) || next.String() != "" {
		t.Errorf(`Play("D2-B2", "garbage") = %q, %v; want ParseReveal's error %v`, next.String(), err, perr)
	}
}

// TestViewJSONBadViewer: a viewer that is not a side of the game (B2:
// White and Red) is an error located at the "viewer" field of the JSON,
// and leaves the view as it was.
func TestViewJSONBadViewer(t *testing.T) {
	_, v := brouillardStartView(t)
	data, err := json.Marshal(map[string]string{"game": "brouillard", "viewer": "Green", "text": v.String()})
	if err != nil {
		t.Fatal(err)
	}
	got := v
	err = json.Unmarshal(data, &got)
	var e *hops.Error
	if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Where != `view: key "viewer"` {
		t.Errorf("viewer Green: %v (where %q), want an error in the viewer", err, whereOf(e))
	}
	if got.String() != v.String() || got.Viewer() != v.Viewer() {
		t.Errorf("a refused JSON changed the view to %q", got.String())
	}
}

// TestViewJSONForms: a game package's own view (brouillard.View) reads
// what a View writes, which names the game too; a View refuses the
// game package's form, which names none, saying so at the key "game".
func TestViewJSONForms(t *testing.T) {
	s, v := brouillardStartView(t)
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := games.Value[brouillard.Position](s)
	var typed brouillard.View
	if err := json.Unmarshal(data, &typed); err != nil || typed != p.View(v.Viewer()) {
		t.Errorf("brouillard.View from %s: %v, %v", data, typed, err)
	}
	own, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	got := v
	err = json.Unmarshal(own, &got)
	var e *hops.Error
	if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Where != `view: key "game"` || got.String() != v.String() {
		t.Errorf("View from %s: %v (where %q), want an error at the key \"game\" and the view unchanged", own, err, whereOf(e))
	}
}

func whereOf(e *hops.Error) string {
	if e == nil {
		return ""
	}
	return e.Where
}

// TestPlayRevealBadMove: in a game without hidden pieces PlayReveal
// gives s.Play's error for a move text that does not parse (K10, G12),
// with no state and no reveal.
func TestPlayRevealBadMove(t *testing.T) {
	s := catchit.Game.Start(hops.First)
	next, reveal, err := games.PlayReveal(s, "zz")
	_, perr := s.Play("zz")
	if next != nil || reveal != "" || !errors.Is(err, hops.ErrSyntax) || !sameError(err, perr) {
		t.Errorf(`PlayReveal(catchit, "zz") = %v, %q, %v; want s.Play's error %v`, next, reveal, err, perr)
	}
}

// TestZeroViewViewer: the zero View answers zero values, so its Viewer
// is the zero Side, hops.First.
func TestZeroViewViewer(t *testing.T) {
	var v games.View
	if got := v.Viewer(); got != hops.First {
		t.Errorf("zero View's Viewer = %v, want %v", got, hops.First)
	}
}
