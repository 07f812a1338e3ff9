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
		return m, p.refused(err)
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
	_, i := st.tb.chainsUntil(p.bomb, p.powerOf(p.side, from), 0, &nodes, nil, st.rest)
	return withChain(c, &nodes, i, st.rest), nil
}
