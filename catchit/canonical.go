package catchit

import "github.com/hopsgames/hops"

// Canonical returns the turn the generator yields with the same effect as
// the legal turn m (G9), or Validate's error. It plays m once and reads
// its effect: which of the mover's pawns left their squares, which
// squares they now hold and where the ball is. The turns with that effect
// are few: the same two displacements in either order, or, when the
// second pawn went to the square the first one left, any own pawn as the
// first (it goes to the same end, the second pawn takes its place).
// Canonical tries them in the generator's order (first pawn by square,
// kind of displacement, end square), keeps the first that is legal, and
// writes each displacement as the generator does: a step, the shortest
// jump path, or the shortest taking path first in the jump search's
// order; a winning displacement by its shortest way out. It never
// generates the other turns.
func (p Position) Canonical(m Move) (Move, error) {
	q, err := p.play(m)
	if err != nil {
		return m, err
	}
	st0 := p.stage()
	side := st0.side
	if q.carrier() == hops.NoSquare { // the ball left the board (K6)
		if m.second.Len() == 0 {
			out, _ := st0.exitPath(m.first.From())
			return Move{first: out}, nil
		}
		// The second displacement left: either pawn may have gone first
		// to the square the other did not leave from.
		gone := st0.pawns[side] &^ q.pawns[side]
		e := (q.pawns[side] &^ st0.pawns[side]).First()
		for g := gone; g != 0; g &= g - 1 {
			a := g.First()
			if a == st0.ball {
				continue // the carrier moved the ball: the other cannot leave with it
			}
			first, ok := st0.displacement(a, e, false)
			if !ok {
				continue
			}
			st1 := st0.after(a, e, false)
			if second, ok := st1.exitPath((gone &^ a.Bit()).First()); ok {
				return Move{first: first, second: second}, nil
			}
		}
		return m, errNoEffect(m)
	}
	before, after := st0.pawns[side], q.pawns[side]
	gone, came := before&^after, after&^before
	ball := q.carrier()
	if gone.Count() == 2 {
		// The pawns on gone went to the squares of came (K7).
		e1, e2 := came.First(), (came & (came - 1)).First()
		for g := gone; g != 0; g &= g - 1 {
			a := g.First()
			b := (gone &^ a.Bit()).First()
			// The generator's order: by kind of the first displacement,
			// then by its end.
			f1, f2 := e1, e2
			if kindOf(&st0, a, e2, ball) < kindOf(&st0, a, e1, ball) {
				f1, f2 = e2, e1
			}
			if c, ok := st0.turn(a, f1, b, f2, ball); ok {
				return c, nil
			}
			if c, ok := st0.turn(a, f2, b, f1, ball); ok {
				return c, nil
			}
		}
	} else {
		// The pawn on gone went to the square some own pawn c left, and c
		// went to came.
		b, e := gone.First(), came.First()
		for own := before &^ b.Bit(); own != 0; own &= own - 1 {
			if c, ok := st0.turn(own.First(), e, b, own.First(), ball); ok {
				return c, nil
			}
		}
	}
	return m, errNoEffect(m)
}

// errNoEffect says that no generated turn has the effect of m. Every
// legal turn has the effect of a generated one (G9): this is a bug,
// reported rather than hidden.
func errNoEffect(m Move) error {
	return hops.Errorf(hops.ErrIllegal, "G9", m.String(), "no generated turn has the same effect")
}

// kindOf returns the generator's kind of the displacement of the pawn on
// a to e in st, the ball ending on ball: a take when it ends with the
// ball it did not carry, else a step or a jump.
func kindOf(st *stage, a, e, ball hops.Square) int {
	switch {
	case ball == e && a != st.ball:
		return kindTake
	case board.Neighbours(a).Has(e):
		return kindStep
	}
	return kindJump
}

