package players

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// FogSearcher is the searching player of Brouillard au Palais (the one
// New builds): it plays from a player's view alone, and reasons about
// what each side knows instead of guessing the hidden faces.
//
// While neither side knows where its target stands, it looks at every
// decision of its side once, with chances:
//   - turning over an opposing pawn whose face it does not know is a
//     chance: each face still unseen comes with its odds (the number of
//     hidden pawns that may bear it), and the decision is worth the
//     average of what follows, so a shot at the target is worth its
//     chance of hitting it, and a miss still pays by what it shows;
//   - after a capture it chooses the next Fou move of the turn the same
//     way (B9);
//   - then the opponent replies. His replies are generated from the view
//     (legality is public). The FogSearcher knows its own faces and
//     guards its target better than the opponent's ignorance alone would:
//     when a reply of his can turn the target over, that capture (and
//     those it leads to in the same turn; the King's capture is the game)
//     counts as lost with a chance of one half plus half of one in the
//     number of its pawns he has not seen and can turn over (certain if
//     he has seen the target). A reply that turns over one of its pawns
//     he has not seen costs what a face seen is worth (FogEval), and a
//     reply that leaves it without a legal decision loses the game (G6).
//     The rest is scored by FogEval.
//
// Before all this, and before it looks at any budget or at Cancel, it
// plays a decision that wins at once whatever the faces it has not
// seen, by the King's capture (B5) or by leaving the opponent without a
// legal decision (G6), when it has one: it never misses a win in one.
//
// A shot is worth what it is worth only while the target is unknown.
// Once either side knows where its target stands (it was turned over,
// B8), the game around it is a chase on public facts, and the
// FogSearcher hands the decision to a Searcher (BrouillardEval,
// BrouillardTactics) searching BrouillardSamples states drawn from the
// view, within what the look for a win at once left of the budgets of
// its Options (its views count among the nodes, its time among the
// time).
//
// Its budget, while the targets are unknown, is that of its Options:
// Options.Nodes views visited (DefaultNodes when neither Nodes nor Time
// is set), Options.Time from the start of the search, or Options.Cancel
// closed. Past the look for a win at once, it first glances at every
// decision: it plays it, under every face it may turn over, and scores
// what it reaches by FogEval, less what the opponent's Fou could take
// by its jumps as the pawns stand, without generating his replies. This
// always completes, whatever the budget, as a Searcher's first iteration
// does; with the look for a win at once it takes about 2 ms (2,300
// views) in the position of 517 decisions whose Fou jumps are the most
// (brouillard/testdata/worst.txt), 0.1 ms at the start. Then it looks at
// the decisions with the replies, as above, the best glanced first,
// checking its budget at every view: it stops within a fraction of a
// millisecond of its budget, leaving out the decision it was looking at.
// It plays the best of those it looked at (Depth 2), ties going to the
// first in an order shuffled by the seed, so that a look that completes
// chooses as if it had looked at them in that order; or, when it looked
// at none, the best glanced (Depth 1). The whole look takes from a
// fraction of a millisecond to seconds: after a capture the turn goes
// on (B9), and every next decision is looked at with every reply, which
// makes 8 million views (8 s) in the position above.
//
// A FogSearcher keeps buffers and tables between decisions and is not
// safe for concurrent use. Its ties are broken by its seed.
//
// The zero FogSearcher is no player: build one with NewFogSearcher; its searches
// return an *hops.Error of kind ErrSyntax that says so.
type FogSearcher struct {
	opt    Options
	rng    *rand.Rand
	bufs   [][]brouillard.Move
	me     hops.Side
	chaser *Searcher[brouillard.Position, brouillard.Move]
	nodes  int // the views visited by this search

	glances  []glanced
	limited  bool // in the look, which the budget bounds
	stop     bool // the budget is spent
	deadline time.Time
}

// NewFogSearcher returns a FogSearcher whose ties are broken by the
// generator seeded with opt.Seed, and whose Searcher, for the chases,
// has the budgets of opt.
func NewFogSearcher(opt Options) *FogSearcher {
	chaser := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt)
	if opt.Nodes <= 0 && opt.Time <= 0 {
		opt.Nodes = DefaultNodes
	}
	return &FogSearcher{opt: opt, rng: newRand(opt.Seed), chaser: chaser}
}

