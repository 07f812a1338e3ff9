package coir

import (
	"math/bits"

	hops "github.com/hopsgames/hops"
)

// Canonical returns the move the generator yields with the same effect as
// the legal move m (G9), or Validate's error. It plays m once and reads
// its effect: the pawns it turned and the mover's pawns afterwards. Two
// turns leave the same board only when they turn the same pawns, so the
// jump sequences that can stand for m turn exactly those; and their start
// and end must be such that one step gives the mover's pawns of m's
// board, which leaves few pairs of start and end. Canonical searches the
// jumps of those starts only, over the mover's pawns and the turned ones
// only, one length at a time (starts by square, then the search's order),
// and the first sequence found is the generator's: the shortest, first in
// the generator's order, among the moves with m's effect. A step alone or
// a Dame's slide is its own canonical form, and comes before any jumps.
// It never generates the other moves.
func (p Position) Canonical(m Move) (Move, error) {
	c, _, err := p.canonical(m)
	return c, err
}

// canonical is Canonical, which also returns how many landings the
// search of a Dame's jumps entered (none for other moves), the measure
// of its pruning.
func (p Position) canonical(m Move) (Move, int, error) {
	if m.n == 2 && !m.hasStep && p.plainStep(m.sq[0], m.sq[1]) {
		return stepMove(m.sq[0], m.sq[1]), 0, nil
	}
	q, turned, err := p.apply(m)
	if err != nil {
		return m, 0, p.refused(err)
	}
	own, opp := p.sides()
	after, oppAfter := q.pawns(p.side), q.pawns(p.side.Other())
	dame := own&(own-1) == 0
	empty := board.All() &^ (own | opp)
	union := own | turned
	gone, came := union&^after, after&^union
	if turned == 0 && (dame || gone.Count() == 1 && neighbours[gone.First()].Has(came.First())) {
		// A Dame's slide (a Dame's jumps always turn a pawn), or a step
		// alone: generated before any jumps, as written.
		return stepMove(gone.First(), came.First()), 0, nil
	}
	// ends[at(s)]: where a jump sequence from the own pawn on s may end
	// so that one step gives after (or, when the jumps win, nothing); at
	// numbers the own pawns in square order (twelve pawns at most, C1;
	// the mask keeps any index in the array).
	var ends [16]hops.Bitboard
	at := func(s hops.Square) int { return bits.OnesCount64(uint64(own&(bit(s)-1))) & 15 }
	switch {
	case oppAfter == 0: // the jumps won (C3): no step
		ends[at(gone.First())] = came
	case gone.Count() == 2: // the jumper and the stepper left gone
		for g := gone & own; g != 0; g &= g - 1 {
			s := g.First()
			r := gone &^ s.Bit()
			for c := came; c != 0; c &= c - 1 {
				if x := came &^ c.First().Bit(); neighbours[r.First()].Has(x.First()) {
					ends[at(s)] |= c & -c
				}
			}
		}
	case gone.Count() == 1: // the jumper stepped on, or a pawn stepped into its start
		r, x := gone.First(), came.First()
		if own.Has(r) {
			ends[at(r)] |= neighbours[x] & empty
		}
		for s := neighbours[r] & own; s != 0; s &= s - 1 {
			ends[at(s.First())] |= x.Bit()
		}
	default: // the jumper stepped back to its start
		for s := own; s != 0; s &= s - 1 {
			ends[at(s.First())] = neighbours[s.First()] & empty
		}
	}
	if dame {
		if c, n, ok := dameCanonical(own, empty, turned, ends[0], after, oppAfter, m); ok {
			return c, n, nil
		}
		return m, 0, errNoEffect(m)
	}
	var starts hops.Bitboard
	for s := own; s != 0; s &= s - 1 {
		if ends[at(s.First())] != 0 {
			starts |= s & -s
		}
	}
	need := turned.Count()
	// A sequence whose start jumps no pawn of turned makes a tactical
	// jump before its attacks (C5): one jump more than the pawns to turn.
	kmin := max(need, 1)
	if need > 0 {
		// where a pawn of turned can be jumped from
		attack := board.JumpLandings(empty|starts, turned)
		if starts&attack == 0 {
			kmin = need + 1
		}
	}
	// toEnd[j]: the squares from which j attacks, ignoring which pawns
	// and G5, end on a square where the step can follow.
	var toEnd [hops.MaxPath]hops.Bitboard
	for s := starts; s != 0; s &= s - 1 {
		toEnd[0] |= ends[at(s.First())]
	}
	for j := 1; j < need; j++ {
		toEnd[j] = board.JumpLandings(toEnd[j-1], turned) & (empty | starts)
	}
	// The rules of every start: jumps turn exactly the pawns m turned.
	base := jumpRules(own, opp, hops.NoSquare)
	base.Over &= own | turned
	var js hops.JumpSearch
	for k := kmin; k < hops.MaxPath; k++ {
		// A path of k jumps that turns the need pawns makes k-need
		// tactical jumps, then its attacks (C5). Each end of the search
		// is limited to the jumps of that plan, the last one landing
		// where the step can follow, so that no jump is made that could
		// not lead to such a path. A longer plan is tried only if a
		// path made all the tactical jumps of this one.
		tactical := k - need
		deep := false
		for s := starts; s != 0; s &= s - 1 {
			from := s.First()
			rules := base
			rules.Over &^= from.Bit()
			rules.Land |= from.Bit()
			endsFrom := ends[at(from)]
			js.Reset(&rules, from)
			for d := 0; ; d = js.Jumps() {
				if d == min(tactical, k-1) {
					deep = true // the tactical jumps may go on
				}
				if d < k {
					over, land := own, board.All()
					if d >= tactical {
						over, land = turned, toEnd[k-d-1]
					}
					if d == k-1 {
						land = endsFrom
					}
					js.Limit(over, land)
					if !js.Next() {
						break
					}
					continue
				}
				if js.Turned() == turned {
					if oppAfter == 0 {
						return NewMove(js.Path(), hops.NoSquare, hops.NoSquare), 0, nil
					}
					e := own&^from.Bit() | js.End().Bit() | turned
					return NewMove(js.Path(), (e &^ after).First(), (after &^ e).First()), 0, nil
				}
				js.Prune()
				if !js.Next() {
					break
				}
			}
		}
		if !deep {
			break
		}
	}
	return m, 0, errNoEffect(m)
}