// turn returns the generated writing of the turn "the pawn on a to e,
// then the pawn on b to f" that leaves the ball on ball, and whether that
// turn is legal.
func (st *stage) turn(a, e, b, f, ball hops.Square) (Move, bool) {
	take1 := ball == e && a != st.ball
	if a == st.ball && ball != e {
		return Move{}, false // the carrier takes the ball along
	}
	first, ok := st.displacement(a, e, take1)
	if !ok {
		return Move{}, false
	}
	st1 := st.after(a, e, take1)
	take2 := ball == f && b != st1.ball
	if b == st1.ball && ball != f {
		return Move{}, false
	}
	moved2 := take2 || b == st1.ball
	if (take1 || a == st.ball) && moved2 {
		return Move{}, false // the ball moves once a turn (K8)
	}
	if end := st1.ball; !moved2 && end != ball {
		return Move{}, false // the ball ends elsewhere
	}
	second, ok := st1.displacement(b, f, take2)
	if !ok {
		return Move{}, false
	}
	return Move{first: first, second: second}, true
}

// rulesFor returns the jump rules of the pawn on from in st (K4).
func (st *stage) rulesFor(from hops.Square) hops.JumpRules {
	occ := st.pawns[Blue] | st.pawns[Red]
	return hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: occ &^ from.Bit(), Land: board.All()&^occ | from.Bit()}
}

// displacement returns the generator's path for the pawn on from ending
// on end in st, taking the ball on the way when take, and whether there
// is such a displacement: a step, the shortest jump path (outcomes.path),
// or the first shortest taking path in the jump search's order.
func (st *stage) displacement(from, end hops.Square, take bool) (hops.Path, bool) {
	carrier := from == st.ball
	if carrier && st.moved || take && (carrier || st.moved || st.ball == hops.NoSquare) {
		return hops.Path{}, false
	}
	r := st.rulesFor(from)
	if !take {
		if board.Neighbours(from).Has(end) {
			return hops.PathOf(from, end), r.Land.Has(end)
		}
		var rc hops.Reach
		r.ReachInto(&rc, from)
		p := rc.Path(&r, end)
		return p, p.Len() > 0
	}
	if !r.ReachEnds(from).Has(end) {
		return hops.Path{}, false // no jumps reach end, taking or not
	}
	r.Take = st.ball.Bit()
	return shortestJumps(&r, from, end.Bit(), 0)
}

// exitPath returns the generator's path of the pawn on from leaving the
// board with the ball in st (K6), which must be possible: for the
// carrier, a step out from the last rank or the shortest jumps to the
// nearest square (then the lowest) from which a jump goes out; for
// another pawn, the shortest path that takes the ball and leaves, first
// in the jump search's order.
func (st *stage) exitPath(from hops.Square) (hops.Path, bool) {
	side := st.side
	r := st.rulesFor(from)
	var p hops.Path
	if from == st.ball {
		if st.moved {
			return p, false
		}
		if goalRank[side].Has(from) {
			return hops.PathOf(from, hops.Outside), true
		}
		var rc hops.Reach
		r.ReachInto(&rc, from)
		e := (rc.Ends() | from.Bit()) & exitFrom(r.Over, side)
		best, bestJumps := hops.NoSquare, hops.MaxPath
		for ; e != 0; e &= e - 1 {
			if j := rc.Jumps(e.First()); j < bestJumps {
				best, bestJumps = e.First(), j
			}
		}
		switch best {
		case hops.NoSquare:
			return p, false
		case from:
			p = hops.PathOf(from)
		default:
			p = rc.Path(&r, best)
		}
		p.Push(hops.Outside, false)
		return p, true
	}
	if st.moved || st.ball == hops.NoSquare {
		return p, false
	}
	takeOut := exitFrom(st.ball.Bit(), side)
	if takeOut.Has(from) {
		p = hops.PathOf(from)
		p.Push(hops.Outside, true)
		return p, true
	}
	jumpOut := exitFrom(r.Over, side)
	r.Take = st.ball.Bit()
	p, ok := shortestJumps(&r, from, jumpOut, takeOut)
	p.Push(hops.Outside, !p.HasMarks())
	return p, ok
}

