package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee/pgstore/pgtest"
)

// node is a referee process of the test.
type node struct {
	name string
	url  string // http://127.0.0.1:port
	cmd  *exec.Cmd
	dead atomic.Bool // killed by the test

	mu   sync.Mutex
	logs []string // its last log lines
}

// build returns the command, built once into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hops-referee-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "referee")
		if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binary != "" {
		os.RemoveAll(filepath.Dir(binary))
	}
	os.Exit(code)
}

// start runs the command with args and waits until it listens; the
// process is killed when the test ends.
func start(t *testing.T, bin, name string, args ...string) *node {
	t.Helper()
	n := &node{name: name}
	n.cmd = exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-create-rate", "0", "-max-games", "100000"}, args...)...)
	n.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stderr, err := n.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		n.cmd.Process.Kill()
		n.cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if _, a, ok := strings.Cut(line, "listening on "); ok {
				addr <- a
			}
			n.mu.Lock()
			n.logs = append(n.logs, line)
			if len(n.logs) > 50 {
				n.logs = n.logs[1:]
			}
			n.mu.Unlock()
		}
		close(addr)
	}()
	select {
	case a, ok := <-addr:
		if !ok {
			n.cmd.Wait()
			t.Fatalf("%s ended before listening: %s\n%s", name, n.cmd.ProcessState, n.log())
		}
		n.url = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatalf("%s does not listen:\n%s", name, n.log())
	}
	return n
}

// kill kills the node with SIGKILL, as a crash would.
func (n *node) kill() {
	n.dead.Store(true)
	n.cmd.Process.Signal(syscall.SIGKILL)
}

func (n *node) log() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return strings.Join(n.logs, "\n")
}

var client = &http.Client{
	Timeout:   10 * time.Second,
	Transport: &http.Transport{MaxIdleConnsPerHost: 64, DialContext: (&net.Dialer{Timeout: 2 * time.Second}).DialContext},
}

// answer is what a request got: the status (0 when the request did not
// reach an answer) and the JSON.
type answer struct {
	status int
	body   []byte
	err    error
}

func call(base, method, path, token string, body any) answer {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		return answer{err: err}
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, body: b, err: err}
}

func (a answer) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(a.body, v); err != nil {
		t.Fatalf("answer %d %s: %v", a.status, a.body, err)
	}
}

func (a answer) String() string {
	if a.err != nil {
		return a.err.Error()
	}
	return fmt.Sprintf("%d %s", a.status, bytes.TrimSpace(a.body))
}

type state struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Ply      int    `json:"ply"`
	ToMove   string `json:"to_move"`
	Position string `json:"position"`
	You      string `json:"you"`
	Kind     string `json:"kind"`
}

type movesAnswer struct {
	Ply    int      `json:"ply"`
	ToMove string   `json:"to_move"`
	Moves  []string `json:"moves"`
}

type history struct {
	Start string   `json:"start"`
	Moves []string `json:"moves"`
}

// game is a game of the load, played by two players on two nodes.
type game struct {
	id, kind string
	sides    [2]string // the creator's side, then the joiner's
	tokens   [2]string
	home     [2]int // the index of each player's node
	acks     []ack  // the moves acknowledged, in order
	lost     int    // moves sent whose answer never came (the node died)
	done     bool
	trace    []string // the requests about moves and their answers, for a failure's message
}

// ack is an acknowledged move: the ply it made, its text, when.
type ack struct {
	ply     int
	move    string
	at      time.Time
	latency time.Duration
}

// load plays games on nodes until stop is closed.
type load struct {
	t     *testing.T
	nodes []*node

	mu       sync.Mutex
	games    []*game
	problems []string
	doubles  int // moves sent to two nodes at once
}

func (l *load) problem(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.problems) < 20 {
		l.problems = append(l.problems, fmt.Sprintf(format, args...))
	}
}

// alive returns the node a player of home i uses: i, or the next one
// alive when it died (its player moves to another node).
func (l *load) alive(i int) int {
	for k := range l.nodes {
		j := (i + k) % len(l.nodes)
		if !l.nodes[j].dead.Load() {
			return j
		}
	}
	l.problem("no node alive")
	return i % len(l.nodes)
}

