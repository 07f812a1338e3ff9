package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee"
)

// RunShared runs the tests of a store that several servers share: open
// returns two handles on the same, empty data (two connections to one
// database, as two nodes would have), each closed when the test ends.
// What one writes the other reads; when both append to one game at once,
// the store gives each number to one of them; if the store is a
// referee.Watcher, each handle tells of the changes made through the
// other within a second.
func RunShared(t *testing.T, open func(t *testing.T) (a, b referee.Store)) {
	t.Run("SeenByTheOther", func(t *testing.T) {
		a, b := open(t)
		id := NewID()
		events := build(t, a, id, 3)
		check(t, b, id, 1, events)
		e := move(4)
		if err := b.Append(bg, id, 4, e); err != nil {
			t.Fatal(err)
		}
		check(t, a, id, 4, []referee.Event{e})
		if err := a.Append(bg, id, 4, move(4)); !errors.Is(err, referee.ErrConflict) {
			t.Errorf("Append of a number the other handle took: %v, want ErrConflict", err)
		}
		if err := b.Create(bg, id, creation(1)); !errors.Is(err, referee.ErrExists) {
			t.Errorf("Create of an id the other handle took: %v, want ErrExists", err)
		}
		if err := b.Delete(bg, id); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Load(bg, id, 1); !errors.Is(err, referee.ErrNotFound) {
			t.Errorf("Load of a game the other handle deleted: %v", err)
		}
	})
	t.Run("ConcurrentAppends", func(t *testing.T) {
		a, b := open(t)
		concurrentAppends(t, [2]referee.Store{a, b}, 30)
	})
	t.Run("Watch", func(t *testing.T) {
		a, b := open(t)
		w, ok := a.(referee.Watcher)
		if !ok {
			t.Skip("not a Watcher")
		}
		ctx, cancel := context.WithCancel(context.Background())
		changed := make(chan string, 100)
		done := make(chan error, 1)
		go func() { done <- w.Watch(ctx, func(id string) { changed <- id }) }()
		id := NewID()
		// The watch may take a moment to start: create until it tells.
		deadline := time.After(5 * time.Second)
		if err := b.Create(bg, id, creation(1)); err != nil {
			t.Fatal(err)
		}
		seq := 2
		for told := false; !told; {
			select {
			case got := <-changed:
				told = got == id // else another game of a shared store
			case <-time.After(100 * time.Millisecond):
				if err := b.Append(bg, id, seq, move(seq)); err != nil {
					t.Fatal(err)
				}
				seq++
			case <-deadline:
				t.Fatal("Watch told nothing of the changes of the other handle")
			}
		}
		// Once watching, a change is told within a second.
		time.Sleep(10 * time.Millisecond)
		for len(changed) > 0 {
			<-changed
		}
		if err := b.Append(bg, id, seq, move(seq)); err != nil {
			t.Fatal(err)
		}
		select {
		case got := <-changed:
			if got != id {
				t.Errorf("Watch told of %s, want %s", got, id)
			}
		case <-time.After(time.Second):
			t.Error("an append through the other handle was not told within a second")
		}
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("Watch returned %v when its context was done", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Watch did not return when its context was done")
		}
	})
}
