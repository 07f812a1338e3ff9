package zapita_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/zapita"
)

// Build a position from its pieces: the start with the bomb moved to E4
// and Khaki to move.
func ExampleSetup() {
	s := zapita.Start().Setup()
	s.Bomb = hops.SquareAt(4, 3) // E4
	s.ToMove = zapita.Khaki
	p, err := s.Position()
	fmt.Println(p, err)
	s.Bomb, s.ToMove = zapita.KhakiHQ, zapita.White // White won: Khaki must be to move
	_, err = s.Position()
	fmt.Println(err)
	// Output:
	// a5A/b5B/c5C/4*2/c5C/b5B/a5A k <nil>
	// side: the bomb rests on Khaki's headquarters, so White won with the last move and cannot be the side to move (Z3)
}

// What stands on a square, in every game's terms and in Zapita's own.
func ExamplePosition_At() {
	p := zapita.Start()
	for _, sq := range []hops.Square{hops.SquareAt(6, 2), hops.SquareAt(3, 3), hops.SquareAt(3, 2)} {
		pc, ok := p.At(sq)
		side, power, pawn := p.Pawn(sq)
		fmt.Printf("%s: %q %s %v; pawn %v of power %d, %v\n", sq, pc.Letter, pc.Name, ok, side, power, pawn)
	}
	// Output:
	// G3: 'C' pawn 3 true; pawn first of power 3, true
	// D4: '*' bomb true; pawn first of power 0, false
	// D3: '\x00'  false; pawn first of power 0, false
}
