package players

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hopsgames/hops"
)

// Settings of the Monte Carlo tree search.
const (
	// MCTSPlayout is the number of plies a playout plays before the
	// evaluation judges the position it reached.
	MCTSPlayout = 8
	// MCTSExplore is the exploration constant of UCT, for rewards
	// between 0 and 1.
	MCTSExplore = 0.7
	// MCTSMaxTree is the most nodes the tree may hold: a search that
	// reaches it ends there, whatever its budget, so that its memory
	// stays within about 75 MB (a node holds a move and its counts: 48
	// bytes in Coir, 72 in Brouillard). The tree grows by blocks and is
	// never copied. Coir's start reaches it in about 3 s.
	MCTSMaxTree = 1 << 20

	// mctsScale is the evaluation (in the evaluations' units, about 100
	// for a pawn or a rank) that makes a playout worth 73% of a win.
	mctsScale = 100
)

// MCTS is a player that chooses by Monte Carlo tree search: UCT over a
// tree grown one node per iteration, with short playouts (random moves,
// a little guided by the game's Tactics: a winning move is always taken
// and the forcing ones are favoured) judged by the evaluation where they
// stop. Like Searcher it plays a win in one at once and never a move that
// lets the opponent win at once when another move avoids it.
//
// For a game with hidden pieces, SearchSampled draws a new hidden state
// for every iteration and walks the one tree with it (a determinized
// search over the information the player has), so that its statistics
// average over what the player cannot see.
//
// The budget is Options.Nodes (positions played, in the tree and in the
// playouts) or Options.Time, and the search ends sooner when
// Options.Cancel is closed or its tree holds MCTSMaxTree nodes; Seed makes
// a search bounded by Nodes reproducible. An MCTS is not safe for
// concurrent use.
//
// The zero MCTS is no player: build one with NewMCTS; its searches
// return an *hops.Error of kind ErrSyntax that says so.
type MCTS[P hops.Position[P, M], M hops.Move] struct {
	eval Eval[P]
	tac  Tactics[P, M]
	opt  Options
	rng  *rand.Rand
	tree mtree[M]
	buf  []M
	root []M
	path []int32
	who  []hops.Side

	nodes    int
	deadline time.Time
	sampled  bool
}

// mtree holds the nodes of the tree in blocks of mtreeBlock nodes, so
// that it grows without moving a node: one array, copied whole to a
// larger one as it grew, cost tens of milliseconds past the search's time
// at its last copy (megabytes, into memory not yet touched). The blocks
// are kept from one search to the next. A node's children are numbered
// in a row, as if the tree were one array.
type mtree[M any] struct {
	blocks [][]mnode[M]
	n      int32
}

const (
	mtreeShift = 12
	mtreeBlock = 1 << mtreeShift
)

// at returns node i, which must be below len.
func (tr *mtree[M]) at(i int32) *mnode[M] { return &tr.blocks[i>>mtreeShift][i&(mtreeBlock-1)] }

// len returns the number of nodes.
func (tr *mtree[M]) len() int32 { return tr.n }

// reset empties the tree and keeps its blocks.
func (tr *mtree[M]) reset() { tr.n = 0 }

// push adds a node.
func (tr *mtree[M]) push(nd mnode[M]) {
	if int(tr.n>>mtreeShift) == len(tr.blocks) {
		tr.blocks = append(tr.blocks, make([]mnode[M], mtreeBlock))
	}
	*tr.at(tr.n) = nd
	tr.n++
}

// mnode is a node of the tree: the move that leads to it from its
// parent, its children (a range of the tree, made when it is first
// expanded), and the rewards of the side that made the move.
type mnode[M any] struct {
	move     M
	first, n int32 // children: tree[first : first+n]
	expanded bool
	visits   int32
	value    float64
}

// NewMCTS returns a Monte Carlo tree search player that judges playouts
// with eval and guides them with tac (with a nil eval, every search
// returns an error).
func NewMCTS[P hops.Position[P, M], M hops.Move](eval Eval[P], tac Tactics[P, M], opt Options) *MCTS[P, M] {
	if opt.Nodes <= 0 && opt.Time <= 0 {
		opt.Nodes = DefaultNodes
	}
	return &MCTS[P, M]{eval: eval, tac: tac.withDefaults(), opt: opt, rng: newRand(opt.Seed)}
}

