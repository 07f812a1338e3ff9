package zapita

import hops "github.com/hopsgames/hops"

// Canonical returns the move the generator yields with the same effect as
// the legal move m (G9): the pawn's step, or its shortest jump path (ties
// broken as the generator breaks them), and for a move onto the bomb the
// shortest relay chain that rests the bomb where m does. The effect of a
// move is its pawn's start and end and where the bomb comes to rest, so
// Canonical follows m once (as Validate does) and rebuilds the canonical
// writing of that effect from the moving pawn alone, without generating
// the other moves. An illegal m gives Validate's error.
func (p Position) Canonical(m Move) (Move, error) {
	st, err := p.check(m, false)
	if err != nil {
		return m, err
	}
	from, to := st.from, st.end
	var c Move
	if m.path.Len() == 2 {
		// A step, or a single jump: the only path of its effect.
		c.path.Push(from, false)
		c.path.Push(to, false)
	} else {
		rules := p.jumpRules(from)
		var rc hops.Reach
		rules.ReachInto(&rc, from)
		c.path = rc.Path(&rules, to)
	}
	if st.rest == hops.NoSquare {
		return c, nil
	}
	if m.n == 1 {
		// The first thrower rests the bomb: no chain is shorter.
		c.throws[0], c.n = st.rest, 1
		return c, nil
	}
	var nodes [MaxThrows]chainNode
	return withChain(c, &nodes, st.tb.firstThrower(p.bomb, p.powerOf(p.side, from), st.rest, &nodes), st.rest), nil
}

// firstThrower runs the breadth-first search of relay chains of chains,
// from the pawn of the given power on start, only until a thrower rests
// the bomb on rest, and returns that thrower's index in nodes. The chain
// it ends is the one chains records for rest: the searches visit the
// same pawns in the same order.
func (t *throwBoard) firstThrower(start hops.Square, power int, rest hops.Square, nodes *[MaxThrows]chainNode) int8 {
	nodes[0] = chainNode{start, -1}
	n := 1
	visited := start.Bit()
	for i := 0; i < n; i++ {
		sq := nodes[i].sq
		pow := power
		if i > 0 {
			pow = t.power(sq)
		}
		rests, relay := t.throws(sq, pow)
		if rests.Has(rest) {
			return int8(i)
		}
		relay &^= visited
		visited |= relay
		for ; relay != 0 && n < MaxThrows; relay &= relay - 1 {
			nodes[n] = chainNode{relay.First(), int8(i)}
			n++
		}
	}
	return 0 // not reached for a legal move
}
