package coir

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"

	"github.com/hopsgames/hops"
)

// The worst cases of move generation are kept in testdata/worst.txt, each
// position on a line after a comment "# <what was searched for>: <jump
// paths> jump paths, <moves> moves". Run
//
//	go test ./coir -run TestSearchWorst -worst
//
// to search for them again (a fixed seed, so the result is reproducible)
// and rewrite the file.
var searchWorst = flag.Bool("worst", false, "search for the positions with the most jump paths and moves and rewrite testdata/worst.txt")

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

// worstCounts returns the counts recorded for a worst case.
func worstCounts(p Position) string {
	return fmt.Sprintf("%d jump paths, %d moves", jumpPaths(p), p.CountMoves())
}

func TestSearchWorst(t *testing.T) {
	if !*searchWorst {
		t.Skip("run with -worst to search for worst cases and rewrite " + gametest.WorstFile)
	}
	r := rand.New(rand.NewPCG(2026, 9))
	out := []string{gametest.FormatWorst("a Dame among eleven pawns, built by hand", worstCounts(mustParse(t, dameText)), dameText)}
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
		random := func(r *rand.Rand) Position {
			n := c.mine
			if n == 0 {
				n = 1 + r.IntN(Pawns-1)
			}
			return randomPlacement(r, n)
		}
		keep := c.mine != 0
		p := gametest.Climb[Position]{
			Runs: c.restarts, Steps: c.steps, Random: random,
			Mutate: func(r *rand.Rand, p Position) Position { return mutate(r, p, keep) },
			Score:  c.score,
		}.Run(r)
		out = append(out, gametest.FormatWorst(c.what, worstCounts(p), p.String()))
	}
	if err := gametest.WriteWorst("Coir Circuit positions with the most jump paths and moves, found by hill climbing (TestSearchWorst -worst).", out); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + strings.Join(out, ""))
}

// TestWorstCases checks the counts recorded for the worst cases, and
// that the generated moves pass gametest.CheckMoves (CountMoves agrees
// with AppendMoves, each move validates and plays to a distinct
// successor) and gametest.CheckNoAllocs (generation into a buffer with
// room does not allocate), the last only without the race detector,
// under which sync.Pool drops the pooled working memory at random;
// BenchmarkWorst measures how long generation takes.
func TestWorstCases(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for _, w := range gametest.ReadWorst(t, Parse) {
		if got := worstCounts(w.P); got != w.Counts {
			t.Errorf("%s: %s, recorded %s", w.Text, got, w.Counts)
		}
		gametest.CheckMoves(t, w.P)
		if !gametest.Race {
			gametest.CheckNoAllocs(t, w.P)
		}
	}
}

func BenchmarkWorst(b *testing.B) {
	for i, w := range gametest.ReadWorst(b, Parse) {
		b.Run(fmt.Sprintf("%d/AppendMoves", i+1), gametest.BenchAppendMoves(w.P, w.P.CountMoves()))
		b.Run(fmt.Sprintf("%d/CountMoves", i+1), gametest.BenchCountMoves(w.P))
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
