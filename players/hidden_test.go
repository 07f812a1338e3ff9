package players

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/gametest"
)

// brouillardPlayers returns every player of Brouillard this package
// offers, by name, each built afresh with the same options: the kinds of
// New and the typed constructors.
func brouillardPlayers(opt Options) map[string]func() Agent {
	g := brouillard.Game
	out := map[string]func() Agent{
		"NewRandom":   func() Agent { return Erase[bPos, bMove](NewRandom[bPos, bMove](opt.Seed)) },
		"NewSearcher": func() Agent { return Erase[bPos, bMove](NewSearcher[bPos, bMove](BrouillardEval, opt)) },
		"NewTacticalSearcher": func() Agent {
			return Erase[bPos, bMove](NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt))
		},
		"NewBaseline":    func() Agent { return Erase[bPos, bMove](NewBaseline[bPos, bMove](BrouillardEval, opt)) },
		"NewMCTS":        func() Agent { return Erase[bPos, bMove](NewMCTS(BrouillardEval, BrouillardTactics(), opt)) },
		"NewFogSearcher": func() Agent { return Erase[bPos, bMove](NewFogSearcher(opt)) },
		"first baseline": func() Agent { return Erase[bPos, bMove](NewBaseline[bPos, bMove](firstBrouillardEval, opt)) },
		"searcher, quiet": func() Agent {
			o := opt
			o.Quiescence = -1
			return Erase[bPos, bMove](NewSearcher[bPos, bMove](BrouillardEval, o))
		},
	}
	for _, kind := range Kinds() {
		out["New "+kind] = func() Agent {
			a, err := New(g, kind, opt)
			if err != nil {
				panic(err)
			}
			return a
		}
	}
	return out
}

// hiddenCases returns true Brouillard positions, each with opposing pawns
// hidden from the side to move: dealt starts and positions reached from
// them by random moves.
func hiddenCases(t *testing.T) []brouillard.Position {
	t.Helper()
	var out []brouillard.Position
	for i, plies := range []int{0, 1, 6, 11, 18, 30} {
		s, err := games.Deal(brouillard.Game, hops.Side(i&1), rand.New(rand.NewPCG(uint64(i), 17)))
		if err != nil {
			t.Fatal(err)
		}
		s = statePlayout(s, newRand(uint64(40+i)), plies)
		p, _ := hops.As[brouillard.Position](s)
		if !p.Outcome().Over && p.View(p.ToMove()).Consistent() > 1 {
			out = append(out, p)
		}
	}
	if len(out) < 4 {
		t.Fatalf("only %d positions hide pawns from the side to move", len(out))
	}
	return out
}

// TestPlayersSeeOnlyTheirView (B4): every player of Brouillard, by every
// name and constructor, shown the same view of the side to move in 20
// true positions that differ only in the faces of the opponent's hidden
// pawns (drawn with View.Sample), chooses the same move with the same
// seed: no player reads what its side cannot see. Under the race
// detector and as WebAssembly, 5 setups.
func TestPlayersSeeOnlyTheirView(t *testing.T) {
	setups := 20
	if gametest.Slow {
		setups = 5 // the full count runs natively without the race detector
	}
	opt := Options{Nodes: 1500, Seed: 9}
	cases := hiddenCases(t)
	for name, build := range brouillardPlayers(opt) {
		t.Run(name, func(t *testing.T) {
			for _, p := range cases {
				v := p.View(p.ToMove())
				chosen := map[string]int{}
				for i := range setups {
					q := v.Sample(rand.New(rand.NewPCG(uint64(i), 1)))
					if w := q.View(q.ToMove()); w.String() != v.String() {
						t.Fatalf("a sample of %s has the view %s", v, w)
					}
					s, err := brouillard.Game.State(q)
					if err != nil {
						t.Fatal(err)
					}
					m, err := build().Choose(s)
					if err != nil {
						t.Fatal(err)
					}
					chosen[m]++
				}
				if len(chosen) != 1 {
					t.Errorf("the view %s, with %d hidden setups of the opponent, gets %d different moves: %v",
						v, setups, len(chosen), fmt.Sprint(chosen))
				}
			}
		})
	}
}

