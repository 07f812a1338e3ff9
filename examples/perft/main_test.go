package main

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

func runArgs(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return code, out.String(), errs.String()
}

var depthLine = regexp.MustCompile(`(?m)^ +(\d+) +(\d+) +[\d.]+ +(\d+|-)$`)

// leaves returns the leaf counts the report gives, by depth from 1.
func leaves(t *testing.T, out string) []uint64 {
	t.Helper()
	var got []uint64
	for i, m := range depthLine.FindAllStringSubmatch(out, -1) {
		if m[1] != strconv.Itoa(i+1) {
			t.Fatalf("line %q: want depth %d", m[0], i+1)
		}
		n, _ := strconv.ParseUint(m[2], 10, 64)
		got = append(got, n)
	}
	return got
}

// The counts are the perft tables of the game packages (G10).
func TestPerftFromTheStarts(t *testing.T) {
	for game, want := range map[string][]uint64{
		"zapita":     {16, 256, 5696},
		"catchit":    {100, 21600},
		"coir":       {16, 256, 24896},
		"brouillard": {70, 5540},
	} {
		code, out, errs := runArgs(t, "-game", game, "-depth", strconv.Itoa(len(want)))
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, %s", game, code, errs)
		}
		if got := leaves(t, out); !equal(got, want) {
			t.Errorf("%s: perft %v, want %v\n%s", game, got, want, out)
		}
	}
}

func equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDivideSumsToPerft(t *testing.T) {
	code, out, _ := runArgs(t, "-game", "coir", "-depth", "3", "-divide")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "divide at depth 3 (16 moves):") || !strings.Contains(out, "total: 24896") {
		t.Errorf("no divide in\n%s", out)
	}
	var sum uint64
	lines := regexp.MustCompile(`(?m)^([A-F]\d\S*( \S+)?): (\d+)$`).FindAllStringSubmatch(out, -1)
	for _, m := range lines {
		n, _ := strconv.ParseUint(m[3], 10, 64)
		sum += n
	}
	if len(lines) != 16 || sum != 24896 {
		t.Errorf("%d moves summing to %d\n%s", len(lines), sum, out)
	}
}

// finished holds a finished game of each kind: the ball gone, all pawns
// White, the bomb on Khaki's HQ, the Red King captured.
var finished = map[string]string{
	"catchit":    "rrrrrrr/7/7/7/7/7/bbb1bbb r",
	"coir":       "wwwwww/6/6/6/6/wwwwww b",
	"zapita":     "a5A/b5B/c5C/*6/c5C/b5B/a5A k",
	"brouillard": "F2X1x!1/6K/4f2/N1T1x!1Q/3X3/7/1J5 r 5 0 -",
}

// TestAnyPosition counts from positions given with -fen: midgame ones
// reached by random play, and finished games, which have no moves.
func TestAnyPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, g := range games.All() {
		mid := g.Start(hops.Second)
		for range 2 {
			moves := mid.Moves()
			var err error
			if mid, err = mid.Play(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		want1, _ := games.Perft(mid, 1)
		want2, _ := games.Perft(mid, 2)
		code, out, errs := runArgs(t, "-game", g.Name, "-fen", mid.String(), "-depth", "2")
		if got := leaves(t, out); code != 0 || !equal(got, []uint64{want1, want2}) || !strings.Contains(out, mid.String()) {
			t.Errorf("%s %q: exit %d, leaves %v, want %d %d\n%s%s", g.Name, mid, code, got, want1, want2, out, errs)
		}
		end, err := g.Parse(finished[g.Name])
		if err != nil || !end.Outcome().Over {
			t.Fatalf("%s %q: %v, %v", g.Name, finished[g.Name], err, end)
		}
		code, out, errs = runArgs(t, "-game", g.Name, "-fen", end.String(), "-depth", "3")
		if got := leaves(t, out); code != 0 || !equal(got, []uint64{0, 0, 0}) {
			t.Errorf("%s %q (finished): exit %d, leaves %v\n%s%s", g.Name, end, code, got, out, errs)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-game", "chess"}, 1, `unknown game "chess"`},
		{[]string{"-depth", "0"}, 1, "-depth must be 1 or more"},
		{[]string{"-game", "coir", "-fen", "bbbbbb/6/6/6/6/wwwwwww w"}, 1, "perft: position: "},
		{[]string{"-fen", "nonsense"}, 1, "perft: position: "},
		{[]string{"-depth", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
	} {
		code, _, errs := runArgs(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, errs, c.code, c.want)
		}
	}
}
