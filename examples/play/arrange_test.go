package main

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// homeRows reads the person's two home ranks from the first board shown:
// what stands on each of his home squares, in the order of an
// arrangement.
func homeRows(t *testing.T, out string, side hops.Side) string {
	t.Helper()
	board := out[strings.Index(out, "\n7 "):]
	rows := map[byte][]string{}
	for _, m := range regexp.MustCompile(`(?m)^([1-7]) (.*)$`).FindAllStringSubmatch(board, 7) {
		rows[m[1][0]] = strings.Fields(m[2])
	}
	var b strings.Builder
	for _, sq := range brouillard.HomeSquares(side) {
		name := sq.String()
		cells := rows[name[1]]
		if len(cells) != 7 {
			t.Fatalf("no rank %c on the board:\n%s", name[1], board)
		}
		b.WriteString(cells[name[0]-'A'])
	}
	return b.String()
}

// TestPlayArrangement (B3): the person sets up his pawns by typing seven
// letters, in either case; the board then shows his pawns so, and the
// computer's stand as dealt under the same seed. Text that is no setup
// is explained with its rule and asked again; help repeats the question.
func TestPlayArrangement(t *testing.T) {
	for _, c := range []struct {
		side   string
		viewer hops.Side
		typed  string
		want   string
	}{
		{"first", hops.First, " xxntjqk ", "XXNTJQK"},
		{"second", hops.Second, "KQJTNXX", "kqjtnxx"},
	} {
		input := "XXXNTJQ\nabc\nhelp\n" + c.typed + "\nquit\n"
		code, out, errs := runWith(input, "-game", "brouillard", "-side", c.side, "-budget", "300", "-seed", "4")
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit status %d, %s", c.side, code, errs)
		}
		for _, want := range []string{
			"your pawns> Not a setup: arrangement: 3 blanks, want 2 (rule B2). Type seven letters such as XNTJQKX, or press Enter for a random setup.\n",
			"your pawns> Not a setup: arrangement: \"abc\": want seven letters, one per home square (rule B3). Type seven letters such as XNTJQKX, or press Enter for a random setup.\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: no %q in:\n%s", c.side, want, out)
			}
		}
		if n := strings.Count(out, "Set up your pawns (rule B3): "); n != 2 {
			t.Errorf("%s: the question was put %d times, want 2 (once more for help):\n%s", c.side, n, out)
		}
		if strings.Contains(out, "set up at random") {
			t.Errorf("%s: a typed setup is said to be random:\n%s", c.side, out)
		}
		if got := homeRows(t, out, c.viewer); got != c.want {
			t.Errorf("%s typed %q: the board shows %s on the home squares, want %s:\n%s", c.side, c.typed, got, c.want, out)
		}
		// The computer's pawns are those Enter would have kept.
		dealt, err := games.Deal(brouillard.Game, hops.First, rand.New(rand.NewPCG(4, 0x91a7)))
		if err != nil {
			t.Fatal(err)
		}
		mine, err := brouillard.ParseArrangement(c.want)
		if err != nil {
			t.Fatal(err)
		}
		s, err := withArrangement(dealt, c.viewer, mine)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := arrangementOf(s, c.viewer.Other()), arrangementOf(dealt, c.viewer.Other()); got != want {
			t.Errorf("the computer's pawns: %s, dealt %s", got, want)
		}
		if got := arrangementOf(s, c.viewer); got != mine {
			t.Errorf("the person's pawns: %s, typed %s", got, mine)
		}
		if s.ToMove() != dealt.ToMove() || s.Outcome().Over {
			t.Errorf("the start with a setup: %s", s)
		}
	}
}

// TestPlayArrangementRandom: an empty line keeps the pawns dealt at
// random, and says so; the end of the input leaves the game.
func TestPlayArrangementRandom(t *testing.T) {
	code, out, _ := runWith("\nquit\n", "-game", "brouillard", "-budget", "300", "-seed", "4")
	dealt, err := games.Deal(brouillard.Game, hops.First, rand.New(rand.NewPCG(4, 0x91a7)))
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(out, "White, your pawns> Your pawns are set up at random.\n") {
		t.Fatalf("exit status %d:\n%s", code, out)
	}
	if got, want := homeRows(t, out, hops.First), arrangementOf(dealt, hops.First).String(); got != want {
		t.Errorf("the board shows %s on the home squares, want the dealt %s", got, want)
	}
	code, out, _ = runWith("", "-game", "brouillard", "-seed", "4")
	if code != 0 || !strings.HasSuffix(out, "White, your pawns> \nBye.\n") {
		t.Errorf("no input at all: exit status %d:\n%s", code, out)
	}
}