// Move chooses a decision for the side to move in p, looking only at
// that side's view of p.
func (s *FogSearcher) Move(p brouillard.Position) (brouillard.Move, error) {
	if s == nil {
		return brouillard.Move{}, nilPlayer("FogSearcher", "NewFogSearcher")
	}
	r, err := s.SearchView(p.View(p.ToMove()))
	return r.Move, err
}

// Values of the FogSearcher, in the units of the evaluations (a captured
// figure is worth figureValue); the capture of the King is a won game.
const (
	figureValue = 1000.0
	fogWin      = float64(Win)
	// revealValue is what seeing one more opposing face is worth: each
	// brings a player closer to knowing where his target stands.
	revealValue = 120.0
	// fogGuard is the chance that the opponent finds an unknown target
	// he can turn over, beyond his luck in choosing among the unknown
	// pawns he can turn over: the FogSearcher guards its target as if he
	// half knew it.
	fogGuard = 0.5
)

// SearchView chooses a decision for the viewer of v, who must be the
// side to move. A decision that wins at once whatever the hidden faces
// is returned with Score Win-1 and Depth 1. While neither target is
// known, Result.Score is the expected value of the decision in
// evaluation units, rounded and kept within ±MaxEval (an expectation
// near a won game is a likely win, not a proven one), and Depth is 2
// when the decision was looked at with the replies, 1 when it was only
// glanced at (see FogSearcher). Afterwards the Result is the
// Searcher's: SearchSampled's, whose scores stay within ±MaxEval too,
// or, once the view hides nothing, SearchOmniscient's on the one
// position it can be. Result.Nodes counts the views visited: every view
// a decision of either side was played into, in the look for a win at
// once, in the glance and the look at every decision and, once a target
// is known, in the Searcher's search (whose positions it adds).
func (s *FogSearcher) SearchView(v brouillard.View) (Result[brouillard.Move], error) {
	var res Result[brouillard.Move]
	if s == nil {
		return res, nilPlayer("FogSearcher", "NewFogSearcher")
	}
	if s.rng == nil {
		return res, zeroPlayer("FogSearcher", "NewFogSearcher")
	}
	if v.ToMove() != v.Viewer() {
		return res, hops.Errorf(hops.ErrIllegal, "G6", "view", "%s's view with %s to move: a player decides on his own turn only",
			brouillard.SideName(v.Viewer()), brouillard.SideName(v.ToMove()))
	}
	s.me, s.nodes, s.limited, s.stop = v.Viewer(), 0, false, false
	s.deadline = deadlineIn(s.opt.Time)
	moves := s.buffer(0, v)
	if len(moves) == 0 {
		return res, ErrNoMove
	}
	// A decision that wins at once whatever the hidden faces is played
	// before any budget or Cancel is looked at: the check is cheap.
	m, won, err := s.winNow(v, moves)
	if err != nil {
		return res, err
	}
	if won {
		res.Move, res.Score, res.Depth, res.Nodes = m, Win-1, 1, s.nodes
		return res, nil
	}
	if targetKnown(v, s.me) || targetKnown(v, s.me.Other()) {
		// The chase has what the look for a win at once left of the
		// budgets: the views it visited count, and so does its time.
		opt := s.chaser.opt
		defer func() { s.chaser.opt = opt }()
		if s.opt.Nodes > 0 {
			s.chaser.opt.Nodes = max(s.opt.Nodes-s.nodes, 1)
		}
		if s.opt.Time > 0 {
			s.chaser.opt.Time = max(time.Until(s.deadline), time.Nanosecond)
		}
		var err error
		if v.Consistent() == 1 {
			// Nothing hidden is left: the one position with this view,
			// searched with all the budget, whose wins are proven.
			res, err = s.chaser.SearchOmniscient(v.Sample(newRand(0)))
		} else {
			res, err = s.chaser.SearchSampled(func(r *rand.Rand) (brouillard.Position, error) { return v.Sample(r), nil }, BrouillardSamples)
		}
		res.Nodes += s.nodes
		return res, err
	}
	s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	// The glance: every decision, without the replies, in the order of
	// the look that follows.
	s.glances = s.glances[:0]
	for i, m := range moves {
		val, err := s.glance(v, m)
		if err != nil {
			return res, err
		}
		s.glances = append(s.glances, glanced{i, val})
	}
	slices.SortStableFunc(s.glances, func(a, b glanced) int { return cmp.Compare(b.val, a.val) })
	first := s.glances[0]
	res.Move, res.Score, res.Depth = moves[first.i], fogScore(first.val), 1
	// The look, best glanced first, within the budget. A decision cut
	// short by the budget is left out; ties between those looked at go
	// to the first in the seed's order, as they would in a complete look.
	s.limited = true
	best, bestAt := -2*fogWin, len(moves)
	for _, g := range s.glances {
		if s.stop = s.stop || s.spent(); s.stop {
			break
		}
		val, err := s.decision(v, moves[g.i], 1)
		if err != nil {
			return res, err
		}
		if s.stop {
			break
		}
		if val > best || val == best && g.i < bestAt {
			best, bestAt = val, g.i
		}
	}
	if bestAt < len(moves) {
		res.Move, res.Score, res.Depth = moves[bestAt], fogScore(best), 2
	}
	s.limited = false
	res.Nodes = s.nodes
	return res, nil
}

