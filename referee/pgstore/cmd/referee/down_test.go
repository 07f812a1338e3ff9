package main

import (
	"net"
	"net/http"
	"os/exec"
	"strings"
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
