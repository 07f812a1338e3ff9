package pgstore

import (
	"context"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee/pgstore/pgtest"
)

// waitListening waits until a Watch of s listens.
func waitListening(t *testing.T, s *Store) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s.mu.Lock()
		listened := !s.listened.IsZero()
		s.mu.Unlock()
		if listened {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("Watch does not listen")
		}
	}
}

// TestWatchOfAHungDatabaseEnds: a Watch whose database stops answering
// (paused, as a machine that hangs) fails once its check of the
// connection has waited answerWithin, to be tried again, rather than
// wait for an answer for ever.
func TestWatchOfAHungDatabaseEnds(t *testing.T) {
	srv := pgtest.Start(t)
	s := open(t, srv.Database(t))
	defer func(k, a time.Duration) { keepAlive, answerWithin = k, a }(keepAlive, answerWithin)
	keepAlive, answerWithin = 100*time.Millisecond, 500*time.Millisecond
	done := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { done <- s.Watch(ctx, func(string) {}) }()
	waitListening(t, s)
	if err := srv.Pause(); err != nil {
		t.Fatal(err)
	}
	defer srv.Resume()
	select {
	case err := <-done:
		if err == nil || ctx.Err() != nil {
			t.Errorf("Watch returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("Watch still waits for the paused database")
		// It ends before the settings it reads are restored.
		srv.Resume()
		cancel()
		<-done
	}
}

// TestWatchCatchUpOfALongTransaction: an event whose transaction began
// before the last moment the previous Watch was known to listen, and
// committed after that Watch lost its connection, is named by the next
// Watch: an event's time is its transaction's start, so the catch-up
// looks back a margin before that moment.
func TestWatchCatchUpOfALongTransaction(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	defer func(k time.Duration) { keepAlive = k }(keepAlive)
	keepAlive = 50 * time.Millisecond
	conn := connect(t, url)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	var began time.Time
	if err := tx.QueryRow(ctx, `INSERT INTO hops_events (game, seq, event) VALUES ('g', 2, $1) RETURNING added`,
		`{"type": "move", "time": "2026-01-02T03:04:05Z", "ply": 1, "move": "x"}`).Scan(&began); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- s.Watch(wctx, func(string) {}) }()
	// The Watch notes the database's time after the transaction began.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s.mu.Lock()
		after := s.listened.After(began)
		s.mu.Unlock()
		if after {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the Watch notes no time after the transaction began")
		}
	}
	cancel()
	<-done
	if err := tx.Commit(ctx); err != nil { // heard by nobody
		t.Fatal(err)
	}
	heard := make(chan string, 10)
	wctx, cancel = context.WithCancel(ctx)
	ended := make(chan struct{})
	go func() {
		s.Watch(wctx, func(id string) {
			select {
			case heard <- id:
			default:
			}
		})
		close(ended)
	}()
	defer func() { cancel(); <-ended }() // the Watch ends before keepAlive is restored
	hear(t, heard, "the event committed while nobody listened")
}

// TestWatchHearsDeletion: a game deleted (expired, on any node) is named
// to the Watch as its events are, so that the nodes that hold it drop it
// at once.
func TestWatchHearsDeletion(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	a, b := open(t, url), open(t, url)
	heard := make(chan string, 10)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go b.Watch(wctx, func(id string) { heard <- id })
	waitListening(t, b)
	if err := a.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	hear(t, heard, "the creation")
	if err := a.Delete(ctx, "g"); err != nil {
		t.Fatal(err)
	}
	hear(t, heard, "the deletion")
}

// hear waits up to 5 s for a Watch to name game g on heard, what having
// happened to it.
func hear(t *testing.T, heard <-chan string, what string) {
	t.Helper()
	select {
	case id := <-heard:
		if id != "g" {
			t.Fatalf("%s: heard %q, want g", what, id)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s was not heard", what)
	}
}
