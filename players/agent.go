package players

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// The kinds of player New builds.
const (
	KindRandom = "random" // plays a uniformly random legal move
	KindSearch = "search" // the searching player with the game's evaluation
)

// Kinds returns the kinds of player New builds.
func Kinds() []string { return []string{KindRandom, KindSearch} }

// BrouillardSamples is the number of hidden states the searching player
// of Brouillard draws from its view for each decision.
const BrouillardSamples = 4

// builders maps a game's short name to the function that builds its
// players.
var builders = map[string]func(kind string, opt Options) Agent{
	"zapita":     typed[zapita.Position, zapita.Move](ZapitaEval),
	"catchit":    typed[catchit.Position, catchit.Move](CatchitEval),
	"coir":       typed[coir.Position, coir.Move](CoirEval),
	"brouillard": brouillardAgent,
}

// New returns a player of game g (one of the games of the games
// package): kind KindRandom or KindSearch. For the searching player opt sets the
// budget and the seed; the random player uses only opt.Seed. The
// searching player of a game with hidden pieces looks only at its own
// view of the state it is given and samples the rest.
func New(g *hops.Game, kind string, opt Options) (Agent, error) {
	if g == nil {
		return nil, fmt.Errorf("players: no game")
	}
	build, ok := builders[g.Name]
	if !ok {
		return nil, fmt.Errorf("players: unknown game %q", g.Name)
	}
	if kind != KindRandom && kind != KindSearch {
		return nil, fmt.Errorf("players: unknown kind of player %q (want %s)", kind, strings.Join(Kinds(), " or "))
	}
	return build(kind, opt), nil
}

// typed returns the builder of a game whose whole state is public.
func typed[P hops.Position[P, M], M hops.Move](eval Eval[P]) func(string, Options) Agent {
	return func(kind string, opt Options) Agent {
		if kind == KindRandom {
			return Erase[P, M](NewRandom[P, M](opt.Seed))
		}
		return Erase[P, M](NewSearcher[P, M](eval, opt))
	}
}

// brouillardAgent builds the players of Brouillard au Palais. The random
// player sees nothing hidden (the legal moves are public); the searching
// player decides from its view alone.
func brouillardAgent(kind string, opt Options) Agent {
	if kind == KindRandom {
		return Erase[brouillard.Position, brouillard.Move](NewRandom[brouillard.Position, brouillard.Move](opt.Seed))
	}
	return brouillardSearch{NewSearcher[brouillard.Position, brouillard.Move](BrouillardEval, opt)}
}

// brouillardSearch is the searching player of Brouillard. It looks at the
// state it is given only through the view of the side to move, draws
// hidden states consistent with that view, and plays the move most of the
// searches of those states prefer.
type brouillardSearch struct {
	s *Searcher[brouillard.Position, brouillard.Move]
}

func (b brouillardSearch) Choose(s hops.State) (string, error) {
	p, ok := s.Value().(brouillard.Position)
	if !ok {
		return "", fmt.Errorf("players: a %s state is not a Brouillard position", s.Game())
	}
	v := p.View(p.ToMove())
	r, err := b.s.SearchSampled(func(r *rand.Rand) (brouillard.Position, error) { return v.Sample(r), nil }, BrouillardSamples)
	if err != nil {
		return "", err
	}
	return r.Move.String(), nil
}
