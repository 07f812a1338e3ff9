package catchit

import "github.com/hopsgames/hops"

// stage is the board during a turn: before the first displacement, or
// between the two.
type stage struct {
	pawns [2]hops.Bitboard
	ball  hops.Square // the carrier's square
	side  hops.Side   // the side making the turn
	moved bool        // the ball has moved this turn (K8)
	used  hops.Square // where the first displacement's pawn stands, or NoSquare
}

func (p Position) stage() stage {
	return stage{pawns: p.pawns, ball: p.carrier(), side: p.side & 1, used: hops.NoSquare}
}

// attacker reports whether the side to move carried the ball at the start
// of the turn (K8). Between two displacements it is asked of the stage
// before the first.
func (st *stage) attacker() bool { return st.pawns[st.side].Has(st.ball) }

// after returns the stage once the pawn on from has ended on end, taking
// the ball on the way if take.
func (st *stage) after(from, end hops.Square, take bool) stage {
	n := *st
	n.pawns[st.side] = n.pawns[st.side].Without(from).With(end)
	if from == st.ball || take {
		n.ball, n.moved = end, true
	}
	n.used = end
	return n
}

// position returns the position at the end of the turn.
func (st *stage) position() Position {
	return Position{pawns: st.pawns, ball: uint8(st.ball + 1), side: st.side ^ 1}
}

// Goal geometry per side (K3, K6): the last rank before the goal edge,
// and the directions that cross it.
var (
	goalRank = [2]hops.Bitboard{board.RankSquares(6), board.RankSquares(0)}
	preGoal  = [2]hops.Bitboard{board.RankSquares(5), board.RankSquares(1)}
	forward  = [2][3]hops.Dir{{hops.North, hops.NorthEast, hops.NorthWest}, {hops.South, hops.SouthEast, hops.SouthWest}}
	edgeName = [2]string{"rank 7", "rank 1"}
)

// stepTable[s][d] is the neighbour of s in direction d, or NoSquare.
var stepTable = func() (t [64][8]hops.Square) {
	for s := range t {
		for d := range t[s] {
			t[s][d] = board.Step(hops.Square(s), hops.Dir(d))
		}
	}
	return t
}()

// exitFrom returns the squares from which a jump over one of the pawns
// in set lands beyond side's goal edge (K6).
func exitFrom(set hops.Bitboard, side hops.Side) hops.Bitboard {
	var from hops.Bitboard
	for set &= goalRank[side]; set != 0; set &= set - 1 {
		from |= exitTable[side&1][set.First()]
	}
	return from
}

// exitTable[side][s] is exitFrom of the single square s.
var exitTable = func() (t [2][64]hops.Bitboard) {
	for side := range 2 {
		for s := range goalRank[side].Squares() {
			for _, d := range forward[side] {
				t[side][s] |= board.Shift(s.Bit(), d.Opposite())
			}
		}
	}
	return t
}()

// The kinds of displacement outcome, in generation order.
const (
	kindStep = iota // a step (K4)
	kindJump        // a multi-jump that does not take the ball
	kindTake        // a multi-jump that takes the ball (K5)
	kindExit        // leaving the board with the ball (K6)
	kinds
)

// outcomes holds the distinct results of one pawn's displacement in one
// stage: the end squares of its steps, of its non-taking jumps (minus the
// step ends), of its taking jumps, and whether it can leave the board.
// Two displacements with the same kind and end give the same board.
type outcomes struct {
	from     hops.Square
	carrier  bool // the pawn carries the ball from the start
	paths    bool // keep a canonical path for every outcome
	rules    hops.JumpRules
	reach    hops.Reach // kept only with paths
	jumpEnds hops.Bitboard
	ends     [kinds]hops.Bitboard
	exit     bool
	exitPath hops.Path
	takePath [64]hops.Path
}

