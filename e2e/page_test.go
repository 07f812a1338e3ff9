package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// call sends a request to the referee's API from the test, as another
// client would, and decodes its JSON answer into out.
func call(t *testing.T, method, path, token string, body, out any) int {
	t.Helper()
	return callAt(t, serverURL, method, path, token, body, out)
}

// callAt is call to the referee at base (another node).
func callAt(t *testing.T, base, method, path, token string, body, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	return resp.StatusCode
}

// apiGame is a game created and joined through the API, both tokens at
// hand.
type apiGame struct {
	id     string
	tokens map[string]string
}

// newAPIGame creates a game between two clients of the API; in
// Brouillard, arrangements may give the creator's pawns, then the
// joiner's.
func newAPIGame(t *testing.T, name string, arrangements ...string) apiGame {
	t.Helper()
	body := func(i int, fields map[string]string) map[string]string {
		if i < len(arrangements) {
			fields["arrangement"] = arrangements[i]
		}
		return fields
	}
	var c struct{ ID, You, Token, Invitation string }
	if code := call(t, "POST", "/games", "", body(0, map[string]string{"game": name}), &c); code != http.StatusCreated {
		t.Fatalf("create: %d", code)
	}
	var j struct{ You, Token string }
	if code := call(t, "POST", "/games/"+c.ID+"/join", "", body(1, map[string]string{"invitation": c.Invitation}), &j); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	return apiGame{c.ID, map[string]string{c.You: c.Token, j.You: j.Token}}
}

// sideMove is a move and the side that plays it.
type sideMove struct{ side, move string }

// playBy plays moves in g through the API, each by its side (a
// Brouillard turn may hold several moves of one side, B9).
func (g apiGame) playBy(t *testing.T, moves ...sideMove) {
	t.Helper()
	for _, m := range moves {
		if code := call(t, "POST", "/games/"+g.id+"/moves", g.tokens[m.side], map[string]string{"move": m.move}, nil); code != http.StatusOK {
			t.Fatalf("%s %s: %d", m.side, m.move, code)
		}
	}
}

// playAPI plays up to n random moves of g through the API and returns
// them.
func (g apiGame) playAPI(t *testing.T, r *rand.Rand, n int) []string {
	t.Helper()
	var played []string
	for range n {
		var st struct {
			Status, To_move string
		}
		var any1 string
		for _, tok := range g.tokens {
			any1 = tok
			break
		}
		call(t, "GET", "/games/"+g.id, any1, nil, &st)
		if st.Status != "playing" {
			break
		}
		var page struct{ Moves []string }
		call(t, "GET", "/games/"+g.id+"/moves?limit=1000", g.tokens[st.To_move], nil, &page)
		move := page.Moves[r.IntN(len(page.Moves))]
		if code := call(t, "POST", "/games/"+g.id+"/moves", g.tokens[st.To_move], map[string]string{"move": move}, nil); code != http.StatusOK {
			t.Fatalf("move %s: %d", move, code)
		}
		played = append(played, move)
	}
	return played
}

// frameShown is what the replay view shows.
type frameShown struct {
	Frame  string            `json:"frame"`
	At     string            `json:"at"`
	Names  map[string]string `json:"names"`
	Labels []string          `json:"labels"`
	Board  string            `json:"board"`
}

const readFrame = `(() => {
	const b = document.getElementById('board');
	return {
		frame: document.getElementById('status').dataset.frame || '',
		at: document.getElementById('replay-at').textContent,
		names: b.names || {},
		labels: [...b.querySelectorAll('text')].map(t => t.textContent),
		board: b.textContent,
	};
})()`

