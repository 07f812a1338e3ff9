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

// Build Fig. 5 bis's displacement click by click, taking the ball as
// the pawn jumps the carrier on D2, then a second displacement.
func ExamplePosition_Build() {
	p, _ := catchit.Parse("rrr2rr/7/1r5/7/2b3b/3Br2/bb3bb r")
	e2, _ := hops.Board7.ParseSquare("E2")
	fmt.Println("E2 may end on", p.Destinations(e2).Count(), "squares")
	var clicks []hops.Click
	for _, text := range []string{"E2", "xC2", "C4", "A6", "B5", "A4"} {
		c, _ := hops.ParseClick(text)
		clicks = append(clicks, c)
		b, err := p.Build(clicks)
		switch {
		case err != nil:
			fmt.Println(err)
		case b.Complete:
			fmt.Println(clicks, "completes", b.Move)
		default:
			fmt.Println(clicks, "offers", b.Next)
		}
	}
	// Output:
	// E2 may end on 9 squares
	// [E2] offers [D1 E1 C2 xC2 F2 D3 E3 F3]
	// [E2 xC2] offers [C4 B5 A7 B7 C7 F7 G7 out]
	// [E2 xC2 C4] offers [B5 A6 A7 B7 C7 F7 G7]
	// [E2 xC2 C4 A6] offers [B5 A7 B7 C7 F7 G7]
	// [E2 xC2 C4 A6 B5] offers [A4 B4 C4 A5 C5 B6 C6]
	// [E2 xC2 C4 A6 B5 A4] completes E2xC2-C4-A6 B5-A4
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
