package catchit

import (
	"math/bits"

	"github.com/hopsgames/hops"
)

// Counting the turns of a position (CountMoves) follows generate's bulk
// mode: the outcomes of every pawn on the board before the turn, then,
// for every first displacement, the outcomes of every other pawn on the
// board it leaves, merged into the dedupe tables. It keeps only the sets
// of end squares, on plain bit masks, and finds the ends of the jumps
// that take the ball (K5) without enumerating paths where it can (see
// takeEnds). generate's bulk mode stays as the reference it is tested
// against.

// allSquares is the 7×7 board as a mask.
var allSquares = uint64(board.All())

// neighbourTable[s] holds the squares next to s.
var neighbourTable = func() (t [64]uint64) {
	for s := range board.All().Squares() {
		t[s] = uint64(board.Neighbours(s))
	}
	return t
}()

// landings returns the squares reached by one jump from a square of from
// over a square of over, in any of the eight directions (G4). Over must
// lie on the board and the caller masks the result with squares on the
// board: a shift past the A or G file then lands on the unused eighth
// file or off the 64 bits, and is removed by one of the two masks.
func landings(from, over uint64) uint64 {
	return ((from<<8)&over)<<8 | ((from<<9)&over)<<9 | ((from<<1)&over)<<1 | ((from>>7)&over)>>7 |
		((from>>8)&over)>>8 | ((from>>9)&over)>>9 | ((from>>1)&over)>>1 | ((from<<7)&over)<<7
}

// flood returns the squares of land that a pawn standing on the squares
// of from reaches by one or more jumps over pawns of over, landing only
// on squares of land (a subset of the board) and never on from: the ends
// of its multi-jumps, as hops.JumpRules.ReachEnds finds them.
func flood(from, over, land uint64) uint64 {
	f := landings(from, over) & land &^ from
	if f == 0 {
		return 0
	}
	return floodOn(f, from, over, land)
}

// floodOn continues flood from first, the squares its first jumps reach.
func floodOn(first, from, over, land uint64) uint64 {
	seen := from | first
	for f := first; f != 0; {
		f = landings(f, over) & land &^ seen
		seen |= f
	}
	return seen &^ from
}

// exitMask returns the squares from which a jump over a pawn of set on
// side's last rank lands beyond its goal edge (K6), as exitFrom does.
func exitMask(set uint64, side hops.Side) uint64 {
	g := set & uint64(goalRank[side&1])
	if side == Blue {
		return (g>>8 | g>>7 | g>>9) & allSquares
	}
	return (g<<8 | g<<7 | g<<9) & allSquares
}

// counting is one stage of a turn, as counting sees it.
type counting struct {
	occ, empty uint64
	ball       hops.Square // the carrier
	side       hops.Side
	moved      bool // the ball has moved this turn (K8)

	// Set by prepareTakes, while the ball has not moved: the squares next
	// to the carrier with an empty square beyond it (where a take can be
	// jumped from), those from which a jump over the carrier leaves the
	// board, and a superset of the squares of the pawns that can reach
	// one of the two.
	ready   bool
	before  uint64
	takeOut uint64
	takers  uint64 // holds the squares of the pawns that may be able to take
}

// prepareTakes sets the fields that the takes of the pawns need, once
// per stage.
func (c *counting) prepareTakes() {
	c.ready = true
	cb, e := bit(c.ball), c.empty
	c.before = (((cb<<8)&e)>>16 | ((cb>>8)&e)<<16 | ((cb<<1)&e)>>2 | ((cb>>1)&e)<<2 |
		((cb<<9)&e)>>18 | ((cb>>9)&e)<<18 | ((cb<<7)&e)>>14 | ((cb>>7)&e)<<14) & allSquares
	c.takeOut = exitMask(cb, c.side)
	// The jumps are the same both ways: the squares from which the
	// targets can be reached without taking are found by a flood fill
	// from the targets, which may jump the pawn that moves too.
	t := (c.before | c.takeOut) & e
	r := flood(t, c.occ, e) | t
	c.takers = landings(r, c.occ) | c.before | c.takeOut
}

