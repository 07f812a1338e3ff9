package catchit_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// Set up the start position and print it.
func Example() {
	p := catchit.Start()
	fmt.Println(p)
	fmt.Print(p.Diagram())
	fmt.Println(p.CountMoves(), "turns")
	// Output:
	// rrrrrrr/7/7/7/7/7/bbbBbbb b
	// 7 r r r r r r r
	// 6 . . . . . . .
	// 5 . . . . . . .
	// 4 . . . . . . .
	// 3 . . . . . . .
	// 2 . . . . . . .
	// 1 b b b B b b b
	//   A B C D E F G
	// Blue to move
	// 100 turns
}

// List what one pawn may do as the first displacement of a turn, and
// what may follow one of them.
func ExamplePosition_FirstDisplacements() {
	p, _ := catchit.Parse("rrr2rr/7/1r5/7/2b3b/3Br2/bb3bb r")
	e2, _ := hops.Board7.ParseSquare("E2")
	fmt.Println(p.FirstDisplacements(e2))
	first, _ := hops.ParsePath(hops.Board7, "E2xC2-C4-A6")
	seconds, _ := p.SecondDisplacements(first)
	fmt.Println(len(seconds), "second displacements, such as", seconds[0])
	// Output:
	// [E2-D1 E2-E1 E2-F2 E2-D3 E2-E3 E2-F3 E2-C2 E2-C2-C4 E2-C2-C4-A6 E2xC2 E2xC2-C4 E2xC2-C4-A6 E2xC2-out]
	// 24 second displacements, such as B5-A4
}

// Validate a turn that moves the ball twice.
func ExamplePosition_Validate() {
	p := catchit.Start()
	m, _ := catchit.ParseMove("D1-D2 C1xE3")
	fmt.Println(p.Validate(m))
	m, _ = catchit.ParseMove("A1-A2 B1-B2")
	fmt.Println(p.Validate(m))
	// Output:
	// second displacement C1xE3: jump 1 C1-E3: the ball was already moved this turn (K8)
	// second displacement B1-B2: the attacker must move the ball once this turn, by displacing the carrier or taking the ball with another pawn (K8)
}

// Play a whole game between two players that win when they can and
// otherwise pick a turn at random.
func Example_game() {
	rng := rand.New(rand.NewPCG(1, 2))
	p := catchit.Start()
	var moves []catchit.Move
	turns := 0
	for !p.Outcome().Over {
		moves = p.AppendMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		for _, w := range moves {
			if w.Wins() {
				m = w
				break
			}
		}
		p, _ = p.Play(m)
		turns++
	}
	fmt.Println(turns, "turns")
	o := p.Outcome()
	fmt.Printf("%s wins: %s (%s)\n", catchit.SideName(o.Winner), o.Reason, o.Rule)
	fmt.Println(p)
	// Output:
	// 5 turns
	// Blue wins: Blue carried the ball beyond rank 7 (K3)
	// rr4r/2rr2r/2r4/7/3bb2/5b1/b1b1b2 r
}
