package coir

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var _ hops.Builder[Move] = Position{}

// Clicks returns the clicks a person makes to build m (see Build): the
// pawn and each square of its step, slide or jumps, then the stepping
// pawn and where it steps.
func (m Move) Clicks() []hops.Click {
	out := make([]hops.Click, 0, int(m.n)+2)
	for i := 0; i < int(m.n); i++ {
		out = append(out, hops.Click{Square: m.sq[i]})
	}
	if m.hasStep {
		out = append(out, hops.Click{Square: m.from}, hops.Click{Square: m.to})
	}
	return out
}

// Destinations returns the squares where the pawn on from can end the
// first part of a turn (C4, C6): its steps (a Dame's slides) and the
// ends of its multi-jumps, after which a step completes the turn unless
// the jumps won. It is empty when from holds no pawn of the side to move.
func (p Position) Destinations(from hops.Square) hops.Bitboard {
	own, opp := p.sides()
	if !own.Has(from) {
		return 0
	}
	dests := p.slides(own, opp, from)
	rules := jumpRules(own, opp, from)
	var js hops.JumpSearch
	js.Reset(&rules, from)
	for js.Next() {
		dests |= js.End().Bit()
	}
	return dests
}

// canMove reports whether the pawn on from has a step, slide or jump,
// that is whether its Destinations are not empty, without listing them.
func (p Position) canMove(own, opp hops.Bitboard, from hops.Square) bool {
	if p.slides(own, opp, from) != 0 {
		return true
	}
	rules := jumpRules(own, opp, from)
	var js hops.JumpSearch
	js.Reset(&rules, from)
	return js.Next()
}

// slides returns where the pawn on from can step, or slide if it is a
// Dame (C6), with no jump.
func (p Position) slides(own, opp hops.Bitboard, from hops.Square) hops.Bitboard {
	empty := board.All() &^ (own | opp)
	if own&(own-1) != 0 {
		return neighbours[from] & empty
	}
	var out hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		for t := board.Step(from, d); t != hops.NoSquare && empty.Has(t); t = board.Step(t, d) {
			out |= t.Bit()
		}
	}
	return out
}

// Build builds a turn click by click (hops.Builder): the pawn, then each
// square of its step, its slide if it is a Dame, or its jumps (a Dame's
// flying-jump landings, C6); after jumps, the pawn that steps (the
// jumping pawn's own square again when it steps itself, C4) and where it
// steps. No click is marked. A step or slide alone is complete; jumps are
// complete with their step, or alone when they turn the opponent's last
// pawn (C3), after which nothing follows. Every jump sequence can be
// completed, since some pawn can always step after it (C4).
func (p Position) Build(clicks []hops.Click) (hops.Built[Move], error) {
	b := builder{p: &p, stepFrom: hops.NoSquare, stepTo: hops.NoSquare}
	b.own, b.opp = p.sides()
	return engine.BuildFrom[Move](&b, clicks)
}

// Built returns the move clicked so far, canonical, once it is complete.
func (b *builder) Built() (Move, bool, error) {
	if !b.complete() {
		return Move{}, false, nil
	}
	c, err := b.p.Canonical(NewMove(b.path, b.stepFrom, b.stepTo))
	return c, true, err
}

// builder is a turn under construction.
type builder struct {
	p        *Position
	own, opp hops.Bitboard // the mover's pawns and the opponent's before the turn
	path     hops.Path     // the pawn and the squares of its step, slide or jumps
	lone     bool          // the first part is a step or slide alone
	rules    hops.JumpRules
	turned   hops.Bitboard // the pawns the jumps turned
	stepFrom hops.Square   // the stepping pawn after jumps, or NoSquare
	stepTo   hops.Square   // where it stepped, or NoSquare
}

// after returns the mover's pawns and the opponent's after the jumps.
func (b *builder) after() (own, opp hops.Bitboard) {
	return b.own&^b.path.From().Bit() | b.path.To().Bit() | b.turned, b.opp &^ b.turned
}

// jumped reports whether the first part is made of jumps.
func (b *builder) jumped() bool { return b.path.Len() >= 2 && !b.lone }

// won reports whether the jumps turned the opponent's last pawn (C3).
func (b *builder) won() bool { return b.jumped() && b.opp&^b.turned == 0 }

// complete reports whether the clicks make a legal turn.
func (b *builder) complete() bool {
	return b.lone && b.path.Len() == 2 || b.won() || b.stepTo != hops.NoSquare
}

// jumps returns the landings of the next jump.
func (b *builder) jumps() hops.Bitboard {
	var js hops.JumpSearch
	if js.ResetAt(&b.rules, b.path) != nil {
		return 0
	}
	var out hops.Bitboard
	for js.Next() {
		out |= js.End().Bit()
		js.Prune()
	}
	return out
}

// steppers returns the mover's pawns that can step after the jumps.
func (b *builder) steppers() hops.Bitboard {
	own, opp := b.after()
	empty := board.All() &^ (own | opp)
	var out hops.Bitboard
	for q := own; q != 0; q &= q - 1 {
		if s := q.First(); neighbours[s]&empty != 0 {
			out |= s.Bit()
		}
	}
	return out
}

