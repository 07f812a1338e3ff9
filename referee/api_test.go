package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// TestInvitation: the creator gets his token and an invitation; the
// second player claims it once and gets the other token; the game waits
// for him and takes no move before.
func TestInvitation(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "catchit", Side: "Red", First: "Red"})
	if created.You != "Red" || created.First != "Red" || created.Token == "" || created.Invitation == "" || created.Token == created.Invitation {
		t.Fatalf("created %+v", created)
	}
	path := "/games/" + created.ID
	var st stateJSON
	c.do("GET", path, created.Token, "", &st)
	if st.Status != StatusWaiting || st.You != "Red" || st.ToMove != "Red" {
		t.Errorf("before the join: %+v", st)
	}
	var e errorJSON
	if code, _ := c.do("POST", path+"/moves", created.Token, `{"move": "D7-D6 C7-C6"}`, &e); code != http.StatusConflict || e.Kind != "waiting" {
		t.Errorf("move before the join: %d %+v", code, e)
	}
	for _, bad := range []string{`{"invitation": "0123"}`, `{"invitation": "` + created.Token + `"}`, `{}`} {
		if code, _ := c.do("POST", path+"/join", "", bad, &e); code != http.StatusUnauthorized || e.Kind != "auth" {
			t.Errorf("join with %s: %d %+v", bad, code, e)
		}
	}
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation})
	if joined.You != "Blue" || joined.Token == "" || joined.Token == created.Token || joined.ID != created.ID || joined.Game != "catchit" {
		t.Fatalf("joined %+v", joined)
	}
	for _, body := range []string{jsonBody(joinRequest{Invitation: created.Invitation}), `{"invitation": "0123"}`} {
		if code, raw := c.do("POST", path+"/join", "", body, &e); code != http.StatusConflict || e.Kind != "claimed" {
			t.Errorf("second claim: %d %s", code, raw)
		}
	}
	c.do("GET", path, joined.Token, "", &st)
	if st.Status != StatusPlaying || st.You != "Blue" {
		t.Errorf("after the join: %+v", st)
	}
	if code, raw := c.do("POST", path+"/moves", created.Token, `{"move": "D7-D6 C7-C6"}`, nil); code != http.StatusOK {
		t.Errorf("Red's first move: %d %s", code, raw)
	}
	if code, _ := c.do("POST", "/games/nope/join", "", `{"invitation": "x"}`, nil); code != http.StatusNotFound {
		t.Errorf("join an unknown game: %d", code)
	}
}

// TestAuthorizationScheme: the token is read after the scheme Bearer in
// any case, as HTTP reads a scheme's name; another scheme, or none, is
// answered with the form the header takes.
func TestAuthorizationScheme(t *testing.T) {
	c := newClient(t)
	h := c.create("coir", "")
	token := h.Tokens[anySide(h)]
	get := func(auth string) (int, errorJSON) {
		var e errorJSON
		code, _ := c.send("GET", "/games/"+h.ID, http.Header{"Authorization": {auth}}, "", &e)
		return code, e
	}
	for _, auth := range []string{"Bearer " + token, "bearer " + token, "BEARER  " + token, " Bearer " + token + " "} {
		if code, e := get(auth); code != http.StatusOK {
			t.Errorf("%q: %d %+v", auth, code, e)
		}
	}
	for _, c := range []struct{ auth, want string }{
		{"Basic " + token, "send the token as Authorization: Bearer <token>"},
		{token, "send the token as Authorization: Bearer <token>"},
		{"Bearer nope", "the token is not one of this game's"},
	} {
		if code, e := get(c.auth); code != http.StatusUnauthorized || e.Kind != "auth" || e.Error != c.want {
			t.Errorf("%q: %d %+v, want 401 %q", c.auth, code, e, c.want)
		}
	}
}

// TestTokensStayApart plays a whole game of every kind and scans every
// answer: a token appears only in the answer that gives it to its owner,
// and the invitation only in the creator's.
func TestTokensStayApart(t *testing.T) {
	c := newClient(t)
	var answers [][]byte
	c.seen = func(raw []byte) { answers = append(answers, raw) }
	most := 2000 // answers per game; a Coir game rarely ends sooner
	if testing.Short() {
		most = 400
	}
	for _, g := range games.All() {
		answers = nil
		created := c.createOnly(createRequest{Game: g.Name})
		joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation})
		h := hosted{ID: created.ID, Tokens: map[string]string{created.You: created.Token, joined.You: joined.Token}}
		for {
			before := len(answers)
			c.do("GET", "/games/"+h.ID+"/history", created.Token, "", nil)
			c.do("GET", "/games/"+h.ID+"/history", joined.Token, "", nil)
			c.svg("/games/"+h.ID+"/svg", joined.Token)
			if len(c.play(h, 1)) == 0 || len(answers) == before || len(answers) > most {
				break
			}
		}
		c.do("POST", "/games/"+h.ID+"/resign", joined.Token, "", nil)
		c.do("POST", "/games/"+h.ID+"/join", "", jsonBody(joinRequest{Invitation: created.Invitation}), nil)
		if len(answers) < 20 {
			t.Fatalf("%s: only %d answers", g.Name, len(answers))
		}
		for i, raw := range answers {
			for _, secret := range []struct {
				name, text string
				at         int // the answer that gives it
			}{{"creator's token", created.Token, 0}, {"invitation", created.Invitation, 0}, {"joiner's token", joined.Token, 1}} {
				if bytes.Contains(raw, []byte(secret.text)) != (i == secret.at) {
					t.Errorf("%s: answer %d %s: the %s", g.Name, i, raw, secret.name)
				}
			}
		}
	}
}