// TestSampledScoresAreNotProven: a search of positions drawn from a view
// keeps its score within ±MaxEval, where scores above MaxEval are proven
// wins. In the first position Red's C6-E4 G1xG3 wins in 4 plies in 5 of
// 60 hidden setups, not in the true one, and the Searcher scored it
// Win-4; in the second Red's King hunt turns over one of three hidden
// White pawns, a King one time in three, and both searchers scored the
// shot Win-1.
func TestSampledScoresAreNotProven(t *testing.T) {
	for _, text := range []string{
		"1t5/2j!1x1k/1n1X2F/2x3q!/3T1Q1/2X!3J/1K4f r 0 1 -",
		"1n1t1k1/x5q/3X3/x1Xf2j/7/6K/F6 r 0 4 -",
	} {
		p, err := brouillard.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(4) {
			opt := Options{Nodes: 3000, Seed: seed}
			results := searchedAll(t, p, opt)
			for name, r := range results {
				if r.Score > MaxEval || r.Score < -MaxEval {
					t.Errorf("%s, seed %d, in %s: %s scores %d, beyond MaxEval", name, seed, text, r.Move, r.Score)
				}
			}
		}
	}
}

// TestSureWinBeforeTheShot (B5, B8, G6): White, whose target is Red's
// King, hidden among Red's pawns, has a decision that wins whatever the
// faces (F5-E4 F2-F4-D4-D6-B6) and shots at hidden pawns that win only
// where they turn out to be the King. Every searching player plays a
// sure win, scored as proven, with every seed; drawing positions from
// the view, the Searcher, the Baseline and MCTS played the shot F2xF4 in
// half of them (it wins in the drawn positions where F3 is the King).
func TestSureWinBeforeTheShot(t *testing.T) {
	p, err := brouillard.Parse("f2x!1X!1/2X3T!/3K!1J!1/N1Q!4/5k1/x4F1/7 w 4 0 -")
	if err != nil {
		t.Fatal(err)
	}
	v := p.View(p.ToMove())
	if v.Consistent() < 2 {
		t.Fatal("the view should hide Red's faces")
	}
	for seed := range uint64(8) {
		opt := Options{Nodes: 2000, Seed: seed}
		results := searchedAll(t, p, opt)
		for name, r := range results {
			f := FogSearcher{me: hops.First}
			if sure, err := f.winsAtOnce(v, r.Move); err != nil || !sure || r.Score != Win-1 || r.Depth != 1 {
				t.Errorf("%s, seed %d: %s (score %d, depth %d), a sure win: %v %v", name, seed, r.Move, r.Score, r.Depth, sure, err)
			}
		}
	}
}

// searchedAll returns the results of a Searcher, a Baseline and MCTS
// built with opt, searching p, by their names.
func searchedAll(t *testing.T, p bPos, opt Options) map[string]Result[bMove] {
	t.Helper()
	results := searchedBoth(t, p, opt)
	m, err := NewMCTS(BrouillardEval, BrouillardTactics(), opt).Search(p)
	if err != nil {
		t.Fatal(err)
	}
	results["MCTS"] = m
	return results
}

// searchedBoth returns the results of a Searcher and a Baseline built
// with opt, searching p, by their names.
func searchedBoth(t *testing.T, p bPos, opt Options) map[string]Result[bMove] {
	t.Helper()
	s, err := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt).Search(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBaseline[bPos, bMove](BrouillardEval, opt).Search(p)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Result[bMove]{"Searcher": s, "Baseline": b}
}

