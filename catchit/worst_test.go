package catchit

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
//	go test ./catchit -run TestSearchWorst -worst
//
// to search for them again (a fixed seed, so the result is reproducible)
// and rewrite the file.
var searchWorst = flag.Bool("worst", false, "search for the positions with the most jump paths and moves and rewrite testdata/worst.txt")

// jumpPaths counts the multi-jump paths the shared search enumerates for
// the first displacement of every pawn of the side to move, taking the
// ball where K5 allows it: the work of the search behind the generator.
func jumpPaths(p Position) int {
	st := p.stage()
	if st.ball == hops.NoSquare {
		return 0
	}
	occ := st.pawns[Blue] | st.pawns[Red]
	n := 0
	for own := st.pawns[st.side]; own != 0; own &= own - 1 {
		from := own.First()
		r := hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: occ &^ from.Bit(), Land: board.All()&^occ | from.Bit()}
		if from == st.ball {
			r.Taken = true
		} else {
			r.Take = st.ball.Bit()
		}
		var s hops.JumpSearch
		s.Reset(&r, from)
		for s.Next() {
			n++
		}
	}
	return n
}

// randomPlacement returns a position in play with the pawns on random
// squares.
func randomPlacement(r *rand.Rand) Position {
	var p Position
	sq := r.Perm(49)
	for i := 0; i < 14; i++ {
		s := hops.SquareAt(sq[i]%7, sq[i]/7)
		p.pawns[i/7] |= s.Bit()
	}
	c := sq[r.IntN(14)]
	p.ball = uint8(hops.SquareAt(c%7, c/7)) + 1
	p.side = hops.Side(r.IntN(2))
	return p
}

// mutate moves one pawn to an empty square, moves the ball to another
// pawn, or changes the side to move.
func mutate(r *rand.Rand, p Position) Position {
	occ := p.pawns[Blue] | p.pawns[Red]
	pick := func(set hops.Bitboard) hops.Square {
		k := r.IntN(set.Count())
		for ; k > 0; k-- {
			set &= set - 1
		}
		return set.First()
	}
	switch r.IntN(8) {
	case 0:
		p.ball = uint8(pick(occ)) + 1
	case 1:
		p.side ^= 1
	default:
		from := pick(occ)
		to := pick(board.All() &^ occ)
		side := Red
		if p.pawns[Blue].Has(from) {
			side = Blue
		}
		p.pawns[side] = p.pawns[side].Without(from).With(to)
		if p.carrier() == from {
			p.ball = uint8(to) + 1
		}
	}
	return p
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
	var out []string
	searches := []struct {
		what  string
		score func(Position) int
	}{
		{"most jump paths", jumpPaths},
		{"most moves", func(p Position) int { return p.CountMoves() }},
	}
	for _, c := range searches {
		for round := range 2 {
			p := gametest.Climb[Position]{Runs: 6, Steps: 3000, Random: randomPlacement, Mutate: mutate, Score: c.score}.Run(r)
			out = append(out, gametest.FormatWorst(fmt.Sprintf("%s, search %d", c.what, round+1), worstCounts(p), p.String()))
		}
	}
	if err := gametest.WriteWorst("Catch'it positions with the most jump paths and moves, found by hill climbing (TestSearchWorst -worst).", out); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + strings.Join(out, ""))
}

// TestWorstCases checks the counts recorded for the worst cases, and
// that the generated moves pass gametest.CheckMoves (CountMoves agrees
// with AppendMoves, each move validates and plays to a distinct
// successor) and gametest.CheckNoAllocs (generation into a buffer with
// room does not allocate); BenchmarkWorst measures how long generation
// takes.
func TestWorstCases(t *testing.T) {
	for _, w := range gametest.ReadWorst(t, Parse) {
		if got := worstCounts(w.P); got != w.Counts {
			t.Errorf("%s: %s, recorded %s", w.Text, got, w.Counts)
		}
		gametest.CheckMoves(t, w.P)
		gametest.CheckNoAllocs(t, w.P)
	}
}

func BenchmarkWorst(b *testing.B) {
	for i, w := range gametest.ReadWorst(b, Parse) {
		b.Run(fmt.Sprintf("%d/AppendMoves", i+1), gametest.BenchAppendMoves(w.P, w.P.CountMoves()))
		b.Run(fmt.Sprintf("%d/CountMoves", i+1), gametest.BenchCountMoves(w.P))
	}
}

// TestG9_CountMatchesMoves checks the bulk count of CountMoves against
// the moves AppendMoves lists, on random placements, crowded ones
// included, where the counting shortcuts of the take search matter.
func TestG9_CountMatchesMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	n := 5000
	if testing.Short() || gametest.Race {
		n = 500
	}
	var buf []Move
	for range n {
		p := randomPlacement(r)
		for k := r.IntN(6); k > 0; k-- {
			p = mutate(r, p)
		}
		buf = p.AppendMoves(buf[:0])
		if got := p.CountMoves(); got != len(buf) {
			t.Fatalf("%s: CountMoves %d, AppendMoves lists %d", p, got, len(buf))
		}
	}
}
