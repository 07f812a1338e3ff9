package pgstore

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee"
	"github.com/hopsgames/hops/referee/pgstore/pgtest"
	"github.com/hopsgames/hops/referee/storetest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// server is the PostgreSQL of this package's tests, started by TestMain.
var server *pgtest.Server

// pg returns the shared server; tests that stop it start their own.
func pg(t *testing.T) *pgtest.Server {
	t.Helper()
	pgtest.Require(t)
	return server
}

// open returns a store on a new database, closed at the end of the test.
func open(t *testing.T, url string) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// connect returns a connection of the test's own to the database at
// url, closed at the end of the test.
func connect(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

func move(ply int, text string) referee.Event {
	return referee.Event{Type: referee.EventMove, Time: time.Date(2026, 1, 2, 3, 4, 5, 6007, time.UTC), Ply: ply, Move: text}
}

func create() referee.Event {
	return referee.Event{Type: referee.EventCreate, Time: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Game: "zapita",
		Creator: "Blue", Start: "start", Token: "ab", Invitation: "cd", MaxPlies: 100}
}

// TestContract runs the referee's contract of a Store, and of a store
// that several servers share (two stores on one database), each test on
// a database of its own.
func TestContract(t *testing.T) {
	srv := pg(t)
	storetest.Run(t, func(t *testing.T) referee.Store { return open(t, srv.Database(t)) })
	storetest.RunShared(t, func(t *testing.T) (a, b referee.Store) {
		url := srv.Database(t)
		return open(t, url), open(t, url)
	})
}

func TestJournal(t *testing.T) {
	ctx := context.Background()
	s := open(t, pg(t).Database(t))
	const id = "0123456789abcdef0123456789abcdef"
	if _, err := s.Load(ctx, id, 1); !errors.Is(err, referee.ErrNotFound) {
		t.Fatalf("Load of a missing game: %v", err)
	}
	if err := s.Append(ctx, id, 2, move(1, "a")); !errors.Is(err, referee.ErrNotFound) {
		t.Fatalf("Append to a missing game: %v", err)
	}
	if err := s.Create(ctx, id, create()); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, id, create()); !errors.Is(err, referee.ErrExists) {
		t.Fatalf("second Create: %v", err)
	}
	for seq := 2; seq <= 4; seq++ {
		if err := s.Append(ctx, id, seq, move(seq-1, fmt.Sprint(seq))); err != nil {
			t.Fatal(err)
		}
	}
	for _, seq := range []int{1, 2, 4, 6} { // taken, taken, taken, a gap
		if err := s.Append(ctx, id, seq, move(9, "x")); !errors.Is(err, referee.ErrConflict) {
			t.Errorf("Append of event %d to a journal of 4: %v", seq, err)
		}
	}
	all, err := s.Load(ctx, id, 1)
	if err != nil || len(all) != 4 || all[0] != create() || all[3] != move(3, "4") {
		t.Fatalf("Load: %v %+v", err, all)
	}
	tail, err := s.Load(ctx, id, 3)
	if err != nil || len(tail) != 2 || tail[0] != move(2, "3") {
		t.Fatalf("Load from 3: %v %+v", err, tail)
	}
	if none, err := s.Load(ctx, id, 5); err != nil || len(none) != 0 {
		t.Fatalf("Load from 5: %v %+v", err, none)
	}
	var sums []referee.Summary
	if err := s.List(ctx, func(s referee.Summary) error { sums = append(sums, s); return nil }); err != nil || len(sums) != 1 ||
		sums[0] != (referee.Summary{ID: id, First: create(), Last: move(3, "4")}) {
		t.Fatalf("List: %v %+v", err, sums)
	}
	stop := errors.New("stop")
	if err := s.List(ctx, func(referee.Summary) error { return stop }); err != stop {
		t.Fatalf("List returned %v, not fn's error", err)
	}
	for range 2 {
		if err := s.Delete(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Load(ctx, id, 1); !errors.Is(err, referee.ErrNotFound) {
		t.Fatalf("Load after Delete: %v", err)
	}
	if err := s.Create(ctx, id, create()); err != nil { // the id is free again
		t.Fatal(err)
	}
}

// TestDamaged: a journal changed behind the store's back (an event
// removed from the middle, an event that is not an Event) is reported as
// damaged, never served with a hole.
func TestDamaged(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	for _, id := range []string{"gap", "junk"} {
		if err := s.Create(ctx, id, create()); err != nil {
			t.Fatal(err)
		}
		for seq := 2; seq <= 3; seq++ {
			if err := s.Append(ctx, id, seq, move(seq-1, "m")); err != nil {
				t.Fatal(err)
			}
		}
	}
	conn := connect(t, url)
	if _, err := conn.Exec(ctx, `DELETE FROM hops_events WHERE game = 'gap' AND seq = 2;
		UPDATE hops_events SET event = '{"colour": 1}' WHERE game = 'junk' AND seq = 3`); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"gap", "junk"} {
		if _, err := s.Load(ctx, id, 1); err == nil || !errors.As(err, new(*referee.DamagedError)) {
			t.Errorf("Load of %s: %v", id, err)
		}
	}
	if ev, err := s.Load(ctx, "junk", 2); err == nil || len(ev) != 0 {
		t.Errorf("Load of junk from 2: %v %v", ev, err)
	}
}

// TestRefusedWriteNotStored: a write the database refuses (here a
// constraint, as a full disk would) is refused with an error that wraps
// referee.ErrNotStored, so that the server can say that nothing was
// recorded, and nothing of it is stored; an error that may come after
// the commit (a shutdown, a lost connection) does not wrap it.
func TestRefusedWriteNotStored(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	if err := s.Create(ctx, "kept", create()); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, url)
	if _, err := conn.Exec(ctx, `ALTER TABLE hops_events ADD CONSTRAINT no_refusal CHECK (event->>'move' IS DISTINCT FROM 'refused');
		ALTER TABLE hops_games ADD CONSTRAINT no_refused_game CHECK (game <> 'refused')`); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "kept", 2, move(1, "refused")); err == nil || !errors.Is(err, referee.ErrNotStored) {
		t.Errorf("an append the database refused: %v; want ErrNotStored", err)
	}
	if events, err := s.Load(ctx, "kept", 1); err != nil || len(events) != 1 {
		t.Errorf("after the refused append: %d events, %v; want 1", len(events), err)
	}
	if err := s.Create(ctx, "refused", create()); err == nil || !errors.Is(err, referee.ErrNotStored) {
		t.Errorf("a creation the database refused: %v; want ErrNotStored", err)
	}
	if _, err := s.Load(ctx, "refused", 1); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("the game whose creation was refused: %v; want none", err)
	}
	_, unconnected := pgconn.Connect(ctx, "postgres://nobody@127.0.0.1:1/none?connect_timeout=5")
	if unconnected == nil {
		t.Fatal("a connection to port 1 was made")
	}
	for _, c := range []struct {
		err     error
		refused bool
	}{
		{unconnected, true},                     // the statement was never sent
		{&pgconn.PgError{Code: "53100"}, true},  // disk full
		{&pgconn.PgError{Code: "25006"}, true},  // a read-only transaction
		{&pgconn.PgError{Code: "40001"}, true},  // a serialization failure
		{&pgconn.PgError{Code: "57P01"}, false}, // the database shut down
		{&pgconn.PgError{Code: "XX000"}, false},
		{errors.New("unexpected EOF"), false},
	} {
		if got := errors.Is(wrapWrite(c.err), referee.ErrNotStored); got != c.refused {
			t.Errorf("wrapWrite(%v) wraps ErrNotStored: %v, want %v", c.err, got, c.refused)
		}
	}
}