// TestSampledSearchesShareTheTime: the searches of positions drawn from
// a view share Options.Time: once it is spent, or Cancel closed, no
// search begins, and a search after the first is cut even in its first
// iteration. With a time of 1 ns, or Cancel closed, only the first
// search's first iteration is made (one position for each of the 517
// moves, and those before the first check of the time), beside the
// views of the look for a win whatever the faces, which always
// completes; each of the four searches made its own, which cost up to
// 122 ms at 10 ms a move.
func TestSampledSearchesShareTheTime(t *testing.T) {
	p, err := brouillard.Parse("7/7/1J1X1x1/q3N1K/1x1X1k1/T1nfQ2/Fj1t3 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	close(closed)
	for _, opt := range []Options{{Time: 1}, {Nodes: 1 << 30, Cancel: closed}} {
		// Searcher and Baseline check every 64 positions at most (256
		// is a loose bound); the views of the look for a sure win, made
		// first, count too.
		_, sure, _, _ := sureWin[bPos, bMove](p, newRand(0))
		one := p.CountMoves() + 256 + sure
		for name, r := range searchedBoth(t, p, opt) {
			if r.Nodes > one {
				t.Errorf("%s, time %v, cancelled %v: %d positions, more than one first iteration (%d)", name, opt.Time, opt.Cancel != nil, r.Nodes, one)
			}
			if err := p.Validate(r.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSureWinLookInTheBudget: the views of the look for a win whatever
// the faces, made before any drawn position is searched, come out of
// Options.Nodes: a search of a true Brouillard position that hides
// faces from its side visits no more than its budget (MCTS: but for the
// plies of the iteration under way when it is spent), and its Options
// are the same after it. The look's views were counted in Result.Nodes
// but not in the budget: 1,070 positions for 1,000 at the start.
func TestSureWinLookInTheBudget(t *testing.T) {
	const budget = 1000
	p := brouillard.Start()
	opt := Options{Nodes: budget, Seed: 3}
	s := NewSearcher[bPos, bMove](BrouillardEval, opt)
	b := NewBaseline[bPos, bMove](BrouillardEval, opt)
	m := NewMCTS(BrouillardEval, BrouillardTactics(), opt)
	for name, c := range map[string]struct {
		search func() (Result[bMove], error)
		opt    *Options
		over   int
	}{
		"Searcher": {func() (Result[bMove], error) { return s.Search(p) }, &s.opt, 0},
		"Baseline": {func() (Result[bMove], error) { return b.Search(p) }, &b.opt, 0},
		"MCTS":     {func() (Result[bMove], error) { return m.Search(p) }, &m.opt, MCTSPlayout + 8},
	} {
		before := *c.opt
		r, err := c.search()
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes > budget+c.over {
			t.Errorf("%s: %d positions for a budget of %d", name, r.Nodes, budget)
		}
		if *c.opt != before {
			t.Errorf("%s: options %+v after the search, want %+v", name, *c.opt, before)
		}
	}
}

// TestSampledSearchCutInItsFirstIteration: a search after the first that
// Cancel interrupts in its first iteration stops at once and does not
// vote: the move is the first search's, and the positions visited are
// its, but for those before the next check (64).
func TestSampledSearchCutInItsFirstIteration(t *testing.T) {
	p, err := brouillard.Parse("7/7/1J1X1x1/q3N1K/1x1X1k1/T1nfQ2/Fj1t3 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	v := p.View(p.ToMove())
	first, err := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), Options{Nodes: 1000, Seed: 5}).
		SearchSampled(func(r *rand.Rand) (bPos, error) { return v.Sample(r), nil }, 1)
	if err != nil {
		t.Fatal(err)
	}
	cancel := make(chan struct{})
	draws := 0
	cut, err := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), Options{Nodes: 4000, Seed: 5, Cancel: cancel}).
		SearchSampled(func(r *rand.Rand) (bPos, error) {
			if draws++; draws == 2 {
				close(cancel) // the second search is interrupted as it begins
			}
			return v.Sample(r), nil
		}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if draws != 2 || cut.Move != first.Move || cut.Nodes > first.Nodes+64 {
		t.Errorf("cut in the second search (%d drawn): %+v; the first alone: %+v", draws, cut, first)
	}
}
