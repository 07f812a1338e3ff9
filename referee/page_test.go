package referee

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// raw fetches path with an optional token and returns the status, the
// content type and the body, whatever their type.
func (c *client) raw(method, path, token string) (int, string, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// The rules of each game come from the rule book: the game's section
// first, then the common rules, every rule under its id.
func TestRules(t *testing.T) {
	c := newClient(t)
	for name, want := range map[string][]string{
		"catchit":    {"## K. Catch'it", "**K8 ", "## G. Rules common"},
		"zapita":     {"## Z. Zapita", "**Z9 ", "**G12 "},
		"coir":       {"## C. Coir Circuit", "**C6 ", "**G1 "},
		"brouillard": {"## B. Brouillard au Palais", "**B8 ", "**G5 "},
	} {
		code, ct, body := c.raw("GET", "/rules/"+name, "")
		if code != http.StatusOK || !strings.HasPrefix(ct, "text/markdown") {
			t.Fatalf("GET /rules/%s: %d %q", name, code, ct)
		}
		if !strings.HasPrefix(body, want[0]) {
			t.Errorf("GET /rules/%s starts %.40q, want %q", name, body, want[0])
		}
		for _, w := range want[1:] {
			if !strings.Contains(body, w) {
				t.Errorf("GET /rules/%s has no %q", name, w)
			}
		}
		for _, other := range []string{"## Z.", "## K.", "## C.", "## B."} {
			if other != want[0][:5] && strings.Contains(body, other) {
				t.Errorf("GET /rules/%s holds another game's section %q", name, other)
			}
		}
		if code, body := c.svg("/rules/"+name+"/start.svg", ""); code != http.StatusOK || !strings.Contains(body, `data-square="A1"`) {
			t.Errorf("GET /rules/%s/start.svg: %d", name, code)
		}
	}
	if code, _ := c.do("GET", "/rules/chess", "", "", nil); code != http.StatusNotFound {
		t.Errorf("GET /rules/chess: %d, want 404", code)
	}
}

// playRandom plays up to n random moves of a hosted game, and returns the
// moves played.
func playRandom(t *testing.T, c *client, h hosted, r *rand.Rand, n int) []string {
	t.Helper()
	path := "/games/" + h.ID
	var played []string
	for range n {
		var st stateJSON
		c.do("GET", path, h.Tokens[h.First], "", &st)
		if st.Status != StatusPlaying {
			break
		}
		moves := c.allMoves(path, h.Tokens[st.ToMove])
		move := moves[r.IntN(len(moves))]
		var after stateJSON
		if code, raw := c.do("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: move}), &after); code != http.StatusOK {
			t.Fatalf("%s: %d %s", move, code, raw)
		}
		played = append(played, move)
	}
	return played
}

// The replay route gives every position of a game, as the library plays
// its history, to a player and to a spectator alike in a game without
// hidden pieces; the record reads back with hops.ReadRecord and replays
// to the same positions; the resignation is told in a tag.
func TestReplayAndRecord(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	g, _ := games.ByName("catchit")
	playRandom(t, c, h, rand.New(rand.NewPCG(3, 3)), 12)
	var hist historyJSON
	c.do("GET", "/games/"+h.ID+"/history", "", "", &hist)
	if len(hist.Moves) == 0 {
		t.Fatal("no move played")
	}
	if code, _ := c.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Red"], "", nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	s := g.Start(hops.First)
	for ply := 0; ply <= len(hist.Moves); ply++ {
		if ply > 0 {
			var err error
			if s, err = s.Play(hist.Moves[ply-1]); err != nil {
				t.Fatal(err)
			}
		}
		for _, token := range []string{"", h.Tokens["Blue"]} {
			var f frameJSON
			if code, raw := c.do("GET", fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, ply), token, "", &f); code != http.StatusOK {
				t.Fatalf("replay %d: %d %s", ply, code, raw)
			}
			if f.Position != s.String() || f.Ply != ply || f.Plies != len(hist.Moves) || f.Status != StatusOver || !strings.Contains(f.SVG, "<svg") {
				t.Fatalf("replay %d: %+v, want position %q", ply, f, s)
			}
			if ply > 0 && f.Move != hist.Moves[ply-1] {
				t.Errorf("replay %d: move %q", ply, f.Move)
			}
		}
	}
	var last frameJSON
	c.do("GET", "/games/"+h.ID+"/replay", "", "", &last)
	if last.Ply != len(hist.Moves) {
		t.Errorf("replay without ply shows ply %d of %d", last.Ply, len(hist.Moves))
	}
	if code, _ := c.do("GET", fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, len(hist.Moves)+1), "", "", nil); code != http.StatusBadRequest {
		t.Errorf("replay past the end: %d", code)
	}
	code, ct, text := c.raw("GET", "/games/"+h.ID+"/record", "")
	if code != http.StatusOK || !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("record: %d %q %s", code, ct, text)
	}
	rec, err := hops.ReadRecord(text)
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, text)
	}
	states, err := games.Replay(rec)
	if err != nil {
		t.Fatalf("the record does not replay: %v\n%s", err, text)
	}
	if got := states[len(states)-1].String(); got != s.String() || len(rec.Moves) != len(hist.Moves) {
		t.Errorf("the record replays to %q after %d moves, want %q after %d", got, len(rec.Moves), s, len(hist.Moves))
	}
	if term, _ := rec.Tag("Termination"); term != "Red resigned" {
		t.Errorf("the record's Termination tag is %q", term)
	}
}

