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
// database that cannot be reached does, counting the calls about the
// games it failed (failed) and its Watch calls that failed
// (watchFailed); it watches the changes of its MemStore when up.
//
// While full is set, it fails the writes only, as a full disk does.
// While deaf is set, its Watch fails at once and the rest works, as a
// database on which LISTEN fails does.
type outageStore struct {
	*MemStore
	down        atomic.Bool
	full        atomic.Bool
	deaf        atomic.Bool
	failed      atomic.Int64
	watchFailed atomic.Int64
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

// errDeaf is the error of a Watch on a database that refuses LISTEN.
var errDeaf = errors.New("ERROR: cannot execute LISTEN during recovery (SQLSTATE 25006)")

func (s *outageStore) Watch(ctx context.Context, fn func(string)) error {
	var err error
	switch {
	case s.down.Load():
		err = errDown
	case s.deaf.Load():
		err = errDeaf
	default:
		return s.MemStore.Watch(ctx, fn)
	}
	s.watchFailed.Add(1)
	return err
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
		linesEnd(t, when, storeLines(logged), want...)
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

// linesEnd checks that the lines logged, got, are as many as want and
// end as they do; when says at which step of the test.
func linesEnd(t *testing.T, when string, got []string, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: logged %d lines, want %d:\n%s", when, len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range got {
		if !strings.HasSuffix(got[i], want[i]) {
			t.Errorf("%s: line %d is %q, want it to end with %q", when, i+1, got[i], want[i])
		}
	}
}

// fastWatch has the servers of the test try to watch again at once after
// a failure, and take a try that runs 500 ms to work.
func fastWatch(t *testing.T) {
	p := defaultPauses
	t.Cleanup(func() { defaultPauses = p })
	defaultPauses.watch, defaultPauses.watchWorks = time.Millisecond, 500*time.Millisecond
}

// watchedServer starts a server (fastWatch) on an outageStore, set as
// the test wants it before the server first watches it, with a clock
// of the test's own.
func watchedServer(t *testing.T, seed byte, set func(*outageStore)) (*client, *outageStore, *clock) {
	fastWatch(t)
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &outageStore{MemStore: &MemStore{}}
	set(store)
	cfg := testConfig(seed)
	cfg.Store, cfg.Now = store, clk.Now
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	return c, store, clk
}

// TestWatchOutageLogged: a node that cannot watch the other nodes'
// changes tries again after a pause, and logs the failing once, not at
// every try, then once a minute; once a try to watch runs without
// failing, it logs the end once.
func TestWatchOutageLogged(t *testing.T) {
	logged := captureLog(t)
	c, store, clk := watchedServer(t, 71, func(s *outageStore) { s.down.Store(true) })
	deadline := time.Now().Add(10 * time.Second)
	for store.watchFailed.Load() < 20 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n := store.watchFailed.Load(); n < 20 {
		t.Fatalf("the watch was tried %d times in 10 s, want it tried again after each failure", n)
	}
	got := healthLines(logged)
	if want := "referee: watching the other nodes' changes fails: connection refused"; len(got) != 1 || !strings.HasSuffix(got[0], want) {
		t.Fatalf("logged:\n%s\nwant one line ending %q", strings.Join(got, "\n"), want)
	}
	clk.advance(2 * time.Minute)
	for len(healthLines(logged)) < 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := healthLines(logged); len(got) != 2 || !strings.Contains(got[1], "referee: watching the other nodes' changes has failed for 2m0s") {
		t.Fatalf("logged after two minutes:\n%s", strings.Join(got, "\n"))
	}
	store.down.Store(false)
	for len(healthLines(logged)) < 3 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if code, raw := c.do("POST", "/games", "", `{"game":"coir"}`, nil); code != http.StatusCreated {
		t.Fatalf("create with the store back: %d %s", code, raw)
	}
	want := fmt.Sprintf("referee: watching the other nodes' changes works again, after 2m0s and %d failed attempts", store.watchFailed.Load())
	if got := healthLines(logged); len(got) != 3 || !strings.HasSuffix(got[2], want) {
		t.Fatalf("logged once the store is back:\n%s\nwant a third line ending %q", strings.Join(got, "\n"), want)
	}
}

// healthLines returns the lines of logged about the store and about
// watching the other nodes' changes.
func healthLines(logged *syncBuffer) []string {
	var out []string
	for _, l := range strings.Split(logged.String(), "\n") {
		if strings.Contains(l, "the store") || strings.Contains(l, "watching the other nodes' changes") {
			out = append(out, l)
		}
	}
	return out
}

// TestWatchFailsAlone: while watching the other nodes' changes fails and
// the calls about the games succeed (a database on which LISTEN fails),
// the watch's failure is logged once, not as a store outage that begins
// at each try and ends at the next request; a store outage meanwhile is
// logged once, begun and ended, as any other; once a try to watch keeps
// running, the watch's end is logged once.
func TestWatchFailsAlone(t *testing.T) {
	logged := captureLog(t)
	c, store, clk := watchedServer(t, 73, func(s *outageStore) { s.deaf.Store(true) })
	h := c.create("coir", "")
	path := "/games/" + h.ID
	token := h.Tokens[anySide(h)]
	check := func(when string, want ...string) {
		t.Helper()
		linesEnd(t, when, healthLines(logged), want...)
	}
	// waitTries waits for n more tries to watch to fail, making requests
	// meanwhile, each answered as want.
	waitTries := func(n int64, want int) {
		t.Helper()
		until := store.watchFailed.Load() + n
		for deadline := time.Now().Add(10 * time.Second); store.watchFailed.Load() < until; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the watch was tried %d times in 10 s, want it tried again after each failure", store.watchFailed.Load())
			}
			if code, raw := c.do("GET", path, token, "", nil); code != want {
				t.Fatalf("a request while the watch fails: %d %s, want %d", code, raw, want)
			}
		}
	}

	waitTries(20, http.StatusOK)
	fails := "referee: watching the other nodes' changes fails: " + errDeaf.Error()
	check("the watch failing, the games read", fails)

	// A store outage while the watch fails is logged as any other.
	clk.advance(time.Second)
	store.down.Store(true)
	waitTries(5, http.StatusServiceUnavailable)
	clk.advance(time.Second)
	store.down.Store(false)
	waitTries(5, http.StatusOK)
	check("a store outage while the watch fails", fails,
		"referee: the store fails (game "+h.ID+"): connection refused",
		"referee: the store answers again, after 1s and "+fmt.Sprint(store.failed.Load())+" failed calls")

	clk.advance(time.Second)
	waitTries(2, http.StatusOK) // a try begun after the clock moved fails yet
	store.deaf.Store(false)
	for deadline := time.Now().Add(10 * time.Second); len(healthLines(logged)) < 4 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
	}
	// Read once the end is told: a try under way when the watch came
	// back may have failed after deaf was cleared.
	works := "referee: watching the other nodes' changes works again, after 3s and " + fmt.Sprint(store.watchFailed.Load()) + " failed attempts"
	for range 10 {
		if code, raw := c.do("GET", path, token, "", nil); code != http.StatusOK {
			t.Fatalf("a request once the watch works: %d %s", code, raw)
		}
	}
	check("the watch working again", fails,
		"referee: the store fails (game "+h.ID+"): connection refused",
		"referee: the store answers again, after 1s and "+fmt.Sprint(store.failed.Load())+" failed calls",
		works)
}

