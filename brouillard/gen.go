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

// fouJumps is what the Fou's jumps allow on one board: the end squares,
// and for each a record.
type fouJumps struct {
	ends  hops.Bitboard
	reach hops.Bitboard // the ends and the Fou's square
	slot  [64]uint8     // index in rec of an end square's record
	rec   [16]fouEnd    // a Fou's jumps reach at most 15 dark squares
	rc    hops.Reach    // the flood fill of the Fou's jumps
	n     int           // records in use
}

// slotOffset is the step from an end square to the pawn of each slot,
// and slotDirs the direction from that pawn to the end square.
var (
	slotOffset = [4]hops.Square{-8, -1, 1, 8}
	slotDirs   = [4]hops.Dir{hops.North, hops.East, hops.West, hops.South}
)

// gen is the generator's scratch space, kept on the stack.
type gen struct {
	dst []Move
	// find, when not empty, holds one square and asks only whether some
	// decision turns over the pawn on it (found), which stops the
	// generation; no move is kept.
	find  hops.Bitboard
	found bool
	base  fouJumps // the Fou's jumps before any pawn move
	cur   fouJumps // after a pawn move that changes them

	pawnReach hops.Reach // the flood fill of the moving pawn's jumps
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
	g.dst = dst
	st.generate(&g)
	return g.dst
}

// turnsOver reports whether some decision turns over the pawn on sq,
// generating no move.
func (st *state) turnsOver(sq hops.Square) bool {
	g := gen{find: sq.Bit()}
	st.generate(&g)
	return g.found
}

// countMoves counts the moves generate yields without building them
// (count.go).
func (st *state) countMoves() int { return st.count() }

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
	st.fouJumps(&g.base, occ, turnable)
	st.emitFou(g, hops.Path{}, &g.base)
	if st.plus {
		return
	}
	var near hops.Bitboard // the squares the Fou's jumps may go over
	for d := hops.North; d <= hops.NorthWest; d += 2 {
		near |= bd.Shift(g.base.reach, d)
	}
	for b := st.pawns[me]; b != 0 && !g.found; b &= b - 1 {
		from := b.First()
		rest := occ &^ from.Bit()
		for _, d := range diagDirs {
			to := bd.Step(from, d)
			if to == hops.NoSquare || occ.Has(to) {
				continue
			}
			var p hops.Path
			p.Push(from, false)
			p.Push(to, false)
			st.afterPawn(g, p, from, to, rest|to.Bit(), near, turnable)
		}
		r := pawnRules(occ, from)
		r.ReachInto(&g.pawnReach, from)
		for e := g.pawnReach.Ends(); e != 0; e &= e - 1 {
			to := e.First()
			p := g.pawnReach.Path(&r, to)
			st.afterPawn(g, p, from, to, rest|to.Bit(), near, turnable)
		}
	}
}

// afterPawn adds the Fou moves that follow the pawn move p from → to.
func (st *state) afterPawn(g *gen, p hops.Path, from, to hops.Square, occ, near, turnable hops.Bitboard) {
	if g.found {
		return
	}
	if !near.Has(from) && !near.Has(to) {
		st.emitFou(g, p, &g.base)
		return
	}
	st.fouJumps(&g.cur, occ, turnable)
	st.emitFou(g, p, &g.cur)
}

// fouJumps finds the Fou's jump moves on a board whose pawns are occ,
// with flood fills of the shared jump rules (the end squares of a static
// jump do not depend on the path). The Fou can turn over the pawn o next
// to an end square e by a last jump from the square b beyond o when b is
// the Fou's own square, or when some path reaches b without landing on e
// (G5); see route. The paths are the shortest ones: to e, and to b
// avoiding e followed by the marked jump over o.
func (st *state) fouJumps(fj *fouJumps, occ, turnable hops.Bitboard) {
	me := st.side
	f := st.fou[me]
	r := fouRules(occ, f, st.fou[me^1])
	rc := &fj.rc
	r.ReachInto(rc, f)
	fj.ends = rc.Ends()
	fj.reach = fj.ends | f.Bit()
	fj.n = 0
	// cand[i]: the ends whose slot i holds a turnable pawn with the square
	// beyond it reached.
	var cand [4]hops.Bitboard
	var candAll hops.Bitboard
	for i, d := range slotDirs {
		c := fj.ends & bd.Shift(turnable, d) & bd.Shift(bd.Shift(fj.reach, d), d)
		cand[i] = c
		candAll |= c
	}
	for ends := fj.ends; ends != 0; ends &= ends - 1 {
		e := ends.First()
		fe := &fj.rec[fj.n]
		fj.slot[e] = uint8(fj.n)
		fj.n++
		fe.have = 0
		fe.plain = rc.Path(&r, e)
		if !candAll.Has(e) {
			continue
		}
		var avoid hops.JumpRules
		var rcAvoid hops.Reach
		filled := false
		for i := range 4 {
			if !cand[i].Has(e) {
				continue
			}
			before := e + 2*slotOffset[i] // the square the last jump starts from
			via, how := st.route(rc, fj.reach, occ, e, before)
			if how == routeFill {
				if !filled {
					avoid = r
					avoid.Land &^= e.Bit()
					avoid.ReachInto(&rcAvoid, f)
					filled = true
				}
				if !rcAvoid.Ends().Has(before) {
					continue
				}
			} else if how == routeNone {
				continue
			}
			fe.have |= 1 << i
			var q hops.Path
			switch how {
			case routeStart:
				q.Push(f, false)
			case routeShort:
				// The levels up to before's are those of the fill that
				// avoids e, so the path is the same.
				q = rc.Path(&r, before)
			case routeVia:
				// The fill that avoids e goes back from before to via,
				// the first square it finds one level nearer.
				q = rc.Path(&r, via)
				q.Push(before, false)
			default:
				q = rcAvoid.Path(&avoid, before)
			}
			q.Push(e, true)
			fe.turn[i] = q
		}
	}
}

