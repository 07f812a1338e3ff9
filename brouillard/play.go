package brouillard

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// checked is the effect of a legal decision: where the pawn and the Fou
// went and which pawn is turned over (NoSquare for none, or for a pawn
// already known to both that is not the target, which changes nothing).
type checked struct {
	pawnFrom, pawnTo hops.Square
	fouTo            hops.Square
	turn             hops.Square
}

func illegal(rule string, where fmt.Stringer, format string, args ...any) *hops.Error {
	w := ""
	if where != nil {
		w = where.String()
	}
	return hops.Errorf(hops.ErrIllegal, rule, w, format, args...)
}

// lazy names the part of a move at fault; its text is built only for an
// error, so that checking a legal move does not allocate.
type lazy struct {
	part string
	path hops.Path
}

func (l lazy) String() string { return l.part + l.path.String() }

// at names a part of the input by a fixed text.
type at string

func (a at) String() string { return string(a) }

// pawnRules are the jump rules of a pawn on from (B6) among the pawns occ.
func pawnRules(occ hops.Bitboard, from hops.Square) hops.JumpRules {
	return hops.JumpRules{Board: bd, Dirs: hops.DiagonalDirs, Over: occ &^ from.Bit(), Land: light&^occ | from.Bit()}
}

// fouRules are the jump rules of a Fou on from (B7) among the pawns occ,
// the other Fou standing on other.
func fouRules(occ hops.Bitboard, from, other hops.Square) hops.JumpRules {
	return hops.JumpRules{Board: bd, Dirs: hops.OrthogonalDirs, Over: occ, Land: dark&^other.Bit() | from.Bit()}
}

// offBoard returns the error of a path built by hand with a square off
// the board (G1), named as label says ("pawn move "), or nil. It is asked
// only once a check has failed on such a square, so that the moves that
// play pay nothing for it.
func offBoard(p hops.Path, label string) *hops.Error {
	if i := bd.OffBoard(p); i >= 0 {
		return hops.Errorf(hops.ErrSyntax, "G1", label+p.String(), "%s", engine.OffPath(i, p.At(i), bd))
	}
	return nil
}

// refused is the error of a decision submitted whole that check refused
// with err: in a finished game, that of the rule that ended it
// (engine.Refused). check leaves it to its callers, so that a legal
// decision pays nothing for it.
func (st *state) refused(err *hops.Error) *hops.Error { return engine.Refused(err, st.outcome()) }

