package referee

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
)

// client talks to a test server, whose Server a test may replace (a
// restart) between requests.
type client struct {
	t   testing.TB
	url string
	sw  *switcher
	hc  *http.Client
	// seen, if not nil, is given every answer.
	seen func(raw []byte)
}

// switcher passes requests to its current Server; swap waits for the
// requests under way to end before it replaces it.
type switcher struct {
	mu  sync.RWMutex
	srv *Server
}

func (s *switcher) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.srv.ServeHTTP(w, r)
}

func (s *switcher) swap(next func() *Server) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.srv = next()
}

// testConfig is a server's configuration for tests: a seeded source of
// randomness, and no limit but the defaults.
func testConfig(seed byte) Config {
	return Config{Rand: rand.NewChaCha8([32]byte{seed})}
}

func newClient(t testing.TB) *client { return newClientWith(t, testConfig(1)) }

func newClientWith(t testing.TB, c Config) *client {
	t.Helper()
	srv, err := NewServer(c)
	if err != nil {
		t.Fatal(err)
	}
	sw := &switcher{srv: srv}
	ts := httptest.NewServer(sw)
	t.Cleanup(ts.Close)
	return &client{t: t, url: ts.URL, sw: sw, hc: ts.Client()}
}

// server returns the current Server.
func (c *client) server() *Server {
	c.sw.mu.RLock()
	defer c.sw.mu.RUnlock()
	return c.sw.srv
}

// restart drops the current Server, without closing anything, as a crash
// would, and puts in its place a new one made from cfg, which loads the
// games of cfg.Store.
func (c *client) restart(cfg Config) {
	c.t.Helper()
	c.sw.swap(func() *Server {
		srv, err := NewServer(cfg)
		if err != nil {
			c.t.Fatal(err)
		}
		return srv
	})
}

// do sends a request with a raw body ("" for none) and an optional token,
// decodes the JSON answer into out (if not nil) and returns the status
// and the raw answer. Every answer must be JSON.
func (c *client) do(method, path, token, body string, out any) (int, []byte) {
	c.t.Helper()
	header := http.Header{}
	if token != "" {
		header.Set("Authorization", "Bearer "+token)
	}
	return c.send(method, path, header, body, out)
}

// send is do with the request's headers given.
func (c *client) send(method, path string, header http.Header, body string, out any) (int, []byte) {
	c.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	// Errors are reported with Errorf, not Fatalf: do runs in the load
	// test's goroutines too.
	req, err := http.NewRequest(method, c.url+path, rd)
	if err != nil {
		c.t.Errorf("%s %s: %v", method, path, err)
		return 0, nil
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Errorf("%s %s: %v", method, path, err)
		return 0, nil
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Errorf("%s %s: %v", method, path, err)
		return 0, nil
	}
	if c.seen != nil {
		c.seen(raw)
	}
	if resp.StatusCode == http.StatusInternalServerError {
		c.t.Errorf("%s %s %q: 500 %s", method, path, body, raw)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		c.t.Errorf("%s %s: content type %q", method, path, ct)
	}
	if !json.Valid(raw) {
		c.t.Errorf("%s %s: answer is not JSON: %q", method, path, raw)
	} else if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Errorf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return resp.StatusCode, raw
}

// svg fetches a picture and checks it is well-formed SVG; it returns the
// status and the body.
func (c *client) svg(path, token string) (int, string) {
	c.t.Helper()
	code, ct, body := c.raw("GET", path, token)
	if code == http.StatusOK {
		if ct != "image/svg+xml" {
			c.t.Errorf("GET %s: content type %q", path, ct)
		}
		if err := xml.Unmarshal([]byte(body), new(struct{})); err != nil {
			c.t.Errorf("GET %s: not XML: %v", path, err)
		}
	}
	return code, body
}

func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// hosted is a game created and joined through the API.
type hosted struct {
	ID     string
	First  string
	Tokens map[string]string // side name -> token
}

// createOnly creates a game as req asks and returns the creator's answer.
func (c *client) createOnly(req createRequest) createdJSON {
	c.t.Helper()
	var out createdJSON
	if code, raw := c.do("POST", "/games", "", jsonBody(req), &out); code != http.StatusCreated {
		c.t.Fatalf("create %+v: %d %s", req, code, raw)
	}
	return out
}

// joinAs claims a game's invitation and returns the joiner's answer.
func (c *client) joinAs(id string, req joinRequest) joinedJSON {
	c.t.Helper()
	var out joinedJSON
	if code, raw := c.do("POST", "/games/"+id+"/join", "", jsonBody(req), &out); code != http.StatusOK {
		c.t.Fatalf("join %s: %d %s", id, code, raw)
	}
	return out
}