// TestArrangements: each Brouillard player chooses his arrangement (B3),
// or has one drawn; the true start holds both, and each sees only his own.
func TestArrangements(t *testing.T) {
	c := newClient(t)
	mine, theirs := "QKJTNXX", "xnxtjqk"
	created := c.createOnly(createRequest{Game: "brouillard", Side: "Red", Arrangement: mine})
	var st stateJSON
	c.do("GET", "/games/"+created.ID, created.Token, "", &st)
	if st.Status != StatusWaiting || st.You != "Red" || !st.View {
		t.Fatalf("Red's view before the join: %+v", st)
	}
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: theirs})
	red, _ := brouillard.ParseArrangement(mine)
	white, _ := brouillard.ParseArrangement(theirs)
	p, _ := brouillard.NewPosition(white, red)
	if got := c.server().games[created.ID].start.String(); got != p.String() {
		t.Errorf("start %s, want %s", got, p)
	}
	for _, v := range []struct {
		token  string
		side   hops.Side
		hidden string // the opponent's pawns
	}{{created.Token, 1, "P"}, {joined.Token, 0, "p"}} {
		var st stateJSON
		c.do("GET", "/games/"+created.ID, v.token, "", &st)
		if want := p.View(v.side).String(); st.Position != want {
			t.Errorf("%s's view %s, want %s", st.You, st.Position, want)
		}
		if strings.Count(st.Position, v.hidden) != 7 {
			t.Errorf("%s's view %s does not hide the opponent's pawns", st.You, st.Position)
		}
	}

	// Bad arrangements, and arrangements in games without any.
	for _, body := range []string{
		`{"game": "brouillard", "arrangement": "NTXXQJQ"}`,
		`{"game": "brouillard", "arrangement": "NTX"}`,
		`{"game": "catchit", "arrangement": "NTXXQJK"}`,
	} {
		var e errorJSON
		if code, _ := c.do("POST", "/games", "", body, &e); code != http.StatusBadRequest || e.Kind != "request" || !strings.Contains(e.Error, "arrangement") {
			t.Errorf("%s: %d %+v", body, code, e)
		}
	}
	other := c.createOnly(createRequest{Game: "brouillard"})
	var e errorJSON
	if code, _ := c.do("POST", "/games/"+other.ID+"/join", "", jsonBody(joinRequest{Invitation: other.Invitation, Arrangement: "K"}), &e); code != http.StatusBadRequest {
		t.Errorf("join with a bad arrangement: %d %+v", code, e)
	}
}

// TestBadArrangementRule: an arrangement the library refuses is answered
// with the library's explanation, the field named once, and the id of
// the rule it breaks (B2 the faces, B3 the letters), on creating and on
// joining a game alike.
func TestBadArrangementRule(t *testing.T) {
	c := newClient(t)
	other := c.createOnly(createRequest{Game: "brouillard"})
	for _, tc := range []struct {
		arrangement, rule string
	}{
		{"NTXXQJQ", "B2"}, // two Queens, no King
		{"NTXQQJK", "B2"}, // one blank
		{"NTX", "B3"},     // not seven letters
		{"NTXXQJZ", "B3"}, // no pawn face
	} {
		_, want := brouillard.ParseArrangement(tc.arrangement)
		if want == nil || hops.RuleOf(want) != tc.rule {
			t.Fatalf("the library reads %q with %v, want an error of rule %s", tc.arrangement, want, tc.rule)
		}
		for _, req := range []struct{ method, path, body string }{
			{"POST", "/games", jsonBody(createRequest{Game: "brouillard", Arrangement: tc.arrangement})},
			{"POST", "/games/" + other.ID + "/join", jsonBody(joinRequest{Invitation: other.Invitation, Arrangement: tc.arrangement})},
		} {
			var e errorJSON
			code, raw := c.do(req.method, req.path, "", req.body, &e)
			if code != http.StatusBadRequest || e.Kind != "request" || e.Rule != tc.rule || e.Error != want.Error() {
				t.Errorf("%s %s %s: %d %s, want 400 request %q rule %s", req.method, req.path, req.body, code, raw, want.Error(), tc.rule)
			}
			if n := strings.Count(e.Error, "arrangement"); n != 1 {
				t.Errorf("%s %s: %q names the arrangement %d times", req.method, req.path, e.Error, n)
			}
		}
	}
	// A bad side is named after its field, without a rule.
	var e errorJSON
	if code, raw := c.do("POST", "/games", "", `{"game": "catchit", "first": "Green"}`, &e); code != http.StatusBadRequest || e.Kind != "request" || e.Rule != "" || !strings.HasPrefix(e.Error, "first: ") || !strings.Contains(e.Error, `"Green"`) {
		t.Errorf("a bad first side: %d %s", code, raw)
	}
}

