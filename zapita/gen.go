package zapita

import (
	"iter"

	hops "github.com/hopsgames/hops"
)

// Geometry tables, computed once from the shared board.
var (
	neighbours [64]hops.Bitboard  // squares adjacent to each square (G2)
	rays       [64][8]hops.Square // next square in each direction, or NoSquare
	allSquares = board.All()
	// throwRays[s][d][k]: the square k+1 steps from s in direction d, as
	// a set, empty off the board: the squares a throw may reach (Z5)
	throwRays [64][8][3]hops.Bitboard
)

func init() {
	for s := range board.All().Squares() {
		neighbours[s] = board.Neighbours(s)
		for d := hops.Dir(0); d < 8; d++ {
			rays[s][d] = board.Step(s, d)
		}
	}
	for s := range rays {
		if !board.Contains(hops.Square(s)) {
			for d := range rays[s] {
				rays[s][d] = hops.NoSquare
			}
		}
	}
	for s := range board.All().Squares() {
		for d := range 8 {
			for k, t := 0, rays[s][d]; k < 3 && t >= 0; k, t = k+1, rays[t][d] {
				throwRays[s][d][k] = t.Bit()
			}
		}
	}
}

// jumpRules returns the multi-jump rules of Z4 for the pawn on from: it
// jumps over any other pawn, lands on squares holding no pawn and not the
// bomb (headquarters included, its start included), and may land on the
// bomb only as its last landing (Final).
func (p *Position) jumpRules(from hops.Square) hops.JumpRules {
	return p.jumpRulesOcc(from, p.occupied())
}

// jumpRulesOcc is jumpRules with the occupied squares given.
func (p *Position) jumpRulesOcc(from hops.Square, occ hops.Bitboard) hops.JumpRules {
	over := occ &^ from.Bit()
	return hops.JumpRules{
		Board: board,
		Dirs:  hops.AllDirs,
		Over:  over,
		Land:  allSquares &^ over &^ p.bomb.Bit(),
		Final: p.bomb.Bit(),
	}
}

// throwBoard is the board a throw chain sees (Z5, Z6): the pawns after the
// mover's path, which left its start square and stands on the bomb's.
type throwBoard struct {
	own   [3]hops.Bitboard // the mover's pawns by power, after the path
	all   hops.Bitboard    // the mover's pawns
	opp   hops.Bitboard    // the opponent's pawns
	block [4]hops.Bitboard // block[p]: opposing pawns of power >= p
	ownHQ hops.Square
}

// throwBoard returns the board of the throw chain after the side to move
// brings its pawn from `from` onto the bomb.
func (p *Position) throwBoard(from hops.Square) throwBoard {
	var t throwBoard
	me, them := p.side&1, p.side.Other()&1
	t.own = p.pw[me]
	for k := range 3 {
		if t.own[k].Has(from) {
			t.own[k] = t.own[k].Without(from).With(p.bomb)
		}
	}
	t.all = t.own[0] | t.own[1] | t.own[2]
	o := &p.pw[them]
	t.opp = o[0] | o[1] | o[2]
	t.block[3] = o[2]
	t.block[2] = o[1] | o[2]
	t.block[1] = t.opp
	t.block[0] = t.opp
	t.ownHQ = HQ(me)
	return t
}

// power returns the power of the mover's pawn on sq after the path (0 if
// none).
func (t *throwBoard) power(sq hops.Square) int {
	b := sq.Bit()
	switch {
	case t.own[0]&b != 0:
		return 1
	case t.own[1]&b != 0:
		return 2
	case t.own[2]&b != 0:
		return 3
	}
	return 0
}

// throws returns where a pawn of the given power on sq can throw the
// bomb (Z5): rest holds the squares empty of pawns where it comes to rest
// (never the mover's own HQ), relay the mover's pawns it may land on
// (whether or not they have thrown already).
func (t *throwBoard) throws(sq hops.Square, power int) (rest, relay hops.Bitboard) {
	if !board.Contains(sq) || power < 1 || power > 3 {
		return 0, 0
	}
	reach := neighbours[sq]
	if power > 1 {
		blk := t.block[power]
		for d := range 8 {
			r := &throwRays[sq][d]
			if r[0]&blk != 0 {
				continue // blocked by a strong enough opposing pawn passed over
			}
			reach |= r[1]
			if power > 2 && r[1]&blk == 0 {
				reach |= r[2]
			}
		}
	}
	relay = reach & t.all
	return reach &^ t.all &^ t.opp &^ t.ownHQ.Bit(), relay
}

