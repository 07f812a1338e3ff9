package referee

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops/brouillard"
)

// TestOutOfTurnCitesItsRule: a move or the clicks of a move sent by the
// side not to move are refused 403 "turn" under G6 (the players move in
// turn); in Brouillard, while the side to move owes a Fou move after its
// capture, under B9, and the message says why the turn goes on. The
// answer named no rule.
func TestOutOfTurnCitesItsRule(t *testing.T) {
	c := newClient(t)
	game := c.create("catchit", "Blue")
	path := "/games/" + game.ID
	red := game.Tokens["Red"]
	var e errorJSON
	if code, raw := c.do("POST", path+"/moves", red, jsonBody(moveRequest{Move: "D7-D6 C7-C6"}), &e); code != http.StatusForbidden || e.Kind != "turn" || e.Rule != "G6" {
		t.Errorf("Red moves on Blue's turn: %d %s, want 403 turn G6", code, raw)
	}
	e = errorJSON{}
	if code, raw := c.do("POST", path+"/build", red, `{"clicks":[]}`, &e); code != http.StatusForbidden || e.Kind != "turn" || e.Rule != "G6" {
		t.Errorf("Red builds on Blue's turn: %d %s, want 403 turn G6", code, raw)
	}

	// Brouillard: after the opening, Red's pawn steps and its Fou ends
	// with a jump over White's pawn on B1 to A1, turning it over: White's
	// Nine, captured, so Red moves its Fou again (phase +).
	start, provisional := brouillardStart(t, redArrangement)
	moves := append(slices.Clone(brouillardOpening), "D5-C4 E5-E7-C7-C5-C3-C1xA1")
	events, end := gameJournal(t, brouillard.Game, "", DefaultMaxPlies, provisional, start, moves...)
	if !strings.HasSuffix(end.String(), " r 0 1 +") {
		t.Fatalf("after %q the game is at %s, not in the middle of Red's turn", moves, end)
	}
	b := serveJournal(t, 181, events)
	path = "/games/" + journalGameID
	for _, req := range []struct{ path, body string }{
		{path + "/moves", jsonBody(moveRequest{Move: "E1-F2"})},
		{path + "/build", `{"clicks":[]}`},
	} {
		e = errorJSON{}
		code, raw := b.do("POST", req.path, "creator", req.body, &e)
		if code != http.StatusForbidden || e.Kind != "turn" || e.Rule != "B9" {
			t.Errorf("White sends %s in the middle of Red's turn: %d %s, want 403 turn B9", req.body, code, raw)
		}
		if want := "Red has captured and moves its Fou again"; !strings.Contains(e.Error, want) {
			t.Errorf("White sends %s in the middle of Red's turn: %q, want it to say %q", req.body, e.Error, want)
		}
	}
	var st stateJSON
	if b.do("GET", path, "joiner", "", &st); st.Ply != len(moves) {
		t.Errorf("after the refused moves the game is at ply %d, want %d", st.Ply, len(moves))
	}
}

// TestMoveAfterTheEndCitesItsRule: a move or the clicks of a move sent
// after the game was won are refused 409 "over" under the rule that ended
// it, as the library refuses them (K3 here: Blue carried the ball off the
// board); after a resignation, which no rule decides, with no rule. The
// answer named no rule, though its message ended with "(K3)".
func TestMoveAfterTheEndCitesItsRule(t *testing.T) {
	c := newClient(t)
	h := blueWinsCatchit(t, c)
	path := "/games/" + h.ID
	var e errorJSON
	for _, req := range []struct{ path, body string }{
		{path + "/moves", jsonBody(moveRequest{Move: "A7-A6 B7-B6"})},
		{path + "/build", `{"clicks":[]}`},
	} {
		e = errorJSON{}
		if code, raw := c.do("POST", req.path, h.Tokens["Red"], req.body, &e); code != http.StatusConflict || e.Kind != "over" || e.Rule != "K3" {
			t.Errorf("Red sends %s after Blue's win: %d %s, want 409 over K3", req.body, code, raw)
		}
	}

	r := c.create("catchit", "")
	path = "/games/" + r.ID
	if code, raw := c.do("POST", path+"/resign", r.Tokens["Red"], "", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, raw)
	}
	e = errorJSON{}
	if code, raw := c.do("POST", path+"/moves", r.Tokens["Blue"], jsonBody(moveRequest{Move: "A1-A2 D1-C2"}), &e); code != http.StatusConflict || e.Kind != "over" || e.Rule != "" {
		t.Errorf("Blue moves after Red resigned: %d %s, want 409 over without a rule", code, raw)
	}
}