// shortestJumps returns the first path, in the order of the jump search,
// among the shortest paths of the pawn on from under r (whose Take holds
// the carrier) that end on a square of taken after taking the ball or on
// a square of plain without taking it, and whether there is one: the
// path the generator keeps when it replaces a path only by a strictly
// shorter one. It cuts a path that cannot reach its goal in fewer jumps
// than the bound (see need): first for one length at a time, which finds
// short paths at little cost; then, past deepenLengths lengths, in one
// search whose bound is the shortest path found so far. Each deeper
// length would search again all that the last one did, and when G5
// leaves no path, the lengths would run up to the longest one.
func shortestJumps(r *hops.JumpRules, from hops.Square, taken, plain hops.Bitboard) (hops.Path, bool) {
	var g takeGoal
	g.init(r, taken, plain)
	var s hops.JumpSearch
	s.Reset(r, from)
	k0 := max(1, g.distance(&s))
	for k := k0; k < min(k0+deepenLengths, hops.MaxPath); k++ {
		s.Reset(r, from)
		deep := false
		for s.Next() {
			d := s.Jumps()
			l := g.distance(&s)
			if d+l > k {
				s.Prune()
				deep = deep || l < hops.MaxPath
				continue
			}
			if d < k {
				continue
			}
			deep = true
			if g.reached(&s) {
				return s.Path(), true
			}
			s.Prune()
		}
		if !deep {
			return hops.Path{}, false
		}
	}
	// No path is shorter than k0+deepenLengths jumps: the first path
	// found of the fewest jumps is the one to return, and a later one
	// replaces it only when shorter.
	best, bestJumps := hops.Path{}, hops.MaxPath
	s.Reset(r, from)
	for s.Next() {
		d := s.Jumps()
		if d+g.need(&s, bestJumps-1-d) >= bestJumps {
			s.Prune()
			continue
		}
		if g.reached(&s) {
			best, bestJumps = s.Path(), d
			s.Prune()
		}
	}
	return best, bestJumps < hops.MaxPath
}

// takeGoal is what shortestJumps looks for: a path that takes the ball
// and ends on a square of taken, or ends on a square of plain without
// taking it.
type takeGoal struct {
	taken, plain hops.Bitboard
	over, land   hops.Bitboard
	// The jumps over the carrier: from before[i] to after[i].
	before, after [8]hops.Square
	n             int
	starts        hops.Bitboard // the squares of before
	// toTaken: the fewest jumps from a square to a square of taken,
	// ignoring G5; toBefore the same before taking, and toPlain to a
	// square of plain.
	toTaken, toBefore, toPlain distances
}

func (g *takeGoal) init(r *hops.JumpRules, taken, plain hops.Bitboard) {
	g.taken, g.plain = taken, plain
	g.over, g.land = r.Over, r.Land
	g.toTaken.init(r, taken)
	// Before taking, the goals are the squares from which a jump over
	// the carrier starts: one jump, then what its landing still needs.
	g.toBefore.init(r, 0)
	c := r.Take.First()
	for d := hops.Dir(0); d < 8; d++ {
		if l, w := stepTable[c][d], stepTable[c][d^4]; l != hops.NoSquare && w != hops.NoSquare && r.Land.Has(l) {
			g.toBefore.seed(w.Bit(), 1+g.toTaken.at(l))
			g.before[g.n], g.after[g.n] = w, l
			g.starts |= w.Bit()
			g.n++
		}
	}
	g.toPlain.init(r, plain)
}

// reached reports whether the current path of s is one that is looked for.
func (g *takeGoal) reached(s *hops.JumpSearch) bool {
	if s.Taken() {
		return g.taken.Has(s.End())
	}
	return g.plain.Has(s.End())
}

