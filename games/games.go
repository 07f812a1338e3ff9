// Package games is the registry of the four games of the series: each
// game as a *hops.Game, found by its short name, so that a program can
// read any position, move or record text once it knows the game's name
// (a record's Game tag, a server's request). It also gives, for a
// hops.State of any game, what only the typed game packages can compute:
// perft and its divide, and for a game with hidden pieces (Brouillard) a
// new game with secret setups drawn at random and each player's view
// (ViewOf on the server; ParseView, View.Play and PlayReveal to follow
// the game from a view, by the game's name alone). State reads a
// hops.State back from its JSON.
//
// The game packages (zapita, catchit, coir, brouillard) remain the fast,
// typed API; this package is for programs that handle every game alike.
package games

import (
	"math/rand/v2"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// order is the order in which the games are listed: the order of the
// series.
var order = []string{"zapita", "catchit", "coir", "brouillard"}

// entry is what the registry knows of one game.
type entry struct {
	game   *hops.Game
	perft  func(s hops.State, depth int) (uint64, error)
	divide func(s hops.State, depth int) ([]Division, error)
	// Games with hidden pieces only.
	deal       func(first hops.Side, r *rand.Rand) (hops.State, error)
	view       func(s hops.State, side hops.Side) (View, error)
	parseView  func(text string, viewer hops.Side) (View, error)
	playReveal func(s hops.State, move string) (hops.State, string, error)
	// checkReveal checks the reveal a complete record gives a legal move
	// played in s.
	checkReveal func(s hops.State, move, reveal string) error
}

var registry = map[string]*entry{}

func register(e *entry) { registry[e.game.Name] = e }

// All returns the registered games in the order of the series (Zapita,
// Catch'it, Coir, Brouillard).
func All() []*hops.Game {
	var out []*hops.Game
	for _, name := range order {
		if e, ok := registry[name]; ok {
			out = append(out, e.game)
		}
	}
	return out
}

// Names returns the short names of the registered games, in the order of
// All.
func Names() []string {
	var out []string
	for _, g := range All() {
		out = append(out, g.Name)
	}
	return out
}

// ByName returns the game with the given short name ("catchit"), in any
// case.
func ByName(name string) (*hops.Game, bool) {
	e, ok := registry[strings.ToLower(name)]
	if !ok {
		return nil, false
	}
	return e.game, true
}

// find returns the game named name, or an error that lists the games.
func find(name string) (*hops.Game, error) {
	g, ok := ByName(name)
	if !ok {
		return nil, hops.Errorf(hops.ErrSyntax, "", "game", "no game is called %s (want one of %s)", hops.Quote(name), strings.Join(Names(), ", "))
	}
	return g, nil
}

// Parse reads a position text of the game with the given short name.
func Parse(name, text string) (hops.State, error) {
	g, err := find(name)
	if err != nil {
		return nil, err
	}
	return g.Parse(text)
}

// Replay replays a record of any of the games, found by its Game tag, and
// returns every position from the start to the last (see
// hops.Record.Replay). It also checks the reveals that the record gives,
// which hops.Record.Replay cannot (the root package does not know which
// games hide pieces): in a game without hidden pieces a move reveals
// nothing, and in Brouillard's complete records a reveal, which may be
// left out, must be what the move revealed (B8). The positions returned
// with an error end before the move at fault.
func Replay(rec *hops.Record) ([]hops.State, error) {
	if rec == nil {
		return nil, hops.Errorf(hops.ErrSyntax, "", "", "no record")
	}
	g, err := find(rec.Game)
	if err != nil {
		return nil, hops.ErrorIn(err, "tag Game")
	}
	e := registry[g.Name]
	if _, ok := rec.Tag("View"); ok && e.parseView != nil {
		return nil, hops.Errorf(hops.ErrSyntax, "B12", "tag View", "a record kept by one player starts from his view, not from a position: replay it with %s.ReplayView", g.Name)
	}
	states, err := rec.Replay(g)
	for i := 0; i+1 < len(states); i++ {
		m := rec.Moves[i]
		if m.Reveal == "" {
			continue
		}
		var rerr error = hops.Errorf(hops.ErrSyntax, "", "reveal "+hops.Quote(m.Reveal), "%s hides no piece, so a move reveals nothing", g.Title)
		if e.checkReveal != nil {
			rerr = e.checkReveal(states[i], m.Text, m.Reveal)
		}
		if rerr != nil {
			return states[:i+1], hops.ErrorInMove(rerr, i+1, m.Text)
		}
	}
	return states, err
}

// lookupState returns the registered game of s.
func lookupState(s hops.State) (*entry, error) {
	if engine.NoState(s) {
		return nil, engine.ErrNoState()
	}
	return lookup(s.Game())
}

func lookup(g *hops.Game) (*entry, error) {
	if g != nil {
		if e, ok := registry[g.Name]; ok && e.game == g {
			return e, nil
		}
	}
	return nil, hops.Errorf(hops.ErrSyntax, "", "game", "%s is not a registered game", hops.Quote(g.String()))
}

// Division is one line of Divide: a move's text and the number of leaves
// below it.
type Division struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// UnmarshalJSON reads the JSON form of a Division, its keys written
// exactly, each once and none missing, as a count has no default (see
// hops.DecodeJSON); a refused one leaves d as it was.
func (d *Division) UnmarshalJSON(data []byte) error {
	type plain Division
	return engine.DecodeComplete(data, (*plain)(d), "division")
}

// Perft returns hops.Perft of the typed position behind s.
func Perft(s hops.State, depth int) (uint64, error) {
	e, err := lookupState(s)
	if err != nil {
		return 0, err
	}
	return e.perft(s, depth)
}

// Divide returns hops.Divide of the typed position behind s, with the
// moves as text.
func Divide(s hops.State, depth int) ([]Division, error) {
	e, err := lookupState(s)
	if err != nil {
		return nil, err
	}
	return e.divide(s, depth)
}

// Hidden reports whether g has hidden pieces, so that each player must
// only be shown its own View.
func Hidden(g *hops.Game) bool {
	e, err := lookup(g)
	return err == nil && e.view != nil
}

// Deal returns the start of a new game of g with the given side to move
// first. For a game with hidden pieces the secret setup is drawn with r
// (the global source of math/rand/v2 when r is nil); for the others it
// is g.Start(first) and r is not used.
func Deal(g *hops.Game, first hops.Side, r *rand.Rand) (hops.State, error) {
	e, err := lookup(g)
	if err != nil {
		return nil, err
	}
	if err := engine.CheckSide("first", first, g.SideName); err != nil {
		return nil, err
	}
	if e.deal == nil {
		return g.Start(first), nil
	}
	return e.deal(first, r)
}

// typed builds the generic part of an entry from a game's typed API.
func typed[P hops.Position[P, M], M hops.Move](g *hops.Game) *entry {
	value := Value[P]
	return &entry{
		game: g,
		perft: func(s hops.State, depth int) (uint64, error) {
			p, err := value(s)
			if err != nil {
				return 0, err
			}
			return hops.Perft(p, depth), nil
		},
		divide: func(s hops.State, depth int) ([]Division, error) {
			p, err := value(s)
			if err != nil {
				return nil, err
			}
			var out []Division
			for _, d := range hops.Divide(p, depth) {
				out = append(out, Division{Move: d.Move.String(), Nodes: d.Nodes})
			}
			return out, nil
		},
	}
}

// Value returns the typed position behind s, or an error if s is not a
// state of the game whose position type is P: hops.As with an error that
// says what s holds instead.
func Value[P any](s hops.State) (P, error) {
	p, ok := hops.As[P](s)
	if engine.NoState(s) {
		return p, engine.ErrNoState()
	}
	if !ok {
		return p, hops.Errorf(hops.ErrSyntax, "", "state", "a %s state does not hold a %T", s.Game(), p)
	}
	return p, nil
}
