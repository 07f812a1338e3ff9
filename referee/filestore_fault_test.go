package referee

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hopsgames/hops/internal/engine"
)

// faultDisk makes, for the rest of the test, the writes, syncs, cuts,
// renames and removals (see diskFault) of the files whose names hold
// part answer what fail says of them.
func faultDisk(t *testing.T, part string, fail func(op string) error) {
	f := func(op, name string) error {
		if strings.Contains(name, part) {
			return fail(op)
		}
		return nil
	}
	diskFault.Store(&f)
	t.Cleanup(func() { diskFault.Store(nil) })
}

// TestFileStoreWriteThatFailsTwice: an append whose sync fails (an I/O
// error) and whose journal cannot then be cut back (the file system went
// read-only) is refused, and the line it left whole in the file is not
// read for an event afterwards: the server, reading the game again after
// the refused write, showed the move played, and a restart lost it.
func TestFileStoreWriteThatFailsTwice(t *testing.T) {
	dir := t.TempDir()
	store := openStore(t, dir)
	ctx := context.Background()
	twoEventGame(t, store)
	journal := filepath.Join(dir, testGameID+journalExt)
	acknowledged, _ := os.ReadFile(journal)
	broken := refuseAppend(t, store)
	if data, _ := os.ReadFile(journal); len(data) <= len(acknowledged) {
		t.Fatalf("the failed write left nothing behind (%d bytes, %d before): the test does not look", len(data), len(acknowledged))
	}
	// While the file still cannot be cut, the game cannot be read (the
	// server answers 503), rather than read with the move in it.
	if events, err := store.Load(ctx, testGameID, 1); !errors.Is(err, syscall.EROFS) {
		t.Errorf("a read while the journal cannot be cut: %d events, %v", len(events), err)
	}
	// Nor appended to: the append, refused before it wrote anything,
	// says that nothing was stored (the server answers that nothing was
	// recorded, and the move may be sent again).
	stuck, _ := os.ReadFile(journal)
	if err := store.Append(ctx, testGameID, 3, moveEvent("while stuck")); !errors.Is(err, syscall.EROFS) || !errors.Is(err, ErrNotStored) {
		t.Errorf("an append while the journal cannot be cut: %v; want EROFS and ErrNotStored", err)
	}
	if data, _ := os.ReadFile(journal); string(data) != string(stuck) {
		t.Errorf("the append refused wrote %q after %q", data[min(len(data), len(stuck)):], stuck)
	}
	// Nor deleted: a Delete that cannot read the journal fails, and the
	// journal stays (the server, told it was deleted, would forget a
	// game that is still stored).
	if err := store.Delete(ctx, testGameID); !errors.Is(err, syscall.EROFS) {
		t.Errorf("a Delete while the journal cannot be cut: %v; want EROFS", err)
	}
	if data, _ := os.ReadFile(journal); string(data) != string(stuck) {
		t.Errorf("the Delete refused left %q, want %q", data, stuck)
	}
	broken.Store(false)
	logged := captureLog(t)
	events, err := store.Load(ctx, testGameID, 1)
	if err != nil || len(events) != 2 {
		t.Fatalf("after the failed write the journal reads %d events, %v; want the 2 acknowledged", len(events), err)
	}
	if data, _ := os.ReadFile(journal); string(data) != string(acknowledged) {
		t.Errorf("the journal after the read is %q, want it cut back to %q", data, acknowledged)
	}
	// What was dropped is said, with its size.
	said := fmt.Sprintf("referee: game %s: the end of its journal (%s), whose write failed, never acknowledged: dropped",
		testGameID, engine.Count(len(stuck)-len(acknowledged), "byte"))
	if !strings.Contains(logged.String(), said) {
		t.Errorf("the log says:\n%s\nwant %q", logged, said)
	}
	// And the game goes on from there: the move sent again, acknowledged
	// this time, leaves the journal as long as the failed write did, and
	// is read, then and after a restart.
	if err := store.Append(ctx, testGameID, 3, moveEvent("refused")); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*FileStore{store, openStore(t, dir)} {
		if events, err := s.Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
			t.Errorf("after the move sent again: %d events, %v; want 3", len(events), err)
		}
	}
}

