// Command perft counts the leaves of a game tree (G10), depth by depth, as
// a check of a move generator and a measure of its speed.
//
// Usage:
//
//	go run ./examples/perft [-game catchit] [-depth 3] [-fen 'position text'] [-divide]
//
// It prints, for each depth from 1 to -depth, the number of leaves
// hops.Perft finds, the time taken and the speed in leaves per second.
// -game picks the game (zapita, catchit, coir, brouillard; default
// catchit); -fen gives any position text of that game (default: the
// game's start). With -divide it then lists, for every legal move, the
// number of leaves below it at the last depth (as hops.Divide does), the
// breakdown used to find where two move generators disagree.
//
// A depth that takes more than a second shows its progress on the
// standard error: how much of the tree is counted, the move of the start
// it is under, the leaves so far and the time taken (on one line that is
// rewritten in a terminal, a line every 30 seconds otherwise).
//
// For example:
//
//	go run ./examples/perft -game coir -depth 4
//	go run ./examples/perft -game catchit -depth 2 -divide
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/ruletext"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command: it parses args, writes the report to stdout
// and errors and progress to stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("game", "catchit", "the game: "+strings.Join(games.Names(), ", "))
	depth := fs.Int("depth", 3, "the deepest depth to count, 1 or more")
	fen := fs.String("fen", "", "a position text of the game (default: its start)")
	divide := fs.Bool("divide", false, "list the leaves below each move at the last depth")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // the usage was asked for, and printed
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	prog := &progress{w: stderr, every: 30 * time.Second, after: time.Second}
	if isTerminal(stderr) {
		prog.tty, prog.every = true, time.Second/4
	}
	if err := perft(stdout, prog, *name, *fen, *depth, *divide); err != nil {
		fmt.Fprintln(stderr, "perft:", ruletext.Error(err))
		if errors.As(err, new(usageError)) {
			return 2
		}
		return 1
	}
	return 0
}

// usageError is a flag's value the command cannot use: exit status 2,
// as for a flag the flag package refuses.
type usageError struct{ error }

func perft(w io.Writer, prog *progress, name, fen string, depth int, divide bool) error {
	g, ok := games.ByName(name)
	if !ok {
		return usageError{fmt.Errorf("unknown game %q (want one of %s)", name, strings.Join(games.Names(), ", "))}
	}
	if depth < 1 {
		return usageError{errors.New("-depth must be 1 or more")}
	}
	var s hops.State
	if fen == "" {
		s = g.Start(hops.First)
	} else {
		var err error
		if s, err = g.Parse(fen); err != nil {
			return usageError{fmt.Errorf("-fen: %w", err)}
		}
	}
	// A buffer keeps the first failed write's error: each depth's line
	// is flushed as it is counted, and a failure stops the count.
	out := bufio.NewWriter(w)
	fmt.Fprintf(out, "%s: %s\n", g.Title, s)
	fmt.Fprintf(out, "%5s %15s %10s %14s\n", "depth", "leaves", "seconds", "leaves/s")
	if err := out.Flush(); err != nil {
		return err
	}
	var below []uint64
	for d := 1; d <= depth; d++ {
		start := time.Now()
		var err error
		if below, err = count(s, d, prog); err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		n := sum(below)
		fmt.Fprintf(out, "%5d %15d %10.3f %14s\n", d, n, secs, rate(n, secs))
		if n == 0 && d < depth {
			// Every line of play has ended: each deeper count is 0 as
			// well, and printing them would never end for a large depth.
			deep := fmt.Sprintf("%d plies", d)
			if d == 1 {
				deep = "1 ply"
			}
			fmt.Fprintf(out, "No position lies %s deep: every deeper depth counts 0 leaves too.\n", deep)
			d = depth
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
	if divide {
		moves := s.Moves()
		fmt.Fprintf(out, "\ndivide at depth %d (%d moves):\n", depth, len(moves))
		for i, m := range moves {
			fmt.Fprintf(out, "%s: %d\n", m, below[i])
		}
		fmt.Fprintf(out, "total: %d\n", sum(below))
	}
	return out.Flush()
}

// count returns, for each legal move of s in the order of s.Moves, the
// perft of depth d-1 of its successor: their sum is the perft of depth d
// of s, and the list its divide. The tree is counted in parts, so that
// prog can tell how far it is: a part is the tree below a move of s, or
// from depth 4 below each of the replies to it, whose perft games.Perft
// counts through the game's typed moves.
func count(s hops.State, d int, prog *progress) ([]uint64, error) {
	// The successors of s, and how many replies each has when the tree
	// is split below them. Successors generates the moves once (PlayIndex
	// for each number would generate them all again for each).
	var next []hops.State
	var replies []int
	split := d >= 4
	parts, total := 0, 0
	for _, c := range s.Successors() {
		r := 0
		if split {
			r = c.CountMoves()
		}
		next = append(next, c)
		replies = append(replies, r)
		total += max(r, 1)
	}
	n := len(next)
	below := make([]uint64, n)
	prog.begin(d, n, total)
	// part counts the tree of depth depth below p, under the move i of s.
	part := func(i int, p hops.State, depth int) error {
		k, err := games.Perft(p, depth)
		if err != nil {
			return err
		}
		below[i] += k
		parts++
		prog.report(i+1, parts, below)
		return nil
	}
	for i, c := range next {
		if replies[i] == 0 {
			// One part: the tree below c, none at all if c has no moves.
			if err := part(i, c, d-1); err != nil {
				return nil, err
			}
			continue
		}
		for _, r := range c.Successors() {
			if err := part(i, r, d-2); err != nil {
				return nil, err
			}
		}
	}
	prog.end()
	return below, nil
}

// progress shows how far the count of one depth is, once it has taken
// longer than after, then every every: on a terminal as one line
// rewritten in place and cleared at the end, elsewhere as lines.
type progress struct {
	w            io.Writer
	tty          bool
	after, every time.Duration

	depth, moves, parts int
	start, last         time.Time
	shown               bool
}

// begin starts the count of depth d, over moves moves of the start split
// into parts parts.
func (p *progress) begin(d, moves, parts int) {
	p.depth, p.moves, p.parts = d, moves, parts
	p.start, p.last, p.shown = time.Now(), time.Time{}, false
}

// report says, if it is time, that done parts are counted, the last
// one below the move numbered move (from 1), and below the leaves so far.
func (p *progress) report(move, done int, below []uint64) {
	now := time.Now()
	if now.Sub(p.start) < p.after || !p.last.IsZero() && now.Sub(p.last) < p.every {
		return
	}
	p.last, p.shown = now, true
	line := fmt.Sprintf("depth %d: %d%% counted (move %d of %d), %d leaves so far, %v",
		p.depth, 100*done/max(p.parts, 1), move, p.moves, sum(below), now.Sub(p.start).Round(time.Second))
	if p.tty {
		fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(p.w, line)
	}
}

// end clears the terminal's progress line, if one was shown.
func (p *progress) end() {
	if p.tty && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// sum returns the sum of counts.
func sum(counts []uint64) uint64 {
	var n uint64
	for _, c := range counts {
		n += c
	}
	return n
}

// isTerminal reports whether w is a terminal (a character device), where
// a line can be rewritten in place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// rate formats leaves per second, or "-" when the time is too short to
// measure.
func rate(n uint64, secs float64) string {
	if secs < 1e-6 {
		return "-"
	}
	return fmt.Sprintf("%.0f", float64(n)/secs)
}
