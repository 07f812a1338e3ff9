package players

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Eval scores a position for one side: positive when the position is good
// for side, negative when it is bad, zero when it is even. Scores are
// clamped to ±MaxEval, below the scores of won and lost positions. An Eval
// is only called on positions whose game goes on.
type Eval[P any] func(p P, side hops.Side) int

// Scores of the search. A won position scores Win minus the number of
// plies to the win, so that the searcher prefers quick wins and slow
// losses; evaluations are kept within ±MaxEval.
const (
	Win     = 1 << 24
	MaxEval = Win / 2
)

// maxDepth bounds Options.MaxDepth: a win found within MaxDepth plies
// ends a search, told by a score within MaxDepth of Win, so that a
// MaxDepth near Win took every score for a win and stopped at depth 1.
const maxDepth = 1000

// DefaultNodes is the node budget of a searcher given neither a node nor a
// time budget.
const DefaultNodes = 5000

// Options configures a player. Searcher reads all of it and Baseline all
// but Quiescence; MCTS reads Nodes, Time, Seed and Cancel only (its tree
// has no depth bound and no table); Random reads Seed only; FogSearcher
// reads Nodes, Time, Seed and Cancel for its look at every decision and
// passes them all to the Searcher of its chases. A negative Nodes, Time,
// MaxDepth or TableBits counts as 0 (its default), TableBits above 24 as
// 24, and MaxDepth above 1000 as 1000 (math.MaxInt asks for no depth
// limit).
type Options struct {
	// Nodes is the budget of one search in visited positions. The first
	// iteration (depth 1) always completes, whatever the budget, so the
	// searcher never moves without looking at every move once; MCTS
	// ends the iteration under way (a few plies). In a game with hidden
	// pieces the views of the look for a win whatever the faces, made
	// first, come out of it. 0 means no node limit (or DefaultNodes if
	// Time is 0 too).
	Nodes int `json:"nodes"`
	// Time is the budget of one search in wall-clock time. A search
	// looks at the clock every 64 positions, and sooner once those it
	// visited since it last looked have generated 4,096 moves, so that
	// it stops within a position's work of its time (MCTS: between two
	// iterations). A search bounded by time is not reproducible; one
	// bounded by Nodes alone is, for a given Seed.
	Time time.Duration `json:"time"`
	// MaxDepth is the deepest iteration, in plies; 0 means 64.
	MaxDepth int `json:"max_depth"`
	// TableBits is the base-2 logarithm of the number of entries of the
	// transposition table; 0 means 14 (16384 entries).
	TableBits int `json:"table_bits"`
	// Quiescence is the number of plies of forcing moves (see Tactics)
	// that Searcher follows beyond the horizon, where it also checks
	// whether the side to move can win at once; 0 means the game's
	// Tactics.Quiescence, a negative number none: the horizon is then
	// the bare evaluation, which is cheap, so the search goes deeper in
	// the same time. Baseline ignores it.
	Quiescence int `json:"quiescence"`
	// Seed seeds the generator that breaks ties between equally good
	// moves at the root (and draws hidden states, see SearchSampled).
	Seed uint64 `json:"seed"`
	// Cancel, when it is closed, ends a search under way as soon as it
	// checks (as often as it checks Time) with the best move found so far:
	// the first iteration, which looks at every move once, still completes
	// (except Brouillard's FogSearcher's look at every decision, which it
	// cuts short: see FogSearcher). On WebAssembly, where goroutines
	// share one thread, the search lets the others run at each check, so
	// that Cancel can be closed there too. Pass a context's Done() to
	// stop a search with the context; nil never cancels. It has no place in the
	// options' JSON form, which leaves it out.
	Cancel <-chan struct{} `json:"-"`
}

// notPlayed is the error of a generated move m that does not play in p:
// a bug of the game package, reported rather than hidden.
func notPlayed(m, p any, err error) error {
	return fmt.Errorf("players: generated move %s does not play in %s: %w", m, p, err)
}

// deadlineIn returns the time d from now, or the zero time (no
// deadline) when d is not positive.
func deadlineIn(d time.Duration) time.Time {
	if d <= 0 {
		return time.Time{}
	}
	return time.Now().Add(d)
}

// A search looks at the clock and at Cancel every checkEvery positions
// it visits, and sooner once the positions visited since it last looked
// have generated checkMoves moves: a position of tens of thousands of
// moves (a Coir Dame's) takes milliseconds, and checkEvery of them would
// take the search far past its time.
const (
	checkEvery = 64
	checkMoves = 1 << 12
)

