package main

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/cmdtest"
	"github.com/hopsgames/hops/players"
)

// TestMain lets a test run the program as a process (cmdtest.Run).
func TestMain(m *testing.M) { cmdtest.Main(m, main) }

// runWith runs the command with args, the person typing input.
func runWith(input string, args ...string) (code int, stdout, stderr string) {
	var out, errs strings.Builder
	code = run(args, strings.NewReader(input), &out, &errs)
	return code, out.String(), errs.String()
}

// TestPlayAsACommand: the program reads the person's lines on its
// standard input, plays on its standard output, and says what is wrong
// with its flags on its standard error.
func TestPlayAsACommand(t *testing.T) {
	code, out, errs := cmdtest.Run(t, "quit\n", "-game", "coir", "-seed", "1")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "Coir Circuit: you play White") || !strings.HasSuffix(out, "White, move 1> Bye.\n") {
		t.Errorf("a game stopped at once: exit status %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	code, out, errs = cmdtest.Run(t, "", "-budget", "0")
	if code != 2 || out != "" || errs != "play: -budget must be 1 or more\n" {
		t.Errorf("-budget 0: exit status %d, stdout %q, stderr %q", code, out, errs)
	}
}

// setUp is the question that opens a Brouillard game played as White.
const setUp = "Set up your pawns (rule B3): type seven letters for B1 D1 F1 A2 C2 E2 G2, two X (blanks) and N T J Q K (Nine, Ten, Jack, Queen, King) once each, such as XNTJQKX. Enter sets them up at random.\n"

// TestPlayOpening: the program says which side each player has and who
// moves first, in Brouillard that the computer's pawns stay face down
// and how the person sets up his pawns, and how to go on. With no flag the game is Zapita and the person plays
// the first side.
func TestPlayOpening(t *testing.T) {
	const how = "Type a move, ? for the legal moves, help for more, quit to stop.\n\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "Zapita: you play White, the computer plays Khaki. White moves first.\n" + how},
		{[]string{"-side", "second"}, "Zapita: you play Khaki, the computer plays White. White moves first.\n" + how},
		{[]string{"-game", "catchit", "-side", "Red"}, "Catch'it: you play Red, the computer plays Blue. Blue moves first.\n" + how},
		{[]string{"-game", "brouillard"}, "Brouillard au Palais: you play White, the computer plays Red. White moves first.\n" +
			"You see your own pawns; the computer's pawns stay face down until your Fou turns them over.\n" + setUp + "White, your pawns> Bye.\n"},
	} {
		args := append([]string{"-budget", "300", "-seed", "1"}, c.args...)
		code, out, errs := runWith("quit\n", args...)
		if code != 0 || !strings.HasPrefix(out, c.want) {
			t.Errorf("%v: exit status %d, %s, printed:\n%.600s\nwant it to begin with:\n%s", c.args, code, errs, out, c.want)
		}
	}
}

// prompt is the program's question for the person's next line in Coir,
// anyPrompt in any game.
var (
	prompt    = regexp.MustCompile(`(White|Black), move (\d+)> `)
	anyPrompt = regexp.MustCompile(`\w+, move \d+> `)
)

