package players

import (
	"math/rand/v2"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// hidden returns, when p is a position of a game with hidden pieces
// (Brouillard au Palais) that hides something from its side to move, a
// sampler of the true positions that side cannot tell from p (drawn from
// its view alone) and the number of them a searcher draws; ok is false
// when p hides nothing from the side to move, which may then be searched
// as it is.
//
// Every searching player goes through it before looking at a position,
// so that none can read what its side does not see (B4): their Search
// sees only the view, whatever true position it is given.
func hidden[P any](p P) (sample Sampler[P], k int, ok bool) {
	b, isB := any(p).(brouillard.Position)
	if !isB {
		return nil, 0, false
	}
	v := b.View(b.ToMove())
	if v.Consistent() <= 1 {
		return nil, 0, false // only p itself has this view
	}
	draw := Sampler[brouillard.Position](func(r *rand.Rand) (brouillard.Position, error) { return v.Sample(r), nil })
	return any(draw).(Sampler[P]), BrouillardSamples, true
}

// sureWin returns, when p is a position of a game with hidden pieces that
// hides something from its side to move (as hidden says), a decision of
// that side that wins at once whatever the faces it cannot see (B5, G6),
// found as the FogSearcher finds it, ties going to rng; and the views it
// visited. The searching players play it before they draw any position:
// in a drawn position a shot at a hidden pawn may win as surely as it,
// and a vote of drawn positions could prefer that guess.
func sureWin[P any, M any](p P, rng *rand.Rand) (m M, nodes int, won bool, err error) {
	b, isB := any(p).(brouillard.Position)
	if !isB || rng == nil {
		return m, 0, false, nil
	}
	v := b.View(b.ToMove())
	f := FogSearcher{rng: rng, me: v.Viewer()}
	w, won, err := f.winNow(v, v.AppendMoves(nil))
	if err != nil || !won {
		return m, f.nodes, false, err
	}
	return any(w).(M), f.nodes, true, nil
}

// searchHidden chooses a move in p, a position that hides something from
// its side to move: a sure win (see sureWin) when there is one, scored
// as proven (Win-1, Depth 1), else the move of search, which searches
// positions drawn from the view. The views sureWin visited count among
// the nodes, and they and its time come out of the budgets of opt (the
// player's Options) while search runs, as the FogSearcher's look at
// every decision comes out of its own.
func searchHidden[P any, M hops.Move](p P, rng *rand.Rand, opt *Options, search func() (Result[M], error)) (Result[M], error) {
	start := time.Now()
	m, nodes, won, err := sureWin[P, M](p, rng)
	if err != nil {
		return Result[M]{}, err
	}
	if won {
		return Result[M]{Move: m, Score: Win - 1, Depth: 1, Nodes: nodes}, nil
	}
	budget := *opt
	defer func() { opt.Nodes, opt.Time = budget.Nodes, budget.Time }()
	if opt.Nodes > 0 {
		opt.Nodes = max(opt.Nodes-nodes, 1)
	}
	if opt.Time > 0 {
		opt.Time = max(opt.Time-time.Since(start), 1)
	}
	res, err := search()
	res.Nodes += nodes
	return res, err
}
