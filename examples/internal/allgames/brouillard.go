package allgames

import (
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/examples/internal/player"
)

// brouillardSamples is the number of hidden states the searching player
// draws for each decision.
const brouillardSamples = 4

func init() {
	e := typed[brouillard.Position, brouillard.Move](brouillard.Game, brouillardEval)
	random := e.agent
	e.agent = func(kind string, opt player.Options) (player.Agent, error) {
		if kind == Random {
			return random(kind, opt) // the moves are public: the random player sees nothing hidden
		}
		return brouillardSearch{player.NewSearcher[brouillard.Position, brouillard.Move](brouillardEval, opt)}, nil
	}
	// brouillard.Game.Start is the example setup of B11, whose pawns
	// anyone can read: a new game draws both secret setups instead.
	e.deal = func(first hops.Side, r *rand.Rand) (hops.State, error) {
		p, err := brouillard.NewGameWith(brouillard.RandomArrangement(r), brouillard.RandomArrangement(r), first)
		if err != nil {
			return nil, err
		}
		return brouillard.Game.Parse(p.String())
	}
	e.view = func(s hops.State, side hops.Side) (View, error) {
		p, err := value[brouillard.Position](s)
		if err != nil {
			return View{}, err
		}
		v := p.View(side)
		out := View{Side: side, Text: v.String(), Diagram: v.Diagram(), Drawing: v.Drawing(), Moves: []string{}}
		for m := range v.Moves() {
			out.Moves = append(out.Moves, m.String())
		}
		out.Check = func(text string) error {
			m, err := brouillard.ParseMove(text)
			if err != nil {
				return err
			}
			return v.Validate(m)
		}
		return out, nil
	}
	register(e)
}

// brouillardSearch is the searching player of Brouillard. It looks at the
// state it is given only through the view of the side to move, draws
// hidden states consistent with that view, and plays the move most of the
// searches of those states prefer.
type brouillardSearch struct {
	s *player.Searcher[brouillard.Position, brouillard.Move]
}

func (b brouillardSearch) Choose(s hops.State) (string, error) {
	p, err := value[brouillard.Position](s)
	if err != nil {
		return "", err
	}
	v := p.View(p.ToMove())
	r, err := b.s.SearchSampled(func(r *rand.Rand) (brouillard.Position, error) { return v.Sample(r), nil }, brouillardSamples)
	if err != nil {
		return "", err
	}
	return r.Move.String(), nil
}

// brouillardEval scores a (sampled) Brouillard position by the figures
// each side has captured (B5), then by how close each Fou stands to the
// figure it must capture next.
func brouillardEval(p brouillard.Position, side hops.Side) int {
	opp := side.Other()
	v := 1000 * (p.Captured(side) - p.Captured(opp))
	v -= 10 * targetDistance(p, side)
	v += 10 * targetDistance(p, opp)
	return v
}

// targetDistance is the number of king steps from side's Fou to the
// opposing pawn it must capture next, or 0.
func targetDistance(p brouillard.Position, side hops.Side) int {
	t, ok := p.Target(side)
	if !ok {
		return 0
	}
	for sq := range p.Pawns(side.Other()).Squares() {
		if _, k, _, _ := p.Pawn(sq); k == t {
			return distance(p.Fou(side), sq)
		}
	}
	return 0
}
