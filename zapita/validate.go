package zapita

import (
	"fmt"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// checked is what checking a move leaves behind.
type checked struct {
	from, end hops.Square
	rest      hops.Square // where the bomb comes to rest, NoSquare if it does not move
	tb        throwBoard  // the throw chain's board (when the path ends on the bomb)
	cur       hops.Square // the pawn holding the bomb after the throws checked
	power     int         // its power
	thrown    hops.Bitboard
}

func illegal(rule, where, format string, args ...any) error {
	return hops.Errorf(hops.ErrIllegal, rule, where, format, args...)
}

func pathWhere(m *Move) string { return "path " + m.path.String() }

func throwWhere(i int, from, to hops.Square) string {
	return fmt.Sprintf("throw %d %s*%s", i+1, from, to)
}

// Validate returns nil if m is legal here, or an *hops.Error that names
// the part of the move at fault and the rule it breaks. It accepts every
// legal written form of a move, not only the canonical one, and takes time
// proportional to the length of the move.
func (p Position) Validate(m Move) error {
	if _, err := p.check(m, false); err != nil {
		return p.refused(err)
	}
	return nil
}

// Play returns the position after m, or the error Validate gives. The
// receiver is not changed.
func (p Position) Play(m Move) (Position, error) {
	st, err := p.check(m, false)
	if err != nil {
		return p, p.refused(err)
	}
	q := p
	a := &q.pw[q.side&1]
	for k := range a {
		if a[k].Has(st.from) {
			a[k] = a[k].Without(st.from).With(st.end)
		}
	}
	if st.rest != hops.NoSquare {
		q.bomb = st.rest
	}
	q.side = q.side.Other() & 1
	return q, nil
}

// refused is the error of a move submitted whole that check refused
// with err: in a finished game, that of the rule that ended it
// (engine.Refused). The checks leave it to their callers, so that a
// legal move pays nothing for it.
func (p *Position) refused(err error) error { return engine.Refused(err, p.Outcome()) }

// check validates m. With partial set, m may stop before the bomb comes to
// rest: its path must end on the bomb and each of its throws must land on
// a relay pawn (the beginning of a chain, for Throws).
func (p *Position) check(m Move, partial bool) (checked, error) {
	st := checked{rest: hops.NoSquare}
	if m.path.Len() < 2 {
		return st, illegal("Z4", "move", "a move needs a path of at least two squares: the pawn's start and where it goes")
	}
	if i := board.OffBoard(m.path); i >= 0 {
		return st, illegal("G1", pathWhere(&m), "%s", engine.OffPath(i, m.path.At(i), board))
	}
	for i := 0; i < int(m.n); i++ {
		if !board.Contains(m.throws[i]) {
			n := board.Size()
			return st, illegal("G1", fmt.Sprintf("throw %d", i+1), "its landing square, %s, is off the %dx%d board (A1..%c%d)", m.throws[i], n, n, 'A'+n-1, n)
		}
	}
	if p.over() {
		return st, illegal("Z3", "move", "the game is over: the bomb rests on %s's headquarters", SideName(hqOwner(p.bomb)))
	}
	from, end := m.path.From(), m.path.To()
	st.from, st.end = from, end
	side, power, ok := p.Pawn(from)
	switch {
	case !ok:
		return st, illegal("Z4", pathWhere(&m), "no pawn stands on %s", from)
	case side != p.side:
		return st, illegal("Z4", pathWhere(&m), "the pawn on %s is %s's, and %s is to move", from, SideName(side), SideName(p.side))
	}
	if _, dist, _ := hops.Direction(from, end); m.path.Len() == 2 && dist == 1 {
		// A step (Z4): to a neighbour that holds no pawn and is not an HQ.
		if p.occupied().Has(end) {
			return st, illegal("Z4", pathWhere(&m), "the step lands on %s, which holds a pawn", end)
		}
	} else {
		rules := p.jumpRules(from)
		if _, jerr := rules.Follow(m.path); jerr != nil {
			return st, p.jumpError(&m, jerr)
		}
	}
	if hqs.Has(end) {
		return st, illegal("Z4", pathWhere(&m), "the move ends on %s's headquarters %s; a pawn may only cross a headquarters in a multi-jump", SideName(hqOwner(end)), end)
	}
	if end != p.bomb {
		if m.n > 0 {
			return st, illegal("Z7", throwWhere(0, end, m.throws[0]), "the path ends on %s, not on the bomb (%s): there is nothing to throw", end, p.bomb)
		}
		if partial {
			return st, illegal("Z7", pathWhere(&m), "the path ends on %s, not on the bomb (%s): there is nothing to throw", end, p.bomb)
		}
		return st, nil
	}
	if m.n == 0 && !partial {
		return st, illegal("Z7", pathWhere(&m), "the path ends on the bomb at %s, which must then be thrown", end)
	}
	st.tb = p.throwBoard(from)
	t := &st.tb
	st.cur, st.power, st.thrown = end, power, end.Bit()
	opp := p.side.Other() & 1
	for i := 0; i < int(m.n); i++ {
		to := m.throws[i]
		where := func() string { return throwWhere(i, st.cur, to) }
		if st.rest != hops.NoSquare {
			return st, illegal("Z6", where(), "the bomb already came to rest on %s; only a relay pawn throws it again", st.cur)
		}
		d, dist, ok := hops.Direction(st.cur, to)
		if !ok {
			if dist == 0 && to == st.cur {
				return st, illegal("Z5", where(), "a throw must move the bomb at least one square")
			}
			return st, illegal("Z5", where(), "the bomb flies in a straight line (orthogonal or diagonal) and %s is not in line with %s", to, st.cur)
		}
		if dist > st.power {
			return st, illegal("Z5", where(), "a throw of %d squares is too long for a pawn of power %d (at most %d)", dist, st.power, st.power)
		}
		for s, k := rays[st.cur][d], 1; k < dist; s, k = rays[s][d], k+1 {
			if t.block[st.power].Has(s) {
				return st, illegal("Z5", where(), "blocked: the bomb would pass over the %s pawn of power %d on %s, not weaker than the thrower's %d",
					SideName(opp), p.powerOf(opp, s), s, st.power)
			}
		}
		switch {
		case t.opp.Has(to):
			return st, illegal("Z5", where(), "the bomb cannot land on the %s pawn on %s", SideName(opp), to)
		case t.all.Has(to):
			if st.thrown.Has(to) {
				return st, illegal("Z6", where(), "the pawn on %s has already thrown this turn and cannot take the bomb again", to)
			}
			st.cur, st.power = to, t.power(to)
			st.thrown |= to.Bit()
		case to == t.ownHQ:
			return st, illegal("Z5", where(), "the bomb cannot land on %s's own headquarters %s", SideName(p.side), to)
		default:
			st.rest = to
			st.cur = to
		}
	}
	if partial {
		if st.rest != hops.NoSquare {
			return st, illegal("Z6", "throws", "the bomb has come to rest on %s: the chain is complete", st.rest)
		}
		return st, nil
	}
	if st.rest == hops.NoSquare {
		return st, illegal("Z6", throwWhere(int(m.n)-1, prevHolder(&m), st.cur),
			"the chain ends on the relay pawn on %s; it must end with the bomb at rest on a square empty of pawns", st.cur)
	}
	return st, nil
}

// prevHolder returns the square the last throw of m starts from.
func prevHolder(m *Move) hops.Square {
	if m.n >= 2 {
		return m.throws[m.n-2]
	}
	return m.path.To()
}

// jumpError turns a fault of the shared jump check into this game's error.
func (p *Position) jumpError(m *Move, e *hops.JumpError) error {
	where := pathWhere(m)
	hop := fmt.Sprintf("jump %d %s-%s", e.Hop, e.From, e.To)
	switch {
	case e.Fault == hops.FaultPastFinal:
		return illegal("Z4", where, "%s goes on from the bomb's square %s: the bomb may only be the last landing of a move", hop, e.From)
	case e.Over == p.bomb && e.Over != hops.NoSquare:
		return illegal("Z4", where, "%s jumps over the bomb on %s, which is not a pawn", hop, p.bomb)
	case e.Fault == hops.FaultNotJump && m.path.Len() > 2:
		if _, dist, _ := hops.Direction(e.From, e.To); dist == 1 {
			return illegal("Z4", where, "%s is a step: a step is a whole move and is never part of a multi-jump", hop)
		}
	}
	rule := e.Fault.Rule()
	if rule == "" {
		rule = "Z4"
	}
	return e.Err(rule, where)
}
