package main

import (
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/cmdtest"
)

// TestMain lets a test run the program as a process (cmdtest.Run).
func TestMain(m *testing.M) { cmdtest.Main(m, main) }

// TestPerftAsACommand: the counts go to the standard output, what is
// wrong with a flag to the standard error.
func TestPerftAsACommand(t *testing.T) {
	code, out, errs := cmdtest.Run(t, "", "-game", "coir", "-depth", "1")
	if got := leaves(t, out); code != 0 || errs != "" || !equal(got, []uint64{16}) {
		t.Errorf("exit status %d, stderr %q, leaves %v, stdout:\n%s", code, errs, got, out)
	}
	code, out, errs = cmdtest.Run(t, "", "-depth", "0")
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

// TestUsageShowsTheDefaults: each flag the package comment's usage lines
// show with a value is shown with its default.
func TestUsageShowsTheDefaults(t *testing.T) { cmdtest.Usage(t) }

// TestOutputFails: counts that cannot be written are an error, said on
// the standard error with exit status 1 (the command said nothing and
// ended with 0).
func TestOutputFails(t *testing.T) {
	var errs strings.Builder
	if code := run([]string{"-game", "catchit", "-depth", "2"}, cmdtest.ClosedOutput{}, &errs); code != 1 || errs.String() != "perft: the output is closed\n" {
		t.Errorf("exit status %d, stderr %q; want 1 and the reason", code, errs.String())
	}
}
