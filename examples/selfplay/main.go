// Command selfplay plays one whole game of the HOPS series between two
// computer players and prints every move, the board after it, and the
// result.
//
// Usage:
//
//	go run ./examples/selfplay [-game catchit] [-seed 1] [-first search] [-second search]
//	                           [-budget 4000] [-time 0] [-max-plies 300] [-boards=true]
//
// Flags:
//
//	-game       zapita, catchit, coir or brouillard (default catchit)
//	-seed       the seed of both players (and of Brouillard's secret setup);
//	            the same seed always gives the same game
//	-first      the player of the first side: search, mcts, baseline or
//	            random (the first side is White in Zapita, Coir and
//	            Brouillard, Blue in Catch'it, and moves first)
//	-second     the player of the second side (Khaki, Black, Red)
//	-budget     the budget per move of the searching players, in positions
//	            visited
//	-time       a time budget per move for the searching player, such as
//	            100ms, used instead of -budget; games are then no longer
//	            reproducible, as the search depends on the machine's speed
//	-max-plies  stop after this many moves and report the game unfinished
//	            (the rules have no draw, so a game may go on and on)
//	-boards     print the board after every move (true by default)
//	-svg DIR    also write a picture of every position to DIR: 000.svg for
//	            the start, then 001.svg, 002.svg ... after each move, with
//	            the move drawn as arrows (the true board in Brouillard);
//	            the pictures of an earlier game in DIR are removed first,
//	            and the program says so
//
// The players are those of the players package. The searching player
// (search) looks a few moves ahead with alpha-beta search, searches the
// winning and forcing moves first, never misses a win in one and never
// lets the opponent win at once when it can prevent it; mcts chooses by
// Monte Carlo tree search; baseline is the first, weaker searcher; random
// picks any legal move. With a node budget all are deterministic for a
// seed, so a game can be replayed exactly.
//
// Brouillard au Palais hides each side's pawns from the other: the
// program draws both secret setups from the seed, prints the true board
// and below it what each side knows (its view, where the opponent's
// unturned pawns show as P or p), and the searching player decides from
// its own view only, by sampling the pawns it cannot see.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/ruletext"
	"github.com/hopsgames/hops/players"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the flags set.
type config struct {
	game          string
	seed          uint64
	first, second string
	budget        int
	moveTime      time.Duration
	maxPlies      int
	boards        bool
	svgDir        string
}

// run is the whole command: it parses args, prints the game to stdout and
// errors to stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var c config
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.game, "game", "catchit", "the game: "+strings.Join(games.Names(), ", "))
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the players and of any secret setup")
	kinds := strings.Join(players.Kinds(), ", ")
	fs.StringVar(&c.first, "first", players.KindSearch, "player of the first side: "+kinds)
	fs.StringVar(&c.second, "second", players.KindSearch, "player of the second side: "+kinds)
	fs.IntVar(&c.budget, "budget", 4000, "positions a searching player may visit per move")
	fs.DurationVar(&c.moveTime, "time", 0, "time budget per move of the searching player, instead of -budget (not reproducible)")
	fs.IntVar(&c.maxPlies, "max-plies", 300, "stop after this many moves, unfinished")
	fs.BoolVar(&c.boards, "boards", true, "print the board after every move")
	fs.StringVar(&c.svgDir, "svg", "", "write an SVG picture of every position to this folder")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // the usage was asked for, and printed
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "selfplay: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if _, err := play(stdout, c); err != nil {
		fmt.Fprintln(stderr, "selfplay:", ruletext.Error(err))
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

