package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// fault is what a flaky network does to one request.
type fault struct {
	delay  time.Duration // before the request goes on
	drop   bool          // the connection is cut before the request reaches the server
	lost   bool          // the server answers, and the connection is cut before the answer comes back (or, with status, the answer is replaced)
	hold   bool          // the request waits until the page gives it up
	status int           // answered by the proxy itself, with an HTML page
	cutAt  time.Duration // an answer (the event stream) cut this long after it began
	twice  bool          // the request reaches the server twice (a browser sends it again when a connection breaks), the page getting the second answer
}

// flaky is a network between the page and the referee, as a phone on a
// train has: a proxy that delays, drops or cuts what faults says of each
// request, and lists the requests it saw.
type flaky struct {
	url    string
	mu     sync.Mutex
	faults func(r *http.Request) fault
	seen   []string
	ts     *httptest.Server
	closed chan struct{} // at the end of the test: held requests end
}

func newFlaky(t *testing.T) *flaky {
	t.Helper()
	target, _ := url.Parse(serverURL)
	f := &flaky{closed: make(chan struct{})}
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = toReferee
	rp.FlushInterval = -1
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		rule := f.faults
		f.seen = append(f.seen, r.Method+" "+r.URL.Path)
		f.mu.Unlock()
		var ft fault
		if rule != nil {
			ft = rule(r)
		}
		if ft.delay > 0 {
			select {
			case <-time.After(ft.delay):
			case <-r.Context().Done():
				return
			}
		}
		switch {
		case ft.hold:
			select {
			case <-r.Context().Done():
			case <-f.closed:
			}
			return
		case ft.drop:
			cut(w)
			return
		case ft.lost:
			resp, err := toServer(r.Context(), r, target)
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			if ft.status != 0 {
				errorPage(w, ft.status)
				return
			}
			cut(w)
			return
		case ft.status != 0:
			errorPage(w, ft.status)
			return
		case ft.twice:
			body, _ := io.ReadAll(r.Body)
			var resp *http.Response
			for range 2 {
				r.Body = io.NopCloser(bytes.NewReader(body))
				var err error
				if resp, err = toServer(r.Context(), r, target); err != nil {
					cut(w)
					return
				}
				defer resp.Body.Close()
			}
			answerHead(w, resp)
			io.Copy(w, resp.Body)
			return
		case ft.cutAt > 0:
			ctx, cancel := context.WithTimeout(r.Context(), ft.cutAt)
			defer cancel()
			resp, err := toServer(ctx, r, target)
			if err != nil {
				cut(w)
				return
			}
			defer resp.Body.Close()
			answerHead(w, resp)
			buf := make([]byte, 4096)
			for {
				n, err := resp.Body.Read(buf)
				w.Write(buf[:n])
				http.NewResponseController(w).Flush()
				if err != nil {
					break
				}
			}
			// Cut short: no end of the chunked answer.
			panic(http.ErrAbortHandler)
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { close(f.closed); ts.CloseClientConnections(); ts.Close() })
	f.url = ts.URL
	f.ts = ts
	return f
}

// toReferee carries the proxy's requests to the referee. It lets go of a
// connection idle for 10 s, before the referee closes it (after 30 s): a
// request sent on a connection the referee is closing fails, and a POST
// is not sent again, which the page would see as a lost connection the
// test did not make.
var toReferee = &http.Transport{IdleConnTimeout: 10 * time.Second}

// toServer sends the request r on to the server at target, under ctx.
func toServer(ctx context.Context, r *http.Request, target *url.URL) (*http.Response, error) {
	req := r.Clone(ctx)
	req.RequestURI = ""
	req.URL.Scheme, req.URL.Host = target.Scheme, target.Host
	return toReferee.RoundTrip(req)
}

// answerHead writes the header and status of the server's answer resp.
func answerHead(w http.ResponseWriter, resp *http.Response) {
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
}

// errorPage answers as a proxy that could not reach the server does.
func errorPage(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "text/html")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<html><head><title>%d %s</title></head><body><center><h1>%d %s</h1></center><hr><center>nginx</center></body></html>\n",
		status, http.StatusText(status), status, http.StatusText(status))
}

// cut closes the connection under w without a word more.
func cut(w http.ResponseWriter) {
	c, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	c.Close()
}