// TestWatchCatchUpThatHangs: a Watch whose catch-up query waits (here
// behind a lock on the events, as a database that hangs once the
// connection is made) fails after answerWithin, to be tried again,
// rather than hold the try until the database answers.
func TestWatchCatchUpThatHangs(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	// A first Watch listens, so that the next one catches up.
	first, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- s.Watch(first, func(string) {}) }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s.mu.Lock()
		listened := !s.listened.IsZero()
		s.mu.Unlock()
		if listened {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first Watch does not listen")
		}
	}
	cancel()
	<-done
	conn := connect(t, url)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "LOCK TABLE hops_events IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	defer func(d time.Duration) { answerWithin = d }(answerWithin)
	answerWithin = 500 * time.Millisecond
	second, cancel2 := context.WithTimeout(ctx, 20*time.Second)
	defer cancel2()
	began := time.Now()
	err = s.Watch(second, func(string) {})
	if took := time.Since(began); err == nil || second.Err() != nil || took > 5*time.Second {
		t.Errorf("a Watch whose catch-up waits: %v after %v; want it failed after answerWithin", err, took)
	}
}

// TestAppendMeetsSetAside: a game is set aside while an Append is under
// way, held back by another writer's event not yet committed. The
// Append is either stored before the game is set aside, SetAside waiting
// for it, or refused with the game's DamagedError: from SetAside's
// return on, no event of the game is acknowledged. SetAside returned at
// once while the Append was held, which then went on and was
// acknowledged, and the game set aside gained an event. (Which of the
// two calls returns first once both are done is a matter of
// microseconds: what is checked is that SetAside did not return while
// the Append it met was still held.)
func TestAppendMeetsSetAside(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	id := storetest.NewID()
	if err := s.Create(ctx, id, create()); err != nil {
		t.Fatal(err)
	}
	conn := connect(t, url)
	other, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Exec(ctx, `INSERT INTO hops_events (game, seq, event) VALUES ($1, 2, $2)`, id,
		`{"type": "move", "time": "2026-01-02T03:04:05Z", "ply": 1, "move": "x"}`); err != nil {
		t.Fatal(err)
	}
	var order atomic.Int32
	var appendErr, asideErr error
	var asideAt int32
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		appendErr = s.Append(ctx, id, 2, move(1, "m"))
	}()
	time.Sleep(200 * time.Millisecond) // the Append waits for the other writer
	go func() {
		defer wg.Done()
		asideErr = s.SetAside(ctx, id, "found damaged")
		asideAt = order.Add(1)
	}()
	time.Sleep(200 * time.Millisecond)
	releasedAt := order.Add(1)
	if err := other.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if !errors.As(asideErr, new(*referee.DamagedError)) {
		t.Fatalf("SetAside: %v", asideErr)
	}
	if appendErr == nil && asideAt < releasedAt {
		t.Errorf("SetAside returned while the Append was held, and the Append was then acknowledged")
	}
	if appendErr != nil && !errors.As(appendErr, new(*referee.DamagedError)) {
		t.Errorf("Append: %v, want the game's DamagedError or nil", appendErr)
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM hops_events WHERE game = $1", id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if want := map[bool]int{true: 2, false: 1}[appendErr == nil]; n != want {
		t.Errorf("%d events stored after Append's %v, want %d", n, appendErr, want)
	}
}