// pace counts the moves a search generated since it last looked at the
// clock.
type pace struct{ moves int }

// due reports whether a search that has visited nodes positions looks at
// the clock now, and if so starts counting again.
func (p *pace) due(nodes int) bool {
	if nodes%checkEvery != 0 && p.moves < checkMoves {
		return false
	}
	p.moves = 0
	return true
}

// interrupted reports whether a search must stop: deadline (unless
// zero) has passed, or Cancel is closed.
func (o *Options) interrupted(deadline time.Time) bool {
	if runtime.GOARCH == "wasm" {
		// WebAssembly runs every goroutine on one thread and never
		// preempts one: a search that did not yield here would keep the
		// goroutine that closes Cancel (and a page's event handlers)
		// from ever running.
		runtime.Gosched()
	}
	if o.Cancel != nil {
		select {
		case <-o.Cancel:
			return true
		default:
		}
	}
	return !deadline.IsZero() && time.Now().After(deadline)
}

// Result describes the outcome of a search. Nodes counts the positions
// the search proper visited: the look for a win at once that comes
// before it (Searcher and MCTS play each move for it) is not counted, so
// a win in one found there reports 0 nodes, as a position with a single
// legal move does; the players of a game with hidden pieces count the
// views they looked at for a sure win.
type Result[M hops.Move] struct {
	Move  M   `json:"move"`  // the move chosen
	Score int `json:"score"` // its value for the side to move, from the deepest iteration
	Depth int `json:"depth"` // the deepest iteration that searched the chosen move
	Nodes int `json:"nodes"` // the positions visited
}

// UnmarshalJSON reads the JSON form of a Result, its keys written exactly,
// each once and none missing, as a result has no defaults (see
// hops.DecodeJSON); a refused one leaves r as it was.
func (r *Result[M]) UnmarshalJSON(data []byte) error {
	type plain Result[M]
	return engine.DecodeComplete(data, (*plain)(r), "result")
}

// Tactics is what a searcher may know of a game beyond its rules and its
// evaluation: which moves win or force the play, to look at them first
// and to follow them past the horizon. The zero value knows nothing; the
// searcher then finds wins by playing the moves and checking Outcome.
type Tactics[P, M any] struct {
	// Priority rates move m of p before it is played, higher first: a
	// winning move highest, then forcing moves (a capture, the ball
	// taken, the bomb thrown), quiet moves 0.
	Priority func(p P, m M) int
	// Forcing is the lowest Priority of the moves that the quiescence
	// search follows beyond the horizon; 0 follows none.
	Forcing int
	// Quiescence is the number of plies of quiescence search a Searcher
	// makes when Options.Quiescence is 0: the depth that pays in the
	// game.
	Quiescence int
	// Key maps a move to a number that stands for it in the history
	// table (moves with equal keys share their history); nil leaves the
	// history heuristic out.
	Key func(m M) uint64
	// MoveWins reports, without playing it, whether a legal move wins at
	// once by the game's goal (Catch'it's ball leaving the board, Zapita's
	// bomb coming to rest on a headquarters).
	MoveWins func(m M) bool
	// CanWinNow reports whether the side to move in p has a move that
	// wins at once by the game's goal; it may be cheaper than looking at
	// every move (Brouillard: only when the King is the target).
	CanWinNow func(p P) bool
	// Decided settles, from a cheap look at p, who wins within a turn:
	// the side to move, which has a move winning at once, or its
	// opponent, who wins on the next move whatever the side to move
	// plays (Catch'it's carrier on its last rank, which no pawn can
	// jump). It may fail to settle (ok false) but must never be wrong.
	// A Searcher asks it at the horizon, where it replaces the
	// evaluation.
	Decided func(p P) (winner hops.Side, ok bool)
	// Breadth, when positive, makes the search selective where a
	// position has more moves than can all be searched deeply: in a
	// position two plies or more from the horizon it looks at the
	// Breadth best-ordered moves and at the forcing ones, and from the
	// third iteration on it searches the Breadth best moves of the
	// root only. 0 searches every move.
	Breadth int
}

// WinFinder is implemented by positions that tell cheaply whether the
// side to move can win at once. A Searcher or MCTS built without
// Tactics.CanWinNow uses it when the position type has it.
type WinFinder interface {
	CanWinNow() bool
}

// Winner is implemented by moves that tell, without being played,
// whether they win at once. A Searcher or MCTS built without
// Tactics.MoveWins uses it when the move type has it.
type Winner interface {
	Wins() bool
}

