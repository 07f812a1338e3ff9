// Package storetest checks that an implementation of referee.Store keeps
// the contract the referee relies on. A store's tests call Run:
//
//	func TestContract(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) referee.Store { return openMine(t) })
//	}
//
// open must return an empty store (or one holding no game of the ids the
// tests make: ids of 32 random hex digits), and arrange for it to be
// closed and removed when the test ends (t.Cleanup). A store that several
// servers share runs RunShared too.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee"
)

// Run runs the contract's tests, each as a subtest with a store of its
// own from open.
func Run(t *testing.T, open func(t *testing.T) referee.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, s referee.Store)
	}{
		{"CreateLoad", testCreateLoad},
		{"AppendFrom", testAppendFrom},
		{"Exists", testExists},
		{"NotFound", testNotFound},
		{"Conflict", testConflict},
		{"ConcurrentAppends", testConcurrentAppends},
		{"ConcurrentCreates", testConcurrentCreates},
		{"RoundTrip", testRoundTrip},
		{"LongJournal", testLongJournal},
		{"List", testList},
		{"Delete", testDelete},
		{"Isolation", testIsolation},
		{"SetAside", testSetAside},
		{"Count", testCount},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.run(t, open(t))
		})
	}
}

var bg = context.Background()

// NewID returns a fresh game id, as the referee makes them.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// at is a time with microseconds, which every store keeps.
func at(i int) time.Time {
	return time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC).Add(time.Duration(i) * 1001 * time.Microsecond)
}

// creation is a game's first event.
func creation(i int) referee.Event {
	return referee.Event{Type: referee.EventCreate, Time: at(i), Game: "catchit", Creator: "Blue",
		Start: fmt.Sprintf("start %d", i), Token: fmt.Sprintf("%064x", i), Invitation: fmt.Sprintf("%064x", i+1), MaxPlies: 1000}
}

// move is event seq of a game, a move.
func move(seq int) referee.Event {
	return referee.Event{Type: referee.EventMove, Time: at(seq), Ply: seq - 1, Move: fmt.Sprintf("M%d", seq)}
}

// equal reports whether two events are the same, Time compared as an
// instant.
func equal(a, b referee.Event) bool {
	if !a.Time.Equal(b.Time) {
		return false
	}
	a.Time, b.Time = time.Time{}, time.Time{}
	return a == b
}

// check fails the test unless the game's journal from number from is
// want.
func check(t *testing.T, s referee.Store, id string, from int, want []referee.Event) {
	t.Helper()
	got, err := s.Load(bg, id, from)
	if err != nil {
		t.Fatalf("Load(%s, %d): %v", id, from, err)
	}
	if len(got) != len(want) {
		t.Fatalf("Load(%s, %d): %d events, want %d: %+v", id, from, len(got), len(want), got)
	}
	for i := range got {
		if !equal(got[i], want[i]) {
			t.Fatalf("Load(%s, %d): event %d is %+v, want %+v", id, from, from+i, got[i], want[i])
		}
	}
}

// build creates a game of n events and returns them.
func build(t *testing.T, s referee.Store, id string, n int) []referee.Event {
	t.Helper()
	events := []referee.Event{creation(n)}
	if err := s.Create(bg, id, events[0]); err != nil {
		t.Fatalf("Create: %v", err)
	}
	for seq := 2; seq <= n; seq++ {
		e := move(seq)
		if err := s.Append(bg, id, seq, e); err != nil {
			t.Fatalf("Append(%d): %v", seq, err)
		}
		events = append(events, e)
	}
	return events
}

func testCreateLoad(t *testing.T, s referee.Store) {
	id := NewID()
	e := creation(1)
	if err := s.Create(bg, id, e); err != nil {
		t.Fatal(err)
	}
	check(t, s, id, 1, []referee.Event{e})
	check(t, s, id, 0, []referee.Event{e}) // from below 1 reads from the start
	check(t, s, id, 2, nil)
}

func testAppendFrom(t *testing.T, s referee.Store) {
	id := NewID()
	events := build(t, s, id, 12)
	for from := 1; from <= 14; from++ {
		check(t, s, id, from, events[min(from, 13)-1:])
	}
}

func testExists(t *testing.T, s referee.Store) {
	id := NewID()
	events := build(t, s, id, 3)
	if err := s.Create(bg, id, creation(9)); !errors.Is(err, referee.ErrExists) {
		t.Fatalf("Create of a stored id: %v, want ErrExists", err)
	}
	check(t, s, id, 1, events) // untouched
}