// create creates a game, joins it and returns both sides' tokens.
func (c *client) create(game, first string) hosted {
	c.t.Helper()
	created := c.createOnly(createRequest{Game: game, First: first})
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation})
	if joined.You == created.You || joined.ID != created.ID {
		c.t.Fatalf("created %+v, joined %+v", created, joined)
	}
	return hosted{ID: created.ID, First: created.First, Tokens: map[string]string{created.You: created.Token, joined.You: joined.Token}}
}

// allMoves reads every page of the legal moves of a game.
func (c *client) allMoves(path, token string) []string {
	c.t.Helper()
	var all []string
	for {
		var page movesJSON
		if code, raw := c.do("GET", fmt.Sprintf("%s/moves?offset=%d&limit=%d", path, len(all), MaxMovesLimit), token, "", &page); code != http.StatusOK {
			c.t.Fatalf("moves: %d %s", code, raw)
		}
		if page.Offset != len(all) {
			c.t.Fatalf("page at offset %d, asked %d", page.Offset, len(all))
		}
		all = append(all, page.Moves...)
		if len(page.Moves) == 0 || len(all) >= page.Total {
			if len(all) != page.Total {
				c.t.Fatalf("%d moves read, total %d", len(all), page.Total)
			}
			return all
		}
	}
}

// stateFor rebuilds a state from what a player was sent: the position
// text, or for a game with hidden pieces a state drawn from the view.
func stateFor(t testing.TB, g *hops.Game, st stateJSON, r *rand.Rand) hops.State {
	t.Helper()
	if !st.View {
		s, err := g.Parse(st.Position)
		if err != nil {
			t.Fatalf("position %q: %v", st.Position, err)
		}
		return s
	}
	side, _ := g.ParseSide(st.You)
	v, err := brouillard.ParseView(st.Position, side)
	if err != nil {
		t.Fatalf("view %q: %v", st.Position, err)
	}
	s, err := g.Parse(v.Sample(r).String())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFullGames plays a whole game of every kind through the API, each
// side a searching player that sees only what the server sends it.
func TestFullGames(t *testing.T) {
	c := newClient(t)
	for _, g := range games.All() {
		created := c.create(g.Name, g.Sides[1])
		if created.First != g.Sides[1] || len(created.Tokens) != 2 {
			t.Fatalf("%s: created %+v", g.Name, created)
		}
		var agents [2]players.Agent
		for i := range agents {
			a, err := players.New(g, players.KindSearch, players.Options{Nodes: 300, Seed: uint64(i)})
			if err != nil {
				t.Fatal(err)
			}
			agents[i] = a
		}
		r := rand.New(rand.NewPCG(1, 2))
		path := "/games/" + created.ID
		var played []string
		var st stateJSON
		for ply := 0; ; ply++ {
			if code, raw := c.do("GET", path, created.Tokens[g.Sides[0]], "", &st); code != http.StatusOK {
				t.Fatalf("%s: state: %d %s", g.Name, code, raw)
			}
			if st.Ply != ply || st.Game != g.Name || st.You != g.Sides[0] || st.View != games.Hidden(g) {
				t.Fatalf("%s: state %+v after %d moves", g.Name, st, ply)
			}
			if st.Outcome.Over || ply == 400 {
				break
			}
			token := created.Tokens[st.ToMove]
			var mine stateJSON
			c.do("GET", path, token, "", &mine)
			moves := c.allMoves(path, token)
			if len(moves) == 0 || mine.Status != StatusPlaying {
				t.Fatalf("%s: %d moves, status %s", g.Name, len(moves), mine.Status)
			}
			side, _ := g.ParseSide(st.ToMove)
			s := stateFor(t, g, mine, r)
			if got := s.Moves(); !slices.Equal(got, moves) {
				t.Fatalf("%s: the server lists %v, the position %v", g.Name, moves, got)
			}
			move, err := agents[side].Choose(s)
			if err != nil {
				t.Fatal(err)
			}
			var next stateJSON
			if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: move}), &next); code != http.StatusOK {
				t.Fatalf("%s: move %s: %d %s", g.Name, move, code, raw)
			}
			if next.Ply != ply+1 || next.You != st.ToMove {
				t.Fatalf("%s: after %s: %+v", g.Name, move, next)
			}
			played = append(played, move)
		}
		if !st.Outcome.Over || st.Outcome.WinnerName == "" || st.Outcome.Rule == "" || st.Status != StatusOver {
			t.Errorf("%s: not finished after %d moves: %+v", g.Name, st.Ply, st.Outcome)
		}
		var h historyJSON
		c.do("GET", path+"/history", created.Tokens[g.Sides[1]], "", &h)
		want := hops.ResultFirst
		if st.Outcome.WinnerName == g.Sides[1] {
			want = hops.ResultSecond
		}
		if !slices.Equal(h.Moves, played) || h.Result != want || h.Game != g.Name || h.Status != StatusOver {
			t.Errorf("%s: history %+v, played %v", g.Name, h, played)
		}
		if code, raw := c.do("POST", path+"/moves", created.Tokens[st.ToMove], `{"move": "A1-A2"}`, nil); code != http.StatusConflict {
			t.Errorf("%s: move after the end: %d %s", g.Name, code, raw)
		}
		t.Logf("%s: %s wins after %d moves (%s)", g.Name, st.Outcome.WinnerName, st.Ply, st.Outcome.Rule)
	}
}