// compute fills o with the displacements of the pawn on from in st. With
// onlyBall, only the displacements that move the ball are kept (the
// attacker's second displacement when the first did not move it, K8).
func (o *outcomes) compute(st *stage, from hops.Square, paths, onlyBall bool) {
	o.from, o.paths = from, paths
	o.ends = [kinds]hops.Bitboard{}
	o.exit = false
	o.carrier = from == st.ball
	if o.carrier && st.moved {
		return // the ball moves once a turn (K8)
	}
	occ := st.pawns[Blue] | st.pawns[Red]
	empty := board.All() &^ occ
	over := occ &^ from.Bit()
	o.rules = hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: over, Land: empty | from.Bit()}
	if paths {
		o.rules.ReachInto(&o.reach, from)
		o.jumpEnds = o.reach.Ends()
	} else {
		o.jumpEnds = o.rules.ReachEnds(from)
	}
	jumpEnds := o.jumpEnds
	nodes := jumpEnds | from.Bit() // where the pawn may stand during a non-taking multi-jump
	side := st.side
	if o.carrier || !onlyBall {
		o.ends[kindStep] = board.Neighbours(from) & empty
		o.ends[kindJump] = jumpEnds &^ o.ends[kindStep]
	}
	if o.carrier {
		if goalRank[side].Has(from) {
			o.exit = true
			if paths {
				o.exitPath = hops.PathOf(from, hops.Outside)
			}
		} else if e := nodes & exitFrom(over, side); e != 0 {
			o.exit = true
			if paths {
				best, bestJumps := hops.NoSquare, hops.MaxPath
				for ; e != 0; e &= e - 1 {
					n := e.First()
					if j := o.reach.Jumps(n); j < bestJumps {
						best, bestJumps = n, j
					}
				}
				if best == from {
					o.exitPath = hops.PathOf(from)
				} else {
					o.exitPath = o.reach.Path(&o.rules, best)
				}
				o.exitPath.Push(hops.Outside, false)
			}
		}
		return
	}
	if st.moved || st.ball == hops.NoSquare {
		return
	}
	// Taking the ball (K5): first a cheap test that some square the pawn
	// can reach stands before the carrier with a free landing beyond.
	c := st.ball
	var before hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		if l := stepTable[c][d]; l != hops.NoSquare && o.rules.Land.Has(l) {
			before |= stepTable[c][d^4].Bit()
		}
	}
	takeOut := exitFrom(c.Bit(), side)
	if nodes&(before|takeOut) == 0 {
		return
	}
	o.searchTakes(c, before, nodes, takeOut, exitFrom(over, side))
}

// searchTakes runs the shared jump search with taking allowed and records
// the ends of the taking paths and the exits they lead to. Before holds
// the squares next to the carrier with a free square beyond it, takeOut
// those from which a jump over the carrier leaves the board, jumpOut
// those from which a jump over any pawn does, and nodes the squares the
// pawn can stand on without taking (its start and its jump ends).
//
// A path that has not taken the ball is not extended when no square of
// before or takeOut can be reached from its end without landing on a square it
// has visited: it leads to no take. When no paths are kept, a path that
// has just taken the ball is not extended either: the ends of its
// extensions are exactly the squares a flood fill reaches from its end
// without landing on a visited square (any jump sequence between two
// squares contains one that visits no square twice, G5).
func (o *outcomes) searchTakes(c hops.Square, before, nodes, takeOut, jumpOut hops.Bitboard) {
	targets := before | takeOut
	r := o.rules
	r.Take = c.Bit()
	plain := o.rules
	var bound hops.Bitboard
	if !o.paths {
		// Without paths, leaving with a take is decided by the flood
		// fill, and the take search stops once it has found every end
		// that a bound allows: a take from W over the carrier to Y,
		// then jumps from Y that land on neither W nor the start.
		if takeOut&nodes != 0 {
			o.exit = true
		}
		for d := hops.Dir(0); d < 8; d++ {
			w, y := stepTable[c][d^4], stepTable[c][d]
			if w == hops.NoSquare || y == hops.NoSquare || !nodes.Has(w) || !o.rules.Land.Has(y) || y == o.from {
				continue
			}
			plain.Land = o.rules.Land &^ (o.from.Bit() | w.Bit())
			bound |= plain.ReachEnds(y) | y.Bit()
		}
		if bound == 0 {
			return
		}
		// Often the takes at the first or second jump already reach the
		// bound: try them before the search.
		var first hops.Bitboard // the landings of one jump
		for d := hops.Dir(0); d < 8; d++ {
			if o.rules.Over.Has(stepTable[o.from][d]) {
				first |= stepTable[stepTable[o.from][d]][d].Bit() & o.rules.Land
			}
		}
		for d := hops.Dir(0); d < 8; d++ {
			w, y := stepTable[c][d^4], stepTable[c][d]
			if w == hops.NoSquare || y == hops.NoSquare || !(first | o.from.Bit()).Has(w) || !o.rules.Land.Has(y) || y == o.from {
				continue
			}
			visited := o.from.Bit() | w.Bit()
			if visited.Has(y) {
				continue
			}
			plain.Land = o.rules.Land &^ visited
			o.ends[kindTake] |= plain.ReachEnds(y) | y.Bit()
		}
		if o.ends[kindTake]&jumpOut != 0 {
			o.exit = true
		}
		if o.ends[kindTake] == bound {
			return
		}
	}
	exitLen := hops.MaxPath + 2
	offer := func(p hops.Path, marked bool) {
		o.exit = true
		if o.paths && p.Len()+1 < exitLen {
			exitLen = p.Len() + 1
			o.exitPath = p
			o.exitPath.Push(hops.Outside, marked)
		}
	}
	if takeOut.Has(o.from) {
		offer(hops.PathOf(o.from), true)
	}
	var s hops.JumpSearch
	s.Reset(&r, o.from)
	for s.Next() {
		e := s.End()
		if !s.Taken() {
			if takeOut.Has(e) {
				offer(s.Path(), true)
			}
			if !targets.Has(e) {
				plain.Land = o.rules.Land &^ s.Visited()
				if plain.ReachEnds(e)&targets == 0 {
					s.Prune()
				}
			}
			continue
		}
		if !o.paths {
			plain.Land = o.rules.Land &^ s.Visited()
			ends := plain.ReachEnds(e) | e.Bit()
			o.ends[kindTake] |= ends
			if ends&jumpOut != 0 {
				o.exit = true
			}
			if o.ends[kindTake] == bound {
				return // every possible end is found
			}
			s.Prune()
			continue
		}
		if !o.ends[kindTake].Has(e) {
			o.ends[kindTake] |= e.Bit()
			if o.paths {
				o.takePath[e] = s.Path()
			}
		} else if o.paths && s.Jumps() < o.takePath[e].Hops() {
			o.takePath[e] = s.Path()
		}
		if jumpOut.Has(e) {
			offer(s.Path(), false)
		}
	}
}

