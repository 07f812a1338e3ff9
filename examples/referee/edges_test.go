package main

import (
	"strings"
	"testing"

	"github.com/hopsgames/hops/internal/cmdtest"
)

// TestMain lets a test run the program as a process (cmdtest.Run).
func TestMain(m *testing.M) { cmdtest.Main(m, main) }

// TestRefereeAsACommand: the command reads its flags from its arguments,
// writes its usage and its complaints to the standard error, and ends
// with status 0 for -h and 2 for a flag it cannot use.
func TestRefereeAsACommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, 0, "-max-games"},
		{[]string{"-max-games", "0"}, 2, "max-games"},
		{[]string{"extra"}, 2, "extra"},
	} {
		code, out, errs := cmdtest.Run(t, "", c.args...)
		if code != c.code || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit status %d, stdout %q, stderr %q; want %d and %q on the standard error", c.args, code, out, errs, c.code, c.want)
		}
	}
}

// TestUsageShowsTheDefaults: each flag the package comment's usage lines
// show with a value is shown with its default.
func TestUsageShowsTheDefaults(t *testing.T) { cmdtest.Usage(t) }