// chainNode is one thrower of a relay chain found by the breadth-first
// search: its square and the index of the thrower that passed it the bomb.
type chainNode struct {
	sq     hops.Square
	parent int8
}

// chains runs the breadth-first search of relay chains (Z6) from the pawn
// of the given power on start, which has just taken the bomb; thrown holds
// the pawns that have thrown already (start included). It returns the
// squares where the bomb can come to rest. With restBy non-nil it records,
// for each of them, the index in nodes of the first thrower (in search
// order) that rests the bomb there; nodes then holds the throwers in
// search order. The search visits each relay pawn once, so every chain it
// builds is a shortest one and no pawn throws twice.
func (t *throwBoard) chains(start hops.Square, power int, thrown hops.Bitboard, nodes *[MaxThrows]chainNode, restBy *[64]int8) hops.Bitboard {
	rests, _ := t.chainsUntil(start, power, thrown, nodes, restBy, hops.NoSquare)
	return rests
}

// chainsUntil is chains, stopped at the first thrower that rests the
// bomb on stop (never for NoSquare); it also returns that thrower's
// index in nodes.
func (t *throwBoard) chainsUntil(start hops.Square, power int, thrown hops.Bitboard, nodes *[MaxThrows]chainNode, restBy *[64]int8, stop hops.Square) (hops.Bitboard, int8) {
	var rests hops.Bitboard
	var local [MaxThrows]chainNode
	if nodes == nil {
		nodes = &local
	}
	nodes[0] = chainNode{start, -1}
	n := 1
	visited := thrown | start.Bit()
	for i := 0; i < n; i++ {
		sq := nodes[i].sq
		pow := power
		if i > 0 {
			pow = t.power(sq)
		}
		rest, relay := t.throws(sq, pow)
		if restBy != nil {
			for b := rest &^ rests; b != 0; b &= b - 1 {
				restBy[b.First()] = int8(i)
			}
		}
		rests |= rest
		if rest.Has(stop) {
			return rests, int8(i)
		}
		relay &^= visited
		visited |= relay
		for ; relay != 0 && n < MaxThrows; relay &= relay - 1 {
			nodes[n] = chainNode{relay.First(), int8(i)}
			n++
		}
	}
	return rests, 0
}

// pawnMoves computes the end squares of the pawn on from (side to move):
// steps, the ends of its multi-jumps (Z4; never an HQ), and, when it can
// reach the bomb, the squares where a throw chain can rest the bomb. The
// bomb's square is in dests only when rests is not empty. It fills rules
// and rc, which rebuild the jump paths, only when a pawn stands next to
// from: otherwise every end is a step and they are left as they were.
func (p *Position) pawnMoves(from hops.Square, occ hops.Bitboard, rules *hops.JumpRules, rc *hops.Reach) (steps, dests, rests hops.Bitboard) {
	steps = neighbours[from] &^ occ &^ hqs
	dests = steps
	if neighbours[from]&occ != 0 { // else there is no pawn to jump over
		*rules = p.jumpRulesOcc(from, occ)
		rules.ReachInto(rc, from)
		dests = (steps | rc.Ends()) &^ hqs
	}
	if dests.Has(p.bomb) {
		rests = p.restsFrom(from)
		if rests == 0 {
			dests = dests.Without(p.bomb)
		}
	}
	return steps, dests, rests
}

// restsFrom returns where the throw chains of the side to move's pawn
// on from can rest the bomb once that pawn has taken it (Z5, Z6).
func (p *Position) restsFrom(from hops.Square) hops.Bitboard {
	t := p.throwBoard(from)
	return t.chains(p.bomb, p.powerOf(p.side, from), 0, nil, nil)
}

