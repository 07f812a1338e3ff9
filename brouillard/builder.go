package brouillard

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var (
	_ hops.Builder[Move] = Position{}
	_ hops.Builder[Move] = View{}
)

// Clicks returns the clicks a person makes to build m (see
// Position.Build): the pawn and its landings, if a pawn moves, then the
// Fou's square and its landings, the last one marked when the Fou turns
// the jumped pawn over (B8).
func (m Move) Clicks() []hops.Click {
	out := make([]hops.Click, 0, m.pawn.Len()+m.fou.Len())
	return engine.AppendClicks(engine.AppendClicks(out, m.pawn), m.fou)
}

// Pawn returns the pawn on square s: its side, its kind and whether it
// has been turned over (B8), or ok = false when no pawn stands there (a
// Fou is on Fou's square). At gives the same, Fous included, in every
// game's terms.
func (p Position) Pawn(s hops.Square) (side hops.Side, k Kind, turned bool, ok bool) {
	return p.st.pawn(s)
}

// Pawn returns the pawn on square s as the viewer knows it (see
// Position.Pawn): the kind is Hidden for an opposing pawn never turned
// over.
func (v View) Pawn(s hops.Square) (side hops.Side, k Kind, turned bool, ok bool) {
	return v.st.pawn(s)
}

// Destinations returns the squares where the piece on from can end its
// part of the decision: for a pawn of the side to move, the ends of its
// steps and multi-jumps after which the Fou can move (B6, B9); for the
// side's Fou, the ends of its Fou moves with no pawn moved first (B7).
// It is empty for any other square, and for pawns after a capture, when
// only the Fou moves (B9).
func (p Position) Destinations(from hops.Square) hops.Bitboard { return p.st.destinations(from) }

// Destinations is Position.Destinations from the viewer's knowledge;
// where pieces may go never depends on a hidden face.
func (v View) Destinations(from hops.Square) hops.Bitboard { return v.st.destinations(from) }

// Build builds a decision click by click (hops.Builder): optionally a
// pawn of the side to move and each square of its step or multi-jump,
// then the Fou's square and each square of its move, the last jump
// marked to turn the jumped opposing pawn over (B8). The Fou's square is
// dark and a pawn's landings light, so the click on the Fou cannot be
// taken for a landing. Next offers only clicks that lead to a legal
// decision: a pawn path only where the Fou can move after it (B9), only
// the Fou after a capture (B9). A Fou path of one hop or more is
// complete, and may go on by further jumps unless it is a step or its
// last jump is marked.
func (p Position) Build(clicks []hops.Click) (hops.Built[Move], error) {
	return p.st.build(clicks, false, 0)
}

// Build is Position.Build from the viewer's knowledge: legality, and so
// every Next and error, depends only on public facts, never on a hidden
// face. Its Preview is a View: a complete decision whose Fou turns over
// a pawn the viewer does not know shows that pawn where it stood, face
// down and not turned, since its face, and so whether it is captured
// (B8), is learnt only when the decision is played. Like every Build it
// builds the decision of the side to move, which may not be the
// viewer: a page lets a player click only when ToMove() is Viewer().
func (v View) Build(clicks []hops.Click) (hops.Built[Move], error) {
	return v.st.build(clicks, true, v.viewer)
}