// TestOneWinner: nodes appending the same event number at the same
// moment: exactly one succeeds, the others get ErrConflict.
func TestOneWinner(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	stores := []*Store{open(t, url), open(t, url), open(t, url)}
	const games, writers = 20, 6
	for g := range games {
		if err := stores[0].Create(ctx, fmt.Sprint(g), create()); err != nil {
			t.Fatal(err)
		}
	}
	for seq := 2; seq <= 6; seq++ {
		var won, lost atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for g := range games {
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					err := stores[w%len(stores)].Append(ctx, fmt.Sprint(g), seq, move(seq-1, fmt.Sprint(w)))
					switch {
					case err == nil:
						won.Add(1)
					case errors.Is(err, referee.ErrConflict):
						lost.Add(1)
					default:
						t.Error(err)
					}
				}()
			}
		}
		close(start)
		wg.Wait()
		if won.Load() != games || lost.Load() != games*(writers-1) {
			t.Fatalf("event %d: %d appends won, %d lost; want %d and %d", seq, won.Load(), lost.Load(), games, games*(writers-1))
		}
	}
	for g := range games {
		ev, err := stores[1].Load(ctx, fmt.Sprint(g), 1)
		if err != nil || len(ev) != 6 {
			t.Fatalf("game %d: %v, %d events", g, err, len(ev))
		}
	}
}

// TestSchema: opening twice keeps the schema; a database whose schema is
// newer than the program's is refused.
func TestSchema(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	if err := s.Create(ctx, "a", create()); err != nil {
		t.Fatal(err)
	}
	s2 := open(t, url)
	if ev, err := s2.Load(ctx, "a", 1); err != nil || len(ev) != 1 {
		t.Fatalf("reopened: %v %v", ev, err)
	}
	if _, err := s.pool.Exec(ctx, "UPDATE hops_schema SET version = version + 1"); err != nil {
		t.Fatal(err)
	}
	if s3, err := Open(ctx, url); err == nil {
		s3.Close()
		t.Fatal("a newer schema was accepted")
	}
}

