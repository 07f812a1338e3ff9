package e2e

import (
	"bufio"

	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// refereeProcess is a referee command of its own, which a test kills or
// stops and starts again on the same address, as its operator would.
type refereeProcess struct {
	t    *testing.T
	addr string // host:port, the same from one start to the next
	dir  string // where it keeps the games

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	log  []string
}

// newRefereeProcess starts a referee keeping its games in a directory of
// the test's, on a free port of the loopback interface.
func newRefereeProcess(t *testing.T) *refereeProcess {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	r := &refereeProcess{t: t, addr: addr, dir: filepath.Join(t.TempDir(), "games")}
	t.Cleanup(func() { r.kill() })
	r.start()
	return r
}

// url is the address of the referee's page.
func (r *refereeProcess) url() string { return "http://" + r.addr }

// start runs the referee, and returns once it listens.
func (r *refereeProcess) start() {
	r.t.Helper()
	cmd := exec.Command(refereeBin, "-addr", r.addr, "-data", r.dir, "-create-rate", "0",
		"-max-conns-per-client", "0", "-max-streams-per-client", "1000")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		r.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	done := make(chan struct{})
	listening := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stderr)
		said := false
		for sc.Scan() {
			r.mu.Lock()
			r.log = append(r.log, sc.Text())
			r.mu.Unlock()
			if !said && strings.Contains(sc.Text(), "listening on ") {
				said = true
				close(listening)
			}
		}
		cmd.Wait()
		close(done)
	}()
	r.mu.Lock()
	r.cmd, r.done = cmd, done
	r.mu.Unlock()
	select {
	case <-listening:
	case <-done:
		r.t.Fatalf("the referee ended at start:\n%s", r.logged())
	case <-time.After(20 * time.Second):
		r.t.Fatalf("the referee did not say where it listens:\n%s", r.logged())
	}
}

// restartWithoutGames kills the referee and starts it again on a new
// directory, as a server started again without its games.
func (r *refereeProcess) restartWithoutGames() {
	r.kill()
	r.dir += "-another"
	r.start()
}

// kill ends the referee at once (SIGKILL), as a crash would, and waits
// until it has.
func (r *refereeProcess) kill() {
	r.mu.Lock()
	cmd, done := r.cmd, r.done
	r.cmd = nil
	r.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Kill()
	<-done
}

// logged returns what the referee wrote to its log so far.
func (r *refereeProcess) logged() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.log, "\n")
}

// apiGameAt creates a game of name at base and joins it, both through
// the API.
func apiGameAt(t *testing.T, base, name string) apiGame {
	t.Helper()
	var c struct{ ID, You, Token, Invitation string }
	callAt(t, base, "POST", "/games", "", map[string]string{"game": name}, &c)
	var j struct{ You, Token string }
	callAt(t, base, "POST", "/games/"+c.ID+"/join", "", map[string]string{"invitation": c.Invitation}, &j)
	return apiGame{c.ID, map[string]string{c.You: c.Token, j.You: j.Token}}
}

// historyAt returns the moves the referee at base recorded in game id.
func historyAt(t *testing.T, base, id string) []string {
	t.Helper()
	var h struct{ Moves []string }
	callAt(t, base, "GET", "/games/"+id+"/history", "", nil, &h)
	return h.Moves
}