// TestFileStoreFrozenDisk: a disk that stops answering (a frozen file
// system) holds no call past its context: the append caught in its sync,
// and a read of the same game behind it, give up with the context's
// error, so that the server answers 503 after its StoreTimeout rather
// than never; once the disk answers again, the append that finished
// after its caller gave up is in the journal, as a write the server could
// not confirm may be.
func TestFileStoreFrozenDisk(t *testing.T) {
	dir := t.TempDir()
	store := openStore(t, dir)
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	thaw := make(chan struct{})
	faultDisk(t, journalExt, func(op string) error {
		<-thaw
		return nil
	})
	short := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(ctx, 100*time.Millisecond)
	}
	c1, cancel1 := short()
	defer cancel1()
	began := time.Now()
	if err := store.Append(c1, testGameID, 2, twoEvents[1]); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrNotStored) {
		t.Errorf("the append on a frozen disk: %v; want its deadline, and no word that nothing was stored", err)
	}
	c2, cancel2 := short()
	defer cancel2()
	if _, err := store.Load(c2, testGameID, 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a read behind it: %v", err)
	}
	// An append behind the one under way never began: it stored nothing.
	c4, cancel4 := short()
	defer cancel4()
	if err := store.Append(c4, testGameID, 2, twoEvents[1]); !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrNotStored) {
		t.Errorf("an append waiting behind it: %v; want its deadline, and ErrNotStored", err)
	}
	c3, cancel3 := short()
	defer cancel3()
	other := strings.Repeat("d4", 16)
	if err := store.Create(c3, other, twoEvents[0]); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrNotStored) {
		t.Errorf("a creation on the frozen disk: %v", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("the three calls took %v", d)
	}
	close(thaw)
	events, err := store.Load(ctx, testGameID, 1)
	if err != nil || len(events) != 2 {
		t.Errorf("after the thaw: %d events, %v; want the append that finished", len(events), err)
	}
	// So did the creation (its read waits for it to end).
	if events, err := store.Load(ctx, other, 1); err != nil || len(events) != 1 {
		t.Errorf("the creation after the thaw: %d events, %v", len(events), err)
	}
}

// TestFrozenDiskAnswered503: the referee on a FileStore whose disk stops
// answering answers a move and a creation 503, kind "unavailable", once
// StoreTimeout has passed (they went unanswered until the disk came
// back); once it does, the game goes on, the move played once at most.
func TestFrozenDiskAnswered503(t *testing.T) {
	const timeout = 300 * time.Millisecond
	cfg := testConfig(93)
	store := openStore(t, t.TempDir())
	cfg.Store, cfg.StoreTimeout = store, timeout
	c := newClientWith(t, cfg)
	c.hc.Timeout = 10 * time.Second
	t.Cleanup(func() { c.server().Close() })
	h := c.create("zapita", "")
	st, moves := toMove(c, h)
	token := h.Tokens[st.ToMove]

	thaw := make(chan struct{})
	faultDisk(t, journalExt, func(string) error {
		<-thaw
		return nil
	})
	for _, r := range []struct{ what, path, token, body string }{
		{"a move", "/games/" + h.ID + "/moves", token, jsonBody(moveRequest{Move: moves[0]})},
		{"a creation", "/games", "", `{"game": "coir"}`},
	} {
		began := time.Now()
		var e errorJSON
		code, raw := c.do("POST", r.path, r.token, r.body, &e)
		if waited := time.Since(began); code != http.StatusServiceUnavailable || e.Kind != "unavailable" || waited > 4*timeout+time.Second {
			t.Errorf("%s on a frozen disk: %d %s after %v", r.what, code, raw, waited)
		}
	}
	close(thaw)
	// The calls the disk held end now (List waits for each game's).
	store.List(context.Background(), func(Summary) error { return nil })
	var after stateJSON
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if code, _ := c.do("GET", "/games/"+h.ID, token, "", &after); code == http.StatusOK {
			break
		}
	}
	if after.Ply > 1 {
		t.Fatalf("after the thaw the game is at ply %d", after.Ply)
	}
	if after.Ply == 0 {
		if code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &after); code != http.StatusOK || after.Ply != 1 {
			t.Fatalf("the move after the thaw: %d %s", code, raw)
		}
	}
}

// TestFullDiskNothingRecorded: a move and a creation refused on a full
// disk, once the FileStore has undone the write, are answered 503 saying
// that nothing was recorded, without "unconfirmed" (they were answered
// that they may have been recorded); the move sent again as it was, the
// disk freed, is played.
func TestFullDiskNothingRecorded(t *testing.T) {
	cfg := testConfig(95)
	cfg.Store = openStore(t, t.TempDir())
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	h := c.create("catchit", "")
	st, moves := toMove(c, h)
	token := h.Tokens[st.ToMove]
	// No room for a line of a journal, nor for a new journal; a cut
	// and its sync need none.
	full := func(op, name string) error {
		if op == "write" || op == "sync" && strings.HasSuffix(name, newExt) {
			return syscall.ENOSPC
		}
		return nil
	}
	diskFault.Store(&full)
	t.Cleanup(func() { diskFault.Store(nil) })
	for _, r := range []struct{ what, path, token, body string }{
		{"a move", "/games/" + h.ID + "/moves", token, jsonBody(moveRequest{Move: moves[0]})},
		{"a creation", "/games", "", `{"game": "coir"}`},
	} {
		var e errorJSON
		code, raw := c.do("POST", r.path, r.token, r.body, &e)
		if code != http.StatusServiceUnavailable || e.Kind != "unavailable" || !strings.Contains(e.Error, "nothing was recorded") || strings.Contains(string(raw), "unconfirmed") {
			t.Errorf("%s on a full disk: %d %s; want 503 saying that nothing was recorded", r.what, code, raw)
		}
	}
	diskFault.Store(nil)
	var after stateJSON
	if code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &after); code != http.StatusOK || after.Ply != 1 {
		t.Errorf("the move sent again: %d %s", code, raw)
	}
}