func testNotFound(t *testing.T, s referee.Store) {
	id := NewID()
	if _, err := s.Load(bg, id, 1); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("Load of an unknown game: %v, want ErrNotFound", err)
	}
	if err := s.Append(bg, id, 2, move(2)); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("Append to an unknown game: %v, want ErrNotFound", err)
	}
	if err := s.Delete(bg, id); err != nil {
		t.Errorf("Delete of an unknown game: %v, want nil", err)
	}
	if _, err := s.Load(bg, id, 1); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("Append or Delete made the game: Load answers %v", err)
	}
}

func testConflict(t *testing.T, s referee.Store) {
	id := NewID()
	events := build(t, s, id, 4)
	for _, seq := range []int{-1, 0, 1, 2, 3, 4, 6, 100} {
		if err := s.Append(bg, id, seq, move(99)); !errors.Is(err, referee.ErrConflict) {
			t.Errorf("Append(seq %d) to a journal of 4 events: %v, want ErrConflict", seq, err)
		}
	}
	check(t, s, id, 1, events) // nothing stored
	e := move(5)
	if err := s.Append(bg, id, 5, e); err != nil {
		t.Fatalf("Append(5) after the conflicts: %v", err)
	}
	check(t, s, id, 1, append(events, e))
}

// testConcurrentAppends has two writers append to one game at once, each
// trying every number in turn: exactly one wins each, and the journal
// holds the winners' events.
func testConcurrentAppends(t *testing.T, s referee.Store) {
	concurrentAppends(t, [2]referee.Store{s, s}, 40)
}

