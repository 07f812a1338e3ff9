package players

import (
	"slices"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// The kinds of player New builds.
const (
	KindRandom   = "random"   // plays a uniformly random legal move
	KindSearch   = "search"   // Searcher with the game's evaluation and tactics (FogSearcher for Brouillard)
	KindBaseline = "baseline" // Baseline with the first evaluations, kept to measure against
	KindMCTS     = "mcts"     // MCTS, Monte Carlo tree search
)

// Kinds returns the kinds of player New builds.
func Kinds() []string { return []string{KindRandom, KindSearch, KindBaseline, KindMCTS} }

// BrouillardSamples is the number of hidden states the searching players
// of Brouillard (Baseline, and FogSearcher once a target is known) draw
// from their view for each decision.
const BrouillardSamples = 4

// builders maps a game's short name to the function that builds its
// players.
var builders = map[string]func(kind string, opt Options) Agent{
	"zapita":     typed(ZapitaEval, firstZapitaEval, ZapitaTactics()),
	"catchit":    typed(CatchitEval, firstCatchitEval, CatchitTactics()),
	"coir":       typed(CoirEval, firstCoirEval, CoirTactics()),
	"brouillard": brouillardAgent,
}

// New returns a player of game g (one of the games of the games package)
// of the given kind (see Kinds), named in any case as games.ByName finds
// a game ("Search" is "search"). For the searching players opt sets the
// budget and the seed; the random player uses only opt.Seed. The
// searching players of a game with hidden pieces look only at their own
// view of the state they are given and sample the rest.
func New(g *hops.Game, kind string, opt Options) (Agent, error) {
	if g == nil {
		return nil, hops.Errorf(hops.ErrSyntax, "", "", "no game to play")
	}
	build, ok := builders[g.Name]
	if !ok {
		return nil, hops.Errorf(hops.ErrSyntax, "", "", "no player for the game %s", hops.Quote(g.Name))
	}
	kinds := Kinds()
	i := slices.IndexFunc(kinds, func(k string) bool { return strings.EqualFold(k, kind) })
	if i < 0 {
		return nil, hops.Errorf(hops.ErrSyntax, "", "", "unknown kind of player %s (want one of %s)", hops.Quote(kind), strings.Join(kinds, ", "))
	}
	return build(kinds[i], opt), nil
}

// typed returns the builder of a game whose whole state is public.
// Baseline players keep the first evaluation, first.
func typed[P hops.Position[P, M], M hops.Move](eval, first Eval[P], tac Tactics[P, M]) func(string, Options) Agent {
	return func(kind string, opt Options) Agent {
		switch kind {
		case KindRandom:
			return Erase[P, M](NewRandom[P, M](opt.Seed))
		case KindBaseline:
			return Erase[P, M](NewBaseline[P, M](first, opt))
		case KindMCTS:
			return Erase[P, M](NewMCTS(eval, tac, opt))
		}
		return Erase[P, M](NewTacticalSearcher(eval, tac, opt))
	}
}

type (
	bPos  = brouillard.Position
	bMove = brouillard.Move
)

// brouillardAgent builds the players of Brouillard au Palais: the
// searching one is a FogSearcher; the others are those of the other
// games, which look at a position with hidden pieces only through the
// view of the side to move (the random player needs only the legal
// moves, which are public).
func brouillardAgent(kind string, opt Options) Agent {
	if kind == KindSearch {
		return Erase[bPos, bMove](NewFogSearcher(opt))
	}
	return typed(BrouillardEval, firstBrouillardEval, BrouillardTactics())(kind, opt)
}
