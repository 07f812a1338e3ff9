package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain runs the test binary as the command itself when asked to, so
// that a test can start the program as a person does, as a process.
func TestMain(m *testing.M) {
	if os.Getenv("HOPS_RUN_REFEREE") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

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
		cmd := exec.Command(os.Args[0], c.args...)
		cmd.Env = append(os.Environ(), "HOPS_RUN_REFEREE=1")
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			code = exit.ExitCode()
		case err != nil:
			t.Fatal(err)
		}
		if code != c.code || out.Len() != 0 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("%v: exit status %d, stdout %q, stderr %q; want %d and %q on the standard error", c.args, code, out.String(), errs.String(), c.code, c.want)
		}
	}
}
