// Package cmdtest lets the tests of a command run it as a person does:
// as a process, with its arguments, its standard input and outputs, and
// its exit status. The test binary plays the command: a command's
// TestMain calls Main, and Run starts the binary again as the command.
package cmdtest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// asCommand is set in the environment of a test binary started by Run.
const asCommand = "HOPS_TEST_AS_COMMAND"

// Main is a command's TestMain: it runs the command's main when the
// test binary was started by Run, and the tests otherwise.
func Main(m *testing.M, main func()) {
	if os.Getenv(asCommand) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// Run starts the command with args, typing input, and returns its exit
// status and what it printed on each output. Where the platform cannot
// start a process (WebAssembly), it skips the test.
func Run(t testing.TB, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("WebAssembly cannot start a process")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCommand+"=1")
	cmd.Stdin = strings.NewReader(input)
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
