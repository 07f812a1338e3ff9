package hops_test

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// TestStateQuestionsCostNothing: the questions a search asks of a State
// at every node (Key, HasMoves, CanWinNow, Hash, Outcome, At,
// Destinations) allocate nothing, as the typed methods they call do: a
// State must not copy its position to the heap to find the method (nor
// Canonical, which allocates only the text it returns beyond what
// reading the move costs).
func TestStateQuestionsCostNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, g := range []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game} {
		s := g.Start(hops.First)
		for ply := 0; ply < 12 && s.CountMoves() > 0; ply++ {
			next, err := s.PlayIndex(rng.IntN(s.CountMoves()))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
		from := hops.Square(0)
		for sq := range hops.Square(49) {
			if p, ok := s.At(sq); ok && p.Side == s.ToMove() {
				from = sq
				break
			}
		}
		for _, q := range []struct {
			name string
			ask  func()
		}{
			{"Key", func() { s.Key() }},
			{"HasMoves", func() { s.HasMoves() }},
			{"CanWinNow", func() { s.CanWinNow() }},
			{"Hash", func() { s.Hash() }},
			{"Outcome", func() { s.Outcome() }},
			{"At", func() { s.At(from) }},
			{"Destinations", func() { s.Destinations(from) }},
		} {
			q.ask() // pools filled
			if n := testing.AllocsPerRun(50, q.ask); n != 0 {
				t.Errorf("%s %s: State.%s allocates %v times, want none", g.Name, s, q.name, n)
			}
		}
		// Canonical reads the move as Validate does and writes one text
		// more: nothing else, the position's own method included.
		if moves := s.Moves(); len(moves) > 0 {
			move := moves[len(moves)/2]
			validate := testing.AllocsPerRun(50, func() { s.Validate(move) })
			if n := testing.AllocsPerRun(50, func() { s.Canonical(move) }); n > validate+1 {
				t.Errorf("%s %s: State.Canonical(%q) allocates %v times, Validate %v", g.Name, s, move, n, validate)
			}
		}
	}
}