// tally is what counting keeps of a pawn's displacements in one stage:
// the end squares of its steps and non-taking jumps (which leave the
// ball where it is unless the pawn carries it), of its taking jumps, the
// ends of its multi-jumps alone (for its region), and whether it can
// leave the board with the ball.
type tally struct {
	moves, takes, jumpEnds uint64
	exit                   bool
}

// outcomes computes the tally of the pawn on from in c, with the same
// sets as outcomes.compute without paths.
func (c *counting) outcomes(from hops.Square, t *tally) {
	*t = tally{}
	carrier := from == c.ball
	if carrier && c.moved {
		return // the ball moves once a turn (K8)
	}
	c.outcomesOf(from, t)
}

// takeOutcomes computes the taking jumps of the pawn on from, and
// whether it can leave the board with a take, as outcomes does, and
// leaves the other sets empty. From must not carry the ball, the ball
// must not have moved, and prepareTakes must have run: pawns that are
// not among the takers have no take at all.
func (c *counting) takeOutcomes(from hops.Square, t *tally) {
	*t = tally{}
	c.outcomesOf(from, t)
	t.moves, t.jumpEnds = 0, 0
}

// outcomesOf fills the zero tally t with the outcomes of the pawn on
// from, which may be displaced (K8).
func (c *counting) outcomesOf(from hops.Square, t *tally) {
	carrier := from == c.ball
	fb := bit(from)
	over := c.occ &^ fb
	first := landings(fb, over) & c.empty
	jumpEnds := first
	if first != 0 {
		jumpEnds = floodOn(first, fb, over, c.empty)
	}
	t.jumpEnds = jumpEnds
	t.moves = neighbourTable[from&63]&c.empty | jumpEnds
	nodes := jumpEnds | fb
	if carrier {
		t.exit = uint64(goalRank[c.side&1])&fb != 0 || nodes&exitMask(over, c.side) != 0
		return
	}
	if c.moved {
		return
	}
	if !c.ready {
		c.prepareTakes()
	}
	if nodes&(c.before|c.takeOut) == 0 {
		return
	}
	t.exit = nodes&c.takeOut != 0
	if cand := nodes & c.before; cand != 0 {
		t.takes = c.takeEnds(fb, over, first|fb, nodes, cand)
		if t.takes&exitMask(over, c.side) != 0 {
			t.exit = true
		}
	}
}

// takeEnds returns the end squares of the displacements of the pawn on
// from (fb its bit, over the pawns it may jump) that take the ball (K5),
// given cand, the squares next to the carrier with an empty square
// beyond that the pawn can reach without taking.
//
// A taking displacement is a path of jumps P from the start to some W of
// cand, the jump over the carrier to the square Y beyond, then jumps on
// from Y, landing on no square of P (G5). Its possible ends for a given
// P are Y and the squares a flood fill reaches from Y without landing on
// P; a longer P only removes squares. So for each W, the shortest P,
// {start, W}, bounds them, and when W is the start or one jump away that
// bound is reached. For a W farther away, a shortest path to it that
// avoids Y is tried next; only if the bound still holds squares not
// found yet are the paths to W searched, and the search stops once
// nothing more can be found.
func (c *counting) takeEnds(fb, over, near, nodes, cand uint64) uint64 {
	cb := bit(c.ball)
	var found, far uint64
	for ; cand != 0; cand &= cand - 1 {
		wb := cand & -cand
		y := mirrorOver(wb, cb)
		switch {
		case wb == fb && near == fb|y:
			// The start next to the carrier, whose only first jump
			// is over it: every multi-jump passes Y first, so the
			// ends after taking are exactly the multi-jump ends.
			found |= nodes &^ fb
		case near&wb != 0:
			found |= flood(y, over, c.empty&^wb) | y
		case landings(wb, over)&nodes&^y != 0:
			// A W whose only neighbour in the jump graph is Y (often
			// reached by jumping the carrier without taking) is never
			// reached without landing on Y first.
			far |= wb
		}
	}
	if far == 0 {
		return found
	}
	return c.farTakes(fb, over, found, far)
}