// refuseAppend makes a journal's syncs fail (an I/O error) and its cuts
// too (the file system turned read-only), until the flag it returns is
// cleared, and has an append of event 3 to testGameID refused on it: its
// line stays whole in the file.
func refuseAppend(t *testing.T, store *FileStore) *atomic.Bool {
	t.Helper()
	var broken atomic.Bool
	broken.Store(true)
	faultDisk(t, journalExt, func(op string) error {
		switch {
		case !broken.Load():
			return nil
		case op == "sync":
			return syscall.EIO
		case op == "cut":
			return syscall.EROFS
		}
		return nil
	})
	if err := store.Append(context.Background(), testGameID, 3, moveEvent("refused")); !errors.Is(err, syscall.EIO) || errors.Is(err, ErrNotStored) {
		t.Fatalf("the append whose sync failed: %v; want EIO, and no word that nothing was stored", err)
	}
	return &broken
}

// TestFileStoreWriteUndone: a write that fails and that the store undoes
// durably (the journal cut back, and the cut synced) is refused with an
// error that wraps ErrNotStored, so that the server can say that nothing
// was recorded; a write it could not undo durably is not. So is a
// creation whose journal never took its name. (Every such write was
// answered "it may have been recorded or not".)
func TestFileStoreWriteUndone(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name    string
		fail    func(op string, syncs int) error // syncs: the journal's syncs asked so far
		undone  bool
		wantErr error
	}{
		{"the disk full", func(op string, _ int) error {
			if op == "write" {
				return syscall.ENOSPC
			}
			return nil
		}, true, syscall.ENOSPC},
		{"the sync fails once", func(op string, syncs int) error {
			if op == "sync" && syncs == 1 {
				return syscall.EIO
			}
			return nil
		}, true, syscall.EIO},
		{"every sync fails", func(op string, _ int) error {
			if op == "sync" {
				return syscall.EIO
			}
			return nil
		}, false, syscall.EIO},
		{"the cut fails", func(op string, _ int) error {
			switch op {
			case "sync":
				return syscall.EIO
			case "cut":
				return syscall.EROFS
			}
			return nil
		}, false, syscall.EIO},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			store := openStore(t, dir)
			twoEventGame(t, store)
			journal := filepath.Join(dir, testGameID+journalExt)
			acknowledged, _ := os.ReadFile(journal)
			syncs := 0
			faultDisk(t, journalExt, func(op string) error {
				if op == "sync" {
					syncs++
				}
				return c.fail(op, syncs)
			})
			err := store.Append(ctx, testGameID, 3, moveEvent("refused"))
			if !errors.Is(err, c.wantErr) || errors.Is(err, ErrNotStored) != c.undone {
				t.Fatalf("the append: %v; want %v, with ErrNotStored %v", err, c.wantErr, c.undone)
			}
			diskFault.Store(nil)
			if c.undone {
				if data, _ := os.ReadFile(journal); string(data) != string(acknowledged) {
					t.Errorf("the journal after the write undone is %q, want %q", data, acknowledged)
				}
			}
			// A write not undone may be read after a restart, as the
			// contract of Append allows: the line was left whole.
			if events, err := openStore(t, dir).Load(ctx, testGameID, 1); err != nil || len(events) != 2 && (c.undone || len(events) != 3) {
				t.Errorf("after a restart: %d events, %v; want the 2 acknowledged", len(events), err)
			}
		})
	}
	t.Run("a creation", func(t *testing.T) {
		dir := t.TempDir()
		store := openStore(t, dir)
		faultDisk(t, journalExt, func(op string) error {
			if op == "sync" {
				return syscall.ENOSPC
			}
			return nil
		})
		if err := store.Create(ctx, testGameID, twoEvents[0]); !errors.Is(err, syscall.ENOSPC) || !errors.Is(err, ErrNotStored) {
			t.Fatalf("a creation on a full disk: %v; want ENOSPC and ErrNotStored", err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*"+journalExt+"*")); len(left) != 0 {
			t.Errorf("the creation refused left %q", left)
		}
		diskFault.Store(nil)
		if _, err := openStore(t, dir).Load(ctx, testGameID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("the game after its creation failed: %v; want none", err)
		}
		if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
			t.Errorf("the creation sent again: %v", err)
		}
	})
	// The journal renamed, the sync of the directory fails: the new name
	// may have reached the disk, and the store cannot take it back
	// durably. The creation is refused without ErrNotStored (a crash may
	// bring the game back); the journal is removed meanwhile, so that
	// the game is not read before it is created again.
	t.Run("a creation whose directory fails to sync", func(t *testing.T) {
		dir := t.TempDir()
		store := openStore(t, dir)
		fail := func(op, name string) error {
			if op == "sync" && name == dir {
				return syscall.EIO
			}
			return nil
		}
		diskFault.Store(&fail)
		t.Cleanup(func() { diskFault.Store(nil) })
		if err := store.Create(ctx, testGameID, twoEvents[0]); !errors.Is(err, syscall.EIO) || errors.Is(err, ErrNotStored) {
			t.Fatalf("the creation: %v; want EIO, and no word that nothing was stored", err)
		}
		diskFault.Store(nil)
		if _, err := store.Load(ctx, testGameID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("the game after its creation failed: %v; want none", err)
		}
		if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
			t.Errorf("the creation sent again: %v", err)
		}
	})
}