// A finished game is replayed from its share link by someone who never
// played it: first, next, previous and last step through the positions
// the library gives; the record the page offers reads back with
// hops.ReadRecord and replays with games.Replay to the same end.
func TestReplayFromShareLink(t *testing.T) {
	g := newAPIGame(t, "catchit")
	moves := g.playAPI(t, rand.New(rand.NewPCG(9, 9)), 8)
	if code := call(t, "POST", "/games/"+g.id+"/resign", g.tokens["Red"], nil, nil); code != http.StatusOK && code != http.StatusConflict {
		t.Fatalf("resign: %d", code)
	}
	cg, _ := games.ByName("catchit")
	states := []hops.State{cg.Start(hops.First)}
	for _, m := range moves {
		s, err := states[len(states)-1].Play(m)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	p := newPage(t, "spectator")
	p.do(chromedp.Navigate(serverURL + "/#watch=" + g.id))
	p.waitFor("the replay", 10*time.Second, func(v view) bool { return v.Phase == "watch" })
	// A replay builds no move: its legend explains no frame of one.
	var legend string
	p.do(chromedp.Text("#legend", &legend, chromedp.ByQuery))
	if strings.Contains(legend, "click") || strings.Contains(legend, "orange") || !strings.Contains(legend, "red arrows") {
		t.Errorf("the replay's legend: %q", legend)
	}
	frameAt := func(want int) frameShown {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			var f frameShown
			p.do(chromedp.Evaluate(readFrame, &f))
			if f.Frame == fmt.Sprint(want) && document(p) == "watch" {
				return f
			}
			if time.Now().After(deadline) {
				t.Fatalf("the replay shows frame %q, want %d", f.Frame, want)
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	// The picture of a frame is the library's picture of that position.
	check := func(ply int) {
		t.Helper()
		f := frameAt(ply)
		d, err := states[ply].Drawing("")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pieces(f.Names), piecesOf(t, states[ply]); got != want {
			t.Errorf("frame %d shows the pieces %s, the library's position %s", ply, got, want)
		}
		_ = d
		// Each arrow of the last move ends where its hop lands: at the
		// edge of the piece standing there, or at the centre of a square
		// left empty, never short of it (where it would point at the
		// pawn it jumped over); an arrow of the second displacement, in
		// purple, is drawn 4 units aside (hops.Arrow.Part).
		var wrong []string
		p.do(chromedp.Evaluate(`(() => {
			const svg = document.querySelector('#board svg');
			const pieces = [...svg.querySelectorAll('circle[r="22"], rect[width="44"]')].map(el => el.nodeName === 'circle'
				? [+el.getAttribute('cx'), +el.getAttribute('cy')] : [+el.getAttribute('x') + 22, +el.getAttribute('y') + 22]);
			const squares = [...svg.querySelectorAll('rect[data-square]')].map(r => [+r.getAttribute('x') + 30, +r.getAttribute('y') + 30]);
			let tol = 2;
			const near = (list, x, y, d) => list.some(([a, b]) => Math.abs(Math.hypot(a - x, b - y) - d) < tol);
			return [...svg.querySelectorAll('line:not(.trail)')].filter(l => {
				const x = +l.getAttribute('x2'), y = +l.getAttribute('y2');
				tol = l.getAttribute('stroke') === '#7d3c98' ? 6 : 2;
				const onBoard = squares.some(([a, b]) => Math.abs(a - x) <= 30 && Math.abs(b - y) <= 30);
				return onBoard && !near(pieces, x, y, 24) && !(near(squares, x, y, 0) && !near(pieces, x, y, 0)); // off the board: an exit
			}).map(l => l.outerHTML);
		})()`, &wrong))
		if len(wrong) > 0 {
			t.Errorf("frame %d: arrows that end neither at a piece's edge nor on an empty square: %v", ply, wrong)
		}
	}
	check(len(moves))
	p.screenshot("replay-catchit")
	p.do(chromedp.Click("#first", chromedp.ByQuery))
	check(0)
	p.do(chromedp.Click("#next", chromedp.ByQuery))
	check(1)
	p.do(chromedp.Click("#next", chromedp.ByQuery))
	check(2)
	p.do(chromedp.Click("#prev", chromedp.ByQuery))
	check(1)
	p.do(chromedp.Click("#last", chromedp.ByQuery))
	check(len(moves))

	text := p.download("#record-link")
	rec, err := hops.ReadRecord(text)
	if err != nil {
		t.Fatalf("the page's record does not read: %v\n%s", err, text)
	}
	replayed, err := games.Replay(rec)
	if err != nil {
		t.Fatalf("the page's record does not replay: %v\n%s", err, text)
	}
	if got := replayed[len(replayed)-1].String(); got != states[len(states)-1].String() || len(rec.Moves) != len(moves) {
		t.Errorf("the record replays to %q after %d moves, want %q after %d", got, len(rec.Moves), states[len(states)-1], len(moves))
	}
}

func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

func document(p *page) string {
	var phase string
	p.do(chromedp.Evaluate(`document.body.dataset.phase`, &phase))
	return phase
}

// pieces writes the names the page gives the pieces of a Catch'it board,
// in square order.
func pieces(names map[string]string) string {
	var b strings.Builder
	for sq := range hops.Board7.All().Squares() {
		if n, ok := names[sq.String()]; ok {
			// What the last move did to a piece is checked apart
			// (TestBallTakenFromFramed): here the pieces alone.
			n = strings.TrimSuffix(n, ", the last move took the ball from it")
			fmt.Fprintf(&b, "%s:%s ", sq, n)
		}
	}
	return b.String()
}

// piecesOf names the pieces of a Catch'it position as the page does.
func piecesOf(t *testing.T, s hops.State) string {
	t.Helper()
	names := map[string]string{}
	rows, _, _ := strings.Cut(s.String(), " ")
	for i, row := range strings.Split(rows, "/") {
		file := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '9' {
				file += int(ch - '0')
				continue
			}
			sq := hops.SquareAt(file, 6-i).String()
			switch ch {
			case 'b':
				names[sq] = "Blue pawn"
			case 'B':
				names[sq] = "Blue pawn, carrying the ball"
			case 'r':
				names[sq] = "Red pawn"
			case 'R':
				names[sq] = "Red pawn, carrying the ball"
			}
			file++
		}
	}
	return pieces(names)
}

// A spectator of a Brouillard game in progress never receives a hidden
// pawn: the API refuses him the state and the picture, the replay gives
// him the moves and what they revealed only, and the page he watches
// shows no board until the end; then the true game is public.
func TestBrouillardSpectator(t *testing.T) {
	g := newAPIGame(t, "brouillard")
	g.playAPI(t, rand.New(rand.NewPCG(2, 2)), 12)
	for _, path := range []string{"", "/svg", "/history", "/moves", "/events"} {
		if code := call(t, "GET", "/games/"+g.id+path, "", nil, nil); code != http.StatusUnauthorized {
			t.Errorf("a spectator's GET /games/{id}%s: %d, want 401", path, code)
		}
	}
	var f map[string]any
	call(t, "GET", "/games/"+g.id+"/replay", "", nil, &f)
	if f["status"] == "playing" {
		for _, k := range []string{"position", "diagram", "svg"} {
			if _, ok := f[k]; ok {
				t.Errorf("the spectator's replay holds %s: %v", k, f[k])
			}
		}
		if code := call(t, "GET", "/games/"+g.id+"/record", "", nil, nil); code != http.StatusForbidden {
			t.Errorf("a spectator's record of a game in progress: %d", code)
		}
	}
	// The true positions so far, which the spectator must never meet.
	var secrets []string
	rec := trueRecord(t, g.id)
	states, err := games.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range states {
		board, _, _ := strings.Cut(s.String(), " ")
		secrets = append(secrets, board)
	}
	p := newPage(t, "Brouillard spectator")
	p.do(chromedp.Navigate(serverURL + "/#watch=" + g.id))
	p.waitFor("the spectator's page", 10*time.Second, func(v view) bool { return v.Phase == "watch" })
	var shown frameShown
	p.do(chromedp.Evaluate(readFrame, &shown))
	if f["status"] == "playing" && (len(shown.Names) != 0 || !strings.Contains(shown.Board, "hides")) {
		t.Errorf("the spectator's page shows a board: %+v", shown)
	}
	// The captures, which are public, in words.
	var fog string
	p.do(chromedp.Evaluate(`document.getElementById('fog').textContent`, &fog))
	if !strings.Contains(fog, "White has taken") || !strings.Contains(fog, "Red has taken") {
		t.Errorf("the spectator's page tells the captures %q", fog)
	}
	p.screenshot("spectator-brouillard")
	html := p.html()
	for _, r := range p.bodies() {
		for _, secret := range secrets {
			if strings.Contains(string(r.body), secret) {
				t.Errorf("the spectator received the true position %q from %s", secret, r.url)
			}
		}
	}
	for _, secret := range secrets {
		if strings.Contains(html, secret) {
			t.Errorf("the spectator's page holds the true position %q", secret)
		}
	}
	// Once over, the spectator's page (which follows the game) shows the
	// true last position.
	call(t, "POST", "/games/"+g.id+"/resign", g.tokens["Red"], nil, nil)
	deadline := time.Now().Add(10 * time.Second)
	for {
		p.do(chromedp.Evaluate(readFrame, &shown))
		if len(shown.Names) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(shown.Names) == 0 {
		t.Errorf("the spectator's page shows no board after the end: %+v", shown)
	}

	// White downloads his own record from his replay: it replays, from
	// public information and his own pawns, to his view of the end.
	w := newPage(t, "Brouillard player")
	w.seat(g.id, "brouillard", "White", g.tokens["White"])
	w.waitFor("the game", 10*time.Second, func(v view) bool { return v.Status == "over" && v.Phase == "over" })
	w.do(chromedp.Navigate(serverURL + "/#watch=" + g.id))
	w.waitFor("the replay", 10*time.Second, func(v view) bool { return v.Phase == "watch" })
	text := w.download("#record-link")
	mine, err := hops.ReadRecord(text)
	if err != nil {
		t.Fatalf("White's record does not read: %v\n%s", err, text)
	}
	views, err := brouillard.ReplayView(mine)
	if err != nil {
		t.Fatalf("White's record does not replay: %v\n%s", err, text)
	}
	var st struct{ Position string }
	call(t, "GET", "/games/"+g.id, g.tokens["White"], nil, &st)
	if got := views[len(views)-1].String(); got != st.Position {
		t.Errorf("White's record replays to %q, his view is %q", got, st.Position)
	}
}

// trueRecord reads a game's true record from the referee's journal.
func trueRecord(t *testing.T, id string) *hops.Record {
	t.Helper()
	rec := &hops.Record{Game: "brouillard", Result: hops.ResultUnfinished}
	for _, line := range journal(t, id) {
		fields := strings.SplitN(line, " ", 3)
		var e struct{ Type, Start, Move string }
		if err := json.Unmarshal([]byte(fields[2]), &e); err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case "join":
			rec.Start = e.Start
		case "move":
			rec.Moves = append(rec.Moves, hops.RecordMove{Text: e.Move})
		}
	}
	states, err := games.Replay(&hops.Record{Game: rec.Game, Start: rec.Start, Moves: rec.Moves, Result: "*"})
	if err == nil {
		rec.Result = hops.ResultOf(states[len(states)-1].Outcome())
	}
	return rec
}

// press sends a key to the page.
func (p *page) press(key string) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(key))
}

