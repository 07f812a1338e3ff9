package brouillard

import "github.com/hopsgames/hops"

// Canonical returns the decision the generator yields with the same
// effect as the legal decision m (G9), or Validate's error. A decision's
// effect is where its pawn and its Fou go and which pawn the Fou turns
// over, so Canonical follows m once (as Validate does) and writes that
// effect as the generator does: each piece's step, or its shortest jump
// path (ties broken as the generator breaks them); a turning Fou move by
// the shortest path to the square before its last jump that does not
// land on its end (G5), then the marked jump; the mark dropped when the
// pawn jumped last is known to both players and not the mover's target
// (turning it changes nothing, B8). It never generates the other
// decisions.
func (p Position) Canonical(m Move) (Move, error) {
	c, err := p.st.canonicalForm(m)
	if err != nil {
		return m, err
	}
	return c, nil
}

// Canonical is Position.Canonical from the viewer's side: the view's
// decisions and their canonical forms are those of the true position,
// and so are the errors.
func (v View) Canonical(m Move) (Move, error) {
	c, err := v.st.canonicalForm(m)
	if err != nil {
		return m, err
	}
	return c, nil
}

// canonicalForm is the body of Position.Canonical and View.Canonical.
func (st *state) canonicalForm(m Move) (Move, *hops.Error) {
	c, err := st.check(m)
	if err != nil {
		return m, st.refused(err)
	}
	var out Move
	occ := st.pawns[0] | st.pawns[1]
	if c.pawnFrom != hops.NoSquare {
		if m.pawn.Len() == 2 { // a step, or a single jump: its only path
			out.pawn.Push(c.pawnFrom, false)
			out.pawn.Push(c.pawnTo, false)
		} else {
			r := pawnRules(occ, c.pawnFrom)
			var rc hops.Reach
			r.ReachInto(&rc, c.pawnFrom)
			out.pawn = rc.Path(&r, c.pawnTo)
		}
		occ = occ&^c.pawnFrom.Bit() | c.pawnTo.Bit()
	}
	f, e := st.fou[st.side], c.fouTo
	switch {
	case m.fou.Len() == 2 && (c.turn == hops.NoSquare || 2*c.turn == f+e):
		// A step or a single jump (turning the pawn it jumps, or not).
		out.fou.Push(f, false)
		out.fou.Push(e, c.turn != hops.NoSquare)
		return out, nil
	}
	r := fouRules(occ, f, st.fou[st.side^1])
	if c.turn == hops.NoSquare {
		var rc hops.Reach
		r.ReachInto(&rc, f)
		out.fou = rc.Path(&r, e)
		return out, nil
	}
	before := 2*c.turn - e // the square the last jump starts from
	if before == f {
		out.fou.Push(f, false)
	} else {
		r.Land &^= e.Bit() // G5: the path to before never lands on e
		var rc hops.Reach
		r.ReachInto(&rc, f)
		out.fou = rc.Path(&r, before)
	}
	out.fou.Push(e, true)
	return out, nil
}
