package hops_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
)

// A server answers a request for one page of the legal moves with
// CountMoves and MovesPage: only the texts of the page are built, however
// many moves the position has.
func ExampleState_MovesPage() {
	s := catchit.Game.Start(hops.First)
	fmt.Println(s.CountMoves(), "moves")
	fmt.Printf("%q\n", s.MovesPage(0, 3))
	fmt.Printf("%q\n", s.MovesPage(98, 5)) // the last page is short
	fmt.Printf("%q\n", s.MovesPage(100, 5))
	// Output:
	// 100 moves
	// ["A1-A2 D1-C2" "A1-A2 D1-D2" "A1-A2 D1-E2"]
	// ["F1-F2 D1-F1-F3" "F1-G2 D1-F1"]
	// []
}

// A random playout through State picks a move by its index: no move text
// is built or parsed, and it runs nearly as fast as the typed API.
func ExampleState_PlayIndex() {
	r := rand.New(rand.NewPCG(1, 2))
	s := coir.Game.Start(hops.First)
	for range 6 {
		n := s.CountMoves()
		if n == 0 {
			break
		}
		s, _ = s.PlayIndex(r.IntN(n))
	}
	fmt.Println(s)
	// Output:
	// 1bb1b1/1b2b1/w2b2/3w2/w3w1/1w2w1 w
}

// A program that holds a State of a game it knows (from a Game, a record,
// a request) goes to the typed API with As, and back with Game.State.
func ExampleAs() {
	s, _ := catchit.Game.Parse("rrrrrrr/7/7/7/7/2bB3/bb2bbb r")
	p, ok := hops.As[catchit.Position](s) // a catchit.Position
	fmt.Println(ok, p.Carrier())
	_, ok = hops.As[coir.Position](s)
	fmt.Println(ok)

	m, _ := catchit.ParseMove("A7-A6 B7-B6")
	next, _ := p.Play(m)
	back, _ := catchit.Game.State(next)
	fmt.Println(back.Game().SideName(back.ToMove()), "to move in", back)
	// Output:
	// true D2
	// false
	// Blue to move in 2rrrrr/rr5/7/7/7/2bB3/bb2bbb b
}

// Code written for every game asks a State what a search asks a typed
// position (hops.Analysis): whether a move wins at once, the exact key of
// the position, its mirror image. Here White's pawn on A1 can jump
// Black's last pawn and turn it (C3); in the mirror image the pawn on F1
// can.
func ExampleState_CanWinNow() {
	s, _ := coir.Game.Parse("wwwwww/wwww2/6/6/1b4/w5 w")
	fmt.Println(s.HasMoves(), s.CanWinNow())
	m, _ := s.Mirror()
	fmt.Println(m, m.CanWinNow())

	// A table of the positions met, by exact key.
	seen := map[hops.StateKey]string{}
	for _, t := range []hops.State{s, m, s} {
		k, _ := t.Key()
		if first, ok := seen[k]; ok {
			fmt.Println("met again:", first)
			continue
		}
		seen[k] = t.String()
	}
	// Output:
	// true true
	// wwwwww/2wwww/6/6/4b1/5w w true
	// met again: wwwwww/wwww2/6/6/1b4/w5 w
}