// check validates a decision in time proportional to its written length.
// Its errors use only public facts, so a View gives the same ones.
func (st *state) check(m Move) (checked, *hops.Error) {
	c := checked{pawnFrom: hops.NoSquare, pawnTo: hops.NoSquare, fouTo: hops.NoSquare, turn: hops.NoSquare}
	if !st.sane() {
		return c, hops.Errorf(hops.ErrPosition, "B11", "", "the position is not set up: use Start, NewPosition or Parse")
	}
	if st.over() {
		return c, illegal("B5", nil, "the game is over: a King has been captured")
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	// mine: the mover's pawns once his pawn move is made, which is the
	// board the Fou moves on and the one B8 looks at.
	mine := st.pawns[me]
	if m.pawn.Len() > 0 {
		where := lazy{"pawn move ", m.pawn}
		if st.plus {
			return c, illegal("B9", where, "after a capture the same side moves its Fou again, without a pawn move")
		}
		from, to, err := st.checkPawn(m.pawn, occ, where)
		if err != nil {
			if e := offBoard(m.pawn, "pawn move "); e != nil {
				return c, e // the reason the pawn's squares are wrong
			}
			return c, err
		}
		c.pawnFrom, c.pawnTo = from, to
		occ = occ&^from.Bit() | to.Bit()
		mine = mine&^from.Bit() | to.Bit()
	}
	if m.pawn.Len() == 0 && st.pawns[me].Has(m.fou.From()) {
		return c, illegal("B9", nil, "%s moves a pawn but not the Fou: every decision moves the Fou, written after the pawn", m.fou)
	}
	if m.fou.Len() == 0 {
		if m.pawn.Len() > 0 {
			return c, illegal("B9", nil, "the Fou must move after the pawn: a turn always ends with a Fou move")
		}
		return c, illegal("B9", nil, "no Fou move: every decision moves the Fou")
	}
	p := m.fou
	where := lazy{"Fou move ", p}
	if p.Len() < 2 {
		return c, illegal("G12", where, "a path needs at least two squares")
	}
	f, other := st.fou[me], st.fou[me^1]
	if p.From() != f {
		if e := offBoard(p, "Fou move "); e != nil {
			return c, e
		}
		return c, illegal("B7", where, "the %s Fou stands on %s, not on %s", SideName(me), f, p.From())
	}
	for i := 1; i < p.Len(); i++ {
		s := p.At(i)
		if !dark.Has(s) {
			if e := offBoard(p, "Fou move "); e != nil {
				return c, e
			}
			return c, illegal("B7", where, "%s is not a dark square: a Fou stays on dark squares", s)
		}
		if i < p.Len()-1 && p.Marked(i) {
			return c, illegal("B8", where, "only the pawn jumped last may be turned over: 'x' marks the last jump only")
		}
	}
	last := p.At(p.Len() - 1)
	if _, dist, _ := hops.Direction(p.From(), last); p.Len() == 2 && dist == 1 {
		// A step: diagonal, since both squares are dark.
		if last == other {
			return c, illegal("B7", where, "a Fou never steps onto the other Fou")
		}
		if p.Marked(1) {
			return c, illegal("B8", where, "a step turns nothing over: only a jump over an opposing pawn does")
		}
		c.fouTo = last
		return c, nil
	}
	// The quick check accepts what the shared jump rules accept; when it
	// refuses, they decide and name the fault.
	end, lastOver, ok := follow(p, false, occ, dark&^other.Bit())
	if !ok {
		var err *hops.Error
		if end, lastOver, err = st.followFou(p, occ, where); err != nil {
			return c, err
		}
	}
	c.fouTo = end
	if p.Marked(p.Len() - 1) {
		o := lastOver
		if mine.Has(o) {
			return c, illegal("B8", where, "the pawn on %s is %s's own: a player never turns his own pawns over", o, SideName(me))
		}
		if st.turnable().Has(o) {
			c.turn = o
		}
	}
	return c, nil
}

// followFou checks the Fou's jump path p with the shared jump rules among
// the pawns occ and names the fault of an illegal one (B7, G4, G5).
func (st *state) followFou(p hops.Path, occ hops.Bitboard, where lazy) (end, lastOver hops.Square, err *hops.Error) {
	f, other := st.fou[st.side], st.fou[st.side^1]
	r := fouRules(occ, f, other)
	res, jerr := r.Follow(p)
	if jerr == nil {
		return res.End, res.LastOver, nil
	}
	hop := fmt.Sprintf("jump %d %s-%s", jerr.Hop, jerr.From, jerr.To)
	switch {
	case jerr.To == other && jerr.Fault == hops.FaultLanding:
		return end, lastOver, illegal("B7", where, "%s lands on the other Fou", hop)
	case jerr.Fault == hops.FaultDirection:
		if mid := bd.Step(jerr.From, dirOf(jerr.From, jerr.To)); mid == other {
			return end, lastOver, illegal("B7", where, "%s jumps over the other Fou: a Fou never does", hop)
		}
		return end, lastOver, illegal("B7", where, "%s is diagonal: a Fou jumps orthogonally", hop)
	case jerr.Fault == hops.FaultNotJump:
		if d, dist, ok := hops.Direction(jerr.From, jerr.To); ok && dist == 1 && d.Diagonal() {
			return end, lastOver, illegal("B7", where, "%s is a step: a step is a whole Fou move, it cannot follow or precede jumps", hop)
		}
	case jerr.Fault == hops.FaultCannotJump && !occ.Has(jerr.Over):
		return end, lastOver, illegal("G4", where, "%s jumps over an empty square", hop)
	}
	return end, lastOver, jumpErr(jerr, "B7", where)
}

// jumpErr turns a fault of the shared jump search into an error: a
// revisit breaks G5, a hop that is not a jump or jumps nothing breaks G4,
// and the rest breaks the piece's own rule.
func jumpErr(e *hops.JumpError, rule string, where lazy) *hops.Error {
	switch e.Fault {
	case hops.FaultRevisit, hops.FaultNotJump, hops.FaultNothingOver:
		rule = ""
	}
	return e.Err(rule, where.String())
}

// dirOf returns the direction from a towards b (North when not aligned).
func dirOf(a, b hops.Square) hops.Dir {
	d, _, _ := hops.Direction(a, b)
	return d
}

// checkPawn validates a pawn move (B6) and returns its start and end.
func (st *state) checkPawn(p hops.Path, occ hops.Bitboard, where lazy) (from, to hops.Square, err *hops.Error) {
	me := st.side
	from = p.From()
	switch {
	case p.Len() < 2:
		return from, to, illegal("G12", where, "a path needs at least two squares")
	case p.HasMarks():
		return from, to, illegal("B8", where, "a pawn turns nothing over: only the Fou does, on its last jump")
	case from == st.fou[me^1]:
		return from, to, illegal("B7", where, "%s holds the %s Fou: each side moves only its own", from, SideName(me^1))
	case from == st.fou[me]:
		return from, to, illegal("B9", where, "%s holds a Fou: the pawn move comes first and the Fou path second", from)
	case st.pawns[me^1].Has(from):
		return from, to, illegal("B6", where, "the pawn on %s is %s's: a player moves only his own pawns", from, SideName(me^1))
	case !st.pawns[me].Has(from):
		return from, to, illegal("B6", where, "there is no %s pawn on %s", SideName(me), from)
	}
	for i := 1; i < p.Len(); i++ {
		if s := p.At(i); !light.Has(s) {
			return from, to, illegal("B6", where, "%s is not a light square: pawns move on light squares only", s)
		}
	}
	to = p.To()
	if d, dist, ok := hops.Direction(from, to); p.Len() == 2 && ok && dist == 1 {
		if !d.Diagonal() {
			return from, to, illegal("B6", where, "a pawn steps diagonally")
		}
		if occ.Has(to) {
			return from, to, illegal("B6", where, "%s is not empty: a pawn steps to an empty square", to)
		}
		return from, to, nil
	}
	if _, _, ok := follow(p, true, occ&^from.Bit(), light&^occ); ok {
		return from, to, nil
	}
	r := pawnRules(occ, from)
	if _, jerr := r.Follow(p); jerr != nil {
		hop := fmt.Sprintf("jump %d %s-%s", jerr.Hop, jerr.From, jerr.To)
		switch jerr.Fault {
		case hops.FaultDirection:
			return from, to, illegal("B6", where, "%s is not diagonal: a pawn jumps diagonally", hop)
		case hops.FaultNotJump:
			if d, dist, ok := hops.Direction(jerr.From, jerr.To); ok && dist == 1 && d.Diagonal() {
				return from, to, illegal("B6", where, "%s is a step: a step is a whole pawn move, it cannot join jumps", hop)
			}
		}
		return from, to, jumpErr(jerr, "B6", where)
	}
	return from, to, nil
}

// apply plays a checked decision; k is the face of the pawn turned over
// (ignored when none is).
func (st *state) apply(c checked, k Kind) {
	me := st.side
	if c.pawnFrom != hops.NoSquare {
		st.sq[c.pawnTo], st.sq[c.pawnFrom] = st.sq[c.pawnFrom], 0
		st.pawns[me] = st.pawns[me]&^c.pawnFrom.Bit() | c.pawnTo.Bit()
		if st.revealed.Has(c.pawnFrom) {
			st.revealed = st.revealed&^c.pawnFrom.Bit() | c.pawnTo.Bit()
		}
	}
	st.fou[me] = c.fouTo
	st.plus = false
	if c.turn != hops.NoSquare {
		if k == st.target(me) {
			// B8: the target is captured; B9: the Fou moves again.
			st.sq[c.turn] = 0
			st.pawns[me^1] &^= c.turn.Bit()
			st.revealed &^= c.turn.Bit()
			st.captured[me]++
			if st.captured[me] < 5 && st.fouCanMove(me, st.pawns[0]|st.pawns[1]) {
				st.plus = true
				return
			}
		} else {
			st.revealed |= c.turn.Bit()
		}
	}
	st.side = me ^ 1
}