// setAsideAndRemoved sets testGameID aside in store, in dir, as the
// server does, then removes the journal kept aside, as by hand.
func setAsideAndRemoved(t *testing.T, store *FileStore, dir string) {
	t.Helper()
	var damaged *DamagedError
	if err := store.SetAside(context.Background(), testGameID, "set aside by the server"); !errors.As(err, &damaged) {
		t.Fatalf("set aside: %v", err)
	}
	if err := os.Remove(filepath.Join(dir, damaged.Kept)); err != nil {
		t.Fatal(err)
	}
}

// appendMoves appends events from to to (their numbers) to testGameID,
// each acknowledged.
func appendMoves(t *testing.T, store *FileStore, from, to int) {
	t.Helper()
	for seq := from; seq <= to; seq++ {
		if err := store.Append(context.Background(), testGameID, seq, moveEvent(strings.Repeat("m", seq))); err != nil {
			t.Fatalf("append %d: %v", seq, err)
		}
	}
}

// twoEventGame creates testGameID in store with the two events.
func twoEventGame(t *testing.T, store *FileStore) {
	t.Helper()
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	if err := store.Append(ctx, testGameID, 2, twoEvents[1]); err != nil {
		t.Fatal(err)
	}
}

func moveEvent(text string) Event {
	return Event{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: text}
}

