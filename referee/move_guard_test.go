package referee

import (
	"net/http"
	"testing"
	"time"
)

// TestStaleMoveToAFinishedGame: a move that names a ply the game has
// left, sent to a game that has ended, is told that the game is over (or
// closed), not that it changed: nothing the client sends again would be
// played.
func TestStaleMoveToAFinishedGame(t *testing.T) {
	cfg := testConfig(187)
	cfg.MaxPlies = 2
	c := newClientWith(t, cfg)
	resigned := c.create("zapita", "")
	moves := c.play(resigned, 1)
	c.do("POST", "/games/"+resigned.ID+"/resign", resigned.Tokens["White"], "", nil)
	closed := c.create("zapita", "")
	c.play(closed, 2)
	for _, g := range []struct {
		h    hosted
		kind string
	}{{resigned, "over"}, {closed, "closed"}} {
		for _, side := range []string{"White", "Khaki"} {
			zero := 0
			var e errorJSON
			code, raw := c.do("POST", "/games/"+g.h.ID+"/moves", g.h.Tokens[side], jsonBody(moveRequest{Move: moves[0], Ply: &zero}), &e)
			if code != http.StatusConflict || e.Kind != g.kind {
				t.Errorf("%s's move at ply 0 to a game %s: %d %s, want 409 %s", side, g.kind, code, raw, g.kind)
			}
		}
	}
}

// TestColdGameWonOnTheBoardExpiresAsFinished: a game won by the rules,
// listed at a restart, lives FinishedTTL after its end, as one resigned
// or closed does, not IdleTTL.
func TestColdGameWonOnTheBoardExpiresAsFinished(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := func(seed byte) Config {
		c := fileConfig(t, dir, seed)
		c.Now = clk.Now
		c.IdleTTL, c.FinishedTTL = time.Hour, time.Minute
		return c
	}
	c := newClientWith(t, cfg(188))
	won := blueWinsCatchit(t, c)
	playing := c.create("catchit", "")
	c.restart(cfg(189))
	clk.advance(2 * time.Minute)
	if n := c.server().Sweep(); n != 1 {
		t.Errorf("Sweep deleted %d games, want the one won", n)
	}
	if code, _ := c.do("GET", "/games/"+won.ID, "", "", nil); code != http.StatusNotFound {
		t.Errorf("the game won 2 minutes ago: %d, want 404", code)
	}
	if code, _ := c.do("GET", "/games/"+playing.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the game being played: %d, want 200", code)
	}
}