// Move returns the move Search chooses.
func (t *MCTS[P, M]) Move(p P) (M, error) {
	r, err := t.Search(p)
	return r.Move, err
}

// Search chooses a move for the side to move in p: the root move visited
// most. Result.Score is its mean reward scaled to ±MaxEval, or Win-1
// when it plays a win in one, found before any iteration, as Searcher
// scores it; Depth is the deepest tree node reached. Like Searcher's, it
// looks at a position with hidden pieces only through the view of its
// side to move: it plays a decision that wins at once whatever the
// faces it cannot see when there is one, and otherwise every iteration
// draws a position from the view (see SearchSampled).
func (t *MCTS[P, M]) Search(p P) (Result[M], error) {
	if t == nil {
		return Result[M]{}, nilPlayer("MCTS", "NewMCTS")
	}
	if sample, _, ok := hidden(p); ok {
		return searchHidden(p, t.rng, &t.opt, func() (Result[M], error) { return t.SearchSampled(sample) })
	}
	t.sampled = false
	return t.run(func(*rand.Rand) (P, error) { return p, nil })
}

// SearchSampled chooses a move without seeing the hidden part of the
// game: every iteration walks the tree in a new position drawn with
// sample. Every drawn position must have the same legal moves as the
// true one. A move that wins at once in the first drawn position is
// not played on that account, as it may rest on the faces drawn (a
// shot at a hidden King): it is searched as every move, over the
// positions drawn.
func (t *MCTS[P, M]) SearchSampled(sample Sampler[P]) (Result[M], error) {
	if t == nil {
		return Result[M]{}, nilPlayer("MCTS", "NewMCTS")
	}
	t.sampled = true
	return t.run(sample)
}

func (t *MCTS[P, M]) run(sample Sampler[P]) (Result[M], error) {
	var res Result[M]
	if err := notReady("MCTS", "NewMCTS", t.rng, t.eval != nil); err != nil {
		return res, err
	}
	if sample == nil {
		return res, errNoSampler()
	}
	t.nodes = 0
	t.deadline = deadlineIn(t.opt.Time)
	p, err := sample(t.rng)
	if err != nil {
		return res, err
	}
	// The root's moves are made safe within half the time at most: in a
	// position of hundreds of moves, each with hundreds of replies, the
	// whole check can take longer than the search (70 ms in Catch'it).
	// The moves left unchecked are kept; choose checks the one played.
	half := deadlineIn(max(t.opt.Time/2, min(t.opt.Time, 1))) // 1 ns stays a limit
	// A win in a drawn position may rest on the hidden faces it guessed:
	// a sampled search takes no win before its iterations (Search took
	// the wins that hold whatever the faces), and searches it as any move.
	root, win, doomed, err := safeMoves(p, t.tac, t.root[:0], t.rng, !t.sampled, func() bool { return t.opt.interrupted(half) })
	t.root = root
	if err != nil || len(root) == 0 {
		return res, err
	}
	res.Move = root[0]
	if win || len(root) == 1 {
		if win {
			res.Score, res.Depth = Win-1, 1
		}
		return res, nil
	}
	t.tree.reset()
	t.tree.push(mnode[M]{})
	t.expand(0, root)
	for it := 0; ; it++ {
		if it > 0 {
			if t.opt.Nodes > 0 && t.nodes >= t.opt.Nodes {
				break
			}
			if t.opt.interrupted(t.deadline) || t.tree.len() >= MCTSMaxTree {
				break
			}
			if p, err = sample(t.rng); err != nil {
				return res, err
			}
		}
		d, err := t.iterate(p)
		if err != nil {
			return res, err
		}
		res.Depth = max(res.Depth, d)
	}
	best, err := t.choose(p, doomed)
	if err != nil {
		return res, err
	}
	b := t.tree.at(best)
	res.Move, res.Nodes = b.move, t.nodes
	if b.visits > 0 {
		res.Score = int((2*b.value/float64(b.visits) - 1) * MaxEval)
	}
	return res, nil
}