// dameCanonical finds the generator's jumps of the Dame own that turn
// the pawns of turned and end on a square of ends, followed by the step
// that gives after; m is a legal move with that effect, whose jumps the
// search knows to be a path. It also returns how many landings the
// search entered. It is a function of its own so that
// Canonical's frame does not hold the search's memory, which would be
// cleared at every call.
func dameCanonical(own, empty, turned, ends, after, oppAfter hops.Bitboard, m Move) (Move, int, bool) {
	d := own.First()
	ds := dameSearch{start: d, land: empty | d.Bit(), pawns: turned, ends: ends}
	onKnown := m.n > 1 && m.sq[0] == d && ends.Has(m.sq[m.n-1])
	if onKnown {
		ds.known = m
	}
	ds.prepare()
	ds.jumps = turned.Count()
	all := uint16(1)<<ds.jumps - 1 // the numbers of the pawns to turn
	ds.path.sq[0], ds.path.n = d, 1
	if ds.search(d, 0, d.Bit(), all, onKnown) {
		return ds.move(own, turned, after, oppAfter), ds.entered, true
	}
	return Move{}, ds.entered, false
}

// errNoEffect says that no generated move has the effect of m. Every
// legal move has the effect of a generated one (G9): this is a bug,
// reported rather than hidden.
func errNoEffect(m Move) error {
	return hops.Errorf(hops.ErrIllegal, "G9", m.String(), "no generated move has the same effect")
}