// slowWatchStore is a store whose Watch fails after a while while slow
// is set, as a connection to a database that hangs gives up after its
// timeout, counting those failures, and works otherwise, counting the
// calls that do.
type slowWatchStore struct {
	*MemStore
	slow     atomic.Bool
	failed   atomic.Int64
	watching atomic.Int64
}

func (s *slowWatchStore) Watch(ctx context.Context, fn func(string)) error {
	if !s.slow.Load() {
		s.watching.Add(1)
		return s.MemStore.Watch(ctx, fn)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(20 * time.Millisecond):
	}
	s.failed.Add(1)
	return errors.New("timeout: context deadline exceeded")
}

// TestWatchEndWaitsForALongTry: a try to watch that fails after a while
// does not end the failing (it would be logged as working again and
// failing again at every try); the end waits for a try that runs for
// watchWorks, and is not told once the server is closed.
func TestWatchEndWaitsForALongTry(t *testing.T) {
	logged := captureLog(t)
	fastWatch(t)
	store := &slowWatchStore{MemStore: &MemStore{}}
	store.slow.Store(true)
	cfg := testConfig(74)
	cfg.Store = store
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	for deadline := time.Now().Add(10 * time.Second); store.failed.Load() < 8; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the watch was tried %d times in 10 s", store.failed.Load())
		}
	}
	got := healthLines(logged)
	if want := "referee: watching the other nodes' changes fails: timeout: context deadline exceeded"; len(got) != 1 || !strings.HasSuffix(got[0], want) {
		t.Fatalf("tries that fail after 20 ms:\n%s\nwant one line ending %q", strings.Join(got, "\n"), want)
	}
	// The watch works, and the server is closed before the try has run
	// for watchWorks: nothing is logged after Close.
	store.slow.Store(false)
	for store.watching.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	c.server().Close()
	closed := logged.String()
	time.Sleep(2 * defaultPauses.watchWorks)
	if after := strings.TrimPrefix(logged.String(), closed); after != "" {
		t.Errorf("logged after Close:\n%s", after)
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
