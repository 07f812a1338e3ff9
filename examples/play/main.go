// Command play lets a person play a game of the HOPS series against the
// computer in the terminal.
//
// Usage:
//
//	go run ./examples/play [-game zapita] [-side first] [-opponent search]
//	                       [-budget 20000] [-time 0] [-seed 0]
//
// Flags:
//
//	-game      zapita, catchit, coir or brouillard (default zapita)
//	-side      the side the person plays: first (White, or Blue in
//	           Catch'it, who moves first) or second, or the side's name
//	-opponent  the computer player: one of the kinds of the players
//	           package (random, search, ...)
//	-budget    the computer's budget per move, in positions visited
//	-time      a time budget per move instead, such as 500ms
//	-seed      the seed of the computer player and of Brouillard's secret
//	           setups (0: a new one each game)
//
// The program shows the board, then asks for a move. Type the move as the
// rule book writes it (D2-D4, C1-E3-E5 E5-E6, E2xC2-C4-A6 ...; either case,
// spaces, the dashes – and — and the sign × are accepted too). At the
// prompt, ? lists the legal moves, one line per piece, "board" shows the
// board again, "help" explains how moves are written and what each sign
// of the board means, and "quit" (or the end of the input) stops. Each
// move played is said above the board it leads to. An illegal move is
// explained, citing the rule ("(rule G4)", not to be read as the square
// G4), and the program asks again; so is a line too long to be a move
// (over 64 KiB), with its length. When the computer takes more than half
// a second to choose its move, it says that it is thinking.
//
// The exit status is 0 when the game ends or the person stops (and for
// -h), 2 for a flag or an argument it cannot use, 1 for a failure while
// playing.
//
// In Brouillard au Palais the program first asks how the person sets up
// his seven pawns (B3): seven letters for his home squares, or an empty
// line for a random setup. He is then shown only what his side knows:
// his own pawns, and the opponent's pawns face down (P or p) until they
// are turned over; the computer decides from its own view too. When the
// game is over the program says how the computer had set up its pawns.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/ruletext"
	"github.com/hopsgames/hops/players"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// errQuit ends the game at the person's request.
var errQuit = errors.New("quit")

// run is the whole command, with its input and outputs given so that a
// test can hold the conversation. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("game", "zapita", "the game: "+strings.Join(games.Names(), ", "))
	sideText := fs.String("side", "first", "the side you play: first, second, or its name")
	opponent := fs.String("opponent", players.KindSearch, "the computer player: "+strings.Join(players.Kinds(), ", "))
	budget := fs.Int("budget", 20000, "the computer's budget per move, in positions visited")
	moveTime := fs.Duration("time", 0, "a time budget per move for the computer (such as 500ms), instead of -budget")
	seed := fs.Uint64("seed", 0, "the seed of the computer and of secret setups (0: a new one)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // the usage was asked for, and printed
		}
		return 2
	}
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "play: "+format+"\n", args...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q (the game is chosen with -game)", fs.Arg(0))
	case *budget < 1:
		return usage("-budget must be 1 or more")
	case *moveTime < 0:
		return usage("-time must not be negative")
	}
	g, ok := games.ByName(*name)
	if !ok {
		fmt.Fprintf(stderr, "play: unknown game %q (want one of %s)\n", *name, strings.Join(games.Names(), ", "))
		return 2
	}
	you, err := parseSide(g, *sideText)
	if err != nil {
		fmt.Fprintln(stderr, "play:", ruletext.Error(err))
		return 2
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	opt := players.Options{Nodes: *budget, Seed: *seed}
	if *moveTime > 0 {
		opt = players.Options{Time: *moveTime, Seed: *seed}
	}
	bot, err := players.New(g, *opponent, opt)
	if err != nil {
		fmt.Fprintln(stderr, "play:", ruletext.Error(err))
		return 2
	}
	start, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(*seed, 0x91a7)))
	if err != nil {
		fmt.Fprintln(stderr, "play:", ruletext.Error(err))
		return 1
	}
	c := &conversation{g: g, you: you, bot: bot, in: bufio.NewReader(stdin), out: stdout, patience: time.Second / 2}
	if *moveTime > 0 {
		c.limit = *moveTime
	}
	if err := c.play(start); err != nil && !errors.Is(err, errQuit) {
		fmt.Fprintln(stderr, "play:", ruletext.Error(err))
		return 1
	}
	return 0
}

// legalMoves says "1 legal move", "2 legal moves".
func legalMoves(n int) string {
	if n == 1 {
		return "1 legal move"
	}
	return fmt.Sprintf("%d legal moves", n)
}

// parseSide reads "first", "second" or a side's name in game g.
func parseSide(g *hops.Game, text string) (hops.Side, error) {
	switch strings.ToLower(text) {
	case "first":
		return hops.First, nil
	case "second":
		return hops.Second, nil
	}
	return g.ParseSide(text)
}