// dameSearch finds the first path, in the order of the shared jump
// search (directions N first clockwise, nearer landings first), of a
// Dame's flying jumps (C6) that turn exactly the pawns of a set, one a
// jump, and end on a square of ends. All such paths have as many jumps
// as there are pawns to turn, so the first found is the generator's.
//
// The search enters a landing only when the pawns still to turn can
// still be turned from it. With one or two pawns left after the jump
// onto it, it finds the last jumps from there at once, in the search's
// order, and enters nothing that does not end the path. With more, it
// uses tests that ignore some constraints and so never cut a path that
// exists: with three, one of them must be jumpable from the landing
// onto a square from which one of the other two can be jumped onto a
// square from which the third can be jumped onto an end (the visited
// squares aside); with four or more, the pawns left must admit an order
// of jumps (see orderable). The obstacles never change during the move
// (a turned pawn stays where it is), so the lines are found once.
type dameSearch struct {
	start hops.Square
	land  hops.Bitboard // the empty squares, the Dame's start included
	pawns hops.Bitboard // the pawns to turn
	ends  hops.Bitboard
	path  Move     // the path so far, written into a move's squares
	index [64]int8 // the pawns' numbers, in square order
	// By pawn number: 16 entries for at most 11 pawns, so that a number
	// taken to four bits is read with no bounds check. sides[i][d]: the
	// squares a jump over pawn i in direction d can land on, the empty
	// squares up to the first piece, on the lines along which the pawn
	// can be jumped (lineMask[i], bit d for the line of directions d and
	// d+4: an empty square next to the pawn on both sides).
	sides    [16][8]hops.Bitboard
	lineMask [16]uint8
	pre      [16]hops.Bitboard // where a jump over the pawn can land on an end
	zone     [16]hops.Bitboard // the squares of all the pawn's lines
	three    uint16            // the numbers of the last three pawns promising tested
	pre3     [3]hops.Bitboard  // for them, pre2 of each pair, the pair without the first, second, third
	known    Move              // jumps known to be a path: the move's own
	failed   int               // the number of the pawn that last failed the order test
	entered  int               // the landings entered
	jumps    int               // the path's jumps: one a pawn to turn
}

// prepare finds the lines of every pawn to turn. The search's memory is
// new: the tables start empty.
func (ds *dameSearch) prepare() {
	i := int8(0)
	for t := ds.pawns; t != 0; t &= t - 1 {
		ds.index[t.First()] = i
		i++
	}
	// Line by line, the pawns with an empty square next to them on both
	// sides along it, the only ones that can be jumped along it.
	for d := hops.Dir(0); d < 4; d++ {
		open := ds.pawns & board.Shift(ds.land, d+4) & board.Shift(ds.land, d)
		for t := open; t != 0; t &= t - 1 {
			o := t.First()
			i := ds.index[o] & 15
			a, b := clearRay(o, d+4, ds.land), clearRay(o, d, ds.land)
			ds.sides[i][d+4], ds.sides[i][d] = a, b
			ds.lineMask[i] |= 1 << d
			ds.zone[i] |= a | b
			if b&ds.ends != 0 {
				ds.pre[i] |= a
			}
			if a&ds.ends != 0 {
				ds.pre[i] |= b
			}
		}
	}
}

// before returns the squares from which pawn number i can be jumped
// onto a square of onto.
func (ds *dameSearch) before(i int, onto hops.Bitboard) (from hops.Bitboard) {
	s := &ds.sides[i&15]
	for m := ds.lineMask[i&15]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros8(m) & 3
		if s[d]&onto != 0 {
			from |= s[d+4]
		}
		if s[d+4]&onto != 0 {
			from |= s[d]
		}
	}
	return
}

// jumpFrom returns the direction of a jump from l over pawn number i
// and the squares it can land on, none when l is on none of the pawn's
// lines or a piece stands between them.
func (ds *dameSearch) jumpFrom(l hops.Square, i int) (hops.Dir, hops.Bitboard) {
	s, lb := &ds.sides[i&15], bit(l)
	if ds.zone[i&15]&lb == 0 {
		return 0, 0 // l is on none of the pawn's lines
	}
	for m := ds.lineMask[i&15]; m != 0; m &= m - 1 {
		d := hops.Dir(bits.TrailingZeros8(m) & 3)
		if s[d+4]&lb != 0 { // l lies behind the pawn in direction d
			return d, s[d]
		}
		if s[d]&lb != 0 {
			return d + 4, s[d+4]
		}
	}
	return 0, 0
}

