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

// fouJumps is what the Fou's jumps allow on one board: the end squares,
// and for each a record.
type fouJumps struct {
	ends  hops.Bitboard
	reach hops.Bitboard // the ends and the Fou's square
	slot  [64]uint8     // index in rec of an end square's record
	rec   [16]fouEnd    // a Fou's jumps reach at most 15 dark squares
	n     int
}

// slotOffset is the step from an end square to the pawn of each slot.
var slotOffset = [4]hops.Square{-8, -1, 1, 8}

// gen is the generator's scratch space, kept on the stack.
type gen struct {
	dst   []Move
	count int
	build bool     // build moves (else only count)
	base  fouJumps // the Fou's jumps before any pawn move
	cur   fouJumps // after a pawn move that changes them
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
//
// The Fou's jumps only use the pawns next to the squares it can reach. A
// pawn move that neither leaves nor enters such a square changes none of
// its jump paths, and the jumps found before any pawn move are reused.
func (st *state) generate(g *gen) {
	if !st.sane() || st.over() {
		return
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	turnable := st.turnable()
	st.fouJumps(&g.base, g.build, occ, turnable)
	st.emitFou(g, hops.Path{}, &g.base)
	if st.plus {
		return
	}
	var near hops.Bitboard // the squares the Fou's jumps may go over
	for d := hops.North; d <= hops.NorthWest; d += 2 {
		near |= bd.Shift(g.base.reach, d)
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
			st.afterPawn(g, p, from, to, rest|to.Bit(), near, turnable)
		}
		r := pawnRules(occ, from)
		rc := r.Reach(from)
		for e := rc.Ends(); e != 0; e &= e - 1 {
			to := e.First()
			var p hops.Path
			if g.build {
				p = rc.Path(&r, to)
			}
			st.afterPawn(g, p, from, to, rest|to.Bit(), near, turnable)
		}
	}
}

// afterPawn adds the Fou moves that follow the pawn move p from → to.
func (st *state) afterPawn(g *gen, p hops.Path, from, to hops.Square, occ, near, turnable hops.Bitboard) {
	if !near.Has(from) && !near.Has(to) {
		st.emitFou(g, p, &g.base)
		return
	}
	st.fouJumps(&g.cur, g.build, occ, turnable)
	st.emitFou(g, p, &g.cur)
}

// fouJumps finds the Fou's jump moves on a board whose pawns are occ.
// The shared jump search gives every end square and, for each, which
// turnable pawns can be the last one jumped (B8). When moves are built,
// their paths come from flood fills: the shortest path to the end, and
// for turning over the pawn o next to the end e, the shortest path to the
// square beyond o that avoids e, followed by the marked jump over o.
func (st *state) fouJumps(fj *fouJumps, build bool, occ, turnable hops.Bitboard) {
	me := st.side
	f := st.fou[me]
	r := fouRules(occ, f, st.fou[me^1])
	fj.ends, fj.n = 0, 0
	var s hops.JumpSearch
	s.Reset(&r, f)
	for s.Next() {
		e := s.End()
		var fe *fouEnd
		if !fj.ends.Has(e) {
			if fj.n == len(fj.rec) {
				continue // cannot happen: see the size of rec
			}
			fj.ends |= e.Bit()
			fj.slot[e] = uint8(fj.n)
			fe = &fj.rec[fj.n]
			fj.n++
			fe.have = 0
		} else {
			fe = &fj.rec[fj.slot[e]]
		}
		if o := s.LastOver(); turnable.Has(o) {
			fe.have |= 1 << turnSlot(e, o)
		}
	}
	fj.reach = fj.ends | f.Bit()
	if !build {
		return
	}
	rc := r.Reach(f)
	for ends := fj.ends; ends != 0; ends &= ends - 1 {
		e := ends.First()
		fe := &fj.rec[fj.slot[e]]
		fe.plain = rc.Path(&r, e)
		if fe.have == 0 {
			continue
		}
		avoid := r
		avoid.Land &^= e.Bit()
		rcAvoid := avoid.Reach(f)
		for i := 0; i < 4; i++ {
			if fe.have&(1<<i) == 0 {
				continue
			}
			before := e + 2*slotOffset[i] // the square the last jump starts from
			var q hops.Path
			if before == f {
				q.Push(f, false)
			} else {
				q = rcAvoid.Path(&avoid, before)
			}
			q.Push(e, true)
			fe.turn[i] = q
		}
	}
}

// emitFou adds the Fou moves that follow the pawn move p (empty for
// none): steps (NE, SE, SW, NW), then jumps by end square from A1
// upwards, each end first without turning over, then turning over each
// pawn that can be jumped last, in the order of their squares.
func (st *state) emitFou(g *gen, p hops.Path, fj *fouJumps) {
	me := st.side
	f := st.fou[me]
	free := dark &^ st.fou[me^1].Bit()
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
	for ends := fj.ends; ends != 0; ends &= ends - 1 {
		fe := &fj.rec[fj.slot[ends.First()]]
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