// offline cuts every connection of the page, and every request it makes
// until online.
func (f *flaky) offline() {
	f.set(func(*http.Request) fault { return fault{drop: true} })
	f.ts.CloseClientConnections()
}

func (f *flaky) online() { f.set(nil) }

func (f *flaky) set(rule func(r *http.Request) fault) {
	f.mu.Lock()
	f.faults = rule
	f.mu.Unlock()
}

// requests returns the requests seen so far whose method and path begin
// with prefix ("POST /games/").
func (f *flaky) requests(prefix string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, s := range f.seen {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

// seatAt is seat, the page served at base.
func (p *page) seatAt(base, id, game, side, token string) {
	p.t.Helper()
	g, _ := json.Marshal(map[string]string{"id": id, "token": token, "you": side, "game": game, "invitation": "", "opponent": "person"})
	p.do(chromedp.Navigate(base+"/"),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, %q)`, "hops:"+id, g), nil),
		chromedp.Navigate(base+"/#game="+id))
}

// history returns the moves the referee recorded in game id.
func history(t *testing.T, id, token string) []string {
	t.Helper()
	var h struct{ Moves []string }
	call(t, "GET", "/games/"+id+"/history", token, nil, &h)
	return h.Moves
}

// namesOn returns what the board shows on the squares sqs.
func (p *page) namesOn(sqs ...string) string {
	p.t.Helper()
	var names []string
	p.do(chromedp.Evaluate(`((sqs) => sqs.map((sq) => (document.getElementById('board').names || {})[sq] || 'empty'))(`+jsList(sqs)+`)`, &names))
	return strings.Join(names, ", ")
}

func jsList(s []string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The opponent's move comes by the event stream while the picture of
// the board cannot be fetched: once the connection is back, the board
// shows the move. It stayed the board before it, beside "Your move",
// until the next move: the state had been taken as shown.
func TestBoardDrawnAgainAfterALostPicture(t *testing.T) {
	g := newAPIGame(t, "catchit")
	playAPIMoves(t, g, [2]string{"Blue", "Red"}, "D1-D2 C1-C2")
	net := newFlaky(t)
	p := newPage(t, "Blue, whose picture is lost")
	p.seatAt(net.url, g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("Red's turn", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Phase == "waiting" })
	net.set(func(r *http.Request) fault {
		if strings.HasSuffix(r.URL.Path, "/svg") {
			return fault{drop: true}
		}
		return fault{}
	})
	playAPIMoves(t, g, [2]string{"Red", "Blue"}, "D7-D6 C7-C6")
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" })
	p.screenshot("picture-lost")
	net.set(nil)
	deadline := time.Now().Add(8 * time.Second)
	for p.namesOn("C6", "D6") != "Red pawn, Red pawn" {
		if time.Now().After(deadline) {
			p.screenshot("picture-lost-still")
			t.Fatalf("the connection back, the board shows C6 and D6 %s, want Red's move on them; the page shows %+v", p.namesOn("C6", "D6"), p.read())
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" && v.Message == "" })
	p.screenshot("picture-back")
}

// onProxy seats a page named name as Blue, to move, in a new game of
// Catch'it served through a flaky network; it records what the page
// says under the board.
func onProxy(t *testing.T, name string) (apiGame, *flaky, *page) {
	t.Helper()
	g := newAPIGame(t, "catchit")
	net := newFlaky(t)
	p := newPage(t, name)
	p.seatAt(net.url, g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.do(chromedp.Evaluate(`window.said = [];
		new MutationObserver(() => window.said.push(document.getElementById('message').textContent))
			.observe(document.getElementById('message'), {childList: true, subtree: true, characterData: true})`, nil))
	return g, net, p
}

// saidSoFar returns what the page said under the board since onProxy.
func (p *page) saidSoFar() []string {
	p.t.Helper()
	var said []string
	p.do(chromedp.Evaluate(`window.said`, &said))
	return said
}

// moveTo makes the clicks of a move, each answered before the next.
func (p *page) moveTo(squares ...string) {
	p.t.Helper()
	for i, sq := range squares {
		p.clickOn(sq)
		if i < len(squares)-1 {
			p.clicksMade(strings.Join(squares[:i+1], " "))
		}
	}
}

// A proxy's page saying that the server could not be reached (502, with
// HTML) is said as a lost connection, which the page retries, not as a
// refusal: the page said "The server refused the request: Bad Gateway."
func TestProxyErrorPageIsNoRefusal(t *testing.T) {
	_, net, p := onProxy(t, "Blue behind a failing proxy")
	net.set(func(r *http.Request) fault {
		if strings.HasSuffix(r.URL.Path, "/build") {
			return fault{status: http.StatusBadGateway}
		}
		return fault{}
	})
	p.clickOn("D1")
	v := p.waitFor("the answer said", 10*time.Second, func(v view) bool { return v.Message != "" && v.Phase == "idle" })
	if strings.Contains(v.Message, "refused") || !strings.Contains(v.Message, "connection") {
		t.Errorf("after a proxy's 502 the page says %q, want the connection lost", v.Message)
	}
	p.screenshot("proxy-502")
	net.set(nil)
	p.waitFor("the connection back", 10*time.Second, func(v view) bool { return v.Message == "" })
	p.clickOn("D1")
	p.clicksMade("D1")
}

// A move the server recorded but whose answer was lost on the way (the
// connection cut, or a proxy's 504 page) is said to be perhaps recorded,
// and the page shows the game as the server has it: the move once, and
// no refusal. The page said "It is Red's turn: wait for their move." with
// rule G6 beside the move played, or "The server refused the request:
// Gateway Timeout.", though it was played.
func TestMoveAnswerLost(t *testing.T) {
	g, net, p := onProxy(t, "Blue, whose answers are lost")
	for i, answer := range []fault{{lost: true}, {lost: true, status: http.StatusGatewayTimeout}} {
		net.set(func(r *http.Request) fault {
			if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/moves") {
				return answer
			}
			return fault{}
		})
		ply := fmt.Sprint(2*i + 1)
		p.moveTo([][]string{{"D1", "D2", "C1", "C2"}, {"D2", "D3", "C2", "C3"}}[i]...)
		p.waitFor("the move shown played", 10*time.Second, func(v view) bool { return v.Ply == ply && v.Turn == "them" })
		time.Sleep(500 * time.Millisecond) // any answer after it
		v := p.read()
		if !strings.Contains(v.Message, "may have been recorded or not") || len(p.messageRules()) != 0 {
			t.Errorf("after the answer %+v was lost the page says %q (rules %v), said before %q", answer, v.Message, p.messageRules(), p.saidSoFar())
		}
		for _, s := range p.saidSoFar() {
			if strings.Contains(s, "turn") || strings.Contains(s, "refused") {
				t.Errorf("the page said %q of a move the server kept", s)
			}
		}
		if h := history(t, g.id, g.tokens["Blue"]); len(h) != 2*i+1 {
			t.Errorf("the server recorded %q", h)
		}
		p.screenshot(fmt.Sprintf("move-answer-lost-%d", i+1))
		net.set(nil)
		playAPIMoves(t, g, [2]string{"Red", "Blue"}, []string{"D7-D6 C7-C6", "E7-E6 F7-F6"}[i])
		p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
		p.do(chromedp.Evaluate(`window.said = []`, nil))
	}
}

// The button that plays a move, clicked again while the move is on its
// way, sends it once: it was sent again, refused, and the page said "It
// is Red's turn: wait for their move." beside the move played.
func TestPlayButtonClickedAgain(t *testing.T) {
	g, net, p := onProxy(t, "impatient Blue")
	// B1-B2, then D1 jumps over C1 to B1: a jump that could go on, so the
	// page offers to play the move.
	p.moveTo("B1", "B2", "D1", "B1")
	p.clicksMade("B1 B2 D1 B1")
	net.set(func(r *http.Request) fault {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/moves") {
			return fault{delay: 1500 * time.Millisecond}
		}
		return fault{}
	})
	for range 3 {
		p.do(chromedp.Evaluate(`document.getElementById('submit').click()`, nil))
		time.Sleep(100 * time.Millisecond)
	}
	p.waitFor("the move played", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Phase == "waiting" })
	time.Sleep(2 * time.Second) // any other answer
	if v := p.read(); v.Message != "" || v.Ply != "1" {
		t.Errorf("after the move the page says %q at ply %s", v.Message, v.Ply)
	}
	if posts := net.requests("POST /games/" + g.id + "/moves"); len(posts) != 1 {
		t.Errorf("the page sent the move %d times", len(posts))
	}
	if h := history(t, g.id, g.tokens["Blue"]); len(h) != 1 {
		t.Errorf("the server recorded %q", h)
	}
}

// A move whose answer never comes (a connection that died without a
// word, as a phone's may) is given up after the page's time limit and
// said to be perhaps recorded; the page then reads the game and lets
// the move be played again. The page waited for ever, busy.
func TestMoveAnswerNeverComes(t *testing.T) {
	g, net, p := onProxy(t, "Blue, whose move is held")
	p.do(chromedp.Evaluate(`requestLimit = 1500`, nil))
	net.set(func(r *http.Request) fault {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/moves") {
			return fault{hold: true}
		}
		return fault{}
	})
	p.moveTo("D1", "D2", "C1", "C2")
	v := p.waitFor("the move given up", 10*time.Second, func(v view) bool {
		return v.Phase == "idle" && strings.Contains(v.Message, "may have been recorded or not")
	})
	if v.Ply != "0" || v.Turn != "you" {
		t.Errorf("after the move was given up the page shows ply %s, turn %q", v.Ply, v.Turn)
	}
	p.screenshot("move-answer-never-comes")
	net.set(nil)
	p.moveTo("D1", "D2", "C1", "C2")
	p.waitFor("the move played again", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
	if h := history(t, g.id, g.tokens["Blue"]); len(h) != 1 {
		t.Errorf("the server recorded %q", h)
	}
}

// watchConnection records, in window.conns, each state the page's
// connection sign takes from now on.
func (p *page) watchConnection() {
	p.t.Helper()
	p.do(chromedp.Evaluate(`window.conns = [];
		new MutationObserver(() => window.conns.push(document.getElementById('conn').dataset.state))
			.observe(document.getElementById('conn'), {attributes: true, attributeFilter: ['data-state']})`, nil))
}

// connectionStates returns the states the connection sign took since
// watchConnection.
func (p *page) connectionStates() []string {
	p.t.Helper()
	var states []string
	p.do(chromedp.Evaluate(`window.conns`, &states))
	return states
}

// An event stream that a proxy cuts every second and a half is opened
// again at once, without a word, and brings the opponent's move: the
// page said "Connection lost: retrying…" at every cut, though nothing
// was lost.
func TestStreamCutsNotSaid(t *testing.T) {
	g, net, p := onProxy(t, "Blue, whose stream is cut")
	p.watchConnection()
	net.set(func(r *http.Request) fault {
		if strings.HasSuffix(r.URL.Path, "/events") {
			return fault{cutAt: 1500 * time.Millisecond}
		}
		return fault{}
	})
	time.Sleep(1500 * time.Millisecond)
	net.ts.CloseClientConnections() // the stream open: cut, as the next ones will be
	p.moveTo("D1", "D2", "C1", "C2")
	p.waitFor("Red's turn", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
	time.Sleep(3 * time.Second) // two cuts at least
	playAPIMoves(t, g, [2]string{"Red", "Blue"}, "D7-D6 C7-C6")
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" && v.Phase == "idle" })
	time.Sleep(2 * time.Second)
	if n := len(net.requests("GET /games/" + g.id + "/events")); n < 3 {
		t.Fatalf("the stream was opened %d times in 5 s of cuts every 1.5 s", n)
	}
	if states := p.connectionStates(); slices.Contains(states, "offline") {
		t.Errorf("the connection sign took the states %q while the stream was cut and opened again", states)
	}
	for _, s := range p.saidSoFar() {
		if strings.Contains(s, "connection") {
			t.Errorf("the page said %q while the stream was cut and opened again", s)
		}
	}
}

// The browser's network back, the page asks the server at once: it
// waited for the end of its pause between tries, seconds on.
func TestOnlineAgainAtOnce(t *testing.T) {
	_, _, p := onProxy(t, "Blue, offline a while")
	p.watchConnection()
	p.do(network.EmulateNetworkConditions(true, 0, -1, -1))
	p.clickOn("D1")
	p.waitFor("the connection lost", 10*time.Second, func(v view) bool { return v.Phase == "idle" && strings.Contains(v.Message, "connection") })
	time.Sleep(3500 * time.Millisecond) // the page's tries after 1 s and 3 s have failed; the next is at 7 s
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	back := time.Now()
	for {
		var state string
		p.do(chromedp.Evaluate(`document.getElementById('conn').dataset.state`, &state))
		if state == "online" {
			break
		}
		if time.Since(back) > 1500*time.Millisecond {
			t.Fatalf("1.5 s after the network came back the connection sign is %q (states %q)", state, p.connectionStates())
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.waitFor("the message cleared", 5*time.Second, func(v view) bool { return v.Message == "" })
	p.clickOn("D1")
	p.clicksMade("D1")
}

// A record asked for while a proxy answers that the server cannot be
// reached is not saved: the page says that the connection is lost. The
// proxy's page was handed to the browser as the game's record.
func TestRecordErrorNotSaved(t *testing.T) {
	g, net, p := onProxy(t, "Blue, fetching the record")
	p.moveTo("D1", "D2", "C1", "C2")
	p.waitFor("Red's turn", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
	p.do(chromedp.Navigate(net.url + "/#watch=" + g.id))
	p.waitFor("the replay", 10*time.Second, func(v view) bool { return v.Phase == "watch" })
	net.set(func(r *http.Request) fault {
		if strings.HasSuffix(r.URL.Path, "/record") {
			return fault{status: http.StatusBadGateway}
		}
		return fault{}
	})
	p.do(chromedp.Click("#record-link", chromedp.ByQuery))
	v := p.waitFor("the answer said", 10*time.Second, func(v view) bool { return v.Message != "" })
	if !strings.Contains(v.Message, "connection") {
		t.Errorf("after a proxy's 502 for the record the page says %q, want the connection lost", v.Message)
	}
	var saved string
	p.do(chromedp.Evaluate(`document.getElementById('record-link').dataset.text || ''`, &saved))
	if saved != "" {
		t.Errorf("the page saved as the record:\n%s", saved)
	}
	net.set(nil)
	if text := p.download("#record-link"); !strings.Contains(text, "1. C1-C2 D1-D2") {
		t.Errorf("the record, the connection back:\n%s", text)
	}
}

// A game's link opened while the server cannot be reached says so, and
// opens the game once it can: the page stayed blank, or the lobby,
// whose own retry went on, came back over the game.
func TestGameOpenedOnceReachable(t *testing.T) {
	g := newAPIGame(t, "catchit")
	net := newFlaky(t)
	net.set(func(r *http.Request) fault {
		if strings.HasSuffix(r.URL.Path, "/kinds") {
			return fault{status: http.StatusBadGateway}
		}
		return fault{}
	})
	p := newPage(t, "Blue, opening his game")
	p.seatAt(net.url, g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("the loss said", 10*time.Second, func(v view) bool { return strings.Contains(v.Message, "connection") })
	p.screenshot("game-opening-unreachable")
	time.Sleep(2500 * time.Millisecond)
	net.set(nil)
	p.waitFor("the game", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" && v.Message == "" })
	time.Sleep(2500 * time.Millisecond) // any retry of the lobby's
	var lobby bool
	p.do(chromedp.Evaluate(`!document.getElementById('lobby').hidden || document.getElementById('play').hidden`, &lobby))
	if v := p.read(); lobby || v.Turn != "you" {
		t.Errorf("after the game opened the page shows the lobby (%v), %+v", lobby, v)
	}
}

// A move that reaches the server twice (the browser sends a request
// again by itself when its connection breaks) is played once, and the
// page, given the copy's answer, shows the game as the server has it:
// the copy names the ply it was sent from and is refused as the game
// having moved on. The page said "It is Red's turn: wait for their
// move." beside its own move, and a copy that came after the other
// side's reply would have been played again if legal.
func TestMoveSentTwiceByTheBrowser(t *testing.T) {
	g, net, p := onProxy(t, "Blue, whose move is sent twice")
	net.set(func(r *http.Request) fault {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/moves") {
			return fault{twice: true}
		}
		return fault{}
	})
	p.moveTo("D1", "D2", "C1", "C2")
	v := p.waitFor("the copy's answer said", 10*time.Second, func(v view) bool { return v.Message != "" && v.Ply == "1" })
	if !strings.Contains(v.Message, "moved on") || len(p.messageRules()) != 0 {
		t.Errorf("after its move came twice the page says %q (rules %v)", v.Message, p.messageRules())
	}
	for _, s := range p.saidSoFar() {
		if strings.Contains(s, "turn") {
			t.Errorf("the page said %q of a move the server kept", s)
		}
	}
	if h := history(t, g.id, g.tokens["Blue"]); len(h) != 1 {
		t.Errorf("the server recorded %q", h)
	}
	p.screenshot("move-sent-twice")
}

// While a proxy answers every request with its page that the server
// cannot be reached, the page says that the connection is lost, and
// goes on saying it: each try of the event stream, answered by the
// proxy's 502, showed the connection back, and the sign went within a
// second or two.
func TestProxyDownStaysLost(t *testing.T) {
	_, net, p := onProxy(t, "Blue, whose server is down behind its proxy")
	p.watchConnection()
	net.set(func(r *http.Request) fault {
		if strings.HasPrefix(r.URL.Path, "/games") || r.URL.Path == "/kinds" {
			return fault{status: http.StatusBadGateway}
		}
		return fault{}
	})
	net.ts.CloseClientConnections() // the stream breaks
	p.waitFor("the loss said", 10*time.Second, func(v view) bool { return strings.Contains(v.Message, "connection") })
	time.Sleep(4 * time.Second) // the stream tried again
	var conn string
	p.do(chromedp.Evaluate(`document.getElementById('conn').textContent`, &conn))
	if v := p.read(); conn == "" || !strings.Contains(v.Message, "connection") {
		p.screenshot("proxy-down")
		t.Errorf("with the server down behind its proxy the page shows the connection %q, says %q; its sign took %v", conn, v.Message, p.connectionStates())
	}
	net.set(nil)
	p.waitFor("the connection back", 15*time.Second, func(v view) bool { return v.Message == "" && v.Phase == "idle" })
}

// A spectator's link opened while the server cannot be reached says so,
// and shows the game once it can: the page showed the lobby, and kept
// it when the server came back, under the game's address.
func TestWatchOpenedOnceReachable(t *testing.T) {
	g := newAPIGame(t, "catchit")
	net := newFlaky(t)
	net.set(func(r *http.Request) fault {
		if strings.HasPrefix(r.URL.Path, "/games") || r.URL.Path == "/kinds" {
			return fault{status: http.StatusBadGateway}
		}
		return fault{}
	})
	p := newPage(t, "a spectator, opening a game")
	p.do(chromedp.Navigate(net.url + "/#watch=" + g.id))
	time.Sleep(2500 * time.Millisecond)
	net.set(nil)
	var shown string
	for deadline := time.Now().Add(8 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		p.do(chromedp.Evaluate(`document.getElementById('lobby').hidden ? document.getElementById('status').textContent : 'the lobby'`, &shown))
		if strings.HasPrefix(shown, "In progress") {
			return
		}
	}
	p.screenshot("watch-opened-unreachable")
	t.Errorf("once the server answers the spectator's page shows %q", shown)
}

// A move whose answer was lost, and the game not read again before the
// connection came back, shows the game once it is back: the board kept
// the move as built, with "Play this move ()" under it, though the
// server had not played it.
func TestMoveLostBoardShownAgain(t *testing.T) {
	g, net, p := onProxy(t, "Blue, whose connection is down for long")
	p.moveTo("D1", "D2", "C1")
	p.clicksMade("D1 D2 C1")
	var sent sync.Once
	down := make(chan struct{})
	net.set(func(r *http.Request) fault {
		if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/moves") {
			sent.Do(func() { close(down) })
			return fault{drop: true}
		}
		select {
		case <-down:
			if strings.HasSuffix(r.URL.Path, "/build") {
				return fault{drop: true}
			}
		default:
		}
		return fault{}
	})
	p.clickOn("C2")
	p.waitFor("the build given up", 10*time.Second, func(v view) bool {
		return v.Phase == "idle" && strings.Contains(v.Message, "connection")
	})
	net.set(nil)
	// What became of the move is still said: the header tells that the
	// connection is back.
	p.waitFor("the connection back", 15*time.Second, func(v view) bool { return v.Phase == "idle" && p.connState() == "online" })
	time.Sleep(time.Second) // the game read again
	var button string
	p.do(chromedp.Evaluate(`document.getElementById('submit').hidden ? '' : document.getElementById('submit').textContent`, &button))
	if on := p.namesOn("D1", "D2", "C2"); button != "" || on != "Blue pawn, carrying the ball, empty, empty" {
		p.screenshot("move-lost-board")
		t.Errorf("once the connection is back the board shows %s on D1, D2, C2, and the page offers %q", on, button)
	}
	if h := history(t, g.id, g.tokens["Blue"]); len(h) != 0 {
		t.Errorf("the server recorded %q", h)
	}
}