// fogScore is the Result.Score of an expected value: rounded, and kept
// within ±MaxEval, since an expectation near a won game is a likely win,
// not a proven one.
func fogScore(val float64) int {
	return int(max(-MaxEval, min(MaxEval, math.Round(val))))
}

// glanced is the glance at a decision: its index among the decisions,
// and its value.
type glanced struct {
	i   int
	val float64
}

// play plays the decision m, with what it reveals, in v, and counts the
// view it reaches as visited; in the look it also checks the budget,
// and stops the look when it is spent.
func (s *FogSearcher) play(v brouillard.View, m brouillard.Move, r brouillard.Reveal) (brouillard.View, error) {
	s.nodes++
	if s.limited && !s.stop {
		s.stop = s.spent()
	}
	return v.Play(m, r)
}

// spent reports whether the look's budget is spent: Options.Nodes views
// visited, Options.Time gone or Options.Cancel closed.
func (s *FogSearcher) spent() bool {
	return s.opt.Nodes > 0 && s.nodes >= s.opt.Nodes || s.opt.interrupted(s.deadline)
}

// glance returns the value of the decision m in v without the replies:
// the average over the faces a hidden pawn turned over may show of
// FogEval after it, less, when the opponent is to move, what his Fou's
// jumps as the pawns stand threaten (see guard); a won or lost game
// counts as in the look.
func (s *FogSearcher) glance(v brouillard.View, m brouillard.Move) (float64, error) {
	return s.expected(v, m, func(w brouillard.View) (float64, error) { return s.static(w), nil })
}

// expected returns the value of the decision m in v, value scoring the
// view it leads to: the average over the faces a hidden pawn turned over
// may show, each as likely as the pawns still unseen make it. It stops
// at value's error, or when the look's budget is spent (the value then
// means nothing).
func (s *FogSearcher) expected(v brouillard.View, m brouillard.Move, value func(brouillard.View) (float64, error)) (float64, error) {
	total := 0.0
	err := s.faces(v, m, func(w brouillard.View, chance float64) (bool, error) {
		val, err := value(w)
		total += chance * val
		return !s.stop, err
	})
	if err != nil || s.stop {
		return 0, err
	}
	return total, nil
}

// faces plays the decision m in v under every face a hidden pawn it
// turns over may show, and calls visit with the view reached and that
// face's chance (the pawns still unseen make it); a decision that turns
// over no hidden pawn is played once, with chance 1. It stops at the
// first error, or when visit says no more.
func (s *FogSearcher) faces(v brouillard.View, m brouillard.Move, visit func(w brouillard.View, chance float64) (more bool, err error)) error {
	if sq, ok := m.TurnedSquare(); ok {
		if _, k, _, _ := v.Pawn(sq); k == brouillard.Hidden {
			target, _ := v.Target(s.me)
			faces := v.Unseen()
			n := 0
			for _, c := range faces {
				n += c
			}
			for k, c := range faces {
				if c == 0 {
					continue
				}
				kind := brouillard.Kind(k)
				w, err := s.play(v, m, brouillard.Reveal{Turned: true, Square: sq, Kind: kind, Captured: kind == target})
				if err != nil {
					return fmt.Errorf("players: %s in %s: %w", m, v, err)
				}
				if more, err := visit(w, float64(c)/float64(n)); err != nil || !more {
					return err
				}
			}
			return nil
		}
	}
	w, err := s.play(v, m, knownReveal(v, m))
	if err != nil {
		return fmt.Errorf("players: %s in %s: %w", m, v, err)
	}
	_, err = visit(w, 1)
	return err
}

