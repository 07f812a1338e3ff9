package catchit

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Validate returns nil if m is a legal turn in p, or an *hops.Error that
// names the displacement at fault and the rule it breaks. It accepts any
// legal written form of a turn, not only the canonical one, and takes
// time proportional to the length of the text.
func (p Position) Validate(m Move) error {
	if _, err := p.play(m); err != nil {
		return err
	}
	return nil
}

// Play returns the position after the turn m, or the error Validate
// gives. The receiver is not changed.
func (p Position) Play(m Move) (Position, error) {
	q, err := p.play(m)
	if err != nil {
		return p, err
	}
	return q, nil
}

// refuseIfOver replaces *err, when set, by the error of the rule that
// ended the game, if it is over (engine.Refused): deferred by play, so
// that every refusal goes through it while Play and Validate stay small
// enough to inline.
func (p Position) refuseIfOver(err **hops.Error) {
	if *err != nil {
		*err = engine.Refused(*err, p.Outcome())
	}
}

func (p Position) play(m Move) (q Position, err *hops.Error) {
	defer p.refuseIfOver(&err)
	st := p.stage()
	if st.ball == hops.NoSquare || !(st.pawns[Blue] | st.pawns[Red]).Has(st.ball) {
		return p, hops.Errorf(hops.ErrIllegal, "K3", "", "the game is over: the ball has left the board")
	}
	if m.first.Len() == 0 {
		if m.second.Len() > 0 {
			return p, hops.Errorf(hops.ErrSyntax, "K10", "first displacement", "empty: a turn is two displacements, the first written first")
		}
		return p, hops.Errorf(hops.ErrSyntax, "K10", "", "empty move")
	}
	attacker := st.attacker()
	won, err := st.displace(m.first, 0)
	if err != nil {
		return p, err
	}
	if won {
		if m.second.Len() > 0 {
			return p, hops.Errorf(hops.ErrIllegal, "K7", "second displacement "+m.second.String(),
				"the turn ended when the ball left the board")
		}
		return st.position(), nil
	}
	if m.second.Len() == 0 {
		return p, hops.Errorf(hops.ErrIllegal, "K7", "first displacement "+m.first.String(),
			"a turn is two displacements of two different pawns; only one that carries the ball off the board stands alone")
	}
	if won, err = st.displace(m.second, 1); err != nil {
		return p, err
	}
	if !won && attacker && !st.moved {
		return p, hops.Errorf(hops.ErrIllegal, "K8", "second displacement "+m.second.String(),
			"the attacker must move the ball once this turn, by displacing the carrier or taking the ball with another pawn")
	}
	return st.position(), nil
}

