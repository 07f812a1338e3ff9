package referee

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStoreFlag: a command's own store flag is read from the command
// line, or else from its environment variable, and may not be given with
// -data; a store that fails to open is reported.
func TestStoreFlag(t *testing.T) {
	var opened []string
	flag := StoreFlag{Name: "db", Env: "HOPS_TEST_DB", Usage: "the database",
		Open: func(_ context.Context, v string) (Store, error) {
			opened = append(opened, v)
			if v == "bad" {
				return nil, errors.New("cannot open bad")
			}
			return OpenFileStore(t.TempDir())
		}}
	var errs bytes.Buffer
	if _, err := Setup([]string{"-db", "one"}, &errs, flag); err != nil {
		t.Fatal(err, errs.String())
	}
	t.Setenv("HOPS_TEST_DB", "two")
	if _, err := Setup(nil, &errs, flag); err != nil {
		t.Fatal(err, errs.String())
	}
	if _, err := Setup([]string{"-data", t.TempDir()}, &errs, flag); err != nil { // -data wins over the environment
		t.Fatal(err, errs.String())
	}
	if strings.Join(opened, ",") != "one,two" {
		t.Errorf("opened %q, want one then two", opened)
	}
	for _, args := range [][]string{{"-db", "x", "-data", t.TempDir()}, {"-db", "bad"}} {
		errs.Reset()
		if _, err := Setup(args, &errs, flag); err == nil || errs.Len() == 0 {
			t.Errorf("%v: accepted", args)
		}
	}
	errs.Reset()
	Setup([]string{"-h"}, &errs, flag)
	if !strings.Contains(errs.String(), "-db") || !strings.Contains(errs.String(), "$HOPS_TEST_DB") {
		t.Errorf("the help does not tell -db and its variable:\n%s", errs.String())
	}
}

// TestRefusedSetupOpensNoStore: a command line naming two stores is
// refused before either is opened, so that no store is left open by a
// command that will not run (a FileStore's lock, a database's pool).
func TestRefusedSetupOpensNoStore(t *testing.T) {
	var opened []string
	flagNamed := func(name string) StoreFlag {
		return StoreFlag{Name: name, Usage: "a store",
			Open: func(_ context.Context, v string) (Store, error) {
				opened = append(opened, name)
				return &MemStore{}, nil
			}}
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"-one", "x", "-two", "y"}, {"-data", dir, "-one", "x"}, {"-one", "x", "-data", dir}} {
		var errs bytes.Buffer
		if _, err := Setup(args, &errs, flagNamed("one"), flagNamed("two")); err == nil || !strings.Contains(errs.String(), "both name a store") {
			t.Errorf("%v: %v, %q; want refused as two stores", args, err, errs.String())
		}
		if len(opened) != 0 {
			t.Errorf("%v: opened %v before refusing", args, opened)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("%v: the -data folder was opened before refusing (it holds %s)", args, entries[0].Name())
		}
	}
}

// gateStore holds every Append, once armed, until it is released or its
// context ends: a write under way when the command is asked to stop.
type gateStore struct {
	Store
	armed   atomic.Bool
	closed  atomic.Bool
	entered chan struct{}
	release chan struct{}
}

func (s *gateStore) Close() error {
	s.closed.Store(true)
	return nil
}