// lastJump returns the first landing, in the search's order, of a jump
// from l over pawn number i onto an end not landed on (visited), or
// NoSquare.
func (ds *dameSearch) lastJump(l hops.Square, i int, visited hops.Bitboard) hops.Square {
	d, onto := ds.jumpFrom(l, i)
	if onto &= ds.ends &^ visited; onto == 0 {
		return hops.NoSquare
	}
	return nearest(onto, d)
}

// lastTwo returns the landings, in the search's order, of the first two
// jumps from l that turn the pawns numbered i and j and end on an end,
// landing on no square of visited, or NoSquare.
func (ds *dameSearch) lastTwo(l hops.Square, i, j int, visited hops.Bitboard) (x, f hops.Square) {
	di, oi := ds.jumpFrom(l, i)
	dj, oj := ds.jumpFrom(l, j)
	oi, oj = oi&^visited, oj&^visited
	if oj != 0 && (oi == 0 || dj < di) { // the directions' order
		i, di, oi, j, dj, oj = j, dj, oj, i, di, oi
	}
	for range 2 {
		for ; oi != 0; oi &^= bit(x) {
			x = nearest(oi, di)
			if f = ds.lastJump(x, j, visited|bit(x)); f != hops.NoSquare {
				return x, f
			}
		}
		i, di, oi, j = j, dj, oj, i
	}
	return hops.NoSquare, hops.NoSquare
}

// pre2 returns the squares from which one of the pawns numbered i and j
// can be jumped onto a square of pre of the other.
func (ds *dameSearch) pre2(i, j int) hops.Bitboard {
	return ds.before(i, ds.pre[j&15]) | ds.before(j, ds.pre[i&15])
}

// promising reports whether the three pawns numbered in left can still
// all be turned from a square of from, with the squares of free still
// free to land on: one of them jumped from there onto a square from
// which one of the other two can be jumped onto a square of pre of the
// third. The landings of one jump share their three pawns.
func (ds *dameSearch) promising(from hops.Bitboard, left uint16, free hops.Bitboard) bool {
	a := bits.TrailingZeros16(left)
	rest := left & (left - 1)
	b := bits.TrailingZeros16(rest)
	c := bits.TrailingZeros16(rest & (rest - 1))
	if ds.three != left {
		ds.three = left
		ds.pre3 = [3]hops.Bitboard{ds.pre2(b, c), ds.pre2(a, c), ds.pre2(a, b)}
	}
	for k, i := range [3]int{a, b, c} {
		if ds.zone[i&15]&from != 0 && ds.before(i, from)&free&ds.pre3[k] != 0 {
			return true
		}
	}
	return false
}

// orderable reports whether the pawns of left, four or more, can be put
// in an order of jumps from a square of from, as far as local tests
// tell, with the squares of free still free to land on and ln the lines
// of left. In such an order every pawn but the first is jumped from a
// free square on the lines of another pawn left (where the jump before
// it landed), and every pawn but the last lands on a free square on the
// lines of another pawn left (where the next jump starts); the first is
// jumped from a square of from, and the last lands on a free end. So a
// pawn with no line that meets the lines of the others on both sides
// must be the first or the last, and at most two are such. This catches
// the orders that would need a pawn twice, such as crossing a wall of
// pawns once too often.
func (ds *dameSearch) orderable(from hops.Bitboard, left uint16, free hops.Bitboard, ln lines) bool {
	var notMid, first, last uint16
	// The pawns are tried from the number of the last one that could
	// be neither first nor last: the landings of a jump, and the next
	// jump's, tend to fail on the same pawn. The order does not change
	// the answer.
	start := ds.failed
	// Where a side of a pawn's line meets the lines of another pawn
	// left: the sides lie on the pawn's own lines, so the squares on the
	// lines of two pawns at least are those.
	others := ln.two & free
	for m := bits.RotateLeft16(left, -start); m != 0; m &= m - 1 {
		i := (bits.TrailingZeros16(m) + start) & 15
		s, lm := &ds.sides[i], ds.lineMask[i]
		mid := false
		for m := lm; m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m) & 3
			if s[d+4]&others != 0 && s[d]&others != 0 {
				mid = true
				break
			}
		}
		if mid {
			continue
		}
		if notMid&(notMid-1) != 0 {
			return false // a third pawn that must be the first or the last
		}
		ends := ds.ends & free
		f, e := false, false
		for m := lm; m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m) & 3
			a, b := s[d+4], s[d]
			inA, inB := a&others != 0, b&others != 0
			e = e || inA && b&ends != 0 || inB && a&ends != 0
			f = f || a&from != 0 && inB || b&from != 0 && inA
		}
		if !f && !e {
			ds.failed = i
			return false // neither first nor last
		}
		notMid |= 1 << i
		if f {
			first |= 1 << i
		}
		if e {
			last |= 1 << i
		}
	}
	switch {
	case notMid == 0:
		return ln.one&from != 0 // some pawn is jumped first, from there
	case notMid&(notMid-1) == 0:
		// The pawn of notMid is the first or the last; if it cannot be
		// the first, another is, from there.
		return first != 0 || ln.without(ds.zone[bits.TrailingZeros16(notMid)&15])&from != 0
	}
	x, y := notMid&-notMid, notMid&(notMid-1)
	return first&x != 0 && last&y != 0 || first&y != 0 && last&x != 0
}