// choose returns the root's child to play: the most visited whose move
// does not let the opponent win at once in p, or the most visited when
// all of them do. The root's moves were chosen safe by the tactics' win
// detectors, which look for wins by the game's goal only; a win because
// the player is left without a legal move (G6) is looked for here, by
// playing the opponent's replies to the chosen move, since the tree,
// with many moves at each level, may not have met that reply. When every
// move was found to lose at once (doomed), it looks no further.
func (t *MCTS[P, M]) choose(p P, doomed bool) (int32, error) {
	r := t.tree.at(0)
	order := make([]int32, 0, r.n)
	for c := r.first; c < r.first+r.n; c++ {
		order = append(order, c)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(t.tree.at(b).visits, t.tree.at(a).visits) })
	if doomed {
		return order[0], nil
	}
	side := p.ToMove()
	for _, c := range order {
		q, err := p.Play(t.tree.at(c).move)
		if err != nil {
			return 0, notPlayed(t.tree.at(c).move, p, err)
		}
		lost, err := t.lostAtOnce(q, side)
		if err != nil {
			return 0, err
		}
		if !lost {
			return c, nil
		}
	}
	return order[0], nil
}

// lostAtOnce reports whether side, which has just moved to q, loses
// with the opponent's next decision there (by any rule, G6 included).
func (t *MCTS[P, M]) lostAtOnce(q P, side hops.Side) (bool, error) {
	if q.ToMove() == side || q.Outcome().Over {
		return false, nil // side's turn goes on, or the game ended
	}
	// No tactics: the replies are played, and every win counts.
	lost, buf, err := winsAtOnce(q, Tactics[P, M]{}, t.buf)
	t.buf = buf
	return lost, err
}

// expand gives node i one child per move, in the order given.
func (t *MCTS[P, M]) expand(i int32, moves []M) {
	first := t.tree.len()
	for _, m := range moves {
		t.tree.push(mnode[M]{move: m})
	}
	nd := t.tree.at(i)
	nd.first, nd.n, nd.expanded = first, int32(len(moves)), true
}

// iterate walks the tree from the root in position p, grows it by one
// node, plays out from there and backs the reward up. It returns the
// depth reached.
func (t *MCTS[P, M]) iterate(p P) (int, error) {
	t.path, t.who = append(t.path[:0], 0), t.who[:0]
	node, q := int32(0), p
	reward, done := 0.0, false
	for depth := 0; ; depth++ {
		if o := q.Outcome(); o.Over {
			reward, done = sideReward(o.Winner), true
			break
		}
		if !t.tree.at(node).expanded {
			if node != 0 {
				t.buf = q.AppendMoves(t.buf[:0])
				t.rng.Shuffle(len(t.buf), func(i, j int) { t.buf[i], t.buf[j] = t.buf[j], t.buf[i] })
				t.expand(node, t.buf)
			}
			if t.tree.at(node).n == 0 {
				reward, done = sideReward(q.ToMove().Other()), true
				break
			}
		}
		c, ok := t.selectChild(node, q)
		if !ok {
			break // no child is legal in this drawn position: play out from here
		}
		side := q.ToMove()
		next, err := q.Play(t.tree.at(c).move)
		if err != nil {
			return depth, notPlayed(t.tree.at(c).move, q, err)
		}
		t.nodes++
		t.path, t.who = append(t.path, c), append(t.who, side)
		node, q = c, next
		if t.tree.at(c).visits == 0 {
			break // a new node: play out from it
		}
	}
	if !done {
		var err error
		if reward, err = t.playout(q); err != nil {
			return 0, err
		}
	}
	for i, n := range t.path[1:] {
		r := reward
		if t.who[i] != hops.First {
			r = 1 - r
		}
		nd := t.tree.at(n)
		nd.visits++
		nd.value += r
	}
	t.tree.at(0).visits++
	return len(t.path) - 1, nil
}

// sideReward is the reward of the first side when side wins.
func sideReward(side hops.Side) float64 {
	if side == hops.First {
		return 1
	}
	return 0
}