// newGame creates a game on node a and joins it on node b.
func (l *load) newGame(kind string, a, b int) (*game, bool) {
	g := &game{kind: kind, home: [2]int{a, b}}
	r := call(l.nodes[l.alive(a)].url, "POST", "/games", "", map[string]string{"game": kind})
	if r.status != http.StatusCreated {
		return nil, false
	}
	var c struct{ ID, You, Token, Invitation string }
	json.Unmarshal(r.body, &c)
	to := l.alive(b)
	r = call(l.nodes[to].url, "POST", "/games/"+c.ID+"/join", "", map[string]string{"invitation": c.Invitation})
	if r.err != nil && l.nodes[to].dead.Load() {
		return nil, false // the node was killed with the join under way: the game is left
	}
	if r.status != http.StatusOK {
		l.problem("join of %s on %s, created on %s: %s", c.ID, l.nodes[b].name, l.nodes[a].name, r)
		return nil, false
	}
	var j struct{ You, Token string }
	json.Unmarshal(r.body, &j)
	g.id, g.sides, g.tokens = c.ID, [2]string{c.You, j.You}, [2]string{c.Token, j.Token}
	l.mu.Lock()
	l.games = append(l.games, g)
	l.mu.Unlock()
	return g, true
}

// play plays g, each player on his node, until stop or the game's end.
func (l *load) play(g *game, rng *rand.Rand, stop <-chan struct{}) {
	known := 0 // the plies this player knows were played
	for {
		select {
		case <-stop:
			return
		default:
		}
		// Whose turn: ask the first player's node.
		p := 0
		var m movesAnswer
		// An answer cut by the kill (its status came, not all its body)
		// or a node's 503 is asked again.
		r := call(l.nodes[l.alive(g.home[p])].url, "GET", "/games/"+g.id+"/moves?limit=1000", g.tokens[p], nil)
		if r.status != http.StatusOK || r.err != nil {
			if r.status == http.StatusServiceUnavailable || r.err != nil {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			l.problem("%s: moves: %s", g.id, r)
			return
		}
		if err := json.Unmarshal(r.body, &m); err != nil {
			l.problem("%s: moves: %v in %s", g.id, err, r)
			return
		}
		if m.ToMove != g.sides[p] {
			// The other player's turn: he reads the moves on his node.
			p = 1
			r = call(l.nodes[l.alive(g.home[p])].url, "GET", "/games/"+g.id+"/moves?limit=1000", g.tokens[p], nil)
			if r.status != http.StatusOK || r.err != nil {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			m = movesAnswer{}
			if err := json.Unmarshal(r.body, &m); err != nil {
				l.problem("%s: moves: %v in %s", g.id, err, r)
				return
			}
		}
		if m.Ply < known {
			// A node answered from a copy older than a move another
			// node acknowledged.
			l.problem("%s: %s answered ply %d after ply %d was acknowledged", g.id, l.nodes[l.alive(g.home[p])].name, m.Ply, known)
		}
		if len(m.Moves) == 0 || m.ToMove != g.sides[p] {
			g.done = true
			return
		}
		move := m.Moves[rng.IntN(len(m.Moves))]
		n := l.nodes[l.alive(g.home[p])]
		t0 := time.Now()
		if other := l.alive(g.home[p] + 1); rng.IntN(8) == 0 && l.nodes[other] != n {
			// Now and then the player sends his move to two nodes at
			// once, as a client that retries elsewhere would: one
			// only may take it.
			r = l.twice(g, p, move, n, l.nodes[other])
		} else {
			r = call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": move})
		}
		lat := time.Since(t0)
		g.trace = append(g.trace, fmt.Sprintf("ply %d %s %q on %s: %s", m.Ply, g.sides[p], move, n.name, r))
		switch {
		case r.err != nil:
			g.lost++ // the node died: committed or not, nobody knows
			continue
		case r.status == http.StatusOK:
		case r.status == http.StatusServiceUnavailable:
			continue
		case r.status == http.StatusForbidden && g.lost > 0 && strings.Contains(string(r.body), `"turn"`):
			// A move whose answer was lost with its node was committed
			// after this player read the game: it is now the
			// opponent's turn.
			continue
		default:
			if strings.Contains(string(r.body), `"over"`) || strings.Contains(string(r.body), `"closed"`) {
				g.done = true
				return
			}
			l.problem("%s: move %s on %s: %s; the game's moves:\n%s", g.id, move, n.name, r, strings.Join(g.trace, "\n"))
			return
		}
		var st state
		json.Unmarshal(r.body, &st)
		if st.Ply != m.Ply+1 {
			l.problem("%s: move at ply %d answered ply %d", g.id, m.Ply, st.Ply)
		}
		if g.kind == "brouillard" {
			if err := private(st.Position, g.sides[p]); err != nil {
				l.problem("%s: %s's answer: %v", g.id, g.sides[p], err)
			}
		}
		known = st.Ply
		g.acks = append(g.acks, ack{ply: st.Ply, move: move, at: time.Now(), latency: lat})
		if st.Status != "playing" {
			g.done = true
			return
		}
	}
}

// twice sends a move to two nodes at the same moment and returns the
// answer that took it. Both taking it is a problem.
func (l *load) twice(g *game, p int, move string, a, b *node) answer {
	var r [2]answer
	var wg sync.WaitGroup
	for k, n := range []*node{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r[k] = call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": move})
		}()
	}
	wg.Wait()
	l.mu.Lock()
	l.doubles++
	l.mu.Unlock()
	if (r[0].err != nil) != (r[1].err != nil) {
		g.lost++ // one went to the node that died
	}
	switch {
	case r[0].status == http.StatusOK && r[1].status == http.StatusOK:
		l.problem("%s: %s and %s both accepted %q", g.id, a.name, b.name, move)
	case r[1].status == http.StatusOK, r[0].err != nil && r[1].err == nil:
		return r[1]
	}
	return r[0]
}

// private checks that a Brouillard position sent to side shows none of
// the opponent's pawns that were never turned over (B4): they must be
// written P or p, and every other opposing letter be the Fou or a pawn
// turned over (followed by '!').
func private(position, side string) error {
	rows, _, _ := strings.Cut(position, " ")
	theirs := func(c byte) bool { return c >= 'a' && c <= 'z' } // Red's pieces, seen by White
	if side == "Red" {
		theirs = func(c byte) bool { return c >= 'A' && c <= 'Z' }
	}
	for i := 0; i < len(rows); i++ {
		c := rows[i]
		if !theirs(c) {
			continue
		}
		switch c | 0x20 {
		case 'p', 'f':
			continue
		}
		if i+1 < len(rows) && rows[i+1] == '!' {
			continue
		}
		return fmt.Errorf("the view %q shows a hidden pawn %q of the opponent", position, c)
	}
	return nil
}

// run plays games on the nodes, each game created on one node and
// joined on another, with players slots playing at once, until stop;
// kill, if not nil, runs while they play.
func (l *load) run(players int, d time.Duration, during func()) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			kinds := []string{"brouillard", "catchit", "zapita"}
			for k := 0; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				a := (i + k) % len(l.nodes)
				g, ok := l.newGame(kinds[(i+k)%len(kinds)], a, (a+1)%len(l.nodes))
				if !ok {
					time.Sleep(10 * time.Millisecond)
					continue
				}
				l.play(g, rng, stop)
			}
		}()
	}
	if during != nil {
		during()
	}
	time.Sleep(d)
	close(stop)
	wg.Wait()
}