// lines holds the squares on the lines of a set of pawns: one, of one
// pawn at least; two, of two at least.
type lines struct{ one, two hops.Bitboard }

// without returns the squares on the lines of the pawns of the set
// other than the one whose lines are zone.
func (ln lines) without(zone hops.Bitboard) hops.Bitboard { return ln.two | ln.one&^zone }

// linesOf returns the lines of the pawns of left.
func (ds *dameSearch) linesOf(left uint16) lines {
	var ln lines
	zone := &ds.zone
	for m := left; m != 0; m &= m - 1 {
		z := zone[bits.TrailingZeros16(m)&15]
		ln.two |= ln.one & z
		ln.one |= z
	}
	return ln
}

// search extends the path from the Dame on at, having turned the pawns
// of turned (leftNums: the numbers of the others, the same set carried
// by number so that the tests need not number it) and landed on
// visited, and reports whether it found a path.
// While the path is the start of the known one (onKnown), the known
// one's next landing needs no test: the rest of the known path goes on
// from there.
func (ds *dameSearch) search(at hops.Square, turned, visited hops.Bitboard, leftNums uint16, onKnown bool) bool {
	// Never empty: the search ends at the last jump's landing.
	left := ds.pawns &^ turned
	next := hops.NoSquare // the known path's next landing
	if onKnown {
		next = ds.known.sq[ds.path.n]
	}
	ray, land := &rays[at&63], ds.land
	need := ds.jumps - int(ds.path.n) // the pawns left after this jump (a path has a square more than its jumps)
	for dir := hops.Dir(0); dir < 8; dir++ {
		if ray[dir]&left == 0 {
			continue // no pawn to turn that way
		}
		b := ray[dir] &^ land
		t := nearest(b, dir)
		if left&bit(t) == 0 {
			continue // a pawn not to turn, or one turned already
		}
		i := ds.index[t] & 15
		restNums := leftNums &^ (1 << i)
		var ln lines // the lines of rest, found at the first test that needs them
		// G5: the Dame flies over the squares it landed on.
		lands := ds.sides[i][dir&7] &^ visited
		// The landings of this jump share the pawns left: tested at
		// once, from any of them with all of them free, they fail
		// together. The tests never fail for more squares to start from
		// or more free squares, so this rejects no landing that its own
		// test would let in. When the known path's landing is among
		// them, the joint test is skipped: that landing needs no test,
		// and the path goes on from it.
		if need >= 3 && lands&(lands-1) != 0 && !lands.Has(next) &&
			!ds.canTurn(lands, restNums, land&^visited, need, &ln) {
			continue
		}
		for lands != 0 {
			l := nearest(lands, dir)
			lands &^= bit(l)
			v := visited | bit(l)
			// Land on l only if the pawns left can still all be turned
			// from it (see dameSearch); the known path's landing needs
			// no test.
			known := l == next
			switch {
			case need == 0: // the last jump: it must end on an end
				if ds.ends&bit(l) == 0 {
					continue
				}
				ds.enter(l)
				return true
			case need == 1:
				// One jump left: the first from l over the last pawn
				// onto a free end ends the path, the known one's too.
				f := ds.lastJump(l, bits.TrailingZeros16(restNums), v)
				if f == hops.NoSquare {
					continue
				}
				ds.enter(l)
				ds.enter(f)
				return true
			case need == 2:
				// Two jumps left: the first pair from l ends the path.
				a := bits.TrailingZeros16(restNums)
				x, f := ds.lastTwo(l, a, bits.TrailingZeros16(restNums&^(1<<a)), v)
				if x == hops.NoSquare {
					continue
				}
				ds.enter(l)
				ds.enter(x)
				ds.enter(f)
				return true
			case known:
			case !ds.canTurn(bit(l), restNums, land&^v, need, &ln):
				continue
			}
			ds.enter(l)
			if ds.search(l, turned|bit(t), v, restNums, known) {
				return true
			}
			ds.path.n--
		}
	}
	return false
}