// farTakes adds to found the ends of the takes from the squares of far,
// the W of takeEnds more than one jump away from the start.
func (c *counting) farTakes(fb, over, found, far uint64) uint64 {
	cb := bit(c.ball)
	var levels [hops.MaxPath]uint64
	open := uint64(0)
	for f := far; f != 0; f &= f - 1 {
		wb := f & -f
		y := mirrorOver(wb, cb)
		bound := flood(y, over, c.empty&^wb) | y
		if bound&^found == 0 {
			continue
		}
		// A shortest path to W that avoids Y.
		n := floodLevels(fb, over, c.empty&^y, wb, &levels)
		if n == 0 {
			continue // W cannot be reached without landing on Y
		}
		path, at := fb|wb, wb
		for l := n - 1; l >= 1; l-- {
			prev := landings(at, over) & levels[l]
			at = prev & -prev
			path |= at
		}
		found |= flood(y, over, c.empty&^path) | y
		if bound&^found != 0 {
			open |= wb
		}
	}
	if open == 0 {
		return found
	}
	s := takeSearch{found: found, over: over, empty: c.empty}
	for ; open != 0; open &= open - 1 {
		wb := open & -open
		y := mirrorOver(wb, cb)
		s.w[s.n], s.y[s.n], s.bound[s.n] = wb, y, flood(y, over, c.empty&^wb)|y
		s.n++
	}
	if s.drop() {
		s.walk(fb, fb)
	}
	return s.found
}

// mirrorOver returns the square beyond the carrier cb seen from its
// neighbour wb: W, the carrier and Y are evenly spaced on a line, and
// so are their bit numbers.
func mirrorOver(wb, cb uint64) uint64 {
	w, c := bits.TrailingZeros64(wb), bits.TrailingZeros64(cb)
	return uint64(1) << (uint(2*c-w) & 63)
}

// floodLevels runs the flood fill of flood from the square from, keeping
// in levels[k] the squares first reached by k jumps, until it reaches
// target. It returns the number of jumps to target, or 0 when the flood
// does not reach it.
func floodLevels(from, over, land, target uint64, levels *[hops.MaxPath]uint64) int {
	seen := from
	levels[0] = from
	for k := 1; k < len(levels); k++ {
		f := landings(levels[k-1], over) & land &^ seen
		if f == 0 {
			return 0
		}
		if f&target != 0 {
			return k
		}
		levels[k] = f
		seen |= f
	}
	return 0
}

// takeSearch walks the non-taking jump paths toward the far W of
// takeEnds whose bound is not yet found.
type takeSearch struct {
	n           int
	w, y, bound [8]uint64 // the far W, their Y, and their bounds
	far         uint64    // the W still open
	found       uint64
	over, empty uint64
}

// drop recomputes far, leaving out the W whose bound is already found: a
// longer path to them finds nothing new. It reports whether any is left.
func (s *takeSearch) drop() bool {
	s.far = 0
	for k := 0; k < s.n; k++ {
		if s.bound[k]&^s.found != 0 {
			s.far |= s.w[k]
		}
	}
	return s.far != 0
}

// walk extends the path ending on at (a bit) that has landed on visited,
// and reports false once far is empty.
func (s *takeSearch) walk(at, visited uint64) bool {
	for next := landings(at, s.over) & s.empty &^ visited; next != 0; next &= next - 1 {
		l := next & -next
		v := visited | l
		if s.far&l != 0 {
			for k := 0; k < s.n; k++ {
				if s.w[k] != l || s.y[k]&v != 0 {
					continue
				}
				if ends := flood(s.y[k], s.over, s.empty&^v) | s.y[k]; ends&^s.found != 0 {
					s.found |= ends
					if !s.drop() {
						return false
					}
				}
			}
		}
		// Extend only toward a W still open, through squares not landed on.
		if flood(l, s.over, s.empty&^v)&s.far != 0 && !s.walk(l, v) {
			return false
		}
	}
	return true
}