// TestPlayCommands: the commands are read whatever their case and the
// spaces around them, and each line gets its answer; an empty line only
// asks again; words, with spaces or not, are no move; after a legal
// move and the computer's reply the prompt numbers the next turn of the
// game.
func TestPlayCommands(t *testing.T) {
	g, _ := games.ByName("coir")
	start := g.Start(hops.First)
	list := "16 legal moves, by the piece that moves first:\n" + strings.Join(groupMoves(start.Moves()), "\n") + "\n"
	_, illegal := start.Canonical("A1-A1")
	if illegal == nil {
		t.Fatal("A1-A1 is legal at the start of Coir")
	}
	lines := []struct{ in, want string }{
		{"  ?  ", list},
		{"MOVES", list},
		{"\tHelp", "Squares are written file letter then rank: A1 is the bottom left corner.\n"},
		{" board ", start.Diagram()},
		{"", ""},
		{"A1-A1", "Not legal: step A1-A1: a step moves one square, to an adjacent square (rule C4). Type ? for the legal moves.\n"},
		{"resign", `"resign" is not a command and no move: type ? for the legal moves, help for how to write one, quit to leave the game.` + "\n"},
		// Words with spaces too: they were explained as a move breaking
		// a rule of the path.
		{"take back", `"take back" is not a command and no move: type ? for the legal moves, help for how to write one, quit to leave the game.` + "\n"},
		{"I give up!", `"I give up!" is not a command and no move: type ? for the legal moves, help for how to write one, quit to leave the game.` + "\n"},
		{"  b1-c2 ", "\nWhite plays B1-C2\n"},
		{"Exit", "Bye.\n"},
	}
	var input strings.Builder
	for _, l := range lines {
		input.WriteString(l.in + "\n")
	}
	code, out, errs := runWith(input.String(), "-game", "coir", "-seed", "1", "-budget", "300")
	if code != 0 {
		t.Fatalf("exit status %d, %s", code, errs)
	}
	prompts := prompt.FindAllStringSubmatch(out, -1)
	answers := prompt.Split(out, -1)[1:]
	if len(answers) != len(lines) {
		t.Fatalf("%d prompts for %d lines typed:\n%s", len(answers), len(lines), out)
	}
	for i, l := range lines {
		if !strings.HasPrefix(answers[i], l.want) || l.want == "" && answers[i] != "" {
			t.Errorf("%q is answered with:\n%s\nwant it to begin with:\n%s", l.in, answers[i], l.want)
		}
	}
	var numbers []string
	for _, p := range prompts {
		numbers = append(numbers, p[0])
	}
	// Numbered by turn, as the page's list of moves: White's second
	// move is move 2 (it was move 3, the ply).
	if want := slices.Repeat([]string{"White, move 1> "}, len(lines)-1); !slices.Equal(numbers[:len(lines)-1], want) || numbers[len(lines)-1] != "White, move 2> " {
		t.Errorf("prompts %q, want move 1 until a move is played, then move 2", numbers)
	}
	if !strings.Contains(answers[len(lines)-2], "\nBlack plays ") {
		t.Errorf("the computer did not answer the move:\n%s", answers[len(lines)-2])
	}
}