// conversation is one game between the person and the computer.
type conversation struct {
	g   *hops.Game
	you hops.Side
	bot players.Agent
	in  *bufio.Reader
	out io.Writer
	// patience is how long the computer may take before the person is
	// told that it is thinking; limit is its time budget, if it has one.
	patience, limit time.Duration
	// hidden is the computer's setup of its pawns in Brouillard, shown
	// when the game is over.
	hidden string
}

// play runs the game from s to its end, or until the person quits.
func (c *conversation) play(s hops.State) error {
	g := c.g
	fmt.Fprintf(c.out, "%s: you play %s, the computer plays %s. %s moves first.\n",
		g.Title, g.SideName(c.you), g.SideName(c.you.Other()), g.SideName(s.ToMove()))
	if games.Hidden(g) {
		fmt.Fprintf(c.out, "You see your own pawns; the computer's pawns stay face down until your Fou turns them over.\n")
		var err error
		if s, err = c.arrange(s); err != nil {
			return err
		}
		c.hidden = arrangementOf(s, c.you.Other()).String()
	}
	fmt.Fprintln(c.out, "Type a move, ? for the legal moves, help for more, quit to stop.")
	fmt.Fprintln(c.out)
	if err := c.show(s); err != nil {
		return err
	}
	// The prompts number the turns as the web page's list of moves does:
	// a turn begins with a move of the side that moved first after a
	// move of the other, and a Brouillard turn may hold several moves
	// (B9), which share its number.
	first, last, turn := s.ToMove(), s.ToMove(), 1
	for ply := 1; !s.Outcome().Over; ply++ {
		var move string
		var err error
		mover := s.ToMove()
		if ply > 1 && mover == first && last != first {
			turn++
		}
		last = mover
		if mover == c.you {
			move, err = c.ask(s, turn)
		} else {
			move, err = c.choose(s)
		}
		if err != nil {
			return err
		}
		// The move just played is said above the board it leads to,
		// with what it turned over in Brouillard.
		fmt.Fprintln(c.out)
		fmt.Fprintf(c.out, "%s plays %s\n", g.SideName(mover), move)
		if r := revealed(s, move); r != "" {
			fmt.Fprintln(c.out, r)
		}
		if s, err = s.Play(move); err != nil {
			return fmt.Errorf("move %d %q: %w", ply, move, err)
		}
		if err := c.show(s); err != nil {
			return err
		}
	}
	o := s.Outcome()
	verdict := "You lose."
	if o.Winner == c.you {
		verdict = "You win!"
	}
	fmt.Fprintf(c.out, "Game over: %s wins: %s %s. %s\n", g.SideName(o.Winner), o.Reason, ruletext.Cite(o.Rule), verdict)
	if games.Hidden(g) {
		// The game is over: the computer shows how it set up its pawns,
		// as a person would turn them over at the end.
		side := c.you.Other()
		fmt.Fprintf(c.out, "%s had set up its pawns as %s on %s.\n", g.SideName(side), c.hidden, homeSquares(side))
	}
	return nil
}

// choose returns the computer's move in s, saying that it is thinking if
// the move takes longer than c.patience to come.
func (c *conversation) choose(s hops.State) (string, error) {
	type choice struct {
		move string
		err  error
	}
	done := make(chan choice, 1)
	go func() {
		m, err := c.bot.Choose(s)
		done <- choice{m, err}
	}()
	wait := time.NewTimer(c.patience)
	defer wait.Stop()
	select {
	case ch := <-done:
		return ch.move, ch.err
	case <-wait.C:
	}
	at := ""
	if c.limit > 0 {
		at = fmt.Sprintf(" (%v at most)", c.limit)
	}
	fmt.Fprintf(c.out, "\n%s is thinking%s...\n", c.g.SideName(s.ToMove()), at)
	ch := <-done
	return ch.move, ch.err
}

// show prints the board as the person may see it. Once the game is over
// the line under the board, which would say who won, is left out: the
// end is said once, after the board.
func (c *conversation) show(s hops.State) error {
	d := s.Diagram()
	if games.Hidden(c.g) {
		v, err := games.ViewOf(s, c.you)
		if err != nil {
			return err
		}
		d = v.Diagram()
	}
	if s.Outcome().Over {
		d = withoutStatus(d)
	}
	_, err := io.WriteString(c.out, annotate(c.g, d))
	return err
}