// countMoves returns the number of distinct successors of p (G9), the
// count generate's bulk mode makes.
func (p Position) countMoves() int {
	st0 := p.stage()
	occ := uint64(st0.pawns[Blue] | st0.pawns[Red])
	if st0.ball == hops.NoSquare || occ&uint64(st0.ball.Bit()) == 0 {
		return 0
	}
	dd := dedupes.Get().(*dedupe)
	side := st0.side
	attacker := st0.attacker()
	c0 := counting{occ: occ, empty: allSquares &^ occ, ball: st0.ball, side: side}
	var (
		pawns [7]countPawn
		n     int
	)
	for own := uint64(st0.pawns[side]); own != 0 && n < len(pawns); own &= own - 1 {
		pw := &pawns[n]
		pw.sq = hops.Square(bits.TrailingZeros64(own))
		c0.outcomes(pw.sq, &pw.tally)
		nodes := pw.jumpEnds | own&-own
		near := neighbourSet(nodes)
		pw.depOcc = nodes | near
		pw.depFree = near | landings(nodes, occ&^(own&-own))&allSquares
		if attacker && pw.sq != c0.ball {
			// The takes and the exits of the attacker's other pawns
			// depend on less (see "Take dependence" below).
			edge := near & uint64(goalRank[side&1])
			pw.nodes, pw.near = nodes, near
			pw.takeOcc = nodes | between(nodes, c0.empty) | edge
			pw.takeFree = between(nodes, nodes) | landings(nodes, occ&^(own&-own))&allSquares | edge
		}
		n++
	}
	ps := pawns[:n]
	var fresh tally
	for i := range ps {
		a, o1 := ps[i].sq, &ps[i].tally
		ab := bit(a)
		if o1.exit {
			dd.addExit1(i)
		}
		// Mark every pair of pawn i as in use at once, for release.
		for j := range ps {
			if j != i {
				dd.pairs |= 1 << pairIndex[i][j]
			}
		}
		for take := range 2 {
			ends := o1.moves
			if take == 1 {
				ends = o1.takes
			}
			for ; ends != 0; ends &= ends - 1 {
				end := hops.Square(bits.TrailingZeros64(ends))
				eb := ends & -ends
				c1 := counting{occ: occ&^ab | eb, ball: c0.ball, side: side}
				c1.empty = allSquares &^ c1.occ
				// K8: which outcomes the second displacement may use.
				switch {
				case a == c0.ball || take == 1:
					// The ball has moved: plain steps and jumps only,
					// the ball staying on the first pawn.
					c1.ball, c1.moved = end, true
					for j := range ps {
						pw := &ps[j]
						if j == i {
							continue
						}
						moves := pw.moves
						if pw.depOcc&eb != 0 || pw.depFree&ab != 0 {
							moves = c1.movesOf(pw.sq)
						}
						if moves != 0 {
							dd.addAfterBall(pairIndex[i][j], j, a, end, moves)
						}
					}
				case attacker:
					// The attacker still has to move the ball: with the
					// carrier, or by taking it with another pawn.
					pairs := &pairIndex[i&7]
					for j := range ps {
						pw := &ps[j]
						if j == i {
							continue
						}
						if pw.sq == c1.ball {
							o2 := &pw.tally
							if pw.depOcc&eb != 0 || pw.depFree&ab != 0 {
								c1.outcomes(pw.sq, &fresh)
								o2 = &fresh
							}
							if o2.moves != 0 {
								dd.addBallSecond(pairs[j&7], j, a, end, o2.moves)
							}
							if o2.exit {
								dd.addExit2(i, j, end)
							}
							continue
						}
						takes, exit := pw.takes, pw.exit
						if pw.takeOcc&eb != 0 || pw.takeFree&ab != 0 || pw.near&eb != 0 && landings(pw.nodes, eb)&ab != 0 {
							if !c1.ready {
								c1.prepareTakes()
							}
							if c1.takers&bit(pw.sq) == 0 {
								continue // no take at all
							}
							c1.takeOutcomes(pw.sq, &fresh)
							takes, exit = fresh.takes, fresh.exit
						}
						if takes != 0 {
							dd.addBallSecond(pairs[j&7], j, a, end, takes)
						}
						if exit {
							dd.addExit2(i, j, end)
						}
					}
				default:
					// The defender may still take the ball, or not.
					pairs := &pairIndex[i&7]
					for j := range ps {
						pw := &ps[j]
						if j == i {
							continue
						}
						o2 := &pw.tally
						if pw.depOcc&eb != 0 || pw.depFree&ab != 0 {
							c1.outcomes(pw.sq, &fresh)
							o2 = &fresh
						}
						if o2.moves != 0 {
							dd.addPlain(pairs[j&7], j, a, end, c1.ball, o2.moves)
						}
						if o2.takes != 0 {
							dd.addBallSecond(pairs[j&7], j, a, end, o2.takes)
						}
						if o2.exit {
							dd.addExit2(i, j, end)
						}
					}
				}
			}
		}
	}
	count := dd.n
	dd.release()
	return count
}