// distance returns the fewest jumps the current path of s still needs,
// ignoring G5, or hops.MaxPath when it can never reach its goal.
func (g *takeGoal) distance(s *hops.JumpSearch) int {
	e := s.End()
	switch {
	case s.Taken():
		return g.toTaken.at(e)
	case g.plain == 0:
		return g.toBefore.at(e)
	}
	return min(g.toBefore.at(e), g.toPlain.at(e))
}

// need returns at least budget+1 when the current path of s cannot reach
// its goal in budget jumps more, and otherwise a lower bound of the jumps
// it still needs (hops.MaxPath when it can never reach it). The distances
// ignore G5 and answer first; only a path they let through pays for a
// search over the squares it has not occupied yet, which sees most of
// what G5 forbids: an end from which the only ways to the carrier, or
// back from it, go through squares the path has already used.
func (g *takeGoal) need(s *hops.JumpSearch, budget int) int {
	e := s.End()
	static := g.distance(s)
	if static > budget || static == 0 {
		return static
	}
	open := g.land &^ s.Visited() // where the path may still land
	free := open                  // and where the search has not been yet
	front := e.Bit()
	best := hops.MaxPath
	for i := 0; i < best; i++ {
		if i > budget {
			return budget + 1
		}
		if s.Taken() {
			if front&g.taken != 0 {
				return max(i, static)
			}
		} else {
			if front&g.plain != 0 {
				best = i
			}
			for j := 0; j < g.n && front&g.starts != 0; j++ {
				if front.Has(g.before[j]) && open.Has(g.after[j]) {
					best = min(best, i+1+g.toTaken.at(g.after[j]))
				}
			}
		}
		front = board.JumpLandings(front, g.over) & free
		free &^= front
		if front == 0 {
			break
		}
	}
	return max(best, static)
}

// deepenLengths is how many lengths shortestJumps searches one at a time
// before it searches all the rest at once.
const deepenLengths = 2

// distances holds, for goal squares each with a cost (the jumps still
// needed from there), the fewest jumps from a square to reach a goal,
// costs included, ignoring G5: a lower bound of the jumps a path still
// needs. It is a breadth-first search backwards from the goals, run as
// far as the questions asked need.
type distances struct {
	over, land hops.Bitboard
	seeds      [hops.MaxPath]hops.Bitboard // seeds[c]: the goals of cost c
	last       int                         // the highest cost with goals
	known      hops.Bitboard               // the squares whose distance is found
	front      hops.Bitboard               // the squares found at the last level
	n          int                         // the levels searched
	dist       [64]int8                    // the distance of each square of known
}

// init sets the rules and the goals of cost 0.
func (ds *distances) init(r *hops.JumpRules, goal hops.Bitboard) {
	ds.over, ds.land = r.Over, r.Land
	ds.seed(goal, 0)
}

// seed adds goals of a cost, before the first question.
func (ds *distances) seed(goal hops.Bitboard, cost int) {
	if cost < hops.MaxPath {
		ds.seeds[cost] |= goal
		ds.last = max(ds.last, cost)
	}
}

// at returns the fewest jumps from s to a goal square, costs included,
// or hops.MaxPath when none is reached.
func (ds *distances) at(s hops.Square) int {
	for !ds.known.Has(s) {
		if !ds.grow() {
			return hops.MaxPath
		}
	}
	return int(ds.dist[s&63])
}

// grow searches one level more, and reports whether it did: none is
// searched past the last goal once a level finds no square.
func (ds *distances) grow() bool {
	i := ds.n
	if i >= hops.MaxPath || ds.front == 0 && i > ds.last {
		return false
	}
	next := (ds.seeds[i] | board.JumpLandings(ds.front, ds.over)&ds.land) &^ ds.known
	ds.known |= next
	ds.front = next
	ds.n++
	for ; next != 0; next &= next - 1 {
		ds.dist[next.First()&63] = int8(i)
	}
	return true
}
