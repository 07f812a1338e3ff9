//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/hopsgames/hops/internal/gametest"
)

// openTerminal opens a pseudo-terminal: the side a program writes to, as
// its terminal, and the side that reads what it wrote.
func openTerminal(t *testing.T) (term, reader *os.File) {
	t.Helper()
	reader, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	t.Cleanup(func() { reader.Close() })
	var n uint32
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, reader.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatal(e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, reader.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatal(e)
	}
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	return term, reader
}

// TestProgressOnATerminal runs the command with its standard error on a
// terminal, as in a shell, for a depth that takes a few seconds: its
// progress is one line rewritten in place four times a second, never a
// new line, and cleared when the depth is counted; the counts still go
// to the standard output.
func TestProgressOnATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("a count of a few seconds")
	}
	term, reader := openTerminal(t)
	read := make(chan string)
	go func() {
		b, _ := io.ReadAll(reader) // ends with an error once term is closed
		read <- string(b)
	}()
	// About four seconds: Coir's depth 5, or under the race detector,
	// which slows Coir's generation about twentyfold and Brouillard's
	// about sixfold, Brouillard's depth 4.
	game, depth, leaves := "coir", "5", " 643580560 "
	if gametest.Race {
		game, depth, leaves = "brouillard", "4", " 83335512 "
	}
	var out bytes.Buffer
	code := run([]string{"-game", game, "-depth", depth}, &out, term)
	term.Close()
	e := <-read
	if code != 0 || !strings.Contains(out.String(), leaves) {
		t.Fatalf("exit status %d, output %q", code, out.String())
	}
	if strings.Contains(e, "\n") || !strings.HasSuffix(e, "\r\x1b[K") {
		t.Errorf("progress %q: want lines rewritten in place, then cleared", e)
	}
	lines := 0
	for l := range strings.SplitSeq(strings.TrimSuffix(e, "\r\x1b[K"), "\r") {
		if l == "" {
			continue
		}
		l, ok := strings.CutSuffix(l, "\x1b[K")
		if !ok || !progressLine.MatchString(l) {
			t.Errorf("progress line %q", l)
		}
		lines++
	}
	// Shown from the first second, then every quarter of a second: a
	// count of a few seconds rewrites it several times (a line every 30
	// seconds, as in a file, would show it once).
	if lines < 3 {
		t.Errorf("%d progress lines in %q, want one each quarter of a second after the first second", lines, e)
	}
}
