package brouillard

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var (
	_ hops.UI[Move] = Position{}
	_ hops.UI[Move] = View{}
)

// turnedNames are the names of pawns turned over (B8), by kind.
var turnedNames = [...]string{Blank: "Blank, turned over", Nine: "Nine, turned over", Ten: "Ten, turned over",
	Jack: "Jack, turned over", Queen: "Queen, turned over", King: "King, turned over"}

// at is At of a Position and of a View.
func (st *state) at(s hops.Square) (hops.Piece, bool) {
	if side, ok := st.fouAt(s); ok {
		return hops.Piece{Side: side, Letter: "Ff"[side], Name: "Fou"}, true
	}
	side, k, turned, ok := st.pawn(s)
	if !ok {
		return hops.Piece{}, false
	}
	l, _ := st.letter(s)
	name := k.String()
	if turned && int(k) < len(turnedNames) {
		name = turnedNames[k]
	}
	return hops.Piece{Side: side, Letter: l, Name: name}, true
}

// At says what stands on square s in every game's terms (see hops.UI):
// a Fou, named "Fou" with the letter 'F' or 'f', or a pawn named by its
// kind ("Blank", "Nine" ... "King"), followed by ", turned over" once
// turned over (B8), with its letter in the position text (B11). Pawn
// gives a pawn's kind as a Kind.
func (p Position) At(s hops.Square) (hops.Piece, bool) { return p.st.at(s) }

// At says what stands on square s as the viewer knows it (see
// Position.At): an opposing pawn never turned over is named "hidden
// pawn", with the letter 'P' or 'p' (B12).
func (v View) At(s hops.Square) (hops.Piece, bool) { return v.st.at(s) }

// HasMoves reports whether the side to move has a legal decision (G6,
// B9): false once the game is over. It looks for one Fou move, after at
// most one pawn move, and generates no decision.
func (p Position) HasMoves() bool { return p.st.hasMove() }

// HasMoves reports whether the side to move has a legal decision, as
// the true position does.
func (v View) HasMoves() bool { return v.st.hasMove() }

// Key returns the whole position packed into a hops.StateKey: two
// positions have the same key exactly when they are equal, so a key
// identifies a position without the collisions a Hash may have.
func (p Position) Key() hops.StateKey { return p.st.key() }

// key packs the state: the occupied squares, the Fous, the side and the
// phase in the first word; then 5 bits a pawn, in square order (its code
// and whether it is turned over), over the second and third words; the
// captured counts at the top of the third.
func (st *state) key() hops.StateKey {
	occ := st.pawns[0] | st.pawns[1]
	var plus uint64
	if st.plus {
		plus = 1
	}
	k := hops.StateKey{uint64(occ) | uint64(st.fou[0]&63)<<55 | plus<<61 | uint64(st.side&1)<<62}
	k[2] = uint64(st.fou[1]&63)<<48 | uint64(min(st.captured[0], 7))<<56 | uint64(min(st.captured[1], 7))<<59
	bit := 0
	for b := occ; b != 0; b &= b - 1 {
		s := b.First()
		c := uint64(st.sq[s] & 15)
		if st.revealed.Has(s) {
			c |= 16
		}
		if bit < 64 {
			k[1] |= c << bit
			if bit > 59 {
				k[2] |= c >> (64 - bit)
			}
		} else {
			k[2] |= c << (bit - 64)
		}
		bit += 5
	}
	return k
}

// Mirror returns the position reflected left to right (file A becomes
// file G), with the same side to move, captures and phase. The
// reflection keeps the chequer of B1 (a dark square stays dark), the
// home squares of B3 and the Fous' start squares, so it plays the same
// game: the reflection of each of this position's moves (Move.Mirror)
// is legal there and leads to the reflection of the position it leads
// to, though its written form may differ from the one the reflection
// generates (Canonical gives that one). The zero Position, no game,
// mirrors to itself.
func (p Position) Mirror() Position {
	if p == (Position{}) {
		return p // no game: nothing to reflect, and its text reads back
	}
	st := p.st
	q := st
	q.sq = [64]uint8{}
	for b := st.pawns[0] | st.pawns[1]; b != 0; b &= b - 1 {
		s := b.First()
		q.sq[bd.MirrorFiles(s)] = st.sq[s]
	}
	for side := range 2 {
		q.pawns[side] = engine.MapSquares(st.pawns[side], bd.MirrorFiles)
		if bd.Contains(st.fou[side]) {
			q.fou[side] = bd.MirrorFiles(st.fou[side])
		}
	}
	q.revealed = engine.MapSquares(st.revealed, bd.MirrorFiles)
	return Position{st: q}
}

// Mirror returns the decision reflected left to right (file A becomes
// file G), the decision that Position.Mirror's position makes in its
// place.
func (m Move) Mirror() Move {
	return Move{pawn: m.pawn.Map(bd.MirrorFiles), fou: m.fou.Map(bd.MirrorFiles)}
}