// play plays the game c describes, printing it to w, and returns the final
// state.
func play(w io.Writer, c config) (hops.State, error) {
	g, ok := games.ByName(c.game)
	if !ok {
		return nil, usageError{fmt.Errorf("unknown game %q (want one of %s)", c.game, strings.Join(games.Names(), ", "))}
	}
	if c.budget < 1 {
		return nil, usageError{errors.New("-budget must be 1 or more")}
	}
	if c.moveTime < 0 {
		return nil, usageError{errors.New("-time must not be negative")}
	}
	if c.maxPlies < 0 {
		return nil, usageError{errors.New("-max-plies must not be negative")}
	}
	var agents [2]players.Agent
	for i, kind := range []string{c.first, c.second} {
		opt := players.Options{Nodes: c.budget, Seed: c.seed*2 + uint64(i)}
		if c.moveTime > 0 {
			opt.Nodes, opt.Time = 0, c.moveTime
		}
		a, err := players.New(g, kind, opt)
		if err != nil {
			return nil, usageError{fmt.Errorf("-%s: %w", [2]string{"first", "second"}[i], err)}
		}
		agents[i] = a
	}
	s, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(c.seed, 0xdea1)))
	if err != nil {
		return nil, err
	}
	removed := 0
	if c.svgDir != "" {
		// Said before the game begins, not after its first board.
		if err := os.MkdirAll(c.svgDir, 0o755); err != nil {
			return nil, fmt.Errorf("-svg: %w", err)
		}
		// The folder holds this game's pictures alone: those an earlier
		// game left there would follow its last one as if it went on.
		if removed, err = removePictures(c.svgDir); err != nil {
			return nil, fmt.Errorf("-svg: %w", err)
		}
	}
	// A buffer keeps the first failed write's error: it is flushed after
	// each ply, and a failure ends the game.
	out := bufio.NewWriter(w)
	w = out
	hidden := games.Hidden(g)
	fmt.Fprintf(w, "%s: %s (%s) against %s (%s), seed %d\n", g.Title,
		g.SideName(hops.First), c.first, g.SideName(hops.Second), c.second, c.seed)
	if removed > 0 {
		fmt.Fprintf(w, "Removed from %s the %s an earlier game left there.\n", c.svgDir, pictures(removed))
	}
	fmt.Fprintf(w, "start: %s\n", s)
	if c.boards {
		if err := board(w, s, hidden); err != nil {
			return nil, err
		}
	}
	if err := picture(c.svgDir, 0, s, ""); err != nil {
		return nil, err
	}
	ply := 0
	for ; !s.Outcome().Over && ply < c.maxPlies; ply++ {
		if err := out.Flush(); err != nil {
			return nil, err
		}
		side := s.ToMove()
		move, err := agents[side].Choose(s)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %s player: %w", ply+1, g.SideName(side), err)
		}
		next, err := s.Play(move)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %s played %s: %w", ply+1, g.SideName(side), move, err)
		}
		s = next
		if err := picture(c.svgDir, ply+1, s, move); err != nil {
			return nil, err
		}
		fmt.Fprintf(w, "\n%d. %s: %s\n", ply+1, g.SideName(side), move)
		if c.boards {
			if err := board(w, s, hidden); err != nil {
				return nil, err
			}
		}
	}
	fmt.Fprintln(w)
	if o := s.Outcome(); o.Over {
		fmt.Fprintf(w, "%s wins after %s: %s %s.\n", g.SideName(o.Winner), moves(ply), o.Reason, ruletext.Cite(o.Rule))
	} else {
		fmt.Fprintf(w, "Unfinished after %s (-max-plies %d); %s to move.\n", moves(ply), c.maxPlies, g.SideName(s.ToMove()))
	}
	fmt.Fprintf(w, "final: %s\n", s)
	return s, out.Flush()
}

// removePictures removes from dir the pictures picture writes, and
// returns how many there were: the files named as it names them (000.svg,
// 001.svg ... 1000.svg), and links of those names, which it would write
// through. Any other file stays. A folder of such a name is an error,
// told before anything is removed: the game could not write its picture.
func removePictures(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var ours []string
	for _, e := range entries {
		digits, ok := strings.CutSuffix(e.Name(), ".svg")
		if n, err := strconv.Atoi(digits); !ok || err != nil || n < 0 || fmt.Sprintf("%03d", n) != digits {
			continue // no name picture writes
		}
		if e.Type()&^fs.ModeSymlink != 0 {
			return 0, fmt.Errorf("%s is not a file: the picture of that ply could not be written", filepath.Join(dir, e.Name()))
		}
		ours = append(ours, e.Name())
	}
	for i, name := range ours {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return i, err
		}
	}
	return len(ours), nil
}

// pictures says "1 picture", "2 pictures".
func pictures(n int) string {
	if n == 1 {
		return "1 picture"
	}
	return fmt.Sprintf("%d pictures", n)
}

// picture writes the SVG picture of s, with the arrows of the move that
// led to it, as dir/NNN.svg; it does nothing when dir is "".
func picture(dir string, ply int, s hops.State, move string) error {
	if dir == "" {
		return nil
	}
	d, err := s.Drawing(move)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.svg", ply)), []byte(d.SVG()), 0o644)
}

// moves says "1 move", "2 moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// board prints the diagram of s; for a game with hidden pieces, the true
// board and then each side's view.
func board(w io.Writer, s hops.State, hidden bool) error {
	if !hidden {
		_, err := io.WriteString(w, s.Diagram())
		return err
	}
	g := s.Game()
	fmt.Fprintf(w, "true board:\n%s", s.Diagram())
	for _, side := range []hops.Side{hops.First, hops.Second} {
		v, err := games.ViewOf(s, side)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "what %s knows: %s\n%s", g.SideName(side), v.String(), v.Diagram())
	}
	return nil
}