// The answers of route.
const (
	routeNone  = iota // no path reaches before without landing on e
	routeStart        // before is the Fou's square
	routeShort        // a shortest path to before avoids e
	routeVia          // a shortest path to via, then one jump, avoids e
	routeFill         // only a flood fill that avoids e can tell
)

// route tells whether the Fou can reach before, the square beyond a pawn
// next to the end square e, by a path that does not land on e (G5), which
// the last jump then reaches, and how the flood fill that avoids e writes
// that path.
//
// A shortest path to a square cannot land on a square farther from the
// Fou, nor on another one as far: so before is reached avoiding e when it
// is nearer than e (routeShort), or when some square n other than e, as
// near as e, jumps onto it: the first such n in the order the fill
// rebuilds paths (N, E, S, W from before) is via (routeVia). Jumps keep
// the parity of both coordinates, so squares a jump apart differ by one
// in distance, and otherwise before is one jump farther than e. If no
// reached square but e jumps onto before, every path to before lands on e
// (routeNone); if some square farther still does, only a fill can tell.
func (st *state) route(rc *hops.Reach, reach, occ hops.Bitboard, e, before hops.Square) (via hops.Square, how int) {
	f := st.fou[st.side]
	if before == f {
		return before, routeStart
	}
	de := rc.Jumps(e)
	if rc.Jumps(before) < de {
		return before, routeShort
	}
	how = routeNone
	for k := range 4 {
		n := orthJump[before][k]
		if n == e || !reach.Has(n) || !occ.Has(orthOver[before][k]) {
			continue
		}
		if n != f && rc.Jumps(n) == de {
			return n, routeVia
		}
		how = routeFill
	}
	return hops.NoSquare, how
}

// turns reports whether some jump move of fj turns over the pawn on sq.
func (fj *fouJumps) turns(sq hops.Square) bool {
	for i, off := range slotOffset {
		e := sq - off // the end square whose slot i holds sq
		if e >= 0 && int(e) < len(fj.slot) && fj.ends.Has(e) && fj.rec[fj.slot[e]].have&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// orthJump[s] and orthOver[s] hold, in the order N, E, S, W, the square
// an orthogonal jump from s lands on and the square it jumps over
// (NoSquare off the board).
var orthJump, orthOver = func() (j, o [64][4]hops.Square) {
	for s := range j {
		for k := range 4 {
			j[s][k], o[s][k] = hops.NoSquare, hops.NoSquare
			if q := hops.Square(s); bd.Contains(q) {
				d := hops.Dir(2 * k)
				j[s][k], o[s][k] = bd.JumpTarget(q, d), bd.Step(q, d)
			}
		}
	}
	return j, o
}()

// emitFou adds the Fou moves that follow the pawn move p (empty for
// none): steps (NE, SE, SW, NW), then jumps by end square from A1
// upwards, each end first without turning over, then turning over each
// pawn that can be jumped last, in the order of their squares.
func (st *state) emitFou(g *gen, p hops.Path, fj *fouJumps) {
	if g.find != 0 {
		g.found = g.found || fj.turns(g.find.First())
		return
	}
	me := st.side
	f := st.fou[me]
	free := dark &^ st.fou[me^1].Bit()
	for _, d := range diagDirs {
		to := bd.Step(f, d)
		if !free.Has(to) {
			continue
		}
		var q hops.Path
		q.Push(f, false)
		q.Push(to, false)
		g.dst = append(g.dst, Move{pawn: p, fou: q})
	}
	for ends := fj.ends; ends != 0; ends &= ends - 1 {
		fe := &fj.rec[fj.slot[ends.First()]]
		g.dst = append(g.dst, Move{pawn: p, fou: fe.plain})
		for i := 0; i < 4; i++ {
			if fe.have&(1<<i) != 0 {
				g.dst = append(g.dst, Move{pawn: p, fou: fe.turn[i]})
			}
		}
	}
}

// fouSteps holds the diagonal neighbours of each square, where a Fou
// steps (B7).
var fouSteps = func() (t [64]hops.Bitboard) {
	for s := range bd.All().Squares() {
		for _, d := range diagDirs {
			if to := bd.Step(s, d); to != hops.NoSquare {
				t[s] |= to.Bit()
			}
		}
	}
	return t
}()

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
