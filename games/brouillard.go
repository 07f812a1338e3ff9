package games

import (
	"math/rand/v2"
	"sync"

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
	e.checkReveal = func(s hops.State, move, reveal string) error {
		p, err := Value[brouillard.Position](s)
		if err != nil {
			return err
		}
		m, err := brouillard.ParseMove(move)
		if err != nil {
			return err
		}
		return brouillard.CheckReveal(p, m, reveal)
	}
	register(e)
}

// brouillardView is a brouillard.View behind a View.
type brouillardView struct{ v brouillard.View }

func (b brouillardView) wrap() View { return View{game: brouillard.Game, impl: b} }

func (b brouillardView) viewer() hops.Side                    { return b.v.Viewer() }
func (b brouillardView) text() string                         { return b.v.String() }
func (b brouillardView) diagram() string                      { return b.v.Diagram() }
func (b brouillardView) toMove() hops.Side                    { return b.v.ToMove() }
func (b brouillardView) outcome() hops.Outcome                { return b.v.Outcome() }
func (b brouillardView) hash() uint64                         { return b.v.Hash() }
func (b brouillardView) countMoves() int                      { return b.v.CountMoves() }
func (b brouillardView) hasMoves() bool                       { return b.v.HasMoves() }
func (b brouillardView) key() hops.StateKey                   { return b.v.Key() }
func (b brouillardView) mirror() View                         { return brouillardView{b.v.Mirror()}.wrap() }
func (b brouillardView) at(sq hops.Square) (hops.Piece, bool) { return b.v.At(sq) }
func (b brouillardView) sample(r *rand.Rand) (hops.State, error) {
	return brouillard.Game.State(b.v.Sample(r))
}
func (b brouillardView) destinations(from hops.Square) hops.Bitboard {
	return b.v.Destinations(from)
}

func (b brouillardView) moves() []string {
	var out []string
	for m := range b.v.Moves() {
		out = append(out, m.String())
	}
	return out
}

// viewMoves holds the buffers a view's moves are generated into for a
// page, as a State's are (a page then allocates only its texts).
var viewMoves = sync.Pool{New: func() any { return new([]brouillard.Move) }}

func (b brouillardView) movesPage(offset, limit int) []string {
	buf := viewMoves.Get().(*[]brouillard.Move)
	defer viewMoves.Put(buf)
	*buf = b.v.AppendMoves((*buf)[:0])
	moves := (*buf)[min(max(offset, 0), len(*buf)):]
	out := make([]string, 0, min(limit, len(moves)))
	for _, m := range moves[:min(limit, len(moves))] {
		out = append(out, m.String())
	}
	return out
}

func (b brouillardView) drawing(move string) (hops.Drawing, error) {
	if move == "" {
		return b.v.Drawing(), nil
	}
	m, err := brouillard.ParseMove(move)
	if err != nil {
		return b.v.Drawing(), err
	}
	return b.v.Drawing(m), nil
}

func (b brouillardView) canonical(move string) (string, error) {
	m, err := brouillard.ParseMove(move)
	if err != nil {
		return "", err
	}
	c, err := b.v.Canonical(m)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

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