// TestFileStoreFailedCutForgotten: the length a store remembers after a
// write it could not cut back applies to that journal as it left it
// only: not after a write that wrote nothing (the next appends, made
// when the disk is fine again, were cut off by the next read), not to a
// new game of the same id once the old one was set aside, nor to a
// journal another store of the directory wrote since (each lost
// acknowledged events, and had the game set aside as damaged).
func TestFileStoreFailedCutForgotten(t *testing.T) {
	ctx := context.Background()
	t.Run("a write that wrote nothing", func(t *testing.T) {
		store := openStore(t, t.TempDir())
		twoEventGame(t, store)
		var readOnly atomic.Bool
		readOnly.Store(true)
		faultDisk(t, journalExt, func(op string) error {
			if readOnly.Load() && (op == "write" || op == "cut") {
				return syscall.EROFS
			}
			return nil
		})
		if err := store.Append(ctx, testGameID, 3, moveEvent("refused")); !errors.Is(err, syscall.EROFS) {
			t.Fatalf("the write on a read-only disk: %v", err)
		}
		// Nothing follows the acknowledged part: the game is read while
		// the disk is still read-only, and nothing is said dropped.
		logged := captureLog(t)
		if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 2 {
			t.Errorf("a read on the read-only disk: %d events, %v; want the 2 acknowledged", len(events), err)
		}
		if strings.Contains(logged.String(), "dropped") {
			t.Errorf("the log says:\n%s", logged)
		}
		readOnly.Store(false)
		appendMoves(t, store, 3, 5)
		if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 5 {
			t.Errorf("5 events acknowledged, the store reads %d, %v", len(events), err)
		}
	})
	t.Run("a new game of the same id", func(t *testing.T) {
		dir := t.TempDir()
		store := openStore(t, dir)
		twoEventGame(t, store)
		refuseAppend(t, store).Store(false)
		setAsideAndRemoved(t, store, dir)
		twoEventGame(t, store)
		appendMoves(t, store, 3, 8)
		if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 8 {
			t.Errorf("the new game, 8 events acknowledged, reads %d, %v", len(events), err)
		}
	})
	t.Run("a new game of the same id, created by another store", func(t *testing.T) {
		dir := t.TempDir()
		a := openStore(t, dir)
		twoEventGame(t, a)
		refuseAppend(t, a).Store(false)
		setAsideAndRemoved(t, a, dir)
		// The same game again, by a restart, whose third event leaves the
		// journal as long as the failed write left the old one.
		b := openStore(t, dir)
		twoEventGame(t, b)
		if err := b.Append(ctx, testGameID, 3, moveEvent("refused")); err != nil {
			t.Fatal(err)
		}
		if events, err := a.Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
			t.Errorf("the new game, 3 events acknowledged, reads %d, %v", len(events), err)
		}
	})
	t.Run("a new game of the same id, the old one deleted by another store", func(t *testing.T) {
		dir := t.TempDir()
		a := openStore(t, dir)
		twoEventGame(t, a)
		broken := refuseAppend(t, a)
		broken.Store(false)
		if err := openStore(t, dir).Delete(ctx, testGameID); err != nil { // a restart's
			t.Fatal(err)
		}
		// The same game again, whose third event, acknowledged this time,
		// leaves the journal as long as the failed write left the old one.
		twoEventGame(t, a)
		if err := a.Append(ctx, testGameID, 3, moveEvent("refused")); err != nil {
			t.Fatal(err)
		}
		if events, err := a.Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
			t.Errorf("the new game, 3 events acknowledged, reads %d, %v", len(events), err)
		}
	})
	t.Run("another store's torn write", func(t *testing.T) {
		dir := t.TempDir()
		a := openStore(t, dir)
		twoEventGame(t, a)
		refuseAppend(t, a).Store(false)
		b := openStore(t, dir) // a restart, which reads the line left whole
		if events, err := b.Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
			t.Fatalf("the other store reads %d events, %v; want the line left whole as event 3", len(events), err)
		}
		// The other store's next write torn by a crash: once its end is
		// dropped, the journal is as long as the failed write left it,
		// but it was written since.
		journal := filepath.Join(dir, testGameID+journalExt)
		line, _ := encodeEvent(moveEvent("torn"))
		rewrite(t, journal, func(d []byte) []byte { return append(d, line[:len(line)/2]...) })
		captureLog(t) // the torn write is said dropped
		for i := range 2 {
			if events, err := a.Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
				t.Errorf("read %d: %d events, %v; want the 3 the other store read", i+1, len(events), err)
			}
		}
	})
	t.Run("another store's writes", func(t *testing.T) {
		dir := t.TempDir()
		a := openStore(t, dir)
		twoEventGame(t, a)
		refuseAppend(t, a).Store(false)
		b := openStore(t, dir) // a restart, as tests play one in a process
		events, err := b.Load(ctx, testGameID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Append(ctx, testGameID, len(events)+1, moveEvent("acknowledged")); err != nil {
			t.Fatal(err)
		}
		want := len(events) + 1
		a.Load(ctx, testGameID, 1)
		if events, err := b.Load(ctx, testGameID, 1); err != nil || len(events) != want {
			t.Errorf("the other store's acknowledged event: it reads %d events, %v; want %d", len(events), err, want)
		}
	})
}

// TestFileStoreCloseWaitsForItsWork: Close waits for the work a call
// that gave up on a frozen disk left going on, so that a store opened
// after it (a restart) is not written behind its back: the old append's
// failed sync cut the journal back to its own length, taking the new
// store's acknowledged events with it.
func TestFileStoreCloseWaitsForItsWork(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	a, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	twoEventGame(t, a)
	release := make(chan struct{})
	var first atomic.Bool
	faultDisk(t, journalExt, func(op string) error {
		if op == "sync" && first.CompareAndSwap(false, true) {
			<-release // the sync hangs, then fails
			return syscall.EIO
		}
		return nil
	})
	c1, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if err := a.Append(c1, testGameID, 3, moveEvent("stuck")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the stuck append: %v", err)
	}
	time.AfterFunc(300*time.Millisecond, func() { close(release) })
	began := time.Now()
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(began); waited < 200*time.Millisecond {
		t.Errorf("Close returned after %v, the disk still frozen", waited)
	}
	b := openStore(t, dir)
	events, err := b.Load(ctx, testGameID, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := len(events)
	for i := 1; i <= 2; i++ {
		if err := b.Append(ctx, testGameID, n+i, moveEvent("after")); err != nil {
			t.Fatalf("the new store's append %d: %v", n+i, err)
		}
	}
	if events, err := openStore(t, dir).Load(ctx, testGameID, 1); err != nil || len(events) != n+2 {
		t.Errorf("the new store acknowledged %d events; after another restart: %d, %v", n+2, len(events), err)
	}
}

// TestFileStoreCallsDuringClose: once Close has begun, waiting for the
// work that a call on a frozen disk left going on, the store takes no
// new work, so that none is left to follow the release of the
// directory's lock: a call made meanwhile, and one that was already
// waiting behind the frozen work for the same game, fail with an error
// that wraps os.ErrClosed and ErrNotStored (they stored nothing), and
// write nothing.
func TestFileStoreCallsDuringClose(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	twoEventGame(t, store)
	thaw := make(chan struct{})
	thawOnce := sync.OnceFunc(func() { close(thaw) })
	t.Cleanup(thawOnce) // should the test stop before it thaws
	faultDisk(t, testGameID, func(op string) error {
		if op == "sync" {
			<-thaw
		}
		return nil
	})
	c1, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if err := store.Append(c1, testGameID, 3, moveEvent("frozen")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the append on the frozen disk: %v", err)
	}
	behind := make(chan error, 1)
	go func() { behind <- store.Append(ctx, testGameID, 4, moveEvent("behind")) }()
	time.Sleep(50 * time.Millisecond) // it waits for the game's lock
	closed := make(chan error, 1)
	go func() { closed <- store.Close() }()
	// Close marks the store closed before it waits.
	other := strings.Repeat("d4", 16)
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, err := store.Load(ctx, other, 1); errors.Is(err, os.ErrClosed) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("calls made while Close waits are not refused")
		}
	}
	if err := store.Create(ctx, other, twoEvents[0]); !errors.Is(err, os.ErrClosed) || !errors.Is(err, ErrNotStored) {
		t.Errorf("a creation while Close waits: %v; want os.ErrClosed and ErrNotStored", err)
	}
	thawOnce()
	if err := <-closed; err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := <-behind; !errors.Is(err, os.ErrClosed) || !errors.Is(err, ErrNotStored) {
		t.Errorf("the append that waited behind the frozen one: %v; want os.ErrClosed and ErrNotStored", err)
	}
	if events, err := openStore(t, dir).Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
		t.Errorf("after Close: %d events, %v; want the 2 and the frozen append, which finished", len(events), err)
	}
	if _, err := os.Lstat(filepath.Join(dir, other+journalExt)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the creation refused left a journal: %v", err)
	}
}