// TestStrictQuery: as a JSON body takes only its fields, every route of
// the API takes only the query parameters it names, and refuses with 400
// one it does not take (named in the answer), one given twice and a
// query that does not parse, before anything else.
func TestStrictQuery(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	token := h.Tokens["Blue"]
	path := "/games/" + h.ID
	routes := []struct{ method, path, body string }{
		{"GET", "/kinds", ""},
		{"POST", "/games", `{"game": "catchit"}`},
		{"GET", path, ""},
		{"POST", path + "/join", `{"invitation": "00"}`},
		{"GET", path + "/moves", ""},
		{"POST", path + "/moves", `{"move": "D1-D2"}`},
		{"POST", path + "/resign", ""},
		{"GET", path + "/history", ""},
		{"GET", path + "/svg", ""},
		{"POST", path + "/build", `{"clicks": []}`},
		{"GET", path + "/events", ""},
	}
	for _, r := range routes {
		for _, q := range []string{"foo=1", "foo", "offset=0&Limit=5", "limit=5&limit=6", "offset=%zz", "a=1;b=2"} {
			var e errorJSON
			code, raw := c.do(r.method, r.path+"?"+q, token, r.body, &e)
			if code != http.StatusBadRequest || e.Kind != "request" {
				t.Errorf("%s %s?%s: %d %s, want 400 request", r.method, r.path, q, code, raw)
				continue
			}
			var name string
			switch {
			case strings.HasPrefix(q, "foo"):
				name = `"foo"`
			case strings.Contains(q, "Limit"):
				name = `"Limit"`
			case strings.Contains(q, "&limit"):
				if r.path == path+"/moves" && r.method == "GET" {
					name = `"limit" given 2 times`
				} else {
					name = `"limit"`
				}
			default:
				name = "bad query"
			}
			if !strings.Contains(e.Error, name) {
				t.Errorf("%s %s?%s: %q does not say %s", r.method, r.path, q, e.Error, name)
			}
		}
	}
	// Nothing above was served: the game is as it was.
	var st stateJSON
	if code, raw := c.do("GET", path, token, "", &st); code != http.StatusOK || st.Status != StatusPlaying || st.Ply != 0 {
		t.Errorf("after the refused requests: %d %s", code, raw)
	}
	// The parameters a route takes, and an empty query, still pass.
	for _, q := range []string{"", "?", "?offset=1", "?limit=2", "?offset=1&limit=2"} {
		var page movesJSON
		if code, raw := c.do("GET", path+"/moves"+q, token, "", &page); code != http.StatusOK {
			t.Errorf("GET moves%s: %d %s", q, code, raw)
		}
	}
	if code, raw := c.do("GET", "/kinds?", "", "", nil); code != http.StatusOK {
		t.Errorf("GET /kinds?: %d %s", code, raw)
	}
	// The page's files ignore a query, as any web server does.
	resp, err := c.hc.Get(c.url + "/?from=mail")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET /?from=mail: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// Drawn at random when not given: not always the same.
	seen := map[string]bool{}
	for range 8 {
		h := c.create("brouillard", "")
		seen[c.server().games[h.ID].start.String()] = true
	}
	if len(seen) < 2 {
		t.Errorf("the drawn setups are all the same: %v", seen)
	}
}

// TestCanonicalHistory: two players who write the same moves differently
// read the same history, in canonical text (G9); a Brouillard history says
// what each move revealed, the same for both players.
func TestCanonicalHistory(t *testing.T) {
	c := newClient(t)
	a, b := c.create("catchit", ""), c.create("catchit", "")
	for _, moves := range [][2]string{{"D1-D2 C1-C2", "d1-d2 c1-c2"}, {"D7-D6 C7-C6", "d7-d6 c7-c6"}} {
		for i, h := range []hosted{a, b} {
			var st stateJSON
			c.do("GET", "/games/"+h.ID, h.Tokens["Blue"], "", &st)
			if code, raw := c.do("POST", "/games/"+h.ID+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: moves[i]}), nil); code != http.StatusOK {
				t.Fatalf("%s: %d %s", moves[i], code, raw)
			}
		}
	}
	ha, hb := c.history(a), c.history(b)
	g, _ := games.ByName("catchit")
	canon, err := g.Start(hops.First).Canonical("d1-d2 c1-c2")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ha.Moves, hb.Moves) || ha.Moves[0] != canon || canon == "D1-D2 C1-C2" {
		t.Errorf("histories %v and %v, canonical first move %q", ha.Moves, hb.Moves, canon)
	}
	if ha.Reveals != nil {
		t.Errorf("reveals in Catch'it: %v", ha.Reveals)
	}

	// Brouillard: play until a pawn is turned over.
	h := c.create("brouillard", "")
	r := rand.New(rand.NewPCG(6, 6))
	path := "/games/" + h.ID
	for ply := 0; ply < 300; ply++ {
		var st stateJSON
		c.do("GET", path, h.Tokens["White"], "", &st)
		if st.Status != StatusPlaying {
			break
		}
		moves := c.allMoves(path, h.Tokens[st.ToMove])
		move := moves[r.IntN(len(moves))]
		for _, m := range moves {
			if strings.Contains(m, "x") && r.IntN(2) == 0 {
				move = m
			}
		}
		c.do("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: strings.ToLower(move)}), nil)
	}
	var views [2]historyJSON
	c.do("GET", path+"/history", h.Tokens["White"], "", &views[0])
	c.do("GET", path+"/history", h.Tokens["Red"], "", &views[1])
	if !slices.Equal(views[0].Moves, views[1].Moves) || !slices.Equal(views[0].Reveals, views[1].Reveals) || views[0].Start == views[1].Start {
		t.Fatalf("White's history %+v, Red's %+v", views[0], views[1])
	}
	// The reveals are those of the true game.
	p, _ := games.Value[brouillard.Position](c.server().games[h.ID].start)
	turned := 0
	for i, text := range views[0].Moves {
		if strings.ToUpper(text[:1]) != text[:1] {
			t.Errorf("move %d %q is not canonical", i+1, text)
		}
		m, err := brouillard.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		var rv brouillard.Reveal
		if p, rv, err = p.PlayReveal(m); err != nil {
			t.Fatal(err)
		}
		want := ""
		if rv.Turned {
			want = rv.String()
			turned++
		}
		if views[0].Reveals[i] != want {
			t.Errorf("move %d %s: reveal %q, want %q", i+1, text, views[0].Reveals[i], want)
		}
	}
	if turned == 0 || len(views[0].Reveals) != len(views[0].Moves) {
		t.Errorf("%d reveals for %d moves, %d pawns turned", len(views[0].Reveals), len(views[0].Moves), turned)
	}
}

