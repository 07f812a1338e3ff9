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
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
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

// usagePair is a flag shown with a value in a command's usage line:
// "[-name value]" or "[-name=value]".
var usagePair = regexp.MustCompile(`\[-([a-z][a-z-]*)(?:[ =]([^\]]+))?\]`)

// CheckUsage compares the usage lines of a command's documentation with
// the defaults its -h prints. source is the file that holds the
// package's comment, help what -h printed: each "[-name value]" of the
// comment must name a flag of help whose default is value. A value in
// capitals or in quotes (DIR, 'position text') names what to give, not a
// default, and is left out.
func CheckUsage(t testing.TB, source, help string) {
	t.Helper()
	doc, _, ok := strings.Cut(source, "\npackage ")
	if !ok {
		t.Fatal("no package clause in the source")
	}
	defaults := helpDefaults(help)
	checked := 0
	for _, m := range usagePair.FindAllStringSubmatch(doc, -1) {
		name, value := m[1], strings.TrimSpace(m[2])
		if value == "" || strings.ContainsAny(value, "'\"ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			continue
		}
		def, known := defaults[name]
		switch {
		case !known:
			t.Errorf("the usage shows -%s, which -h does not list", name)
		case !sameDefault(value, def):
			t.Errorf("the usage shows -%s %s, -h says the default is %q", name, value, def)
		}
		checked++
	}
	if checked == 0 {
		t.Error("no flag with a value in the usage lines")
	}
}

// helpDefaults reads the flags and their defaults from the output of a
// flag set's PrintDefaults: "" for a flag it shows without a default
// (its zero value).
func helpDefaults(help string) map[string]string {
	defaults := map[string]string{}
	name := ""
	for line := range strings.SplitSeq(help, "\n") {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			name, _, _ = strings.Cut(rest, " ")
			defaults[name] = ""
		}
		if name == "" {
			continue
		}
		if i := strings.LastIndex(line, "(default "); i >= 0 && strings.HasSuffix(line, ")") {
			defaults[name] = strings.Trim(line[i+len("(default "):len(line)-1], `"`)
		}
	}
	return defaults
}

// sameDefault reports whether a value shown in a usage line is the
// default def: the same duration, number or text; an empty def is a
// zero value.
func sameDefault(value, def string) bool {
	if v, err := time.ParseDuration(value); err == nil {
		d, err := time.ParseDuration(def)
		return v == d && (err == nil || def == "")
	}
	if def == "" {
		return value == "0" || value == "false"
	}
	return value == def
}

// Usage checks with CheckUsage the command under test: the usage lines
// of its main.go against what it prints for -h.
func Usage(t *testing.T) {
	t.Helper()
	source, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	_, stdout, stderr := Run(t, "", "-h")
	CheckUsage(t, string(source), stdout+stderr)
}

// ClosedOutput is an output that can no longer be written, such as a
// full disk or a closed pipe: every write fails with "the output is
// closed".
type ClosedOutput struct{}

// Write fails: nothing can be written.
func (ClosedOutput) Write([]byte) (int, error) { return 0, errors.New("the output is closed") }
