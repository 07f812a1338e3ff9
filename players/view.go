package players

import (
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// ChooseView asks a for a move from a player's view of a game with
// hidden pieces, for a program that knows only its own view, such as a
// client of a game server; the viewer must be the side to move. a is
// handed a true state drawn from the view (games.View.Sample, from a
// source seeded by the view, so one view always gives one state). The
// players of this package look at a state only through the view of its
// side to move, so they make the move they would make in the true state,
// whatever the faces the view hides; an Agent of one's own that reads
// the hidden faces of its state reads faces drawn at random, not the
// opponent's. The move is checked against the view before it is
// returned.
func ChooseView(a Agent, v games.View) (string, error) {
	switch {
	case a == nil:
		return "", hops.Errorf(hops.ErrSyntax, "", "players", "no agent to choose with")
	case v.Game() == nil:
		return "", hops.Errorf(hops.ErrSyntax, "", "view", "the zero View holds no view; make one with games.ViewOf or games.ParseView")
	case v.ToMove() != v.Viewer():
		g := v.Game()
		return "", hops.Errorf(hops.ErrIllegal, "G6", "view", "%s's view with %s to move: a player decides on his own turn only",
			g.SideName(v.Viewer()), g.SideName(v.ToMove()))
	}
	s, err := v.Sample(rand.New(rand.NewPCG(v.Hash(), 0x5eed)))
	if err != nil {
		return "", err
	}
	m, err := a.Choose(s)
	if err != nil {
		return "", err
	}
	if err := v.Validate(m); err != nil {
		return "", err
	}
	return m, nil
}