// TestSVG: every game serves its position as an SVG picture, with the last
// move drawn; a Brouillard player gets its own view, face-down pawns and all.
func TestSVG(t *testing.T) {
	c := newClient(t)
	for _, g := range games.All() {
		created := c.create(g.Name, "")
		path := "/games/" + created.ID
		token := created.Tokens[g.Sides[0]]
		if code, pic := c.svg(path+"/svg", token); code != http.StatusOK || strings.Contains(pic, "<line") {
			t.Errorf("%s: start picture: %d, arrows %v", g.Name, code, strings.Contains(pic, "<line"))
		}
		moves := c.allMoves(path, token)
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
			t.Fatalf("%s: %d %s", g.Name, code, raw)
		}
		code, pic := c.svg(path+"/svg", token)
		if code != http.StatusOK || !strings.Contains(pic, "<line") {
			t.Errorf("%s: picture after a move: %d, no arrow", g.Name, code)
		}
		if hidden := strings.Contains(pic, "-hidden)"); hidden != (g.Name == "brouillard") {
			t.Errorf("%s: face-down pawns drawn: %v", g.Name, hidden)
		}
		// The second side's player sees the board from his side of the
		// table: A1 at the top right, where the first side's and a
		// spectator's pictures have it at the bottom left.
		n := hops.Board7.Size()
		if g.Name == "coir" {
			n = hops.Board6.Size()
		}
		near := fmt.Sprintf(`<rect data-square="A1" x="36" y="%d"`, 36+(n-1)*60)
		far := fmt.Sprintf(`<rect data-square="A1" x="%d" y="36"`, 36+(n-1)*60)
		_, second := c.svg(path+"/svg", created.Tokens[g.Sides[1]])
		spectator := near // a Brouillard game under way is hidden from spectators
		if g.Name != "brouillard" {
			_, spectator = c.svg(path+"/svg", "")
		}
		if !strings.Contains(pic, near) || !strings.Contains(second, far) || !strings.Contains(spectator, near) {
			t.Errorf("%s: A1 is not at the bottom left for the first side and a spectator, at the top right for the second", g.Name)
		}
	}
}

func TestKinds(t *testing.T) {
	c := newClient(t)
	var out struct{ Kinds []kindJSON }
	if code, _ := c.do("GET", "/kinds", "", "", &out); code != http.StatusOK || len(out.Kinds) != 4 {
		t.Fatalf("%d %+v", code, out)
	}
	for _, k := range out.Kinds {
		if k.Hidden != (k.Name == "brouillard") || k.Sides[0] == "" {
			t.Errorf("%+v", k)
		}
	}
}

