package players_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
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

// A FogSearcher decides from one player's view: here White's Fou stands
// next to a Red pawn whose face White has never seen. Turning it over
// finds the Nine with a chance of one in seven, and shows a face
// otherwise: no quiet decision is worth as much, and White shoots (B5,
// B8), here after a pawn move that costs nothing.
func ExampleFogSearcher() {
	p, _ := brouillard.Parse("1x1n2f/t1j4/1q1k3/x2F3/7/X1Q1J1K/1N1T1X1 w 0 0 -")
	view := p.View(brouillard.White)
	fmt.Println(view)
	r, err := players.NewFogSearcher(players.Options{Seed: 1}).SearchView(view)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, reveal, _ := p.PlayReveal(r.Move)
	fmt.Println(r.Move, "shows", reveal)
	// Output:
	// 1p1p2f/p1p4/1p1p3/p2F3/7/X1Q1J1K/1N1T1X1 w 0 0 -
	// A2-B3 D4xD6 shows D5 King
}

// A client of a game server knows only its own view: ChooseView asks any
// player for a move from it, here White's view of ExampleFogSearcher's
// position read from its text, and checks the move against the view.
func ExampleChooseView() {
	v, err := games.ParseView("brouillard", "1p1p2f/p1p4/1p1p3/p2F3/7/X1Q1J1K/1N1T1X1 w 0 0 -", hops.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := players.New(v.Game(), players.KindSearch, players.Options{Seed: 1})
	m, err := players.ChooseView(a, v)
	fmt.Println(m, err)
	// Output:
	// A2-B3 D4xD6 <nil>
}

// A searcher given a true Brouillard position looks at it only through
// the view of the side to move (B4). Here Red's target is White's King,
// hidden on D3 or on E2: the same view would get the same move whichever
// it is. SearchOmniscient reads the hidden faces and takes the King: it
// cheats, and serves only to analyse a game.
func ExampleSearcher_SearchOmniscient() {
	p, _ := brouillard.Parse("1k!3x1/q!3x2/F4j1/7/3K1t1/4X2/1X!f4 r 1 4 -")
	fmt.Println(p.View(brouillard.Red))
	s := players.NewSearcher[brouillard.Position, brouillard.Move](players.BrouillardEval, players.Options{Nodes: 2000, Seed: 1})
	for _, search := range []func(brouillard.Position) (players.Result[brouillard.Move], error){s.Search, s.SearchOmniscient} {
		r, err := search(p)
		if err != nil {
			fmt.Println(err)
			return
		}
		next, _ := p.Play(r.Move)
		fmt.Println(r.Move, "-", next.Outcome())
	}
	// Output:
	// 1k!3x1/q!3x2/F4j1/7/3P1t1/4P2/1X!f4 r 1 4 -
	// F3-D1 C1-E1xE3 - game goes on
	// F3-D1 C1-E1-E3xC3 - Red wins: Red captured the White King (B5)
}
