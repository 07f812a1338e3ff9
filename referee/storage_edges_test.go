package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Tests of edge cases of the file store, the idempotency key and the
// rate limiter that the other tests leave open.

// testGameID is the id of the games written by hand below.
var testGameID = strings.Repeat("c3", 16)

// twoEvents are a creation and a join, to write in journals by hand.
var twoEvents = []Event{
	{Type: EventCreate, Time: time.Unix(1e9, 0).UTC(), Game: "zapita", Start: "start", MaxPlies: 100},
	{Type: EventJoin, Time: time.Unix(1e9+1, 0).UTC(), Token: "ab"},
}

// eventLine returns a journal line for payload, with its length and
// checksum right, whatever the payload holds.
func eventLine(payload string) []byte {
	return fmt.Appendf(nil, "%d %08x %s\n", len(payload), crc32.ChecksumIEEE([]byte(payload)), payload)
}

// openStore opens a FileStore in dir, closed when the test ends.
func openStore(t *testing.T, dir string) *FileStore {
	t.Helper()
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// encodeLines returns the journal lines of events, without a header.
func encodeLines(t interface{ Fatal(...any) }, events ...Event) []byte {
	var body []byte
	for _, e := range events {
		line, err := encodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		body = append(body, line...)
	}
	return body
}

// loadsDamaged writes data as the journal of a game in a new store's
// directory and checks that Load refuses it as damaged: a *DamagedError,
// the journal set aside, as it was, under <id>.journal.damaged.
func loadsDamaged(t *testing.T, data []byte) {
	t.Helper()
	dir := t.TempDir()
	name := filepath.Join(dir, testGameID+journalExt)
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
	store := openStore(t, dir)
	events, err := store.Load(context.Background(), testGameID, 1)
	var damaged *DamagedError
	if !errors.As(err, &damaged) || damaged.ID != testGameID || damaged.Kept != testGameID+journalExt+damagedExt {
		t.Fatalf("Load of %q: %d events, %v; want a *DamagedError, the journal kept", data, len(events), err)
	}
	if kept, err := os.ReadFile(name + damagedExt); err != nil || !bytes.Equal(kept, data) {
		t.Errorf("the journal was not set aside as it was: %v", err)
	}
	if _, err := os.Lstat(name); !os.IsNotExist(err) {
		t.Errorf("the damaged journal is still in place: %v", err)
	}
}

// TestHeaderOfSeventeenDigits: a header whose synced length has one digit
// too many, with its checksum right, is not a header FileStore writes
// (they have exactly 16 digits): the journal is damaged, not read.
func TestHeaderOfSeventeenDigits(t *testing.T) {
	body := encodeLines(t, twoEvents...)
	text := fmt.Sprintf("%s%017d", headerMagic, headerLen+1+len(body)) // the true length
	header := fmt.Sprintf("%s %08x\n", text, crc32.ChecksumIEEE([]byte(text)))
	if len(header) != headerLen+1 {
		t.Fatalf("the header has %d bytes, want %d", len(header), headerLen+1)
	}
	loadsDamaged(t, append([]byte(header), body...))
}

// TestHeaderShorterThanItself: a header that says fewer bytes are synced
// than the header's own length, with its checksum right, is damage, even
// though the line cut short after it would otherwise pass for a torn
// write: a header FileStore writes counts at least itself.
func TestHeaderShorterThanItself(t *testing.T) {
	cut := encodeLines(t, twoEvents[1])
	data := append(encodeHeader(5), encodeLines(t, twoEvents[0])...)
	data = append(data, cut[:len(cut)/2]...)
	if _, err := parseHeader(encodeHeader(5)[:headerLen-1]); err == nil {
		t.Error("a header of synced length 5 read")
	}
	loadsDamaged(t, data)
}

// TestEventWithTextAfterIt: an event line whose JSON is followed by
// another value, its length and checksum right, is not a line FileStore
// writes: decodeEvent refuses it and the journal is damaged.
func TestEventWithTextAfterIt(t *testing.T) {
	line := eventLine(`{"type":"move"} 1`)
	if e, err := decodeEvent(line[:len(line)-1]); err == nil {
		t.Errorf("decodeEvent read %q as %+v", line, e)
	}
	body := append(encodeLines(t, twoEvents[0]), line...)
	loadsDamaged(t, append(encodeHeader(int64(headerLen+len(body))), body...))
}

// TestCreateOverLeftoverTemporary: a temporary file of a creation cut
// short (<id>.journal.new), longer than the new journal, is written over
// whole by Create: nothing of it stays after the new journal, which
// loads cleanly, byte for byte what the store writes.
func TestCreateOverLeftoverTemporary(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, testGameID+journalExt)
	junk := bytes.Repeat([]byte("junk line\n"), 1024) // 10 KB of lines
	if err := os.WriteFile(name+newExt, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	store := openStore(t, dir)
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	want := journalOf(t, twoEvents[:1])
	if data, _ := os.ReadFile(name); !bytes.Equal(data, want) {
		t.Errorf("the new journal holds %d bytes, want %d (%q)", len(data), len(want), data[:min(len(data), len(want)+40)])
	}
	if events, err := store.Load(ctx, testGameID, 1); err != nil || !sameEvents(events, twoEvents[:1]) {
		t.Errorf("Load: %+v, %v", events, err)
	}
}

// TestAppendAfterAnotherWriter: a journal that grew behind the store's
// back (another process appended an event) is read again before Append:
// the event number the caller gives is then stale, and Append answers
// ErrConflict, keeping the other writer's event, never writing over it.
func TestAppendAfterAnotherWriter(t *testing.T) {
	dir := t.TempDir()
	store := openStore(t, dir)
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	file, err := os.OpenFile(filepath.Join(dir, testGameID+journalExt), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = file.Write(encodeLines(t, twoEvents[1]))
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	move := Event{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: "A1-A2"}
	if err := store.Append(ctx, testGameID, 2, move); !errors.Is(err, ErrConflict) {
		t.Errorf("Append of event 2 over another writer's event 2: %v, want ErrConflict", err)
	}
	if events, err := store.Load(ctx, testGameID, 1); err != nil || !sameEvents(events, twoEvents) {
		t.Errorf("Load: %+v, %v; want the creation and the other writer's join", events, err)
	}
}

// TestIdempotencyKeyTwice: a request with two Idempotency-Key headers,
// each a valid key (the same one or two), is refused 400: which one
// the client meant is not known.
func TestIdempotencyKeyTwice(t *testing.T) {
	c := newClient(t)
	for _, keys := range [][]string{{key1, key2}, {key1, key1}} {
		var e errorJSON
		header := http.Header{"Idempotency-Key": keys}
		code, raw := c.send("POST", "/games", header, `{"game": "zapita"}`, &e)
		if code != http.StatusBadRequest || e.Kind != "request" || !strings.Contains(e.Error, "Idempotency-Key given 2 times") {
			t.Errorf("keys %q: %d %s, want 400 request", keys, code, raw)
		}
	}
}

// TestRateLimiterBucketHoldsBurst: a bucket refills up to its burst and
// no further, however long it stays idle: after an hour at 60 a minute,
// a burst of 2 lets 2 actions through in a row, not 3600.
func TestRateLimiterBucketHoldsBurst(t *testing.T) {
	l := newRateLimiter(60, 2)
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 2 {
		if ok, _ := l.allow("client", t0); !ok {
			t.Fatalf("action %d of a burst of 2 refused", i+1)
		}
	}
	if ok, wait := l.allow("client", t0); ok || wait != time.Second {
		t.Errorf("a third action at once: %v, wait %v; want refused, 1s", ok, wait)
	}
	passed := 0
	for range 5 {
		if ok, _ := l.allow("client", t0.Add(time.Hour)); ok {
			passed++
		}
	}
	if passed != 2 {
		t.Errorf("after an idle hour, %d of 5 actions in a row passed, want 2", passed)
	}
}

// TestTinyRate: a rate so small that it divides to nothing a second is
// still a limit (5e-324 a minute let every creation through), and its
// wait, too long for a Duration, is the longest one, said as a year, not
// a wait that overflowed ("try again in 1s" at 1e-12 a minute).
func TestTinyRate(t *testing.T) {
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, rate := range []float64{5e-324, 1e-12} {
		l := newRateLimiter(rate, 1)
		if ok, _ := l.allow("client", t0); !ok {
			t.Errorf("rate %g: the burst's action refused", rate)
		}
		ok, wait := l.allow("client", t0.Add(time.Hour))
		if ok || wait <= 0 || retrySeconds(wait) != longestRetry {
			t.Errorf("rate %g: a second action an hour later: %v, wait %v (said %v); want refused, the longest wait, said %v", rate, ok, wait, retrySeconds(wait), longestRetry)
		}
	}
}

// TestHeaderWithoutItsSpace: a header whose checksum is right for its
// text but stands after another character than the space FileStore
// writes is not a header: the journal is damaged, not read.
func TestHeaderWithoutItsSpace(t *testing.T) {
	body := encodeLines(t, twoEvents...)
	header := encodeHeader(int64(headerLen + len(body)))
	header[headerLen-10] = '_' // the space before the 8 hex digits of the checksum
	loadsDamaged(t, append(header, body...))
}

// TestSetAsideTwice: a damaged journal of a game whose earlier journal
// was set aside already (a journal put back by hand, an older server)
// is kept under a name of its own, .damaged.2, and the first one stays
// as it was.
func TestSetAsideTwice(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, testGameID+journalExt)
	first, second := []byte("first damaged journal\n"), []byte("second damaged journal\n")
	if err := os.WriteFile(name+damagedExt, first, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, second, 0o600); err != nil {
		t.Fatal(err)
	}
	store := openStore(t, dir)
	_, err := store.Load(context.Background(), testGameID, 1)
	var damaged *DamagedError
	if !errors.As(err, &damaged) || damaged.Kept != testGameID+journalExt+damagedExt+".2" {
		t.Fatalf("Load: %v; want the journal kept as %s.2", err, testGameID+journalExt+damagedExt)
	}
	for file, want := range map[string][]byte{name + damagedExt: first, name + damagedExt + ".2": second} {
		if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s holds %q, %v; want %q", filepath.Base(file), got, err, want)
		}
	}
}

