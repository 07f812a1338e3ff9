package players

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// TestChooseViewPlaysAsTheTrueState (B4): every player of Brouillard,
// asked through ChooseView with the view of the side to move, makes the
// move it makes when shown the true state, with the same seed: a client
// that knows only its view plays as well as a server that knows all.
func TestChooseViewPlaysAsTheTrueState(t *testing.T) {
	opt := Options{Nodes: 600, Seed: 5}
	cases := hiddenCases(t)
	for name, build := range brouillardPlayers(opt) {
		t.Run(name, func(t *testing.T) {
			for _, p := range cases {
				s, v := stateAndView(t, p)
				want, err := build().Choose(s)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ChooseView(build(), v)
				if err != nil {
					t.Fatalf("ChooseView in %s: %v", v, err)
				}
				if got != want {
					t.Errorf("in %s: ChooseView chose %s, the true state %s", v, got, want)
				}
			}
		})
	}
}

// TestChooseViewHandsAStateOfTheView: the state an Agent is given is one
// the view allows, and the same view gives it the same state.
func TestChooseViewHandsAStateOfTheView(t *testing.T) {
	for _, p := range hiddenCases(t) {
		_, v := stateAndView(t, p)
		var seen []string
		spy := AgentFunc(func(s hops.State) (string, error) {
			w, err := games.ViewOf(s, v.Viewer())
			if err != nil {
				return "", err
			}
			if w.String() != v.String() {
				t.Errorf("the agent was given a state whose view is %s, not %s", w, v)
			}
			seen = append(seen, s.String())
			return v.Moves()[0], nil
		})
		for range 2 {
			if _, err := ChooseView(spy, v); err != nil {
				t.Fatal(err)
			}
		}
		if len(seen) != 2 || seen[0] != seen[1] {
			t.Errorf("one view gave the states %q", seen)
		}
	}
}

// TestChooseViewRefuses: what ChooseView cannot ask is refused with an
// *hops.Error that says why, and a move the agent makes up is checked.
func TestChooseViewRefuses(t *testing.T) {
	p := hiddenCases(t)[0]
	s, v := stateAndView(t, p)
	notMyTurn, err := games.ViewOf(s, p.ToMove().Other())
	if err != nil {
		t.Fatal(err)
	}
	dealt, err := games.Deal(brouillard.Game, hops.First, newRand(3))
	if err != nil {
		t.Fatal(err)
	}
	end := statePlayout(dealt, newRand(4), 100000)
	finished, err := games.ViewOf(end, end.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	if !finished.Outcome().Over || finished.ToMove() != finished.Viewer() {
		t.Fatalf("%s: want a finished game with the viewer to move", finished)
	}
	random, err := New(brouillard.Game, KindRandom, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	madeUp := AgentFunc(func(hops.State) (string, error) { return "A1-A2", nil })
	for _, c := range []struct {
		name string
		a    Agent
		v    games.View
		rule string
		says string
	}{
		{"no agent", nil, v, "", "no agent"},
		{"zero view", random, games.View{}, "", "zero View"},
		{"not the viewer's turn", random, notMyTurn, "G6", "own turn only"},
		{"finished", random, finished, "G6", ""},
		{"made-up move", madeUp, v, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := ChooseView(c.a, c.v)
			var he *hops.Error
			if !errors.As(err, &he) {
				t.Fatalf("got %q, %v: want an *hops.Error", m, err)
			}
			if m != "" {
				t.Errorf("got the move %q with the error %v", m, err)
			}
			if c.rule != "" && he.Rule != c.rule {
				t.Errorf("%v: want rule %s", err, c.rule)
			}
			if !strings.Contains(err.Error(), c.says) {
				t.Errorf("%v: want it to say %q", err, c.says)
			}
		})
	}
	if _, err := ChooseView(random, finished); !errors.Is(err, ErrNoMove) {
		t.Errorf("a finished game: %v, want ErrNoMove", err)
	}
}

// stateAndView returns p as a State and the view of its side to move.
func stateAndView(t *testing.T, p brouillard.Position) (hops.State, games.View) {
	t.Helper()
	s, err := brouillard.Game.State(p)
	if err != nil {
		t.Fatal(err)
	}
	v, err := games.ViewOf(s, p.ToMove())
	if err != nil {
		t.Fatal(err)
	}
	return s, v
}
