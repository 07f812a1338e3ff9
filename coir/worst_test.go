package coir

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// The worst cases of move generation are kept in testdata/worst.txt, one
// position a line followed by "# <jump paths> jump paths, <moves> moves"
// and what was searched for. Run
//
//	go test ./coir -run TestSearchWorst -worst
//
// to search for them again (a fixed seed, so the result is reproducible)
// and rewrite the file.
var searchWorst = flag.Bool("worst", false, "search for the positions with the most jump paths and moves and rewrite testdata/worst.txt")

const worstFile = "testdata/worst.txt"

// jumpPaths counts the multi-jump paths the shared search enumerates for
// every pawn of the side to move: the work of the search behind the
// generator.
func jumpPaths(p Position) int {
	own, opp := p.sides()
	n := 0
	var js hops.JumpSearch
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		rules := jumpRules(own, opp, s)
		js.Reset(&rules, s)
		for js.Next() {
			n++
		}
	}
	return n
}

// randomPlacement returns a position with the twelve pawns on random
// squares, mine of them showing the colour of the side to move.
func randomPlacement(r *rand.Rand, mine int) Position {
	var own, opp hops.Bitboard
	for i, k := range r.Perm(36)[:Pawns] {
		s := hops.SquareAt(k%6, k/6)
		if i < mine {
			own |= s.Bit()
		} else {
			opp |= s.Bit()
		}
	}
	return placed(hops.Side(r.IntN(2)), own, opp)
}

// placed returns the position with the given side to move, its pawns and
// the opponent's.
func placed(side hops.Side, own, opp hops.Bitboard) Position {
	if side == White {
		return Position{white: own, black: opp, side: White}
	}
	return Position{white: opp, black: own, side: Black}
}

func pick(r *rand.Rand, set hops.Bitboard) hops.Square {
	for k := r.IntN(set.Count()); k > 0; k-- {
		set &= set - 1
	}
	return set.First()
}

// mutate moves one pawn to an empty square or, when keep is false, may
// also turn a pawn over (each side keeping at least one).
func mutate(r *rand.Rand, p Position, keep bool) Position {
	own, opp := p.sides()
	occ := own | opp
	if !keep && r.IntN(4) == 0 {
		s := pick(r, occ)
		switch {
		case own.Has(s) && own.Count() > 1:
			own, opp = own.Without(s), opp.With(s)
		case opp.Has(s) && opp.Count() > 1:
			own, opp = own.With(s), opp.Without(s)
		}
	} else {
		from, to := pick(r, occ), pick(r, board.All()&^occ)
		if own.Has(from) {
			own = own.Without(from).With(to)
		} else {
			opp = opp.Without(from).With(to)
		}
	}
	return placed(p.side, own, opp)
}

// climb returns the best position found by hill climbing on score from
// random placements with mine pawns of the side to move (any number when
// mine is 0).
func climb(r *rand.Rand, score func(Position) int, mine, restarts, steps int) Position {
	var best Position
	bestScore := -1
	for range restarts {
		n := mine
		if n == 0 {
			n = 1 + r.IntN(Pawns-1)
		}
		p := randomPlacement(r, n)
		s := score(p)
		for range steps {
			q := mutate(r, p, mine != 0)
			if t := score(q); t >= s {
				p, s = q, t
			}
		}
		if s > bestScore {
			best, bestScore = p, s
		}
	}
	return best
}

func TestSearchWorst(t *testing.T) {
	if !*searchWorst {
		t.Skip("run with -worst to search for worst cases and rewrite " + worstFile)
	}
	r := rand.New(rand.NewPCG(2026, 9))
	var out strings.Builder
	out.WriteString("# Coir Circuit positions with the most jump paths and moves, found by hill climbing (TestSearchWorst -worst).\n")
	fmt.Fprintf(&out, "%s # %d jump paths, %d moves; a Dame among eleven pawns, built by hand\n", dameText, jumpPaths(mustParse(t, dameText)), mustParse(t, dameText).CountMoves())
	moves := func(p Position) int { return p.CountMoves() }
	searches := []struct {
		what                  string
		score                 func(Position) int
		mine, restarts, steps int
	}{
		{"most jump paths, a Dame", jumpPaths, 1, 8, 4000},
		{"most moves, a Dame", moves, 1, 4, 1000},
		{"most jump paths, no Dame", jumpPaths, 6, 8, 4000},
		{"most jump paths, two pawns", jumpPaths, 2, 8, 4000},
		{"most moves, no Dame", moves, 6, 8, 4000},
	}
	for _, c := range searches {
		p := climb(r, c.score, c.mine, c.restarts, c.steps)
		fmt.Fprintf(&out, "%s # %d jump paths, %d moves; %s\n", p, jumpPaths(p), p.CountMoves(), c.what)
	}
	if err := os.WriteFile(filepath.FromSlash(worstFile), []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
}

type worstCase struct {
	text         string
	p            Position
	paths, moves int
}

func loadWorst(tb testing.TB) []worstCase {
	data, err := os.ReadFile(filepath.FromSlash(worstFile))
	if err != nil {
		tb.Fatal(err)
	}
	var out []worstCase
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, comment, _ := strings.Cut(line, " # ")
		p, err := Parse(text)
		if err != nil {
			tb.Fatalf("%s: %v", worstFile, err)
		}
		f := strings.Fields(comment)
		if len(f) < 5 {
			tb.Fatalf("%s: bad comment %q", worstFile, comment)
		}
		paths, err1 := strconv.Atoi(f[0])
		moves, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil {
			tb.Fatalf("%s: bad counts in %q", worstFile, comment)
		}
		out = append(out, worstCase{text, p, paths, moves})
	}
	return out
}

// TestWorstCases checks the counts recorded for the worst cases, and
// that generation lists exactly the counted moves; BenchmarkWorst measures
// how long it takes.
func TestWorstCases(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for _, c := range loadWorst(t) {
		if got := jumpPaths(c.p); got != c.paths {
			t.Errorf("%s: %d jump paths, recorded %d", c.text, got, c.paths)
		}
		moves := c.p.AppendMoves(nil)
		if len(moves) != c.moves || c.p.CountMoves() != c.moves {
			t.Errorf("%s: %d moves, recorded %d", c.text, len(moves), c.moves)
		}
	}
}

func BenchmarkWorst(b *testing.B) {
	for i, c := range loadWorst(b) {
		buf := make([]Move, 0, c.moves)
		b.Run(fmt.Sprintf("%d/AppendMoves", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = c.p.AppendMoves(buf[:0])
			}
			b.ReportMetric(float64(c.moves), "moves")
		})
		b.Run(fmt.Sprintf("%d/CountMoves", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.p.CountMoves()
			}
		})
	}
}

// TestG9_CountMatchesMoves checks CountMoves against the moves
// AppendMoves lists on random placements, Dames included.
func TestG9_CountMatchesMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	n := 3000
	if testing.Short() {
		n = 300
	}
	var buf []Move
	for range n {
		p := randomPlacement(r, 1+r.IntN(Pawns-1))
		for k := r.IntN(6); k > 0; k-- {
			p = mutate(r, p, false)
		}
		buf = p.AppendMoves(buf[:0])
		if got := p.CountMoves(); got != len(buf) {
			t.Fatalf("%s: CountMoves %d, AppendMoves lists %d", p, got, len(buf))
		}
	}
}
