package games

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
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
	}
	if _, ok := ByName("chess"); ok {
		t.Error("ByName(chess)")
	}
	other := hops.NewGame("catchit", "Copy", [2]string{"A", "B"}, func(hops.Side) fake { return fake{} },
		func(string) (fake, error) { return fake{}, nil }, func(string) (fakeMove, error) { return 0, nil })
	if _, err := Perft(other.Start(hops.First), 1); err == nil {
		t.Error("Perft of a game not in the registry")
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
			if v.Viewer() != side || !slices.Equal(v.Moves(), moves) {
				t.Fatalf("ply %d: %v's view has moves %v, the truth %v", ply, side, v.Moves(), moves)
			}
			hidden := "P"
			if side == hops.First {
				hidden = "p"
			}
			if ply == 0 && !strings.Contains(v.String(), hidden) {
				t.Errorf("%v's view %q hides nothing", side, v.String())
			}
			if err := v.Validate(moves[0]); err != nil {
				t.Errorf("Check(%s) = %v", moves[0], err)
			}
			if err := v.Validate("A1-A2"); err == nil {
				t.Error("Check accepted A1-A2")
			}
			if err := v.Validate("nonsense"); err == nil {
				t.Error("Check accepted nonsense")
			}
		}
		if s, err = s.Play(moves[r.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReplayFindsTheGame: Replay picks the game from the record's Game
// tag and refuses a record of a game it does not know.
func TestReplayFindsTheGame(t *testing.T) {
	for _, g := range All() {
		s := g.Start(hops.Second)
		rec := hops.NewRecorder(s)
		for range 3 {
			if _, err := rec.Play(rec.State().Moves()[0]); err != nil {
				t.Fatal(err)
			}
		}
		states, err := Replay(rec.Record())
		if err != nil || len(states) != 4 || states[3].String() != rec.State().String() {
			t.Errorf("%s: Replay = %d states, %v", g.Name, len(states), err)
		}
	}
	if _, err := Replay(&hops.Record{Game: "chess", Start: "x", Result: "*"}); hops.RuleOf(err) != "" || err == nil || !strings.Contains(err.Error(), "tag Game") {
		t.Errorf("Replay of a chess record: %v", err)
	}
}