// TestIDsOfAnotherLength: an id is 32 lower-case hex digits, no more
// and no fewer: a longer one names no game of the file store, which keeps
// ids out of other paths.
func TestIDsOfAnotherLength(t *testing.T) {
	for _, id := range []string{testGameID + "0", testGameID[:31], testGameID + testGameID} {
		if validID(id) {
			t.Errorf("validID(%q)", id)
		}
	}
	store := openStore(t, t.TempDir())
	long := testGameID + "0"
	if err := store.Create(context.Background(), long, twoEvents[0]); err == nil {
		t.Errorf("a game of id %q created", long)
	}
	if _, err := store.Load(context.Background(), long, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(%q): %v, want ErrNotFound", long, err)
	}
}

// TestJournalThatIsADirectory: a journal that is a directory, or a
// symbolic link, is set aside, and the reason names its kind in words
// (it printed only the type's letter of the mode, "d---------", read as
// a directory without permissions).
func TestJournalThatIsADirectory(t *testing.T) {
	for _, kind := range []string{"a directory", "a symbolic link"} {
		dir := t.TempDir()
		name := filepath.Join(dir, testGameID+journalExt)
		var err error
		if kind == "a directory" {
			err = os.Mkdir(name, 0o755)
		} else {
			err = os.Symlink(filepath.Join(dir, "elsewhere"), name)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, err = openStore(t, dir).Load(context.Background(), testGameID, 1)
		var damaged *DamagedError
		if want := "the journal is not a regular file but " + kind; !errors.As(err, &damaged) || damaged.Reason != want {
			t.Errorf("Load of a journal that is %s: %v; want a *DamagedError saying %q", kind, err, want)
		}
	}
}

// TestJournalsFileStoreNeverWrites: a journal that holds what FileStore
// never writes, though each length and checksum is right, is damaged,
// not read: an event with a field the server does not know (a newer
// server's: read, the field would be lost), a line whose counted text
// ends in a carriage return (a CRLF line), a header with no event
// after it.
func TestJournalsFileStoreNeverWrites(t *testing.T) {
	withHeader := func(body []byte) []byte {
		return append(encodeHeader(int64(headerLen+len(body))), body...)
	}
	first := encodeLines(t, twoEvents[0])
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"an unknown field", withHeader(append(first, eventLine(`{"type":"move","ply":1,"move":"A1-A2","bonus":1}`)...))},
		{"a carriage return counted", withHeader(append(first, eventLine(`{"type":"move","ply":1,"move":"A1-A2"}`+"\r")...))},
		{"no event", withHeader(nil)},
	} {
		t.Run(c.name, func(t *testing.T) { loadsDamaged(t, c.data) })
	}
}

