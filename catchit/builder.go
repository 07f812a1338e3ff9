package catchit

import (
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var _ hops.Builder[Move] = Position{}

// Clicks returns the clicks a person makes to build m (see Build): each
// displacement's pawn then its landings, a jump that takes the ball
// marked (K5), the exit as hops.Outside (K6).
func (m Move) Clicks() []hops.Click {
	out := make([]hops.Click, 0, m.first.Len()+m.second.Len())
	return engine.AppendClicks(engine.AppendClicks(out, m.first), m.second)
}

// Destinations returns the squares where the pawn on from can end the
// first displacement of a legal turn (K4..K8): its steps and the ends of
// its multi-jumps, taking the ball or not, after which some second
// displacement can complete the turn. It is empty when from holds no
// pawn of the side to move or the game is over. Leaving the board (K6)
// ends on no square and is not listed: Build offers hops.Outside as the
// next click once the pawn's path stands where it can leave, and the
// winning turns are the moves whose Wins reports true.
func (p Position) Destinations(from hops.Square) hops.Bitboard {
	st0 := p.stage()
	if st0.ball == hops.NoSquare || !st0.pawns[st0.side].Has(from) {
		return 0
	}
	attacker := st0.attacker()
	var dests hops.Bitboard
	o1, o2 := new(outcomes), new(outcomes)
	o1.compute(&st0, from, false, false)
	o1.each(func(kind int, end hops.Square) bool {
		if kind != kindExit && !dests.Has(end) {
			st1 := st0.after(from, end, kind == kindTake)
			if st1.hasSecond(o2, attacker) {
				dests |= end.Bit()
			}
		}
		return true
	})
	return dests
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

// Build builds a turn click by click (hops.Builder): the first pawn, then
// each landing of its displacement, a jump over the carrier that takes
// the ball marked (K5) and leaving the board clicked as hops.Outside
// (K6); then the second pawn, which stands on an own pawn's square and so
// cannot be taken for a landing, and its landings. Next offers only
// clicks that lead to a legal turn: a first displacement must be able to
// end where some second displacement can follow (K7, K8) or leave the
// board, and the attacker's second displacement must move the ball when
// the first did not (K8). The build is complete when the two
// displacements make a legal turn, which may still go on by jumps, or
// when the first one leaves the board and wins.
func (p Position) Build(clicks []hops.Click) (hops.Built[Move], error) {
	return engine.BuildFrom[Move](newBuilder(&p), clicks)
}

// Built returns the turn clicked so far, canonical, once it is complete.
func (b *builder) Built() (Move, bool, error) {
	if !b.complete() {
		return Move{}, false, nil
	}
	m := NewMove(b.first, b.path)
	if b.ord == 0 {
		m = NewMove(b.path)
	}
	c, err := b.p.Canonical(m)
	return c, true, err
}

// builder is a turn under construction.
type builder struct {
	p        *Position
	st0      stage // the board before the turn
	attacker bool  // the mover carried the ball at the start (K8)
	st       stage // the board when the current displacement began
	ord      int   // the current displacement: 0 or 1
	first    hops.Path
	path     hops.Path // the current displacement so far
	visited  hops.Bitboard
	carrying bool // the moving pawn carries the ball now
	taken    bool // it took the ball in this displacement
	canTake  bool // it may take the ball (K5, K8)
	rules    hops.JumpRules
	won      bool
	seconds  map[[3]hops.Square]bool // whether a second displacement follows a first one: start, end, taken
	out      *outcomes
}

func newBuilder(p *Position) *builder {
	b := &builder{p: p, st0: p.stage()}
	b.st = b.st0
	b.attacker = b.st0.attacker()
	return b
}

// over reports whether the game is over: the ball has left (K3).
func (b *builder) over() bool {
	return b.st0.ball == hops.NoSquare || !(b.st0.pawns[Blue] | b.st0.pawns[Red]).Has(b.st0.ball)
}

// stepped reports whether the current displacement is a step.
func (b *builder) stepped() bool {
	if b.path.Len() != 2 || b.won {
		return false
	}
	_, dist, _ := hops.Direction(b.path.From(), b.path.To())
	return dist == 1
}

// start begins the displacement of the pawn on from.
func (b *builder) start(from hops.Square) {
	st := &b.st
	b.path = hops.PathOf(from)
	b.visited = from.Bit()
	carrier := from == st.ball
	b.carrying, b.taken = carrier, false
	b.canTake = !carrier && !st.moved && st.ball != hops.NoSquare
	occ := st.pawns[Blue] | st.pawns[Red]
	b.rules = hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: occ &^ from.Bit(), Land: board.All()&^occ | from.Bit(), Taken: carrier}
	if b.canTake {
		b.rules.Take = st.ball.Bit()
	}
}

// push adds a landing to the current displacement.
func (b *builder) push(c hops.Click) {
	b.path.Push(c.Square, c.Mark)
	if c.Square == hops.Outside {
		b.won = true
		return
	}
	b.visited |= c.Square.Bit()
	if c.Mark {
		b.carrying, b.taken = true, true
	}
}

// acceptable reports whether the current displacement may end on end,
// having taken the ball or not: the first when some second displacement
// can follow it (K7, K8), the second when it moves the ball if it must.
func (b *builder) acceptable(end hops.Square, taken bool) bool {
	from := b.path.From()
	if b.ord == 1 {
		mustMove := b.attacker && !b.st.moved
		return !mustMove || from == b.st.ball || taken
	}
	key := [3]hops.Square{from, end, 0}
	if taken {
		key[2] = 1
	}
	if v, ok := b.seconds[key]; ok {
		return v
	}
	if b.seconds == nil {
		b.seconds = map[[3]hops.Square]bool{}
		b.out = new(outcomes)
	}
	st1 := b.st.after(from, end, taken)
	v := st1.hasSecond(b.out, b.attacker)
	b.seconds[key] = v
	return v
}

// candidates returns the clicks that may follow in the current
// displacement by the rules of a single hop, before asking whether the
// turn can be completed from there.
func (b *builder) candidates() engine.ClickSet {
	var cs engine.ClickSet
	n := b.path.Len()
	if n == 0 || b.won || b.stepped() {
		return cs
	}
	side := b.st.side
	e := b.path.To()
	if n == 1 {
		cs.AddSquares(board.Neighbours(e) & b.rules.Land &^ b.visited)
		if b.carrying && goalRank[side].Has(e) {
			cs.Add(hops.Click{Square: hops.Outside})
		}
	}
	for d := hops.Dir(0); d < 8; d++ {
		o := stepTable[e][d]
		if o == hops.NoSquare || !b.rules.Over.Has(o) {
			continue
		}
		take := b.canTake && !b.carrying && o == b.st.ball
		l := stepTable[o][d]
		if l == hops.NoSquare {
			if goalRank[side].Has(o) && isForward(side, d) {
				if b.carrying {
					cs.Add(hops.Click{Square: hops.Outside})
				}
				if take {
					cs.Add(hops.Click{Square: hops.Outside, Mark: true})
				}
			}
			continue
		}
		if !b.rules.Land.Has(l) || b.visited.Has(l) {
			continue
		}
		cs.Add(hops.Click{Square: l})
		if take {
			cs.Add(hops.Click{Square: l, Mark: true})
		}
	}
	return cs
}

func isForward(side hops.Side, d hops.Dir) bool {
	for _, f := range forward[side&1] {
		if f == d {
			return true
		}
	}
	return false
}

// viable reports whether the current displacement, extended by c (one of
// its candidates), can still end the turn legally.
func (b *builder) viable(c hops.Click) bool {
	if c.Square == hops.Outside {
		return true // the ball leaves and the turn ends (K6)
	}
	l := c.Square
	_, dist, _ := hops.Direction(b.path.To(), l)
	if dist == 1 {
		return b.acceptable(l, false)
	}
	taken := b.taken || c.Mark
	if b.acceptable(l, taken) {
		return true
	}
	visited := b.visited | l.Bit()
	carrying := b.carrying || c.Mark
	side := b.st.side
	jumpOut := exitFrom(b.rules.Over, side)
	plain := b.rules
	plain.Land &^= visited
	ends := plain.ReachEnds(l)
	for e := ends; e != 0; e &= e - 1 {
		if b.acceptable(e.First(), taken) {
			return true
		}
	}
	if carrying {
		return (ends|l.Bit())&jumpOut != 0
	}
	if !b.canTake {
		return false
	}
	// Not carrying yet: search the paths on from l for a take of the
	// ball after which the displacement ends well.
	ball := b.st.ball
	takeOut := exitFrom(ball.Bit(), side)
	if takeOut.Has(l) {
		return true
	}
	var before hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		if s := stepTable[ball][d]; s != hops.NoSquare && b.rules.Land.Has(s) {
			before |= stepTable[ball][d^4].Bit()
		}
	}
	targets := before | takeOut
	prefix := b.path
	prefix.Push(l, false)
	var s hops.JumpSearch
	if s.ResetAt(&b.rules, prefix) != nil {
		return false
	}
	for s.Next() {
		e := s.End()
		plain.Land = b.rules.Land &^ s.Visited()
		if !s.Taken() {
			if takeOut.Has(e) {
				return true
			}
			if !targets.Has(e) && plain.ReachEnds(e)&targets == 0 {
				s.Prune()
			}
			continue
		}
		ends := plain.ReachEnds(e) | e.Bit()
		if ends&jumpOut != 0 {
			return true
		}
		for x := ends; x != 0; x &= x - 1 {
			if b.acceptable(x.First(), true) {
				return true
			}
		}
		s.Prune()
	}
	return false
}