// withDefaults fills the win detectors from the optional interfaces of
// the position and move types when the game's tactics leave them out.
func (t Tactics[P, M]) withDefaults() Tactics[P, M] {
	var p P
	var m M
	if _, ok := any(p).(WinFinder); ok && t.CanWinNow == nil {
		t.CanWinNow = func(p P) bool { return any(p).(WinFinder).CanWinNow() }
	}
	if _, ok := any(m).(Winner); ok && t.MoveWins == nil {
		t.MoveWins = func(m M) bool { return any(m).(Winner).Wins() }
	}
	return t
}

// historySize is the number of slots of the history table.
const historySize = 1 << 14

// Searcher is a player that searches the game tree: negamax alpha-beta
// with iterative deepening under a node or time budget and a static
// evaluation at the horizon. On top of what Baseline does it
//   - plays a winning move at once when the position has one (found by
//     playing every move), and never a move after which the opponent
//     can win at once when another move avoids it: the chosen move is
//     checked after the search, and the next best ones if it fails;
//   - spots wins at once at every inner node of the tree from the moves
//     alone where the game's Tactics can (MoveWins), without playing them;
//   - orders moves by the transposition table's best move, the game's
//     Tactics (wins, then forcing moves), two killer moves a ply and the
//     history heuristic, so that alpha-beta cuts more and the same time
//     buys a deeper search; the table's move and the killers are tried
//     before the moves are generated, which a cut-off then spares;
//   - settles positions at the horizon where the game's Tactics.Decided
//     can, and searches selectively where Tactics.Breadth asks it to
//     (the best-ordered and the forcing moves only, away from the
//     horizon);
//   - may extend the horizon by a bounded quiescence search over the
//     game's forcing moves, where it also looks for wins at once
//     (Options.Quiescence plies, by default the game's
//     Tactics.Quiescence).
//
// Games where a side may take several decisions in a row (Brouillard's
// extra Fou moves) are handled: the sign of a child's value flips only
// when the side to move changes. In a game with hidden pieces it decides
// from the view of the side to move (see Search).
//
// A Searcher keeps its tables between searches and is not safe for
// concurrent use; use one per goroutine.
//
// The zero Searcher is no player: build one with NewSearcher; its searches
// return an *hops.Error of kind ErrSyntax that says so.
type Searcher[P hops.Position[P, M], M hops.Move] struct {
	eval  Eval[P]
	tac   Tactics[P, M]
	opt   Options
	rng   *rand.Rand
	tt    []ttEntry[M]
	bufs  [][]M
	keys  [][]int
	kill  [][2]killer[M]
	hist  []int32
	wbuf  []M
	root  []M
	score []int

	nodes    int
	pace     pace
	limited  bool // the budget applies (after the first iteration)
	stop     bool
	deadline time.Time
	horizon  bool // some leaf was cut by the depth limit in this iteration
	qdepth   int  // quiescence plies of this iteration
	err      error

	// cutFirst bounds the first iteration too, by firstEnd (unless
	// zero) and Cancel: SearchSampled's searches after the first.
	cutFirst bool
	firstEnd time.Time
	cut      bool // the first iteration was cut short
}

type killer[M any] struct {
	move M
	has  bool
}

// NewSearcher returns a searcher that evaluates positions with eval and
// knows nothing of the game's tactics beyond the optional WinFinder and
// Winner interfaces.
func NewSearcher[P hops.Position[P, M], M hops.Move](eval Eval[P], opt Options) *Searcher[P, M] {
	return NewTacticalSearcher(eval, Tactics[P, M]{}, opt)
}

// NewTacticalSearcher returns a searcher that evaluates positions with
// eval and orders and extends its search with the game's tactics. With a
// nil eval, as with NewSearcher's, every search returns an error.
func NewTacticalSearcher[P hops.Position[P, M], M hops.Move](eval Eval[P], tac Tactics[P, M], opt Options) *Searcher[P, M] {
	if opt.Nodes <= 0 && opt.Time <= 0 {
		opt.Nodes = DefaultNodes
	}
	if opt.MaxDepth <= 0 {
		opt.MaxDepth = 64
	}
	if opt.TableBits <= 0 {
		opt.TableBits = 14
	}
	switch {
	case opt.Quiescence == 0:
		opt.Quiescence = tac.Quiescence
	case opt.Quiescence < 0:
		opt.Quiescence = 0
	}
	opt.TableBits = min(opt.TableBits, 24)
	opt.MaxDepth = min(opt.MaxDepth, maxDepth)
	return &Searcher[P, M]{
		eval: eval,
		tac:  tac.withDefaults(),
		opt:  opt,
		rng:  newRand(opt.Seed),
		tt:   make([]ttEntry[M], 1<<opt.TableBits),
		hist: make([]int32, historySize),
	}
}