// TestFileStoreClosedTwice: Close may be called again (a server's and
// its own deferred Close): it answers nil, the directory let go once.
func TestFileStoreClosedTwice(t *testing.T) {
	store, err := OpenFileStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if err := store.Close(); err != nil {
			t.Errorf("Close %d: %v", i+1, err)
		}
	}
}

// endingContext is a context that ends just as its call's work ends:
// asked for Done the second time, by the call that holds the game's lock
// and waits for its work (the first time, the call waits for the lock),
// it answers only once that work is over and has let the lock go, its
// answer given, and then with a channel already closed.
type endingContext struct {
	context.Context
	store *FileStore
	id    string
	asked int
	ended bool
}

func (c *endingContext) Done() <-chan struct{} {
	c.asked++
	if c.asked < 2 {
		return nil // never ready
	}
	c.store.mu.Lock()
	jf := c.store.files[c.id]
	c.store.mu.Unlock()
	for len(jf.sem) > 0 {
		time.Sleep(time.Millisecond)
	}
	c.ended = true
	done := make(chan struct{})
	close(done)
	return done
}

func (c *endingContext) Err() error {
	if c.ended {
		return context.Canceled
	}
	return nil
}

// TestFileStoreAnswerAsTheContextEnds: a call whose work ends as its
// context ends answers what its work did, not that the disk did not
// answer in time: an append written and synced is acknowledged (the
// server would answer it unconfirmed, and read the game again).
func TestFileStoreAnswerAsTheContextEnds(t *testing.T) {
	store := openStore(t, t.TempDir())
	twoEventGame(t, store)
	for seq := 3; seq <= 22; seq++ { // either end may be seen first: a few times
		ctx := &endingContext{Context: context.Background(), store: store, id: testGameID}
		if err := store.Append(ctx, testGameID, seq, moveEvent("m")); err != nil {
			t.Fatalf("append %d, written as its context ended: %v", seq, err)
		}
		if !ctx.ended {
			t.Fatal("the context did not end: the test does not look")
		}
	}
}

// TestFileStoreCallsBehindADelete: a call that waited for a game's lock
// behind a Delete takes the game's entry afresh, so that the calls on
// the game still run one at a time: a read made while a creation of the
// id, which waited behind the Delete, is under way waits for it, rather
// than run beside it (it answered that no such game was stored).
func TestFileStoreCallsBehindADelete(t *testing.T) {
	dir := t.TempDir()
	store := openStore(t, dir)
	ctx := context.Background()
	twoEventGame(t, store)
	// A torn write at the journal's end, which Delete cuts off first: it
	// holds the Delete there.
	line, _ := encodeEvent(moveEvent("torn"))
	rewrite(t, filepath.Join(dir, testGameID+journalExt), func(d []byte) []byte { return append(d, line[:len(line)/2]...) })
	cutting, syncing := make(chan struct{}, 1), make(chan struct{}, 1)
	cutGo, syncGo := make(chan struct{}), make(chan struct{})
	letCut, letSync := sync.OnceFunc(func() { close(cutGo) }), sync.OnceFunc(func() { close(syncGo) })
	t.Cleanup(letCut) // should the test stop before it lets them go
	t.Cleanup(letSync)
	faultDisk(t, testGameID, func(op string) error {
		switch op {
		case "cut":
			cutting <- struct{}{}
			<-cutGo
		case "sync": // the creation's new journal
			syncing <- struct{}{}
			<-syncGo
		}
		return nil
	})
	captureLog(t) // the torn write is said dropped
	deleted, created := make(chan error, 1), make(chan error, 1)
	go func() { deleted <- store.Delete(ctx, testGameID) }()
	select {
	case <-cutting:
	case err := <-deleted:
		t.Fatalf("the Delete ended without cutting the torn write: %v", err)
	}
	go func() { created <- store.Create(ctx, testGameID, twoEvents[0]) }()
	time.Sleep(50 * time.Millisecond) // it waits for the game's lock
	letCut()
	if err := <-deleted; err != nil {
		t.Fatal(err)
	}
	select { // the creation under way
	case <-syncing:
	case err := <-created:
		t.Fatalf("the creation ended without syncing its journal: %v", err)
	}
	c, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if events, err := store.Load(c, testGameID, 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a read while the creation is under way: %d events, %v; want it to wait for the creation", len(events), err)
	}
	letSync()
	if err := <-created; err != nil {
		t.Fatalf("the creation: %v", err)
	}
	if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 1 {
		t.Errorf("the game created again: %d events, %v", len(events), err)
	}
}

