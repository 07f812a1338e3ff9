package referee

import (
	"bufio"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// clickTexts writes clicks as the build request and answer do.
func clickTexts(clicks []hops.Click) []string {
	out := []string{}
	for _, c := range clicks {
		out = append(out, c.String())
	}
	return out
}

// The page and its files are served with their types and a policy that
// keeps the page to its own server.
func TestPage(t *testing.T) {
	c := newClient(t)
	for path, want := range map[string]string{"/": "text/html", "/app.js": "text/javascript", "/style.css": "text/css"} {
		resp, err := c.hc.Get(c.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), want) {
			t.Errorf("GET %s: %d %q, want 200 %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), want)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
			t.Errorf("GET %s: policy %q", path, csp)
		}
	}
	// Other paths are still the API's JSON 404.
	if code, _ := c.do("GET", "/index.txt", "", "", nil); code != http.StatusNotFound {
		t.Errorf("GET /index.txt: %d", code)
	}
}

// The build route answers what the library's builder says of the clicks,
// for the side to move only, with the rule a wrong click breaks (K4).
func TestBuild(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	blue, red := h.Tokens["Blue"], h.Tokens["Red"]
	path := "/games/" + h.ID + "/build"
	start := games.All()[1].Start(hops.First)
	var got builtJSON
	if code, raw := c.do("POST", path, blue, `{"clicks":[]}`, &got); code != http.StatusOK {
		t.Fatalf("build []: %d %s", code, raw)
	}
	want, _ := start.Build(nil)
	if !slices.Equal(got.Next, clickTexts(want.Next)) || got.Complete {
		t.Errorf("build []: %+v, want next %v", got, clickTexts(want.Next))
	}
	// Follow the builder to a whole move and play it.
	var clicks []string
	for !got.Complete || len(got.Next) > 0 {
		clicks = append(clicks, got.Next[0])
		if code, raw := c.do("POST", path, blue, jsonBody(buildRequest{Clicks: clicks}), &got); code != http.StatusOK {
			t.Fatalf("build %v: %d %s", clicks, code, raw)
		}
	}
	if canon, err := start.Canonical(got.Move); err != nil || canon != got.Move {
		t.Errorf("the built move %q is not canonical (%q, %v)", got.Move, canon, err)
	}
	var e errorJSON
	if code, _ := c.do("POST", path, blue, `{"clicks":["D7"]}`, &e); code != http.StatusBadRequest || e.Rule != "K7" || e.Kind != "illegal" {
		t.Errorf("a click on Red's pawn: %d %+v, want 400 under K7 (whose pawns a turn moves)", code, e)
	}
	if code, _ := c.do("POST", path, blue, `{"clicks":["Z9"]}`, &e); code != http.StatusBadRequest {
		t.Errorf("a click off every board: %d %+v", code, e)
	}
	if code, _ := c.do("POST", path, red, `{"clicks":[]}`, &e); code != http.StatusForbidden || e.Kind != "turn" {
		t.Errorf("Red builds on Blue's turn: %d %+v", code, e)
	}
	if code, _ := c.do("POST", path, "", `{"clicks":[]}`, &e); code != http.StatusUnauthorized {
		t.Errorf("a build without a token: %d %+v", code, e)
	}
	if code, _ := c.do("POST", path, blue, jsonBody(buildRequest{Clicks: make([]string, MaxClicks+1)}), &e); code != http.StatusBadRequest {
		t.Errorf("%d clicks: %d %+v", MaxClicks+1, code, e)
	}
	if code, _ := c.do("POST", path, blue, `{"clicks":[],"move":"x"}`, &e); code != http.StatusBadRequest || e.Kind != "request" {
		t.Errorf("an unknown field: %d %+v", code, e)
	}
	var st stateJSON
	if code, raw := c.do("POST", "/games/"+h.ID+"/moves", blue, jsonBody(moveRequest{Move: got.Move}), &st); code != http.StatusOK || st.Ply != 1 {
		t.Fatalf("playing the built move %q: %d %s", got.Move, code, raw)
	}
}

// In Brouillard the builder works on the player's own view (B4): what it
// offers and the errors it gives are the view's, whatever the hidden
// pawns are.
func TestBuildBrouillardView(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "brouillard", Arrangement: "NTXXQJK"})
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: "XKQJTNX"})
	path := "/games/" + created.ID + "/build"
	var st stateJSON
	c.do("GET", "/games/"+created.ID, created.Token, "", &st)
	v, err := brouillard.ParseView(st.Position, hops.First)
	if err != nil {
		t.Fatal(err)
	}
	for _, clicks := range [][]hops.Click{nil, {{Square: hops.SquareAt(0, 1)}}, {{Square: hops.SquareAt(1, 5)}}, {{Square: hops.SquareAt(3, 3)}}} {
		want, wantErr := v.Build(clicks)
		var got builtJSON
		var e errorJSON
		code, raw := c.do("POST", path, created.Token, jsonBody(buildRequest{Clicks: clickTexts(clicks)}), &got)
		if wantErr != nil {
			json.Unmarshal(raw, &e)
			if code != http.StatusBadRequest || e.Error != wantErr.Error() {
				t.Errorf("build %v: %d %s, want the view's error %q", clicks, code, raw, wantErr)
			}
			continue
		}
		if code != http.StatusOK || !slices.Equal(got.Next, clickTexts(want.Next)) {
			t.Errorf("build %v: %d %s, want next %v", clicks, code, raw, clickTexts(want.Next))
		}
	}
	var e errorJSON
	if code, _ := c.do("POST", path, joined.Token, `{"clicks":[]}`, &e); code != http.StatusForbidden {
		t.Errorf("Red builds on White's turn: %d %+v", code, e)
	}
}

