package games_test

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/gametest"
)

// TestMovesPageCostsItsTexts: a page of moves, of a State or of a
// player's View, allocates its texts and one value more (the page's
// slice): the moves are generated into a buffer kept between calls,
// never into a new list of all of them (90 KB for a page of one move of
// Brouillard's busiest view before), and a State does not copy its
// position to the heap to find the game's own pager, in the start and
// the busiest positions of every game.
func TestMovesPageCostsItsTexts(t *testing.T) {
	if gametest.Race {
		t.Skip("the race detector empties the buffers' pool at random")
	}
	busiest := map[string][]string{
		"coir":       {"2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w"},
		"catchit":    {"3r3/1r1r1r1/7/bB1b1bb/7/1r1b1r1/2b2r1 b"},
		"brouillard": {"7/5f1/1x1X1T1/X1Q4/3kFN1/q1J1K2/1x5 w 3 0 -"},
	}
	type pager interface {
		MovesPage(offset, limit int) []string
	}
	check := func(what string, p pager, n int) {
		t.Helper()
		for _, limit := range []int{1, 20, 1000} {
			page := len(p.MovesPage(n/2, limit))
			if page != min(limit, n-n/2) {
				t.Fatalf("%s: MovesPage(%d, %d) gives %d moves of %d", what, n/2, limit, page, n)
			}
			if a := testing.AllocsPerRun(5, func() { p.MovesPage(n/2, limit) }); a > float64(page+1) {
				t.Errorf("%s, %d moves: a page of %d allocates %v times, want at most %d", what, n, page, a, page+1)
			}
		}
	}
	for _, g := range games.All() {
		states := []hops.State{g.Start(hops.First)}
		for _, text := range busiest[g.Name] {
			s, err := g.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			states = append(states, s)
		}
		for _, s := range states {
			n := s.CountMoves()
			check(g.Name+" "+s.String(), s, n)
			for _, side := range []hops.Side{hops.First, hops.Second} {
				if v, err := games.ViewOf(s, side); err == nil {
					check(g.Name+" view of "+g.SideName(side)+" "+v.String(), v, v.CountMoves())
				}
			}
		}
	}
}