// path returns the canonical path of an outcome.
func (o *outcomes) path(kind int, end hops.Square) hops.Path {
	switch kind {
	case kindStep:
		var p hops.Path
		p.Push(o.from, false)
		p.Push(end, false)
		return p
	case kindJump:
		return o.reach.Path(&o.rules, end)
	case kindTake:
		return o.takePath[end&63]
	}
	return o.exitPath
}

// any reports whether there is at least one outcome.
func (o *outcomes) any() bool {
	return o.exit || o.ends[kindStep]|o.ends[kindJump]|o.ends[kindTake] != 0
}

// each calls f for every outcome in generation order (steps, jumps,
// takes, each by end square from A1 upwards, then the exit) until f
// returns false.
func (o *outcomes) each(f func(kind int, end hops.Square) bool) bool {
	for kind := kindStep; kind < kindExit; kind++ {
		for e := o.ends[kind]; e != 0; e &= e - 1 {
			if !f(kind, e.First()) {
				return false
			}
		}
	}
	if o.exit {
		return f(kindExit, hops.Outside)
	}
	return true
}

// gen collects the moves of a position: counting, appending, yielding or
// stopping at the first.
type gen struct {
	paths bool
	first bool
	dst   []Move
	yield func(Move) bool
	count int
	stop  bool
}

func (g *gen) emit(m Move) {
	g.count++
	switch {
	case g.first:
		g.stop = true
	case g.yield != nil:
		if !g.yield(m) {
			g.stop = true
		}
	case g.paths:
		g.dst = append(g.dst, m)
	}
}

