package referee

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fsizeDirEnv names, in the environment of the test binary run again by
// TestAppendFailureCutsBack, the store's directory.
const fsizeDirEnv = "HOPS_REFEREE_TEST_FSIZE_DIR"

// TestAppendFailureCutsBack: an Append whose write fails midway leaves
// the journal as it was, cut back to its former length, so that no
// partial line stays in front of the next one. The write is made to fail
// by the file size limit (RLIMIT_FSIZE; Go ignores SIGXFSZ, so the write
// answers EFBIG after a first part), which binds the whole process: the
// test runs the failing Append in a child process, the test binary run
// again, and checks the file it leaves.
func TestAppendFailureCutsBack(t *testing.T) {
	if dir := os.Getenv(fsizeDirEnv); dir != "" {
		appendOverSizeLimit(t, dir)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestAppendFailureCutsBack$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), fsizeDirEnv+"="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestAppendFailureCutsBack") {
		t.Fatalf("the child process: %v\n%s", err, out)
	}
	want := journalOf(t, twoEvents[:1])
	if data, _ := os.ReadFile(filepath.Join(dir, testGameID+journalExt)); !bytes.Equal(data, want) {
		t.Errorf("after a failed Append the journal holds %d bytes, want %d as before (%q)", len(data), len(want), data)
	}
}

// appendOverSizeLimit creates a game in dir, then appends an event with
// the file size limit set 10 bytes past the journal's end: Append must
// fail. It runs in the child process alone.
func appendOverSizeLimit(t *testing.T, dir string) {
	store := openStore(t, dir)
	ctx := context.Background()
	if err := store.Create(ctx, testGameID, twoEvents[0]); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, testGameID+journalExt))
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	limit := syscall.Rlimit{Cur: uint64(info.Size()) + 10, Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	err = store.Append(ctx, testGameID, 2, Event{Type: EventMove, Time: time.Unix(1e9+2, 0).UTC(), Ply: 1, Move: "A1-A2"})
	if rerr := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); rerr != nil {
		t.Fatal(rerr)
	}
	if err == nil {
		t.Fatal("Append past the file size limit succeeded")
	}
	t.Logf("Append past the file size limit: %v", err)
}