// TestBadRequests sends every kind of bad request and checks the status,
// the kind of error and, for moves, the library's text and rule id.
func TestBadRequests(t *testing.T) {
	c := newClient(t)
	g, _ := games.ByName("catchit")
	game := c.create("catchit", "")
	blue, red := game.Tokens["Blue"], game.Tokens["Red"]
	path := "/games/" + game.ID
	libErr := func(move string) (string, string) {
		_, err := g.Start(hops.First).Play(move)
		if err == nil {
			t.Fatalf("%s is legal", move)
		}
		return err.Error(), hops.RuleOf(err)
	}
	big := `{"move": "` + strings.Repeat("A", MaxBody) + `"}`
	for _, c2 := range []struct {
		name, method, path, token, body string
		code                            int
		kind                            string
		move                            string // the error must be the library's for this move
	}{
		{"bad JSON", "POST", "/games", "", `{"game": `, 400, "request", ""},
		{"not an object", "POST", "/games", "", `["catchit"]`, 400, "request", ""},
		{"unknown field", "POST", "/games", "", `{"game": "catchit", "colour": "Blue"}`, 400, "request", ""},
		{"two values", "POST", "/games", "", `{"game": "catchit"} {"game": "coir"}`, 400, "request", ""},
		{"no body", "POST", "/games", "", "", 400, "request", ""},
		{"unknown kind of game", "POST", "/games", "", `{"game": "chess"}`, 400, "request", ""},
		{"unknown side", "POST", "/games", "", `{"game": "catchit", "first": "Green"}`, 400, "request", ""},
		{"oversized creation", "POST", "/games", "", `{"game": "` + strings.Repeat("x", MaxBody) + `"}`, 413, "request", ""},
		{"unknown game", "GET", "/games/nope", "", "", 404, "not-found", ""},
		{"unknown game moves", "GET", "/games/nope/moves", "", "", 404, "not-found", ""},
		{"unknown game move", "POST", "/games/nope/moves", blue, `{"move": "D1-D2"}`, 404, "not-found", ""},
		{"unknown game history", "GET", "/games/nope/history", "", "", 404, "not-found", ""},
		{"bad token", "GET", path, "0123", "", 401, "auth", ""},
		{"another game's token", "POST", path + "/moves", "", `{"move": "D1-D2"}`, 401, "auth", ""},
		{"no token", "POST", path + "/moves", "", `{"move": "D1-D2 C1-C2"}`, 401, "auth", ""},
		{"wrong side", "POST", path + "/moves", red, `{"move": "D1-D2 C1-C2"}`, 403, "turn", ""},
		{"bad move JSON", "POST", path + "/moves", blue, `{"move": D1}`, 400, "request", ""},
		{"move not a string", "POST", path + "/moves", blue, `{"move": 12}`, 400, "request", ""},
		{"empty move", "POST", path + "/moves", blue, `{}`, 400, "syntax", ""},
		{"malformed move", "POST", path + "/moves", blue, `{"move": "D1-Z9"}`, 400, "syntax", "D1-Z9"},
		{"malformed move 2", "POST", path + "/moves", blue, `{"move": "D1--D2 C1"}`, 400, "syntax", "D1--D2 C1"},
		{"illegal move", "POST", path + "/moves", blue, `{"move": "D1-D2 D2-D3"}`, 400, "illegal", "D1-D2 D2-D3"},
		{"illegal move 2", "POST", path + "/moves", blue, `{"move": "A1-A2 B1-B2"}`, 400, "illegal", "A1-A2 B1-B2"},
		{"oversized move", "POST", path + "/moves", blue, big, 413, "request", ""},
	} {
		token := c2.token
		if c2.name == "another game's token" {
			token = c.create("catchit", "").Tokens["Blue"]
		}
		var e errorJSON
		code, raw := c.do(c2.method, c2.path, token, c2.body, &e)
		if code != c2.code || e.Kind != c2.kind || e.Error == "" {
			t.Errorf("%s: %d %s, want %d kind %s", c2.name, code, raw, c2.code, c2.kind)
		}
		if c2.move != "" {
			text, rule := libErr(c2.move)
			if e.Error != text || e.Rule != rule {
				t.Errorf("%s: error %q (%s), the library says %q (%s)", c2.name, e.Error, e.Rule, text, rule)
			}
			if c2.kind == "illegal" && rule == "" {
				t.Errorf("%s: no rule id for an illegal move", c2.name)
			}
		}
	}
	if code, _ := c.do("DELETE", path, blue, "", nil); code != http.StatusMethodNotAllowed {
		t.Errorf("DELETE: %d", code)
	}
	// Nothing above was played.
	var h historyJSON
	if c.do("GET", path+"/history", "", "", &h); len(h.Moves) != 0 {
		t.Errorf("history %v", h.Moves)
	}
}

// TestRandomBodies posts random bytes and mutated JSON to every endpoint:
// each answer must be a JSON error (never a 500 or a dropped connection),
// and the games must stay as they were, but for the legal moves played.
func TestRandomBodies(t *testing.T) {
	c := newClient(t)
	r := rand.New(rand.NewPCG(9, 9))
	var paths []string
	var tokens []string
	for _, g := range games.All() {
		created := c.create(g.Name, "")
		paths = append(paths, "/games/"+created.ID+"/moves")
		tokens = append(tokens, created.Tokens[g.Sides[0]])
	}
	seeds := []string{`{"move": "D1-D2 C1-C2"}`, `{"game": "coir"}`, `{"move": "E2xC2-C4-A6"}`, `{"move": "D2-B2*D4*G4"}`}
	for i := range 300 {
		var body []byte
		if i%2 == 0 {
			body = make([]byte, r.IntN(64))
			for j := range body {
				body[j] = byte(r.IntN(256))
			}
		} else {
			body = []byte(seeds[r.IntN(len(seeds))])
			for range 1 + r.IntN(3) {
				body[r.IntN(len(body))] = "{}[]\":,x- 0\\\x00é"[r.IntN(14)]
			}
		}
		k := r.IntN(len(paths))
		code, raw := c.do("POST", paths[k], tokens[k], string(body), nil)
		if code != 200 && code != 400 && code != 403 && code != 409 || !json.Valid(raw) {
			t.Errorf("move %q: %d %s", body, code, raw)
		}
		code, raw = c.do("POST", "/games", "", string(body), nil)
		if code != 201 && code != 400 || !json.Valid(raw) {
			t.Errorf("create %q: %d %s", body, code, raw)
		}
	}
}