// A spectator of a Brouillard game in progress gets no position, no
// diagram, no picture and no record: only the moves and what they made
// public (B4, B8). A player gets his own view and his own record. Once
// the game is over the spectator gets the true game.
func TestBrouillardSpectator(t *testing.T) {
	c := newClient(t)
	h := c.create("brouillard", "")
	g, _ := games.ByName("brouillard")
	played := playRandom(t, c, h, rand.New(rand.NewPCG(5, 5)), 30)
	for ply := 0; ply <= len(played); ply++ {
		var f frameJSON
		code, raw := c.do("GET", fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, ply), "", "", &f)
		if code != http.StatusOK {
			t.Fatalf("replay %d: %d %s", ply, code, raw)
		}
		if f.Status == StatusOver {
			break
		}
		if !f.Hidden || f.Position != "" || f.Diagram != "" || f.SVG != "" || strings.Contains(string(raw), "svg") {
			t.Fatalf("a spectator of the game in progress is shown %s", raw)
		}
		if !slices.Equal(f.Moves, played) {
			t.Fatalf("the spectator reads the moves %v, want %v", f.Moves, played)
		}
		var mine frameJSON
		c.do("GET", fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, ply), h.Tokens["White"], "", &mine)
		if _, err := brouillard.ParseView(mine.Position, hops.First); err != nil || mine.Hidden || mine.SVG == "" {
			t.Fatalf("White's frame %d is not his view: %q %v", ply, mine.Position, err)
		}
	}
	var st stateJSON
	c.do("GET", "/games/"+h.ID, h.Tokens["White"], "", &st)
	if st.Status == StatusPlaying {
		var mine frameJSON
		c.do("GET", "/games/"+h.ID+"/replay", h.Tokens["White"], "", &mine)
		if mine.Position != st.Position || mine.Hidden {
			t.Errorf("White's last frame shows %q, his state %q", mine.Position, st.Position)
		}
		if code, _, _ := c.raw("GET", "/games/"+h.ID+"/record", ""); code != http.StatusForbidden {
			t.Errorf("a spectator's record of a game in progress: %d, want 403", code)
		}
		code, _, text := c.raw("GET", "/games/"+h.ID+"/record", h.Tokens["White"])
		rec, err := hops.ReadRecord(text)
		if code != http.StatusOK || err != nil {
			t.Fatalf("White's record: %d %v", code, err)
		}
		views, err := brouillard.ReplayView(rec)
		if err != nil || views[len(views)-1].String() != st.Position {
			t.Errorf("White's record replays to %v (%v), want %q", views[len(views)-1], err, st.Position)
		}
		c.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Red"], "", nil)
	}
	// Over: the true game is public.
	var f frameJSON
	c.do("GET", "/games/"+h.ID+"/replay", "", "", &f)
	code, _, text := c.raw("GET", "/games/"+h.ID+"/record", "")
	rec, err := hops.ReadRecord(text)
	if code != http.StatusOK || err != nil {
		t.Fatalf("the record of the finished game: %d %v", code, err)
	}
	states, err := games.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if f.Hidden || f.Position != states[len(states)-1].String() || f.SVG == "" {
		t.Errorf("the spectator of the finished game sees %+v, want %q", f, states[len(states)-1])
	}
	if _, err := g.Parse(f.Position); err != nil {
		t.Errorf("the spectator's position of the finished game is not a true position: %v", err)
	}
}