// stream reads a game's event stream and sends each state on the channel
// it returns, which is closed when the stream ends.
func stream(t *testing.T, c *client, ctx context.Context, id, token string) <-chan eventJSON {
	t.Helper()
	resp := openEvents(t, c, ctx, id, token)
	out := make(chan eventJSON, 100)
	go func() {
		defer close(out)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var e eventJSON
				if err := json.Unmarshal([]byte(data), &e); err != nil {
					t.Errorf("event %q: %v", data, err)
				}
				out <- e
			}
		}
	}()
	return out
}

// openEvents opens the game's event stream on c with the token, and
// fails unless it is one.
func openEvents(t *testing.T, c *client, ctx context.Context, id, token string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", c.url+"/games/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		resp.Body.Close()
		t.Fatalf("events: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return resp
}

// next returns the next event, failing after a while.
func next(t *testing.T, events <-chan eventJSON) (eventJSON, bool) {
	t.Helper()
	select {
	case e, ok := <-events:
		return e, ok
	case <-time.After(20 * time.Second):
		t.Fatal("no event for 20 s")
	}
	return eventJSON{}, false
}

// The event stream gives the state at once, then one after each event of
// the game, with the move played, and ends with the game.
func TestEvents(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "catchit"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := stream(t, c, ctx, created.ID, created.Token)
	if e, _ := next(t, events); e.Status != StatusWaiting || e.You != "Blue" {
		t.Errorf("first event %+v, want the waiting game", e)
	}
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation})
	if e, _ := next(t, events); e.Status != StatusPlaying || e.Ply != 0 {
		t.Errorf("after the join %+v", e)
	}
	tokens := map[string]string{created.You: created.Token, joined.You: joined.Token}
	r := rand.New(rand.NewPCG(3, 4))
	for ply := 1; ; ply++ {
		var st stateJSON
		c.do("GET", "/games/"+created.ID, created.Token, "", &st)
		if st.Status != StatusPlaying {
			break
		}
		moves := c.allMoves("/games/"+created.ID, tokens[st.ToMove])
		move := moves[r.IntN(len(moves))]
		c.do("POST", "/games/"+created.ID+"/moves", tokens[st.ToMove], jsonBody(moveRequest{Move: move}), nil)
		e, ok := next(t, events)
		if !ok || e.Ply != ply || e.Last != move {
			t.Fatalf("after move %d %q: event %+v (%v)", ply, move, e, ok)
		}
	}
	if e, ok := next(t, events); ok {
		t.Errorf("the stream goes on after the end: %+v", e)
	}
	// A finished game's stream gives its last state and ends.
	events = stream(t, c, ctx, created.ID, joined.Token)
	if e, _ := next(t, events); e.Status != StatusOver || !e.Outcome.Over {
		t.Errorf("the stream of a finished game: %+v", e)
	}
	if _, ok := next(t, events); ok {
		t.Error("the stream of a finished game goes on")
	}
	var e errorJSON
	if code, _ := c.do("GET", "/games/"+created.ID+"/events", "0123", "", &e); code != http.StatusUnauthorized {
		t.Errorf("events with a wrong token: %d %+v", code, e)
	}
}