// noTurns plays n moves in a Brouillard game set up with the given
// arrangements (White creates it, Red joins it), without ever turning a
// pawn over, and returns what each side is told, with the game's id
// blanked.
func noTurns(t *testing.T, c *client, arr [2]brouillard.Arrangement, n int) [2][]string {
	t.Helper()
	g := brouillard.Game
	created := c.createOnly(createRequest{Game: g.Name, Arrangement: arr[0].String()})
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: arr[1].String()})
	if created.You != "White" || joined.You != "Red" {
		t.Fatalf("created %+v, joined %+v", created, joined)
	}
	tokens := [2]string{created.Token, joined.Token}
	path := "/games/" + created.ID
	var seen [2][]string
	tell := func(side int, method, p, body string) []byte {
		_, raw := c.do(method, p, tokens[side], body, nil)
		text := strings.ReplaceAll(string(raw), created.ID, "ID")
		seen[side] = append(seen[side], method+" "+strings.ReplaceAll(p, created.ID, "ID")+" "+body+" -> "+text)
		return raw
	}
	r := rand.New(rand.NewPCG(3, 3))
	for range n {
		for side := range 2 {
			tell(side, "GET", path, "")
			tell(side, "GET", path+"/history", "")
			code, pic := c.svg(path+"/svg", tokens[side])
			seen[side] = append(seen[side], fmt.Sprintf("GET svg -> %d %s", code, pic))
		}
		var moves movesJSON
		json.Unmarshal(tell(0, "GET", path+"/moves", ""), &moves)
		tell(1, "GET", path+"/moves", "")
		var quiet []string
		for _, mv := range moves.Moves {
			if !strings.Contains(mv, "x") {
				quiet = append(quiet, mv)
			}
		}
		if len(quiet) == 0 {
			break
		}
		side, _ := g.ParseSide(moves.ToMove)
		other := 1 - int(side)
		// Errors: a malformed move, moves by the wrong side, and
		// illegal moves, some of them turning pawns over.
		tell(int(side), "POST", path+"/moves", `{"move": "D2-D3x"}`)
		tell(other, "POST", path+"/moves", jsonBody(moveRequest{Move: quiet[0]}))
		for _, bad := range []string{"B1-C2 D2-D4", "D2-D4xD5", "D6-D4xD3", "A2-B3 D2-B2-B4xB5", "F7-E6 D6-F6xF7"} {
			tell(int(side), "POST", path+"/moves", jsonBody(moveRequest{Move: bad}))
		}
		tell(int(side), "POST", path+"/moves", jsonBody(moveRequest{Move: quiet[r.IntN(len(quiet))]}))
	}
	return seen
}

