package referee

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// faultDisk makes, for the rest of the test, the syncs and cuts of the
// files whose names hold part answer what fail says of them.
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
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	if err := store.Append(ctx, testGameID, 2, twoEvents[1]); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(dir, testGameID+journalExt)
	acknowledged, _ := os.ReadFile(journal)
	broken := true
	faultDisk(t, journalExt, func(op string) error {
		if !broken {
			return nil
		}
		if op == "sync" {
			return syscall.EIO
		}
		return syscall.EROFS
	})
	move := Event{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: "G1-F1"}
	if err := store.Append(ctx, testGameID, 3, move); !errors.Is(err, syscall.EIO) {
		t.Fatalf("the append whose sync failed: %v", err)
	}
	if data, _ := os.ReadFile(journal); len(data) <= len(acknowledged) {
		t.Fatalf("the failed write left nothing behind (%d bytes, %d before): the test does not look", len(data), len(acknowledged))
	}
	// While the file still cannot be cut, the game cannot be read (the
	// server answers 503), rather than read with the move in it.
	if events, err := store.Load(ctx, testGameID, 1); !errors.Is(err, syscall.EROFS) {
		t.Errorf("a read while the journal cannot be cut: %d events, %v", len(events), err)
	}
	broken = false
	events, err := store.Load(ctx, testGameID, 1)
	if err != nil || len(events) != 2 {
		t.Fatalf("after the failed write the journal reads %d events, %v; want the 2 acknowledged", len(events), err)
	}
	if data, _ := os.ReadFile(journal); string(data) != string(acknowledged) {
		t.Errorf("the journal after the read is %q, want it cut back to %q", data, acknowledged)
	}
	// And the game goes on from there.
	if err := store.Append(ctx, testGameID, 3, move); err != nil {
		t.Fatal(err)
	}
	if events, err := openStore(t, dir).Load(ctx, testGameID, 1); err != nil || len(events) != 3 {
		t.Errorf("after a restart: %d events, %v", len(events), err)
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
	if err := store.Append(c1, testGameID, 2, twoEvents[1]); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the append on a frozen disk: %v", err)
	}
	c2, cancel2 := short()
	defer cancel2()
	if _, err := store.Load(c2, testGameID, 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a read behind it: %v", err)
	}
	c3, cancel3 := short()
	defer cancel3()
	other := strings.Repeat("d4", 16)
	if err := store.Create(c3, other, twoEvents[0]); !errors.Is(err, context.DeadlineExceeded) {
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
		{"a move", "/games/" + h.ID + "/moves", token, jsonBody(moveRequest{moves[0]})},
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
		if code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{moves[0]}), &after); code != http.StatusOK || after.Ply != 1 {
			t.Fatalf("the move after the thaw: %d %s", code, raw)
		}
	}
}
