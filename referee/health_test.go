package referee

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// outageStore is a store that fails every call while down is set, as a
// database that cannot be reached does, counting the calls it failed; it
// watches the changes of its MemStore when up.
//
// While full is set, it fails the writes only, as a full disk does.
type outageStore struct {
	*MemStore
	down   atomic.Bool
	full   atomic.Bool
	failed atomic.Int64
}

func (s *outageStore) fail() error {
	if s.down.Load() {
		s.failed.Add(1)
		return errDown
	}
	return nil
}

// errFull is the error of a write to a full disk.
var errFull = errors.New("write /var/lib/hops/x.journal: no space left on device")

func (s *outageStore) failWrite() error {
	if s.full.Load() {
		s.failed.Add(1)
		return errFull
	}
	return s.fail()
}

func (s *outageStore) Create(ctx context.Context, id string, e Event) error {
	if err := s.failWrite(); err != nil {
		return err
	}
	return s.MemStore.Create(ctx, id, e)
}

func (s *outageStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if err := s.failWrite(); err != nil {
		return err
	}
	return s.MemStore.Append(ctx, id, seq, e)
}

func (s *outageStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if err := s.fail(); err != nil {
		return nil, err
	}
	return s.MemStore.Load(ctx, id, from)
}

func (s *outageStore) Delete(ctx context.Context, id string) error {
	if err := s.fail(); err != nil {
		return err
	}
	return s.MemStore.Delete(ctx, id)
}

func (s *outageStore) Watch(ctx context.Context, fn func(string)) error {
	if err := s.fail(); err != nil {
		return err
	}
	return s.MemStore.Watch(ctx, fn)
}

// captureLog sends the standard logger's lines to a buffer for the rest
// of the test.
func captureLog(t *testing.T) *syncBuffer {
	var logged syncBuffer
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	return &logged
}

// outageServer returns a client of a server whose store is an
// outageStore, with the server's clock. The store's Watch is hidden
// behind an interface value, so that no watching runs: only requests
// call the store.
func outageServer(t *testing.T, seed byte) (*client, *outageStore, *clock) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &outageStore{MemStore: &MemStore{}}
	cfg := testConfig(seed)
	cfg.Store, cfg.Now = struct{ Store }{store}, clk.Now
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	return c, store, clk
}

// storeLines returns the lines of logged about the store.
func storeLines(logged *syncBuffer) []string {
	var out []string
	for _, l := range strings.Split(logged.String(), "\n") {
		if strings.Contains(l, "the store") {
			out = append(out, l)
		}
	}
	return out
}

// TestStoreOutageLogged: while the store cannot be reached, the server
// logs the outage once when it begins, once a minute while it lasts, and
// once when it ends, with how long it lasted and how many calls failed,
// not once a failed request; the store's own answers (a game it does
// not hold) are no outage.
func TestStoreOutageLogged(t *testing.T) {
	logged := captureLog(t)
	c, store, clk := outageServer(t, 70)
	h := c.create("zapita", "")
	token := h.Tokens[anySide(h)]
	state := func() int {
		code, _ := c.do("GET", "/games/"+h.ID, token, "", nil)
		return code
	}
	if code, _ := c.do("GET", "/games/0123456789abcdef0123456789abcdef", "", "", nil); code != http.StatusNotFound {
		t.Fatalf("a game the store does not hold: %d", code)
	}
	if got := storeLines(logged); len(got) != 0 {
		t.Fatalf("the store's answers were logged as an outage: %q", got)
	}

	store.down.Store(true)
	for range 20 {
		if code := state(); code != http.StatusServiceUnavailable {
			t.Fatalf("with the store down: %d", code)
		}
	}
	clk.advance(30 * time.Second)
	state()
	want := []string{fmt.Sprintf("referee: the store fails (game %s): connection refused", h.ID)}
	checkLines := func(when string) {
		t.Helper()
		got := storeLines(logged)
		if len(got) != len(want) {
			t.Fatalf("%s: logged %d lines about the store, want %d:\n%s", when, len(got), len(want), strings.Join(got, "\n"))
		}
		for i := range got {
			if !strings.HasSuffix(got[i], want[i]) {
				t.Errorf("%s: line %d is %q, want it to end with %q", when, i+1, got[i], want[i])
			}
		}
	}
	checkLines("21 failed requests in 30 s")

	clk.advance(31 * time.Second)
	state()
	want = append(want, fmt.Sprintf("referee: the store has failed for 1m1s, %d failed calls; the last (game %s): connection refused", store.failed.Load(), h.ID))
	checkLines("a minute after the first failure")
	clk.advance(30 * time.Second)
	state()
	checkLines("30 s after the reminder")

	failed := store.failed.Load()
	clk.advance(4 * time.Second)
	store.down.Store(false)
	if code := state(); code != http.StatusOK {
		t.Fatalf("with the store back: %d", code)
	}
	state()
	want = append(want, fmt.Sprintf("referee: the store answers again, after 1m35s and %d failed calls", failed))
	checkLines("the store back")

	store.down.Store(true)
	state()
	want = append(want, want[0])
	checkLines("a second outage")
}