// figures measures the acknowledged moves between from and to.
func (l *load) figures(from, to time.Time) (n int, rate float64, p50, p99 time.Duration) {
	var lat []time.Duration
	for _, g := range l.games {
		for _, a := range g.acks {
			if !a.at.Before(from) && a.at.Before(to) {
				lat = append(lat, a.latency)
			}
		}
	}
	if len(lat) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(lat)
	return len(lat), float64(len(lat)) / to.Sub(from).Seconds(), lat[len(lat)/2], lat[len(lat)*99/100]
}

// check reads every game's history on a node alive and compares it with
// the moves acknowledged: each at its ply, once, in order; a move in the
// history that was not acknowledged must be one whose answer was lost.
func (l *load) check(t *testing.T) (acked, unacked int) {
	t.Helper()
	for _, g := range l.games {
		p := 0
		if g.kind == "brouillard" {
			p = 1 // read the joiner's view
		}
		r := call(l.nodes[l.alive(g.home[p])].url, "GET", "/games/"+g.id+"/history", g.tokens[p], nil)
		if r.status != http.StatusOK {
			t.Errorf("history of %s: %s", g.id, r)
			continue
		}
		var h history
		r.decode(t, &h)
		if g.kind == "brouillard" {
			if err := private(h.Start, g.sides[p]); err != nil {
				t.Errorf("history of %s: %v", g.id, err)
			}
		}
		seen := map[int]bool{}
		for _, a := range g.acks {
			if seen[a.ply] {
				t.Errorf("%s: ply %d acknowledged twice", g.id, a.ply)
			}
			seen[a.ply] = true
			if a.ply > len(h.Moves) || h.Moves[a.ply-1] != a.move {
				t.Errorf("%s: acknowledged move %d %q is not in the history %q", g.id, a.ply, a.move, h.Moves)
			}
		}
		acked += len(g.acks)
		if extra := len(h.Moves) - len(g.acks); extra > 0 {
			if extra > g.lost {
				t.Errorf("%s: %d moves in the history were never acknowledged, %d answers were lost; the game's moves:\n%s", g.id, extra, g.lost, strings.Join(g.trace, "\n"))
			}
			unacked += extra
		}
	}
	return acked, unacked
}