// TestSearchPathEdges: a search_path none of whose schemas exists is
// refused with a message that says so (it was a failure to scan NULL);
// a schema whose name would make too long a notification channel is
// refused before any table is made in it (three were left behind); with
// a missing schema first, the tables go in the first that exists.
func TestSearchPathEdges(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	conn := connect(t, url)
	long := strings.Repeat("s", maxIdentifier-len("hops_")+1)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA other; CREATE SCHEMA `+long); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(ctx, url+"&search_path=missing"); err == nil {
		s.Close()
		t.Error("a search_path of no schema was opened")
	} else if want := `pgstore: no schema of the search_path "missing" exists: create one (CREATE SCHEMA)`; err.Error() != want {
		t.Errorf("search_path=missing: %v, want %s", err, want)
	}
	if s, err := Open(ctx, url+"&search_path="+long); err == nil {
		s.Close()
		t.Error("a schema name too long was opened")
	} else if !strings.Contains(err.Error(), "too long") {
		t.Errorf("a schema name too long: %v", err)
	}
	var left int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM information_schema.tables WHERE table_schema = $1", long).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d tables made in the schema refused (%v)", left, err)
	}
	s := open(t, url+"&search_path=missing,other")
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	var where string
	if err := conn.QueryRow(ctx, "SELECT table_schema FROM information_schema.tables WHERE table_name = 'hops_games'").Scan(&where); err != nil || where != "other" {
		t.Errorf("the tables are in %q (%v), want other", where, err)
	}
}

// TestWatch: Watch hears the events another store stores, and returns
// an error when its connection is lost (the server restarted); called
// again, it listens again.
func TestWatch(t *testing.T) {
	ctx := context.Background()
	srv := pgtest.Start(t) // its own server, since it is restarted
	url := srv.Database(t)
	a, b := open(t, url), open(t, url)
	heard := make(chan string, 100)
	stopped := make(chan error, 1)
	wctx, cancel := context.WithCancel(ctx)
	watch := func() {
		go func() { stopped <- b.Watch(wctx, func(id string) { heard <- id }) }()
		time.Sleep(200 * time.Millisecond) // until it listens
	}
	watch()
	// expect waits to hear want. Calls may be repeated (a new Watch
	// names again the games changed shortly before), so others are
	// passed over.
	expect := func(want string) {
		t.Helper()
		timeout := time.After(20 * time.Second)
		var others []string
		for {
			select {
			case id := <-heard:
				if id == want {
					return
				}
				others = append(others, id)
			case <-timeout:
				t.Fatalf("did not hear %q (heard %q)", want, others)
			}
		}
	}
	if err := a.Create(ctx, "g1", create()); err != nil {
		t.Fatal(err)
	}
	expect("g1")
	if err := a.Append(ctx, "g1", 2, move(1, "m")); err != nil {
		t.Fatal(err)
	}
	expect("g1")
	srv.Stop()
	if err := a.Append(ctx, "g1", 3, move(2, "m")); err == nil {
		t.Fatal("an append succeeded with the database down")
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-stopped:
		if err == nil {
			t.Fatal("Watch returned nil when its connection was lost")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Watch still runs, its connection lost")
	}
	// The keep-alive is short from now on: set before the Watch that
	// reads it starts.
	keepAlive = 100 * time.Millisecond
	defer func() { keepAlive = 15 * time.Second }()
	watch()
	if err := a.Append(ctx, "g1", 3, move(2, "m")); err != nil {
		t.Fatal(err)
	}
	expect("g1")
	if err := a.Delete(ctx, "g1"); err != nil {
		t.Fatal(err)
	}
	expect("g1")

	// Quiet for longer than the keep-alive: the connection is checked
	// and kept.
	time.Sleep(500 * time.Millisecond)
	select {
	case err := <-stopped:
		t.Fatalf("Watch returned after a quiet while: %v", err)
	default:
	}
	if err := a.Create(ctx, "g2", create()); err != nil {
		t.Fatal(err)
	}
	expect("g2")

	// The listening connection cut, and an event stored before Watch
	// listens again: the new Watch names its game first.
	if _, err := a.pool.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'hops-watch'"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-stopped:
		if err == nil || err == context.Canceled {
			t.Fatalf("Watch, its connection cut, returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Watch still runs, its connection cut")
	}
	if err := a.Append(ctx, "g2", 2, move(1, "m")); err != nil {
		t.Fatal(err)
	}
	watch()
	expect("g2")

	cancel()
	select {
	case err := <-stopped:
		if err != context.Canceled {
			t.Fatalf("Watch, its context canceled, returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Watch still runs, its context canceled")
	}
}

// mainTB runs the package's PostgreSQL for the whole test binary: its
// cleanups run when the tests end (see TestMain), and a failure to start
// it ends the binary.
type mainTB struct{ testing.TB }

var cleanups []func()

func (mainTB) Helper()          {}
func (mainTB) Cleanup(f func()) { cleanups = append(cleanups, f) }
func (mainTB) Fatal(args ...any) {
	fmt.Fprintln(os.Stderr, args...)
	cleanup()
	os.Exit(1)
}
func (t mainTB) Fatalf(format string, args ...any) { t.Fatal(fmt.Sprintf(format, args...)) }

func cleanup() {
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
}

// TestMain starts the PostgreSQL server of the tests and gives the
// example its database in $HOPS_POSTGRES. Without PostgreSQL, and
// without CI, the tests skip and the example, which needs it, is left
// out.
func TestMain(m *testing.M) {
	flag.Parse()
	if pgtest.Available() {
		server = pgtest.Start(mainTB{})
		os.Setenv("HOPS_POSTGRES", server.Database(mainTB{}))
	} else if os.Getenv("CI") == "" && flag.Lookup("test.run").Value.String() == "" {
		fmt.Println("pgstore: no PostgreSQL installed: the tests skip, and Example is not run")
		flag.Set("test.run", "^Test")
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}