// A rematch is a new game between the same players, sides swapped, the
// loser beginning (G8): the first who asks creates it, the other is told
// the invitation and joins; asking again gives the same game. Against
// the computer it takes its seat at once.
func TestRematch(t *testing.T) {
	c := newClient(t)
	h := c.create("coir", "")
	path := "/games/" + h.ID + "/rematch"
	var e errorJSON
	if code, _ := c.do("POST", path, h.Tokens["White"], "", &e); code != http.StatusConflict {
		t.Errorf("a rematch of a game in progress: %d %+v", code, e)
	}
	if code, _ := c.do("GET", path, h.Tokens["White"], "", &e); code != http.StatusNotFound || e.Kind != "none" {
		t.Errorf("GET before any rematch: %d %+v", code, e)
	}
	c.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Black"], "", nil)
	if code, _ := c.do("POST", path, "", "", nil); code != http.StatusUnauthorized {
		t.Errorf("a rematch without a token: %d", code)
	}
	var mine rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["White"], "", &mine); code != http.StatusCreated || mine.You != "Black" || mine.Token == "" || mine.Invitation != "" {
		t.Fatalf("White's rematch: %d %s", code, raw)
	}
	var again rematchJSON
	c.do("POST", path, h.Tokens["White"], "", &again)
	if again.ID != mine.ID || again.Join || again.Token != "" || again.Invitation != "" {
		t.Errorf("White asking again: %+v, want game %s and nothing secret", again, mine.ID)
	}
	var theirs rematchJSON
	// Black is invited with his own token of the finished game, which
	// only he holds: the asker gets no invitation to pass on.
	if code, raw := c.do("GET", path, h.Tokens["Black"], "", &theirs); code != http.StatusOK || theirs.ID != mine.ID || !theirs.Join || theirs.Invitation != h.Tokens["Black"] {
		t.Fatalf("Black is told %d %s", code, raw)
	}
	joined := c.joinAs(theirs.ID, joinRequest{Invitation: theirs.Invitation})
	if joined.You != "White" {
		t.Errorf("Black of the first game joins the rematch as %s", joined.You)
	}
	// Its seat taken, the rematch offers its invitation no more.
	for _, method := range []string{"GET", "POST"} {
		var after rematchJSON
		if code, raw := c.do(method, path, h.Tokens["Black"], "", &after); code != http.StatusOK || after.ID != mine.ID || after.Join || after.Invitation != "" {
			t.Errorf("%s of the rematch once joined: %d %s", method, code, raw)
		}
	}
	var st stateJSON
	c.do("GET", "/games/"+mine.ID, mine.Token, "", &st)
	if st.Status != StatusPlaying || st.ToMove != "White" || st.You != "Black" {
		t.Errorf("the rematch: %+v", st)
	}

	// Against the computer: the person, who resigned, plays Red and
	// begins; the computer, Blue, replies.
	bot := c.createOnly(createRequest{Game: "catchit", Opponent: OpponentEasy})
	c.do("POST", "/games/"+bot.ID+"/resign", bot.Token, "", nil)
	var r rematchJSON
	if code, raw := c.do("POST", "/games/"+bot.ID+"/rematch", bot.Token, "", &r); code != http.StatusCreated || r.Invitation != "" || r.You != "Red" {
		t.Fatalf("a rematch against the computer: %d %s", code, raw)
	}
	c.do("GET", "/games/"+r.ID, r.Token, "", &st)
	if st.Status != StatusPlaying || st.Ply != 0 || st.ToMove != "Red" {
		t.Fatalf("the rematch against the computer: %+v, want Red, who lost, to begin", st)
	}
	rh := hosted{ID: r.ID, Tokens: map[string]string{"Red": r.Token}}
	c.play(rh, 1)
	waitPly(t, c, r.ID, r.Token, 2)
}

// waitPly polls a game until it reaches ply.
func waitPly(t *testing.T, c *client, id, token string, ply int) stateJSON {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var st stateJSON
		c.do("GET", "/games/"+id, token, "", &st)
		if st.Ply == ply {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game stays at %+v, want ply %d", st, ply)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Against the computer a player takes back his last move and the
// computer's reply; the takeback is journaled, so a restart keeps it,
// and the computer answers the move played instead. Between two people,
// or while the computer thinks, no move is taken back.
func TestTakeback(t *testing.T) {
	cfg := fileConfig(t, t.TempDir(), 8)
	c := newClientWith(t, cfg)
	created := c.createOnly(createRequest{Game: "catchit", Opponent: OpponentEasy})
	path := "/games/" + created.ID
	var e errorJSON
	if code, _ := c.do("POST", path+"/takeback", created.Token, "", &e); code != http.StatusConflict || e.Kind != "takeback" {
		t.Errorf("a takeback before any move: %d %+v", code, e)
	}
	moves := c.allMoves(path, created.Token)
	var start stateJSON
	c.do("GET", path, created.Token, "", &start)
	for i := range 2 {
		if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: moves[i]}), nil); code != http.StatusOK {
			t.Fatalf("move: %d %s", code, raw)
		}
		waitPly(t, c, created.ID, created.Token, 2*i+2)
		if i == 0 {
			moves = c.allMoves(path, created.Token)
		}
	}
	var back stateJSON
	if code, raw := c.do("POST", path+"/takeback", created.Token, "", &back); code != http.StatusOK {
		t.Fatalf("takeback: %d %s", code, raw)
	}
	var h historyJSON
	c.do("GET", path+"/history", created.Token, "", &h)
	if back.Ply != 2 || len(h.Moves) != 2 || back.ToMove != "Blue" {
		t.Fatalf("after the takeback: %+v, history %v", back, h.Moves)
	}
	c.restart(cfg)
	var after stateJSON
	c.do("GET", path, created.Token, "", &after)
	if after.Ply != 2 || after.Position != back.Position {
		t.Fatalf("after a restart the game is %+v, want %q at ply 2", after, back.Position)
	}
	// Back to the start, then the computer answers a new move.
	c.do("POST", path+"/takeback", created.Token, "", &back)
	if back.Ply != 0 || back.Position != start.Position {
		t.Fatalf("the second takeback gives %+v, want the start %q", back, start.Position)
	}
	if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: c.allMoves(path, created.Token)[0]}), nil); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, raw)
	}
	waitPly(t, c, created.ID, created.Token, 2)

	h2 := c.create("coir", "")
	c.do("POST", "/games/"+h2.ID+"/moves", h2.Tokens["White"], jsonBody(moveRequest{Move: c.allMoves("/games/"+h2.ID, h2.Tokens["White"])[0]}), nil)
	c.do("POST", "/games/"+h2.ID+"/moves", h2.Tokens["Black"], jsonBody(moveRequest{Move: c.allMoves("/games/"+h2.ID, h2.Tokens["Black"])[0]}), nil)
	if code, _ := c.do("POST", "/games/"+h2.ID+"/takeback", h2.Tokens["White"], "", &e); code != http.StatusForbidden || e.Kind != "takeback" {
		t.Errorf("a takeback between two people: %d %+v", code, e)
	}
}

