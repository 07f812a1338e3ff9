package catchit_test

import (
	"fmt"

	"github.com/hopsgames/hops/catchit"
)

// Can the side to move carry the ball off the board this turn? Blue's
// carrier on D6 can jump out over a Red pawn of rank 7 (K6), written
// D6-out.
func ExamplePosition_CanWinNow() {
	p, _ := catchit.Parse("rrr1rrr/3B3/7/7/7/3r3/bbb1bbb b")
	fmt.Println(p.CanWinNow())
	wins := 0
	for m := range p.Moves() {
		if m.Wins() {
			wins++ // D6-out, or another pawn's displacement then D6-out
		}
	}
	fmt.Println(wins, "winning turns")
	fmt.Println(catchit.Start().CanWinNow())
	// Output:
	// true
	// 23 winning turns
	// false
}

// Reflecting the board left to right maps the game onto itself: the
// mirrored move plays in the mirrored position and leads to the mirrored
// successor.
func ExamplePosition_Mirror() {
	p := catchit.Start()
	m, _ := catchit.ParseMove("B1-C2 D1-D2")
	q, err := p.Play(m)
	fmt.Println(q, err)
	mq, err := p.Mirror().Play(m.Mirror())
	fmt.Println(m.Mirror(), mq, err, mq == q.Mirror())
	// Output:
	// rrrrrrr/7/7/7/7/2bB3/b1b1bbb r <nil>
	// F1-E2 D1-D2 rrrrrrr/7/7/7/7/3Bb2/bbb1b1b r <nil> true
}
