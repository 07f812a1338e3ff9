package games_test

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
)

// TestNilArguments: a nil state, record or game given to the registry's
// functions is an *hops.Error, never a panic.
func TestNilArguments(t *testing.T) {
	calls := map[string]func() error{
		"Perft":         func() error { _, err := games.Perft(nil, 1); return err },
		"Divide":        func() error { _, err := games.Divide(nil, 1); return err },
		"PlayReveal":    func() error { _, _, err := games.PlayReveal(nil, "A1-A2"); return err },
		"Replay":        func() error { _, err := games.Replay(nil); return err },
		"Value":         func() error { _, err := games.Value[catchit.Position](nil); return err },
		"ViewOf":        func() error { _, err := games.ViewOf(nil, hops.First); return err },
		"Deal":          func() error { _, err := games.Deal(nil, hops.First, nil); return err },
		"Record.Replay": func() error { _, err := (*hops.Record)(nil).Replay(catchit.Game); return err },
	}
	checkErrors(t, calls, "(nil)")
	if games.Hidden(nil) {
		t.Error("Hidden(nil) = true")
	}
	// A nil random source deals from the global one, as documented.
	s, err := games.Deal(brouillard.Game, hops.First, nil)
	if err != nil || s == nil || s.Game() != brouillard.Game {
		t.Errorf("Deal(brouillard, First, nil) = %v, %v", s, err)
	}
}

// checkErrors checks that each call answers an *hops.Error and does not
// panic; the failures name the call, then what.
func checkErrors(t *testing.T, calls map[string]func() error, what string) {
	t.Helper()
	for name, call := range calls {
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s%s panics: %v", name, what, r)
				}
			}()
			err = call()
		}()
		var he *hops.Error
		if !errors.As(err, &he) {
			t.Errorf("%s%s = %v, want an *hops.Error", name, what, err)
		}
	}
}

// TestZeroStateArguments: the zero State, what JSON null decodes to
// (in a list of positions, say), is taken for no state by the functions
// that take a hops.State, as nil is: an error from the registry's, none
// found by hops.As, a record of no game, a recorder that refuses every
// move, no repetition counted, a result unfinished. They panicked on it.
func TestZeroStateArguments(t *testing.T) {
	var states []games.State
	if err := json.Unmarshal([]byte(`[{"game":"catchit","position":"rrrrrrr/7/7/7/7/7/bbbBbbb b"}, null]`), &states); err != nil || len(states) != 2 || !states[1].IsZero() || states[0].IsZero() {
		t.Fatalf("%v, %v", states, err)
	}
	zero := states[1]
	calls := map[string]func() error{
		"Perft":      func() error { _, err := games.Perft(zero, 1); return err },
		"Divide":     func() error { _, err := games.Divide(zero, 1); return err },
		"PlayReveal": func() error { _, _, err := games.PlayReveal(zero, "A1-A2"); return err },
		"Value":      func() error { _, err := games.Value[catchit.Position](zero); return err },
		"ViewOf":     func() error { _, err := games.ViewOf(zero, hops.First); return err },
		"Recorder.Play": func() error {
			_, err := hops.NewRecorder(zero).Play("A1-A2")
			return err
		},
	}
	checkErrors(t, calls, " of the zero State")
	if _, ok := hops.As[catchit.Position](zero); ok {
		t.Error("As finds a position in the zero State")
	}
	if rec := hops.NewRecord(zero); rec.Game != "" || rec.Start != "" {
		t.Errorf("NewRecord of the zero State: %+v", rec)
	}
	if n := hops.Repetitions([]hops.State{states[0], zero, states[0]}); n[0] != 1 || n[1] != 0 || n[2] != 2 {
		t.Errorf("Repetitions with the zero State between: %v, want [1 0 2]", n)
	}
	if s, err := catchit.Game.State(states[0]); err != nil || s.String() != states[0].String() {
		t.Errorf("Game.State of a decoded State: %v, %v", s, err)
	}
	if _, err := catchit.Game.State(zero); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("Game.State of the zero State: %v", err)
	}
	rec := hops.Record{Result: hops.ResultFirst}
	if rec.SetResultFrom(zero); rec.Result != hops.ResultUnfinished {
		t.Errorf("SetResultFrom the zero State: result %q, want %q", rec.Result, hops.ResultUnfinished)
	}
}

// TestPerftAnyDepth (G10): a depth far beyond any tree, as a program may
// read from its user, counts what there is: no leaf below a finished
// game, whatever the depth (Perft made a buffer a level before looking,
// and panicked or ran out of memory), and the zero positions, lost
// under G6, count none either.
func TestPerftAnyDepth(t *testing.T) {
	finished := map[string]string{
		"catchit":    "rrrrrrr/7/7/7/7/7/bbb1bbb r",
		"coir":       "wwwwww/6/6/6/6/wwwwww b",
		"zapita":     "a5A/b5B/c5C/*6/c5C/b5B/a5A k",
		"brouillard": "F2X1x!1/6K/4f2/N1T1x!1Q/3X3/7/1J5 r 5 0 -",
	}
	for _, g := range games.All() {
		s, err := g.Parse(finished[g.Name])
		if err != nil || !s.Outcome().Over {
			t.Fatalf("%s %q: %v, %v", g.Name, finished[g.Name], err, s)
		}
		for _, depth := range []int{math.MaxInt / 2, math.MaxInt} {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: Perft(%s, %d) panics: %v", g.Name, s, depth, r)
					}
				}()
				if n, err := games.Perft(s, depth); n != 0 || err != nil {
					t.Errorf("%s: Perft(%s, %d) = %d, %v; want 0", g.Name, s, depth, n, err)
				}
				if d, err := games.Divide(s, depth); len(d) != 0 || err != nil {
					t.Errorf("%s: Divide(%s, %d) = %v, %v; want no move", g.Name, s, depth, d, err)
				}
			}()
		}
	}
	if n := hops.Perft(coir.Position{}, math.MaxInt); n != 0 {
		t.Errorf("Perft of the zero Coir position = %d, want 0", n)
	}
}
