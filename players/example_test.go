package players_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
)

// A searching player written against hops.Position plays any game with
// the evaluation it is given; here Blue's carrier stands on the last rank
// and the player takes the win (K3, K6).
func ExampleSearcher() {
	p, _ := catchit.Parse("3B3/7/7/7/rrrrrrr/7/bbbbbb1 b")
	s := players.NewSearcher[catchit.Position, catchit.Move](players.CatchitEval, players.Options{Nodes: 2000, Seed: 1})
	m, err := s.Move(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	next, _ := p.Play(m)
	o := next.Outcome()
	fmt.Println(catchit.SideName(o.Winner), "wins", o.Rule)
	// Output:
	// Blue wins K3
}

// New builds a player of any game by kind; an Agent works on states and
// move texts, as a server or a command-line program needs.
func ExampleNew() {
	g, _ := games.ByName("zapita")
	a, _ := players.New(g, players.KindRandom, players.Options{Seed: 7})
	s := g.Start(hops.First)
	for range 4 {
		m, _ := a.Choose(s)
		fmt.Println(m)
		s, _ = s.Play(m)
	}
	// Output:
	// G3-F4
	// A7-B7
	// G6-F7
	// A6-B5
}
