package zapita

import hops "github.com/hopsgames/hops"

// Wins reports whether the move wins at once (Z3): its last throw brings
// the bomb to rest on a headquarters. A legal move never rests the bomb
// on the mover's own headquarters (Z5), so any headquarters it rests on
// is the opponent's. Players use it to spot a win without playing the
// move.
func (m Move) Wins() bool {
	r := m.Rest()
	return r == KhakiHQ || r == WhiteHQ
}

// Takers returns the pawns of side s that could end a move on the bomb's
// square if s had the move in p (Z4): those next to the bomb, which step
// onto it, and those with a multi-jump whose last jump lands on it. A
// pawn among them may still have no legal throw from there (Z5); see
// BombRests. It is empty once the game is over.
func (p Position) Takers(s hops.Side) hops.Bitboard {
	if p.over() {
		return 0
	}
	own := p.Pawns(s)
	takers := neighbours[p.bomb] & own
	// Jumps can be followed backwards: a jump from x over a pawn to y
	// exists exactly when one from y to x does. Flood from the bomb over
	// the empty squares (where a chain may land on its way) and stop at
	// the side's pawns, which are the candidate movers. No chain jumps
	// over its own start: a jump keeps the parity of the file and of the
	// rank, and the square jumped over differs from both ends in one of
	// them, so the start, occupied in the flood and left in the move,
	// never stands in the way.
	occ := p.occupied()
	rules := hops.JumpRules{
		Board: board,
		Dirs:  hops.AllDirs,
		Over:  occ,
		Land:  allSquares &^ occ &^ p.bomb.Bit(),
		Final: own,
	}
	return takers | rules.ReachEnds(p.bomb)&own
}

// BombRests returns the squares where side s could bring the bomb to
// rest with one move if s had the move in p: the union, over the pawns
// that can take the bomb (Takers), of the ends of their throw chains (Z5,
// Z6). It holds the opponent's headquarters exactly when s has a move
// that wins at once. Players use it to see, without generating the moves,
// what each side threatens to do with the bomb. It is empty once the game
// is over.
func (p Position) BombRests(s hops.Side) hops.Bitboard {
	q := p
	q.side = s & 1
	var rests hops.Bitboard
	for t := q.Takers(s); t != 0; t &= t - 1 {
		rests |= q.restsFrom(t.First())
	}
	return rests
}

// CanWinNow reports whether the side to move has a move that wins at
// once (Z3): a pawn that takes the bomb and throws it, with or without
// relays, to rest on the opponent's headquarters.
func (p Position) CanWinNow() bool {
	return p.BombRests(p.side).Has(HQ(p.side.Other()))
}