// TestBrouillardNoLeak checks that a Brouillard player learns nothing of
// the opponent's hidden pawns through the API: two games whose setups
// differ only in Red's (then White's) hidden pawns give White (then Red)
// exactly the same answers to the same requests, errors included; and
// White's view never shows a Red figure that was not turned over.
func TestBrouillardNoLeak(t *testing.T) {
	c := newClient(t)
	g, _ := games.ByName("brouillard")
	r := rand.New(rand.NewPCG(4, 4))
	for observer := range 2 {
		mine := brouillard.RandomArrangement(r)
		var starts [2]hops.State
		var setups [2][2]brouillard.Arrangement
		for i := range starts {
			theirs := brouillard.RandomArrangement(r)
			for i == 1 && theirs == brouillard.StartArrangement(0) {
				theirs = brouillard.RandomArrangement(r)
			}
			arr := [2]brouillard.Arrangement{mine, theirs}
			if observer == 1 {
				arr = [2]brouillard.Arrangement{theirs, mine}
			}
			setups[i] = arr
			p, err := brouillard.NewPosition(arr[0], arr[1])
			if err != nil {
				t.Fatal(err)
			}
			if starts[i], err = g.Parse(p.String()); err != nil {
				t.Fatal(err)
			}
		}
		if starts[0].String() == starts[1].String() {
			t.Fatal("the two setups are equal")
		}
		a := noTurns(t, c, setups[0], 12)
		b := noTurns(t, c, setups[1], 12)
		if len(a[observer]) < 50 {
			t.Fatalf("only %d answers", len(a[observer]))
		}
		for i := range a[observer] {
			if a[observer][i] != b[observer][i] {
				t.Fatalf("%s is told different things:\n%s\n%s", g.Sides[observer], a[observer][i], b[observer][i])
			}
		}
		if slices.Equal(a[1-observer], b[1-observer]) {
			t.Errorf("%s sees no difference between different own setups", g.Sides[1-observer])
		}
	}

	// A whole game: every view White receives hides Red's unturned pawns.
	created := c.create("brouillard", "")
	path := "/games/" + created.ID
	for _, p := range []string{path, path + "/moves", path + "/history"} {
		if code, _ := c.do("GET", p, "", "", nil); code != http.StatusUnauthorized {
			t.Errorf("GET %s without a token: %d", p, code)
		}
	}
	if code, _ := c.svg(path+"/svg", ""); code != http.StatusUnauthorized {
		t.Errorf("GET svg without a token: %d", code)
	}
	if strings.Contains(fmt.Sprint(created), "/") {
		t.Errorf("the creation answer holds a position: %+v", created)
	}
	turned := 0
	for ply := 0; ply < 200; ply++ {
		var st stateJSON
		c.do("GET", path, created.Tokens["White"], "", &st)
		rows, _, _ := strings.Cut(st.Position, " ")
		for i := 0; i < len(rows); i++ {
			ch := rows[i]
			if strings.IndexByte("xntjqk", ch) >= 0 && (i+1 >= len(rows) || rows[i+1] != '!') {
				t.Fatalf("White's view %q shows Red's unturned %c", st.Position, ch)
			}
		}
		for _, line := range strings.Split(st.Diagram, "\n") {
			if line == "" || line[0] < '1' || line[0] > '7' {
				continue // not a rank of the board
			}
			for _, cell := range strings.Fields(line) {
				if strings.ContainsAny(cell, "xntjqk") && !strings.HasSuffix(cell, "!") {
					t.Fatalf("White's diagram shows Red's unturned %s:\n%s", cell, st.Diagram)
				}
				if strings.ContainsAny(cell, "xntjqk") {
					turned++
				}
			}
		}
		if st.Outcome.Over {
			break
		}
		moves := c.allMoves(path, created.Tokens["White"])
		move := moves[r.IntN(len(moves))]
		if code, raw := c.do("POST", path+"/moves", created.Tokens[st.ToMove], jsonBody(moveRequest{Move: move}), nil); code != 200 {
			t.Fatalf("%s: %d %s", move, code, raw)
		}
	}
	if turned == 0 {
		t.Error("no Red pawn was ever turned over: the check above checked nothing")
	}
}

// TestLoad sends more than 1000 mixed requests, valid and invalid, from
// 20 goroutines to 8 games, then checks that every move the server
// accepted is in its game's history exactly once, at the ply it was
// acknowledged with, and that replaying each history gives the state the
// server holds. With -data, the server is restarted three times while the
// requests go on: every acknowledged move must still be there.
func TestLoad(t *testing.T) {
	t.Run("memory", func(t *testing.T) {
		loadTest(t, newClient(t), nil)
	})
	t.Run("data with restarts", func(t *testing.T) {
		dir := t.TempDir()
		var restarts atomic.Int32
		cfg := func() Config {
			store, err := OpenFileStore(dir)
			if err != nil {
				t.Fatal(err)
			}
			c := testConfig(byte(10 + restarts.Add(1)))
			c.Store = store
			return c
		}
		c := newClientWith(t, cfg())
		loadTest(t, c, func() { c.restart(cfg()) })
		if n := restarts.Load(); n < 5 { // the first start, 3 restarts, the last check
			t.Errorf("only %d starts", n)
		}
	})
}

