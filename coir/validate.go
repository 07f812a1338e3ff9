package coir

import (
	"fmt"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Validate returns nil if m is legal in p, or an *hops.Error that says
// which part of the move breaks which rule. Any legal written form is
// accepted: every path of a multi-jump, the step of any pawn. It costs
// time proportional to the length of the move.
func (p Position) Validate(m Move) error {
	if _, _, err := p.apply(m); err != nil {
		return p.refused(err)
	}
	return nil
}

// Play returns the position after m, or the error Validate gives; p is
// not changed.
func (p Position) Play(m Move) (Position, error) {
	q, _, err := p.apply(m)
	if err != nil {
		return p, p.refused(err)
	}
	return q, nil
}

// Turns returns the pawns that a legal move turns to the mover's colour
// (C5), or the error Validate gives.
func (p Position) Turns(m Move) (hops.Bitboard, error) {
	_, turned, err := p.apply(m)
	if err != nil {
		return 0, p.refused(err)
	}
	return turned, nil
}

// Jumped returns the opposing pawns that the jumps of m pass over, read
// off its squares without checking m: for a legal move the pawns it turns
// (C5), as Turns gives them, at a fraction of the cost, which suits move
// ordering in a search. For a move that is not legal in p it means
// nothing.
func (p Position) Jumped(m Move) hops.Bitboard {
	var passed hops.Bitboard
	for i := 1; i < int(m.n) && i < hops.MaxPath; i++ {
		if a, b := m.sq[i-1], m.sq[i]; uint(a) < 64 && uint(b) < 64 { // NoSquare is negative
			passed |= between[a][b]
		}
	}
	_, opp := p.sides()
	return passed & opp
}

// between[a][b] holds the squares strictly between a and b when they lie
// on one line of the board (G2), and nothing otherwise.
var between = func() (t [64][64]hops.Bitboard) {
	for a := range board.All().Squares() {
		for b := range board.All().Squares() {
			if d, dist, ok := hops.Direction(a, b); ok {
				t[a][b] = rayBetween(a, d, dist)
			}
		}
	}
	return t
}()

func illegal(rule, where, format string, args ...any) error {
	return hops.Errorf(hops.ErrIllegal, rule, where, format, args...)
}

// partText names the move's first part, for Where.
func (m Move) partText(what string) string {
	var buf [3 * hops.MaxPath]byte
	b := buf[:0]
	for i := 0; i < int(m.n); i++ {
		if i > 0 {
			b = append(b, '-')
		}
		b = m.sq[i].AppendTo(b)
	}
	return what + " " + string(b)
}

// refused is the error of a move that apply refused with err: in a
// finished game, that of the rule that ended it (engine.Refused). apply
// leaves it to its callers, so that a legal move pays nothing for it.
func (p Position) refused(err error) error { return engine.Refused(err, p.Outcome()) }

// apply checks m and returns the successor and the pawns it turned.
func (p Position) apply(m Move) (Position, hops.Bitboard, error) {
	if m.n < 2 || int(m.n) > hops.MaxPath {
		return p, 0, hops.Errorf(hops.ErrSyntax, "C7", "move", "empty move")
	}
	for i := 0; i < int(m.n); i++ {
		if !board.Contains(m.sq[i]) {
			return p, 0, hops.Errorf(hops.ErrSyntax, "G1", "move", "%s", engine.OffPath(i, m.sq[i], board))
		}
	}
	if m.hasStep && (!board.Contains(m.from) || !board.Contains(m.to)) {
		s := m.from
		if board.Contains(s) {
			s = m.to
		}
		n := board.Size()
		return p, 0, hops.Errorf(hops.ErrSyntax, "G1", "step", "%s is off the %dx%d board", s, n, n)
	}
	own, opp := p.sides()
	if own == 0 {
		return p, 0, illegal("C3", "", "the game is over: %s has no pawn left", SideName(p.side))
	}
	all := board.All()
	empty := all &^ (own | opp)
	from := m.sq[0]
	if !own.Has(from) {
		what := "is empty"
		if opp.Has(from) {
			what = "holds a " + SideName(p.side.Other()) + " pawn"
		}
		return p, 0, illegal("C4", m.partText("move"), "%s %s: %s moves one of the pawns showing %s",
			from, what, SideName(p.side), SideName(p.side))
	}
	dame := own&(own-1) == 0

	// A first part of two squares alone may be a step or a Dame slide.
	if m.n == 2 {
		to := m.sq[1]
		d, dist, aligned := hops.Direction(from, to)
		between := rayBetween(from, d, dist)
		switch {
		case dame && aligned && between&^empty == 0:
			if !empty.Has(to) {
				return p, 0, illegal("C6", m.partText("slide"), "%s is not empty: a slide ends on an empty square", to)
			}
			if m.hasStep {
				return p, 0, illegal("C6", m.partText("slide"), "a Dame's slide ends the turn: no step follows it")
			}
			return p.withSides(to.Bit(), opp), 0, nil
		case dame && !aligned:
			return p, 0, illegal("C6", m.partText("move"), "a Dame moves in a straight line (orthogonal or diagonal)")
		case !dame && aligned && dist == 1 && !m.hasStep:
			if !empty.Has(to) {
				return p, 0, illegal("C4", m.partText("step"), "%s is not empty: a step goes to an empty adjacent square", to)
			}
			return p.withSides(own&^from.Bit()|to.Bit(), opp), 0, nil
		case !dame && aligned && dist >= 2 && between&^empty == 0:
			// A slide of two squares or more: a Dame's move (C6, decision).
			// Two squares may have been meant as a jump: say why it is none.
			var noJump string
			if dist == 2 {
				noJump = fmt.Sprintf("; nor is it a jump: %s, between, is empty", between.First())
			}
			return p, 0, illegal("C6", m.partText("move"), "only a Dame slides further than one square, and %s owns %d pawns%s",
				SideName(p.side), own.Count(), noJump)
		case !dame && !m.hasStep && !(aligned && dist == 2 && !empty.Has(board.Step(from, d))):
			return p, 0, illegal("C4", m.partText("step"), "a step moves one square, to an adjacent square")
		}
	}

	// Jumps (C4, C5) or a Dame's flying jumps (C6).
	rules := jumpRules(own, opp, from)
	res, jerr := rules.Follow(m.Path())
	if jerr != nil {
		if jerr.Hop > 1 && opp&^res.Turned == 0 {
			// The jumps before the fault had won: the move stopped there.
			return p, 0, illegal("C3", m.partText("jumps"), "jump %d %s-%s: the jumps before it turned %s's last pawn and won: the pawn jumps no more",
				jerr.Hop, jerr.From, jerr.To, SideName(p.side.Other()))
		}
		return p, 0, jumpError(jerr, dame, own|opp, m.partText("jumps"))
	}
	turned := res.Turned
	own2 := own&^from.Bit() | res.End.Bit() | turned
	opp2 := opp &^ turned
	if opp2 == 0 {
		if m.hasStep {
			return p, 0, illegal("C3", m.partText("jumps"), "these jumps turn %s's last pawn and win: no step follows",
				SideName(p.side.Other()))
		}
		return p.withSides(own2, 0), turned, nil
	}
	if !m.hasStep {
		return p, 0, illegal("C4", m.partText("jumps"), "the jumps must be followed by a step of one of %s's pawns, such as %s",
			SideName(p.side), someStep(own2, opp2))
	}
	if !own2.Has(m.from) {
		return p, 0, illegal("C4", m.stepText(), "%s holds no %s pawn after the jumps", m.from, SideName(p.side))
	}
	if !neighbours[m.from].Has(m.to) {
		return p, 0, illegal("C4", m.stepText(), "a step moves one square, to an adjacent square")
	}
	if (own2 | opp2).Has(m.to) {
		return p, 0, illegal("C4", m.stepText(), "%s is not empty after the jumps", m.to)
	}
	return p.withSides(own2&^m.from.Bit()|m.to.Bit(), opp2), turned, nil
}

// someStep returns the text of the first step of the mover's pawns own
// on the board they leave with the opponent's opp (one always exists
// after jumps, C4).
func someStep(own, opp hops.Bitboard) string {
	emp := board.All() &^ (own | opp)
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		if t := neighbours[s] & emp; t != 0 {
			return s.String() + "-" + t.First().String()
		}
	}
	return "none"
}

