package coir

import "github.com/hopsgames/hops"

// CanWinNow reports whether the side to move can turn every opposing
// pawn in its next move (C3). It first checks what any such move needs:
// every opposing pawn must be jumpable, with a square on each side of it
// in some direction that holds no opposing pawn (where the jumping pawn
// comes from and where it lands; turned pawns never move), which most
// positions fail at once. Otherwise it follows the multi-jumps of each
// own pawn (the Dame's flying jumps when only one is left, C6) until one
// turns them all; the step that ends a turn never turns a pawn, so it is
// not looked at. Players use it to spot wins and threats cheaply. A win
// because the opponent is left without a legal move (G6) is not looked
// for.
func (p Position) CanWinNow() bool {
	side := p.ToMove()
	own, opp := p.Pawns(side), p.Pawns(side.Other())
	if opp == 0 || own == 0 {
		return false
	}
	for b := opp; b != 0; b &= b - 1 {
		if !jumpable(b.First(), opp) {
			return false
		}
	}
	b6 := hops.Board6
	empty := b6.All() &^ (own | opp)
	var s hops.JumpSearch
	for b := own; b != 0; b &= b - 1 {
		from := b.First()
		r := hops.JumpRules{Board: b6, Dirs: hops.AllDirs, Over: (own | opp) &^ from.Bit(), Turn: opp, Land: empty | from.Bit()}
		if own&(own-1) == 0 { // a lone pawn is a Dame
			r.Over, r.Flying = opp, true
		}
		s.Reset(&r, from)
		for s.Next() {
			if s.Turned() == opp {
				return true
			}
		}
	}
	return false
}

// jumpable reports whether the pawn on x has, in some direction, a square
// before it and one beyond it on the board, neither holding an opposing
// pawn.
func jumpable(x hops.Square, opp hops.Bitboard) bool {
	f, r := x.File(), x.Rank()
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		bf, br, af, ar := f-d[0], r-d[1], f+d[0], r+d[1]
		if bf < 0 || bf >= 6 || br < 0 || br >= 6 || af < 0 || af >= 6 || ar < 0 || ar >= 6 {
			continue
		}
		if !opp.Has(hops.SquareAt(bf, br)) && !opp.Has(hops.SquareAt(af, ar)) {
			return true
		}
	}
	return false
}