// Against the computer player: the creator gets no invitation (it is
// claimed), the player moves after each move of the person, even first,
// through the same checks and the journal, until the game ends.
func TestBot(t *testing.T) {
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			c := newClient(t)
			g, _ := games.ByName(name)
			created := c.createOnly(createRequest{Game: name, Side: g.Sides[1], Opponent: OpponentMedium})
			if created.Invitation != "" {
				t.Errorf("a game against the computer gives the invitation %q", created.Invitation)
			}
			var e errorJSON
			if code, _ := c.do("POST", "/games/"+created.ID+"/join", "", `{"invitation":"00"}`, &e); code != http.StatusConflict || e.Kind != "claimed" {
				t.Errorf("joining a game against the computer: %d %+v", code, e)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			events := stream(t, c, ctx, created.ID, created.Token)
			r := rand.New(rand.NewPCG(1, 2))
			var last eventJSON
			for {
				e, ok := next(t, events)
				if !ok {
					break
				}
				last = e
				if e.Status != StatusPlaying || e.ToMove != created.You {
					continue
				}
				// The computer, who starts, has moved first.
				if e.Ply == 0 {
					t.Fatal("the person's turn at ply 0")
				}
				moves := c.allMoves("/games/"+created.ID, created.Token)
				if code, raw := c.do("POST", "/games/"+created.ID+"/moves", created.Token, jsonBody(moveRequest{Move: moves[r.IntN(len(moves))]}), nil); code != http.StatusOK {
					t.Fatalf("move: %d %s", code, raw)
				}
			}
			if last.Status != StatusOver {
				t.Fatalf("the stream ended with %+v", last)
			}
			var h historyJSON
			c.do("GET", "/games/"+created.ID+"/history", created.Token, "", &h)
			if len(h.Moves) != last.Ply || h.Result == "*" {
				t.Errorf("history %+v after ply %d", h, last.Ply)
			}
		})
	}
}

// A game against the computer survives a restart: the computer player
// takes its seat again and answers the person's next move.
func TestBotRestart(t *testing.T) {
	cfg := fileConfig(t, t.TempDir(), 7)
	c := newClientWith(t, cfg)
	created := c.createOnly(createRequest{Game: "coir", Opponent: OpponentEasy})
	c.restart(cfg)
	moves := c.allMoves("/games/"+created.ID, created.Token)
	if code, raw := c.do("POST", "/games/"+created.ID+"/moves", created.Token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, raw)
	}
	waitPly(t, c, created.ID, created.Token, 2) // the computer's answer after the restart
}

func TestOpponents(t *testing.T) {
	c := newClient(t)
	var e errorJSON
	if code, _ := c.do("POST", "/games", "", `{"game":"zapita","opponent":"grandmaster"}`, &e); code != http.StatusBadRequest || !strings.Contains(e.Error, "grandmaster") {
		t.Errorf("an unknown opponent: %d %+v", code, e)
	}
	created := c.createOnly(createRequest{Game: "zapita", Opponent: OpponentPerson})
	if created.Invitation == "" {
		t.Error("a game against a person gives no invitation")
	}
	for _, o := range Opponents() {
		if o != OpponentPerson && !isBot(o) {
			t.Errorf("opponent %q is neither a person nor a computer player", o)
		}
	}
}