// stepText names the move's step, for Where.
func (m Move) stepText() string { return "step " + m.from.String() + "-" + m.to.String() }

// rayBetween returns the squares strictly between from and the square
// dist steps away in direction d.
func rayBetween(from hops.Square, d hops.Dir, dist int) hops.Bitboard {
	var b hops.Bitboard
	s := from
	for i := 1; i < dist; i++ {
		s = board.Step(s, d)
		b |= s.Bit()
	}
	return b
}

// jumpError turns a fault of the shared search into an error under the
// most precise rule of the game.
func jumpError(e *hops.JumpError, dame bool, occ hops.Bitboard, where string) error {
	hop := fmt.Sprintf("jump %d %s-%s", e.Hop, e.From, e.To)
	switch e.Fault {
	case hops.FaultAfterAttack:
		return illegal("C5", where, "%s jumps the own pawn on %s after an attack: tactical jumps come before the attacks", hop, e.Over)
	case hops.FaultTurnedAgain:
		if dame {
			return illegal("C6", where, "%s passes %s, turned earlier in this move: a Dame never jumps a pawn of its own colour", hop, e.Over)
		}
		return illegal("C5", where, "%s jumps %s, a pawn turned earlier in this move: after an attack every jump must turn a new pawn", hop, e.Over)
	case hops.FaultFlight:
		d, dist, _ := hops.Direction(e.From, e.To)
		if n := (rayBetween(e.From, d, dist) & occ).Count(); n > 1 {
			return illegal("C6", where, "%s passes %d pawns: a Dame jumps exactly one pawn at a time", hop, n)
		}
		return illegal("C6", where, "%s passes no pawn: a Dame's jump passes exactly one opposing pawn", hop)
	case hops.FaultCannotJump:
		if dame {
			return illegal("C6", where, "%s passes a pawn of the Dame's own colour: a Dame makes no tactical jump", hop)
		}
	case hops.FaultNotJump:
		_, dist, ok := hops.Direction(e.From, e.To)
		switch {
		case ok && dist == 1:
			return illegal("C4", where, "%s is a step, not a jump: a turn's one step comes after its jumps", hop)
		case ok && !dame:
			return illegal("C6", where, "%s is not a jump: only a Dame jumps from afar, and a jump lands right behind the pawn it jumps", hop)
		case !ok && dame:
			// The general words ("two squares away") would mislead: a
			// Dame's jump may land further.
			return illegal("C6", where, "%s is not a jump: a Dame jumps along a line, orthogonal or diagonal", hop)
		}
	}
	return e.Err("", where)
}