// selectChild picks the child of node to follow by UCT: an unvisited
// child first, else the best upper confidence bound. In a drawn position
// a child whose move is not legal there is passed over.
func (t *MCTS[P, M]) selectChild(node int32, q P) (int32, bool) {
	nd := *t.tree.at(node)
	logN := math.Log(float64(nd.visits + 1))
	best, bestV := int32(-1), math.Inf(-1)
	for c := nd.first; c < nd.first+nd.n; c++ {
		ch := t.tree.at(c)
		if t.sampled && node != 0 && q.Validate(ch.move) != nil {
			continue
		}
		if ch.visits == 0 {
			return c, true
		}
		v := ch.value/float64(ch.visits) + MCTSExplore*math.Sqrt(logN/float64(ch.visits))
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best, best >= 0
}

// playout plays up to MCTSPlayout plies from q and returns the first
// side's reward: 1 or 0 for a finished game, else the evaluation mapped
// into (0, 1).
func (t *MCTS[P, M]) playout(q P) (float64, error) {
	for range MCTSPlayout {
		if o := q.Outcome(); o.Over {
			return sideReward(o.Winner), nil
		}
		side := q.ToMove()
		if t.tac.CanWinNow != nil && t.tac.MoveWins == nil && t.tac.CanWinNow(q) {
			return sideReward(side), nil
		}
		t.buf = q.AppendMoves(t.buf[:0])
		if len(t.buf) == 0 {
			return sideReward(side.Other()), nil
		}
		if t.tac.MoveWins != nil {
			for _, m := range t.buf {
				if t.tac.MoveWins(m) {
					return sideReward(side), nil
				}
			}
		}
		m := t.buf[t.rng.IntN(len(t.buf))]
		if t.tac.Priority != nil && t.rng.IntN(2) == 0 {
			// Favour the better of a few drawn moves.
			best := t.tac.Priority(q, m)
			for range 3 {
				n := t.buf[t.rng.IntN(len(t.buf))]
				if v := t.tac.Priority(q, n); v > best {
					m, best = n, v
				}
			}
		}
		next, err := q.Play(m)
		if err != nil {
			return 0, notPlayed(m, q, err)
		}
		t.nodes++
		q = next
	}
	if o := q.Outcome(); o.Over {
		return sideReward(o.Winner), nil
	}
	v := float64(max(-MaxEval, min(MaxEval, t.eval(q, hops.First))))
	return 1 / (1 + math.Exp(-v/mctsScale)), nil
}

// safeMoves returns the legal moves of p, shuffled with rng, appended to
// dst: only a winning move (win true) when p has one and takeWin is set,
// else the moves
// after which the opponent cannot win at once, or all of them when every
// move allows such a win (doomed true). Once stop says so, it checks no
// more moves and keeps those it has not checked.
func safeMoves[P hops.Position[P, M], M hops.Move](p P, tac Tactics[P, M], dst []M, rng *rand.Rand, takeWin bool, stop func() bool) (moves []M, win, doomed bool, err error) {
	moves = p.AppendMoves(dst)
	if len(moves) == 0 {
		return moves, false, false, ErrNoMove
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	side := p.ToMove()
	for i := 0; takeWin && i < len(moves); i++ {
		m := moves[i]
		c, err := p.Play(m)
		if err != nil {
			return moves, false, false, notPlayed(m, p, err)
		}
		if o := c.Outcome(); o.Over && o.Winner == side {
			moves[0], moves[i] = moves[i], moves[0]
			return moves[:1], true, false, nil
		}
	}
	var buf []M
	safe := 0
	for i, m := range moves {
		if i&15 == 15 && stop() {
			// Keep the rest unchecked.
			for j := i; j < len(moves); j++ {
				moves[safe], moves[j] = moves[j], moves[safe]
				safe++
			}
			break
		}
		c, _ := p.Play(m)
		if c.ToMove() != side {
			var lost bool
			if lost, buf, err = winsAtOnce(c, tac, buf); err != nil {
				return moves, false, false, err
			}
			if lost {
				continue
			}
		}
		moves[safe], moves[i] = moves[i], moves[safe]
		safe++
	}
	if safe == 0 {
		return moves, false, true, nil
	}
	return moves[:safe], false, false, nil
}

// winsAtOnce reports whether the side to move in q can win at once; buf
// is a buffer for q's moves, returned for reuse.
func winsAtOnce[P hops.Position[P, M], M hops.Move](q P, tac Tactics[P, M], buf []M) (bool, []M, error) {
	if tac.CanWinNow != nil {
		return tac.CanWinNow(q), buf, nil
	}
	buf = q.AppendMoves(buf[:0])
	side := q.ToMove()
	for _, m := range buf {
		if tac.MoveWins != nil {
			if tac.MoveWins(m) {
				return true, buf, nil
			}
			continue
		}
		c, err := q.Play(m)
		if err != nil {
			return false, buf, notPlayed(m, q, err)
		}
		if o := c.Outcome(); o.Over && o.Winner == side {
			return true, buf, nil
		}
	}
	return false, buf, nil
}
