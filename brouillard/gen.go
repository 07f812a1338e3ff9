package brouillard

import (
	"iter"

	"github.com/hopsgames/hops"
)

// Move generation. A decision is determined by its effects: where the
// pawn went (if one moved), where the Fou went, and which pawn it turned
// over. Distinct effects give distinct successors (G9): steps and jumps
// of one piece never end on the same square (a jump keeps the parity of
// file and rank, a step changes both), and only one pawn can be the
// target. So the generator keeps one written form per effect and needs no
// table of successors.

// fouEnd gathers what the Fou's jump paths to one end square allow: the
// shortest path, and for each orthogonal neighbour of the end that holds
// a turnable pawn, the shortest path whose last jump goes over it.
type fouEnd struct {
	plain hops.Path
	turn  [4]hops.Path // by the turned pawn's place: S, W, E, N of the end
	have  uint8        // bit i: turn[i] is set
}

// turnSlot orders a pawn next to the end square: below, left, right,
// above, which is the order of their squares.
func turnSlot(end, over hops.Square) int {
	switch over - end {
	case -8:
		return 0
	case -1:
		return 1
	case 1:
		return 2
	}
	return 3
}

// gen is the generator's scratch space, kept on the stack.
type gen struct {
	dst   []Move
	count int
	build bool       // build moves (else only count)
	slot  [64]uint8  // index in ends of an end square's record
	ends  [16]fouEnd // a Fou's jumps reach at most 16 dark squares
	n     int
}

func (st *state) moves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, m := range st.appendMoves(nil) {
			if !yield(m) {
				return
			}
		}
	}
}

func (st *state) appendMoves(dst []Move) []Move {
	var g gen
	g.dst, g.build = dst, true
	st.generate(&g)
	return g.dst
}

func (st *state) countMoves() int {
	var g gen
	st.generate(&g)
	return g.count
}

// generate yields first the Fou moves without a pawn move, then, pawn by
// pawn from A1 upwards, each pawn move (steps in the order NE, SE, SW, NW,
// then jumps by end square) followed by the Fou moves it allows.
func (st *state) generate(g *gen) {
	if !st.sane() || st.over() {
		return
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	turnable := st.turnable()
	st.fouMoves(g, hops.Path{}, occ, turnable)
	if st.plus {
		return
	}
	for b := st.pawns[me]; b != 0; b &= b - 1 {
		from := b.First()
		rest := occ &^ from.Bit()
		for _, d := range diagDirs {
			to := bd.Step(from, d)
			if to == hops.NoSquare || occ.Has(to) {
				continue
			}
			var p hops.Path
			if g.build {
				p.Push(from, false)
				p.Push(to, false)
			}
			st.fouMoves(g, p, rest|to.Bit(), turnable)
		}
		r := pawnRules(occ, from)
		rc := r.Reach(from)
		for e := rc.Ends(); e != 0; e &= e - 1 {
			to := e.First()
			var p hops.Path
			if g.build {
				p = rc.Path(&r, to)
			}
			st.fouMoves(g, p, rest|to.Bit(), turnable)
		}
	}
}

// fouMoves adds the Fou moves that follow the pawn move p (empty for
// none) on a board whose pawns are occ: steps (NE, SE, SW, NW), then jumps
// by end square from A1 upwards, each end first without turning over,
// then turning each turnable pawn that can be jumped last (B8).
func (st *state) fouMoves(g *gen, p hops.Path, occ, turnable hops.Bitboard) {
	me := st.side
	f, other := st.fou[me], st.fou[me^1]
	free := dark &^ other.Bit()
	for _, d := range diagDirs {
		to := bd.Step(f, d)
		if !free.Has(to) {
			continue
		}
		g.count++
		if g.build {
			var q hops.Path
			q.Push(f, false)
			q.Push(to, false)
			g.dst = append(g.dst, Move{pawn: p, fou: q})
		}
	}
	r := fouRules(occ, f, other)
	var ends hops.Bitboard
	var s hops.JumpSearch
	s.Reset(&r, f)
	g.n = 0
	for s.Next() {
		e := s.End()
		n := s.Jumps() + 1
		var fe *fouEnd
		if !ends.Has(e) {
			if g.n == len(g.ends) {
				continue // cannot happen: see the size of ends
			}
			ends |= e.Bit()
			g.slot[e] = uint8(g.n)
			fe = &g.ends[g.n]
			g.n++
			fe.have = 0
			if g.build {
				fe.plain = clean(s.Path())
			}
		} else if fe = &g.ends[g.slot[e]]; g.build && n < fe.plain.Len() {
			fe.plain = clean(s.Path())
		}
		o := s.LastOver()
		if !turnable.Has(o) {
			continue
		}
		i := turnSlot(e, o)
		if fe.have&(1<<i) == 0 || (g.build && n < fe.turn[i].Len()) {
			fe.have |= 1 << i
			if g.build {
				q := clean(s.Path())
				q.SetMark(n-1, true)
				fe.turn[i] = q
			}
		}
	}
	for ; ends != 0; ends &= ends - 1 {
		fe := &g.ends[g.slot[ends.First()]]
		g.count++
		if g.build {
			g.dst = append(g.dst, Move{pawn: p, fou: fe.plain})
		}
		for i := 0; i < 4; i++ {
			if fe.have&(1<<i) != 0 {
				g.count++
				if g.build {
					g.dst = append(g.dst, Move{pawn: p, fou: fe.turn[i]})
				}
			}
		}
	}
}

// hasMove reports whether the side to move has a legal decision: its Fou
// can move now, or after one of its pawn moves (B9).
func (st *state) hasMove() bool {
	if !st.sane() || st.over() {
		return false
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	if st.fouCanMove(me, occ) {
		return true
	}
	if st.plus {
		return false
	}
	for b := st.pawns[me]; b != 0; b &= b - 1 {
		from := b.First()
		rest := occ &^ from.Bit()
		for _, d := range diagDirs {
			to := bd.Step(from, d)
			if to != hops.NoSquare && !occ.Has(to) && st.fouCanMove(me, rest|to.Bit()) {
				return true
			}
		}
		r := pawnRules(occ, from)
		rc := r.Reach(from)
		for e := rc.Ends(); e != 0; e &= e - 1 {
			if st.fouCanMove(me, rest|e.First().Bit()) {
				return true
			}
		}
	}
	return false
}
