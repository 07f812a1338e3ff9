package coir_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

// Build a position from its pawns, then read them back.
func ExampleSetup() {
	b := hops.Board6
	s := coir.Setup{Pawns: [2]hops.Bitboard{b.RankSquares(0) | b.RankSquares(1), 0}, ToMove: coir.Black}
	p, err := s.Position()
	fmt.Println(p, err) // Black, to move, has no pawn: White has won
	s.ToMove = coir.White
	_, err = s.Position()
	fmt.Println(err)
	fmt.Println(coir.StartVariant().Setup().Pawns[coir.Black])
	// Output:
	// 6/6/6/6/wwwwww/wwwwww b <nil>
	// side: Black, not to move, has no pawn: the game ended on Black's own turn, which cannot happen (C8)
	// {A5 C5 E5 B6 D6 F6}
}
