package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops/internal/cmdtest"
	"time"
)

// TestMain lets a test run the program as a process (cmdtest.Run).
func TestMain(m *testing.M) { cmdtest.Main(m, main) }

// TestSelfplayAsACommand: the game goes to the standard output, what is
// wrong with a flag to the standard error.
func TestSelfplayAsACommand(t *testing.T) {
	code, out, errs := cmdtest.Run(t, "", "-game", "coir", "-first", "random", "-second", "random", "-max-plies", "1", "-boards=false")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "Coir Circuit: White (random) against Black (random), seed 1\n") {
		t.Errorf("exit status %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, errs = cmdtest.Run(t, "", "-budget", "0")
	if code != 2 || out != "" || errs != "selfplay: -budget must be 1 or more\n" {
		t.Errorf("-budget 0: exit status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestUnfinishedReport: a game stopped by -max-plies, even at 0, ends
// with a blank line, how many moves were played (one move, in the
// singular), the limit and the side to move, then the final position.
func TestUnfinishedReport(t *testing.T) {
	for _, c := range []struct {
		plies string
		want  []string // the lines after the start, each move's text left out
	}{
		{"0", []string{"", "Unfinished after 0 moves (-max-plies 0); White to move."}},
		{"1", []string{"", "1. White: …", "", "Unfinished after 1 move (-max-plies 1); Black to move."}},
		{"2", []string{"", "1. White: …", "", "2. Black: …", "", "Unfinished after 2 moves (-max-plies 2); White to move."}},
	} {
		code, out, errs := runArgs(t, "-game", "coir", "-first", "random", "-second", "random", "-boards=false", "-max-plies", c.plies)
		lines := strings.Split(strings.TrimSuffix(moveLine.ReplaceAllString(out, "$1. $2: …"), "\n"), "\n")
		if code != 0 || len(lines) < 3 || !slices.Equal(lines[2:len(lines)-1], c.want) || !strings.HasPrefix(lines[len(lines)-1], "final: ") {
			t.Errorf("-max-plies %s: exit status %d, %s, printed:\n%s\nwant after the start:\n%s\nthen the final position", c.plies, code, errs, out, strings.Join(c.want, "\n"))
		}
		checkReplay(t, "coir", out)
	}
}

// TestDocumentedDefaults: -h gives each flag's default as the command's
// documentation does.
func TestDocumentedDefaults(t *testing.T) {
	code, _, errs := runArgs(t, "-h")
	for flag, def := range map[string]string{
		"game string":   `"catchit"`,
		"seed uint":     "1",
		"budget int":    "4000",
		"max-plies int": "300",
		"boards":        "true",
	} {
		re := regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(flag) + `\n\s+\S.*\(default ` + regexp.QuoteMeta(def) + `\)$`)
		if code != 0 || !re.MatchString(errs) {
			t.Errorf("-h: exit status %d, want -%s with its default %s in:\n%s", code, flag, def, errs)
		}
	}
}

// TestTimeInsteadOfBudget: with -time the searching player thinks for
// that time whatever -budget says.
func TestTimeInsteadOfBudget(t *testing.T) {
	start := time.Now()
	code, out, errs := runArgs(t, "-game", "catchit", "-time", "200ms", "-budget", "1", "-max-plies", "1", "-boards=false")
	if took := time.Since(start); code != 0 || took < 150*time.Millisecond {
		t.Errorf("one move under -time 200ms -budget 1 took %v (exit status %d, %s):\n%s", took, code, errs, out)
	}
}

// TestUsageShowsTheDefaults: each flag the package comment's usage lines
// show with a value is shown with its default.
func TestUsageShowsTheDefaults(t *testing.T) { cmdtest.Usage(t) }

// TestOutputFails: a game that cannot be written is an error, said on
// the standard error with exit status 1, with the boards or without
// them (without them the command said nothing and ended with 0).
func TestOutputFails(t *testing.T) {
	for _, boards := range []string{"-boards=true", "-boards=false"} {
		var errs strings.Builder
		code := run([]string{"-first", "random", "-second", "random", "-max-plies", "2", boards}, cmdtest.ClosedOutput{}, &errs)
		if code != 1 || errs.String() != "selfplay: the output is closed\n" {
			t.Errorf("%s: exit status %d, stderr %q; want 1 and the reason", boards, code, errs.String())
		}
	}
}

// TestSVGFolderRefusedFirst: a -svg folder that cannot be made is said
// before the game begins, with nothing printed on the standard output
// (the title and the first board were).
func TestSVGFolderRefusedFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs strings.Builder
	code := run([]string{"-first", "random", "-second", "random", "-max-plies", "1", "-svg", filepath.Join(file, "pictures")}, &out, &errs)
	if code != 1 || out.String() != "" || !strings.HasPrefix(errs.String(), "selfplay: -svg: ") {
		t.Errorf("exit status %d, stdout %q, stderr %q; want 1, nothing, and the reason", code, out.String(), errs.String())
	}
}

// TestSVGFolderOfAnEarlierGame: the pictures an earlier, longer game
// left in the -svg folder are removed before the new game's are written,
// and the program says so; other files stay. They stayed, and the
// folder held a game that seemed to go on into another.
func TestSVGFolderOfAnEarlierGame(t *testing.T) {
	dir := t.TempDir()
	var out, errs strings.Builder
	if code := run([]string{"-game", "brouillard", "-first", "random", "-second", "random", "-max-plies", "5", "-boards=false", "-svg", dir}, &out, &errs); code != 0 {
		t.Fatalf("the first game: exit status %d, %s", code, errs.String())
	}
	// Names it never writes stay: two digits, a leading zero before a
	// fourth digit, more digits than an int holds.
	for _, keep := range []string{"notes.txt", "12.svg", "map.svg", "0001.svg", "99999999999999999999.svg"} {
		if err := os.WriteFile(filepath.Join(dir, keep), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A link of a picture's name is removed, not written through (the
	// picture went into the file it pointed to, outside the folder).
	outside := filepath.Join(t.TempDir(), "outside.txt")
	if err := os.WriteFile(outside, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "001.svg")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "001.svg")); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"-game", "zapita", "-first", "random", "-second", "random", "-max-plies", "2", "-boards=false", "-svg", dir}, &out, &errs); code != 0 {
		t.Fatalf("the second game: exit status %d, %s", code, errs.String())
	}
	if want := "Removed from " + dir + " the 6 pictures an earlier game left there.\n"; !strings.Contains(out.String(), want) {
		t.Errorf("the second game says:\n%s\nwant it to say %q", out.String(), want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"000.svg", "0001.svg", "001.svg", "002.svg", "12.svg", "99999999999999999999.svg", "map.svg", "notes.txt"}; !slices.Equal(names, want) {
		t.Errorf("the folder holds %q, want %q", names, want)
	}
	if got, err := os.ReadFile(outside); err != nil || string(got) != "keep me" {
		t.Errorf("the file a link pointed to holds %.40q, %v", got, err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "001.svg")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("001.svg is not a picture of its own: %v, %v", fi.Mode(), err)
	}
	// A folder of a picture's name is said before anything is removed.
	if err := os.Remove(filepath.Join(dir, "002.svg")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "002.svg"), 0o755); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errs.Reset()
	code := run([]string{"-game", "zapita", "-first", "random", "-second", "random", "-max-plies", "2", "-boards=false", "-svg", dir}, &out, &errs)
	if want := "selfplay: -svg: " + filepath.Join(dir, "002.svg") + " is not a file"; code != 1 || out.String() != "" || !strings.HasPrefix(errs.String(), want) {
		t.Errorf("a folder named 002.svg: exit status %d, stdout %q, stderr %q; want 1, nothing, and %q", code, out.String(), errs.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "000.svg")); err != nil {
		t.Errorf("000.svg was removed before the folder named 002.svg was told: %v", err)
	}
}