// TestFileStoreListWaitsForTheWorkUnderWay: List reads a game's files
// under the game's lock, so that it waits for a write under way: it
// neither removes the temporary file of a creation under way (taken
// for one cut short by a crash, the creation then failed), nor gives as
// a game's last event one being written, whose sync may yet fail. Given
// a short context, it answers the context's error.
func TestFileStoreListWaitsForTheWorkUnderWay(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, store *FileStore)
		write func(store *FileStore) error // held in its first sync
		fails bool                         // the sync then fails
	}{
		{"a creation", func(*testing.T, *FileStore) {}, func(store *FileStore) error {
			return store.Create(ctx, testGameID, twoEvents[0])
		}, false},
		{"an append", twoEventGame, func(store *FileStore) error {
			return store.Append(ctx, testGameID, 3, moveEvent("refused"))
		}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := openStore(t, t.TempDir())
			c.setup(t, store)
			syncing, thaw := make(chan struct{}, 1), make(chan struct{})
			thawOnce := sync.OnceFunc(func() { close(thaw) })
			t.Cleanup(thawOnce) // should the test stop before it thaws
			var first atomic.Bool
			faultDisk(t, testGameID, func(op string) error {
				if op == "sync" && first.CompareAndSwap(false, true) {
					syncing <- struct{}{}
					<-thaw
					if c.fails {
						return syscall.EIO
					}
				}
				return nil
			})
			wrote := make(chan error, 1)
			go func() { wrote <- c.write(store) }()
			select {
			case <-syncing:
			case err := <-wrote:
				t.Fatalf("the write ended without syncing: %v", err)
			}
			short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			var listed []Summary
			err := store.List(short, func(s Summary) error { listed = append(listed, s); return nil })
			if !errors.Is(err, context.DeadlineExceeded) || len(listed) != 0 {
				t.Errorf("List while the write is under way: %v, listed %+v; want it to wait, until its context ends", err, listed)
			}
			thawOnce()
			if err := <-wrote; (err != nil) != c.fails {
				t.Fatalf("the write: %v", err)
			}
			listed = nil
			if err := store.List(ctx, func(s Summary) error { listed = append(listed, s); return nil }); err != nil {
				t.Fatal(err)
			}
			want := twoEvents[0] // the creation, or the append's last event acknowledged
			if c.fails {
				want = twoEvents[1]
			}
			if len(listed) != 1 || !sameEvents([]Event{listed[0].Last}, []Event{want}) {
				t.Errorf("List after the write: %+v; want the game, last event %+v", listed, want)
			}
		})
	}
}

// TestFileStoreTornWriteThatCannotBeCut: a torn write the store cannot
// cut back (the file system went read-only) fails the read, as the
// end of a failed write does, rather than be said dropped and stay: the
// log says nothing dropped until it is, and the journal is as it was.
func TestFileStoreTornWriteThatCannotBeCut(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, testGameID+journalExt)
	line, _ := encodeEvent(moveEvent("torn"))
	torn := append(journalOf(t, twoEvents), line[:len(line)/2]...)
	if err := os.WriteFile(journal, torn, 0o600); err != nil {
		t.Fatal(err)
	}
	store := openStore(t, dir)
	ctx := context.Background()
	var readOnly atomic.Bool
	readOnly.Store(true)
	faultDisk(t, journalExt, func(op string) error {
		if readOnly.Load() && op == "cut" {
			return syscall.EROFS
		}
		return nil
	})
	logged := captureLog(t)
	if events, err := store.Load(ctx, testGameID, 1); !errors.Is(err, syscall.EROFS) {
		t.Errorf("a read while the torn write cannot be cut: %d events, %v; want EROFS", len(events), err)
	}
	if data, _ := os.ReadFile(journal); !bytes.Equal(data, torn) || strings.Contains(logged.String(), "dropped") {
		t.Errorf("the journal holds %q, want %q; the log says:\n%s", data, torn, logged)
	}
	readOnly.Store(false)
	if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 2 || !strings.Contains(logged.String(), "dropped") {
		t.Errorf("once it can be cut: %d events, %v; the log says:\n%s", len(events), err, logged)
	}
}

