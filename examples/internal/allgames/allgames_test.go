package allgames

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/examples/internal/player"
)

func TestRegistry(t *testing.T) {
	if got := strings.Join(Names(), " "); got != "zapita catchit coir brouillard" {
		t.Fatalf("Names = %s", got)
	}
	for _, g := range All() {
		if h, ok := ByName(strings.ToUpper(g.Name)); !ok || h != g {
			t.Errorf("ByName(%s) = %v, %v", g.Name, h, ok)
		}
		for _, side := range []hops.Side{hops.First, hops.Second} {
			s := g.Start(side)
			if s.ToMove() != side || s.Game() != g || s.Outcome().Over {
				t.Errorf("%s: start with %v: %v", g, side, s)
			}
			d, err := Deal(g, side, rand.New(rand.NewPCG(1, 2)))
			if err != nil || d.ToMove() != side || d.Game() != g {
				t.Errorf("%s: Deal: %v %v", g, d, err)
			}
			if Hidden(g) != (g.Name == "brouillard") {
				t.Errorf("%s: Hidden = %v", g, Hidden(g))
			}
		}
		n, err := Perft(g.Start(hops.First), 2)
		if err != nil {
			t.Fatal(err)
		}
		div, err := Divide(g.Start(hops.First), 2)
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, d := range div {
			sum += d.Nodes
		}
		if sum != n || len(div) != len(g.Start(hops.First).Moves()) {
			t.Errorf("%s: perft(2) = %d, divide sums to %d over %d moves", g, n, sum, len(div))
		}
		if _, err := NewAgent(g, "clever", player.Options{}); err == nil {
			t.Errorf("%s: unknown kind of player accepted", g)
		}
	}
	if _, ok := ByName("chess"); ok {
		t.Error("ByName(chess)")
	}
	other := hops.NewGame("catchit", "Copy", [2]string{"A", "B"}, func(hops.Side) fake { return fake{} },
		func(string) (fake, error) { return fake{}, nil }, func(string) (fakeMove, error) { return 0, nil })
	if _, err := Perft(other.Start(hops.First), 1); err == nil {
		t.Error("Perft of a game not in the registry")
	}
	if _, err := NewAgent(other, Random, player.Options{}); err == nil {
		t.Error("NewAgent of a game not in the registry")
	}
	if _, err := ViewOf(other.Start(hops.First), hops.First); err == nil {
		t.Error("ViewOf of a game not in the registry")
	}
	g, _ := ByName("coir")
	if _, err := ViewOf(g.Start(hops.First), hops.First); err == nil {
		t.Error("ViewOf of a game without hidden pieces")
	}
}

// fake is a position type that no registered game uses.
type fake struct{ hops.Position[fake, fakeMove] }

type fakeMove int

func (fakeMove) String() string { return "" }

func TestBrouillardViews(t *testing.T) {
	g, _ := ByName("brouillard")
	s, err := Deal(g, hops.First, rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for ply := 0; ply < 40 && !s.Outcome().Over; ply++ {
		moves := s.Moves()
		for _, side := range []hops.Side{hops.First, hops.Second} {
			v, err := ViewOf(s, side)
			if err != nil {
				t.Fatal(err)
			}
			if v.Side != side || !slices.Equal(v.Moves, moves) {
				t.Fatalf("ply %d: %v's view has moves %v, the truth %v", ply, side, v.Moves, moves)
			}
			hidden := "P"
			if side == hops.First {
				hidden = "p"
			}
			if ply == 0 && !strings.Contains(v.Text, hidden) {
				t.Errorf("%v's view %q hides nothing", side, v.Text)
			}
			if err := v.Check(moves[0]); err != nil {
				t.Errorf("Check(%s) = %v", moves[0], err)
			}
			if err := v.Check("A1-A2"); err == nil {
				t.Error("Check accepted A1-A2")
			}
			if err := v.Check("nonsense"); err == nil {
				t.Error("Check accepted nonsense")
			}
		}
		if s, err = s.Play(moves[r.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
}

// match plays one game between two agents, first-side agent first, and
// returns the final state and the number of moves played.
func match(t *testing.T, g *hops.Game, seed uint64, agents [2]player.Agent, maxPlies int) (hops.State, int) {
	t.Helper()
	s, err := Deal(g, hops.First, rand.New(rand.NewPCG(seed, 99)))
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
	const games, maxPlies = 50, 300
	budget := 400
	if testing.Short() {
		budget = 200
	}
	var table []string
	for _, g := range All() {
		t.Run(g.Name, func(t *testing.T) {
			wins, unfinished, plies := 0, 0, 0
			for i := range games {
				seed := uint64(1000 + i)
				searcher := hops.Side(i & 1)
				var agents [2]player.Agent
				var err error
				if agents[searcher], err = NewAgent(g, Search, player.Options{Nodes: budget, Seed: seed}); err != nil {
					t.Fatal(err)
				}
				if agents[searcher.Other()], err = NewAgent(g, Random, player.Options{Seed: seed}); err != nil {
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
				g.Name, wins, games-wins-unfinished, unfinished, games, float64(plies)/games)
			t.Log(row)
			table = append(table, row)
			if wins*10 < games*9 {
				t.Errorf("the searching player won %d of %d games", wins, games)
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
	g, _ := ByName("brouillard")
	r := rand.New(rand.NewPCG(8, 8))
	white := brouillard.RandomArrangement(r)
	compared := 0
	for range 5 {
		var states [2]hops.State
		var agents [2]player.Agent
		for i := range states {
			p, err := brouillard.NewGame(white, brouillard.RandomArrangement(r))
			if err != nil {
				t.Fatal(err)
			}
			if states[i], err = g.Parse(p.String()); err != nil {
				t.Fatal(err)
			}
			if agents[i], err = NewAgent(g, Search, player.Options{Nodes: 400, Seed: 5}); err != nil {
				t.Fatal(err)
			}
		}
		for ply := 0; ply < 20 && !states[0].Outcome().Over; ply++ {
			v0, _ := ViewOf(states[0], brouillard.White)
			v1, _ := ViewOf(states[1], brouillard.White)
			if v0.Text != v1.Text {
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
				t.Fatalf("same view %s, White plays %s in one game, %s in the other", v0.Text, moves[0], moves[1])
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
