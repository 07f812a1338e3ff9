package players

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hopsgames/hops"
)

// Baseline is the first searching player of this package, kept unchanged
// as the yardstick that Searcher is measured against (see the strength
// ladder in the tests): negamax alpha-beta with iterative deepening, move
// ordering from the previous iteration at the root and from a
// transposition table keyed on Position.Hash below it, and a static
// evaluation at the horizon. It has no win-in-one check, no killer or
// history ordering and no quiescence. Games where a side may take
// several decisions in a row (Brouillard's extra Fou moves) are handled:
// the sign of a child's value flips only when the side to move changes.
//
// A Baseline keeps its table between searches and is not safe for
// concurrent use; use one per goroutine.
//
// The zero Baseline is no player: build one with NewBaseline; its searches
// return an *hops.Error of kind ErrSyntax that says so.
type Baseline[P hops.Position[P, M], M hops.Move] struct {
	eval Eval[P]
	opt  Options
	rng  *rand.Rand
	tt   []ttEntry[M]
	bufs [][]M
	root []M

	nodes    int
	pace     pace
	limited  bool // the budget applies (after the first iteration)
	stop     bool
	deadline time.Time
	horizon  bool // some leaf was cut by the depth limit in this iteration
	err      error
}

type ttEntry[M hops.Move] struct {
	key   uint64
	move  M
	score int32
	depth int16
	bound uint8 // boundExact, boundLower or boundUpper; 0 for an empty slot
	has   bool  // move is set
}

const (
	boundExact = 1 + iota
	boundLower
	boundUpper
)

// probe reads the entry for the position of hash h, to be searched depth
// plies deep between alpha and beta at ply plies from the root: the best
// move found there before (has says whether there is one), and, when the
// entry's score settles the search at once (an exact score, or a bound
// beyond the window, from a search at least as deep), that score.
func (e *ttEntry[M]) probe(h uint64, depth, alpha, beta, ply int) (move M, has bool, score int, settled bool) {
	if e.bound == 0 || e.key != h {
		return move, false, 0, false
	}
	move, has = e.move, e.has
	if int(e.depth) >= depth {
		score = fromTable(int(e.score), ply)
		settled = e.bound == boundExact || e.bound == boundLower && score >= beta || e.bound == boundUpper && score <= alpha
	}
	return move, has, score, settled
}

// store keeps in e the result of a search of the position of hash h
// (best, with move m, searched depth plies deep between alpha and beta
// at ply), unless e holds another position searched deeper.
func (e *ttEntry[M]) store(h uint64, m M, best, alpha, beta, depth, ply int) {
	bound := uint8(boundExact)
	switch {
	case best <= alpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	if e.bound == 0 || e.key != h || int(e.depth) <= depth {
		*e = ttEntry[M]{key: h, move: m, score: int32(toTable(best, ply)), depth: int16(depth), bound: bound, has: true}
	}
}

// NewBaseline returns a baseline searcher that evaluates positions with
// eval (with a nil eval, every search returns an error).
func NewBaseline[P hops.Position[P, M], M hops.Move](eval Eval[P], opt Options) *Baseline[P, M] {
	if opt.Nodes <= 0 && opt.Time <= 0 {
		opt.Nodes = DefaultNodes
	}
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = 64
	}
	if opt.TableBits <= 0 {
		opt.TableBits = 14
	}
	opt.TableBits = min(opt.TableBits, 24)
	opt.MaxDepth = min(opt.MaxDepth, maxDepth)
	return &Baseline[P, M]{
		eval: eval,
		opt:  opt,
		rng:  newRand(opt.Seed),
		tt:   make([]ttEntry[M], 1<<opt.TableBits),
	}
}

// Move returns the move Search chooses.
func (s *Baseline[P, M]) Move(p P) (M, error) {
	r, err := s.Search(p)
	return r.Move, err
}

// Search chooses a move for the side to move in p. A forced move (the
// only legal one) is returned at once, with Depth 0. It returns ErrNoMove
// if p has no legal move, and an error if a generated move fails to play
// (a bug in the game package). Like Searcher's, it looks at a position
// with hidden pieces only through the view of its side to move: it plays
// a decision that wins at once whatever the faces it cannot see when
// there is one, and otherwise searches positions drawn from the view.
func (s *Baseline[P, M]) Search(p P) (Result[M], error) {
	if s == nil {
		return Result[M]{}, nilPlayer("Baseline", "NewBaseline")
	}
	if sample, k, ok := hidden(p); ok {
		return searchHidden(p, s.rng, &s.opt, func() (Result[M], error) { return s.SearchSampled(sample, k) })
	}
	return s.search(p, s.opt.Nodes, deadlineIn(s.opt.Time))
}