// TestFileStoreRenameOrRemoveFails: a journal the store cannot rename
// aside or remove (the file system turned read-only) stays where it is,
// and the answer says so: a damaged journal's *DamagedError names no
// file it was kept as, and a Delete fails, so that the server does not
// forget a game still stored. Once the disk works again, both are done.
func TestFileStoreRenameOrRemoveFails(t *testing.T) {
	ctx := context.Background()
	readOnly := func(t *testing.T, ops ...string) *atomic.Bool {
		var on atomic.Bool
		on.Store(true)
		faultDisk(t, journalExt, func(op string) error {
			if on.Load() && slices.Contains(ops, op) {
				return syscall.EROFS
			}
			return nil
		})
		return &on
	}
	t.Run("set aside", func(t *testing.T) {
		for _, c := range []struct {
			name   string
			damage bool // the journal is damaged, and Load sets it aside; else the server does
		}{
			{"by the server", false},
			{"by the store", true},
		} {
			t.Run(c.name, func(t *testing.T) {
				dir := t.TempDir()
				store := openStore(t, dir)
				twoEventGame(t, store)
				journal := filepath.Join(dir, testGameID+journalExt)
				setAside := func() error { return store.SetAside(ctx, testGameID, "event 2 does not replay") }
				if c.damage {
					rewrite(t, journal, func(d []byte) []byte { d[len(d)-3] ^= 1; return d })
					setAside = func() error { _, err := store.Load(ctx, testGameID, 1); return err }
				}
				on := readOnly(t, "rename")
				var damaged *DamagedError
				if err := setAside(); !errors.As(err, &damaged) || damaged.Kept != "" || !strings.Contains(damaged.Reason, "could not be set aside") {
					t.Fatalf("set aside on a read-only disk: %v; want a *DamagedError that says it could not be set aside, and names no file", err)
				}
				if _, err := os.Lstat(journal); err != nil {
					t.Errorf("the journal not set aside is gone: %v", err)
				}
				on.Store(false)
				if err := setAside(); !errors.As(err, &damaged) || damaged.Kept != testGameID+journalExt+damagedExt {
					t.Errorf("set aside once the disk works: %v", err)
				}
			})
		}
	})
	t.Run("delete", func(t *testing.T) {
		dir := t.TempDir()
		store := openStore(t, dir)
		twoEventGame(t, store)
		on := readOnly(t, "remove")
		if err := store.Delete(ctx, testGameID); !errors.Is(err, syscall.EROFS) {
			t.Errorf("Delete on a read-only disk: %v; want EROFS", err)
		}
		if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 2 {
			t.Errorf("the game Delete could not remove: %d events, %v; want it still stored", len(events), err)
		}
		on.Store(false)
		if err := store.Delete(ctx, testGameID); err != nil {
			t.Fatalf("Delete once the disk works: %v", err)
		}
		if _, err := store.Load(ctx, testGameID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("the game deleted: %v", err)
		}
	})
}

// TestFileStoreSetAsideThatCannotRename: a SetAside that cannot rename
// the journal aside leaves it as it was, and with it what the store
// remembers of a write it could not cut back: the next read still drops
// that write's end (it was read as an event, a move refused read back
// as played).
func TestFileStoreSetAsideThatCannotRename(t *testing.T) {
	dir := t.TempDir()
	store := openStore(t, dir)
	ctx := context.Background()
	twoEventGame(t, store)
	broken := refuseAppend(t, store)
	faultDisk(t, journalExt, func(op string) error { // read-only: no cut, no rename
		if broken.Load() && (op == "cut" || op == "rename") {
			return syscall.EROFS
		}
		return nil
	})
	var damaged *DamagedError
	if err := store.SetAside(ctx, testGameID, "a test"); !errors.As(err, &damaged) || damaged.Kept != "" {
		t.Fatalf("SetAside on the read-only disk: %v; want a *DamagedError naming no file", err)
	}
	if events, err := store.Load(ctx, testGameID, 1); !errors.Is(err, syscall.EROFS) {
		t.Errorf("a read while the journal cannot be cut: %d events, %v; want EROFS", len(events), err)
	}
	broken.Store(false)
	if events, err := store.Load(ctx, testGameID, 1); err != nil || len(events) != 2 {
		t.Errorf("once the disk works: %d events, %v; want the 2 acknowledged", len(events), err)
	}
}