// TestResign: a player resigns, the other wins; no move is taken after,
// and the resignation is kept across a restart.
func TestResign(t *testing.T) {
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 40))
	h := c.create("coir", "")
	c.play(h, 3)
	path := "/games/" + h.ID
	if code, _ := c.do("POST", path+"/resign", "", "", nil); code != http.StatusUnauthorized {
		t.Errorf("resign without a token: %d", code)
	}
	if code, _ := c.do("POST", path+"/resign", h.Tokens["Black"], `{"why": "tired"}`, nil); code != http.StatusBadRequest {
		t.Errorf("resign with a body: %d", code)
	}
	var st stateJSON
	if code, raw := c.do("POST", path+"/resign", h.Tokens["Black"], "{}", &st); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, raw)
	}
	if st.Status != StatusOver || !st.Outcome.Over || st.Outcome.WinnerName != "White" || st.Outcome.Reason != "Black resigned" {
		t.Errorf("after the resignation: %+v", st)
	}
	c.restart(fileConfig(t, dir, 41))
	var e errorJSON
	for _, side := range []string{"White", "Black"} {
		if code, _ := c.do("POST", path+"/moves", h.Tokens[side], `{"move": "A1-A2"}`, &e); code != http.StatusConflict || e.Kind != "over" {
			t.Errorf("%s moves after the resignation: %d %+v", side, code, e)
		}
		if code, _ := c.do("POST", path+"/resign", h.Tokens[side], "", &e); code != http.StatusConflict {
			t.Errorf("%s resigns again: %d %+v", side, code, e)
		}
	}
	if hist := c.history(h); hist.Result != hops.ResultFirst || len(hist.Moves) != 3 || hist.Status != StatusOver {
		t.Errorf("history %+v", hist)
	}
}

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestExpiry: idle games expire after IdleTTL, finished ones after
// FinishedTTL; an expired game answers 404 and its journal is deleted.
// Times survive a restart.
func TestExpiry(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := func(seed byte) Config {
		c := fileConfig(t, dir, seed)
		c.Now, c.IdleTTL, c.FinishedTTL = clk.Now, time.Hour, 10*time.Minute
		return c
	}
	c := newClientWith(t, cfg(50))
	idle := c.create("zapita", "")
	active := c.create("catchit", "")
	finished := c.create("coir", "")
	waiting := c.createOnly(createRequest{Game: "zapita"})
	c.do("POST", "/games/"+finished.ID+"/resign", finished.Tokens["White"], "", nil)
	exists := func(id string) bool {
		code, _ := c.do("GET", "/games/"+id+"/history", "", "", nil)
		_, err := os.Stat(filepath.Join(dir, id+journalExt))
		if (code == http.StatusOK) != (err == nil) {
			t.Errorf("game %s: status %d, journal %v", id, code, err)
		}
		return code == http.StatusOK
	}
	clk.advance(9 * time.Minute)
	c.play(active, 1)
	if !exists(finished.ID) {
		t.Error("the finished game expired early")
	}
	clk.advance(time.Minute)
	if exists(finished.ID) {
		t.Error("the finished game did not expire")
	}
	c.restart(cfg(51))
	clk.advance(40 * time.Minute) // idle for 50 minutes, active for 41
	c.play(active, 1)
	if !exists(idle.ID) || !exists(waiting.ID) {
		t.Error("a game expired early")
	}
	clk.advance(10 * time.Minute)
	if n := c.server().Sweep(); n != 2 {
		t.Errorf("Sweep deleted %d games, want 2", n)
	}
	if exists(idle.ID) || exists(waiting.ID) {
		t.Error("the idle games did not expire")
	}
	if code, _ := c.do("POST", "/games/"+waiting.ID+"/join", "", jsonBody(joinRequest{Invitation: waiting.Invitation}), nil); code != http.StatusNotFound {
		t.Errorf("join an expired game: %d", code)
	}
	if !exists(active.ID) {
		t.Error("the active game expired")
	}
	if n := len(journals(t, dir)); n != 1 {
		t.Errorf("%d journals left, want 1", n)
	}

	// A full server makes room by deleting expired games.
	c2 := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{52}), MaxGames: 2, Now: clk.Now, IdleTTL: time.Hour})
	c2.create("zapita", "")
	c2.createOnly(createRequest{Game: "zapita"})
	if code, _ := c2.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusServiceUnavailable {
		t.Errorf("third game: %d", code)
	}
	clk.advance(time.Hour)
	if code, raw := c2.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusCreated {
		t.Errorf("third game after the others expired: %d %s", code, raw)
	}
}