// displace checks the written displacement d, the ord-th of the turn (0
// or 1), in st and applies it. It reports whether the ball left the
// board.
func (st *stage) displace(d hops.Path, ord int) (bool, *hops.Error) {
	where := func() string { return ordinal[ord&1] + " displacement " + d.String() }
	fail := func(kind error, rule, format string, args ...any) (bool, *hops.Error) {
		return false, hops.Errorf(kind, rule, where(), format, args...)
	}
	n := d.Len()
	if n < 2 {
		return false, hops.Errorf(hops.ErrSyntax, "K10", ordinal[ord&1]+" displacement",
			"a displacement needs a start square and at least one landing")
	}
	if i := board.OffBoard(d); i >= 0 && !(d.At(i) == hops.Outside && i == n-1) {
		return fail(hops.ErrSyntax, "G1", "%s", engine.OffPath(i, d.At(i), board))
	}
	side := st.side
	from := d.From()
	switch {
	case st.pawns[side^1].Has(from):
		return fail(hops.ErrIllegal, "K7", "%s", notOwnPawn(from, side))
	case !st.pawns[side].Has(from):
		return fail(hops.ErrIllegal, "K4", "there is no pawn on %s", from)
	case from == st.used:
		return fail(hops.ErrIllegal, "K7", "the pawn on %s made the first displacement: a turn moves two different pawns", from)
	}
	carrier := from == st.ball
	if carrier && st.moved {
		return fail(hops.ErrIllegal, "K8", "the ball was already moved this turn: the carrier may not move again")
	}
	canTake := !carrier && !st.moved && st.ball != hops.NoSquare
	out := d.To() == hops.Outside
	body := d
	if out {
		body = d.Prefix(n - 1)
	}
	occ := st.pawns[Blue] | st.pawns[Red]
	empty := board.All() &^ occ
	over := occ &^ from.Bit()
	end, taken := from, false
	for i := 1; i < body.Len(); i++ {
		a, b := body.At(i-1), body.At(i)
		if _, dist, ok := hops.Direction(a, b); !ok || dist != 1 {
			continue
		}
		switch {
		case body.Len() > 2 || out:
			return fail(hops.ErrIllegal, "K4", "hop %d %s-%s is a step: a displacement is one step or a series of jumps", i, a, b)
		case d.Marked(1):
			return fail(hops.ErrIllegal, "K5", "the step %s-%s takes nothing: the ball is taken by jumping the carrier", a, b)
		case !empty.Has(b):
			return fail(hops.ErrIllegal, "K4", "the step %s-%s lands on an occupied square", a, b)
		}
		end = b
	}
	if end == from && body.Len() > 1 {
		rules := hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: over, Land: empty | from.Bit(), Taken: carrier}
		if canTake {
			rules.Take = st.ball.Bit()
		}
		res, jerr := rules.Follow(body)
		if jerr != nil {
			rule := jerr.Fault.Rule()
			switch {
			case jerr.Fault == hops.FaultMark:
				rule = "K5"
			case rule == "":
				rule = "K4"
			}
			return false, jerr.Err(rule, where())
		}
		if !canTake {
			for i := 1; i < body.Len(); i++ {
				if !body.Marked(i) {
					continue
				}
				a, b := body.At(i-1), body.At(i)
				dir, _, _ := hops.Direction(a, b)
				o := board.Step(a, dir)
				switch {
				case o != st.ball:
					return fail(hops.ErrIllegal, "K5", "jump %d %s-%s is marked 'x' but the pawn on %s does not carry the ball", i, a, b, o)
				case carrier:
					return fail(hops.ErrIllegal, "K5", "jump %d %s-%s is marked 'x' but the moving pawn already carries the ball", i, a, b)
				default:
					return fail(hops.ErrIllegal, "K8", "jump %d %s-%s: the ball was already moved this turn", i, a, b)
				}
			}
		}
		end, taken = res.End, res.Taken && !carrier
	}
	if !out {
		*st = st.after(from, end, taken)
		return false, nil
	}
	marked := d.Marked(n - 1)
	carrying := carrier || taken
	switch {
	case goalRank[side].Has(end):
		switch {
		case body.Len() > 1:
			return fail(hops.ErrIllegal, "K4", "%s-out is a step, and a step cannot follow jumps", end)
		case marked:
			return fail(hops.ErrIllegal, "K5", "the step %s-out takes nothing: the ball is taken by jumping the carrier", end)
		case !carrying:
			return fail(hops.ErrIllegal, "K6", "only the pawn that carries the ball may leave the board")
		}
	case preGoal[side].Has(end):
		if marked {
			switch {
			case !exitFrom(st.ball.Bit(), side).Has(end):
				return fail(hops.ErrIllegal, "K5", "jump %s-out is marked 'x' but jumps no carrier on %s", end, edgeName[side])
			case carrying:
				return fail(hops.ErrIllegal, "K5", "jump %s-out is marked 'x' but the moving pawn already carries the ball", end)
			case st.moved:
				return fail(hops.ErrIllegal, "K8", "jump %s-out: the ball was already moved this turn", end)
			}
		} else {
			switch {
			case !carrying:
				return fail(hops.ErrIllegal, "K6", "only the pawn that carries the ball may leave the board")
			case !exitFrom(over, side).Has(end):
				return fail(hops.ErrIllegal, "K6", "jump %s-out: no pawn on %s to jump over", end, edgeName[side])
			}
		}
	default:
		return fail(hops.ErrIllegal, "K6", "%s leaves the board only beyond %s, by a step from %s or a jump from the rank before it",
			SideName(side), edgeName[side], edgeName[side])
	}
	st.pawns[side] = st.pawns[side].Without(from)
	st.ball, st.moved, st.used = hops.NoSquare, true, hops.NoSquare
	return true, nil
}

// notOwnPawn says that the pawn on sq is not one of side's, which alone
// it moves (K7: "two different pawns of the player to move").
func notOwnPawn(sq hops.Square, side hops.Side) string {
	return fmt.Sprintf("%s holds a %s pawn: %s moves only its own pawns", sq, SideName(side^1), SideName(side))
}
