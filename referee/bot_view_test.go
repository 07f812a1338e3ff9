package referee

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/players"
)

// watchedAgent passes its choices on to a player, writing down the
// positions it is shown.
type watchedAgent struct {
	players.Agent
	mu    *sync.Mutex
	shown *[]string
}

func (a watchedAgent) Choose(s hops.State) (string, error) {
	a.mu.Lock()
	*a.shown = append(*a.shown, s.String())
	a.mu.Unlock()
	return a.Agent.Choose(s)
}

// TestComputerShownItsViewOnly (B4): the computer player of a Brouillard
// game is shown nothing that depends on the person's face-down pawns. Two
// servers alike (the same seed, so the same computer arrangement) host a
// game each, the computer to move first, the person's arrangement the one
// difference: the positions the computer's agent is shown must be the
// same, although the true positions differ. The players of the players
// package look at their side's view only; this makes sure an agent that
// reads what it is given cannot cheat either.
func TestComputerShownItsViewOnly(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 23))
	var shownIn [2][]string
	for world := range 2 {
		c := newClientWith(t, testConfig(91))
		var mu sync.Mutex
		var shown []string
		c.server().newAgent = func(g *hops.Game, kind string, opt players.Options) (players.Agent, error) {
			a, err := players.New(g, kind, opt)
			return watchedAgent{a, &mu, &shown}, err
		}
		arrangement := brouillard.RandomArrangement(r).String()
		created := c.createOnly(createRequest{Game: "brouillard", Opponent: OpponentEasy, Side: "White", First: "Red", Arrangement: arrangement})
		var st stateJSON
		for deadline := time.Now().Add(10 * time.Second); st.ToMove != "White" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			c.do("GET", "/games/"+created.ID, created.Token, "", &st)
		}
		if st.ToMove != "White" {
			t.Fatalf("world %d: the computer did not move: %+v", world, st)
		}
		mu.Lock()
		shownIn[world] = shown
		mu.Unlock()
	}
	if len(shownIn[0]) == 0 || len(shownIn[0]) != len(shownIn[1]) {
		t.Fatalf("the computer was shown %d and %d positions", len(shownIn[0]), len(shownIn[1]))
	}
	for i := range shownIn[0] {
		if shownIn[0][i] != shownIn[1][i] {
			t.Errorf("the computer was shown %s in one world, %s in the other: what it sees depends on the person's hidden pawns", shownIn[0][i], shownIn[1][i])
		}
	}
}
