package catchit

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
//	go test ./catchit -run TestSearchWorst -worst
//
// to search for them again (a fixed seed, so the result is reproducible)
// and rewrite the file.
var searchWorst = flag.Bool("worst", false, "search for the positions with the most jump paths and moves and rewrite testdata/worst.txt")

const worstFile = "testdata/worst.txt"

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

// climb returns the best position found by hill climbing on score from
// random placements.
func climb(r *rand.Rand, score func(Position) int, restarts, steps int) Position {
	var best Position
	bestScore := -1
	for range restarts {
		p := randomPlacement(r)
		s := score(p)
		for range steps {
			q := mutate(r, p)
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
	out.WriteString("# Catch'it positions with the most jump paths and moves, found by hill climbing (TestSearchWorst -worst).\n")
	searches := []struct {
		what  string
		score func(Position) int
	}{
		{"most jump paths", jumpPaths},
		{"most moves", func(p Position) int { return p.CountMoves() }},
	}
	for _, c := range searches {
		for round := range 2 {
			p := climb(r, c.score, 6, 3000)
			fmt.Fprintf(&out, "%s # %d jump paths, %d moves; %s, search %d\n", p, jumpPaths(p), p.CountMoves(), c.what, round+1)
		}
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

// TestG9_CountMatchesMoves checks the bulk count of CountMoves against
// the moves AppendMoves lists, on random placements, crowded ones
// included, where the counting shortcuts of the take search matter.
func TestG9_CountMatchesMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	n := 5000
	if testing.Short() || raceEnabled {
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
