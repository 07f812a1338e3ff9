package e2e

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hopsgames/hops/referee/pgstore/pgtest"
)

// startNode runs the referee of the PostgreSQL store (bin) on database
// db, on a free port, until the test ends, and returns its address.
func startNode(t *testing.T, bin, db string) string {
	t.Helper()
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-postgres", db, "-create-rate", "0",
		"-max-conns-per-client", "0", "-max-streams-per-client", "1000") // every page comes from 127.0.0.1
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, a, ok := strings.Cut(sc.Text(), "listening on "); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("the node does not say where it listens")
		return ""
	}
}

// mustCall is callAt, failing the test on an answer that is not a
// success.
func mustCall(t *testing.T, base, method, path, token string, body, out any) {
	t.Helper()
	if code := callAt(t, base, method, path, token, body, out); code/100 != 2 {
		t.Fatalf("%s %s%s: %d", method, base, path, code)
	}
}

// TestSecondNode: two referees share a PostgreSQL database. A game is
// created on node 1; its second player opens it in the browser through
// node 2, follows there, by node 2's event stream, the move made on node
// 1, and plays his move on node 2, which node 1 then holds too.
func TestSecondNode(t *testing.T) {
	srv := pgtest.Start(t)
	db := srv.Database(t)
	bin := filepath.Join(t.TempDir(), "referee")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/hopsgames/hops/referee/pgstore/cmd/referee").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	node1, node2 := startNode(t, bin, db), startNode(t, bin, db)

	var created struct{ ID, You, First, Token, Invitation string }
	mustCall(t, node1, "POST", "/games", "", map[string]string{"game": "catchit", "first": "Blue", "side": "Blue"}, &created)
	p := newPage(t, "second node")
	p.do(chromedp.Navigate(fmt.Sprintf("%s/#join=%s.%s", node2, created.ID, created.Invitation)))
	p.waitFor("the game joined on node 2", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase != "busy" })
	if got := p.gameID(); got != created.ID {
		t.Fatalf("node 2's page shows game %s, want %s", got, created.ID)
	}

	// The creator plays on node 1; the page on node 2 learns it by its
	// event stream.
	var moves struct{ Moves []string }
	mustCall(t, node1, "GET", "/games/"+created.ID+"/moves", created.Token, nil, &moves)
	if len(moves.Moves) == 0 {
		t.Fatal("no move for the creator on node 1")
	}
	var st struct{ Ply int }
	mustCall(t, node1, "POST", "/games/"+created.ID+"/moves", created.Token, map[string]string{"move": moves.Moves[0]}, &st)
	p.waitFor("node 1's move, on node 2's page", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "you" && v.Phase == "idle" })

	if !p.takeTurn(randomClicks(rand.New(rand.NewPCG(2, 2))), false) {
		t.Fatalf("node 2's page does not let its player move: %+v", p.read())
	}
	p.waitFor("the move played on node 2", 10*time.Second, func(v view) bool { return v.Ply == "2" })
	var h struct{ Moves []string }
	mustCall(t, node1, "GET", "/games/"+created.ID+"/history", "", nil, &h)
	if len(h.Moves) != 2 || h.Moves[0] != moves.Moves[0] {
		t.Fatalf("node 1's history %q after a move on each node", h.Moves)
	}
	t.Logf("game %s: %q played on node 1, %q on node 2 through the page; %s", created.ID, h.Moves[0], h.Moves[1], p.screenshot("second-node"))
}
