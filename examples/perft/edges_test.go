package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// TestMain runs the test binary as the command itself when asked to, so
// that a test can start the program as a person does, as a process.
func TestMain(m *testing.M) {
	if os.Getenv("HOPS_RUN_PERFT") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// command runs the program as a process with args and returns its exit
// status and what it printed on each output.
func command(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "HOPS_RUN_PERFT=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.String(), errs.String()
}

// TestPerftAsACommand: the counts go to the standard output, what is
// wrong with a flag to the standard error.
func TestPerftAsACommand(t *testing.T) {
	code, out, errs := command(t, "-game", "coir", "-depth", "1")
	if got := leaves(t, out); code != 0 || errs != "" || !equal(got, []uint64{16}) {
		t.Errorf("exit status %d, stderr %q, leaves %v, stdout:\n%s", code, errs, got, out)
	}
	code, out, errs = command(t, "-depth", "0")
	if code != 2 || out != "" || errs != "perft: -depth must be 1 or more\n" {
		t.Errorf("-depth 0: exit status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestPerftDefaults: the report begins with the game's title and the
// position; without -game the game is Catch'it, without -depth the
// count goes to depth 3.
func TestPerftDefaults(t *testing.T) {
	for _, c := range []struct {
		args []string
		game string
		want []uint64
	}{
		{[]string{"-depth", "1"}, "catchit", []uint64{100}},
		{[]string{"-game", "coir"}, "coir", []uint64{16, 256, 24896}},
	} {
		g, _ := games.ByName(c.game)
		head := g.Title + ": " + g.Start(hops.First).String() + "\n"
		code, out, errs := runArgs(t, c.args...)
		if got := leaves(t, out); code != 0 || !strings.HasPrefix(out, head) || !equal(got, c.want) {
			t.Errorf("%v: exit status %d, %s, leaves %v, want %v under %q:\n%s", c.args, code, errs, got, c.want, head, out)
		}
	}
}
