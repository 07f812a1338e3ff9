package players

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// match plays one game between two agents, first-side agent first, and
// returns the final state and the number of moves played.
func match(t *testing.T, g *hops.Game, seed uint64, agents [2]Agent, maxPlies int) (hops.State, int) {
	t.Helper()
	s, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(seed, 99)))
	if err != nil {
		t.Fatal(err)
	}
	ply := 0
	for ; ply < maxPlies && !s.Outcome().Over; ply++ {
		move, err := agents[s.ToMove()].Choose(s)
		if err != nil {
			t.Fatalf("%s seed %d ply %d: %v", g, seed, ply, err)
		}
		if s, err = s.Play(move); err != nil {
			t.Fatalf("%s seed %d ply %d: %s: %v", g, seed, ply, move, err)
		}
	}
	return s, ply
}

// TestSearchBeatsRandom plays the searching player against the random
// player, 50 games in every game with fixed seeds, the searcher taking
// each side in turn; it must win at least 90% of them. Games cut by the
// ply limit count as not won.
func TestSearchBeatsRandom(t *testing.T) {
	const matches, maxPlies = 50, 300
	budget := 400
	if testing.Short() {
		budget = 200
	}
	var table []string
	for _, g := range games.All() {
		t.Run(g.Name, func(t *testing.T) {
			wins, unfinished, plies := 0, 0, 0
			for i := range matches {
				seed := uint64(1000 + i)
				searcher := hops.Side(i & 1)
				var agents [2]Agent
				var err error
				if agents[searcher], err = New(g, KindSearch, Options{Nodes: budget, Seed: seed}); err != nil {
					t.Fatal(err)
				}
				if agents[searcher.Other()], err = New(g, KindRandom, Options{Seed: seed}); err != nil {
					t.Fatal(err)
				}
				s, n := match(t, g, seed, agents, maxPlies)
				plies += n
				o := s.Outcome()
				switch {
				case !o.Over:
					unfinished++
				case o.Winner == searcher:
					wins++
				}
			}
			row := fmt.Sprintf("%-10s search %2d  random %2d  unfinished %d  of %d  (%.1f moves a game)",
				g.Name, wins, matches-wins-unfinished, unfinished, matches, float64(plies)/matches)
			t.Log(row)
			table = append(table, row)
			if wins*10 < matches*9 {
				t.Errorf("the searching player won %d of %d games", wins, matches)
			}
		})
	}
	t.Logf("budget %d nodes a move:\n%s", budget, strings.Join(table, "\n"))
}

// TestBrouillardSearchUsesTheViewOnly shows the searching player two true
// states that differ only in the faces of the opponent's hidden pawns: with
// the same seed it must choose the same move as long as White's views of
// the two games are equal.
func TestBrouillardSearchUsesTheViewOnly(t *testing.T) {
	g, _ := games.ByName("brouillard")
	r := rand.New(rand.NewPCG(8, 8))
	white := brouillard.RandomArrangement(r)
	compared := 0
	for range 5 {
		var states [2]hops.State
		var agents [2]Agent
		for i := range states {
			p, err := brouillard.NewPosition(white, brouillard.RandomArrangement(r))
			if err != nil {
				t.Fatal(err)
			}
			if states[i], err = g.Parse(p.String()); err != nil {
				t.Fatal(err)
			}
			if agents[i], err = New(g, KindSearch, Options{Nodes: 400, Seed: 5}); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < 20 && !states[0].Outcome().Over; ply++ {
			v0, _ := games.ViewOf(states[0], brouillard.White)
			v1, _ := games.ViewOf(states[1], brouillard.White)
			if v0.String() != v1.String() {
				break // a Red pawn was turned over, showing different faces
			}
			var moves [2]string
			for i := range states {
				m := quiet(states[i])
				if states[i].ToMove() == brouillard.White {
					var err error
					if m, err = agents[i].Choose(states[i]); err != nil {
						t.Fatal(err)
					}
					compared++
				}
				moves[i] = m
			}
			if moves[0] != moves[1] {
				t.Fatalf("same view %s, White plays %s in one game, %s in the other", v0.String(), moves[0], moves[1])
			}
			for i := range states {
				var err error
				if states[i], err = states[i].Play(moves[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d decisions compared", compared)
	if compared < 10 {
		t.Errorf("only %d decisions compared", compared)
	}
}

// quiet returns the first move of s that turns no pawn over, or its first
// move.
func quiet(s hops.State) string {
	moves := s.Moves()
	for _, m := range moves {
		if !strings.Contains(m, "x") {
			return m
		}
	}
	return moves[0]
}

// TestNewRefusesUnknown checks that New names what it cannot build.
func TestNewRefusesUnknown(t *testing.T) {
	for _, g := range games.All() {
		if _, err := New(g, "clever", Options{}); err == nil {
			t.Errorf("%s: unknown kind of player accepted", g)
		}
		for _, kind := range Kinds() {
			if _, err := New(g, kind, Options{}); err != nil {
				t.Errorf("%s: New(%s) = %v", g, kind, err)
			}
		}
	}
	// A kind is named in any case, and is then that kind: the same
	// player, the same choices.
	start := games.All()[1].Start(hops.First)
	for _, kind := range Kinds() {
		lower, err1 := New(start.Game(), kind, Options{Seed: 5, Nodes: 300})
		upper, err2 := New(start.Game(), strings.ToUpper(kind[:1])+kind[1:], Options{Seed: 5, Nodes: 300})
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", kind, err1, err2)
		}
		a, _ := lower.Choose(start)
		b, _ := upper.Choose(start)
		if a != b || a == "" {
			t.Errorf("%s chooses %q, written with a capital %q", kind, a, b)
		}
	}
	other := hops.NewGame("chess", "Chess", [2]string{"A", "B"}, func(hops.Side) fake { return fake{} },
		func(string) (fake, error) { return fake{}, nil }, func(string) (fakeMove, error) { return 0, nil })
	if _, err := New(other, KindRandom, Options{}); err == nil {
		t.Error("New of a game not in the registry")
	}
	if _, err := New(nil, KindRandom, Options{}); err == nil {
		t.Error("New of no game")
	}
}

// TestChooseRefusesOtherStates: an agent of any kind, for any game, given
// no state (nil, or the zero games.State that JSON null decodes to) or a
// state of another game, answers an *hops.Error and plays nothing.
func TestChooseRefusesOtherStates(t *testing.T) {
	all := games.All()
	for i, g := range all {
		other := all[(i+1)%len(all)].Start(hops.First)
		for _, kind := range Kinds() {
			agent, err := New(g, kind, Options{Seed: 1, Nodes: 100})
			if err != nil {
				t.Fatal(err)
			}
			for name, s := range map[string]hops.State{"no state": nil, "the zero games.State": games.State{}, "another game's state": other} {
				var move string
				var err error
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s %s: Choose(%s) panics: %v", g.Name, kind, name, r)
						}
					}()
					move, err = agent.Choose(s)
				}()
				var he *hops.Error
				if move != "" || !errors.As(err, &he) {
					t.Errorf("%s %s: Choose(%s) = %q, %v; want an *hops.Error", g.Name, kind, name, move, err)
				}
			}
		}
	}
}

// fake is a position type that no registered game uses.
type fake struct{ hops.Position[fake, fakeMove] }

type fakeMove int

func (fakeMove) String() string { return "" }