// keyTo moves the keyboard's focus over the board to sq with the arrow
// keys, the board seen from side's player.
func (p *page) keyTo(sq hops.Square, flipped bool) {
	p.t.Helper()
	var at string
	p.do(chromedp.Evaluate(`document.body.dataset.focus || ''`, &at))
	cur, err := hops.Board7.ParseSquare(at)
	if err != nil {
		p.t.Fatalf("the focus is on %q", at)
	}
	df, dr := sq.File()-cur.File(), sq.Rank()-cur.Rank()
	if flipped {
		df, dr = -df, -dr
	}
	for ; df > 0; df-- {
		p.press(kb.ArrowRight)
	}
	for ; df < 0; df++ {
		p.press(kb.ArrowLeft)
	}
	for ; dr > 0; dr-- {
		p.press(kb.ArrowUp)
	}
	for ; dr < 0; dr++ {
		p.press(kb.ArrowDown)
	}
	p.do(chromedp.Evaluate(`document.body.dataset.focus || ''`, &at))
	if at != sq.String() {
		p.t.Fatalf("the arrow keys took the focus to %s, not %s", at, sq)
	}
}

// A move played from the keyboard alone: Tab to the board, the arrow
// keys to each square, Enter to click it. The board names the focused
// square for screen readers.
func TestKeyboard(t *testing.T) {
	p := newPage(t, "keyboard player")
	p.createGame("catchit", "medium")
	v := p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	// Nothing to take back before the player's first move.
	var offered bool
	p.do(chromedp.Evaluate(`!document.getElementById('takeback').hidden`, &offered))
	if offered {
		t.Error("the takeback is offered before any move")
	}
	p.do(chromedp.Focus("#board", chromedp.ByQuery))
	b := builderOf(t, v)
	d1, _ := hops.Board7.ParseSquare("D1")
	d2, _ := hops.Board7.ParseSquare("D2")
	c1, _ := hops.Board7.ParseSquare("C1")
	c2, _ := hops.Board7.ParseSquare("C2")
	for i, sq := range []hops.Square{d1, d2, c1, c2} {
		p.keyTo(sq, false)
		var said string
		p.do(chromedp.Evaluate(`document.getElementById('square-say').textContent`, &said))
		if !strings.HasPrefix(said, sq.String()+", ") {
			t.Errorf("the focus on %s is said %q", sq, said)
		}
		p.press(kb.Enter)
		if i < 3 {
			want := clickTexts([]hops.Click{{Square: d1}, {Square: d2}, {Square: c1}, {Square: c2}}[:i+1])
			p.waitFor("the clicks "+want, 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
		}
		if i == 1 {
			// The preview: the pawn and the ball on D2, D1 empty and
			// not offered again, and the next step named.
			var shown struct {
				D1, D2, Prompt string
				Offered        []string
				Trail          int
			}
			p.do(chromedp.Evaluate(`({
				Trail: document.querySelectorAll('#board line.trail').length,
				D1: document.getElementById('board').names['D1'] || '',
				D2: document.getElementById('board').names['D2'] || '',
				Prompt: document.getElementById('prompt').textContent,
				Offered: [...document.querySelectorAll('#board .ring.next')].map(r => r.dataset.for),
			})`, &shown))
			if shown.D2 != "Blue pawn, carrying the ball" || shown.D1 != "" || slices.Contains(shown.Offered, "D1") {
				t.Errorf("after D1 D2 the board shows D1 %q, D2 %q, offers %v", shown.D1, shown.D2, shown.Offered)
			}
			if shown.Trail != 1 {
				t.Errorf("after D1 D2 the board draws %d hops, want the one from D1 to D2", shown.Trail)
			}
			if !strings.Contains(strings.ToLower(shown.Prompt), "second displacement") {
				t.Errorf("after D1 D2 the page prompts %q", shown.Prompt)
			}
			p.screenshot("keyboard-catchit-preview")
		}
	}
	built, _ := b([]hops.Click{{Square: d1}, {Square: d2}, {Square: c1}, {Square: c2}})
	if !built.Complete {
		t.Fatalf("D1-D2 C1-C2 is not a move: %+v", built)
	}
	if len(built.Next) > 0 {
		p.waitFor("the offer to play", 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == "D1 D2 C1 C2" })
		p.do(chromedp.Focus("#submit", chromedp.ByQuery))
		p.press(kb.Enter)
	}
	p.waitFor("the move played", 10*time.Second, func(v view) bool { return v.Ply != "0" })
	hist := journal(t, p.gameID())
	if !strings.Contains(strings.Join(hist, "\n"), `"move":"C1-C2 D1-D2"`) && !strings.Contains(strings.Join(hist, "\n"), `"move":"D1-D2 C1-C2"`) {
		t.Errorf("the journal holds no move D1-D2 C1-C2:\n%s", strings.Join(hist, "\n"))
	}

	// The computer answers; the player takes back his move and the
	// reply, and the journal keeps the takeback.
	p.waitFor("the computer's reply", 20*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" && v.Phase == "idle" })
	// A screen reader hears the computer's move.
	var said string
	deadline := time.Now().Add(5 * time.Second)
	for !strings.HasPrefix(said, "Red played ") && time.Now().Before(deadline) {
		p.do(chromedp.Evaluate(`document.getElementById('announce').textContent`, &said))
		time.Sleep(25 * time.Millisecond)
	}
	if !strings.HasPrefix(said, "Red played ") {
		t.Errorf("the computer's move is announced %q", said)
	}
	p.do(chromedp.Click("#takeback", chromedp.ByQuery))
	v = p.waitFor("the takeback", 10*time.Second, func(v view) bool { return v.Ply == "0" && v.Turn == "you" && v.Phase == "idle" })
	cg, _ := games.ByName("catchit")
	if v.Position != cg.Start(hops.First).String() {
		t.Errorf("after the takeback the page shows %q, not the start", v.Position)
	}
	hist = journal(t, p.gameID())
	if !strings.Contains(hist[len(hist)-1], `"type":"takeback"`) {
		t.Errorf("the journal ends with %s, not a takeback", hist[len(hist)-1])
	}

	// The replay of the game under way shows the game, and nothing that
	// would act on it: no takeback, no prompt, no move controls.
	p.do(chromedp.Click("#watch-link", chromedp.ByQuery))
	p.waitFor("the replay", 10*time.Second, func(v view) bool { return v.Phase == "watch" })
	var shown []string
	p.do(chromedp.Evaluate(`['takeback', 'prompt', 'controls', 'resign'].filter(id => {
		const el = document.getElementById(id);
		return !el.hidden && getComputedStyle(el).display !== 'none' && el.offsetParent !== null;
	})`, &shown))
	if len(shown) > 0 {
		t.Errorf("the replay of a game under way shows %v", shown)
	}
	p.screenshot("keyboard-replay")
}

// axeSource is axe-core's script, from the npm registry (package.json;
// installed by npm ci when missing).
func axeSource(t *testing.T) string {
	t.Helper()
	path := filepath.Join("node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(path); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("npm ci (for axe-core): %v", err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// audit runs axe-core in the page and fails on any serious or critical
// violation.
func (p *page) audit(what, axe string) {
	p.t.Helper()
	var ok bool
	p.do(chromedp.Evaluate(axe+"\n;true", &ok))
	var violations []struct {
		ID     string `json:"id"`
		Impact string `json:"impact"`
		Help   string `json:"help"`
		Nodes  []struct {
			Target []any `json:"target"`
		} `json:"nodes"`
	}
	p.do(chromedp.Evaluate(`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)`, &violations, awaitPromise))
	for _, v := range violations {
		if v.Impact == "serious" || v.Impact == "critical" {
			var targets []string
			for _, n := range v.Nodes {
				targets = append(targets, fmt.Sprint(n.Target...))
			}
			p.t.Errorf("%s: %s (%s): %s at %v", what, v.ID, v.Impact, v.Help, targets)
		}
	}
}

// The lobby and a game page of each game, rules open, pass axe-core's
// audit with no serious or critical violation; each game page is also
// pictured at a phone's size.
func TestAccessibility(t *testing.T) {
	axe := axeSource(t)
	p := newPage(t, "audit")
	p.do(cdppage.SetBypassCSP(true))
	p.do(chromedp.Navigate(serverURL + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.audit("the lobby", axe)
	p.screenshot("lobby")
	for _, name := range games.Names() {
		p.openRules(name)
		// The rules are the player's: how programs write positions and
		// count moves is left to the rule book.
		var rules struct {
			G10, G11, G12, Perft, HowToRead bool
			Em                              []string
		}
		p.do(chromedp.Evaluate(`(() => {
			const r = document.getElementById('rules');
			return {
				G10: !!document.getElementById('rule-G10'), G11: !!document.getElementById('rule-G11'),
				G12: !!document.getElementById('rule-G12'),
				Perft: /perft\(/i.test(r.textContent), HowToRead: /How to read/.test(r.textContent),
				Em: [...r.querySelectorAll('em')].map(e => e.textContent),
			};
		})()`, &rules))
		if rules.G10 || rules.G11 || rules.Perft || rules.HowToRead || !rules.G12 {
			t.Errorf("the rules of %s on the page: %+v", name, rules)
		}
		for _, em := range rules.Em {
			if strings.ContainsAny(em, "`") || strings.Contains(em, "B2:") {
				t.Errorf("the rules of %s set %q in italics", name, em)
			}
		}
		p.audit("the page of "+name, axe)
		if name == "brouillard" {
			p.do(chromedp.Evaluate(`document.getElementById('rules-box').scrollIntoView()`, nil))
			p.screenshot("rules-" + name)
		}
	}
}

// Pictures of a game at a phone's size.
func TestPhone(t *testing.T) {
	p := newPage(t, "phone")
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	for _, name := range []string{"catchit", "brouillard"} {
		p.createGame(name, "easy")
		p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
		var png []byte
		p.do(chromedp.CaptureScreenshot(&png))
		if err := os.WriteFile(filepath.Join(shotsDir, "phone-"+name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A lost connection is shown and recovered: with the network cut, a
// click tells the player the server cannot be reached and the header
// shows it; once the network is back the page finds the server again by
// itself, clears the message and plays on. A click out of turn is
// explained. After the game, a rematch between the two people, sides
// swapped: one asks, the other's page offers to join.
func TestConnectionLost(t *testing.T) {
	p := newPage(t, "offline player")
	p.createGame("coir", "person")
	p.waitFor("the waiting game", 10*time.Second, func(v view) bool { return v.Status == "waiting" && v.Phase == "waiting" })
	p.do(chromedp.Click(`#board rect[data-square="A1"]`, chromedp.ByQuery))
	v := p.waitFor("the explanation", 10*time.Second, func(v view) bool { return v.Message != "" })
	if !strings.Contains(v.Message, "not joined yet") {
		t.Errorf("a click before the opponent joined shows %q", v.Message)
	}
	link := p.invitationLink()
	q := newPage(t, "offline opponent")
	q.do(chromedp.Navigate(link))
	q.waitFor("the joined game", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase == "waiting" })
	q.do(chromedp.Click(`#board rect[data-square="A6"]`, chromedp.ByQuery))
	v = q.waitFor("the explanation", 10*time.Second, func(v view) bool { return v.Message != "" })
	if v.Message != "It is White's turn: wait for their move. Rule G6" {
		t.Errorf("a click out of turn shows %q, want the turn and the rule's link", v.Message)
	}
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })

	conn := func() string {
		var s string
		p.do(chromedp.Evaluate(`document.getElementById('conn').dataset.state`, &s))
		return s
	}
	p.do(network.EmulateNetworkConditions(true, 0, -1, -1))
	p.do(chromedp.Click(`#board rect[data-square="A1"]`, chromedp.ByQuery))
	v = p.waitFor("the lost connection", 10*time.Second, func(v view) bool { return strings.Contains(v.Message, "connection") })
	if conn() != "offline" {
		t.Errorf("the header does not show the lost connection: %q", conn())
	}
	p.screenshot("offline")
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	p.waitFor("the connection back", 20*time.Second, func(v view) bool { return v.Message == "" })
	if conn() != "online" {
		t.Errorf("the header still shows %q", conn())
	}
	// The page plays on: a move, seen by the opponent and by a
	// spectator who follows the game from its share link.
	r := newPage(t, "spectator of Coir")
	r.do(chromedp.Navigate(serverURL + "/#watch=" + strings.TrimPrefix(p.read().Hash, "#game=")))
	r.waitFor("the game watched", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Ply == "0" })
	b := builderOf(t, p.read())
	p.playClicks(b, randomClicks(rand.New(rand.NewPCG(1, 1)))(t, p.read(), b), "0")
	q.waitFor("White's move", 10*time.Second, func(v view) bool { return v.Ply == "1" })
	var frame string
	deadline := time.Now().Add(10 * time.Second)
	for frame != "1" && time.Now().Before(deadline) {
		r.do(chromedp.Evaluate(`document.getElementById('status').dataset.frame`, &frame))
		time.Sleep(50 * time.Millisecond)
	}
	if frame != "1" {
		t.Errorf("the spectator's page shows frame %q after White's move", frame)
	}

	// Black resigns; White asks for a rematch and Black's page offers
	// to join it: sides swapped.
	q.do(chromedp.Evaluate(`window.confirm = () => true`, nil), chromedp.Click("#resign", chromedp.ByQuery))
	first := p.waitFor("the end", 10*time.Second, func(v view) bool { return v.Status == "over" && v.Phase == "over" })
	p.do(chromedp.Click("#rematch", chromedp.ByQuery))
	pv := p.waitFor("the rematch", 10*time.Second, func(v view) bool { return v.Hash != first.Hash && v.Status == "waiting" })
	p.screenshot("rematch-waiting")
	if !strings.Contains(pv.Text, "join the rematch") {
		t.Errorf("the asker's page, waiting: %q, want it to say the opponent joins the rematch", pv.Text)
	}
	q.do(chromedp.WaitVisible("#rematch-join", chromedp.ByQuery))
	q.screenshot("rematch-offer")
	var offer string
	q.do(chromedp.Text("#rematch-text", &offer, chromedp.ByQuery))
	if !strings.Contains(offer, "sides swapped") || !strings.Contains(offer, "Having lost, you begin (rule G8)") {
		t.Errorf("the loser's offer of a rematch says %q, want the sides swapped and that he begins (G8)", offer)
	}
	q.do(chromedp.Click("#rematch-join", chromedp.ByQuery))
	qv := q.waitFor("the joined rematch, the loser to move", 10*time.Second, func(v view) bool {
		return v.Hash == pv.Hash && v.Status == "playing" && v.Turn == "you"
	})
	if pv.You != "Black" || qv.You != "White" {
		t.Errorf("in the rematch the first game's White plays %s, its Black %s", pv.You, qv.You)
	}
}

// seat gives the page the seat of side in game id, as if this browser
// had created or joined it, and opens the game.
func (p *page) seat(id, game, side, token string) {
	p.t.Helper()
	g, _ := json.Marshal(map[string]string{"id": id, "token": token, "you": side, "game": game, "invitation": "", "opponent": "person"})
	p.do(chromedp.Navigate(serverURL+"/"),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, %q)`, "hops:"+id, g), nil),
		chromedp.Navigate(serverURL+"/#game="+id))
}

// In Zapita, once the pawn has stepped onto the bomb, the board shows it
// there and the page says how far it throws (Z5): a pawn of power 3.
func TestZapitaThrowPrompt(t *testing.T) {
	g := newAPIGame(t, "zapita")
	playAPIMoves(t, g, [2]string{"White", "Khaki"}, "G5-F4", "A7-B7", "F4-E4", "B7-C7")
	p := newPage(t, "Zapita thrower")
	p.seat(g.id, "zapita", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.do(chromedp.Click(`#board rect[data-square="E4"]`, chromedp.ByQuery))
	p.waitFor("the pawn chosen", 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == "E4" })
	p.do(chromedp.Click(`#board rect[data-square="D4"]`, chromedp.ByQuery))
	p.waitFor("the step onto the bomb", 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == "E4 D4" })
	var shown struct {
		E4, D4, Prompt string
	}
	p.do(chromedp.Evaluate(`({
		E4: document.getElementById('board').names['E4'] || '',
		D4: document.getElementById('board').names['D4'] || '',
		Prompt: document.getElementById('prompt').textContent,
	})`, &shown))
	var drawn int
	p.do(chromedp.Evaluate(`document.querySelectorAll('#board line.trail').length`, &drawn))
	if drawn != 1 {
		t.Errorf("after E4 D4 the board draws %d hops", drawn)
	}
	if shown.Prompt != "Click where the bomb lands, up to 3 squares in a line (a pawn of yours there throws it on)" || shown.E4 != "" || shown.D4 == "" {
		t.Errorf("after E4 D4 the page shows E4 %q, D4 %q and prompts %q", shown.E4, shown.D4, shown.Prompt)
	}
	p.screenshot("zapita-throw")
}

// download clicks the link sel and returns the file the browser saved.
func (p *page) download(sel string) string {
	p.t.Helper()
	dir := p.t.TempDir()
	p.do(chromedp.ActionFunc(func(ctx context.Context) error {
		ctx = cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		return browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).
			WithBrowserContextID(p.bc).WithDownloadPath(dir).Do(ctx)
	}), chromedp.Click(sel, chromedp.ByQuery))
	deadline := time.Now().Add(10 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		if len(files) == 1 {
			b, err := os.ReadFile(files[0])
			if err == nil && len(b) > 0 {
				return string(b)
			}
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: clicking %s downloaded nothing", p.name, sel)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The takeback is offered only when the server takes it: not to the
// second side before its own first move, though the computer has moved.
func TestTakebackOfferedOnlyWhenPossible(t *testing.T) {
	p := newPage(t, "second side")
	p.secondAgainstComputer("coir", "easy", "Black")
	var offered bool
	p.do(chromedp.Evaluate(`!document.getElementById('takeback').hidden`, &offered))
	if offered {
		p.screenshot("takeback-second-side")
		t.Error("the takeback is offered to the second side before its first move")
	}
	// The board is seen from Black's side, its coordinates where a player
	// reads them: the files' letters under it (F first), the ranks'
	// numbers at its left (1 at the top).
	var coords struct {
		Files, Ranks []string
		Misplaced    []string
	}
	p.do(chromedp.Evaluate(`(() => {
		const svg = document.querySelector('#board svg');
		const sq = [...svg.querySelectorAll('rect[data-square]')];
		const left = Math.min(...sq.map(r => +r.getAttribute('x')));
		const bottom = Math.max(...sq.map(r => +r.getAttribute('y') + +r.getAttribute('height')));
		const texts = [...svg.querySelectorAll('text')].filter(t => /^([A-F]|[1-6])$/.test(t.textContent) && t.getAttribute('font-size') === '16');
		const files = texts.filter(t => /[A-F]/.test(t.textContent)), ranks = texts.filter(t => /[1-6]/.test(t.textContent));
		return {
			Files: files.sort((a, b) => +a.getAttribute('x') - +b.getAttribute('x')).map(t => t.textContent),
			Ranks: ranks.sort((a, b) => +a.getAttribute('y') - +b.getAttribute('y')).map(t => t.textContent),
			Misplaced: files.filter(t => +t.getAttribute('y') <= bottom).concat(ranks.filter(t => +t.getAttribute('x') >= left)).map(t => t.textContent),
		};
	})()`, &coords))
	if strings.Join(coords.Files, "") != "FEDCBA" || strings.Join(coords.Ranks, "") != "123456" || len(coords.Misplaced) > 0 {
		t.Errorf("Black's board: files %v, ranks %v, misplaced %v", coords.Files, coords.Ranks, coords.Misplaced)
	}
	p.screenshot("second-side-board")
}

// TestBrouillardRematchPlacesPawns: in a rematch of Brouillard between
// two people, the player who joins it places his pawns first (B3), as
// through an invitation link, even after reloading the form, and his
// token of the finished game never goes into the address.
func TestBrouillardRematchPlacesPawns(t *testing.T) {
	g := newAPIGame(t, "brouillard")
	p := newPage(t, "rematch asker")
	q := newPage(t, "rematch joiner")
	p.seat(g.id, "brouillard", "White", g.tokens["White"])
	q.seat(g.id, "brouillard", "Red", g.tokens["Red"])
	if code := call(t, "POST", "/games/"+g.id+"/resign", g.tokens["Red"], nil, nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	first := p.waitFor("the end", 10*time.Second, func(v view) bool { return v.Status == "over" && v.Phase == "over" })
	p.do(chromedp.Click("#rematch", chromedp.ByQuery))
	p.waitFor("the rematch", 10*time.Second, func(v view) bool { return v.Hash != first.Hash && v.Status == "waiting" })
	q.do(chromedp.WaitVisible("#rematch-join", chromedp.ByQuery), chromedp.Click("#rematch-join", chromedp.ByQuery))
	v := q.waitFor("the form to place the pawns", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	if strings.Contains(v.Hash, g.tokens["Red"]) {
		t.Errorf("the address holds the joiner's token: %s", v.Hash)
	}
	q.screenshot("rematch-brouillard-join")
	// A reload of the form keeps the invitation (in the tab's storage,
	// never in the address).
	q.do(chromedp.Reload())
	q.waitFor("the form again after a reload", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	q.do(chromedp.SendKeys(`#arrangement`, "KQJTNXX", chromedp.ByQuery), chromedp.Click(`#start`, chromedp.ByQuery))
	qv := q.waitFor("the joined rematch", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase != "busy" })
	// Red of the first game plays White now, with the pawns he placed.
	if qv.You != "White" || !strings.Contains(qv.Position, "/T1NFX1X/1K1Q1J1 ") {
		t.Errorf("the joiner plays %s with %q, want White with KQJTNXX", qv.You, qv.Position)
	}
}

// TestStaleRematchOffer: an offer to join a rematch that has gone since
// (its asker gave it up unjoined and asked again) takes the player to
// the rematch that replaced it, not to the gone one.
func TestStaleRematchOffer(t *testing.T) {
	g := newAPIGame(t, "zapita")
	q := newPage(t, "offered player")
	q.seat(g.id, "zapita", "Khaki", g.tokens["Khaki"])
	call(t, "POST", "/games/"+g.id+"/resign", g.tokens["White"], nil, nil)
	var first struct{ ID, Token string }
	if code := call(t, "POST", "/games/"+g.id+"/rematch", g.tokens["White"], nil, &first); code != http.StatusCreated {
		t.Fatalf("the rematch: %d", code)
	}
	q.do(chromedp.WaitVisible("#rematch-join", chromedp.ByQuery))
	// The asker gives it up before it is joined, and asks again.
	call(t, "POST", "/games/"+first.ID+"/resign", first.Token, nil, nil)
	var second struct{ ID string }
	if code := call(t, "POST", "/games/"+g.id+"/rematch", g.tokens["White"], nil, &second); code != http.StatusCreated || second.ID == first.ID {
		t.Fatalf("the second rematch: %d %s", code, second.ID)
	}
	q.do(chromedp.Click("#rematch-join", chromedp.ByQuery))
	v := q.waitFor("the replacing rematch", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase != "busy" })
	if id := q.gameID(); id != second.ID {
		t.Errorf("the offer took the player to %s, want the rematch %s (the gone one: %s)", id, second.ID, first.ID)
	}
	if v.You != "White" {
		t.Errorf("Khaki of the first game plays %s in the rematch", v.You)
	}
}

// TestSpentBrouillardInvitation: a Brouillard invitation already used,
// or one of a finished game, is said spent as soon as it is opened, as
// in the other games, even after a reload; no form to place the pawns
// is offered for it.
func TestSpentBrouillardInvitation(t *testing.T) {
	invited := func() (id, invitation string, tokens map[string]string) {
		t.Helper()
		var c struct{ ID, You, Token, Invitation string }
		if code := call(t, "POST", "/games", "", map[string]string{"game": "brouillard"}, &c); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
		var j struct{ You, Token string }
		if code := call(t, "POST", "/games/"+c.ID+"/join", "", map[string]string{"invitation": c.Invitation}, &j); code != http.StatusOK {
			t.Fatalf("join: %d", code)
		}
		return c.ID, c.Invitation, map[string]string{c.You: c.Token, j.You: j.Token}
	}
	spent := func(p *page, what string) {
		t.Helper()
		var shown struct{ Title, Message, Start string }
		deadline := time.Now().Add(10 * time.Second)
		for {
			p.do(chromedp.Evaluate(`({
				Title: document.getElementById('lobby-title').textContent,
				Message: document.getElementById('lobby-message').textContent,
				Start: document.getElementById('start').textContent,
			})`, &shown))
			if shown.Message != "" || time.Now().After(deadline) {
				break
			}
			time.Sleep(25 * time.Millisecond)
		}
		if !strings.Contains(shown.Message, "already used") || strings.HasPrefix(shown.Title, "Join") || shown.Start == "Join the game" {
			t.Errorf("%s: the page shows %q, %q and the button %q; want the invitation said used, and no form to join", what, shown.Title, shown.Message, shown.Start)
		}
	}

	id, invitation, tokens := invited()
	p := newPage(t, "late joiner")
	p.do(chromedp.Navigate(serverURL + "/#join=" + id + "." + invitation))
	spent(p, "an invitation used")
	p.screenshot("brouillard-invitation-used")
	p.do(chromedp.Reload())
	spent(p, "an invitation used, after a reload")

	id, invitation, tokens = invited()
	if code := call(t, "POST", "/games/"+id+"/resign", tokens["Red"], nil, nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	q := newPage(t, "joiner of a finished game")
	q.do(chromedp.Navigate(serverURL + "/#join=" + id + "." + invitation))
	spent(q, "the invitation of a finished game")
}

// The rules on the page say nothing of what the page leaves out of the
// rule book: no worked example "below", no rule cited that is not there,
// of the game's own, of the common rules or of another game (the common
// rules cited B12, K10 and C7 on Zapita's page).
func TestRulesCiteWhatIsShown(t *testing.T) {
	p := newPage(t, "rules reader")
	for _, name := range games.Names() {
		p.openRules(name)
		var rules struct {
			Below, Missing []string
		}
		p.do(chromedp.Evaluate(`(() => {
			const r = document.getElementById('rules');
			const text = r.textContent;
			// A list in brackets with a square no rule id can be (A1,
			// D5, ...) names squares, not rules.
			const cited = [...text.matchAll(/\(([^()]*)\)/g)]
				.map((m) => m[1].split(/,\s*|\s+and\s+/).map((id) => id.replace(/^see /, '')))
				.filter((items) => !items.some((i) => /^[ADEF][1-7]$/.test(i) || i === '...'))
				.flat().filter((id) => /^[GZKCB]\d+$/.test(id));
			return {
				Below: text.match(/[^.]*\b(worked|example)\b[^.]*\bbelow\b[^.]*\./gi) || [],
				Missing: [...new Set(cited)].filter((id) => !document.getElementById('rule-' + id)),
			};
		})()`, &rules))
		if len(rules.Below) > 0 || len(rules.Missing) > 0 {
			t.Errorf("the rules of %s point at what the page does not show: %q; they cite %v, not on the page", name, rules.Below, rules.Missing)
		}
	}
}

// openRules starts a game of name against the computer and opens its
// rules on the page.
func (p *page) openRules(name string) {
	p.t.Helper()
	p.createGame(name, "easy")
	p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.do(chromedp.Evaluate(`document.getElementById('rules-box').open = true`, nil))
	p.do(chromedp.WaitVisible(`#rules p`, chromedp.ByQuery))
}

// TestLongMovesWrap: on a phone, a Catch'it move of a long jump chain
// wraps within the list of moves: it ran past the list's right edge,
// cut off, behind a sideways scroll. The game's last move is given the
// text of a longer one, of a jump chain seen in a game against the
// computer.
func TestLongMovesWrap(t *testing.T) {
	g := newAPIGame(t, "catchit")
	g.playBy(t, sideMove{"Blue", "E1-E2 D1-E1"}, sideMove{"Red", "D7-E6 G7-G6"}, sideMove{"Blue", "F1-F2 B1-D1xF1"},
		sideMove{"Red", "E6-F6 B7-A6"}, sideMove{"Blue", "E1-D1 G1xE1-G3"}, sideMove{"Red", "E7-D7 F7-F5"},
		sideMove{"Blue", "C1-E1 E2-G2xG4-E6-out"})
	p := newPage(t, "watching on a phone")
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	p.do(chromedp.Navigate(serverURL + "/#watch=" + g.id))
	p.waitFor("the game watched", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Ply == "7" })
	var widths struct{ Scroll, Client, Longest int }
	p.do(chromedp.Evaluate(`(() => {
		const list = document.getElementById('moves');
		const last = [...list.querySelectorAll('.move')].pop();
		last.lastChild.textContent = ' D5-C4 F7-F5-D3xF3-D5-B3-B5-B7-D5-F3-F1';
		return { scroll: list.scrollWidth, client: list.clientWidth,
			longest: Math.max(...[...list.querySelectorAll('.move')].map((m) => m.textContent.length)) };
	})()`, &widths))
	if widths.Longest < 25 || widths.Scroll > widths.Client {
		t.Errorf("the list of moves is %d wide and shows %d, its longest move %d characters: want it all shown", widths.Scroll, widths.Client, widths.Longest)
	}
	p.screenshot("phone-long-move")
}