// TestOldJournalAppended: a journal written before the header existed
// (its first line an event) is appended to as it is, without a header:
// written over its first line, a header would take an event with it.
func TestOldJournalAppended(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, testGameID+journalExt)
	old := encodeLines(t, twoEvents...)
	if err := os.WriteFile(name, old, 0o600); err != nil {
		t.Fatal(err)
	}
	appendMoves(t, openStore(t, dir), 3, 4)
	want := append(old, encodeLines(t, moveEvent("mmm"), moveEvent("mmmm"))...)
	if data, _ := os.ReadFile(name); !bytes.Equal(data, want) {
		t.Errorf("the old journal appended to holds %q, want %q", data, want)
	}
	if events, err := openStore(t, dir).Load(context.Background(), testGameID, 1); err != nil || len(events) != 4 {
		t.Errorf("after a restart: %d events, %v; want 4", len(events), err)
	}
}

// TestFileStoreListsTheEnds: List gives each journal's first and last
// events, read from the ends of its file, or a zero event where they
// are not plain there (the server then reads the journal whole when it
// needs the game); never another event than the last, which would have
// the game judged by a move that is not its last (expired early, or
// taken for a game still waiting for its second player).
func TestFileStoreListsTheEnds(t *testing.T) {
	moves := func(from, to int) []Event {
		var out []Event
		for ply := from; ply <= to; ply++ {
			out = append(out, Event{Type: EventMove, Time: time.Unix(1e9+int64(ply), 0).UTC(), Ply: ply, Move: fmt.Sprintf("move %d", ply)})
		}
		return out
	}
	long := append(slices.Clone(twoEvents), moves(1, 100)...) // more than endsRead bytes
	// A creation whose line ends where what List reads of the head ends.
	padded := twoEvents[0]
	for len(journalOf(t, []Event{padded})) < endsRead {
		padded.Start += "x"
	}
	if n := len(journalOf(t, []Event{padded})); n != endsRead {
		t.Fatalf("the padded journal's first line ends at byte %d, not %d", n, endsRead)
	}
	headEnds := append([]Event{padded, twoEvents[1]}, moves(1, 3)...)
	longLast := slices.Clone(twoEvents)
	longLast = append(longLast, Event{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: strings.Repeat("m", endsRead)})
	torn, _ := encodeEvent(moves(1, 1)[0])

	for _, c := range []struct {
		name        string
		data        []byte
		link        bool // the journal is a symbolic link to data
		first, last Event
	}{
		{"short", journalOf(t, twoEvents), false, twoEvents[0], twoEvents[1]},
		{"longer than what is read of each end", journalOf(t, long), false, long[0], long[len(long)-1]},
		{"what is read of the head ending with a line", journalOf(t, headEnds), false, padded, headEnds[len(headEnds)-1]},
		{"a last line longer than what is read of the end", journalOf(t, longLast), false, twoEvents[0], Event{}},
		{"a torn write at the end", append(journalOf(t, twoEvents), torn[:len(torn)/2]...), false, twoEvents[0], Event{}},
		{"an old journal, without a header", encodeLines(t, twoEvents...), false, twoEvents[0], twoEvents[1]},
		{"a symbolic link", journalOf(t, twoEvents), true, Event{}, Event{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, testGameID+journalExt)
			if c.link {
				elsewhere := filepath.Join(t.TempDir(), "journal")
				if err := os.WriteFile(elsewhere, c.data, 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(elsewhere, name); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(name, c.data, 0o600); err != nil {
				t.Fatal(err)
			}
			var got []Summary
			if err := openStore(t, dir).List(context.Background(), func(s Summary) error { got = append(got, s); return nil }); err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].ID != testGameID || !sameEvents([]Event{got[0].First, got[0].Last}, []Event{c.first, c.last}) {
				t.Errorf("List gave %+v; want first %+v, last %+v", got, c.first, c.last)
			}
		})
	}
}