// In Brouillard against the computer, a turn that turned one of the
// computer's pawns over is not taken back: the player would have seen
// its face and could play the turn again knowing it (B4). Before such a
// turn a takeback works as in the other games.
func TestTakebackKeepsWhatWasRevealed(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "brouillard", Opponent: OpponentEasy, Arrangement: "NTXXQJK"})
	path := "/games/" + created.ID
	// myTurn waits for the computer's reply: the player's turn again.
	myTurn := func() stateJSON {
		deadline := time.Now().Add(20 * time.Second)
		for {
			var st stateJSON
			c.do("GET", path, created.Token, "", &st)
			if st.Status != "playing" || st.ToMove == created.You {
				return st
			}
			if time.Now().After(deadline) {
				t.Fatalf("the computer does not answer: %+v", st)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	tookBack := false
	for turn := 0; turn < 60; turn++ {
		st := myTurn()
		if st.Status != "playing" {
			t.Skipf("the game ended (%s) before the player could turn a pawn over", st.Status)
		}
		moves := c.allMoves(path, created.Token)
		i := slices.IndexFunc(moves, func(m string) bool { return strings.Contains(m, "x") })
		if i < 0 {
			if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
				t.Fatalf("move %s: %d %s", moves[0], code, raw)
			}
			if !tookBack && st.Ply > 0 {
				// A takeback of a turn that showed nothing is allowed.
				myTurn()
				var h historyJSON
				c.do("GET", path+"/history", created.Token, "", &h)
				if !slices.ContainsFunc(h.Reveals, func(r string) bool { return r != "" }) {
					var back stateJSON
					if code, raw := c.do("POST", path+"/takeback", created.Token, "", &back); code != http.StatusOK {
						t.Fatalf("a takeback of a turn that turned nothing over: %d %s", code, raw)
					}
					tookBack = true
				}
			}
			continue
		}
		if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: moves[i]}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", moves[i], code, raw)
		}
		before := myTurn()
		var h historyJSON
		c.do("GET", path+"/history", created.Token, "", &h)
		var e errorJSON
		if code, _ := c.do("POST", path+"/takeback", created.Token, "", &e); code != http.StatusForbidden || e.Kind != "takeback" || e.Rule != "B4" || !strings.Contains(e.Error, "(B4)") {
			t.Fatalf("a takeback of %s, which showed %q: %d %+v", moves[i], h.Reveals, code, e)
		}
		var after stateJSON
		c.do("GET", path, created.Token, "", &after)
		if after.Ply != before.Ply || after.Position != before.Position {
			t.Errorf("the refused takeback changed the game: %+v, was %+v", after, before)
		}
		if !tookBack {
			t.Error("no takeback was tried before the pawn was turned over")
		}
		return
	}
	t.Fatal("no move of the player turned a pawn over in 60 turns")
}

// The builder's answer carries the preview: the position as the clicks
// leave it, drawn (and as a diagram), and what the next click is for,
// as the library's builder gives them. After D1-D2 in Catch'it the pawn
// and the ball stand on D2 and D1 is not offered again; in Brouillard
// the preview is drawn from the player's own view.
func TestBuildPreview(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	g, _ := games.ByName("catchit")
	start := g.Start(hops.First)
	clicks := []hops.Click{{Square: hops.SquareAt(3, 0)}, {Square: hops.SquareAt(3, 1)}}
	want, err := start.Build(clicks)
	if err != nil {
		t.Fatal(err)
	}
	var got builtJSON
	if code, raw := c.do("POST", "/games/"+h.ID+"/build", h.Tokens["Blue"], jsonBody(buildRequest{Clicks: clickTexts(clicks)}), &got); code != http.StatusOK {
		t.Fatalf("build: %d %s", code, raw)
	}
	wd := want.Preview.Drawing()
	wd.Caption = "Your move so far" // not "Red to move": the move is not played
	if got.SVG != wd.SVG() || got.Diagram != want.Preview.Diagram() || got.Prompt != want.Prompt || got.Prompt == "" {
		t.Errorf("the preview of D1 D2 is %q %q, want the library's %q", got.Prompt, got.Diagram, want.Prompt)
	}
	if !strings.HasPrefix(want.Preview.String(), "rrrrrrr/7/7/7/7/3B3/bbb1bbb") {
		t.Errorf("the library's preview of D1 D2 is %q: the pawn and ball should be on D2", want.Preview)
	}
	if slices.Contains(got.Next, "D1") {
		t.Errorf("after D1 D2 the builder offers D1 again: %v", got.Next)
	}

	created := c.createOnly(createRequest{Game: "brouillard", Arrangement: "NTXXQJK"})
	c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: "XKQJTNX"})
	var st stateJSON
	c.do("GET", "/games/"+created.ID, created.Token, "", &st)
	v, err := brouillard.ParseView(st.Position, hops.First)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := v.Build(nil)
	path := []hops.Click{first.Next[0]}
	for {
		w, err := v.Build(path)
		if err != nil {
			t.Fatal(err)
		}
		var got builtJSON
		c.do("POST", "/games/"+created.ID+"/build", created.Token, jsonBody(buildRequest{Clicks: clickTexts(path)}), &got)
		wd := w.Preview.Drawing()
		wd.Caption = previewCaption(w.Complete)
		if got.SVG != wd.SVG() || got.Prompt != w.Prompt {
			t.Fatalf("the Brouillard preview of %v is not the view's", path)
		}
		if len(w.Next) == 0 || len(path) > 6 {
			break
		}
		path = append(path, w.Next[0])
	}
}

