package referee

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"github.com/hopsgames/hops/games"
)

// TestBrouillardPlayersReplayOver: once a Brouillard game is over, each
// player's replay shows every position as a spectator's does, the true
// one with both arrangements, from the start to the end; while it went
// on, it showed his view.
func TestBrouillardPlayersReplayOver(t *testing.T) {
	c := newClient(t)
	h := c.create("brouillard", "")
	g, _ := games.ByName("brouillard")
	played := playRandom(t, c, h, rand.New(rand.NewPCG(7, 7)), 12)
	var during frameJSON
	c.do("GET", "/games/"+h.ID+"/replay?ply=0", h.Tokens["White"], "", &during)
	if _, err := g.Parse(during.Position); err == nil {
		t.Fatalf("White's replay of the game in progress shows the true start %q", during.Position)
	}
	c.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Red"], "", nil)
	for ply := 0; ply <= len(played); ply++ {
		path := fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, ply)
		var public frameJSON
		if code, raw := c.do("GET", path, "", "", &public); code != http.StatusOK || public.Hidden {
			t.Fatalf("a spectator's replay %d: %d %s", ply, code, raw)
		}
		for _, side := range []string{"White", "Red"} {
			var mine frameJSON
			if code, raw := c.do("GET", path, h.Tokens[side], "", &mine); code != http.StatusOK {
				t.Fatalf("%s's replay %d: %d %s", side, ply, code, raw)
			}
			if mine.Position != public.Position || mine.Diagram != public.Diagram || mine.Hidden || mine.SVG == "" || mine.You != side {
				t.Errorf("%s's frame %d of the finished game shows %q, a spectator's %q", side, ply, mine.Position, public.Position)
			}
		}
	}
	// White, the first side, sees the board as a spectator does.
	var mine, public frameJSON
	c.do("GET", "/games/"+h.ID+"/replay", h.Tokens["White"], "", &mine)
	c.do("GET", "/games/"+h.ID+"/replay", "", "", &public)
	if mine.SVG != public.SVG {
		t.Error("White's picture of the end is not a spectator's")
	}
}