// TestFullDiskLogged: while the store reads but cannot write (a full
// disk), the reads that succeed between the refused moves do not end the
// outage: it is logged once, and its end when a write succeeds again.
func TestFullDiskLogged(t *testing.T) {
	logged := captureLog(t)
	c, store, clk := outageServer(t, 72)
	h := c.create("coir", "")
	path := "/games/" + h.ID
	var st stateJSON
	c.do("GET", path, "", "", &st)
	token := h.Tokens[st.ToMove]
	move := c.allMoves(path, token)[0]

	store.full.Store(true)
	for range 5 {
		var e errorJSON
		if code, _ := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: move}), &e); code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
			t.Fatalf("a move on a full disk: %d %+v", code, e)
		}
		clk.advance(time.Second)
		if code, _ := c.do("GET", path, token, "", nil); code != http.StatusOK {
			t.Fatalf("reading the game on a full disk: %d", code)
		}
	}
	got := storeLines(logged)
	if want := "referee: the store fails (game " + h.ID + "): " + errFull.Error(); len(got) != 1 || !strings.HasSuffix(got[0], want) {
		t.Fatalf("logged about the store:\n%s\nwant one line ending %q", strings.Join(got, "\n"), want)
	}
	store.full.Store(false)
	if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: move}), nil); code != http.StatusOK {
		t.Fatalf("the move once there is room: %d %s", code, raw)
	}
	got = storeLines(logged)
	if want := "referee: the store answers again, after 5s and 5 failed calls"; len(got) != 2 || !strings.HasSuffix(got[1], want) {
		t.Fatalf("logged about the store once it writes again:\n%s\nwant a second line ending %q", strings.Join(got, "\n"), want)
	}
}

// TestWatchOutageLogged: a node that cannot watch the other nodes'
// changes tries again after a pause, and logs the outage once, not at
// every try; the first request the store answers after it logs its end.
func TestWatchOutageLogged(t *testing.T) {
	logged := captureLog(t)
	defer func(p pauses) { defaultPauses = p }(defaultPauses)
	defaultPauses.watch = time.Millisecond
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &outageStore{MemStore: &MemStore{}}
	store.down.Store(true)
	cfg := testConfig(71)
	cfg.Store, cfg.Now = store, clk.Now
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	deadline := time.Now().Add(10 * time.Second)
	for store.failed.Load() < 20 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := store.failed.Load(); n < 20 {
		t.Fatalf("the watch was tried %d times in 10 s, want it tried again after each failure", n)
	}
	got := storeLines(logged)
	if want := "referee: the store fails (watching the other nodes' changes): connection refused"; len(got) != 1 || !strings.HasSuffix(got[0], want) {
		t.Fatalf("logged about the store:\n%s\nwant one line ending %q", strings.Join(got, "\n"), want)
	}
	clk.advance(2 * time.Minute)
	for len(storeLines(logged)) < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := storeLines(logged); len(got) != 2 || !strings.Contains(got[1], "has failed for 2m0s") {
		t.Fatalf("logged about the store after two minutes:\n%s", strings.Join(got, "\n"))
	}
	store.down.Store(false)
	clk.advance(outageQuiet) // the watch's last failure was an instant before
	if code, raw := c.do("POST", "/games", "", `{"game":"coir"}`, nil); code != http.StatusCreated {
		t.Fatalf("create with the store back: %d %s", code, raw)
	}
	if got := storeLines(logged); len(got) != 3 || !strings.Contains(got[2], "the store answers again, after 2m1s") {
		t.Fatalf("logged about the store once it is back:\n%s", strings.Join(got, "\n"))
	}
}

// plyStore is a store that fails the moves of one ply (failPly, 0 for
// none), counting them, as a store that goes down just as the computer
// player moves.
type plyStore struct {
	Store
	failPly atomic.Int64
	failed  atomic.Int64
}

func (s *plyStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if e.Type == EventMove && int64(e.Ply) == s.failPly.Load() {
		s.failed.Add(1)
		return errDown
	}
	return s.Store.Append(ctx, id, seq, e)
}

// TestBotOutage: a computer player whose move the store cannot take
// tries it again for as long as the outage lasts, without a log line a
// try, and plays it once the store answers: the game never waits for a
// move that will not come.
func TestBotOutage(t *testing.T) {
	logged := captureLog(t)
	defer func(p pauses) { defaultPauses = p }(defaultPauses)
	defaultPauses.bot, defaultPauses.botMax = time.Millisecond, 4*time.Millisecond
	store := &plyStore{Store: &MemStore{}}
	store.failPly.Store(2)
	cfg := testConfig(72)
	cfg.Store = store
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	created := c.createOnly(createRequest{Game: "coir", Opponent: OpponentHard})
	moves := c.allMoves("/games/"+created.ID, created.Token)
	if code, raw := c.do("POST", "/games/"+created.ID+"/moves", created.Token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, raw)
	}
	deadline := time.Now().Add(20 * time.Second)
	for store.failed.Load() < 10 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := store.failed.Load(); n < 10 {
		t.Fatalf("the computer player tried its move %d times, then stopped", n)
	}
	store.failPly.Store(0)
	waitPly(t, c, created.ID, created.Token, 2) // the computer's move, once the store answers
	if strings.Contains(logged.String(), "computer player") {
		t.Errorf("the outage was logged at every try:\n%s", logged.String())
	}
	if got := storeLines(logged); len(got) != 2 || !strings.Contains(got[0], "the store fails") || !strings.Contains(got[1], "the store answers again") {
		t.Errorf("logged about the store:\n%s", strings.Join(got, "\n"))
	}
}

