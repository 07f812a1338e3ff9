package zapita

import (
	"fmt"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var _ hops.Builder[Move] = Position{}

// Clicks returns the clicks a person makes to build m (see Build): the
// pawn, each landing of its path, then each throw's landing square.
func (m Move) Clicks() []hops.Click {
	out := engine.AppendClicks(make([]hops.Click, 0, m.path.Len()+int(m.n)), m.path)
	for i := 0; i < int(m.n); i++ {
		out = append(out, hops.Click{Square: m.throws[i]})
	}
	return out
}

// Build builds a move click by click (hops.Builder): first the pawn, then
// each square of its step or multi-jump, and, when the path ends on the
// bomb, the landing square of each throw (Z4..Z6); no click is marked.
// Next offers only clicks that lead to a legal move: never a square
// landed on already (G5), an HQ only when a jump goes on from it to a
// square the move may end on, the bomb only when some throw chain brings
// it to rest (Z4), and a relay pawn only when it can rest the bomb in
// turn (Z6). A path that ends off the bomb and off the HQs is complete,
// though it may still go on by further jumps; a move through the bomb is
// complete when the bomb comes to rest. While the bomb is being thrown,
// the preview (hops.Built.Preview) has it on the pawn that holds it, the
// mover's pawn and then each relay: Bomb says where it is, though the
// position's text and diagram show the pawn there and its drawing the
// bomb.
func (p Position) Build(clicks []hops.Click) (hops.Built[Move], error) {
	return engine.BuildFrom[Move](&builder{p: &p}, clicks)
}

// builder is a move under construction.
type builder struct {
	p       *Position
	m       Move          // the path and throws clicked so far
	visited hops.Bitboard // the squares the pawn has occupied (G5)
	rests   hops.Bitboard // where a throw chain from the bomb can rest it
	rested  bool          // the last throw brought the bomb to rest
}

// step reports whether the path so far is a single step.
func (b *builder) step() bool {
	if b.m.path.Len() != 2 {
		return false
	}
	_, dist, _ := hops.Direction(b.m.path.From(), b.m.path.To())
	return dist == 1
}

// throwing reports whether the path has reached the bomb.
func (b *builder) throwing() bool { return b.m.path.Len() >= 2 && b.m.path.To() == b.p.bomb }

// complete reports whether the clicks make a legal move.
func (b *builder) complete() bool {
	if b.throwing() {
		return b.rested
	}
	return b.m.path.Len() >= 2 && !hqs.Has(b.m.path.To())
}

// landings returns the squares the pawn may land on next by the rules of
// a single hop, before asking whether the move can end well from there.
func (b *builder) landings() hops.Bitboard {
	p := b.p
	n := b.m.path.Len()
	switch {
	case n == 0 || b.step() || b.throwing():
		return 0
	case n == 1:
		from := b.m.path.From()
		return neighbours[from]&^p.occupied()&^hqs | b.jumps(from, b.visited)
	}
	return b.jumps(b.m.path.To(), b.visited)
}

// jumps returns the landings of one jump from e that land on no square
// of visited (Z4, G5).
func (b *builder) jumps(e hops.Square, visited hops.Bitboard) hops.Bitboard {
	rules := b.p.jumpRules(b.m.path.From())
	var out hops.Bitboard
	for d := range 8 {
		o := rays[e][d]
		if o < 0 || !rules.Over.Has(o) {
			continue
		}
		if l := rays[o][d]; l >= 0 && (rules.Land | rules.Final).Has(l) && !visited.Has(l) {
			out |= l.Bit()
		}
	}
	return out
}

// viable reports whether a path that has just landed on l, having
// occupied visited (l included), can still make a legal move: it may end
// on any square but an HQ, on the bomb only if the bomb can be brought to
// rest, and from an HQ it must jump on (Z4).
func (b *builder) viable(l hops.Square, visited hops.Bitboard) bool {
	switch {
	case l == b.p.bomb:
		return b.rests != 0
	case !hqs.Has(l):
		return true
	}
	for j := b.jumps(l, visited); j != 0; j &= j - 1 {
		if s := j.First(); b.viable(s, visited|s.Bit()) {
			return true
		}
	}
	return false
}

// Next returns the clicks that may follow.
func (b *builder) Next() engine.ClickSet {
	var next engine.ClickSet
	p := b.p
	switch {
	case p.over():
	case b.m.path.Len() == 0:
		for own := p.Pawns(p.side); own != 0; own &= own - 1 {
			if s := own.First(); p.Destinations(s) != 0 {
				next.AddSquares(s.Bit())
			}
		}
	case b.throwing():
		if !b.rested {
			rest, relay, _ := p.throws(b.m)
			next.AddSquares(rest | relay)
		}
	default:
		for l := b.landings(); l != 0; l &= l - 1 {
			if s := l.First(); b.viable(s, b.visited|s.Bit()) {
				next.AddSquares(s.Bit())
			}
		}
	}
	return next
}

// Click adds the i-th click, or says why it cannot follow.
func (b *builder) Click(i int, c hops.Click) error {
	p := b.p
	fail := func(rule, format string, args ...any) error {
		return engine.ClickError(i, c, rule, format, args...)
	}
	switch {
	case c.Mark:
		return fail("Z7", "'x' means nothing in Zapita: no hop acts on the pawn it jumps")
	case !board.Contains(c.Square):
		return engine.OffBoardClick(i, c, board)
	case p.over():
		return fail("Z3", "the game is over: the bomb rests on %s's headquarters", SideName(hqOwner(p.bomb)))
	}
	to := c.Square
	switch {
	case b.m.path.Len() == 0:
		side, _, ok := p.Pawn(to)
		switch {
		case !ok && to == p.bomb:
			// The bomb moves only with a pawn: a newcomer clicks it first.
			return fail("Z4", "%s holds the bomb, which moves only with a pawn: click one of %s's pawns, then the bomb's square to step or jump onto it", to, SideName(p.side))
		case !ok:
			return fail("Z4", "no pawn stands on %s", to)
		case side != p.side:
			return fail("Z4", "the pawn on %s is %s's, and %s is to move", to, SideName(side), SideName(p.side))
		case p.Destinations(to) == 0:
			return fail("Z4", "the pawn on %s has no legal move", to)
		}
		b.m.path.Push(to, false)
		b.visited = to.Bit()
		t := p.throwBoard(to)
		b.rests = t.chains(p.bomb, p.powerOf(p.side, to), 0, nil, nil)
		return nil
	case b.throwing():
		if b.rested {
			return fail("Z6", "the bomb already came to rest on %s: the move is complete", b.m.Rest())
		}
		if int(b.m.n) == MaxThrows {
			return fail("Z6", "each of the mover's pawns throws at most once")
		}
		rest, relay, _ := p.throws(b.m)
		m := b.m
		m.throws[m.n] = to
		m.n++
		if !(rest | relay).Has(to) {
			if _, err := p.check(m, true); err != nil {
				return hops.ErrorIn(err, engine.ClickWhere(i, c))
			}
			return fail("Z6", "the pawn on %s cannot bring the bomb to rest: no chain of throws from it ends on a square empty of pawns", to)
		}
		b.m = m
		b.rested = rest.Has(to)
		return nil
	case b.step():
		return fail("Z4", "the step %s is a whole move: nothing follows it", b.m.path)
	}
	if b.landings().Has(to) {
		if !b.viable(to, b.visited|to.Bit()) {
			switch {
			case to == p.bomb:
				return fail("Z4", "the pawn would land on the bomb on %s, and no throw chain can bring it to rest", to)
			default:
				return fail("Z4", "a move never ends on the headquarters %s, and no jump from it leads on to a square the move may end on", to)
			}
		}
		b.m.path.Push(to, false)
		b.visited |= to.Bit()
		return nil
	}
	// Say what the path written so far with this click breaks.
	m := b.m
	if !m.path.Push(to, false) {
		return fail("G5", "the path is as long as a path can be")
	}
	if _, err := p.check(m, true); err != nil {
		return hops.ErrorIn(err, engine.ClickWhere(i, c))
	}
	return fail("Z4", "%s cannot follow %s", to, b.m.path)
}

// Built returns the move clicked so far, canonical, once it is complete.
func (b *builder) Built() (Move, bool, error) {
	if !b.complete() {
		return Move{}, false, nil
	}
	c, err := b.p.Canonical(b.m)
	return c, true, err
}

// Preview returns the board as the clicks so far leave it: the pawn where
// its path ends, standing on the bomb once it reached it, and the bomb
// where the last throw sent it; once the move is complete, the position
// it plays to. It also says what the next click is for.
func (b *builder) Preview(next *engine.ClickSet) (hops.Drawable[Move], string) {
	p := *b.p
	n := b.m.path.Len()
	switch {
	case p.over():
		return p, engine.PromptOver
	case n == 0:
		return p, engine.PromptStart
	case b.complete():
		if q, err := p.Play(b.m); err == nil {
			p = q
		}
	case n >= 2:
		from, to := b.m.path.From(), b.m.path.To()
		a := &p.pw[p.side&1]
		for k := range a {
			if a[k].Has(from) {
				a[k] = a[k].Without(from).With(to)
			}
		}
		if b.m.n > 0 {
			p.bomb = b.m.throws[b.m.n-1]
		}
	}
	switch {
	case n == 1:
		return p, "click where the pawn on " + b.m.path.From().String() + " goes"
	case next.Empty():
		return p, ""
	case b.throwing():
		thrower := b.m.path.From()
		if b.m.n > 0 {
			thrower = b.m.throws[b.m.n-1]
		}
		// Where the bomb lands is the click, and a pawn of the mover's
		// there throws it on (Z6): neither showed on the board.
		power := b.p.powerOf(b.p.side, thrower)
		if power == 1 {
			return p, "click where the bomb lands, 1 square away (a pawn of yours there throws it on)"
		}
		return p, fmt.Sprintf("click where the bomb lands, up to %d squares in a line (a pawn of yours there throws it on)", power)
	}
	return p, engine.PromptJump
}
