package zapita

import hops "github.com/hopsgames/hops"

var (
	_ hops.UI[Move]           = Position{}
	_ hops.Analysis[Position] = Position{}
)

var pawnNames = [3]string{"pawn 1", "pawn 2", "pawn 3"}

// At says what stands on square sq in every game's terms (see hops.UI):
// a pawn, named "pawn 1" to "pawn 3" by its power, or the bomb, a neutral
// piece named "bomb" with the letter '*'. Pawn gives a pawn's side and
// power as numbers.
func (p Position) At(sq hops.Square) (hops.Piece, bool) {
	if side, power, ok := p.Pawn(sq); ok {
		return hops.Piece{Side: side, Letter: p.letter(sq), Name: pawnNames[power-1]}, true
	}
	if sq == p.bomb && board.Contains(sq) {
		return hops.Piece{Neutral: true, Letter: '*', Name: "bomb"}, true
	}
	return hops.Piece{}, false
}

// HasMoves reports whether the side to move has a legal move (G6): false
// once the game is over. It stops at the first pawn found with a step or
// a jump and generates no move.
func (p Position) HasMoves() bool { return p.hasMove() }

// Key returns the whole position packed into a hops.StateKey: two
// positions have the same key exactly when they are equal, so a key
// identifies a position without the collisions a Hash may have.
func (p Position) Key() hops.StateKey {
	occ := p.occupied()
	k := hops.StateKey{uint64(occ) | uint64(p.bomb&63)<<56 | uint64(p.side&1)<<62}
	shift := 0
	for b := occ; b != 0; b &= b - 1 {
		sq := b.First()
		side, power, _ := p.Pawn(sq)
		k[1] |= uint64(int(side)*3+power-1) << shift
		shift += 3
	}
	return k
}