// BenchmarkReplayFrame measures one frame of GET /games/{id}/replay, the
// last position of a game of about 60 moves, which the route computes by
// replaying the history from the start.
func BenchmarkReplayFrame(b *testing.B) {
	c := newClient(b)
	h := c.create("catchit", "")
	c.playRandomly(h, rand.New(rand.NewPCG(6, 6)), 60)
	m, err := c.server().lookup(h.ID)
	if err != nil {
		b.Fatal(err)
	}
	snap := take(m)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := frameOf(snap, viewer{}, len(snap.history)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(snap.history)), "plies")
}

// TestRematchKept: a rematch is kept in the finished game's journal, so
// that the other player is told the same game after a restart and on
// another node sharing the store, and two players asking at once on two
// nodes meet in one game; the journal holds no token in clear.
func TestRematchKept(t *testing.T) {
	cfg := fileConfig(t, t.TempDir(), 95)
	c := newClientWith(t, cfg)
	h, path := resignedZapita(c)
	var mine rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["White"], "", &mine); code != http.StatusCreated {
		t.Fatalf("White's rematch: %d %s", code, raw)
	}
	c.restart(cfg)
	var theirs rematchJSON
	if code, raw := c.do("GET", path, h.Tokens["Khaki"], "", &theirs); code != http.StatusOK || theirs.ID != mine.ID || !theirs.Join || theirs.Invitation != h.Tokens["Khaki"] {
		t.Fatalf("after a restart Khaki is told %d %s, want the game %s", code, raw, mine.ID)
	}
	var again rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["Khaki"], "", &again); code != http.StatusOK || again.ID != mine.ID {
		t.Fatalf("after a restart Khaki asks: %d %s, want the game %s", code, raw, mine.ID)
	}
	if joined := c.joinAs(theirs.ID, joinRequest{Invitation: theirs.Invitation}); joined.You != "White" {
		t.Errorf("Khaki joins the rematch as %s", joined.You)
	}

	// Two nodes on one store, both players asking at once.
	store := &MemStore{}
	a := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{96}), Store: store})
	b := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{97}), Store: store})
	g := a.create("catchit", "")
	a.do("POST", "/games/"+g.ID+"/resign", g.Tokens["Red"], "", nil)
	path = "/games/" + g.ID + "/rematch"
	var wg sync.WaitGroup
	var answers [2]rematchJSON
	var codes [2]int
	for i, asker := range []struct {
		c    *client
		side string
	}{{a, "Blue"}, {b, "Red"}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = asker.c.do("POST", path, g.Tokens[asker.side], "", &answers[i])
		}()
	}
	wg.Wait()
	if answers[0].ID == "" || answers[0].ID != answers[1].ID || codes[0]+codes[1] != http.StatusCreated+http.StatusOK {
		t.Fatalf("both asking at once on two nodes: %d %+v and %d %+v, want one game, created once", codes[0], answers[0], codes[1], answers[1])
	}
	joiner := 1 // the one answered 200, not 201
	if codes[0] == http.StatusOK {
		joiner = 0
	}
	if !answers[joiner].Join {
		t.Errorf("the second asker is not invited: %+v", answers[joiner])
	}
	n := 0
	store.List(context.Background(), func(Summary) error { n++; return nil })
	if n != 2 {
		t.Errorf("the store holds %d games, want the finished one and its rematch", n)
	}
	events, err := store.Load(context.Background(), g.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	last := events[len(events)-1]
	if last.Type != EventRematch || !last.End || last.Next != answers[0].ID {
		t.Errorf("the journal ends with %+v", last)
	}
	raw, _ := json.Marshal(events)
	for side, token := range g.Tokens {
		if strings.Contains(string(raw), token) {
			t.Errorf("the journal holds %s's token in clear", side)
		}
	}
	var told rematchJSON
	if code, raw := b.do("GET", path, g.Tokens["Blue"], "", &told); code != http.StatusOK || told.ID != answers[0].ID {
		t.Errorf("the other node tells Blue %d %s", code, raw)
	}
}