// search searches p within a node budget (0: none) and until deadline
// (the zero time: none).
func (s *Baseline[P, M]) search(p P, budget int, deadline time.Time) (Result[M], error) {
	var res Result[M]
	if err := notReady("Baseline", "NewBaseline", s.rng, s.eval != nil); err != nil {
		return res, err
	}
	s.nodes, s.limited, s.stop, s.err = 0, false, false, nil
	s.deadline = deadline
	s.root = p.AppendMoves(s.root[:0])
	root := s.root
	if len(root) == 0 {
		return res, ErrNoMove
	}
	s.rng.Shuffle(len(root), func(i, j int) { root[i], root[j] = root[j], root[i] })
	res.Move = root[0]
	if len(root) == 1 {
		return res, nil
	}
	scores := make([]int, len(root))
	order := make([]int, len(root))
	side := p.ToMove()
	for depth := 1; depth <= s.opt.MaxDepth; depth++ {
		s.limited = depth > 1
		s.horizon = false
		alpha, best := -2*Win, -1
		for i, m := range root {
			v, ok := s.childValue(p, side, m, depth-1, alpha, 2*Win, 1, budget)
			if s.err != nil {
				return res, s.err
			}
			if !ok {
				break
			}
			scores[i] = v
			if v > alpha {
				alpha, best = v, i
			}
		}
		if best >= 0 {
			res.Move, res.Score, res.Depth = root[best], scores[best], depth
		}
		if s.stop || alpha >= Win-s.opt.MaxDepth || alpha <= -(Win-s.opt.MaxDepth) || !s.horizon {
			break // out of budget, a forced result, or the whole tree seen
		}
		// Order the next iteration by this one's scores, best first,
		// keeping the shuffled order between equals.
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return scores[b] - scores[a] })
		moves := slices.Clone(root)
		vals := slices.Clone(scores)
		for i, j := range order {
			root[i], scores[i] = moves[j], vals[j]
		}
	}
	res.Nodes = s.nodes
	return res, nil
}

// childValue plays m in p and returns the value of the result for side
// (the side to move in p), searched to depth with window (alpha, beta)
// for that side. ok is false if the search ran out of budget, in which
// case the value means nothing.
func (s *Baseline[P, M]) childValue(p P, side hops.Side, m M, depth, alpha, beta, ply, budget int) (v int, ok bool) {
	c, err := p.Play(m)
	if err != nil {
		s.err, s.stop = notPlayed(m, p, err), true
		return 0, false
	}
	if c.ToMove() == side {
		v = s.negamax(c, depth, alpha, beta, ply, budget)
	} else {
		v = -s.negamax(c, depth, -beta, -alpha, ply, budget)
	}
	return v, !s.stop
}

// negamax returns the value of q for the side to move in q.
func (s *Baseline[P, M]) negamax(q P, depth, alpha, beta, ply, budget int) int {
	s.nodes++
	if s.limited && !s.stop {
		if budget > 0 && s.nodes >= budget {
			s.stop = true
		} else if s.pace.due(s.nodes) && s.opt.interrupted(s.deadline) {
			s.stop = true
		}
	}
	if s.stop {
		return 0
	}
	side := q.ToMove()
	if o := q.Outcome(); o.Over {
		if o.Winner == side {
			return Win - ply
		}
		return -(Win - ply)
	}
	if depth <= 0 {
		s.horizon = true
		return max(-MaxEval, min(MaxEval, s.eval(q, side)))
	}

	h := q.Hash()
	e := &s.tt[h&uint64(len(s.tt)-1)]
	ttMove, hasTT, v, settled := e.probe(h, depth, alpha, beta, ply)
	if settled {
		return v
	}

	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
	}
	moves := q.AppendMoves(s.bufs[ply][:0])
	s.bufs[ply] = moves
	s.pace.moves += len(moves)
	if len(moves) == 0 { // G6: a player who cannot move loses
		return -(Win - ply)
	}
	if hasTT {
		if i := slices.Index(moves, ttMove); i > 0 {
			moves[0], moves[i] = moves[i], moves[0]
		}
	}
	best, bestMove, origAlpha := -2*Win, moves[0], alpha
	for _, m := range moves {
		v, ok := s.childValue(q, side, m, depth-1, alpha, beta, ply+1, budget)
		if !ok {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	e.store(h, bestMove, best, origAlpha, beta, depth, ply)
	return best
}

// SearchSampled chooses a move without seeing the hidden part of the game
// as the first searcher did: it draws k positions with sample, searches
// each with 1/k of the node budget, or of the time left, and returns the
// move that most of these searches chose (ties go to the higher total
// score, then to the move chosen first). Every drawn position must have
// the same legal moves as the true one, which holds when the moves
// depend only on what the player sees. The first iteration of each
// search completes whatever its share of the time, as Baseline's
// search does, but no search begins once Options.Time since the start
// is spent or Options.Cancel is closed: the whole keeps within
// Options.Time but for the first iteration of the search under way
// then (under a millisecond in Brouillard's positions of most moves).
// As Searcher's,
// Result.Score is the mean score of the searches that chose the move,
// each kept within ±MaxEval: a win found in drawn positions is not
// proven in the true one.
func (s *Baseline[P, M]) SearchSampled(sample Sampler[P], k int) (Result[M], error) {
	if s == nil {
		return Result[M]{}, nilPlayer("Baseline", "NewBaseline")
	}
	if err := notReady("Baseline", "NewBaseline", s.rng, s.eval != nil); err != nil {
		return Result[M]{}, err
	}
	if sample == nil {
		return Result[M]{}, errNoSampler()
	}
	k = max(k, 1)
	var votes ballot[M]
	var total Result[M]
	budget := 0
	if s.opt.Nodes > 0 {
		budget = max(s.opt.Nodes/k, 1)
	}
	end := deadlineIn(s.opt.Time)
	for i := range k {
		if i > 0 && s.opt.interrupted(end) {
			break // the time is spent or Cancel closed: the searches made vote
		}
		p, err := sample(s.rng)
		if err != nil {
			return total, err
		}
		var deadline time.Time
		if !end.IsZero() {
			deadline = time.Now().Add(time.Until(end) / time.Duration(k-i))
		}
		r, err := s.search(p, budget, deadline)
		if err != nil {
			return total, err
		}
		total.Nodes += s.nodes
		votes.add(r)
		total.Depth = max(total.Depth, r.Depth)
	}
	total.Move, total.Score = votes.winner()
	return total, nil
}