// Next returns the clicks that may follow.
func (b *builder) Next() engine.ClickSet {
	var next engine.ClickSet
	switch {
	case b.own == 0 || b.complete():
	case b.path.Len() == 0:
		for q := b.own; q != 0; q &= q - 1 {
			if s := q.First(); b.p.canMove(b.own, b.opp, s) {
				next.AddSquares(s.Bit())
			}
		}
	case b.path.Len() == 1:
		next.AddSquares(b.p.slides(b.own, b.opp, b.path.From()) | b.jumps())
	case b.stepFrom != hops.NoSquare:
		own, opp := b.after()
		next.AddSquares(neighbours[b.stepFrom] &^ (own | opp))
	default:
		next.AddSquares(b.jumps() | b.steppers())
	}
	return next
}

// Click adds the i-th click, or says why it cannot follow.
func (b *builder) Click(i int, c hops.Click) error {
	fail := func(rule, format string, args ...any) error {
		return engine.ClickError(i, c, rule, format, args...)
	}
	p := b.p
	s := c.Square
	switch {
	case b.own == 0:
		return fail("C3", "the game is over: %s has no pawn left", SideName(p.side))
	case c.Mark:
		return fail("C7", "'x' means nothing in Coir: an attack turns the pawn it jumps by itself")
	case !board.Contains(s):
		return engine.OffBoardClick(i, c, board)
	case b.won():
		return fail("C3", "these jumps turned %s's last pawn and won: nothing follows", SideName(p.side.Other()))
	case b.complete():
		return fail("C4", "the turn is complete: nothing follows")
	}
	switch {
	case b.path.Len() == 0:
		if !b.own.Has(s) {
			what := "is empty"
			if b.opp.Has(s) {
				what = "holds a " + SideName(p.side.Other()) + " pawn"
			}
			return fail("C4", "%s %s: %s moves one of the pawns showing %s", s, what, SideName(p.side), SideName(p.side))
		}
		if !p.canMove(b.own, b.opp, s) {
			return fail("C4", "the pawn on %s can neither step nor jump", s)
		}
		b.path.Push(s, false)
		b.rules = jumpRules(b.own, b.opp, s)
		return nil
	case b.path.Len() == 1 && p.slides(b.own, b.opp, b.path.From()).Has(s):
		b.path.Push(s, false)
		b.lone = true
		return nil
	case b.stepFrom != hops.NoSquare:
		own, opp := b.after()
		switch {
		case !neighbours[b.stepFrom].Has(s):
			return fail("C4", "a step moves one square, to an adjacent square")
		case (own | opp).Has(s):
			return fail("C4", "%s is not empty after the jumps", s)
		}
		b.stepTo = s
		return nil
	case b.jumped():
		own, opp := b.after()
		if own.Has(s) {
			if !b.steppers().Has(s) {
				return fail("C4", "the pawn on %s has no empty square to step to", s)
			}
			b.stepFrom = s
			return nil
		}
		if to := b.path.To(); neighbours[to].Has(s) && !(own | opp).Has(s) && b.steppers().Has(to) {
			// An empty square next to the pawn that jumped, as if it
			// stepped on: the step is clicked pawn first (it was told
			// "D4-E4 is a step, not a jump" when asked for the pawn
			// that steps).
			return fail("C4", "click the pawn that steps first, then the square it steps to: %s, or any other of your pawns, after the jumps", to)
		}
	}
	if b.jumps().Has(s) {
		res, _ := b.rules.Follow(pathWith(b.path, s))
		b.path.Push(s, false)
		b.turned = res.Turned
		return nil
	}
	// Say what the path written so far with this click breaks.
	if b.path.Len() >= hops.MaxPath {
		return fail("G5", "the path is as long as a path can be")
	}
	where := engine.ClickWhere(i, c)
	if b.path.Len() == 1 {
		if err := p.Validate(NewMove(pathWith(b.path, s), hops.NoSquare, hops.NoSquare)); err != nil {
			return hops.ErrorIn(err, where)
		}
	}
	dame := b.own&(b.own-1) == 0
	path := pathWith(b.path, s)
	if _, err := b.rules.Follow(path); err != nil {
		return hops.ErrorIn(jumpError(err, dame, b.own|b.opp, "jumps "+path.String()), where)
	}
	return fail("C4", "%s cannot follow %s", s, b.path)
}

// pathWith returns p extended by the square s.
func pathWith(p hops.Path, s hops.Square) hops.Path {
	p.Push(s, false)
	return p
}

// Preview returns the board as the clicks so far leave it: the pawn where
// its step, slide or jumps end, the pawns it jumped turned, then the
// stepping pawn where it steps; once the turn is complete, the position
// it plays to. It also says what the next click is for.
func (b *builder) Preview(next *engine.ClickSet) (hops.Drawable[Move], string) {
	p := *b.p
	n := b.path.Len()
	switch {
	case b.own == 0:
		return p, engine.PromptOver
	case n == 0:
		return p, engine.PromptStart
	case n == 1:
		return p, "click where the pawn on " + b.path.From().String() + " goes"
	}
	own, opp := b.after()
	if b.stepTo != hops.NoSquare {
		own = own&^b.stepFrom.Bit() | b.stepTo.Bit()
	}
	q := p.withSides(own, opp)
	if !b.complete() {
		q.side = p.side
	}
	switch {
	case next.Empty():
		return q, ""
	case b.stepFrom != hops.NoSquare:
		return q, "click where the pawn on " + b.stepFrom.String() + " steps"
	case b.jumps() != 0:
		return q, engine.PromptJump + ", or click the pawn that steps"
	}
	return q, "click the pawn that steps"
}
