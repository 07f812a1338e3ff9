package referee

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// watchSyncs records, for the rest of the test, every file and directory
// a FileStore syncs, with what the store's journal file holds at that
// moment (nil when it does not exist).
func watchSyncs(t *testing.T, journal string) *[]syncSeen {
	var seen []syncSeen
	observe := func(op, name string) error {
		if op == "sync" {
			data, err := os.ReadFile(journal)
			if err != nil {
				data = nil
			}
			seen = append(seen, syncSeen{name: name, journal: data})
		}
		return nil
	}
	diskFault.Store(&observe)
	t.Cleanup(func() { diskFault.Store(nil) })
	return &seen
}

type syncSeen struct {
	name    string
	journal []byte // the journal file as it was when name was synced
}

// TestFileStoreSyncs: a FileStore makes what it acknowledges durable
// before it returns. Create writes the new journal under a temporary
// name and syncs it, renames it, then syncs the directory, in which the
// journal then stands under its own name; Append syncs the journal with
// the new event in it, before the header counts the event (a crash in
// between leaves an event the header does not count, which the reader
// takes as synced: the header only ever lags); SetAside syncs the
// directory once the journal is renamed. A missing sync leaves
// files that look the same until the machine crashes, so the test
// watches the syncs themselves.
func TestFileStoreSyncs(t *testing.T) {
	dir := t.TempDir()
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	journal := filepath.Join(dir, testGameID+journalExt)
	seen := watchSyncs(t, journal)
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	created := journalOf(t, twoEvents[:1])
	names := func() []string {
		var out []string
		for _, s := range *seen {
			out = append(out, s.name)
		}
		return out
	}
	if got, want := names(), []string{journal + newExt, dir}; !slices.Equal(got, want) {
		t.Fatalf("Create synced %q, want %q", got, want)
	}
	if s := (*seen)[1]; !bytes.Equal(s.journal, created) {
		t.Errorf("when Create synced the directory the journal held %q, want it renamed, whole: %q", s.journal, created)
	}

	*seen = nil
	if err := store.Append(ctx, testGameID, 2, twoEvents[1]); err != nil {
		t.Fatal(err)
	}
	if got, want := names(), []string{journal}; !slices.Equal(got, want) {
		t.Fatalf("Append synced %q, want %q", got, want)
	}
	line, err := encodeEvent(twoEvents[1])
	if err != nil {
		t.Fatal(err)
	}
	synced := (*seen)[0].journal
	if want := append(append([]byte{}, created...), line...); !bytes.Equal(synced, want) {
		t.Errorf("when Append synced the journal it held %q, want the event after the old journal, header unchanged: %q", synced, want)
	}
	if data, _ := os.ReadFile(journal); !bytes.Equal(data, journalOf(t, twoEvents)) {
		t.Errorf("after Append the journal holds %q, want its header to count the event", data)
	}

	// SetAside renames the journal, then syncs the directory: a journal
	// set aside by the server (its events do not replay) and back under
	// its name after a crash would be read cleanly by the store, and
	// deleted when its game expired.
	*seen = nil
	var damaged *DamagedError
	if err := store.SetAside(ctx, testGameID, "a test"); !errors.As(err, &damaged) {
		t.Fatalf("SetAside: %v", err)
	}
	if got, want := names(), []string{dir}; !slices.Equal(got, want) {
		t.Fatalf("SetAside synced %q, want %q", got, want)
	}
	if s := (*seen)[0]; s.journal != nil {
		t.Errorf("when SetAside synced the directory the journal was still in place")
	}
}