func (g *gateStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if g.armed.Load() {
		g.entered <- struct{}{}
		select {
		case <-g.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return g.Store.Append(ctx, id, seq, e)
}

// syncBuffer is a buffer the log may write to from any goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStopFinishesRequestsUnderWay stops the command as SIGTERM does
// while a move is being written: the event streams end at once, the move
// is written and acknowledged, and only then does the command close its
// store and return, logging the stop.
func TestStopFinishesRequestsUnderWay(t *testing.T) {
	logged := captureLog(t)
	gate := &gateStore{Store: &MemStore{}, entered: make(chan struct{}, 1), release: make(chan struct{})}
	flag := StoreFlag{Name: "gate", Usage: "a store that holds writes",
		Open: func(context.Context, string) (Store, error) { return gate, nil }}
	var errs bytes.Buffer
	cmd, err := Setup([]string{"-addr", "127.0.0.1:0", "-gate", "on", "-trusted-proxy", "192.0.2.0/24,2001:db8::1"}, &errs, flag)
	if err != nil {
		t.Fatal(err, errs.String())
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	exit := make(chan int, 1)
	go func() { exit <- cmd.serve(ctx, &errs) }()

	// The command tells its address once it listens, as the process
	// tests read it.
	var addr string
	for deadline := time.Now().Add(10 * time.Second); addr == ""; time.Sleep(5 * time.Millisecond) {
		if _, after, ok := strings.Cut(logged.String(), "listening on "); ok {
			addr, _, _ = strings.Cut(after, "\n")
		} else if time.Now().After(deadline) {
			t.Fatal("the command does not listen")
		}
	}
	c := &client{t: t, url: "http://" + addr, hc: &http.Client{Timeout: 30 * time.Second}}
	h := c.create("catchit", "")
	events := stream(t, c, context.Background(), h.ID, h.Tokens["Blue"])
	if e, ok := next(t, events); !ok || e.Status != StatusPlaying {
		t.Fatalf("first event %+v, %v", e, ok)
	}

	gate.armed.Store(true)
	type answer struct {
		code int
		st   stateJSON
	}
	answered := make(chan answer, 1)
	go func() {
		var a answer
		a.code, _ = c.do("POST", "/games/"+h.ID+"/moves", h.Tokens["Blue"], `{"move": "D1-D2 C1-C2"}`, &a.st)
		answered <- a
	}()
	<-gate.entered // the move is being written
	stop()
	// The stream ends at once, while the move is still being written.
	select {
	case e, ok := <-events:
		if ok {
			t.Fatalf("the stream goes on after the stop: %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the event stream still runs 5 s after the stop")
	}
	select {
	case code := <-exit:
		t.Fatalf("the command returned (%d) with a move under way", code)
	case a := <-answered:
		t.Fatalf("the move was answered %d before it was written", a.code)
	case <-time.After(200 * time.Millisecond):
	}
	close(gate.release)
	if a := <-answered; a.code != http.StatusOK || a.st.Ply != 1 {
		t.Errorf("the move under way at the stop: %d, ply %d; want it acknowledged at ply 1", a.code, a.st.Ply)
	}
	if code := <-exit; code != 0 {
		t.Errorf("exit %d: %s", code, errs.String())
	}
	events2, err := gate.Load(context.Background(), h.ID, 1)
	if err != nil || len(events2) != 3 {
		t.Errorf("the store holds %d events (%v), want the creation, the join and the move", len(events2), err)
	}
	out := logged.String()
	for _, want := range []string{
		"referee: the games are kept in the store of -gate, which holds 0 games\n",
		"referee: the client of a request from 192.0.2.0/24, 2001:db8::1/128 is the one its X-Forwarded-For names\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the log does not say what the command was given:\n%s\nwant %q", out, want)
		}
	}
	// Each step of the stop, in order: the store is closed once the
	// requests under way have finished.
	loggedInOrder(t, out,
		"referee: stopping: no new connection is taken, the event streams end, and the requests under way have 10s to finish\n",
		"referee: the requests under way have finished\n",
		"referee: the store is closed\n",
		"referee: stopped\n")
	if !gate.closed.Load() {
		t.Error("the store was not closed")
	}
}

// TestSecondSignalCutsTheStopShort runs the command as a process with a
// request under way (a body that comes slowly) and stops it with SIGINT:
// it waits for the request, and a second SIGINT cuts the wait short (it
// waited the whole 10 s); the store is closed all the same, and the
// games are there at the next start.
func TestSecondSignalCutsTheStopShort(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildReferee(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-data", dir)
	// Not StderrPipe: its Wait closes the pipe once the process ends,
	// and the last lines not read yet were lost. Wait waits for what is
	// copied to a writer of the test's own.
	stderr, stderrW := io.Pipe()
	cmd.Stderr = stderrW
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(stderr); sc.Scan(); {
			lines <- sc.Text()
		}
	}()
	var said []string
	// until reads what the command logs until a line holding want.
	until := func(want string) string {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("the command ended without saying %q:\n%s", want, strings.Join(said, "\n"))
				}
				said = append(said, line)
				if strings.Contains(line, want) {
					return line
				}
			case <-timeout:
				t.Fatalf("the command did not say %q in 10 s:\n%s", want, strings.Join(said, "\n"))
			}
		}
	}
	_, addr, _ := strings.Cut(until("listening on "), "listening on ")
	c := &client{t: t, url: "http://" + addr, hc: &http.Client{Timeout: 10 * time.Second}}
	h := c.create("coir", "")
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"game\":")
	time.Sleep(100 * time.Millisecond) // the request is under way
	exited := make(chan error, 1)
	cmd.Process.Signal(os.Interrupt)
	until("stopping:")
	go func() {
		exited <- cmd.Wait()
		stderrW.Close()
	}()
	select {
	case err := <-exited:
		t.Fatalf("the command ended (%v) with a request under way, 0.5 s after the first signal", err)
	case <-time.After(500 * time.Millisecond):
	}
	cmd.Process.Signal(os.Interrupt)
	began := time.Now()
	for line := range lines {
		said = append(said, line)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("the command ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the command still runs 5 s after the second signal")
	}
	if d := time.Since(began); d > 3*time.Second {
		t.Errorf("the command ended %v after the second signal", d)
	}
	loggedInOrder(t, strings.Join(said, "\n"),
		"referee: a second signal: the requests under way are cut short (a third ends the process at once)",
		"referee: requests still under way after ",
		"referee: the store is closed",
		"referee: stopped")
	// The store was closed as at any stop: the game is there.
	again, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if events, err := again.Load(context.Background(), h.ID, 1); err != nil || len(events) != 2 { // created and joined
		t.Errorf("the game after the stop: %d events, %v", len(events), err)
	}
}