// TestOutageNotEndedByACallOlderThanIt: a call made before the store
// went away that succeeds after it does not end the outage (it was
// logged "the store answers again" in the middle of one, then "fails"
// again); a call made after the outage began that succeeds does.
func TestOutageNotEndedByACallOlderThanIt(t *testing.T) {
	logged := captureLog(t)
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	h := &storeHealth{now: clk.Now}
	old := clk.Now()
	clk.advance(time.Second)
	h.note(journalGameID, storeRead, clk.Now(), errors.New("connection refused"))
	clk.advance(time.Second)
	h.note(journalGameID, storeWrite, old, nil)
	if !h.down.Load() || strings.Contains(logged.String(), "answers again") {
		t.Errorf("a call older than the outage ended it: down %v, logged:\n%s", h.down.Load(), logged.String())
	}
	h.note(journalGameID, storeWrite, clk.Now(), nil)
	if h.down.Load() || !strings.Contains(logged.String(), "the store answers again, after 1s and 1 failed call") {
		t.Errorf("a call made during the outage did not end it: down %v, logged:\n%s", h.down.Load(), logged.String())
	}
}

// TestPartOfTheStoreFails: while the calls about some games fail and
// those about others succeed (a few journals made unwritable, a full
// disk with room left in some files' last pages), the outage is logged
// once, not as ending and beginning again at every call; it ends once a
// call succeeds with none failed for outageQuiet, or when the game that
// failed last works again.
func TestPartOfTheStoreFails(t *testing.T) {
	logged := captureLog(t)
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	h := &storeHealth{now: clk.Now}
	denied := errors.New("permission denied")
	good, bad := strings.Repeat("a1", 16), strings.Repeat("b2", 16)
	for range 50 {
		clk.advance(10 * time.Millisecond)
		h.note(bad, storeWrite, clk.Now(), denied)
		clk.advance(10 * time.Millisecond)
		h.note(good, storeWrite, clk.Now(), nil)
	}
	if got := storeLines(logged); len(got) != 1 || !strings.Contains(got[0], "the store fails (game "+bad+"): permission denied") {
		t.Fatalf("fifty failures among fifty successes logged:\n%s", strings.Join(got, "\n"))
	}
	// The last call succeeded: the end is told a second later.
	time.Sleep(outageQuiet + 200*time.Millisecond)
	if got := storeLines(logged); len(got) != 2 || !strings.Contains(got[1], "the store answers again, after 990ms and 50 failed calls") {
		t.Fatalf("a second after the last call, which succeeded:\n%s", strings.Join(got, "\n"))
	}
	// A second outage, whose end comes with a success once no call has
	// failed for a second.
	h.note(bad, storeWrite, clk.Now(), denied)
	clk.advance(outageQuiet)
	h.note(good, storeWrite, clk.Now(), nil)
	if got := storeLines(logged); len(got) != 4 || !strings.Contains(got[3], "the store answers again, after 1s and 1 failed call") {
		t.Fatalf("a success after a quiet second:\n%s", strings.Join(got, "\n"))
	}
	h.note(bad, storeWrite, clk.Now(), denied)
	clk.advance(time.Millisecond)
	h.note(bad, storeWrite, clk.Now(), nil)
	if got := storeLines(logged); len(got) != 6 || !strings.Contains(got[5], "the store answers again, after 1ms and 1 failed call") {
		t.Fatalf("the game that failed works again:\n%s", strings.Join(got, "\n"))
	}
}

// TestOutageEndWaitsForItsOwn: the end a success had wait belongs to its
// outage: once that outage ended, its timer does not end a later one in
// which no call succeeded.
func TestOutageEndWaitsForItsOwn(t *testing.T) {
	logged := captureLog(t)
	h := &storeHealth{now: time.Now}
	denied := errors.New("permission denied")
	a, b, c := strings.Repeat("a1", 16), strings.Repeat("b2", 16), strings.Repeat("c3", 16)
	h.note(a, storeWrite, time.Now(), denied) // the first outage
	h.note(b, storeWrite, time.Now(), nil)    // another game works: the end waits
	h.note(a, storeWrite, time.Now(), nil)    // the game that failed works: the end, at once
	time.Sleep(200 * time.Millisecond)
	h.note(c, storeWrite, time.Now(), denied) // the second: nothing succeeds from here
	time.Sleep(outageQuiet)
	if got := storeLines(logged); !h.down.Load() || len(got) != 3 {
		t.Errorf("the second outage, whose only call failed: down %v, logged\n%s", h.down.Load(), strings.Join(got, "\n"))
	}
}