// TestRematchReplaced: a rematch whose game is gone (it expired before
// the other player joined) is replaced by the next request, here and
// after a restart, rather than named for ever; a game nobody joined has
// no rematch (there is nobody to play it with).
func TestRematchReplaced(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &MemStore{}
	cfg := Config{Rand: rand.NewChaCha8([32]byte{98}), Store: store, Now: clk.Now, WaitingTTL: 15 * time.Minute, FinishedTTL: 30 * 24 * time.Hour}
	c := newClientWith(t, cfg)
	h, path := resignedZapita(c)
	var first rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["White"], "", &first); code != http.StatusCreated {
		t.Fatalf("the rematch: %d %s", code, raw)
	}
	clk.advance(time.Hour) // the rematch expires unjoined
	c.server().Sweep()
	var e errorJSON
	if code, raw := c.do("GET", path, h.Tokens["Khaki"], "", &e); code != http.StatusNotFound || e.Kind != "none" {
		t.Fatalf("the rematch gone: %d %s, want 404 none", code, raw)
	}
	var second rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["Khaki"], "", &second); code != http.StatusCreated || second.ID == first.ID || second.You != "White" {
		t.Fatalf("a new rematch: %d %s", code, raw)
	}
	cfg.Rand = rand.NewChaCha8([32]byte{99})
	c.restart(cfg)
	var told rematchJSON
	if code, raw := c.do("GET", path, h.Tokens["White"], "", &told); code != http.StatusOK || told.ID != second.ID || !told.Join || told.Invitation != h.Tokens["White"] {
		t.Fatalf("after a restart White is told %d %s, want %s", code, raw, second.ID)
	}
	if joined := c.joinAs(told.ID, joinRequest{Invitation: told.Invitation}); joined.You != "Khaki" {
		t.Errorf("White of the first game joins the rematch as %s", joined.You)
	}

	alone := c.createOnly(createRequest{Game: "coir"})
	c.do("POST", "/games/"+alone.ID+"/resign", alone.Token, "", nil)
	if code, raw := c.do("POST", "/games/"+alone.ID+"/rematch", alone.Token, "", &e); code != http.StatusConflict || e.Kind != "waiting" {
		t.Errorf("a rematch of a game nobody joined: %d %s, want 409 waiting", code, raw)
	}
	// Asked whether there is one, the server says why there can be none,
	// so that a page stops offering it.
	if code, raw := c.do("GET", "/games/"+alone.ID+"/rematch", alone.Token, "", &e); code != http.StatusConflict || e.Kind != "waiting" {
		t.Errorf("the rematch of a game nobody joined, looked for: %d %s, want 409 waiting", code, raw)
	}
}

// TestRematchEventsChecked: a journal's rematch event is trusted only
// where the server itself writes one: after the end of a game two
// players sat at, keeping it ended, naming another game, and not the
// same one twice. Any other is damage, and the game is answered so.
func TestRematchEventsChecked(t *testing.T) {
	for _, c := range []struct {
		name  string
		over  bool
		event func(id string) Event
		ok    bool
	}{
		{"after the end", true, func(string) Event {
			return Event{Type: EventRematch, Side: "White", Next: strings.Repeat("a", 32), End: true}
		}, true},
		{"before the end", false, func(string) Event {
			return Event{Type: EventRematch, Side: "White", Next: strings.Repeat("a", 32), End: true}
		}, false},
		{"not keeping the end", true, func(string) Event { return Event{Type: EventRematch, Side: "White", Next: strings.Repeat("a", 32)} }, false},
		{"naming the game itself", true, func(id string) Event { return Event{Type: EventRematch, Side: "White", Next: id, End: true} }, false},
		{"naming no game id", true, func(string) Event { return Event{Type: EventRematch, Side: "White", Next: "x", End: true} }, false},
		{"by no side", true, func(string) Event {
			return Event{Type: EventRematch, Side: "Blue", Next: strings.Repeat("a", 32), End: true}
		}, false},
		{"of a game nobody joined", true, func(string) Event {
			return Event{Type: EventRematch, Side: "White", Next: strings.Repeat("a", 32), End: true}
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := &MemStore{}
			cl := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{100}), Store: store})
			var h hosted
			if c.name == "of a game nobody joined" {
				alone := cl.createOnly(createRequest{Game: "zapita"})
				h = hosted{ID: alone.ID, Tokens: map[string]string{alone.You: alone.Token}}
				cl.do("POST", "/games/"+h.ID+"/resign", alone.Token, "", nil)
			} else {
				h = cl.create("zapita", "")
				if c.over {
					cl.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Khaki"], "", nil)
				}
			}
			events, err := store.Load(context.Background(), h.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			add := func(e Event) {
				e.Time = time.Now()
				if err := store.Append(context.Background(), h.ID, len(events)+1, e); err != nil {
					t.Fatal(err)
				}
				events = append(events, e)
			}
			add(c.event(h.ID))
			fresh := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{101}), Store: store})
			var e errorJSON
			code, raw := fresh.do("GET", "/games/"+h.ID, h.Tokens["White"], "", &e)
			if c.ok != (code == http.StatusOK) || !c.ok && e.Kind != "damaged" {
				t.Fatalf("GET: %d %s, want %s", code, raw, map[bool]string{true: "200", false: "503 damaged"}[c.ok])
			}
			if !c.ok {
				return
			}
			// The same rematch again is damage; another one replaces it.
			again := c.event(h.ID)
			other := again
			other.Next = strings.Repeat("b", 32)
			add(other)
			fresh = newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{102}), Store: store})
			if code, raw := fresh.do("GET", "/games/"+h.ID, h.Tokens["White"], "", nil); code != http.StatusOK {
				t.Errorf("a rematch replaced: %d %s", code, raw)
			}
			add(other)
			fresh = newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{103}), Store: store})
			if code, raw := fresh.do("GET", "/games/"+h.ID, h.Tokens["White"], "", &e); code != http.StatusServiceUnavailable || e.Kind != "damaged" {
				t.Errorf("the same rematch twice: %d %s, want 503 damaged", code, raw)
			}
		})
	}
}

// resignedZapita creates a Zapita game between two people, which Khaki
// resigns, and returns it with the path of its rematch.
func resignedZapita(c *client) (hosted, string) {
	c.t.Helper()
	h := c.create("zapita", "")
	c.do("POST", "/games/"+h.ID+"/resign", h.Tokens["Khaki"], "", nil)
	return h, "/games/" + h.ID + "/rematch"
}