// createFrom sends POST /games with body from the address ip (an IPv6
// address in brackets), with an Idempotency-Key if key is not empty.
func createFrom(srv http.Handler, ip, key, body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/games", strings.NewReader(body))
	req.RemoteAddr = ip + ":4321"
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	srv.ServeHTTP(rec, req)
	return rec
}

// TestCreateRate: a client creates at most CreateBurst games in a row,
// then CreateRate a minute; other clients are not slowed.
func TestCreateRate(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{60}), Now: clk.Now, CreateRate: 6, CreateBurst: 3})
	if err != nil {
		t.Fatal(err)
	}
	create := func(ip string) *httptest.ResponseRecorder { return createFrom(srv, ip, "", `{"game": "zapita"}`) }
	for i := range 3 {
		if rec := create("192.0.2.1"); rec.Code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := create("192.0.2.1")
	var e errorJSON
	json.Unmarshal(rec.Body.Bytes(), &e)
	if rec.Code != http.StatusTooManyRequests || e.Kind != "rate" || rec.Header().Get("Retry-After") != "10" || !strings.HasSuffix(e.Error, "try again in 10s") {
		t.Errorf("fourth game: %d %s, Retry-After %q", rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	if rec := create("192.0.2.2"); rec.Code != http.StatusCreated {
		t.Errorf("another client: %d", rec.Code)
	}
	// The addresses of one IPv6 /64 are one client.
	for i, ip := range []string{"[2001:db8::1]", "[2001:db8::2]", "[2001:db8::ffff:1]", "[2001:db8::3]"} {
		if rec := create(ip); rec.Code != http.StatusCreated != (i == 3) {
			t.Errorf("%s: %d", ip, rec.Code)
		}
	}
	if rec := create("[2001:db8:0:1::1]"); rec.Code != http.StatusCreated {
		t.Errorf("another /64: %d", rec.Code)
	}
	clk.advance(9 * time.Second)
	if rec := create("192.0.2.1"); rec.Code != http.StatusTooManyRequests {
		t.Errorf("after 9 s: %d", rec.Code)
	}
	// 0.4 s to wait: the message says the header's whole second, not
	// "0s".
	clk.advance(600 * time.Millisecond)
	rec = create("192.0.2.1")
	json.Unmarshal(rec.Body.Bytes(), &e)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "1" || !strings.HasSuffix(e.Error, "try again in 1s") {
		t.Errorf("0.4 s before the next game: %d %s, Retry-After %q", rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	clk.advance(400 * time.Millisecond)
	if rec := create("192.0.2.1"); rec.Code != http.StatusCreated {
		t.Errorf("after 10 s: %d", rec.Code)
	}
	// Full buckets are forgotten.
	clk.advance(time.Minute)
	srv.Sweep()
	if n := len(srv.limiter.buckets); n != 0 {
		t.Errorf("%d buckets kept", n)
	}
}

// TestMaxPlies: the rules know no draw (G7); a game that reaches its ply
// bound is closed, unfinished, and takes no more moves, also after a
// restart.
func TestMaxPlies(t *testing.T) {
	dir := t.TempDir()
	cfg := func(seed byte, plies int) Config {
		c := fileConfig(t, dir, seed)
		c.MaxPlies = plies
		return c
	}
	c := newClientWith(t, cfg(70, 4))
	h := c.create("zapita", "")
	if played := c.play(h, 10); len(played) != 4 {
		t.Fatalf("%d moves played, want 4", len(played))
	}
	// The bound is the game's own, kept in its journal.
	c.restart(cfg(71, 1000))
	path := "/games/" + h.ID
	var st stateJSON
	c.do("GET", path, "", "", &st)
	if st.Status != StatusClosed || st.Outcome.Over || st.Ply != 4 {
		t.Errorf("state %+v", st)
	}
	var e errorJSON
	if code, _ := c.do("POST", path+"/moves", h.Tokens[st.ToMove], `{"move": "A1-A2"}`, &e); code != http.StatusConflict || e.Kind != "closed" {
		t.Errorf("move in a closed game: %d %+v", code, e)
	}
	var moves movesJSON
	if c.do("GET", path+"/moves", "", "", &moves); moves.Total != 0 || len(moves.Moves) != 0 {
		t.Errorf("moves of a closed game: %+v", moves)
	}
	if hist := c.history(h); hist.Result != hops.ResultUnfinished || hist.Status != StatusClosed {
		t.Errorf("history %+v", hist)
	}
	if code, _ := c.do("POST", path+"/resign", h.Tokens[st.ToMove], "", nil); code != http.StatusConflict {
		t.Errorf("resign in a closed game: %d", code)
	}
}

// TestMovesPages: the legal moves come a page at a time; a Coir Dame
// position with 190310 moves is answered in small pages.
func TestMovesPages(t *testing.T) {
	c := newClient(t)
	h := c.create("zapita", "")
	path := "/games/" + h.ID
	want := c.server().games[h.ID].state.Moves()
	var got []string
	for offset := 0; ; offset += 7 {
		var page movesJSON
		c.do("GET", fmt.Sprintf("%s/moves?offset=%d&limit=7", path, offset), "", "", &page)
		if page.Total != len(want) || page.Offset != offset || len(page.Moves) > 7 {
			t.Fatalf("page %+v", page)
		}
		if len(page.Moves) == 0 {
			break
		}
		got = append(got, page.Moves...)
	}
	if !slices.Equal(got, want) || len(want) < 8 {
		t.Errorf("pages give %v, want %v", got, want)
	}
	var page movesJSON
	c.do("GET", path+"/moves", "", "", &page)
	if len(page.Moves) != min(len(want), DefaultMovesLimit) {
		t.Errorf("default page of %d moves", len(page.Moves))
	}
	for _, q := range []string{"limit=0", "limit=1001", "offset=-1", "limit=x", "offset=1e3"} {
		var e errorJSON
		if code, _ := c.do("GET", path+"/moves?"+q, "", "", &e); code != http.StatusBadRequest || !strings.Contains(e.Error, strings.Split(q, "=")[0]) {
			t.Errorf("%s: %d %+v", q, code, e)
		}
	}

	// A Coir position whose Dame has 190310 moves.
	coir := c.create("coir", "")
	dame, err := games.All()[2].Parse("2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w")
	if err != nil {
		t.Fatal(err)
	}
	m := c.server().games[coir.ID]
	m.mu.Lock()
	m.start, m.state, m.version = dame, dame, m.version+1
	m.mu.Unlock()
	for _, offset := range []int{0, 190000, 190300} {
		var page movesJSON
		code, raw := c.do("GET", fmt.Sprintf("/games/%s/moves?offset=%d&limit=1000", coir.ID, offset), "", "", &page)
		if code != http.StatusOK || page.Total != 190310 || len(page.Moves) != min(1000, 190310-offset) || len(raw) > 64<<10 {
			t.Errorf("offset %d: %d, total %d, %d moves, %d bytes", offset, code, page.Total, len(page.Moves), len(raw))
		}
	}
}

// TestStrictJSON: a body with an unknown field, a field that matches only
// when case is ignored, or a field given twice is refused, with the
// field's name.
func TestStrictJSON(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	for _, tc := range []struct{ path, body, want string }{
		{"/games", `{"game": "catchit", "game": "coir"}`, `duplicate field "game"`},
		{"/games", `{"game": "catchit", "colour": "Blue"}`, `unknown field "colour"`},
		{"/games", `{"Game": "catchit"}`, `unknown field "Game"`},
		{"/games", `{"game": "catchit", "first": {"a": 1, "a": 2}}`, `duplicate field "a"`},
		{"/games", `"catchit"`, `a string`},
		{"/games/" + h.ID + "/moves", `{"move": "D1-D2 C1-C2", "move": "D1-D2 E1-E2"}`, `duplicate field "move"`},
		{"/games/" + h.ID + "/join", `{"invitation": "x", "invitation": "y"}`, `duplicate field "invitation"`},
		{"/games/" + h.ID + "/resign", `{"side": "Blue"}`, `unknown field "side"`},
		// A value of the wrong type is named in the request's words, not
		// with the server's Go types.
		{"/games/" + h.ID + "/moves", `{"move": 5}`, `field "move" is a number, want a string`},
		{"/games", `{"game": ["catchit"]}`, `field "game" is an array, want a string`},
		{"/games/" + h.ID + "/build", `{"clicks": [1]}`, `field "clicks" holds a number, want a list of strings`},
		{"/games/" + h.ID + "/build", `{"clicks": "D1"}`, `field "clicks" is a string, want a list of strings`},
		// null is no value: encoding/json would read it as the field
		// left out (a game with the default first side, an empty move).
		{"/games", `{"game": "catchit", "first": null}`, `field "first" is null`},
		{"/games/" + h.ID + "/moves", `{"move": null}`, `field "move" is null`},
		{"/games/" + h.ID + "/build", `{"clicks": [null]}`, `field "clicks" holds null, want a string`},
		{"/games/" + h.ID + "/moves", `{"move": "D1-D2 C1-C2"`, `the JSON text ends too soon`},
		{"/games/" + h.ID + "/moves", `{"move": `, `the JSON text ends too soon`},
	} {
		var e errorJSON
		code, raw := c.do("POST", tc.path, h.Tokens["Blue"], tc.body, &e)
		if code != http.StatusBadRequest || e.Kind != "request" || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s %s: %d %s, want %s", tc.path, tc.body, code, raw, tc.want)
		}
		for _, inner := range []string{"Go ", "struct", "Request", "json:", "EOF"} {
			if strings.Contains(e.Error, inner) {
				t.Errorf("%s %s: the answer %q names %q", tc.path, tc.body, e.Error, inner)
			}
		}
	}
	if hist := c.history(h); len(hist.Moves) != 0 {
		t.Errorf("moves played: %v", hist.Moves)
	}
	// A field left out is named as missing, not as a wrong value.
	var e errorJSON
	if code, raw := c.do("POST", "/games", "", `{}`, &e); code != http.StatusBadRequest || e.Kind != "request" || !strings.Contains(e.Error, `the field "game" is missing: want one of zapita, catchit, coir, brouillard`) {
		t.Errorf("a creation without a game: %d %s", code, raw)
	}
	waiting := c.createOnly(createRequest{Game: "coir"})
	if code, raw := c.do("POST", "/games/"+waiting.ID+"/join", "", `{}`, &e); code != http.StatusUnauthorized || e.Kind != "auth" || !strings.Contains(e.Error, `the field "invitation" is missing`) {
		t.Errorf("a join without an invitation: %d %s", code, raw)
	}
}

// timeoutBody is a request body whose reading times out, as a client
// that sends part of its body and stops does.
type timeoutBody struct{}

func (timeoutBody) Read([]byte) (int, error) { return 0, timeoutErr{} }
func (timeoutBody) Close() error             { return nil }

type timeoutErr struct{}

func (timeoutErr) Error() string {
	return "read tcp 127.0.0.1:8080->203.0.113.7:50644: i/o timeout"
}
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestBodyReadFails: a body that does not arrive, or breaks off, is
// answered in words that do not quote the connection's addresses.
func TestBodyReadFails(t *testing.T) {
	for _, tc := range []struct {
		body io.ReadCloser
		want string
	}{
		{timeoutBody{}, "the body did not arrive in time"},
		{io.NopCloser(iotest.ErrReader(errors.New("read tcp 127.0.0.1:8080->203.0.113.7:50644: connection reset by peer"))), "the connection broke"},
	} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/games", nil)
		r.Body = tc.body
		if _, ok := readBody(w, r); ok {
			t.Fatal("a body that could not be read was read")
		}
		var e errorJSON
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != http.StatusBadRequest || e.Kind != "request" ||
			!strings.Contains(e.Error, tc.want) || strings.Contains(e.Error, "203.0.113.7") {
			t.Errorf("answered %d %s, want %q", w.Code, w.Body, tc.want)
		}
	}
}

// TestJSONErrors: unknown paths and methods are answered in JSON too.
func TestJSONErrors(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	for _, tc := range []struct {
		method, path string
		code         int
		kind, allow  string
	}{
		{"GET", "/nope", 404, "not-found", ""},
		{"GET", "/games/" + h.ID + "/nope", 404, "not-found", ""},
		{"DELETE", "/games/" + h.ID, 405, "method", "GET, HEAD"},
		{"POST", "/kinds", 405, "method", "GET, HEAD"},
		{"GET", "/games/" + h.ID + "/join", 405, "method", "POST"},
	} {
		req, _ := http.NewRequest(tc.method, c.url+tc.path, nil)
		resp, err := c.hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e errorJSON
		err = json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if err != nil || resp.StatusCode != tc.code || e.Kind != tc.kind || resp.Header.Get("Content-Type") != "application/json" || resp.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d %+v %v, Allow %q", tc.method, tc.path, resp.StatusCode, e, err, resp.Header.Get("Allow"))
		}
	}
}

// TestLimitListener: at most n connections are accepted at once; the next
// is accepted when one closes.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := LimitListener(inner, 2, 0)
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first := <-accepted
	<-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted")
	case <-time.After(100 * time.Millisecond):
	}
	first.Close()
	first.Close() // a second Close gives nothing back
	select {
	case <-accepted:
	case <-time.After(5 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
	// Close wakes an Accept waiting for a place.
	ln.Close()
	select {
	case _, open := <-accepted:
		if open {
			t.Error("accepted after Close")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Accept still waits after Close")
	}
}

// TestZeroConfig: a server of the zero Config serves games, its random
// source being crypto/rand's.
func TestZeroConfig(t *testing.T) {
	srv, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "coir"}`)))
	var created createdJSON
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &created) != nil || !validID(created.ID) || len(created.Token) != 32 {
		t.Errorf("a game on the zero Config: %d %s", rec.Code, rec.Body)
	}
}

// TestConfigGivenBack: the Config a server gives back makes a server of
// the same configuration: no limit of event streams a client may hold
// (-1) stays none, where Config gave 0, which a new server reads as the
// default of 16.
func TestConfigGivenBack(t *testing.T) {
	for _, streams := range []int{-1, 0, 3} {
		srv, err := NewServer(Config{StreamsPerClient: streams})
		if err != nil {
			t.Fatal(err)
		}
		cfg := srv.Config()
		srv.Close()
		again, err := NewServer(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got := again.Config(); got.StreamsPerClient != cfg.StreamsPerClient || again.streams.perClient != srv.streams.perClient {
			t.Errorf("StreamsPerClient %d: given back %d, which makes a server of %d (limit %d, want %d)", streams, cfg.StreamsPerClient, got.StreamsPerClient, again.streams.perClient, srv.streams.perClient)
		}
		again.Close()
	}
}

// TestCreateRateSpentByGamesOnly: the creation rate counts the games
// created. A retry with its Idempotency-Key gets its answer again, the
// same game, when the rate is spent (it was 429, which a client that
// retries until an answer other than 503 takes for the request's); a
// request refused for what it asks spends nothing; and a creation the
// global rate refuses leaves the client's own share as it was.
func TestCreateRateSpentByGamesOnly(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{63}), Now: clk.Now,
		CreateRate: 1, CreateBurst: 2, GlobalCreateRate: 60, GlobalCreateBurst: 2})
	if err != nil {
		t.Fatal(err)
	}
	create := func(ip, key, body string) (int, createdJSON, errorJSON) {
		rec := createFrom(srv, ip, key, body)
		var out createdJSON
		var e errorJSON
		json.Unmarshal(rec.Body.Bytes(), &out)
		json.Unmarshal(rec.Body.Bytes(), &e)
		return rec.Code, out, e
	}
	const a, b = "192.0.2.1", "192.0.2.2"
	// Refused requests first: they spend neither rate.
	for _, body := range []string{`{"game":`, `{"game": "chess"}`, `{"game": "catchit", "first": "Green"}`} {
		if code, _, _ := create(a, "", body); code != http.StatusBadRequest {
			t.Fatalf("%s: %d, want 400", body, code)
		}
	}
	key := strings.Repeat("k", 30)
	code, first, _ := create(a, key, `{"game": "catchit"}`)
	if code != http.StatusCreated {
		t.Fatalf("a game with a key after three refusals: %d", code)
	}
	if code, _, e := create(a, "", `{"game": "coir"}`); code != http.StatusCreated {
		t.Fatalf("a's second game: %d %s", code, e.Error)
	}
	// Both of a's games are spent, and both of the global burst.
	for range 2 {
		code, again, e := create(a, key, `{"game": "catchit"}`)
		if code != http.StatusCreated || again != first {
			t.Fatalf("the retry once the rate is spent: %d %s, %+v, want %+v", code, e.Error, again, first)
		}
	}
	if code, _, e := create(a, "", `{"game": "zapita"}`); code != http.StatusTooManyRequests || e.Kind != "rate" {
		t.Errorf("a's third game: %d %+v, want 429", code, e)
	}
	// b's first game is refused by the global rate only: b's own share
	// stays whole, and the global rate is back a second later.
	if code, _, e := create(b, "", `{"game": "zapita"}`); code != http.StatusTooManyRequests || !strings.Contains(e.Error, "being created") {
		t.Errorf("b over the global rate: %d %+v", code, e)
	}
	clk.advance(time.Second)
	if code, _, e := create(b, "", `{"game": "zapita"}`); code != http.StatusCreated {
		t.Errorf("b a second later: %d %s", code, e.Error)
	}
	clk.advance(time.Second)
	if code, _, e := create(b, "", `{"game": "zapita"}`); code != http.StatusCreated {
		t.Errorf("b's second game, two seconds later: %d %s (its share was spent by a refusal)", code, e.Error)
	}
}

// TestCreateRateNotSpentWhenFull: a creation refused because the server
// holds MaxGames games spends no rate: the same client creates once an
// expired game has left room.
func TestCreateRateNotSpentWhenFull(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{64}), Now: clk.Now, MaxGames: 1, WaitingTTL: time.Minute,
		CreateRate: 0.1, CreateBurst: 1})
	if err != nil {
		t.Fatal(err)
	}
	create := func(ip string) int { return createFrom(srv, ip, "", `{"game": "coir"}`).Code }
	if code := create("192.0.2.1"); code != http.StatusCreated {
		t.Fatalf("the first game: %d", code)
	}
	if code := create("192.0.2.2"); code != http.StatusServiceUnavailable {
		t.Fatalf("a second game with room for one: %d, want 503", code)
	}
	clk.advance(2 * time.Minute) // the first game expires; b's share would need 10 minutes to come back
	if code := create("192.0.2.2"); code != http.StatusCreated {
		t.Errorf("the second client once there is room: %d, want 201 (the refusal spent its share)", code)
	}
}

// TestKindsLeaveOutHidden: /kinds says "hidden" only for a game that
// hides pieces, as the documentation says of every key that may be
// false (it sent "hidden": false for the other three).
func TestKindsLeaveOutHidden(t *testing.T) {
	c := newClient(t)
	var got struct {
		Kinds []map[string]json.RawMessage `json:"kinds"`
	}
	if code, raw := c.do("GET", "/kinds", "", "", &got); code != http.StatusOK || len(got.Kinds) != 4 {
		t.Fatalf("GET /kinds: %d %s", code, raw)
	}
	for _, k := range got.Kinds {
		hidden, has := k["hidden"]
		if name := string(k["name"]); name == `"brouillard"` {
			if string(hidden) != "true" {
				t.Errorf("%s: hidden %s, want true", name, hidden)
			}
		} else if has {
			t.Errorf("%s: hidden %s, want the key left out", name, hidden)
		}
	}
}
