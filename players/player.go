// Package players holds computer players written once against the
// generic interface hops.Position, so that each of them plays all four
// games of the series, and a user's own game or evaluation too:
//   - Random plays any legal move;
//   - Searcher, alpha-beta with iterative deepening, a transposition
//     table, killer and history move ordering and the game's Tactics
//     (which moves win, which force the play), under a node or time
//     budget and reproducible under a seed; it never misses a win in one
//     and never lets the opponent win at once when a move prevents it;
//   - MCTS, Monte Carlo tree search (UCT with short guided playouts);
//   - Baseline, the first searcher, kept as the yardstick of the
//     strength ladder in the tests.
//
// A game with hidden pieces (Brouillard au Palais) is played from what
// each player sees (B4), by construction: given a true position, every
// player looks at it only through the view of its side to move. Random
// needs only the legal moves, which are public; Searcher, Baseline and
// MCTS search positions drawn from the view (SearchSampled), never the
// position they are given, so that all the true positions that share a
// view get the same move for the same seed. The player New builds for
// Brouillard's kind "search" is FogSearcher, which does better: while
// the targets are unknown it weighs each shot at a hidden pawn by its
// chance of finding the target and by what it shows, and guards its own
// target; once a target is known it searches sampled positions. Only
// Searcher.SearchOmniscient reads the hidden faces: it cheats, and is
// there to analyse games, not to play them. A player's seed must be as
// secret as its pawns: an opponent who knows it can replay the player
// under each setup he cannot see and keep those under which it makes the
// moves it made.
//
// A player keeps working memory between its moves: its random generator
// and, for the searching players, its tables. It is not safe for
// concurrent use; give each goroutine its own (New builds a new one at
// every call). Its moves are reproducible: a new player built with the
// same Options (the same seed), shown the same positions in the same
// order, makes the same moves; a player that has moved before goes on
// from where its generator and tables stand, so asking it twice about
// one position may give two moves.
//
// The players are typed (Random[P, M], Searcher[P, M] ...); Erase turns
// one into an Agent, which works on hops.State values and move texts, for
// programs that handle every game alike. New builds the player of a given
// kind for any game of the games package, with the evaluation
// (ZapitaEval, CatchitEval, CoirEval, BrouillardEval) and the tactics
// (ZapitaTactics ...) this package provides for it. ChooseView asks an
// Agent for a move from a player's games.View, for a client that knows
// only what its side sees.
package players

import (
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Agent chooses moves in a game handled as text: given the state of the
// game, with the agent's side to move, it returns the text of a legal
// move. The agents of New and Erase hold their player, which is not safe
// for concurrent use (see the package documentation): one per goroutine.
type Agent interface {
	Choose(s hops.State) (string, error)
}

// Player chooses a move in a position of a game with position type P and
// move type M.
type Player[P hops.Position[P, M], M hops.Move] interface {
	Move(p P) (M, error)
}

// ErrNoMove is returned by a player asked to move in a position that has no
// legal move (a finished game, G6). It is an *hops.Error of kind
// hops.ErrIllegal, so it has a JSON form like every error of the library.
// Every player returns this one value: test for it with errors.Is, and
// never change its fields (Error.In and hops.ErrorIn give a copy that
// says where).
var ErrNoMove error = hops.Errorf(hops.ErrIllegal, "G6", "players", "no legal move")

// Erase returns an Agent that plays the typed player pl on states whose
// Value is a P (a nil pl, or a nil pointer to one of this package's
// players, gives an Agent whose Choose says it has no player).
func Erase[P hops.Position[P, M], M hops.Move](pl Player[P, M]) Agent {
	return erased[P, M]{pl}
}

type erased[P hops.Position[P, M], M hops.Move] struct{ pl Player[P, M] }

func (e erased[P, M]) Choose(s hops.State) (string, error) {
	p, ok := hops.As[P](s)
	switch {
	case e.pl == nil:
		return "", hops.Errorf(hops.ErrSyntax, "", "players", "no player to choose with: Erase was given nil")
	case engine.NoState(s):
		return "", engine.ErrNoState()
	case !ok:
		return "", hops.Errorf(hops.ErrSyntax, "", "state", "a %s position is not a %T", s.Game(), p)
	}
	m, err := e.pl.Move(p)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// AgentFunc adapts a function to the Agent interface.
type AgentFunc func(s hops.State) (string, error)

// Choose calls f; a nil f chooses nothing and says so.
func (f AgentFunc) Choose(s hops.State) (string, error) {
	if f == nil {
		return "", hops.Errorf(hops.ErrSyntax, "", "players", "a nil AgentFunc chooses no move")
	}
	return f(s)
}

// Random plays a legal move chosen uniformly at random. Its choices depend
// only on its seed and on the legal moves of the positions it is shown,
// in order, which hidden pieces never change (a Brouillard position and
// its view have the same moves in the same order). It keeps its
// generator and a buffer of moves, and is not safe for concurrent use.
// The zero Random plays as NewRandom(0) does: it needs no table or
// evaluation, unlike the searching players, whose zero values refuse.
type Random[P hops.Position[P, M], M hops.Move] struct {
	rng  *rand.Rand
	buf  []M
	seed uint64
}

// zeroPlayer is the error of a searching player that was not built by
// its constructor: it has no evaluation, tables or generator to search
// with.
func zeroPlayer(name, constructor string) error {
	return hops.Errorf(hops.ErrSyntax, "", "players", "the zero %s is no player: build one with %s", name, constructor)
}

// nilPlayer is the error of a method called on a nil pointer to a
// player (a nil *Searcher, say, which Erase cannot tell from a player).
func nilPlayer(name, constructor string) error {
	return hops.Errorf(hops.ErrSyntax, "", "players", "a nil *%s is no player: build one with %s", name, constructor)
}

// notReady says why a searching player cannot search, nil when it can:
// it was not built by its constructor (no generator, rng nil), or its
// constructor was given a nil Eval (eval false).
func notReady(name, constructor string, rng *rand.Rand, eval bool) error {
	switch {
	case rng == nil:
		return zeroPlayer(name, constructor)
	case !eval:
		return hops.Errorf(hops.ErrSyntax, "", "players", "this %s has no evaluation: it was built with a nil Eval", name)
	}
	return nil
}

// errNoSampler answers a sampled search given a nil Sampler: a new value
// each time, since the caller may change the fields of an error he is
// given.
func errNoSampler() error {
	return hops.Errorf(hops.ErrSyntax, "", "players", "no Sampler to draw positions with (nil)")
}

// NewRandom returns a random player seeded with seed.
func NewRandom[P hops.Position[P, M], M hops.Move](seed uint64) *Random[P, M] {
	return &Random[P, M]{rng: newRand(seed), seed: seed}
}

// Move returns a random legal move of p, or ErrNoMove.
func (r *Random[P, M]) Move(p P) (M, error) {
	if r == nil {
		var zero M
		return zero, nilPlayer("Random", "NewRandom")
	}
	if r.rng == nil {
		r.rng = newRand(r.seed)
	}
	r.buf = p.AppendMoves(r.buf[:0])
	if len(r.buf) == 0 {
		var zero M
		return zero, ErrNoMove
	}
	return r.buf[r.rng.IntN(len(r.buf))], nil
}

// newRand returns the generator that all players use for a seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed_0f_4095))
}
