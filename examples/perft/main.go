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
// number of leaves below it at the last depth (hops.Divide), the
// breakdown used to find where two move generators disagree.
//
// For example:
//
//	go run ./examples/perft -game coir -depth 4
//	go run ./examples/perft -game catchit -depth 2 -divide
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command: it parses args, writes the report to stdout
// and errors to stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("game", "catchit", "the game: "+strings.Join(games.Names(), ", "))
	depth := fs.Int("depth", 3, "the deepest depth to count, 1 or more")
	fen := fs.String("fen", "", "a position text of the game (default: its start)")
	divide := fs.Bool("divide", false, "list the leaves below each move at the last depth")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := perft(stdout, *name, *fen, *depth, *divide); err != nil {
		fmt.Fprintln(stderr, "perft:", err)
		return 1
	}
	return 0
}

func perft(w io.Writer, name, fen string, depth int, divide bool) error {
	g, ok := games.ByName(name)
	if !ok {
		return fmt.Errorf("unknown game %q (want one of %s)", name, strings.Join(games.Names(), ", "))
	}
	if depth < 1 {
		return errors.New("-depth must be 1 or more")
	}
	var s hops.State
	if fen == "" {
		s = g.Start(hops.First)
	} else {
		var err error
		if s, err = g.Parse(fen); err != nil {
			return fmt.Errorf("position: %w", err)
		}
	}
	fmt.Fprintf(w, "%s: %s\n", g.Title, s)
	fmt.Fprintf(w, "%5s %15s %10s %14s\n", "depth", "leaves", "seconds", "leaves/s")
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n, err := games.Perft(s, d)
		if err != nil {
			return err
		}
		secs := time.Since(start).Seconds()
		fmt.Fprintf(w, "%5d %15d %10.3f %14s\n", d, n, secs, rate(n, secs))
	}
	if divide {
		lines, err := games.Divide(s, depth)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\ndivide at depth %d (%d moves):\n", depth, len(lines))
		var total uint64
		for _, l := range lines {
			fmt.Fprintf(w, "%s: %d\n", l.Move, l.Nodes)
			total += l.Nodes
		}
		fmt.Fprintf(w, "total: %d\n", total)
	}
	return nil
}

// rate formats leaves per second, or "-" when the time is too short to
// measure.
func rate(n uint64, secs float64) string {
	if secs < 1e-6 {
		return "-"
	}
	return fmt.Sprintf("%.0f", float64(n)/secs)
}