// Move returns the move Search chooses.
func (s *Searcher[P, M]) Move(p P) (M, error) {
	r, err := s.Search(p)
	return r.Move, err
}

// Search chooses a move for the side to move in p. A forced move (the
// only legal one) is returned at once, with Depth 0; a move that wins at
// once is returned with Depth 1. It returns ErrNoMove if p has no legal
// move, and an error if a generated move fails to play (a bug in the
// game package).
//
// In a game with hidden pieces Search looks at p only through the view
// of its side to move: given a true Brouillard position that hides
// opposing faces from that side, it plays a decision that wins at once
// whatever those faces (B5, G6) when there is one, found as the
// FogSearcher finds it, and otherwise searches BrouillardSamples
// positions drawn from the view (see SearchSampled), never p itself, so
// that the true positions that share a view get the same move. SearchOmniscient
// searches p as it is.
func (s *Searcher[P, M]) Search(p P) (Result[M], error) {
	if s == nil {
		return Result[M]{}, nilPlayer("Searcher", "NewSearcher")
	}
	if sample, k, ok := hidden(p); ok {
		return searchHidden(p, s.rng, &s.opt, func() (Result[M], error) { return s.SearchSampled(sample, k) })
	}
	return s.search(p, s.opt.Nodes, s.opt.Time)
}

// SearchOmniscient searches p exactly as it is given, reading every
// hidden piece of a game such as Brouillard au Palais, which the side to
// move cannot see (B4): it cheats, and is meant for analysis only (what
// would be best if everything were known), never for a player in a game.
// In a game without hidden pieces it is Search.
func (s *Searcher[P, M]) SearchOmniscient(p P) (Result[M], error) {
	if s == nil {
		return Result[M]{}, nilPlayer("Searcher", "NewSearcher")
	}
	return s.search(p, s.opt.Nodes, s.opt.Time)
}