// TestPlayFlagErrors: each flag the program cannot use is named on the
// standard error, on a line of its own after the program's name.
func TestPlayFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-budget", "0"}, "play: -budget must be 1 or more\n"},
		{[]string{"-time", "-1s"}, "play: -time must not be negative\n"},
		{[]string{"zapita"}, "play: unexpected argument \"zapita\" (the game is chosen with -game)\n"},
		{[]string{"-game", "chess"}, fmt.Sprintf("play: unknown game \"chess\" (want one of %s)\n", strings.Join(games.Names(), ", "))},
	} {
		if code, out, errs := runWith("", c.args...); code != 2 || out != "" || errs != c.want {
			t.Errorf("%v: exit status %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// TestPlayHelpEveryGame: help tells how the game's moves are written and
// what each of its signs means.
func TestPlayHelpEveryGame(t *testing.T) {
	for game, want := range map[string][]string{
		"zapita":     {"A pawn that lands on the bomb throws it: add '*' and the square it lands on, D2-B2*D4*G4.", "  *         the bomb"},
		"catchit":    {"A turn moves two different pawns: D1-D2 C1-C2. A jump over the carrier that takes the ball is written x: E2xC2; leaving the board is '-out'."},
		"coir":       {"After jumps, one pawn steps: C1-E3-E5 E5-E6. A step alone is a whole turn.", "  A side left with one pawn plays it as a Dame (\"with a Dame\" under the board)."},
		"brouillard": {"A turn is an optional pawn move then a Fou move: D3-E2 E3-E5. End the Fou's last jump with x to turn the pawn over: E3-E5xC5.", "  P p       a pawn face down, whose face you do not know"},
	} {
		want = append([]string{
			"Squares are written file letter then rank: A1 is the bottom left corner.",
			"A move is the path of the piece, its squares joined by '-': D2-D3, or C1-E3-E5 for two jumps.",
			"The board:",
			"? lists the legal moves, board shows the board, quit stops. The full rules are in RULES.md.",
		}, want...)
		input := "help\nquit\n"
		if game == "brouillard" {
			input = "\n" + input // a random setup first (B3)
		}
		_, out, _ := runWith(input, "-game", game, "-seed", "1")
		shown := strings.Split(anyPrompt.ReplaceAllString(out, "\n"), "\n")
		for _, w := range want {
			if !slices.Contains(shown, w) {
				t.Errorf("%s: help does not say %q:\n%s", game, w, out)
			}
		}
	}
}

// endLine is the last line of a game the person lost.
var endLine = regexp.MustCompile(`^Game over: (\w+) wins: .+ \(rule [GZKCB]\d+\)\. You lose\.$`)

// TestPlayEnd: the end of a game lost by the person comes on a line of
// its own under the last board: the winner, why, the rule, and that the
// person lost. In Brouillard every move that turns a pawn over (its Fou's
// jump ending with x) is followed by what the pawn was.
func TestPlayEnd(t *testing.T) {
	for _, c := range []struct{ game, side, computer string }{
		{"zapita", "first", "Khaki"},
		{"catchit", "second", "Blue"},
		{"brouillard", "first", "Red"},
	} {
		text, code := converse(t, []string{"-game", c.game, "-side", c.side, "-budget", "3000", "-seed", "3"}, strings.ToLower)
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if c.game == "brouillard" {
			// After the result, the computer's setup (B3) as it was dealt.
			dealt, err := games.Deal(brouillard.Game, hops.First, rand.New(rand.NewPCG(3, 0x91a7)))
			if err != nil {
				t.Fatal(err)
			}
			want := "Red had set up its pawns as " + arrangementOf(dealt, hops.Second).String() + " on B7 D7 F7 A6 C6 E6 G6."
			if got := lines[len(lines)-1]; got != want {
				t.Errorf("brouillard: the last line is %q, want %q", got, want)
			}
			lines = lines[:len(lines)-1]
		}
		last := lines[len(lines)-1]
		if m := endLine.FindStringSubmatch(last); code != 0 || m == nil || m[1] != c.computer {
			t.Errorf("%s: exit status %d, last line %q, want the computer (%s) to win and the person to lose", c.game, code, last, c.computer)
		}
		if before := lines[len(lines)-2]; !filesRow.MatchString(before) {
			t.Errorf("%s: the line above the result is %q, want the last board's files", c.game, before)
		}
		if c.game != "brouillard" {
			continue
		}
		turned := regexp.MustCompile(`^(White|Red)'s pawn on [A-G][1-7] was (a Blank|the (Nine|Ten|Jack|Queen|King)); (it is captured|it stays on the board, face up)\.$`)
		reveals := 0
		for i, l := range lines[:len(lines)-1] {
			if turned.MatchString(lines[i+1]) {
				reveals++
			}
			if playsRow.MatchString(l) && strings.Contains(l, "x") != turned.MatchString(lines[i+1]) {
				t.Errorf("%q is followed by %q", l, lines[i+1])
			}
		}
		if reveals == 0 {
			t.Errorf("no pawn was turned over in the whole game:\n%s", text)
		}
	}
}

// TestPlayComputerMove: the computer is the searching player of the
// players package under -budget and -seed, and the same seed deals and
// plays the same game.
func TestPlayComputerMove(t *testing.T) {
	g, _ := games.ByName("zapita")
	bot, err := players.New(g, players.KindSearch, players.Options{Nodes: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want, err := bot.Choose(g.Start(hops.First))
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runWith("quit\n", "-side", "second", "-budget", "1", "-seed", "1")
	if !strings.Contains(out, "\nWhite plays "+want+"\n") {
		t.Errorf("with -budget 1 -seed 1 the computer should play %s:\n%s", want, out)
	}
	args := []string{"-game", "brouillard", "-side", "second", "-budget", "300", "-seed", "1"}
	_, a, _ := runWith("\n?\nquit\n", args...)
	_, b, _ := runWith("\n?\nquit\n", args...)
	if a != b {
		t.Errorf("%v: two runs differ:\n%s\n%s", args, a, b)
	}
}

// TestPlayThinkingAtMost: a computer given -time is said to be thinking,
// with that time, once half a second has gone by; one without a time
// budget is said to be thinking without one.
func TestPlayThinkingAtMost(t *testing.T) {
	_, out, _ := runWith("quit\n", "-game", "catchit", "-side", "second", "-time", "700ms", "-seed", "1")
	if !strings.Contains(out, "\nBlue is thinking (700ms at most)...\n\nBlue plays ") {
		t.Errorf("a computer thinking 700ms a move:\n%s", out)
	}
	g, _ := games.ByName("catchit")
	start := g.Start(hops.First)
	slow := players.AgentFunc(func(s hops.State) (string, error) {
		time.Sleep(20 * time.Millisecond)
		return s.Moves()[0], nil
	})
	screen := newScreen()
	c := &conversation{g: g, bot: slow, out: screen, patience: time.Millisecond}
	if _, err := c.choose(start); err != nil || screen.String() != "\nBlue is thinking...\n" {
		t.Errorf("a computer without a time budget: %v, screen %q", err, screen.String())
	}
}

// TestPlayOutputFails: when the board cannot be shown the program says
// why and fails.
func TestPlayOutputFails(t *testing.T) {
	var errs strings.Builder
	code := run([]string{"-game", "coir", "-seed", "1"}, strings.NewReader("quit\n"), cmdtest.ClosedOutput{}, &errs)
	if code != 1 || errs.String() != "play: the output is closed\n" {
		t.Errorf("exit status %d, stderr %q; want 1 and the reason", code, errs.String())
	}
}

// TestGroupMovesFullWidth: a line of the list may fill the terminal's
// width exactly; only the move that would go beyond it goes to the next
// line.
func TestGroupMovesFullWidth(t *testing.T) {
	moves := []string{"A1-A2 B1-B2", "A1-A2 C1-C2", "A1-A2 D1-D2", "A1-A2 E1-E2", "A1-A2 F1-F2", "A1-B2-C3", "A1-A3"}
	want := []string{
		"  A1: A1-A2 B1-B2, A1-A2 C1-C2, A1-A2 D1-D2, A1-A2 E1-E2, A1-A2 F1-F2, A1-B2-C3,",
		"      A1-A3",
	}
	if got := groupMoves(moves); !slices.Equal(got, want) || len(want[0]) != width {
		t.Errorf("groupMoves = %q, want %q", got, want)
	}
}

// TestPlayOneLegalMove: a list of one move says so in the singular. In
// this Brouillard position White's only move is G7-F6.
func TestPlayOneLegalMove(t *testing.T) {
	g, _ := games.ByName("brouillard")
	s, err := g.Parse("6F/2k!1x2/3x!3/4K1J!/1X3X!1/Tf5/3Q3 w 4 1 +")
	if err != nil {
		t.Fatal(err)
	}
	screen := newScreen()
	c := &conversation{g: g, you: hops.First, in: bufio.NewReader(strings.NewReader("?\n")), out: screen}
	if _, err := c.ask(s, 24); !errors.Is(err, errQuit) {
		t.Fatalf("the input ended: %v, want the game left", err)
	}
	want := "White, move 24> 1 legal move, by the piece that moves first:\n  G7: G7-F6\n"
	if got := screen.String(); !strings.HasPrefix(got, want) {
		t.Errorf("the list of one move:\n%s\nwant it to begin with:\n%s", got, want)
	}
}

// TestUsageShowsTheDefaults: each flag the package comment's usage lines
// show with a value is shown with its default.
func TestUsageShowsTheDefaults(t *testing.T) { cmdtest.Usage(t) }

// TestPlaySecondNumbersByTurn: the side that moves second is asked for
// its move 1 after the computer's first move, as the page's list numbers
// the turns (it was asked for move 2, the ply).
func TestPlaySecondNumbersByTurn(t *testing.T) {
	code, out, errs := runWith("quit\n", "-game", "zapita", "-side", "second", "-seed", "1", "-budget", "50")
	if code != 0 || !strings.HasSuffix(out, "\nKhaki, move 1> Bye.\n") {
		t.Errorf("exit status %d, stderr %q; the first prompt of the second side ends:\n%s", code, errs, out[max(0, len(out)-200):])
	}
}