// static scores w, reached by a decision of the FogSearcher's side, for
// the glance.
func (s *FogSearcher) static(w brouillard.View) float64 {
	if o := w.Outcome(); o.Over {
		if o.Winner == s.me {
			return fogWin - 1
		}
		return -fogWin + 1
	}
	v := FogEval(w, s.me)
	if w.ToMove() != s.me {
		v -= s.guard(w)
	}
	return v
}

// guard returns what the opponent, to move in w, may take from the
// FogSearcher's side with a Fou move as the pawns stand (fouReach): its
// target, with the chance threat gives it, and what one more of its
// faces shown is worth.
func (s *FogSearcher) guard(w brouillard.View) float64 {
	opp := s.me.Other()
	reach := fouReach(w, opp)
	unseen := unseenBy(w, reach)
	lost := 0.0
	if unseen != 0 {
		lost = revealValue
	}
	tk, ok := w.Target(opp)
	if !ok {
		return lost
	}
	tsq, known := figureSquare(w, s.me, tk)
	if !reach.Has(tsq) {
		return lost
	}
	chance := 1.0
	if !known {
		chance = fogGuard + (1-fogGuard)/float64(unseen.Count())
	}
	if tk == brouillard.King {
		return lost + chance*fogWin
	}
	return lost + chance*figureValue
}

// winNow returns a decision among moves, the decisions of v, that wins
// at once whatever the hidden faces (see winsAtOnce), chosen by the seed
// among those that do; ok is false when none does.
func (s *FogSearcher) winNow(v brouillard.View, moves []brouillard.Move) (m brouillard.Move, ok bool, err error) {
	for _, m := range moves {
		if ok, err = s.winsAtOnce(v, m); err != nil || ok {
			break
		}
	}
	if !ok {
		return m, false, err
	}
	// Ties between winning decisions go to the seed, as every tie: the
	// generator is drawn from only when the game ends here.
	s.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	for _, m := range moves {
		if ok, err = s.winsAtOnce(v, m); err != nil || ok {
			return m, ok, err
		}
	}
	return m, false, err
}

// winsAtOnce reports whether the decision m of the viewer of v wins the
// game at once whatever the faces the viewer has not seen: by the King's
// capture (B5) or by leaving the opponent without a legal decision (G6),
// under every face a hidden pawn it turns over may show.
func (s *FogSearcher) winsAtOnce(v brouillard.View, m brouillard.Move) (bool, error) {
	won := true
	err := s.faces(v, m, func(w brouillard.View, _ float64) (bool, error) {
		o := w.Outcome()
		won = o.Over && o.Winner == s.me
		return won, nil
	})
	return won && err == nil, err
}

// targetKnown reports whether side knows where its target stands in v:
// the target was turned over earlier (B8).
func targetKnown(v brouillard.View, side hops.Side) bool {
	tk, ok := v.Target(side)
	if !ok {
		return false
	}
	_, known := figureSquare(v, side.Other(), tk)
	return known
}

// buffer returns the move buffer of level ply filled with v's moves.
func (s *FogSearcher) buffer(ply int, v brouillard.View) []brouillard.Move {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
	}
	s.bufs[ply] = v.AppendMoves(s.bufs[ply][:0])
	return s.bufs[ply]
}

// decision returns the expected value, for the Searcher's side, of its
// decision m in v: the average over the faces a hidden pawn turned over
// may show.
func (s *FogSearcher) decision(v brouillard.View, m brouillard.Move, ply int) (float64, error) {
	return s.expected(v, m, func(w brouillard.View) (float64, error) { return s.after(w, ply) })
}

// after returns the value of w, reached by a decision of the Searcher's
// side: the best next decision when the turn goes on after a capture,
// else the value of the opponent's reply.
func (s *FogSearcher) after(w brouillard.View, ply int) (float64, error) {
	if s.stop {
		return 0, nil // out of budget: the value means nothing
	}
	if o := w.Outcome(); o.Over {
		if o.Winner == s.me {
			return fogWin - float64(ply), nil
		}
		return -fogWin + float64(ply), nil
	}
	if w.ToMove() == s.me {
		best := -2 * fogWin
		for _, m := range s.buffer(ply, w) {
			val, err := s.decision(w, m, ply+1)
			if err != nil || s.stop {
				return 0, err
			}
			best = max(best, val)
		}
		return best, nil
	}
	return s.reply(w, ply), nil
}

