package coir

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var (
	_ hops.UI[Move]           = Position{}
	_ hops.Analysis[Position] = Position{}
)

// At says what stands on square s in every game's terms (see hops.UI): a
// pawn named "pawn", owned by the side whose colour it shows (C1), with
// its letter in the position text ('w' or 'b', C8). Pawn gives the side
// alone.
func (p Position) At(s hops.Square) (hops.Piece, bool) {
	side, ok := p.Pawn(s)
	if !ok {
		return hops.Piece{}, false
	}
	return hops.Piece{Side: side, Letter: "wb"[side], Name: "pawn"}, true
}

// HasMoves reports whether the side to move has a legal move (G6): false
// once the game is over. It stops at the first pawn found with a step or
// a jump and generates no move.
func (p Position) HasMoves() bool { return p.hasMove() }

// Key returns the whole position packed into a hops.StateKey: two
// positions have the same key exactly when they are equal, so a key
// identifies a position without the collisions a Hash may have.
func (p Position) Key() hops.StateKey {
	return hops.StateKey{uint64(p.white), uint64(p.black), uint64(p.side & 1)}
}

// Mirror returns the position reflected left to right (file A becomes
// file F), with the same side to move. The rules know no file, so the
// reflection plays the same game: the reflection of each of this
// position's moves (Move.Mirror) is legal there and leads to the
// reflection of the position it leads to, though its written form may
// differ from the one the reflection generates (Canonical gives that
// one). The main start of C2 is its own
// reflection; the variant's is not (its pawns on A1, C1, E1 go to F1, D1,
// B1).
func (p Position) Mirror() Position {
	return Position{
		white: engine.MapSquares(p.white, board.MirrorFiles),
		black: engine.MapSquares(p.black, board.MirrorFiles),
		side:  p.side,
	}
}

// Mirror returns the move reflected left to right (file A becomes file
// F), the move that Position.Mirror's position plays in its place.
func (m Move) Mirror() Move {
	q := m
	for i := range int(m.n) {
		q.sq[i] = mirrorSquare(m.sq[i])
	}
	if m.hasStep {
		q.from, q.to = mirrorSquare(m.from), mirrorSquare(m.to)
	}
	return q
}

// mirrorSquare reflects a square of the board left to right and leaves any
// other value (from a move built by hand) as it is.
func mirrorSquare(s hops.Square) hops.Square {
	if !board.Contains(s) {
		return s
	}
	return board.MirrorFiles(s)
}