// onPost holds the page's next POST whose path ends in suffix at stage
// (before it is sent, or once its answer came), runs then, and lets the
// request go on (request stage) or breaks its connection (response
// stage): the referee killed as the request was sent, or once it had
// answered.
func (p *page) onPost(suffix string, stage fetch.RequestStage, then func()) {
	p.t.Helper()
	var once sync.Once
	chromedp.ListenTarget(p.ctx, func(ev any) {
		e, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		go func() {
			ctx := cdp.WithExecutor(p.ctx, chromedp.FromContext(p.ctx).Target)
			held := false
			if e.Request.Method == "POST" && strings.HasSuffix(e.Request.URL, suffix) {
				once.Do(func() { held = true })
			}
			if !held {
				fetch.ContinueRequest(e.RequestID).Do(ctx)
				return
			}
			then()
			if stage == fetch.RequestStageResponse {
				fetch.FailRequest(e.RequestID, network.ErrorReasonConnectionReset).Do(ctx)
				return
			}
			fetch.ContinueRequest(e.RequestID).Do(ctx)
		}()
	})
	p.do(fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*" + suffix, RequestStage: stage}}))
}

// connState returns what the page's header says of the connection.
func (p *page) connState() string {
	p.t.Helper()
	var s string
	p.do(chromedp.Evaluate(`document.getElementById('conn').dataset.state`, &s))
	return s
}

// The referee is killed as a move is sent, before it reads it, and comes
// back two seconds later: the page says all along that the move may
// have been recorded or not and to play it again if it is not on the
// board, and once the referee is back it shows the game without the
// move, to play again, which is played once. The page said so for half
// a second, then only that the connection was lost, which it cleared
// once back: the move had gone without a word.
func TestMoveInDoubtWhileTheServerRestarts(t *testing.T) {
	ref := newRefereeProcess(t)
	g := apiGameAt(t, ref.url(), "catchit")
	p := newPage(t, "Blue, whose move meets a crash")
	p.seatAt(ref.url(), g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.onPost("/moves", fetch.RequestStageRequest, ref.kill)
	p.moveTo("D1", "D2", "C1", "C2")
	const doubt = "if your move is not on it, play it again"
	p.waitFor("the move in doubt", 10*time.Second, func(v view) bool { return strings.Contains(v.Message, doubt) })
	time.Sleep(2 * time.Second) // the page tries again meanwhile
	v := p.read()
	p.screenshot("restart-move-in-doubt")
	if !strings.Contains(v.Message, doubt) {
		t.Errorf("with the referee down the page says %q under the board", v.Message)
	}
	ref.start()
	v = p.waitFor("the game as the referee has it", 15*time.Second, func(v view) bool {
		return v.Phase == "idle" && v.Turn == "you" && v.Ply == "0" && p.connState() == "online"
	})
	p.screenshot("restart-move-to-play-again")
	if !strings.Contains(v.Message, doubt) {
		t.Errorf("the referee back, the page shows the move not played and says %q", v.Message)
	}
	p.moveTo("D1", "D2", "C1", "C2")
	p.waitFor("the move played", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
	if h := historyAt(t, ref.url(), g.id); len(h) != 1 {
		t.Errorf("the referee recorded %q", h)
	}
}

// A resignation, and against the computer a takeback, sent while the
// referee is down are said to be perhaps done, and to do again if the
// game shows them undone once the referee is back. The page said that
// the connection was lost and that it retried on its own, then nothing
// once the referee was back: the player was left to think his
// resignation, or his takeback, would follow.
func TestResignationAndTakebackWhileTheServerIsDown(t *testing.T) {
	ref := newRefereeProcess(t)
	g := apiGameAt(t, ref.url(), "catchit")
	p := newPage(t, "Red, who resigns as the referee is down")
	p.seatAt(ref.url(), g.id, "catchit", "Red", g.tokens["Red"])
	p.waitFor("Blue's turn", 10*time.Second, func(v view) bool { return v.Turn == "them" && v.Phase == "waiting" })

	q := newPage(t, "Blue, who takes back as the referee is down")
	q.createGameAt(ref.url(), "catchit", "easy")
	q.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	q.moveTo("D1", "D2", "C1", "C2")
	q.waitFor("the computer's reply", 10*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" && v.Phase == "idle" })
	q.do(chromedp.WaitVisible("#takeback", chromedp.ByQuery))

	ref.kill()
	p.do(chromedp.Evaluate(`window.confirm = () => true`, nil), chromedp.Click("#resign", chromedp.ByQuery))
	q.do(chromedp.Click("#takeback", chromedp.ByQuery))
	cases := []struct {
		p    *page
		want string
		shot string
	}{
		{p, "resign again", "restart-resigned-while-down"},
		{q, "take it back again", "restart-took-back-while-down"},
	}
	for _, c := range cases {
		c.p.waitFor("the request said", 10*time.Second, func(v view) bool { return v.Message != "" })
		time.Sleep(time.Second)
		if v := c.p.read(); !strings.Contains(v.Message, "may have been") || !strings.Contains(v.Message, c.want) {
			t.Errorf("%s: with the referee down the page says %q", c.p.name, v.Message)
		}
		c.p.screenshot(c.shot)
	}
	ref.start()
	for _, c := range cases {
		v := c.p.waitFor("the referee back", 15*time.Second, func(v view) bool { return c.p.connState() == "online" && v.Phase != "busy" })
		if v.Status != "playing" || !strings.Contains(v.Message, c.want) {
			t.Errorf("%s: the referee back, the game is %s and the page says %q", c.p.name, v.Status, v.Message)
		}
	}
}

// The referee started again without its games (on another data
// directory): a spectator's page says that the game has gone. It went
// on showing "In progress: Blue to move." for ever, asking now and then.
func TestWatchedGameGoneAfterRestart(t *testing.T) {
	ref := newRefereeProcess(t)
	g := apiGameAt(t, ref.url(), "catchit")
	w := newPage(t, "spectator of a game the referee loses")
	w.do(chromedp.Navigate(ref.url() + "/#watch=" + g.id))
	w.waitFor("the game watched", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Status == "playing" })
	ref.restartWithoutGames()
	v := w.waitFor("the news", 12*time.Second, func(v view) bool { return v.Text == "This game has gone." })
	w.screenshot("restart-watched-game-gone")
	if !strings.Contains(v.Message, "has gone") {
		t.Errorf("the spectator's page says %q", v.Message)
	}
	// Nor are its record and a link to it offered: the server has
	// neither to give.
	var offered []string
	w.do(chromedp.Evaluate(`['record-link', 'share'].filter((id) => !document.getElementById(id).hidden)`, &offered))
	if len(offered) > 0 {
		t.Errorf("the page of the gone game offers %q", offered)
	}
}

// The referee started again without its games: the page of the player
// to move says that the game has gone and offers no square to click.
// It said so beside "First displacement: click a pawn to move" and the
// pawns framed in green, clicks on which were answered that the server
// had no such game.
func TestGoneGameOffersNoMove(t *testing.T) {
	ref := newRefereeProcess(t)
	g := apiGameAt(t, ref.url(), "catchit")
	p := newPage(t, "Blue, whose game the referee loses")
	p.seatAt(ref.url(), g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	ref.restartWithoutGames()
	p.waitFor("the news", 12*time.Second, func(v view) bool { return v.Text == "This game has gone." })
	time.Sleep(300 * time.Millisecond)
	var offered struct {
		Prompt string
		Rings  int
	}
	p.do(chromedp.Evaluate(`({Prompt: document.getElementById('prompt').textContent,
		Rings: document.querySelectorAll('#board .ring').length})`, &offered))
	p.screenshot("restart-game-gone-no-move")
	if offered.Prompt != "" || offered.Rings != 0 {
		t.Errorf("the page of the gone game asks %q and frames %d squares", offered.Prompt, offered.Rings)
	}
	p.clickOn("D1")
	time.Sleep(500 * time.Millisecond)
	if v := p.read(); !strings.Contains(v.Message, "has gone") {
		t.Errorf("a click on the board of the gone game is answered %q", v.Message)
	}
}