func (s *Searcher[P, M]) search(p P, budget int, limit time.Duration) (Result[M], error) {
	var res Result[M]
	if err := notReady("Searcher", "NewSearcher", s.rng, s.eval != nil); err != nil {
		return res, err
	}
	s.nodes, s.limited, s.stop, s.err, s.cut = 0, false, false, nil, false
	s.deadline = deadlineIn(limit)
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
	side := p.ToMove()
	// A win at once ends the search: look for one exactly, by playing
	// every move, after the cheap look through MoveWins.
	if s.tac.MoveWins != nil {
		for _, m := range root {
			if s.tac.MoveWins(m) {
				res.Move, res.Score, res.Depth = m, Win-1, 1
				return res, nil
			}
		}
	}
	for _, m := range root {
		c, err := p.Play(m)
		if err != nil {
			return res, notPlayed(m, p, err)
		}
		if o := c.Outcome(); o.Over && o.Winner == side {
			res.Move, res.Score, res.Depth = m, Win-1, 1
			return res, nil
		}
	}
	// Order the first iteration by the game's tactics.
	if s.tac.Priority != nil {
		pri := make([]int, len(root))
		for i, m := range root {
			pri[i] = s.tac.Priority(p, m)
		}
		sortBy(root, pri)
	}
	s.score = slices.Grow(s.score[:0], len(root))[:len(root)]
	scores := s.score
	for depth := 1; depth <= s.opt.MaxDepth; depth++ {
		s.limited = depth > 1
		s.horizon = false
		// The first iteration looks at every move and at the
		// opponent's wins at once; the quiescence search comes in with
		// the second.
		s.qdepth = min(s.opt.Quiescence, depth-1)
		alpha, best := -2*Win, -1
		width := len(root)
		if s.tac.Breadth > 0 && depth >= 3 {
			width = s.keepBreadth(p, root, scores)
		}
		for i, m := range root[:width] {
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
		if depth == 1 && s.stop {
			// Cut short by cutFirst: the moves not searched have no
			// score, and the caller leaves the result out.
			s.cut = true
			res.Nodes = s.nodes
			return res, nil
		}
		if best >= 0 {
			res.Move, res.Score, res.Depth = root[best], scores[best], depth
		}
		if s.stop || alpha >= Win-s.opt.MaxDepth || alpha <= -(Win-s.opt.MaxDepth) || !s.horizon {
			break // out of budget, a forced result, or the whole tree seen
		}
		// Moves not searched in a cut iteration keep their old scores;
		// order the next iteration best first. Those left out by the
		// breadth keep their places behind.
		sortBy(root[:width], scores[:width])
	}
	res.Nodes = s.nodes
	// Never allow the opponent a win at once that another move avoids:
	// a search cut short may not have seen it. Check the chosen move,
	// and if it loses so, the next best ones.
	i := slices.Index(root, res.Move)
	scores[i] = 4 * Win
	sortBy(root, scores)
	for _, m := range root {
		c, err := p.Play(m)
		if err != nil {
			return res, notPlayed(m, p, err)
		}
		if c.ToMove() != side {
			lost, buf, err := winsAtOnce(c, s.tac, s.wbuf)
			s.wbuf = buf
			if err != nil {
				return res, err
			}
			if lost {
				continue
			}
		}
		if m != res.Move {
			res.Move, res.Score = m, scores[slices.Index(root, m)]
		}
		break
	}
	return res, nil
}

// keepBreadth brings to the front of the root's moves, in their order,
// the Breadth first ones and the forcing ones, with their scores, and
// returns how many there are: the moves a selective iteration searches.
func (s *Searcher[P, M]) keepBreadth(p P, root []M, scores []int) int {
	n := 0
	for i, m := range root {
		if i < s.tac.Breadth || s.tac.Priority != nil && s.tac.Forcing > 0 && s.tac.Priority(p, m) >= s.tac.Forcing {
			v := scores[i]
			copy(root[n+1:i+1], root[n:i])
			copy(scores[n+1:i+1], scores[n:i])
			root[n], scores[n] = m, v
			n++
		}
	}
	return n
}

// sortBy sorts moves by keys, highest first, stably, and keys with them.
func sortBy[M any](moves []M, keys []int) {
	idx := make([]int, len(moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return keys[b] - keys[a] })
	ms := slices.Clone(moves)
	ks := slices.Clone(keys)
	for i, j := range idx {
		moves[i], keys[i] = ms[j], ks[j]
	}
}

// childValue plays m in p and returns the value of the result for side
// (the side to move in p), searched to depth with window (alpha, beta)
// for that side. ok is false if the search ran out of budget, in which
// case the value means nothing. A negative depth asks for the quiescence
// search with -depth-1 plies left.
func (s *Searcher[P, M]) childValue(p P, side hops.Side, m M, depth, alpha, beta, ply, budget int) (v int, ok bool) {
	c, err := p.Play(m)
	if err != nil {
		s.err, s.stop = notPlayed(m, p, err), true
		return 0, false
	}
	return s.value(c, side, depth, alpha, beta, ply, budget)
}

// value returns the value of c, the position after a move of side,
// for side, searched to depth with window (alpha, beta) for that side.
func (s *Searcher[P, M]) value(c P, side hops.Side, depth, alpha, beta, ply, budget int) (v int, ok bool) {
	if c.ToMove() == side {
		v = s.negamax(c, depth, alpha, beta, ply, budget)
	} else {
		v = -s.negamax(c, depth, -beta, -alpha, ply, budget)
	}
	return v, !s.stop
}

// pvs is value with a principal variation search: once a move has set
// alpha (set), the others only have to be shown no better, which a null
// window does cheaply; one that proves better is searched again.
func (s *Searcher[P, M]) pvs(c P, side hops.Side, depth, alpha, beta, ply, budget int, set bool) (v int, ok bool) {
	if !set || beta-alpha <= 1 {
		return s.value(c, side, depth, alpha, beta, ply, budget)
	}
	v, ok = s.value(c, side, depth, alpha, alpha+1, ply, budget)
	if ok && v > alpha && v < beta {
		v, ok = s.value(c, side, depth, alpha, beta, ply, budget)
	}
	return v, ok
}

// tick counts a visited position and says whether the budget is spent.
func (s *Searcher[P, M]) tick(budget int) bool {
	s.nodes++
	if s.limited && !s.stop {
		if budget > 0 && s.nodes >= budget {
			s.stop = true
		} else if s.pace.due(s.nodes) && s.opt.interrupted(s.deadline) {
			s.stop = true
		}
	} else if s.cutFirst && !s.stop && s.pace.due(s.nodes) && s.opt.interrupted(s.firstEnd) {
		s.stop = true
	}
	return s.stop
}

// growPly makes room in the per-ply tables for ply.
func (s *Searcher[P, M]) growPly(ply int) {
	for len(s.bufs) <= ply {
		s.bufs = append(s.bufs, nil)
		s.keys = append(s.keys, nil)
		s.kill = append(s.kill, [2]killer[M]{})
	}
}

// moveBuffer returns the move buffer of ply, filled with q's moves.
func (s *Searcher[P, M]) moveBuffer(q P, ply int) []M {
	s.growPly(ply)
	moves := q.AppendMoves(s.bufs[ply][:0])
	s.bufs[ply] = moves
	s.pace.moves += len(moves)
	return moves
}

// winIndex returns the index of a move of q (whose moves are given) that
// wins at once, or -1.
func (s *Searcher[P, M]) winIndex(q P, moves []M) int {
	if s.tac.MoveWins != nil {
		for i, m := range moves {
			if s.tac.MoveWins(m) {
				return i
			}
		}
		return -1
	}
	if s.tac.CanWinNow != nil && !s.tac.CanWinNow(q) {
		return -1
	}
	side := q.ToMove()
	for i, m := range moves {
		c, err := q.Play(m)
		if err != nil {
			s.err, s.stop = notPlayed(m, q, err), true
			return -1
		}
		if o := c.Outcome(); o.Over && o.Winner == side {
			return i
		}
	}
	return -1
}

// negamax returns the value of q for the side to move in q. A negative
// depth means the quiescence search, with -depth-1 plies left.
func (s *Searcher[P, M]) negamax(q P, depth, alpha, beta, ply, budget int) int {
	if s.tick(budget) {
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
		if s.tac.Decided != nil {
			if w, ok := s.tac.Decided(q); ok && w == side {
				return Win - ply - 1
			} else if ok {
				return -(Win - ply - 2)
			}
		}
		if depth == 0 {
			if s.qdepth == 0 {
				return max(-MaxEval, min(MaxEval, s.eval(q, side)))
			}
			depth = -s.qdepth - 1
		}
		return s.quiesce(q, side, -depth-1, alpha, beta, ply, budget)
	}

	h := q.Hash()
	e := &s.tt[h&uint64(len(s.tt)-1)]
	ttMove, hasTT, v, settled := e.probe(h, depth, alpha, beta, ply)
	if settled {
		return v
	}

	best, origAlpha := -2*Win, alpha
	var bestMove M
	// The table's move and the killers of the ply often refute the
	// position by themselves: try them before generating the moves,
	// which costs more than the search of a move where a position has
	// hundreds of them (Catch'it, Coir).
	s.growPly(ply)
	var early [3]M
	n := 0
	if hasTT {
		early[n] = ttMove
		n++
	}
	for _, k := range s.kill[ply] {
		if k.has && (n == 0 || k.move != early[0]) {
			early[n] = k.move
			n++
		}
	}
	tried := 0 // the moves of early that are legal and were searched
	for _, m := range early[:n] {
		c, err := q.Play(m)
		if err != nil {
			continue // a killer from another position, or a hash clash
		}
		early[tried] = m
		tried++
		v, ok := s.pvs(c, side, depth-1, alpha, beta, ply+1, budget, best > -2*Win)
		if !ok {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					if !hasTT || m != ttMove {
						s.cutoff(q, m, ply, depth)
					}
					e.store(h, bestMove, best, origAlpha, beta, depth, ply)
					return best
				}
			}
		}
	}
	moves := s.moveBuffer(q, ply)
	if len(moves) == 0 { // G6: a player who cannot move loses
		return -(Win - ply)
	}
	if s.tac.MoveWins != nil {
		if i := s.winIndex(q, moves); i >= 0 {
			return Win - ply - 1
		}
	}
	if tried == 0 {
		bestMove = moves[0]
	}
	keys := s.orderKeys(q, moves, ply)
	ordered := true
	selective := s.tac.Breadth > 0 && depth >= 2
	for j := range moves {
		if ordered {
			ordered = pick(moves, keys, j)
		}
		m := moves[j]
		if slices.Contains(early[:tried], m) {
			continue // searched first
		}
		if selective && j >= s.tac.Breadth && keys[j] < s.tac.Forcing<<22 {
			continue // a late quiet move, left out
		}
		c, err := q.Play(m)
		if err != nil {
			s.err, s.stop = notPlayed(m, q, err), true
			return 0
		}
		v, ok := s.pvs(c, side, depth-1, alpha, beta, ply+1, budget, best > -2*Win)
		if !ok {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					s.cutoff(q, m, ply, depth)
					break
				}
			}
		}
	}
	e.store(h, bestMove, best, origAlpha, beta, depth, ply)
	return best
}