// concurrentAppends has two writers, through the handles stores, append
// to one game at once, each trying every number from 2 to last in turn:
// exactly one wins each number, and the journal holds the winners'
// events.
func concurrentAppends(t *testing.T, stores [2]referee.Store, last int) {
	id := NewID()
	build(t, stores[0], id, 1)
	var wins [2][]int
	var wg sync.WaitGroup
	for w, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 2; seq <= last; seq++ {
				e := move(seq)
				e.Side = fmt.Sprint(w)
				switch err := s.Append(bg, id, seq, e); {
				case err == nil:
					wins[w] = append(wins[w], seq)
				case errors.Is(err, referee.ErrConflict):
				default:
					t.Errorf("writer %d, Append(%d): %v", w, seq, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	got, err := stores[0].Load(bg, id, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != last-1 {
		t.Fatalf("%d events appended, want %d", len(got), last-1)
	}
	all := append(slices.Clone(wins[0]), wins[1]...)
	slices.Sort(all)
	want := make([]int, 0, last-1)
	for seq := 2; seq <= last; seq++ {
		want = append(want, seq)
	}
	if !slices.Equal(all, want) {
		t.Fatalf("numbers won: %v and %v; want each of 2..%d won once", wins[0], wins[1], last)
	}
	for _, w := range []int{0, 1} {
		for _, seq := range wins[w] {
			if e := got[seq-2]; e.Side != fmt.Sprint(w) || e.Move != fmt.Sprintf("M%d", seq) {
				t.Errorf("event %d is %+v, writer %d won it", seq, e, w)
			}
		}
	}
}

func testConcurrentCreates(t *testing.T, s referee.Store) {
	id := NewID()
	const writers = 4
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = s.Create(bg, id, creation(w))
		}()
	}
	wg.Wait()
	winner := -1
	for w, err := range errs {
		switch {
		case err == nil && winner < 0:
			winner = w
		case err == nil:
			t.Errorf("writers %d and %d both created the game", winner, w)
		case !errors.Is(err, referee.ErrExists):
			t.Errorf("writer %d: %v, want nil or ErrExists", w, err)
		}
	}
	if winner < 0 {
		t.Fatal("no writer created the game")
	}
	check(t, s, id, 1, []referee.Event{creation(winner)})
}

// testLongJournal: a journal of many events, some of long texts (a game
// of thousands of plies, a long position text), is kept whole: every
// event, in order, every text to its last byte, and the last one listed.
func testLongJournal(t *testing.T, s referee.Store) {
	const n = 600
	id := NewID()
	long := func(seq int) string { return strings.Repeat(fmt.Sprintf("%d-", seq), 3000)[:3000] }
	first := creation(n)
	first.Start = long(1)
	want := []referee.Event{first}
	if err := s.Create(bg, id, first); err != nil {
		t.Fatal(err)
	}
	for seq := 2; seq <= n; seq++ {
		e := move(seq)
		if seq%100 == 0 {
			e.Move = long(seq)
		}
		if err := s.Append(bg, id, seq, e); err != nil {
			t.Fatalf("Append(%d): %v", seq, err)
		}
		want = append(want, e)
	}
	check(t, s, id, 1, want)
	check(t, s, id, n-50, want[n-51:])
	found := false
	err := s.List(bg, func(sum referee.Summary) error {
		if sum.ID == id {
			found = true
			if sum.Last.Type != "" && !equal(sum.Last, want[n-1]) {
				return fmt.Errorf("the last event listed is %+v, want event %d", sum.Last, n)
			}
		}
		return nil
	})
	if err != nil || !found {
		t.Fatalf("List: found %v, %v", found, err)
	}
}

// testRoundTrip stores events with every field set, each to a value of
// its own, and checks that each comes back as it was.
func testRoundTrip(t *testing.T, s referee.Store) {
	id := NewID()
	full := func(seq int) referee.Event {
		var e referee.Event
		v := reflect.ValueOf(&e).Elem()
		for i := range v.NumField() {
			f := v.Field(i)
			switch f.Kind() {
			case reflect.String:
				// Text a store could mangle: quotes, a newline,
				// non-ASCII, a backslash.
				f.SetString(fmt.Sprintf("%s %d \"é\" \\ ♟\n%d", v.Type().Field(i).Name, seq, i))
			case reflect.Int:
				f.SetInt(int64(1000*seq + i))
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Struct: // Time
				f.Set(reflect.ValueOf(time.Date(2026, 2, 3, 4, 5, 6, 123456000, time.FixedZone("X", 3600)).Add(time.Duration(seq) * time.Hour)))
			default:
				t.Fatalf("field %s of kind %v: the test does not know it", v.Type().Field(i).Name, f.Kind())
			}
		}
		return e
	}
	want := []referee.Event{full(1)}
	if err := s.Create(bg, id, want[0]); err != nil {
		t.Fatal(err)
	}
	for seq := 2; seq <= 3; seq++ {
		e := full(seq)
		if err := s.Append(bg, id, seq, e); err != nil {
			t.Fatal(err)
		}
		want = append(want, e)
	}
	got, err := s.Load(bg, id, 1)
	if err != nil || len(got) != len(want) {
		t.Fatalf("Load: %d events, %v", len(got), err)
	}
	for i := range want {
		g, w := reflect.ValueOf(got[i]), reflect.ValueOf(want[i])
		for j := range g.NumField() {
			name := g.Type().Field(j).Name
			if tg, ok := g.Field(j).Interface().(time.Time); ok {
				if !tg.Equal(w.Field(j).Interface().(time.Time)) {
					t.Errorf("event %d, %s: %v, stored %v", i+1, name, tg, w.Field(j).Interface())
				}
				continue
			}
			if !reflect.DeepEqual(g.Field(j).Interface(), w.Field(j).Interface()) {
				t.Errorf("event %d, %s: %#v, stored %#v", i+1, name, g.Field(j).Interface(), w.Field(j).Interface())
			}
		}
	}
}

// testList lists games without losing any: each once, with its first and
// last events if the store gives them.
func testList(t *testing.T, s referee.Store) {
	want := map[string][]referee.Event{}
	for n := 1; n <= 5; n++ {
		id := NewID()
		want[id] = build(t, s, id, n)
	}
	seen := map[string]bool{}
	err := s.List(bg, func(sum referee.Summary) error {
		events, ok := want[sum.ID]
		if !ok {
			return nil // another test's game, in a shared store
		}
		if seen[sum.ID] {
			t.Errorf("game %s listed twice", sum.ID)
		}
		seen[sum.ID] = true
		if sum.First.Type != "" && !equal(sum.First, events[0]) {
			t.Errorf("game %s: first event %+v, want %+v", sum.ID, sum.First, events[0])
		}
		if sum.Last.Type != "" && !equal(sum.Last, events[len(events)-1]) {
			t.Errorf("game %s: last event %+v, want %+v", sum.ID, sum.Last, events[len(events)-1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(want) {
		t.Errorf("%d of the %d games listed", len(seen), len(want))
	}
	// An error from fn stops the listing and is returned.
	stop := errors.New("stop")
	calls := 0
	err = s.List(bg, func(referee.Summary) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("List with fn failing: %v after %d calls, want the error after 1", err, calls)
	}
}

func testDelete(t *testing.T, s referee.Store) {
	id, other := NewID(), NewID()
	build(t, s, id, 3)
	kept := build(t, s, other, 2)
	if err := s.Delete(bg, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(bg, id, 1); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("Load after Delete: %v, want ErrNotFound", err)
	}
	if err := s.Append(bg, id, 4, move(4)); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("Append after Delete: %v, want ErrNotFound", err)
	}
	if err := s.Delete(bg, id); err != nil {
		t.Errorf("second Delete: %v", err)
	}
	s.List(bg, func(sum referee.Summary) error {
		if sum.ID == id {
			t.Errorf("deleted game %s listed", id)
		}
		return nil
	})
	check(t, s, other, 1, kept)
	// The id may be used again, from scratch.
	e := creation(7)
	if err := s.Create(bg, id, e); err != nil {
		t.Fatalf("Create after Delete: %v", err)
	}
	check(t, s, id, 1, []referee.Event{e})
}

// testSetAside checks a store that can set a journal aside
// (referee.SetterAside): the game is then damaged for every call, kept
// as it was, and its id stays taken; other games are untouched. A store
// that cannot is skipped.
func testSetAside(t *testing.T, s referee.Store) {
	sa, ok := s.(referee.SetterAside)
	if !ok {
		t.Skip("the store sets nothing aside")
	}
	id, other := NewID(), NewID()
	build(t, s, id, 3)
	kept := build(t, s, other, 2)
	damaged := func(what string, err error) {
		t.Helper()
		var d *referee.DamagedError
		if !errors.As(err, &d) || d.ID != id {
			t.Errorf("%s: %v, want the game's *DamagedError", what, err)
		}
	}
	err := sa.SetAside(bg, id, "event 3 does not replay: illegal")
	var d *referee.DamagedError
	if !errors.As(err, &d) || d.ID != id || !strings.Contains(d.Reason, "event 3 does not replay") {
		t.Errorf("SetAside: %v, want the game's *DamagedError with the reason", err)
	}
	damaged("SetAside again", sa.SetAside(bg, id, "event 3 does not replay: illegal"))
	_, err = s.Load(bg, id, 1)
	damaged("Load", err)
	damaged("Append", s.Append(bg, id, 4, move(4)))
	if err := s.Delete(bg, id); err != nil {
		t.Errorf("Delete: %v", err)
	}
	_, err = s.Load(bg, id, 1)
	damaged("Load after Delete", err)
	if err := s.Create(bg, id, creation(9)); !errors.Is(err, referee.ErrExists) {
		t.Errorf("Create of its id: %v, want ErrExists", err)
	}
	s.List(bg, func(sum referee.Summary) error {
		if sum.ID == id {
			t.Errorf("the game set aside is listed")
		}
		return nil
	})
	if err := sa.SetAside(bg, NewID(), "no such game"); !errors.Is(err, referee.ErrNotFound) {
		t.Errorf("SetAside of no game: %v, want ErrNotFound", err)
	}
	check(t, s, other, 1, kept)
}

// testIsolation checks that what a caller does with the events it was
// given or loaded does not change the store.
func testIsolation(t *testing.T, s referee.Store) {
	id := NewID()
	events := build(t, s, id, 3)
	got, err := s.Load(bg, id, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		got[i].Move = "changed"
	}
	_ = append(got[:1], move(50)) // writes over the second event if shared
	check(t, s, id, 1, events)
}

// testCount: a store that is a Counter counts the games it holds, those
// created, not those deleted nor those set aside.
func testCount(t *testing.T, s referee.Store) {
	c, ok := s.(referee.Counter)
	if !ok {
		t.Skip("the store is no Counter")
	}
	count := func() int {
		t.Helper()
		n, err := c.Count(bg)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	ids := []string{NewID(), NewID(), NewID()}
	for _, id := range ids {
		build(t, s, id, 2)
	}
	if n := count(); n != before+3 {
		t.Errorf("%d games counted after 3 created, want %d", n, before+3)
	}
	if err := s.Delete(bg, ids[0]); err != nil {
		t.Fatal(err)
	}
	want := before + 2
	if sa, ok := s.(referee.SetterAside); ok {
		var d *referee.DamagedError
		if err := sa.SetAside(bg, ids[1], "a test"); !errors.As(err, &d) {
			t.Fatalf("SetAside: %v, want the game's *DamagedError", err)
		}
		want--
	}
	if n := count(); n != want {
		t.Errorf("%d games counted after one deleted (and one set aside), want %d", n, want)
	}
}