// seconds returns the pawns that may make the second displacement after
// the current first one.
func (b *builder) secondPawns() hops.Bitboard {
	if b.ord != 0 || b.path.Len() < 2 || b.won || !b.acceptable(b.path.To(), b.taken) {
		return 0
	}
	st1 := b.st.after(b.path.From(), b.path.To(), b.taken)
	onlyBall := b.attacker && !st1.moved
	var pawns hops.Bitboard
	o := new(outcomes)
	for own := st1.pawns[st1.side].Without(st1.used); own != 0; own &= own - 1 {
		o.compute(&st1, own.First(), false, onlyBall)
		if o.any() {
			pawns |= own.First().Bit()
		}
	}
	return pawns
}

// firstPawns returns the pawns that may begin the turn.
func (b *builder) firstPawns() hops.Bitboard {
	var pawns hops.Bitboard
	if b.over() {
		return 0
	}
	for own := b.st.pawns[b.st.side]; own != 0; own &= own - 1 {
		if from := own.First(); b.canBegin(from) {
			pawns |= from.Bit()
		}
	}
	return pawns
}

// canBegin reports whether the pawn on from can make the first
// displacement of a legal turn.
func (b *builder) canBegin(from hops.Square) bool {
	c := *b
	c.start(from)
	cs := c.candidates()
	for _, k := range cs.Clicks() {
		if c.viable(k) {
			return true
		}
	}
	return false
}