// TestRematchGoneWays: a rematch is gone, and replaced by the next
// request, when its asker resigned it before anyone joined; asked again
// with the asker's key once gone, it is a new game, recorded, so that
// the other player asking meanwhile meets him in it rather than in a
// game the journal does not name. A finished game lives FinishedTTL from
// its last event, the rematch included.
func TestRematchGoneWays(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := Config{Rand: rand.NewChaCha8([32]byte{104}), Store: &MemStore{}, Now: clk.Now, WaitingTTL: 15 * time.Minute, FinishedTTL: time.Hour}
	c := newClientWith(t, cfg)
	h, path := resignedZapita(c)
	var first rematchJSON
	c.do("POST", path, h.Tokens["White"], "", &first)
	c.do("POST", "/games/"+first.ID+"/resign", first.Token, "", nil) // its asker gives it up
	var e errorJSON
	if code, raw := c.do("GET", path, h.Tokens["Khaki"], "", &e); code != http.StatusNotFound || e.Kind != "none" {
		t.Errorf("a rematch resigned unjoined: GET %d %s, want 404 none", code, raw)
	}
	var second rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["Khaki"], "", &second); code != http.StatusCreated || second.ID == first.ID {
		t.Fatalf("the rematch after one resigned unjoined: %d %s", code, raw)
	}

	// The finished game's last event is the rematch, 50 minutes after
	// its end: it lives an hour from then.
	clk.advance(50 * time.Minute)
	key := strings.Repeat("r", 30)
	g, gpath := resignedZapita(c)
	clk.advance(50 * time.Minute)
	header := http.Header{"Authorization": {"Bearer " + g.Tokens["White"]}, "Idempotency-Key": {key}}
	var keyed rematchJSON
	if code, raw := c.send("POST", gpath, header, "", &keyed); code != http.StatusCreated {
		t.Fatalf("a keyed rematch: %d %s", code, raw)
	}
	clk.advance(20 * time.Minute) // the keyed rematch expires unjoined
	c.server().Sweep()
	if code, _ := c.do("GET", "/games/"+g.ID, g.Tokens["White"], "", nil); code != http.StatusOK {
		t.Errorf("the finished game, 70 minutes after its end and 20 after its rematch: %d, want it kept", code)
	}
	var again rematchJSON
	if code, raw := c.send("POST", gpath, header, "", &again); code != http.StatusCreated || again.ID == keyed.ID || again.Token == "" {
		t.Fatalf("the key again, its game gone: %d %s, want a new game", code, raw)
	}
	// Its answer lost too, the key once more gives the same game and
	// token.
	var third rematchJSON
	if code, raw := c.send("POST", gpath, header, "", &third); code != http.StatusCreated || third != again {
		t.Errorf("the key a third time: %d %s, want %+v again", code, raw, again)
	}
	var told rematchJSON
	if code, raw := c.do("POST", gpath, g.Tokens["Khaki"], "", &told); code != http.StatusOK || told.ID != again.ID || !told.Join {
		t.Errorf("the other player then: %d %s, want to join %s", code, raw, again.ID)
	}
}

// failingLoads is a store shared by servers, whose reads of one game
// fail while fail is set, as a database out of reach would.
type failingLoads struct {
	*MemStore
	id   atomic.Pointer[string]
	fail atomic.Bool
}

func (s *failingLoads) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if p := s.id.Load(); p != nil && id == *p && s.fail.Load() {
		return nil, errors.New("the store cannot be reached")
	}
	return s.MemStore.Load(ctx, id, from)
}

// TestRematchReadError: a rematch that cannot be read is not taken for
// gone: a request about it is answered 503 and replaces nothing, and
// once the store reads again the rematch stands. A damaged one is gone,
// and replaced.
func TestRematchReadError(t *testing.T) {
	store := &failingLoads{MemStore: &MemStore{}}
	c := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{105}), Store: store})
	h, path := resignedZapita(c)
	var first rematchJSON
	if code, raw := c.do("POST", path, h.Tokens["White"], "", &first); code != http.StatusCreated {
		t.Fatalf("the rematch: %d %s", code, raw)
	}
	store.id.Store(&first.ID)
	store.fail.Store(true)
	var e errorJSON
	for _, method := range []string{"GET", "POST"} {
		if code, raw := c.do(method, path, h.Tokens["Khaki"], "", &e); code != http.StatusServiceUnavailable {
			t.Errorf("%s of a rematch the store cannot read: %d %s, want 503", method, code, raw)
		}
	}
	store.fail.Store(false)
	var told rematchJSON
	if code, raw := c.do("GET", path, h.Tokens["Khaki"], "", &told); code != http.StatusOK || told.ID != first.ID {
		t.Errorf("once the store reads again: %d %s, want the rematch %s", code, raw, first.ID)
	}
	// Damaged: its journal holds what does not replay.
	store.Append(context.Background(), first.ID, 2, Event{Type: EventMove, Time: time.Now(), Ply: 1, Move: "A1-A1"})
	fresh := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{106}), Store: store})
	var second rematchJSON
	if code, raw := fresh.do("POST", path, h.Tokens["Khaki"], "", &second); code != http.StatusCreated || second.ID == first.ID {
		t.Errorf("a rematch of which the rematch is damaged: %d %s, want a new one", code, raw)
	}
}

