package main

import (
	"encoding/json"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee/pgstore/pgtest"
)

// TestDatabaseDown: while the database is down a node answers 503 to a
// move and to a creation and acknowledges nothing; once it is back, the
// move refused is not in the history and the game goes on.
func TestDatabaseDown(t *testing.T) {
	srv := pgtest.Start(t)
	n := start(t, build(t), "node", "-postgres", srv.Database(t))
	l := &load{t: t, nodes: []*node{n}}
	g, ok := l.newGame("catchit", 0, 0)
	if !ok {
		t.Fatalf("no game: %v", l.problems)
	}
	moves := func(p int) movesAnswer {
		t.Helper()
		var m movesAnswer
		r := call(n.url, "GET", "/games/"+g.id+"/moves?limit=1", g.tokens[p], nil)
		if r.status != http.StatusOK {
			t.Fatalf("moves: %s", r)
		}
		r.decode(t, &m)
		return m
	}
	p := 0
	if m := moves(0); m.ToMove != g.sides[0] {
		p = 1
	}
	if r := call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": moves(p).Moves[0]}); r.status != http.StatusOK {
		t.Fatalf("first move: %s", r)
	}
	p = 1 - p
	next := moves(p).Moves[0]

	srv.Stop()
	if r := call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": next}); r.status != http.StatusServiceUnavailable {
		t.Errorf("a move with the database down: %s, want 503", r)
	}
	if r := call(n.url, "POST", "/games", "", map[string]string{"game": "zapita"}); r.status != http.StatusServiceUnavailable {
		t.Errorf("a creation with the database down: %s, want 503", r)
	}

	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	var h history
	r := call(n.url, "GET", "/games/"+g.id+"/history", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("history: %s", r)
	}
	if r.decode(t, &h); len(h.Moves) != 1 {
		t.Fatalf("history %q after a move refused with 503: want the first move only", h.Moves)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": next})
		if r.status == http.StatusOK {
			break
		}
		if r.status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("the move again, the database back: %s", r)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The node logged the outage once when it began and once when it
	// ended, not at every request refused or every try to listen again.
	var said []string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		said = n.storeLines()
		if len(said) >= 3 || time.Now().After(deadline) {
			break
		}
	}
	if len(said) != 3 ||
		!strings.Contains(said[0], "referee: the games are kept in the store of -postgres, which holds 0 games") ||
		!strings.Contains(said[1], "referee: the store fails (") ||
		!strings.Contains(said[2], "referee: the store answers again, after ") {
		t.Errorf("the node's log about its store:\n%s\nwant where the games are kept, the outage's start and its end", strings.Join(said, "\n"))
	}
	// Listening failed once, when the database stopped, not at every try
	// to listen again, nor as an outage of the store (its end is told
	// once a connection has listened for 30 s).
	n.mu.Lock()
	var watch []string
	for _, l := range n.logs {
		if strings.Contains(l, "watching the other nodes' changes") {
			watch = append(watch, l)
		}
	}
	n.mu.Unlock()
	if len(watch) != 1 || !strings.Contains(watch[0], "referee: watching the other nodes' changes fails: ") {
		t.Errorf("the node's log about watching the other nodes' changes:\n%s\nwant one line, that it fails", strings.Join(watch, "\n"))
	}
}

// TestDatabaseHangs: while the database hangs (stopped with SIGSTOP:
// its connections stay open, and nothing answers on them) a node answers
// 503 unavailable, with Retry-After, within its -store-timeout to a move,
// to the reads of the game and to a creation, and acknowledges nothing;
// a client that sends its requests again and again is not locked out;
// once the database goes on, the game does too.
func TestDatabaseHangs(t *testing.T) {
	srv := pgtest.Start(t)
	n := start(t, build(t), "node", "-postgres", srv.Database(t), "-store-timeout", "1s", "-max-conns-per-client", "8")
	l := &load{t: t, nodes: []*node{n}}
	g, ok := l.newGame("zapita", 0, 0)
	if !ok {
		t.Fatalf("no game: %v", l.problems)
	}
	var m movesAnswer
	r := call(n.url, "GET", "/games/"+g.id+"/moves?limit=1", g.tokens[0], nil)
	if r.status != http.StatusOK {
		t.Fatalf("moves: %s", r)
	}
	r.decode(t, &m)
	p := 0
	if m.ToMove != g.sides[0] {
		p = 1
		call(n.url, "GET", "/games/"+g.id+"/moves?limit=1", g.tokens[p], nil).decode(t, &m)
	}
	move := map[string]string{"move": m.Moves[0]}

	if err := srv.Pause(); err != nil {
		t.Fatal(err)
	}
	requests := []struct{ what, method, path, token string }{
		{"a move", "POST", "/games/" + g.id + "/moves", g.tokens[p]},
		{"the state", "GET", "/games/" + g.id, g.tokens[p]},
		{"the moves", "GET", "/games/" + g.id + "/moves", g.tokens[1-p]},
		{"a creation", "POST", "/games", ""},
	}
	// Rounds of requests that take together more than the client's share
	// of connections (8): each is answered within the timeout, and frees
	// its connection for the next.
	for round := range 3 {
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				q := requests[i%len(requests)]
				var body any
				switch q.method {
				case "POST":
					body = map[string]string{}
					if q.path == "/games" {
						body = map[string]string{"game": "coir"}
					} else {
						body = move
					}
				}
				began := time.Now()
				r := call(n.url, q.method, q.path, q.token, body)
				waited := time.Since(began)
				var e struct{ Kind string }
				json.Unmarshal(r.body, &e)
				if r.status != http.StatusServiceUnavailable || e.Kind != "unavailable" || waited > 5*time.Second {
					t.Errorf("round %d, %s with the database hung: %s after %v, want 503 unavailable", round, q.what, r, waited)
				}
			}()
		}
		wg.Wait()
	}
	if r := call(n.url, "GET", "/kinds", "", nil); r.status != http.StatusOK {
		t.Errorf("GET /kinds with the database hung: %s", r)
	}

	if err := srv.Resume(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		r := call(n.url, "GET", "/games/"+g.id+"/history", "", nil)
		if r.status == http.StatusOK {
			var h history
			if r.decode(t, &h); len(h.Moves) != 0 {
				t.Fatalf("history %q after moves answered 503: want none", h.Moves)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database back, the history: %s", r)
		}
	}
	if r := call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], move); r.status != http.StatusOK {
		t.Errorf("the move, the database back: %s", r)
	}
}

// storeLines returns the lines of n's log about its store.
func (n *node) storeLines() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []string
	for _, l := range n.logs {
		if strings.Contains(l, "the store") || strings.Contains(l, "the games are kept") {
			out = append(out, l)
		}
	}
	return out
}

// TestNoDatabase: a node whose database cannot be reached at start says
// so and exits, rather than serving games it cannot keep.
func TestNoDatabase(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(build(t), "-addr", "127.0.0.1:0", "-postgres", "postgres://hops@"+closed+"/hops?connect_timeout=2")
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); err == nil || code != 2 || !strings.Contains(string(out), "-postgres") || strings.Contains(string(out), "listening") {
		t.Errorf("exit %d (%v), output:\n%s", code, err, out)
	}
}
