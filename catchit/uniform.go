package catchit

import hops "github.com/hopsgames/hops"

var _ hops.UI[Move] = Position{}

// At says what stands on square s in every game's terms (see hops.UI): a
// pawn named "pawn", or "carrier" when it carries the ball, with its
// letter in the position text ('b', 'B', 'r' or 'R', K11). Pawn gives the
// same as a side and a flag.
func (p Position) At(s hops.Square) (hops.Piece, bool) {
	side, carrier, ok := p.Pawn(s)
	if !ok {
		return hops.Piece{}, false
	}
	pc := hops.Piece{Side: side, Letter: "br"[side], Name: "pawn"}
	if carrier {
		pc.Letter, pc.Name = "BR"[side], "carrier"
	}
	return pc, true
}

// CanWinNow reports whether the side to move has a turn that wins at
// once by carrying the ball off the board beyond its goal edge (K3, K6):
// the carrier leaving, in its own displacement or after another pawn's,
// or a pawn that jumps the carrier, takes the ball and leaves with it. A
// win because the opponent is left without a legal turn (G6) is not
// looked for. It stops at the first winning turn, but may generate every
// turn to find none (a few microseconds, see Moves).
func (p Position) CanWinNow() bool {
	if p.carrier() == hops.NoSquare {
		return false
	}
	for m := range p.Moves() {
		if m.Wins() {
			return true
		}
	}
	return false
}

// Mirror returns the move reflected left to right (file A to file G), the
// move that Position.Mirror's position plays in its place. Leaving the
// board stays "out".
func (m Move) Mirror() Move {
	return Move{first: m.first.Map(board.MirrorFiles), second: m.second.Map(board.MirrorFiles)}
}