// generate enumerates the turns of p (K7, K8): for every own pawn (from
// A1 upwards) and each outcome of its displacement, either the winning
// displacement alone or every second displacement by another own pawn,
// keeping the first turn that reaches each successor (G9).
//
// The outcomes of every own pawn are computed once on the board before
// the turn, with the region of the board they depend on. A first
// displacement changes two squares (its start and its end); a second
// pawn whose region holds neither has the same outcomes after it, and
// only the others are computed again. Which outcomes a second
// displacement may use depends on the ball (K8) and is applied as a mask.
func (p Position) generate(g *gen) {
	st0 := p.stage()
	if st0.ball == hops.NoSquare || !(st0.pawns[Blue] | st0.pawns[Red]).Has(st0.ball) {
		return
	}
	dd := dedupes.Get().(*dedupe)
	defer dd.release()
	// Count only: merge whole sets of ends. CountMoves uses countMoves,
	// which counts the same way on plain masks; this mode is the
	// reference the tests check it against.
	bulk := !g.paths && !g.first
	side := st0.side
	attacker := st0.attacker()
	var (
		dep [7]hops.Bitboard
		sq  [7]hops.Square
		n   int
	)
	base, fresh := &dd.base, &dd.fresh // kept between calls: compute sets what is read
	for own := st0.pawns[side]; own != 0 && n < len(base); own &= own - 1 {
		sq[n] = own.First()
		base[n].compute(&st0, sq[n], g.paths, false)
		dep[n] = base[n].region()
		n++
	}
	for i := 0; i < n && !g.stop; i++ {
		a, o1 := sq[i], &base[i]
		for kind := kindStep; kind <= kindExit && !g.stop; kind++ {
			ends := o1.kindEnds(kind)
			for ; ends != 0 && !g.stop; ends &= ends - 1 {
				if kind == kindExit {
					if dd.addExit1(i) && !bulk {
						g.emit(Move{first: o1.exitPath})
					}
					continue
				}
				end := ends.First()
				st1 := st0.after(a, end, kind == kindTake)
				changed := a.Bit() | end.Bit()
				var p1 hops.Path
				havePath := false
				for j := 0; j < n && !g.stop; j++ {
					if j == i {
						continue
					}
					b, o2 := sq[j], &base[j]
					if dep[j]&changed != 0 || !reuseOutcomes {
						fresh.compute(&st1, b, g.paths, false)
						o2 = fresh
					}
					// K8: which outcomes this second displacement may use.
					allowed := 1<<kindStep | 1<<kindJump | 1<<kindTake | 1<<kindExit
					switch {
					case st1.moved:
						allowed = 1<<kindStep | 1<<kindJump
					case attacker && b == st1.ball:
						allowed = 1<<kindStep | 1<<kindJump | 1<<kindExit
					case attacker:
						allowed = 1<<kindTake | 1<<kindExit
					}
					if bulk {
						// Steps and jumps move the ball alike; takes move it.
						if nt := o2.ends[kindStep] | o2.ends[kindJump]; allowed&(1<<kindStep) != 0 && nt != 0 {
							dd.addAll(i, j, a, end, st1.ball, nt, b == st1.ball)
						}
						if t := o2.ends[kindTake]; allowed&(1<<kindTake) != 0 && t != 0 {
							dd.addAll(i, j, a, end, st1.ball, t, true)
						}
						if allowed&(1<<kindExit) != 0 && o2.exit {
							dd.addExit2(i, j, end)
						}
						continue
					}
					for kind2 := kindStep; kind2 <= kindExit && !g.stop; kind2++ {
						if allowed&(1<<kind2) == 0 {
							continue
						}
						for ends2 := o2.kindEnds(kind2); ends2 != 0 && !g.stop; ends2 &= ends2 - 1 {
							end2 := hops.Outside
							var isNew bool
							if kind2 == kindExit {
								isNew = dd.addExit2(i, j, end)
							} else {
								end2 = ends2.First()
								ball := st1.ball
								if b == ball || kind2 == kindTake {
									ball = end2
								}
								isNew = dd.add(i, j, a, end, end2, ball)
							}
							if !isNew {
								continue
							}
							if !g.paths {
								g.emit(Move{})
								continue
							}
							if !havePath {
								p1, havePath = o1.path(kind, end), true
							}
							g.emit(Move{first: p1, second: o2.path(kind2, end2)})
						}
					}
				}
			}
		}
	}
	if bulk {
		g.count = dd.count()
	}
}

// reuseOutcomes enables the reuse of second-displacement outcomes in
// generate; tests turn it off to check that it changes nothing.
var reuseOutcomes = true

// kindEnds returns the end squares of the outcomes of one kind; for the
// exit, a one-element set when the pawn can leave the board.
func (o *outcomes) kindEnds(kind int) hops.Bitboard {
	if kind == kindExit {
		if o.exit {
			return 1
		}
		return 0
	}
	return o.ends[kind&3]
}

// region returns the squares whose occupation the outcomes depend on:
// those next to, or two squares away from, a square the pawn can stand
// on during a displacement (its start, and the ends of its multi-jumps,
// which hold every landing of a taking path too). Steps, jumps, takes
// and exits only look at those squares.
func (o *outcomes) region() hops.Bitboard {
	nodes := o.jumpEnds | o.from.Bit()
	var r hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		s := board.Shift(nodes, d)
		r |= s | board.Shift(s, d)
	}
	return r
}
