package catchit

import "github.com/hopsgames/hops"

// FirstDisplacements returns the legal first displacements of the pawn on
// from, for a user interface that builds a turn click by click: one
// canonical path per distinct result, in generation order, keeping only
// those that can begin a legal turn (a winning displacement, or one after
// which some legal second displacement exists). It returns nil when from
// holds no pawn of the side to move or the game is over.
func (p Position) FirstDisplacements(from hops.Square) []hops.Path {
	st0 := p.stage()
	if st0.ball == hops.NoSquare || !st0.pawns[st0.side].Has(from) {
		return nil
	}
	attacker := st0.attacker()
	var out []hops.Path
	o1 := new(outcomes)
	o2 := new(outcomes)
	o1.compute(&st0, from, true, false)
	o1.each(func(kind int, end hops.Square) bool {
		if kind != kindExit {
			st1 := st0.after(from, end, kind == kindTake)
			if !st1.hasSecond(o2, attacker) {
				return true
			}
		}
		out = append(out, o1.path(kind, end))
		return true
	})
	return out
}

// hasSecond reports whether some legal second displacement exists in st.
func (st *stage) hasSecond(o *outcomes, attacker bool) bool {
	onlyBall := attacker && !st.moved
	for own := st.pawns[st.side].Without(st.used); own != 0; own &= own - 1 {
		o.compute(st, own.First(), false, onlyBall)
		if o.any() {
			return true
		}
	}
	return false
}

// SecondDisplacements returns the legal second displacements after the
// written first displacement first (any legal form of it), by every pawn
// that may make one: one canonical path per distinct result, pawns from
// A1 upwards. It returns the first displacement's error if it is not
// legal, and no displacement if it wins the game (the turn ends there).
// An empty list with a nil error for a first displacement that does not
// win means that it cannot begin a legal turn.
func (p Position) SecondDisplacements(first hops.Path) ([]hops.Path, error) {
	st := p.stage()
	if st.ball == hops.NoSquare || !(st.pawns[Blue] | st.pawns[Red]).Has(st.ball) {
		return nil, hops.Errorf(hops.ErrIllegal, "K3", "", "the game is over: the ball has left the board")
	}
	attacker := st.attacker()
	won, err := st.displace(first, 0)
	if err != nil {
		return nil, err
	}
	if won {
		return nil, nil
	}
	onlyBall := attacker && !st.moved
	var out []hops.Path
	o := new(outcomes)
	for own := st.pawns[st.side].Without(st.used); own != 0; own &= own - 1 {
		o.compute(&st, own.First(), true, onlyBall)
		o.each(func(kind int, end hops.Square) bool {
			out = append(out, o.path(kind, end))
			return true
		})
	}
	return out, nil
}