// destinations implements Position.Destinations.
func (st *state) destinations(from hops.Square) hops.Bitboard {
	if !st.sane() || st.over() {
		return 0
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	b := builder{st: st, occ: occ}
	var dests hops.Bitboard
	switch {
	case from == st.fou[me]:
		if !st.fouCanMove(me, occ) {
			return 0
		}
		b.fou = hops.PathOf(from)
		for _, d := range diagDirs {
			if s := bd.Step(from, d); dark.Has(s) && s != st.fou[me^1] {
				dests |= s.Bit()
			}
		}
		r := fouRules(occ, from, st.fou[me^1])
		dests |= r.ReachEnds(from)
	case st.pawns[me].Has(from) && !st.plus:
		b.pawn = hops.PathOf(from)
		b.visited = from.Bit()
		r := pawnRules(occ, from)
		for s := b.pawnLandings(); s != 0; s &= s - 1 {
			if l := s.First(); b.isStep(l) && b.fouAfter(l) {
				dests |= l.Bit()
			}
		}
		for e := r.ReachEnds(from); e != 0; e &= e - 1 {
			if l := e.First(); b.fouAfter(l) {
				dests |= l.Bit()
			}
		}
	}
	return dests
}

// builder is a decision under construction.
type builder struct {
	st      *state
	occ     hops.Bitboard // the pawns, after the pawn move once the Fou is clicked
	pawn    hops.Path
	fou     hops.Path
	visited hops.Bitboard // the squares the moving piece has occupied (G5)
	view    bool          // st is the view of viewer, not the true position
	viewer  hops.Side
}

// isStep reports whether l is one step from the pawn's start.
func (b *builder) isStep(l hops.Square) bool {
	_, dist, _ := hops.Direction(b.pawn.From(), l)
	return dist == 1
}

// pawnStepped reports whether the pawn's move is a step.
func (b *builder) pawnStepped() bool { return b.pawn.Len() == 2 && b.isStep(b.pawn.To()) }

// fouAfter reports whether the Fou can move once the pawn ends on end.
func (b *builder) fouAfter(end hops.Square) bool {
	occ := b.occ&^b.pawn.From().Bit() | end.Bit()
	return b.st.fouCanMove(b.st.side, occ)
}

// pawnLandings returns the squares where the pawn may land next (B6).
func (b *builder) pawnLandings() hops.Bitboard {
	if b.pawnStepped() {
		return 0
	}
	from, e := b.pawn.From(), b.pawn.To()
	land := light &^ b.occ &^ b.visited
	var out hops.Bitboard
	for _, d := range diagDirs {
		o := bd.Step(e, d)
		if o == hops.NoSquare {
			continue
		}
		if b.pawn.Len() == 1 && land.Has(o) {
			out |= o.Bit()
		}
		if l := bd.Step(o, d); (b.occ &^ from.Bit()).Has(o) && land.Has(l) {
			out |= l.Bit()
		}
	}
	return out
}

// pawnViable reports whether the pawn, landing on l, can still end its
// move where the Fou can move (B9).
func (b *builder) pawnViable(l hops.Square) bool {
	if b.fouAfter(l) {
		return true
	}
	if b.pawn.Len() == 1 && b.isStep(l) {
		return false
	}
	r := pawnRules(b.occ, b.pawn.From())
	r.Land &^= b.visited | l.Bit()
	for e := r.ReachEnds(l); e != 0; e &= e - 1 {
		if b.fouAfter(e.First()) {
			return true
		}
	}
	return false
}

// fouDone reports whether the Fou's move can go no further: a step, or a
// marked last jump.
func (b *builder) fouDone() bool {
	n := b.fou.Len()
	if n < 2 {
		return false
	}
	_, dist, _ := hops.Direction(b.fou.At(n-2), b.fou.To())
	return b.fou.Marked(n-1) || dist == 1
}

// fouLandings returns the clicks that may extend the Fou's move (B7, B8).
func (b *builder) fouLandings() engine.ClickSet {
	var cs engine.ClickSet
	if b.fouDone() {
		return cs
	}
	me := b.st.side
	other := b.st.fou[me^1]
	land := dark &^ other.Bit() &^ b.visited
	e := b.fou.To()
	if b.fou.Len() == 1 {
		for _, d := range diagDirs {
			if s := bd.Step(e, d); land.Has(s) {
				cs.AddSquares(s.Bit())
			}
		}
	}
	for d := hops.North; d <= hops.NorthWest; d += 2 {
		o := bd.Step(e, d)
		if o == hops.NoSquare || !b.occ.Has(o) {
			continue
		}
		l := bd.JumpTarget(e, d)
		if !land.Has(l) {
			continue
		}
		cs.Add(hops.Click{Square: l})
		if b.st.pawns[me^1].Has(o) {
			cs.Add(hops.Click{Square: l, Mark: true})
		}
	}
	return cs
}

// Next returns the clicks that may follow.
func (b *builder) Next() engine.ClickSet {
	var next engine.ClickSet
	st := b.st
	me := st.side
	if !st.sane() || st.over() {
		return next
	}
	switch {
	case b.fou.Len() > 0:
		return b.fouLandings()
	case b.pawn.Len() == 0:
		if st.fouCanMove(me, b.occ) {
			next.AddSquares(st.fou[me].Bit())
		}
		if !st.plus {
			for own := st.pawns[me]; own != 0; own &= own - 1 {
				if s := own.First(); st.destinations(s) != 0 {
					next.AddSquares(s.Bit())
				}
			}
		}
	default:
		for l := b.pawnLandings(); l != 0; l &= l - 1 {
			if s := l.First(); b.pawnViable(s) {
				next.AddSquares(s.Bit())
			}
		}
		if b.pawn.Len() >= 2 && b.fouAfter(b.pawn.To()) {
			next.AddSquares(st.fou[me].Bit())
		}
	}
	return next
}

// build implements Build, for the true position or for the view of
// viewer when view is set.
func (st *state) build(clicks []hops.Click, view bool, viewer hops.Side) (hops.Built[Move], error) {
	return engine.BuildFrom[Move](&builder{st: st, occ: st.pawns[0] | st.pawns[1], view: view, viewer: viewer}, clicks)
}

// Built returns the decision clicked so far, canonical, once the Fou has
// moved.
func (b *builder) Built() (Move, bool, error) {
	if b.fou.Len() < 2 {
		return Move{}, false, nil
	}
	c, err := b.st.canonicalForm(Move{pawn: b.pawn, fou: b.fou})
	if err != nil {
		return c, true, err
	}
	return c, true, nil
}

// Click adds the i-th click, or says why it cannot follow.
func (b *builder) Click(i int, c hops.Click) error {
	fail := func(rule, format string, args ...any) error {
		return engine.ClickError(i, c, rule, format, args...)
	}
	st := b.st
	me := st.side
	s := c.Square
	switch {
	case !st.sane():
		return fail("B11", "the position is not set up: use Start, NewPosition or Parse")
	case st.over():
		return fail("B5", "the game is over: a King has been captured")
	case !bd.Contains(s):
		return engine.OffBoardClick(i, c, bd)
	}
	where := engine.ClickWhere(i, c)
	switch {
	case b.fou.Len() > 0:
		if b.fouDone() {
			return fail("B7", "the Fou's move %s is over: a step or a jump that turns a pawn over ends it", b.fou)
		}
		if cs := b.fouLandings(); cs.Has(c) {
			b.fou.Push(s, c.Mark)
			b.visited |= s.Bit()
			return nil
		}
		fou := b.fou
		if !fou.Push(s, c.Mark) {
			return fail("G5", "the path is as long as a path can be")
		}
		if _, err := st.check(Move{pawn: b.pawn, fou: fou}); err != nil {
			return hops.ErrorIn(err, where)
		}
		return fail("B7", "%s cannot follow %s", c, b.fou)
	case s == st.fou[me] && c.Mark:
		return fail("B8", "only the Fou's last jump is marked 'x', to turn the jumped pawn over")
	case s == st.fou[me]:
		switch {
		case b.pawn.Len() == 1:
			return fail("B6", "the pawn on %s has not moved: a decision moves a pawn fully, then the Fou", b.pawn.From())
		case b.pawn.Len() == 0 && !st.fouCanMove(me, b.occ):
			return fail("B9", "the %s Fou cannot move unless a pawn moves first", SideName(me))
		case b.pawn.Len() >= 2 && !b.fouAfter(b.pawn.To()):
			return fail("B9", "after the pawn move %s the Fou cannot move, and a decision always moves the Fou", b.pawn)
		}
		if b.pawn.Len() >= 2 {
			b.occ = b.occ&^b.pawn.From().Bit() | b.pawn.To().Bit()
		}
		b.fou = hops.PathOf(s)
		b.visited = s.Bit()
		return nil
	case c.Mark:
		return fail("B8", "a pawn turns nothing over: only the Fou's last jump is marked 'x'")
	case b.pawn.Len() == 0:
		switch {
		case s == st.fou[me^1]:
			return fail("B7", "%s holds the %s Fou: each side moves only its own", s, SideName(me^1))
		case st.plus:
			return fail("B9", "after a capture the same side moves its Fou again, without a pawn move")
		case st.pawns[me^1].Has(s):
			return fail("B6", "the pawn on %s is %s's: a player moves only his own pawns", s, SideName(me^1))
		case !st.pawns[me].Has(s):
			return fail("B6", "there is no %s pawn on %s", SideName(me), s)
		case st.destinations(s) == 0:
			return fail("B9", "the pawn on %s has no move after which the Fou can move", s)
		}
		b.pawn = hops.PathOf(s)
		b.visited = s.Bit()
		return nil
	}
	if b.pawnLandings().Has(s) {
		if !b.pawnViable(s) {
			return fail("B9", "after the pawn lands on %s the Fou cannot move, however the pawn goes on, and a decision always moves the Fou", s)
		}
		b.pawn.Push(s, false)
		b.visited |= s.Bit()
		return nil
	}
	if b.pawn.Len() >= 2 && st.pawns[me].Has(s) && s != b.pawn.From() {
		// Another of his pawns, once one has moved: a turn moves one
		// (it was told that the move made "cannot join jumps", B6).
		return fail("B9", "a turn moves one pawn, and %s has moved: now move the Fou", b.pawn)
	}
	pawn := b.pawn
	if !pawn.Push(s, false) {
		return fail("G5", "the path is as long as a path can be")
	}
	if _, _, err := st.checkPawn(pawn, b.occ, lazy{"pawn move ", pawn}); err != nil {
		return hops.ErrorIn(err, where)
	}
	return fail("B6", "%s cannot follow %s", s, b.pawn)
}

// Preview returns the board as the clicks so far leave it: the pawn where
// its path ends, then the Fou where its path ends; once the decision is
// complete, the position it plays to, the pawn turned over and captured
// or not (B8), which a View can show only when it knows the pawn's face.
// It also says what the next click is for.
func (b *builder) Preview(next *engine.ClickSet) (hops.Drawable[Move], string) {
	st := b.st
	me := st.side
	q := *st
	switch {
	case !st.sane():
		return b.wrap(q), "the position is not set up"
	case st.over():
		return b.wrap(q), engine.PromptOver
	case b.fou.Len() >= 2:
		c, err := st.check(Move{pawn: b.pawn, fou: b.fou})
		if err == nil {
			k := st.kind(c.turn)
			if c.turn != hops.NoSquare && k == Hidden {
				c.turn = hops.NoSquare
			}
			q.apply(c, k)
		}
		if next.Empty() {
			return b.wrap(q), ""
		}
		return b.wrap(q), engine.PromptJump + turnHint(next)
	}
	c := checked{pawnFrom: hops.NoSquare, pawnTo: hops.NoSquare, fouTo: st.fou[me], turn: hops.NoSquare}
	if b.pawn.Len() >= 2 {
		c.pawnFrom, c.pawnTo = b.pawn.From(), b.pawn.To()
	}
	q.apply(c, 0)
	q.side, q.plus = st.side, st.plus
	fou := next.Has(hops.Click{Square: st.fou[me]})
	pawns := next.Squares()&^st.fou[me].Bit() != 0 // landings, or pawns to move
	var prompt string
	switch {
	case b.fou.Len() == 1:
		prompt = "click where the Fou goes" + turnHint(next)
	case b.pawn.Len() == 1:
		prompt = "click where the pawn on " + b.pawn.From().String() + " goes"
	case b.pawn.Len() >= 2 && pawns && fou:
		prompt = engine.PromptJump + ", or click the Fou to move it"
	case b.pawn.Len() >= 2 && pawns:
		prompt = engine.PromptJump
	case st.plus:
		prompt = "the Fou moves again after the capture: click it"
	case pawns && fou:
		prompt = engine.PromptStart + ", or the Fou"
	case pawns:
		prompt = engine.PromptStart + "; the Fou moves after it"
	default:
		prompt = "click the Fou to move it"
	}
	return b.wrap(q), prompt
}

// wrap returns st as the value Build previews: a Position, or the
// viewer's View.
func (b *builder) wrap(st state) hops.Drawable[Move] {
	if b.view {
		return View{st: st, viewer: b.viewer}
	}
	return Position{st: st}
}

// turnHint returns what the prompt of a Fou's move adds when a marked
// click is offered: that marking the jump turns the pawn over (B8).
func turnHint(next *engine.ClickSet) string {
	for _, c := range next.Clicks() {
		if c.Mark {
			return " (a marked jump turns the pawn jumped over)"
		}
	}
	return ""
}