// reply scores w, where the opponent is to move: a lost game if he can
// leave us without a decision, else FogEval less what his reply may
// capture and what it may show him.
func (s *FogSearcher) reply(w brouillard.View, ply int) float64 {
	moves := s.buffer(ply, w)
	if len(moves) == 0 {
		return fogWin - float64(ply) // G6: he cannot move and loses
	}
	if s.canStall(w, moves) {
		return -fogWin + float64(ply)
	}
	if s.stop {
		return 0
	}
	reach := turnable(moves)
	v := FogEval(w, s.me) - s.threat(w, moves, reach, ply)
	if unseenBy(w, reach) != 0 {
		v -= revealValue // he sees one more of our faces
	}
	return v
}

// turnable returns the squares of the pawns that the decisions moves
// turn over.
func turnable(moves []brouillard.Move) hops.Bitboard {
	var b hops.Bitboard
	for _, m := range moves {
		if sq, ok := m.TurnedSquare(); ok {
			b = b.With(sq)
		}
	}
	return b
}

// unseenBy returns the pawns among set that were never turned over, whose
// faces the player who does not own them has not seen.
func unseenBy(v brouillard.View, set hops.Bitboard) hops.Bitboard {
	for sq := range set.Squares() {
		if _, _, turned, _ := v.Pawn(sq); turned {
			set = set.Without(sq)
		}
	}
	return set
}

// canStall reports whether the opponent, to move in w with decisions
// moves, can leave the FogSearcher's side without a legal decision (G6):
// its Fou in a corner, whose one diagonal neighbour his Fou takes, with no
// jump left to make.
func (s *FogSearcher) canStall(w brouillard.View, moves []brouillard.Move) bool {
	// The diagonal neighbours of a dark square are its dark neighbours.
	exits := hops.Board7.Neighbours(w.Fou(s.me)) & hops.Board7.Dark()
	if exits.Count() != 1 {
		return false // he blocks one diagonal step at most
	}
	exit := exits.First()
	for _, m := range moves {
		if m.Fou().To() != exit {
			continue
		}
		c, err := s.play(w, m, knownReveal(w, m))
		if s.stop {
			return false
		}
		if err == nil && c.ToMove() == s.me && c.CountMoves() == 0 {
			return true
		}
	}
	return false
}

// threat returns what the opponent, to move in w with decisions moves
// that turn over the pawns of reach, may capture at once: his target, if
// he can turn it over, with the chance that he does (see fogGuard), and
// then, as the turn goes on after a capture (B9), his next targets the
// same way. The King's capture counts as the game.
func (s *FogSearcher) threat(w brouillard.View, moves []brouillard.Move, reach hops.Bitboard, ply int) float64 {
	opp := s.me.Other()
	tk, ok := w.Target(opp)
	if !ok {
		return 0
	}
	tsq, known := figureSquare(w, s.me, tk)
	if !reach.Has(tsq) {
		return 0
	}
	chance := 1.0
	if !known {
		chance = fogGuard + (1-fogGuard)/float64(unseenBy(w, reach).Count())
	}
	if tk == brouillard.King {
		return chance * fogWin
	}
	// He captures: the worst of his ways to do it, for what follows.
	worst := 0.0
	for _, m := range moves {
		if sq, ok := m.TurnedSquare(); !ok || sq != tsq {
			continue
		}
		c, err := s.play(w, m, brouillard.Reveal{Turned: true, Square: tsq, Kind: tk, Captured: true})
		if s.stop {
			return 0
		}
		if err != nil || c.ToMove() != opp {
			continue // the turn ends when the Fou cannot move again (B9)
		}
		next := s.buffer(ply+1, c)
		worst = max(worst, s.threat(c, next, turnable(next), ply+1))
		if s.stop {
			return 0
		}
	}
	return chance * (figureValue + worst)
}