// Next returns the clicks that may follow.
func (b *builder) Next() engine.ClickSet {
	if b.path.Len() == 0 {
		var next engine.ClickSet
		next.AddSquares(b.firstPawns())
		return next
	}
	cs := b.candidates()
	var next engine.ClickSet
	for _, c := range cs.Clicks() {
		if b.viable(c) {
			next.Add(c)
		}
	}
	next.AddSquares(b.secondPawns())
	return next
}

// complete reports whether the clicks make a legal turn.
func (b *builder) complete() bool {
	if b.ord == 0 {
		return b.won
	}
	return b.path.Len() >= 2 && (b.won || b.acceptable(b.path.To(), b.taken))
}

// Click adds the i-th click, or says why it cannot follow.
func (b *builder) Click(i int, c hops.Click) error {
	fail := func(rule, format string, args ...any) error {
		return engine.ClickError(i, c, rule, format, args...)
	}
	st := &b.st
	side := st.side
	switch {
	case b.over():
		return fail("K3", "the game is over: the ball has left the board")
	case b.won:
		return fail("K7", "the turn ended when the ball left the board")
	case c.Square != hops.Outside && !board.Contains(c.Square):
		return engine.OffBoardClick(i, c, board)
	case b.ord == 1 && b.stepped():
		return fail("K7", "the turn is complete: its second displacement, a step, ends it")
	case b.path.Len() == 0 && c.Square == hops.Outside:
		return fail("K4", "out is where a jump may leave the board: click one of %s's pawns first", SideName(side))
	}
	sq := c.Square
	if b.path.Len() == 0 || b.path.Len() >= 2 && (st.pawns[side].Has(sq) && sq != b.path.From() || sq == b.path.To()) {
		// A pawn to displace.
		switch {
		case c.Mark:
			return fail("K5", "a pawn is clicked unmarked: 'x' marks the jump that takes the ball")
		case b.path.Len() > 0 && b.ord == 1:
			return fail("K7", "a turn is two displacements: the second is under way")
		case b.path.Len() > 0 && sq == b.path.To():
			return fail("K7", "the pawn on %s made the first displacement: a turn moves two different pawns", sq)
		case st.pawns[side^1].Has(sq):
			return fail("K7", "%s", notOwnPawn(sq, side))
		case !st.pawns[side].Has(sq):
			return fail("K4", "there is no pawn on %s", sq)
		}
		if b.path.Len() == 0 {
			if sq == st.ball && st.moved {
				return fail("K8", "the ball was already moved this turn: the carrier may not move again")
			}
			if !b.canBegin(sq) {
				c := *b
				c.start(sq)
				if cs := c.candidates(); cs.Empty() {
					return fail("K4", "the pawn on %s cannot move: no step or jump of it lands on an empty square", sq)
				}
				// Without the ball's obligation (K8) the turn could go
				// on: the obligation is what it breaks.
				free := *b
				free.attacker, free.seconds, free.out = false, nil, nil
				if b.attacker && free.canBegin(sq) {
					return fail("K8", "the pawn on %s cannot begin a legal turn: after any displacement of it the ball could no longer be moved, which the attacker must do once", sq)
				}
				return fail("K7", "the pawn on %s cannot begin a legal turn: no displacement of it can be followed by a second one", sq)
			}
			b.start(sq)
			return nil
		}
		if !b.acceptable(b.path.To(), b.taken) {
			return fail("K7", "no second displacement can follow the first one, %s", b.path)
		}
		if !b.secondPawns().Has(sq) {
			// Why: the pawn cannot move at all (K4), or only without the
			// ball, which the attacker must still move (K8).
			st1 := b.st.after(b.path.From(), b.path.To(), b.taken)
			o := new(outcomes)
			if o.compute(&st1, sq, false, false); o.any() {
				return fail("K8", "after %s the attacker must still move the ball, and the pawn on %s can neither carry nor take it", b.path, sq)
			}
			return fail("K4", "the pawn on %s cannot move after %s: no step or jump of it lands on an empty square", sq, b.path)
		}
		b.first = b.path
		b.st = b.st.after(b.path.From(), b.path.To(), b.taken)
		b.ord = 1
		b.start(sq)
		return nil
	}
	if b.path.Len() == 1 && st.pawns[side].Has(sq) && sq != b.path.From() {
		return fail("K4", "the pawn on %s has not moved yet", b.path.From())
	}
	if b.path.Len() >= 2 && b.ord == 0 && st.pawns[side^1].Has(sq) {
		// Not a landing: the first displacement cannot go on, so the
		// click is the second pawn, and it is the opponent's.
		if cs := b.candidates(); cs.Empty() {
			return fail("K7", "%s", notOwnPawn(sq, side))
		}
	}
	if cs := b.candidates(); b.path.Len() >= 2 && b.ord == 0 && !st.pawns[side^1].Has(sq) && cs.Empty() {
		// The first displacement cannot go on, so the click is meant for
		// the second pawn, and no pawn stands there (it was told how the
		// first displacement, extended to it, breaks K4).
		return fail("K4", "there is no pawn on %s: the first displacement, %s, is made; click the pawn of the second", sq, b.path)
	}
	if cs := b.candidates(); cs.Has(c) {
		if !b.viable(c) {
			if b.ord == 0 {
				return fail("K7", "after %s no second displacement can complete the turn", pathWith(b.path, c))
			}
			return fail("K8", "the attacker must move the ball once this turn, and %s can no longer carry or take it", pathWith(b.path, c))
		}
		b.push(c)
		return nil
	}
	// Say what the displacement written so far with this click breaks.
	cp := *st
	d := pathWith(b.path, c)
	if b.path.Len() >= hops.MaxPath {
		return fail("G5", "the path is as long as a path can be")
	}
	if _, err := cp.displace(d, b.ord); err != nil {
		return hops.ErrorIn(err, engine.ClickWhere(i, c))
	}
	return fail("K4", "%s cannot follow %s", c, b.path)
}

