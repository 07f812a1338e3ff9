package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hopsgames/hops/games"
)

func runArgs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

var (
	moveLine = regexp.MustCompile(`(?m)^(\d+)\. (\w+): (.+)$`)
	field    = func(out, name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `: (.+)$`).FindStringSubmatch(out)
		if m == nil {
			return ""
		}
		return m[1]
	}
)

// checkReplay replays the moves printed in out from its start and checks
// that they lead to the final position printed.
func checkReplay(t *testing.T, game, out string) {
	t.Helper()
	g, _ := games.ByName(game)
	s, err := g.Parse(field(out, "start"))
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	for i, m := range moveLine.FindAllStringSubmatch(out, -1) {
		if m[1] != strings.TrimSpace(m[1]) || m[2] != g.SideName(s.ToMove()) {
			t.Fatalf("move %d %q: %s to move", i+1, m[0], g.SideName(s.ToMove()))
		}
		if s, err = s.Play(m[3]); err != nil {
			t.Fatalf("move %d %q: %v", i+1, m[0], err)
		}
	}
	if got := field(out, "final"); got != s.String() {
		t.Errorf("final position %q, replay gives %q", got, s.String())
	}
}

func TestEveryGameFinishesOrIsReportedUnfinished(t *testing.T) {
	for _, game := range games.Names() {
		for _, players := range [][2]string{{"search", "search"}, {"random", "search"}, {"search", "random"}} {
			args := []string{"-game", game, "-seed", "3", "-first", players[0], "-second", players[1], "-budget", "300"}
			code, out, errs := runArgs(t, args...)
			if code != 0 || errs != "" {
				t.Fatalf("%v: exit %d, %s", args, code, errs)
			}
			if !regexp.MustCompile(`(?m)^(\w+ wins after \d+ moves: .+ \(rule [GZKCB]\d+\)\.|Unfinished after 300 moves .+)$`).MatchString(out) {
				t.Errorf("%v: no result in\n%s", args, out)
			}
			checkReplay(t, game, out)
			if !strings.Contains(out, "  A  B  C") && !strings.Contains(out, "A B C") {
				t.Errorf("%v: no board diagram in\n%s", args, out[:min(len(out), 500)])
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, game := range games.Names() {
		for _, seed := range []string{"1", "2"} {
			args := []string{"-game", game, "-seed", seed, "-second", "random"}
			_, a, _ := runArgs(t, args...)
			_, b, _ := runArgs(t, args...)
			if a != b {
				t.Errorf("%v: two runs differ", args)
			}
		}
		_, a, _ := runArgs(t, "-game", game, "-seed", "1", "-first", "random", "-second", "random", "-boards=false")
		_, b, _ := runArgs(t, "-game", game, "-seed", "2", "-first", "random", "-second", "random", "-boards=false")
		if a == b {
			t.Errorf("%s: seeds 1 and 2 play the same game", game)
		}
	}
}

func TestMaxPlies(t *testing.T) {
	for _, game := range games.Names() {
		code, out, _ := runArgs(t, "-game", game, "-max-plies", "2", "-first", "random", "-second", "random")
		if code != 0 || !strings.Contains(out, "Unfinished after 2 moves (-max-plies 2)") {
			t.Errorf("%s: exit %d\n%s", game, code, out)
		}
		if n := len(moveLine.FindAllString(out, -1)); n != 2 {
			t.Errorf("%s: %d moves printed", game, n)
		}
		checkReplay(t, game, out)
	}
}

func TestBrouillardShowsViews(t *testing.T) {
	_, out, _ := runArgs(t, "-game", "brouillard", "-max-plies", "4")
	for _, want := range []string{"true board:", "what White knows: ", "what Red knows: "} {
		if n := strings.Count(out, want); n != 5 {
			t.Errorf("%q printed %d times, want 5 (start and 4 moves)", want, n)
		}
	}
	white := field(out, "what White knows")
	red := field(out, "what Red knows")
	start := field(out, "start")
	if !strings.Contains(white, "p") || strings.Contains(white, "P") || !strings.Contains(red, "P") || white == start || red == start {
		t.Errorf("views of the start: White %q, Red %q, truth %q", white, red, start)
	}
}

func TestTimeBudget(t *testing.T) {
	for _, game := range games.Names() {
		code, out, errs := runArgs(t, "-game", game, "-time", "2ms", "-max-plies", "6", "-boards=false")
		if code != 0 || !strings.Contains(out, " (search) against ") {
			t.Errorf("%s: exit %d %s\n%s", game, code, errs, out)
		}
		checkReplay(t, game, out)
	}
}

// TestDefaults: the command with no flag plays Catch'it between two
// searching players, and the game is worth watching: it lasts more than
// a dozen moves and ends with a win (K3).
func TestDefaults(t *testing.T) {
	code, out, errs := runArgs(t)
	if code != 0 || errs != "" || !strings.HasPrefix(out, "Catch'it: Blue (search) against Red (search), seed 1\n") {
		t.Errorf("exit %d, %s\n%s", code, errs, out)
	}
	if n := len(moveLine.FindAllString(out, -1)); n <= 12 || !strings.Contains(out, " wins after ") {
		t.Errorf("the default game has %d moves, want more than 12 and a winner:\n%s", n, out)
	}
	checkReplay(t, "catchit", out)
}

// TestEveryKindPlays: every kind of player of the players package can be
// chosen for either side.
func TestEveryKindPlays(t *testing.T) {
	for _, kind := range []string{"search", "mcts", "baseline", "random"} {
		code, out, errs := runArgs(t, "-game", "zapita", "-first", kind, "-second", "search", "-budget", "200", "-max-plies", "4", "-boards=false")
		if code != 0 || !strings.Contains(out, "White ("+kind+") against Khaki (search)") {
			t.Errorf("%s: exit %d %s\n%s", kind, code, errs, out)
		}
		checkReplay(t, "zapita", out)
	}
}

// TestBadArguments: a flag the command cannot use, whether the flag
// package refuses it or the command does, ends with exit status 2, as in
// the terminal game, and says which.
func TestBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-game", "chess"}, 2, `unknown game "chess"`},
		{[]string{"-first", "genius"}, 2, `-first: unknown kind of player "genius"`},
		{[]string{"-second", "genius"}, 2, `-second: unknown kind of player "genius"`},
		{[]string{"-budget", "0"}, 2, "-budget must be 1 or more"},
		{[]string{"-max-plies", "-1"}, 2, "-max-plies must not be negative"},
		{[]string{"-time", "-1s"}, 2, "-time must not be negative"},
		// A failure while playing is no misuse: exit status 1.
		{[]string{"-svg", "/dev/null/pictures", "-max-plies", "1"}, 1, "mkdir /dev/null"},
		{[]string{"-seed", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-h"}, 0, "Usage of"}, // the usage, asked for: no failure
	} {
		code, _, errs := runArgs(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestSVGPictures: -svg writes one well-formed picture per position, the
// start and one after each move, each later one with arrows.
func TestSVGPictures(t *testing.T) {
	for _, game := range []string{"zapita", "brouillard"} {
		dir := t.TempDir()
		code, out, errs := runArgs(t, "-game", game, "-max-plies", "6", "-boards=false", "-budget", "50", "-svg", dir)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", game, code, errs)
		}
		plies := len(moveLine.FindAllString(out, -1))
		files, _ := filepath.Glob(filepath.Join(dir, "*.svg"))
		if len(files) != plies+1 {
			t.Fatalf("%s: %d pictures for %d moves", game, len(files), plies)
		}
		for i, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := xml.Unmarshal(raw, new(struct{})); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if hasArrow := bytes.Contains(raw, []byte("<line")); hasArrow != (i > 0) {
				t.Errorf("%s: arrows %v", f, hasArrow)
			}
		}
	}
	if code, _, _ := runArgs(t, "-max-plies", "1", "-svg", "/dev/null/x"); code == 0 {
		t.Error("an unwritable -svg folder must fail")
	}
}