// quiesce returns the value of q, whose game goes on, for side (the side
// to move in q) at the horizon: a win if side can win at once, else the
// evaluation, or better if one of the forcing moves, followed for qd more
// plies, gains more.
func (s *Searcher[P, M]) quiesce(q P, side hops.Side, qd, alpha, beta, ply, budget int) int {
	var moves []M
	if s.tac.CanWinNow != nil && s.tac.MoveWins == nil {
		if s.tac.CanWinNow(q) {
			return Win - ply - 1
		}
	} else {
		moves = s.moveBuffer(q, ply)
		if len(moves) == 0 {
			return -(Win - ply)
		}
		if s.winIndex(q, moves) >= 0 {
			return Win - ply - 1
		}
		if s.stop {
			return 0
		}
	}
	stand := max(-MaxEval, min(MaxEval, s.eval(q, side)))
	if qd <= 0 || s.tac.Priority == nil || s.tac.Forcing <= 0 || stand >= beta {
		return stand
	}
	if moves == nil {
		moves = s.moveBuffer(q, ply)
	}
	// Keep the forcing moves only, best first.
	keys := s.keys[ply][:0]
	n := 0
	for _, m := range moves {
		if k := s.tac.Priority(q, m); k >= s.tac.Forcing {
			moves[n] = m
			keys = append(keys, k)
			n++
		}
	}
	s.keys[ply] = keys
	moves = moves[:n]
	alpha = max(alpha, stand)
	best := stand
	ordered := true
	for j := range moves {
		if ordered {
			ordered = pick(moves, keys, j)
		}
		v, ok := s.childValue(q, side, moves[j], -qd, alpha, beta, ply+1, budget)
		if !ok {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// orderKeys rates the moves of q at ply for move ordering: by the game's
// priority, then the killers of the ply and the history.
func (s *Searcher[P, M]) orderKeys(q P, moves []M, ply int) []int {
	keys := slices.Grow(s.keys[ply][:0], len(moves))[:len(moves)]
	s.keys[ply] = keys
	k := &s.kill[ply]
	for i, m := range moves {
		v := 0
		switch {
		case k[0].has && m == k[0].move:
			v = 1 << 21
		case k[1].has && m == k[1].move:
			v = 1 << 20
		}
		if s.tac.Priority != nil {
			v += s.tac.Priority(q, m) << 22
		}
		if s.tac.Key != nil {
			v += int(s.hist[historySlot(s.tac.Key(m))])
		}
		keys[i] = v
	}
	return keys
}

// pickLimit is the number of moves of a node that pick orders; the
// others follow in the generator's order. Cut-offs come from the first
// few moves, and ordering all of a node with hundreds of moves (Coir,
// Catch'it) would cost more than the search it saves.
const pickLimit = 8

// pick brings the best of moves[j:] (by keys) to j. It reports whether
// the later moves are worth ordering: not once pickLimit moves are
// ordered or no rated move is left.
func pick[M any](moves []M, keys []int, j int) bool {
	b := j
	for i := j + 1; i < len(keys); i++ {
		if keys[i] > keys[b] {
			b = i
		}
	}
	moves[j], moves[b] = moves[b], moves[j]
	keys[j], keys[b] = keys[b], keys[j]
	return j+1 < pickLimit && keys[j] > 0
}

// cutoff remembers a quiet move that refuted the position at ply, as a
// killer of the ply and in the history table.
func (s *Searcher[P, M]) cutoff(q P, m M, ply, depth int) {
	if s.tac.Priority != nil && s.tac.Forcing > 0 && s.tac.Priority(q, m) >= s.tac.Forcing {
		return
	}
	k := &s.kill[ply]
	if !k[0].has || k[0].move != m {
		k[1] = k[0]
		k[0] = killer[M]{move: m, has: true}
	}
	if s.tac.Key != nil {
		h := &s.hist[historySlot(s.tac.Key(m))]
		*h = min(*h+int32(depth*depth), 1<<19)
	}
}

// historySlot folds a move key into the history table.
func historySlot(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> (64 - 14))
}

// toTable and fromTable convert won and lost scores between "plies from
// the root" (in the search) and "plies from this position" (in the table).
func toTable(v, ply int) int {
	switch {
	case v > MaxEval:
		return v + ply
	case v < -MaxEval:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v > MaxEval:
		return v - ply
	case v < -MaxEval:
		return v + ply
	}
	return v
}

// Sampler draws, with the given generator, a full position consistent with
// what the player knows. Games with hidden pieces provide one (for
// Brouillard, from the player's view).
type Sampler[P any] func(r *rand.Rand) (P, error)

// SearchSampled chooses a move without seeing the hidden part of the game:
// it draws k positions with sample, searches each with 1/k of the node
// budget and its share of the time budget left, and returns the move
// that most of these searches chose (ties go to the higher total score,
// then to the move chosen first). Every drawn position must have the
// same legal moves as the true one, which holds when the moves depend
// only on what the player sees.
//
// The searches share Options.Time: the first iteration of the first
// search always completes, as a Searcher's does, but those of the
// others are cut once the time since SearchSampled began is spent or
// Options.Cancel is closed, and a search cut in its first iteration
// does not vote; no search begins after that. The whole keeps within
// Options.Time but for the first search's first iteration (under a
// millisecond in Brouillard's positions of most moves) and a check
// every 64 positions. Under Options.Nodes alone every search completes
// its first iteration, whatever its share, and the result is
// reproducible.
//
// Result.Score is the mean score of the searches that chose the move,
// each kept within ±MaxEval: a win or a loss found in drawn positions
// (a lucky shot at a hidden King, say) may not hold in the true one, so
// a sampled search never claims a proven result; a won position scores
// MaxEval at most.
func (s *Searcher[P, M]) SearchSampled(sample Sampler[P], k int) (Result[M], error) {
	if s == nil {
		return Result[M]{}, nilPlayer("Searcher", "NewSearcher")
	}
	if err := notReady("Searcher", "NewSearcher", s.rng, s.eval != nil); err != nil {
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
	defer func() { s.cutFirst = false }()
	for i := range k {
		if i > 0 && s.opt.interrupted(end) {
			break // the time is spent or Cancel closed: the searches made vote
		}
		p, err := sample(s.rng)
		if err != nil {
			return total, err
		}
		// Each search gets its share of the time left, so that what
		// a quick one leaves goes to the next. After the first, a
		// search is cut even in its first iteration once the whole
		// time is spent, and does not vote.
		var limit time.Duration
		if !end.IsZero() {
			limit = max(time.Until(end)/time.Duration(k-i), 1)
		}
		s.cutFirst, s.firstEnd = i > 0, end
		r, err := s.search(p, budget, limit)
		if err != nil {
			return total, err
		}
		total.Nodes += s.nodes
		if s.cut {
			break
		}
		votes.add(r)
		total.Depth = max(total.Depth, r.Depth)
	}
	total.Move, total.Score = votes.winner()
	return total, nil
}

// ballot counts the moves that the searches of drawn positions chose
// (SearchSampled): the move most chosen wins, ties going to the higher
// total score, then to the move chosen first. Each score is kept within
// ±MaxEval, since a win or a loss found in a drawn position (a lucky
// shot at a hidden King, say) is not proven in the true one.
type ballot[M hops.Move] struct {
	count map[M]*struct{ votes, score int }
	order []M // the moves in the order they were first chosen
}

// add counts the move a search chose and its score.
func (b *ballot[M]) add(r Result[M]) {
	t := b.count[r.Move]
	if t == nil {
		if b.count == nil {
			b.count = map[M]*struct{ votes, score int }{}
		}
		t = new(struct{ votes, score int })
		b.count[r.Move] = t
		b.order = append(b.order, r.Move)
	}
	t.votes++
	t.score += max(-MaxEval, min(MaxEval, r.Score))
}

// winner returns the winning move and its mean score; the zero move and
// 0 when no search voted.
func (b *ballot[M]) winner() (M, int) {
	if len(b.order) == 0 {
		var none M
		return none, 0
	}
	best := b.order[0]
	for _, m := range b.order[1:] {
		x, y := b.count[m], b.count[best]
		if x.votes > y.votes || x.votes == y.votes && x.score > y.score {
			best = m
		}
	}
	return best, b.count[best].score / b.count[best].votes
}

// UnmarshalJSON reads the JSON form of Options, its keys written exactly
// and each once (see hops.DecodeJSON), so that a misspelt budget is an
// error rather than a default; Time is a number of nanoseconds, as
// encoding/json writes a time.Duration. A key left out keeps what o
// held; a refused value leaves o as it was.
func (o *Options) UnmarshalJSON(data []byte) error {
	type plain Options
	return engine.DecodeOver(data, (*plain)(o), "options")
}
