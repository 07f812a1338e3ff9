package games_test

import (
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
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
	for name, call := range calls {
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s(nil) panics: %v", name, r)
				}
			}()
			err = call()
		}()
		var he *hops.Error
		if !errors.As(err, &he) {
			t.Errorf("%s(nil) = %v, want an *hops.Error", name, err)
		}
	}
	if games.Hidden(nil) {
		t.Error("Hidden(nil) = true")
	}
	// A nil random source deals from the global one, as documented.
	s, err := games.Deal(brouillard.Game, hops.First, nil)
	if err != nil || s == nil || s.Game() != brouillard.Game {
		t.Errorf("Deal(brouillard, First, nil) = %v, %v", s, err)
	}
}
