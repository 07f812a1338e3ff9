package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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
// reached by random play, and finished games, which have no moves and
// end the table at their first depth.
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
		// A count of 0 ends the table, however deep it was asked to go
		// (it printed a line of 0 for every depth, billions of them).
		code, out, errs = runArgs(t, "-game", g.Name, "-fen", end.String(), "-depth", "2000000000")
		if got := leaves(t, out); code != 0 || !equal(got, []uint64{0}) || !strings.Contains(out, "No position lies 1 ply deep: every deeper depth counts 0 leaves too.") {
			t.Errorf("%s %q (finished): exit %d, leaves %v\n%s%s", g.Name, end, code, got, out, errs)
		}
	}
}

// TestManyMoves counts below a position of thousands of moves, whose
// successors are visited once each (playing each move by its number took
// 15 s at depth 1 here, as every move was generated again for each):
// depth 1 is the number of moves, and the divide lists them in order.
func TestManyMoves(t *testing.T) {
	const fen = "2r4/1b1brb1/1r4r/3B1b1/2r2r1/1b1br2/7 r"
	s, err := games.Parse("catchit", fen)
	if err != nil {
		t.Fatal(err)
	}
	moves := s.Moves()
	code, out, errs := runArgs(t, "-game", "catchit", "-fen", fen, "-depth", "1", "-divide")
	if got := leaves(t, out); code != 0 || !equal(got, []uint64{uint64(len(moves))}) {
		t.Fatalf("exit %d, leaves %v, want %d\n%s", code, got, len(moves), errs)
	}
	if !strings.Contains(out, moves[0]+": 1\n"+moves[1]+": 1\n") || !strings.Contains(out, moves[len(moves)-1]+": 1\ntotal: ") {
		t.Errorf("the divide does not list the moves in order:\n%.600s", out)
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
		{[]string{"-depth", "0"}, 2, "-depth must be 1 or more"},
		{[]string{"-game", "coir", "-fen", "bbbbbb/6/6/6/6/wwwwwww w"}, 2, "perft: -fen: "},
		{[]string{"-fen", "nonsense"}, 2, "perft: -fen: "},
		{[]string{"-depth", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-h"}, 0, "Usage of"}, // the usage, asked for: no failure
	} {
		code, _, errs := runArgs(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestDivideAsTheLibrary checks -divide against games.Divide, move by
// move, at a depth counted in one part per move and at one split below
// the replies (from depth 4).
func TestDivideAsTheLibrary(t *testing.T) {
	for _, c := range []struct {
		game  string
		depth int
	}{{"catchit", 2}, {"zapita", 4}, {"coir", 4}, {"brouillard", 3}} {
		g, _ := games.ByName(c.game)
		want, err := games.Divide(g.Start(hops.First), c.depth)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "\ndivide at depth %d (%d moves):\n", c.depth, len(want))
		var total uint64
		for _, d := range want {
			fmt.Fprintf(&b, "%s: %d\n", d.Move, d.Nodes)
			total += d.Nodes
		}
		fmt.Fprintf(&b, "total: %d\n", total)
		code, out, errs := runArgs(t, "-game", c.game, "-depth", strconv.Itoa(c.depth), "-divide")
		if code != 0 || !strings.HasSuffix(out, b.String()) {
			t.Errorf("%s depth %d: exit %d %s\n%s\nwant it to end with\n%s", c.game, c.depth, code, errs, out, b.String())
		}
	}
}

// progressLine is a progress line; its time is a time.Duration rounded
// to the second, such as 4s or 1m37s.
var progressLine = regexp.MustCompile(`^depth (\d+): (\d+)% counted \(move (\d+) of (\d+)\), (\d+) leaves so far, (\d+h)?(\d+m)?\d+s$`)

// TestProgress shows the progress of every part (as a count slow enough
// would): per depth, the share counted and the move reached never go
// back and end at 100% and the last move, with the depth's leaves.
func TestProgress(t *testing.T) {
	var out, errs bytes.Buffer
	prog := &progress{w: &errs}
	if err := perft(&out, prog, "coir", "", 4, false); err != nil {
		t.Fatal(err)
	}
	want := leaves(t, out.String())
	if !equal(want, []uint64{16, 256, 24896, 3146510}) {
		t.Fatalf("leaves %v", want)
	}
	lines := strings.Split(strings.TrimSuffix(errs.String(), "\n"), "\n")
	parts := map[int]int{}
	last := map[int][]uint64{}
	for _, l := range lines {
		m := progressLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("progress line %q", l)
		}
		var v [5]uint64
		for i := range v {
			v[i], _ = strconv.ParseUint(m[i+1], 10, 64)
		}
		d := int(v[0])
		if p := last[d]; p != nil && (v[1] < p[1] || v[2] < p[2] || v[4] < p[4]) {
			t.Errorf("depth %d goes back: %q after %v", d, l, p)
		}
		if v[3] != 16 {
			t.Errorf("%q: the start has 16 moves", l)
		}
		parts[d]++
		last[d] = v[:]
	}
	for d := 1; d <= 4; d++ {
		p := last[d]
		if p == nil || p[1] != 100 || p[2] != 16 || p[4] != want[d-1] {
			t.Errorf("depth %d ends at %v, want 100%%, move 16, %d leaves", d, p, want[d-1])
		}
	}
	// One part a move of the start up to depth 3, one a reply from 4.
	if parts[1] != 16 || parts[3] != 16 || parts[4] != 256 {
		t.Errorf("parts by depth %v, want 16 to depth 3 and 256 at depth 4", parts)
	}
}

// TestProgressTerminal checks that on a terminal the progress is one line
// rewritten in place, cleared when the depth is counted, and that a count
// quicker than the delay shows none.
func TestProgressTerminal(t *testing.T) {
	var out, errs bytes.Buffer
	if err := perft(&out, &progress{w: &errs, tty: true}, "zapita", "", 2, false); err != nil {
		t.Fatal(err)
	}
	e := errs.String()
	if strings.Contains(e, "\n") || strings.Count(e, "\r\x1b[K") != 2 || strings.Count(e, "\x1b[K") != 2+16+16 {
		t.Errorf("terminal progress %q: want 32 lines rewritten in place and 2 clears", e)
	}
	errs.Reset()
	if err := perft(&out, &progress{w: &errs, tty: true, after: time.Hour}, "zapita", "", 2, false); err != nil || errs.Len() != 0 {
		t.Errorf("a quick count shows progress %q (%v)", errs.String(), err)
	}
}