// loadTest is TestLoad with c; restart, if not nil, restarts the server.
func loadTest(t *testing.T, c *client, restart func()) {
	type game struct {
		g       *hops.Game
		created hosted
	}
	var matches []game
	for range 2 {
		for _, g := range games.All() {
			matches = append(matches, game{g, c.create(g.Name, "")})
		}
	}
	type ack struct {
		ply  int
		move string
	}
	var (
		mu       sync.Mutex
		acks     = map[string][]ack{}
		requests atomic.Int64
		statuses sync.Map
	)
	const workers, rounds = 20, 30
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 77))
			send := func(method, path, token, body string, out any) int {
				code, _ := c.do(method, path, token, body, out)
				requests.Add(1)
				n, _ := statuses.LoadOrStore(code, new(atomic.Int64))
				n.(*atomic.Int64).Add(1)
				return code
			}
			for range rounds {
				gm := matches[r.IntN(len(matches))]
				path := "/games/" + gm.created.ID
				side := gm.g.Sides[r.IntN(2)]
				token := gm.created.Tokens[side]
				var st stateJSON
				send("GET", path, token, "", &st)
				var moves movesJSON
				send("GET", path+"/moves", token, "", &moves)
				switch k := r.IntN(10); {
				case k < 6 && len(moves.Moves) > 0: // a legal move, if still on time
					move := moves.Moves[r.IntN(len(moves.Moves))]
					var next stateJSON
					switch code := send("POST", path+"/moves", gm.created.Tokens[st.ToMove], jsonBody(moveRequest{Move: move}), &next); code {
					case 200:
						mu.Lock()
						acks[gm.created.ID] = append(acks[gm.created.ID], ack{next.Ply, move})
						mu.Unlock()
					case 400, 403, 409: // another client moved first
					default:
						t.Errorf("move %s: %d", move, code)
					}
				case k == 6:
					if code := send("POST", path+"/moves", "bad", `{"move": "D1-D2"}`, nil); code != 401 {
						t.Errorf("bad token: %d", code)
					}
				case k == 7:
					if code := send("POST", path+"/moves", token, `{"move": `, nil); code != 400 {
						t.Errorf("bad JSON: %d", code)
					}
				case k == 8:
					if code := send("POST", path+"/moves", token, `{"move": "Q9-Z0"}`, nil); code != 400 && code != 403 && code != 409 {
						t.Errorf("malformed move: %d", code)
					}
				default:
					if code := send("GET", "/games/missing", token, "", nil); code != 404 {
						t.Errorf("unknown game: %d", code)
					}
				}
			}
		}()
	}
	done := make(chan struct{})
	restarted := make(chan struct{})
	go func() { // restarts the server while the requests go on
		defer close(restarted)
		for _, at := range []int64{250, 500, 750} {
			for requests.Load() < at {
				select {
				case <-done:
					return
				case <-time.After(time.Millisecond):
				}
			}
			if restart != nil {
				restart()
			}
		}
	}()
	wg.Wait()
	close(done)
	<-restarted
	if n := requests.Load(); n < 1000 {
		t.Errorf("only %d requests", n)
	}
	var counts []string
	statuses.Range(func(k, v any) bool {
		counts = append(counts, fmt.Sprintf("%v: %d", k, v.(*atomic.Int64).Load()))
		return true
	})
	slices.Sort(counts)
	t.Logf("%d requests; statuses %v", requests.Load(), counts)

	if restart != nil {
		restart() // the histories below are read back from the disk
	}
	total := 0
	for _, gm := range matches {
		id := gm.created.ID
		var h historyJSON
		c.do("GET", "/games/"+id+"/history", gm.created.Tokens[gm.g.Sides[0]], "", &h)
		got := acks[id]
		slices.SortFunc(got, func(a, b ack) int { return a.ply - b.ply })
		if len(got) != len(h.Moves) {
			t.Errorf("%s %s: %d moves acknowledged, %d in the history", gm.g.Name, id, len(got), len(h.Moves))
			continue
		}
		total += len(got)
		m := c.server().games[id]
		s := m.start
		for i, move := range h.Moves {
			// The text a client sent came from a list of moves it read
			// earlier, maybe of another position: the server stores the
			// canonical text of the move in the position it was played
			// in (G9), which is then the one to compare.
			a := got[i]
			if canon, err := s.Canonical(a.move); a.ply != i+1 || err != nil || canon != move {
				t.Errorf("%s %s: move %d acknowledged as %q (canonical %q, %v) at ply %d, history has %q", gm.g.Name, id, i+1, a.move, canon, err, a.ply, move)
			}
			var err error
			if s, err = s.Play(move); err != nil {
				t.Fatalf("%s %s: replaying move %d %s: %v", gm.g.Name, id, i+1, move, err)
			}
		}
		if s.String() != m.state.String() {
			t.Errorf("%s %s: replay gives %s, the server holds %s", gm.g.Name, id, s, m.state)
		}
	}
	if total < 50 {
		t.Errorf("only %d moves played", total)
	}
	t.Logf("%d moves played in %d games", total, len(matches))
}