// loggedInOrder checks that log tells each of steps, each after the one
// before it.
func loggedInOrder(t *testing.T, log string, steps ...string) {
	t.Helper()
	at := -1
	for _, step := range steps {
		i := strings.Index(log[max(at, 0):], step)
		if i < 0 {
			t.Errorf("the log does not tell %q after the step before it:\n%s", step, log)
			continue
		}
		at = max(at, 0) + i
	}
}

// TestZeroCommand: the zero Command has no server; Run says so rather
// than panic.
func TestZeroCommand(t *testing.T) {
	var c Command
	err := c.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "Setup") {
		t.Errorf("Run of the zero Command: %v, want an error that names Setup", err)
	}
}

// TestHandBuiltCommand: a Command built by hand, with no janitor interval
// and no bound on connections, serves and stops: it neither panics nor
// waits for ever for a place among 0 connections.
func TestHandBuiltCommand(t *testing.T) {
	srv, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c := &Command{HTTP: &http.Server{Addr: "127.0.0.1:0", Handler: srv, ReadHeaderTimeout: time.Second}, Server: srv}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.HTTP.Addr = ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	var resp *http.Response
	for range 100 {
		if resp, err = http.Get("http://" + c.HTTP.Addr + "/kinds"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the command does not serve: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /kinds: %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
	}
	// The listener alone: no bound, and a negative one, take connections.
	for _, total := range []int{0, -1} {
		inner, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		l := LimitListener(inner, total, 0)
		go func() {
			if c, err := net.Dial("tcp", inner.Addr().String()); err == nil {
				c.Close()
			}
		}()
		conn, err := l.Accept()
		if err != nil {
			t.Errorf("total %d: Accept: %v", total, err)
		} else {
			conn.Close()
		}
		l.Close()
		if _, err := l.Accept(); err == nil {
			t.Errorf("total %d: Accept after Close took a connection", total)
		}
	}
}

// TestAddressTakenSaidFirst: a command that cannot listen (the address
// is another program's) says so before it logs that its store is
// closed: it logged "the store is closed" first, of a store it had
// never said it opened.
func TestAddressTakenSaidFirst(t *testing.T) {
	logged := captureLog(t)
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	cmd, err := Setup([]string{"-addr", taken.Addr().String(), "-data", t.TempDir()}, logged)
	if err != nil {
		t.Fatal(err, logged.String())
	}
	if code := cmd.serve(context.Background(), logged); code != 1 {
		t.Errorf("serve on a taken address: exit code %d, want 1", code)
	}
	out := logged.String()
	said, closed := strings.Index(out, "address already in use"), strings.Index(out, "the store is closed")
	if said < 0 || closed < 0 || said > closed {
		t.Errorf("serve on a taken address logged, in this order:\n%s\nwant the address first, then the store closed", out)
	}
}