// canTurn reports whether the need pawns numbered in left, three or
// more, can still all be turned from a square of from with the squares
// of free still free to land on, as far as promising (three) or
// orderable (four or more) tell. ln holds the lines of left, found at
// the first call that needs them.
func (ds *dameSearch) canTurn(from hops.Bitboard, left uint16, free hops.Bitboard, need int, ln *lines) bool {
	if need == 3 {
		return ds.promising(from, left, free)
	}
	if ln.one == 0 {
		*ln = ds.linesOf(left)
	}
	return ds.orderable(from, left, free, *ln)
}

// enter appends the landing l to the path.
func (ds *dameSearch) enter(l hops.Square) {
	ds.path.sq[ds.path.n] = l
	ds.path.n++
	ds.entered++
}

// rays[s][d] holds the squares from s (excluded) to the board's edge in
// direction d.
var rays = func() (r [64][8]hops.Bitboard) {
	for s := range board.All().Squares() {
		for d := hops.Dir(0); d < 8; d++ {
			for t := board.Step(s, d); t != hops.NoSquare; t = board.Step(t, d) {
				r[s][d] |= bit(t)
			}
		}
	}
	return r
}()

// nearest returns the square of the non-empty set b, all on one ray in
// direction d, that lies nearest the ray's start: the lowest for the
// directions that raise the square's index (N, NE, E, NW), the highest
// for the others.
func nearest(b hops.Bitboard, d hops.Dir) hops.Square {
	if d <= hops.East || d == hops.NorthWest {
		return hops.Square(bits.TrailingZeros64(uint64(b)))
	}
	return hops.Square(63 - bits.LeadingZeros64(uint64(b)))
}

// clearRay returns the squares of land from s (excluded) in direction d
// up to the first square not in land.
func clearRay(s hops.Square, d hops.Dir, land hops.Bitboard) hops.Bitboard {
	r := rays[s][d]
	if b := r &^ land; b != 0 {
		n := nearest(b, d)
		r &^= rays[n][d] | bit(n)
	}
	return r
}

// bit returns the bitboard of the square s of the board.
func bit(s hops.Square) hops.Bitboard { return 1 << (uint(s) & 63) }

// move returns the move of the path found, with the step that gives
// after (none when the jumps won, C3).
func (ds *dameSearch) move(own, turned, after, oppAfter hops.Bitboard) Move {
	m := ds.path
	if oppAfter == 0 {
		return m
	}
	e := own&^ds.start.Bit() | m.sq[m.n-1].Bit() | turned
	m.hasStep, m.from, m.to = true, (e &^ after).First(), (after &^ e).First()
	return m
}

// plainStep reports, without playing it, whether the move of the two
// squares from and to (no step after) is a legal step alone or a Dame's
// legal slide: from an own pawn to an empty square next to it or, for a
// Dame, along a clear line. Such a move is its own canonical form (it
// turns nothing, and comes before any jumps).
func (p Position) plainStep(from, to hops.Square) bool {
	if !board.Contains(from) || !board.Contains(to) {
		return false
	}
	own, opp := p.sides()
	empty := board.All() &^ (own | opp)
	if !own.Has(from) || !empty.Has(to) {
		return false
	}
	if neighbours[from].Has(to) {
		return true
	}
	b := between[from][to]
	return own&(own-1) == 0 && b != 0 && b&^empty == 0 // a Dame's slide along a clear line
}