// TestNodes runs the command as several nodes on one database under a
// load of games whose two players use different nodes, kills a node in
// the middle, and checks that no acknowledged move is lost or doubled,
// that no node answers from a stale copy, and that Brouillard's answers
// keep the hidden pawns hidden. It logs the moves a second and the
// latency of a move with one node and with three.
func TestNodes(t *testing.T) {
	srv := pgtest.Start(t)
	db := srv.Database(t)
	bin := build(t)
	n1 := start(t, bin, "node 1", "-postgres", db)
	const players = 12

	one := &load{t: t, nodes: []*node{n1}}
	t0 := time.Now()
	one.run(players, 4*time.Second, nil)
	n, rate, p50, p99 := one.figures(t0.Add(500*time.Millisecond), t0.Add(4*time.Second))
	t.Logf("1 node: %d moves, %.0f moves/s, latency p50 %v p99 %v", n, rate, p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))

	n2 := start(t, bin, "node 2", "-postgres", db)
	n3 := start(t, bin, "node 3", "-postgres", db)
	three := &load{t: t, nodes: []*node{n1, n2, n3}}
	t0 = time.Now()
	killedAt := make(chan time.Time, 1)
	three.run(players, 8*time.Second, func() {
		go func() {
			time.Sleep(4 * time.Second)
			n2.kill()
			killedAt <- time.Now()
		}()
	})
	killed := <-killedAt
	n, rate, p50, p99 = three.figures(t0.Add(500*time.Millisecond), t0.Add(4*time.Second))
	t.Logf("3 nodes: %d moves, %.0f moves/s, latency p50 %v p99 %v", n, rate, p50.Round(10*time.Microsecond), p99.Round(10*time.Microsecond))
	n, rate, _, _ = three.figures(killed, t0.Add(8*time.Second))
	t.Logf("after node 2 was killed: %d moves acknowledged by the 2 others, %.0f moves/s", n, rate)
	for _, l := range []*load{one, three} {
		for _, p := range l.problems {
			t.Error(p)
		}
	}
	acked, unacked := one.check(t)
	a3, u3 := three.check(t)
	lost := 0
	for _, g := range three.games {
		lost += g.lost
	}
	t.Logf("%d moves were sent to two nodes at once: one node took each", three.doubles)
	t.Logf("checked %d games: %d acknowledged moves all in their histories once, in order; %d moves committed whose answer was lost (of %d requests cut by the kill)",
		len(one.games)+len(three.games), acked+a3, unacked+u3, lost)
	if t.Failed() {
		for _, n := range []*node{n1, n2, n3} {
			t.Logf("%s's last lines:\n%s", n.name, n.log())
		}
	}
}