// gen appends the moves to dst when build is set, and counts them.
func (p Position) gen(dst []Move, build bool) ([]Move, int) {
	if p.over() {
		return dst, 0
	}
	count := 0
	var rules hops.JumpRules
	var rc hops.Reach
	occ := p.occupied()
	for own := p.Pawns(p.side); own != 0; own &= own - 1 {
		from := own.First()
		steps, dests, rests := p.pawnMoves(from, occ, &rules, &rc)
		if !build {
			count += dests.Count()
			if dests.Has(p.bomb) {
				count += rests.Count() - 1
			}
			continue
		}
		for ; dests != 0; dests &= dests - 1 {
			to := dests.First()
			var m Move
			if steps.Has(to) {
				m.path.Push(from, false)
				m.path.Push(to, false)
			} else {
				m.path = rc.Path(&rules, to)
			}
			if to != p.bomb {
				dst = append(dst, m)
				count++
				continue
			}
			var nodes [MaxThrows]chainNode
			var restBy [64]int8
			t := p.throwBoard(from)
			t.chains(p.bomb, p.powerOf(p.side, from), 0, &nodes, &restBy)
			for ; rests != 0; rests &= rests - 1 {
				r := rests.First()
				dst = append(dst, withChain(m, &nodes, restBy[r], r))
				count++
			}
		}
	}
	return dst, count
}

// withChain returns m with the throws of the chain that reaches thrower
// node i (its relays, in order) then rests the bomb on r.
func withChain(m Move, nodes *[MaxThrows]chainNode, i int8, r hops.Square) Move {
	var rev [MaxThrows]hops.Square
	k := 0
	for j := i; j > 0 && k < MaxThrows-1; j = nodes[j].parent {
		rev[k] = nodes[j].sq
		k++
	}
	for j := k - 1; j >= 0; j-- {
		m.throws[m.n] = rev[j]
		m.n++
	}
	m.throws[m.n] = r
	m.n++
	return m
}

// AppendMoves appends the legal moves (Moves' order) to dst and returns
// the extended slice. With enough capacity it does not allocate.
func (p Position) AppendMoves(dst []Move) []Move {
	dst, _ = p.gen(dst, true)
	return dst
}

// CountMoves returns the number of legal moves, without building them.
func (p Position) CountMoves() int {
	_, n := p.gen(nil, false)
	return n
}

// Moves yields the legal moves, one per distinct successor (G9), in a
// fixed order: the moving pawns by square (A1, B1, ..., G7), each pawn's
// end squares in the same order, and a move onto the bomb once for each
// square where the bomb can come to rest, again in that order. Each move
// is written in canonical form (see the package documentation).
func (p Position) Moves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [64]Move
		for _, m := range p.AppendMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// hasMove reports whether the side to move has a legal move.
func (p *Position) hasMove() bool {
	if p.over() {
		return false
	}
	occ := p.occupied()
	for own := p.Pawns(p.side); own != 0; own &= own - 1 {
		from := own.First()
		if neighbours[from]&^occ&^hqs&^p.bomb.Bit() != 0 {
			return true
		}
	}
	var rules hops.JumpRules
	var rc hops.Reach
	for own := p.Pawns(p.side); own != 0; own &= own - 1 {
		if _, dests, _ := p.pawnMoves(own.First(), occ, &rules, &rc); dests != 0 {
			return true
		}
	}
	return false
}

// Destinations returns the squares where the pawn on from can legally end
// its move (Z4), the bomb's square included when some throw chain from it
// is legal. It is empty when from does not hold a pawn of the side to move
// or the game is over.
func (p Position) Destinations(from hops.Square) hops.Bitboard {
	if p.over() || !p.Pawns(p.side).Has(from) {
		return 0
	}
	var rules hops.JumpRules
	var rc hops.Reach
	_, dests, _ := p.pawnMoves(from, p.occupied(), &rules, &rc)
	return dests
}

// throws returns where the next throw of a partial move may land, for
// the builder of a relay chain, one throw at a time: partial is a path that ends on the
// bomb followed by the throws made so far, each landing on a relay pawn
// (Z6). rest holds the squares where the bomb would come to rest (the
// opponent's HQ among them wins), relay the mover's pawns that may take it
// and can still bring it to rest. An error says why partial is not the
// beginning of a legal move.
func (p Position) throws(partial Move) (rest, relay hops.Bitboard, err error) {
	st, err := p.check(partial, true)
	if err != nil {
		return 0, 0, err
	}
	t := &st.tb
	rest, relay = t.throws(st.cur, st.power)
	relay &^= st.thrown
	for b := relay; b != 0; b &= b - 1 {
		s := b.First()
		if t.chains(s, t.power(s), st.thrown, nil, nil) == 0 {
			relay = relay.Without(s)
		}
	}
	return rest, relay, nil
}
