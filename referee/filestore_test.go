package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// journalOf returns the content FileStore writes for events, all synced.
func journalOf(t interface{ Fatal(...any) }, events []Event) []byte {
	body := encodeLines(t, events...)
	return append(encodeHeader(int64(headerLen+len(body))), body...)
}

// drawEvents draws a journal's events.
func drawEvents(t *rapid.T) []Event {
	n := rapid.IntRange(1, 6).Draw(t, "events")
	events := []Event{{Type: EventCreate, Time: time.Unix(rapid.Int64Range(0, 1e10).Draw(t, "time"), 0).UTC(),
		Game: "zapita", Start: rapid.String().Draw(t, "start"), MaxPlies: 1000}}
	for i := 1; i < n; i++ {
		events = append(events, Event{Type: EventMove, Time: events[0].Time.Add(time.Duration(i) * time.Second),
			Ply: i, Move: rapid.StringMatching(`[A-G][1-7]-[A-G][1-7]( x)?`).Draw(t, "move")})
	}
	return events
}

func sameEvents(a, b []Event) bool {
	return slices.EqualFunc(a, b, func(x, y Event) bool {
		ok := x.Time.Equal(y.Time)
		x.Time, y.Time = time.Time{}, time.Time{}
		return ok && x == y
	})
}

// TestTornWriteProperty: whatever a crash leaves after the synced part
// of a journal (the start of the line being written, or zeros, after a
// header that counts the last line or not) is dropped, and every synced
// event is read.
func TestTornWriteProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		events := drawEvents(t)
		data := journalOf(t, events)
		if rapid.Bool().Draw(t, "header behind") && len(events) > 1 {
			// Synced, the header not rewritten yet.
			copy(data, encodeHeader(int64(lastLine(data))))
		}
		next, _ := encodeEvent(Event{Type: EventMove, Ply: len(events), Move: "A1-A2"})
		var tail []byte
		if rapid.Bool().Draw(t, "zeros") {
			tail = make([]byte, rapid.IntRange(1, 2*len(next)).Draw(t, "zeros length"))
		} else {
			tail = next[:rapid.IntRange(1, len(next)-1).Draw(t, "cut")]
		}
		got, good, header, err := parseJournal(append(slices.Clone(data), tail...))
		if err != nil || good != len(data) || !header || !sameEvents(got, events) {
			t.Fatalf("a torn write after %d events: %d events, %d of %d bytes good, %v", len(events), len(got), good, len(data), err)
		}
	})
}

// TestDamageProperty: any change of one byte of the synced part of a
// journal, and any cut inside it, is found as damage, never taken for a
// torn write.
func TestDamageProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		events := drawEvents(t)
		data := journalOf(t, events)
		bad := slices.Clone(data)
		if rapid.Bool().Draw(t, "cut") {
			bad = bad[:rapid.IntRange(0, len(data)-1).Draw(t, "at")]
		} else {
			i := rapid.IntRange(0, len(data)-1).Draw(t, "byte")
			bad[i] ^= rapid.ByteRange(1, 255).Draw(t, "xor")
		}
		if _, _, _, err := parseJournal(bad); err == nil {
			t.Fatalf("damage not found in %q", bad)
		}
	})
}

// FuzzParseJournal: parseJournal never panics; what it reads, written
// again, reads the same; its valid part alone reads the same with
// nothing dropped.
func FuzzParseJournal(f *testing.F) {
	events := []Event{
		{Type: EventCreate, Time: time.Unix(1e9, 0).UTC(), Game: "catchit", Start: "rrrrrrr/7/7/7/7/7/bbbbbbb b", MaxPlies: 10},
		{Type: EventJoin, Time: time.Unix(1e9+1, 0).UTC(), Token: "ab"},
		{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: "C1-C2 D1-D2", End: true},
	}
	data := journalOf(f, events)
	f.Add(data)
	f.Add(data[:len(data)-5])
	f.Add(append(slices.Clone(data), 0, 0, 0))
	f.Add(data[headerLen:])
	f.Add(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, good, _, err := parseJournal(data)
		if err != nil {
			return
		}
		if good > len(data) || len(events) == 0 {
			t.Fatalf("%d events, %d of %d bytes good", len(events), good, len(data))
		}
		again, g2, _, err := parseJournal(data[:good])
		if err != nil || g2 != good || !sameEvents(again, events) {
			t.Fatalf("the valid part reads otherwise: %v", err)
		}
		again, _, _, err = parseJournal(journalOf(t, events))
		if err != nil || !sameEvents(again, events) {
			t.Fatalf("written again, reads otherwise: %v", err)
		}
	})
}

func TestHeader(t *testing.T) {
	for _, n := range []int64{int64(headerLen), 12345, 1<<53 + 7} {
		h := encodeHeader(n)
		want := fmt.Sprintf("%s%016d", headerMagic, n)
		want += fmt.Sprintf(" %08x\n", crc32.ChecksumIEEE([]byte(want)))
		if string(h) != want || len(h) != headerLen {
			t.Errorf("header %q, want %q", h, want)
		}
		if got, err := parseHeader(h[:len(h)-1]); got != n || err != nil {
			t.Errorf("header of %d read as %d, %v", n, got, err)
		}
	}
}

// TestFileStoreForgetsUnknownGames: asking for games that do not exist
// leaves nothing behind in the store's table.
func TestFileStoreForgetsUnknownGames(t *testing.T) {
	s, err := OpenFileStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		id := fmt.Sprintf("%032x", i)
		s.Load(context.Background(), id, 1)
		s.Append(context.Background(), id, 2, Event{Type: EventMove})
		s.Delete(context.Background(), id)
	}
	if n := len(s.files); n != 0 {
		t.Errorf("%d entries for games that do not exist", n)
	}
}

// TestFileStoreListStopsWithItsContext: List stops at the end of its
// context, between two journals, and answers its error, for journals it
// reads under the game's lock as for those it reads nothing of (not
// regular files, listed without events).
func TestFileStoreListStopsWithItsContext(t *testing.T) {
	dir := t.TempDir()
	ids := []string{strings.Repeat("a", 32), strings.Repeat("b", 32), strings.Repeat("c", 32)} // listed in this order
	if err := writeJournal(dir, ids[0], twoEvents); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids[1:] {
		if err := os.Mkdir(filepath.Join(dir, id+journalExt), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var listed []string
	err := openStore(t, dir).List(ctx, func(s Summary) error {
		listed = append(listed, s.ID)
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || len(listed) != 1 {
		t.Errorf("List whose context ended at the first game: %v, listed %q; want context.Canceled after one", err, listed)
	}
}

// TestFileStoreForgetsDeletedGames: a game deleted leaves nothing in the
// store's table, which would grow with every game that expires.
func TestFileStoreForgetsDeletedGames(t *testing.T) {
	s := openStore(t, t.TempDir())
	ctx := context.Background()
	for i := range 20 {
		id := fmt.Sprintf("%032x", i)
		if err := s.Create(ctx, id, twoEvents[0]); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.files); n != 0 {
		t.Errorf("%d entries for games deleted", n)
	}
}