func TestFullServer(t *testing.T) {
	srv, err := NewServer(Config{MaxGames: 2, Rand: rand.NewChaCha8([32]byte{2})})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{201, 201, 503} {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("POST", "/games", bytes.NewBufferString(`{"game": "coir"}`)))
		if rec.Code != want {
			t.Errorf("game %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
}

// TestSVGOfAResignedGame: the picture of a game a player resigned says,
// under the board, who won and why, live and in the replay's last frame
// (it named the side to move); an earlier frame still names it.
func TestSVGOfAResignedGame(t *testing.T) {
	c := newClient(t)
	h := c.create("coir", "")
	path := "/games/" + h.ID
	white := h.Tokens["White"]
	moves := c.allMoves(path, white)
	if code, raw := c.do("POST", path+"/moves", white, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
		t.Fatalf("%d %s", code, raw)
	}
	if code, raw := c.do("POST", path+"/resign", h.Tokens["Black"], "", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, raw)
	}
	if code, pic := c.svg(path+"/svg", white); code != http.StatusOK || !strings.Contains(pic, "White won: Black resigned") || strings.Contains(pic, "to move") {
		t.Errorf("the picture of the resigned game: %d, caption not saying White won:\n%.300s", code, pic[max(0, len(pic)-300):])
	}
	var last, first frameJSON
	c.do("GET", path+"/replay?ply=1", "", "", &last)
	c.do("GET", path+"/replay?ply=0", "", "", &first)
	if !strings.Contains(last.SVG, "White won: Black resigned") || !strings.Contains(first.SVG, "White to move") {
		t.Errorf("the replay's last frame does not say who won, or its first not who moves")
	}
}

// TestSVGOfAGameResignedUnjoined: a game its creator resigned before
// anyone joined names no winner under the board, live or in the replay
// (nobody played the other side: the page says the game ended before
// anyone joined), its state and replay say "unjoined", and its reason
// says when he resigned.
// Brouillard's too, whose picture is the creator's view.
func TestSVGOfAGameResignedUnjoined(t *testing.T) {
	for _, game := range []string{"zapita", "brouillard"} {
		c := newClient(t)
		created := c.createOnly(createRequest{Game: game})
		path := "/games/" + created.ID
		if code, raw := c.do("POST", path+"/resign", created.Token, "", nil); code != http.StatusOK {
			t.Fatalf("%s: resign: %d %s", game, code, raw)
		}
		const want = "White resigned before anyone joined"
		var st stateJSON
		if code, raw := c.do("GET", path, created.Token, "", &st); code != http.StatusOK || st.Status != StatusOver || st.Outcome.Reason != want || !st.Unjoined {
			t.Errorf("%s: the state of the game resigned unjoined: %d %s, want over, unjoined, reason %q", game, code, raw, want)
		}
		if code, pic := c.svg(path+"/svg", created.Token); code != http.StatusOK || !strings.Contains(pic, want) || strings.Contains(pic, " won") {
			t.Errorf("%s: the picture of the game resigned unjoined: %d, caption not %q:\n%.300s", game, code, want, pic[max(0, len(pic)-300):])
		}
		var last frameJSON
		if code, raw := c.do("GET", path+"/replay", "", "", &last); code != http.StatusOK || !strings.Contains(last.SVG, want) || strings.Contains(last.SVG, " won") || !last.Unjoined {
			t.Errorf("%s: the replay of the game resigned unjoined: %d, caption not %q: %.200s", game, code, want, raw)
		}
	}
}

// TestUnknownPathAsAsked: a 404 or a 405 names the path as the client
// wrote it, the prefix of a program that mounts the server under one
// (http.StripPrefix) included, and quotes it cut short, as the library
// quotes every input: a path of 100,000 bytes gives a short error, and
// so does an unknown game's id or rule book's name of 60,000.
func TestUnknownPathAsAsked(t *testing.T) {
	srv, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	mux := http.NewServeMux()
	mux.Handle("/hops/", http.StripPrefix("/hops", srv))
	ts := httptest.NewServer(mux)
	defer ts.Close()
	long := "/hops/" + strings.Repeat("x", 100_000)
	for _, tc := range []struct {
		method, path string
		code         int
		want         string
	}{
		{"GET", "/hops/nowhere?x=1", http.StatusNotFound, `no such path: "/hops/nowhere"`},
		{"DELETE", "/hops/games", http.StatusMethodNotAllowed, `"DELETE" is not allowed on "/hops/games" (allowed: `},
		{"GET", long, http.StatusNotFound, `no such path: "/hops/xxxx`},
		// As sent, escapes kept: not "/hops/a/b".
		{"GET", "/hops/a%2Fb%20c", http.StatusNotFound, `no such path: "/hops/a%2Fb%20c"`},
		// A game's id or a rule book's name, cut short too: they came
		// back whole.
		{"GET", "/hops/games/" + strings.Repeat("a", 60_000), http.StatusNotFound, `no game "aaaa`},
		{"GET", "/hops/games/" + strings.Repeat("a", 60_000) + "/svg", http.StatusNotFound, `no game "aaaa`},
		{"GET", "/hops/rules/" + strings.Repeat("z", 60_000), http.StatusNotFound, `no game "zzzz`},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+tc.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e errorJSON
		err = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if err != nil || resp.StatusCode != tc.code || !strings.HasPrefix(e.Error, tc.want) || len(e.Error) > 200 {
			t.Errorf("%s %.40s: %d %.300q (%v), want %d starting %q, under 200 bytes", tc.method, tc.path, resp.StatusCode, e.Error, err, tc.code, tc.want)
		}
	}
}