// TestTakebackSentTwice: a takeback that names the ply its client sees
// takes back one turn however many times it is sent (a double click, a
// retry after a lost answer, two at once): the others are refused 409
// and change nothing. Without the ply each takeback takes back a turn,
// as before. A ply that is no count of moves is a bad request.
func TestTakebackSentTwice(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "coir", Opponent: OpponentEasy})
	path := "/games/" + created.ID
	for i := range 3 {
		if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: c.allMoves(path, created.Token)[0]}), nil); code != http.StatusOK {
			t.Fatalf("move: %d %s", code, raw)
		}
		waitPly(t, c, created.ID, created.Token, 2*i+2)
	}
	for _, body := range []string{`{"ply": -1}`, `{"ply": "6"}`, `{"ply": 6.5}`, `{"ply": 6, "ply": 6}`, `{"turn": 6}`} {
		var e errorJSON
		if code, raw := c.do("POST", path+"/takeback", created.Token, body, &e); code != http.StatusBadRequest || e.Kind != "request" {
			t.Errorf("takeback %s: %d %s, want 400 request", body, code, raw)
		}
	}
	var st stateJSON
	c.do("GET", path, created.Token, "", &st)
	if st.Ply != 6 {
		t.Fatalf("refused takebacks changed the game: %+v", st)
	}
	ok, conflict := sentAtOnce(4, func() int {
		code, _ := c.do("POST", path+"/takeback", created.Token, `{"ply": 6}`, nil)
		return code
	})
	c.do("GET", path, created.Token, "", &st)
	if ok != 1 || conflict != 3 || st.Ply != 4 {
		t.Errorf("four takebacks from ply 6 at once: %d taken, %d refused 409, the game at ply %d; want 1, 3 and ply 4", ok, conflict, st.Ply)
	}
	var e errorJSON
	if code, raw := c.do("POST", path+"/takeback", created.Token, `{"ply": 6}`, &e); code != http.StatusConflict || e.Kind != "takeback" || !strings.Contains(e.Error, "not 6") {
		t.Errorf("the takeback from ply 6 sent again: %d %s", code, raw)
	}
	if code, raw := c.do("POST", path+"/takeback", created.Token, "", &st); code != http.StatusOK || st.Ply != 2 {
		t.Errorf("a takeback without a ply at ply 4: %d %s, want ply 2", code, raw)
	}
}

// TestMoveSentTwice: a move that names the ply its client sees is played
// once however many times it is sent (a retry after a lost answer, the
// browser sending it again by itself), even when the computer has
// replied and it is the sender's turn again: the copies are refused 409
// changed, though legal where the game is. Without the ply a move is
// played wherever the game is, as before. A ply that is no count of
// moves is a bad request.
func TestMoveSentTwice(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "coir", Opponent: OpponentEasy})
	path := "/games/" + created.ID
	first := c.allMoves(path, created.Token)[0]
	if code, raw := c.do("POST", path+"/moves", created.Token, `{"move": "`+first+`", "ply": 0}`, nil); code != http.StatusOK {
		t.Fatalf("the first move: %d %s", code, raw)
	}
	waitPly(t, c, created.ID, created.Token, 2)
	legal := c.allMoves(path, created.Token)[0]
	for _, move := range []string{first, legal} {
		var e errorJSON
		code, raw := c.do("POST", path+"/moves", created.Token, `{"move": "`+move+`", "ply": 0}`, &e)
		if code != http.StatusConflict || e.Kind != "changed" || !strings.Contains(e.Error, "2 moves played, not 0") {
			t.Errorf("%s sent from ply 0 at ply 2: %d %s, want 409 changed", move, code, raw)
		}
	}
	for _, body := range []string{`{"move": "` + legal + `", "ply": -1}`, `{"move": "` + legal + `", "ply": "2"}`, `{"move": "` + legal + `", "ply": 2.5}`} {
		var e errorJSON
		if code, raw := c.do("POST", path+"/moves", created.Token, body, &e); code != http.StatusBadRequest || e.Kind != "request" {
			t.Errorf("move %s: %d %s, want 400 request", body, code, raw)
		}
	}
	var st stateJSON
	if c.do("GET", path, created.Token, "", &st); st.Ply != 2 {
		t.Fatalf("refused moves changed the game: %+v", st)
	}
	ok, conflict := sentAtOnce(4, func() int {
		code, _ := c.do("POST", path+"/moves", created.Token, `{"move": "`+legal+`", "ply": 2}`, nil)
		return code
	})
	waitPly(t, c, created.ID, created.Token, 4)
	if ok != 1 || conflict != 3 {
		t.Errorf("four copies of a move from ply 2 at once: %d played, %d refused 409; want 1 and 3", ok, conflict)
	}
	if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: c.allMoves(path, created.Token)[0]}), &st); code != http.StatusOK || st.Ply != 5 {
		t.Errorf("a move without a ply at ply 4: %d %s, want ply 5", code, raw)
	}
}

// sentAtOnce makes n requests at once with send, which returns the
// status of its answer, and counts the answers 200 and 409.
func sentAtOnce(n int, send func() int) (ok, conflict int) {
	codes := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- send()
		}()
	}
	wg.Wait()
	close(codes)
	for code := range codes {
		switch code {
		case http.StatusOK:
			ok++
		case http.StatusConflict:
			conflict++
		}
	}
	return ok, conflict
}