// ask prompts the person until he types a legal move, and returns its
// canonical text.
func (c *conversation) ask(s hops.State, turn int) (string, error) {
	check := func(move string) (string, error) { return s.Canonical(move) }
	var legal []string
	if games.Hidden(c.g) {
		// Validate from the person's view only, so that an error message
		// cannot tell him anything hidden.
		v, err := games.ViewOf(s, c.you)
		if err != nil {
			return "", err
		}
		legal = v.Moves()
		check = func(move string) (string, error) {
			if err := v.Validate(move); err != nil {
				return "", err
			}
			return s.Canonical(move)
		}
	} else {
		legal = s.Moves()
	}
	for {
		line, n, err := c.prompt(fmt.Sprintf("%s, move %d> ", c.g.SideName(c.you), turn))
		if err != nil {
			return "", err
		}
		if n > maxLine {
			fmt.Fprintf(c.out, "Not legal: a line of %d bytes is no move: a move is a few squares long. Type ? for the legal moves.\n", n)
			continue
		}
		switch strings.ToLower(line) {
		case "":
			continue
		case "?", "moves":
			fmt.Fprintf(c.out, "%s, by the piece that moves first:\n", legalMoves(len(legal)))
			for _, l := range groupMoves(legal) {
				fmt.Fprintln(c.out, l)
			}
			continue
		case "board":
			if err := c.show(s); err != nil {
				return "", err
			}
			continue
		case "help":
			c.help()
			continue
		case "quit", "exit":
			fmt.Fprintln(c.out, "Bye.")
			return "", errQuit
		}
		move, err := check(line)
		if err != nil && isWords(line) {
			// Words, such as "resign" or "take back", are no move: say
			// what the program understands rather than how the words
			// fail as one.
			fmt.Fprintf(c.out, "%s is not a command and no move: type ? for the legal moves, help for how to write one, quit to leave the game.\n", hops.Quote(line))
			continue
		}
		if err != nil {
			fmt.Fprintf(c.out, "Not legal: %s. Type ? for the legal moves.\n", ruletext.Error(err))
			continue
		}
		return move, nil
	}
}

// prompt asks the person for a line and returns it without the white
// space around it, and its length n as readLine gives it. At the end of
// the input it says goodbye and returns errQuit.
func (c *conversation) prompt(question string) (line string, n int, err error) {
	io.WriteString(c.out, question)
	line, n, ok := readLine(c.in)
	if !ok {
		fmt.Fprintln(c.out)
		fmt.Fprintln(c.out, "Bye.")
		return "", 0, errQuit
	}
	return strings.TrimSpace(line), n, nil
}

// isWords reports whether line is words, not a move text: no digit
// (every square has one) and at least three letters, so that a slip in
// a move ("c1-c") is still answered as a move.
func isWords(line string) bool {
	letters := 0
	for _, r := range line {
		switch {
		case unicode.IsDigit(r):
			return false
		case unicode.IsLetter(r):
			letters++
		}
	}
	return letters >= 3
}

// maxLine is the longest line the program reads as a move or a command;
// a longer one is read to its end and refused, whatever its length.
const maxLine = 64 << 10

// readLine reads one line of r and returns it without its line end, and
// its length n; a line longer than maxLine is read to its end but kept
// only in part (n says how long it was). ok is false at the end of the
// input, or a read error, before any byte of a line.
func readLine(r *bufio.Reader) (line string, n int, ok bool) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if len(b) <= maxLine {
			b = append(b, chunk[:min(len(chunk), maxLine+1-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue // the line goes on
		}
		if n == 0 {
			return "", 0, false
		}
		if strings.HasSuffix(string(chunk), "\n") {
			n--
			b = bytes.TrimSuffix(b, []byte("\n"))
			if strings.HasSuffix(string(chunk), "\r\n") {
				n--
				b = bytes.TrimSuffix(b, []byte("\r"))
			}
		}
		return string(b), n, true
	}
}

// help explains how moves are written in the game.
func (c *conversation) help() {
	fmt.Fprintln(c.out, "Squares are written file letter then rank: A1 is the bottom left corner.")
	fmt.Fprintln(c.out, "A move is the path of the piece, its squares joined by '-': D2-D3, or C1-E3-E5 for two jumps.")
	switch c.g.Name {
	case "zapita":
		fmt.Fprintln(c.out, "A pawn that lands on the bomb throws it: add '*' and the square it lands on, D2-B2*D4*G4.")
	case "catchit":
		fmt.Fprintln(c.out, "A turn moves two different pawns: D1-D2 C1-C2. A jump over the carrier that takes the ball is written x: E2xC2; leaving the board is '-out'.")
	case "coir":
		fmt.Fprintln(c.out, "After jumps, one pawn steps: C1-E3-E5 E5-E6. A step alone is a whole turn.")
	case "brouillard":
		fmt.Fprintln(c.out, "A turn is an optional pawn move then a Fou move: D3-E2 E3-E5. End the Fou's last jump with x to turn the pawn over: E3-E5xC5.")
	}
	fmt.Fprintln(c.out, "The board:")
	for _, l := range legends[c.g.Name] {
		fmt.Fprintln(c.out, "  "+l)
	}
	fmt.Fprintln(c.out, "? lists the legal moves, board shows the board, quit stops. The full rules are in RULES.md.")
}
