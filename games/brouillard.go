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
		return brouillardView{p.View(side)}.wrap(), nil
	}
	e.parseView = func(text string, viewer hops.Side) (View, error) {
		v, err := brouillard.ParseView(text, viewer)
		if err != nil {
			return View{}, err
		}
		return brouillardView{v}.wrap(), nil
	}
	e.playReveal = func(s hops.State, move string) (hops.State, string, error) {
		p, err := Value[brouillard.Position](s)
		if err != nil {
			return nil, "", err
		}
		m, err := brouillard.ParseMove(move)
		if err != nil {
			return nil, "", err
		}
		next, r, err := p.PlayReveal(m)
		if err != nil {
			return nil, "", err
		}
		st, err := brouillard.Game.State(next)
		if err != nil {
			return nil, "", err
		}
		reveal := ""
		if r.Turned {
			reveal = r.String()
		}
		return st, reveal, nil
	}
	register(e)
}

// brouillardView is a brouillard.View behind a View.
type brouillardView struct{ v brouillard.View }

func (b brouillardView) wrap() View {
	out := View{Side: b.v.Viewer(), Text: b.v.String(), Diagram: b.v.Diagram(), Drawing: b.v.Drawing(),
		Moves: []string{}, Check: b.validate, game: brouillard.Game, impl: b}
	for m := range b.v.Moves() {
		out.Moves = append(out.Moves, m.String())
	}
	return out
}

func (b brouillardView) toMove() hops.Side     { return b.v.ToMove() }
func (b brouillardView) outcome() hops.Outcome { return b.v.Outcome() }
func (b brouillardView) hash() uint64          { return b.v.Hash() }

func (b brouillardView) validate(move string) error {
	m, err := brouillard.ParseMove(move)
	if err != nil {
		return err
	}
	return b.v.Validate(m)
}

func (b brouillardView) build(clicks []hops.Click) (hops.Built[string], error) {
	got, err := b.v.Build(clicks)
	if err != nil {
		return hops.Built[string]{}, err
	}
	return hops.BuiltText(got, brouillard.ParseMove), nil
}

func (b brouillardView) play(move, reveal string) (View, error) {
	m, err := brouillard.ParseMove(move)
	if err != nil {
		return View{}, err
	}
	var r brouillard.Reveal
	if reveal != "" {
		if r, err = brouillard.ParseReveal(reveal); err != nil {
			return View{}, err
		}
	}
	next, err := b.v.Play(m, r)
	if err != nil {
		return View{}, err
	}
	return brouillardView{next}.wrap(), nil
}