// pathWith returns p extended by the click c.
func pathWith(p hops.Path, c hops.Click) hops.Path {
	p.Push(c.Square, c.Mark)
	return p
}

// effect returns the position after a legal turn m, from where its
// displacements start and end and whether they take the ball.
func (p Position) effect(m Move) Position {
	st := p.stage()
	for _, d := range [2]hops.Path{m.first, m.second} {
		if d.Len() < 2 {
			break
		}
		from, end := d.From(), d.To()
		if end == hops.Outside {
			st.pawns[st.side] = st.pawns[st.side].Without(from)
			st.ball = hops.NoSquare
			break
		}
		st = st.after(from, end, d.HasMarks())
	}
	return st.position()
}

// Preview returns the board as the clicks so far leave it: the pawns
// displaced so far stand where their paths end, with the ball when they
// carry or took it; once the turn is complete, the position it plays to.
// It also says what the next click is for.
func (b *builder) Preview(next *engine.ClickSet) (hops.Drawable[Move], string) {
	p := *b.p
	switch {
	case b.over():
		return p, engine.PromptOver
	case b.path.Len() == 0:
		return p, "first displacement: " + engine.PromptStart
	case b.won:
		m := NewMove(b.first, b.path)
		if b.ord == 0 {
			m = NewMove(b.path)
		}
		return p.effect(m), ""
	}
	st := b.st
	if b.path.Len() >= 2 {
		st = st.after(b.path.From(), b.path.To(), b.taken)
	}
	if b.complete() {
		return st.position(), b.prompt(next)
	}
	return Position{pawns: st.pawns, ball: uint8(st.ball + 1), side: b.st0.side}, b.prompt(next)
}

// prompt says what the next click is for.
func (b *builder) prompt(next *engine.ClickSet) string {
	ords := [2]string{"first displacement: ", "second displacement: "}
	ord := ords[b.ord]
	if b.path.Len() == 1 {
		return ord + "click where the pawn on " + b.path.From().String() + " goes"
	}
	jumps, out := false, next.Has(hops.Click{Square: hops.Outside}) || next.Has(hops.Click{Square: hops.Outside, Mark: true})
	cs := b.candidates()
	for _, c := range cs.Clicks() {
		if c.Square != hops.Outside && next.Has(c) {
			jumps = true
			break
		}
	}
	var parts []string
	if jumps {
		parts = append(parts, engine.PromptJump)
	}
	if out {
		parts = append(parts, "leave the board to win")
	}
	if b.ord == 0 && next.Squares()&b.st.pawns[b.st.side]&^b.path.From().Bit() != 0 {
		what := "move another pawn"
		if b.attacker && !b.st.after(b.path.From(), b.path.To(), b.taken).moved {
			what = "move the ball (move its carrier, or jump it to take it)"
		}
		parts = append(parts, ords[1]+what)
	}
	return strings.Join(parts, ", or ")
}