// countPawn is what countMoves keeps of one of the mover's pawns: its
// square, its outcomes on the board before the turn, and the squares
// they depend on: they stay the same after a first displacement from A
// to E unless E is in depOcc or A in depFree (see "Dependence" below).
type countPawn struct {
	sq              hops.Square
	depOcc, depFree uint64
	tally

	// For the attacker's pawns other than the carrier, whose takes and
	// exits only are used while the ball has not moved: C (nodes) and
	// the squares next to it (near), and the narrower dependence of
	// "Take dependence".
	nodes, near       uint64
	takeOcc, takeFree uint64
}

// between returns the squares next to a square of from with a square of
// to just beyond, on the same line: the pawns that a jump from from to
// to passes over, where there are pawns.
func between(from, to uint64) uint64 {
	return ((from<<8)&(to>>8) | (from>>8)&(to<<8) | (from<<1)&(to>>1) | (from>>1)&(to<<1) |
		(from<<9)&(to>>9) | (from>>9)&(to<<9) | (from<<7)&(to>>7) | (from>>7)&(to<<7)) & allSquares
}

// Take dependence: the takes of a pawn that does not carry the ball, and
// its exits with a take, are found from the jump graph on C alone (its
// nodes and the jumps between them: the take is one of these jumps, over
// the carrier) and from the pawns on the last rank next to C. A first
// displacement from A to E changes that graph only by removing the node
// E (E in C), by adding a jump over E from C to an empty square (E
// between C and the empty squares) or to A itself (E next to C, A just
// beyond), by removing a jump over A (A between two squares of C), or by
// adding the landing A to a jump from C over an occupied square.
// takeOcc and takeFree hold these squares, with the last rank next to
// C; the case of A just beyond E is tested on the spot.

// movesOf returns the ends of the steps and non-taking jumps of the pawn
// on from, which does not carry the ball.
func (c *counting) movesOf(from hops.Square) uint64 {
	fb := bit(from)
	over := c.occ &^ fb
	first := landings(fb, over) & c.empty
	steps := neighbourTable[from&63] & c.empty
	if first == 0 {
		return steps
	}
	return steps | floodOn(first, fb, over, c.empty)
}

// bit returns the bit of a square of the board, cheaper than Square.Bit,
// which also accepts squares off the board.
func bit(s hops.Square) uint64 { return 1 << (uint(s) & 63) }

// neighbourSet returns the squares next to a square of set.
func neighbourSet(set uint64) uint64 {
	return (set<<8 | set>>8 | set<<1 | set>>1 | set<<9 | set>>9 | set<<7 | set>>7) & allSquares
}

// Dependence: let C be the squares a pawn can stand on during a
// non-taking displacement (its start and its multi-jump ends). Its
// steps, jumps, takes and exits only look at C, at the squares next to
// C (the pawns it may jump, the carrier, the pawns on the last rank) and
// at the landings two squares away from C over an occupied square, so a
// first displacement from A to E leaves them unchanged when E is
// neither in C nor next to it (E was empty: it was a landing of no jump
// from C, and becomes a jumped pawn of none) and A is neither next to C
// nor the landing of a jump from C (A was occupied: it was a jumped pawn
// of no jump from C, and the jump to A it frees needs an occupied square
// between, which was occupied before unless it is E, next to C). This is
// sharper than the region of outcomes.region, which generate uses.
