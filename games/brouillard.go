package games

import (
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

func init() {
	e := typed[brouillard.Position, brouillard.Move](brouillard.Game)
	// brouillard.Game.Start is the example setup of B11, whose pawns
	// anyone can read: a new game draws both secret setups instead (B3).
	e.deal = func(first hops.Side, r *rand.Rand) (hops.State, error) {
		p, err := brouillard.NewPositionWith(brouillard.RandomArrangement(r), brouillard.RandomArrangement(r), first)
		if err != nil {
			return nil, err
		}
		return brouillard.Game.Parse(p.String())
	}
	e.view = func(s hops.State, side hops.Side) (View, error) {
		p, err := Value[brouillard.Position](s)
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