// FogEval scores a Brouillard view for its viewer, side, from what the
// view holds and what each player knows (B4), adding for each side and
// subtracting for the other:
//   - 1000 a figure captured (B5);
//   - the side's chance of capturing at its next turn, as things stand:
//     if its Fou can reach by jumps a pawn that may be its target, half
//     (the other side moves first) of the chance that it is (1 for a
//     target turned over earlier, else one in the number of opposing
//     pawns the side has not seen) times 1000, or 4000 for the King;
//   - what the side knows: 120 for each opposing face it has seen,
//     since each brings it closer to knowing where its target stands,
//     and 150 for each figure after the target whose square it knows;
//   - 10 a king step from its Fou to the nearest pawn that may be its
//     target, taken off.
//
// It plays no move; FogSearcher adds the opponent's reply.
func FogEval(v brouillard.View, side hops.Side) float64 {
	return prospects(v, side) - prospects(v, side.Other())
}

// prospects scores side's captures and its chances at the next ones in
// v, from what side knows.
func prospects(v brouillard.View, side hops.Side) float64 {
	opp := side.Other()
	val := figureValue * float64(v.Captured(side))
	tk, ok := v.Target(side)
	if !ok {
		return val
	}
	// The pawns that may be side's target, as side knows them: the
	// target itself if it has been turned over, else every opposing pawn
	// side has not seen.
	unseen := unseenBy(v, v.Pawns(opp))
	candidates := unseen
	if tsq, known := figureSquare(v, opp, tk); known {
		candidates = tsq.Bit()
	}
	n := candidates.Count()
	if n == 0 {
		return val
	}
	stake := figureValue
	if tk == brouillard.King {
		stake = 4 * figureValue
	}
	chance := 1 / float64(n)
	reach := fouReach(v, side)
	if reach&candidates != 0 {
		val += 0.5 * chance * stake
	}
	seen := v.Captured(side) + v.Pawns(opp).Count() - unseen.Count()
	val += revealValue * float64(seen)
	// The figures after the target that side has seen.
	for k := tk + 1; k <= brouillard.King; k++ {
		if _, seen := figureSquare(v, opp, k); seen {
			val += 0.15 * figureValue
		}
	}
	d := 10
	fou := v.Fou(side)
	for sq := range candidates.Squares() {
		d = min(d, distance(fou, sq))
	}
	return val - 10*float64(d)
}

// figureSquare returns the square of side's pawn of kind k, and whether
// it stands there face up (turned over, so known to both players). A
// View knows the faces of its viewer's pawns: for them the square is
// found whether turned over or not, but known says whether the other
// player knows it. It returns hops.NoSquare when no such pawn is seen.
func figureSquare(v brouillard.View, side hops.Side, k brouillard.Kind) (hops.Square, bool) {
	for sq := range v.Pawns(side).Squares() {
		if _, kind, turned, _ := v.Pawn(sq); kind == k {
			return sq, turned
		}
	}
	return hops.NoSquare, false
}

// fouReach returns the opposing pawns side's Fou could turn over by the
// last jump of a Fou move in v as the pawns stand (a pawn move first may
// open more): the pawns next to a square the Fou reaches by jumps, with
// an empty dark square beyond.
func fouReach(v brouillard.View, side hops.Side) hops.Bitboard {
	pawns := v.Pawns(hops.First) | v.Pawns(hops.Second)
	other := v.Fou(side.Other())
	start := v.Fou(side)
	seen := start.Bit()
	queue := [25]hops.Square{start}
	var turnable hops.Bitboard
	for i, n := 0, 1; i < n; i++ {
		for _, d := range [4]hops.Dir{hops.North, hops.East, hops.South, hops.West} {
			over, b := hops.Board7.Step(queue[i], d), hops.Board7.JumpTarget(queue[i], d)
			if b == hops.NoSquare || !pawns.Has(over) || b == other {
				continue
			}
			turnable = turnable.With(over)
			if !seen.Has(b) {
				seen = seen.With(b)
				queue[n] = b
				n++
			}
		}
	}
	return turnable & v.Pawns(side.Other())
}

// knownReveal returns the reveal of a decision m in v that turns over no
// pawn whose face the viewer ignores: nothing, or a pawn the viewer knows
// (one of its own, or one turned over before).
func knownReveal(v brouillard.View, m brouillard.Move) brouillard.Reveal {
	sq, ok := m.TurnedSquare()
	if !ok {
		return brouillard.Reveal{}
	}
	_, k, turned, _ := v.Pawn(sq)
	mover := v.ToMove()
	target, _ := v.Target(mover)
	if turned && k != target {
		return brouillard.Reveal{} // changes nothing (G9)
	}
	return brouillard.Reveal{Turned: true, Square: sq, Kind: k, Captured: k == target}
}
