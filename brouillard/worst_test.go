package brouillard

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// Worst cases. TestSearchWorst looks for the legal positions that give
// the generator and a naive search the most work, by hill climbing from
// random positions with a fixed seed; it runs only with -search-worst and
// writes what it finds to testdata/worst.txt. TestWorst and
// BenchmarkWorst use that file.

var searchWorst = flag.Bool("search-worst", false, "search for worst-case positions and write testdata/worst.txt")

const worstFile = "testdata/worst.txt"

// worstCounts measures how much work a position gives: its decisions,
// the jump paths of the Fou to move (B7, G5: every path the shared search
// walks), the same summed over the position after each pawn move (what a
// generator that walks paths would do), and the jump paths of the
// mover's pawns (B6).
type worstCounts struct {
	moves, fouPaths, allFouPaths, pawnPaths int
}

func (c worstCounts) String() string {
	return fmt.Sprintf("%d moves, %d Fou jump paths, %d Fou jump paths after every pawn move, %d pawn jump paths",
		c.moves, c.fouPaths, c.allFouPaths, c.pawnPaths)
}

func countPaths(r *hops.JumpRules, from hops.Square) int {
	var s hops.JumpSearch
	s.Reset(r, from)
	n := 0
	for s.Next() {
		n++
	}
	return n
}

func measureWorst(p Position) worstCounts {
	st := &p.st
	c := worstCounts{moves: p.CountMoves()}
	if !st.sane() || st.over() {
		return c
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	f, other := st.fou[me], st.fou[me^1]
	fr := fouRules(occ, f, other)
	c.fouPaths = countPaths(&fr, f)
	c.allFouPaths = c.fouPaths
	if st.plus {
		return c
	}
	for b := st.pawns[me]; b != 0; b &= b - 1 {
		from := b.First()
		r := pawnRules(occ, from)
		c.pawnPaths += countPaths(&r, from)
		rc := r.Reach(from)
		ends := rc.Ends()
		for _, d := range diagDirs {
			if to := bd.Step(from, d); to != hops.NoSquare && !occ.Has(to) {
				ends |= to.Bit()
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			after := fouRules(occ&^from.Bit()|ends.First().Bit(), f, other)
			c.allFouPaths += countPaths(&after, f)
		}
	}
	return c
}

// scatter sets up a random position: White to move, each side having
// lost a random number of figures (0 to 4), the pawns on random light
// squares and the Fous on random dark ones.
func scatter(rng *rand.Rand) Position {
	var st state
	free := light
	take := func(set *hops.Bitboard) hops.Square {
		for {
			s := hops.SquareAt(rng.IntN(7), rng.IntN(7))
			if set.Has(s) {
				*set = set.Without(s)
				return s
			}
		}
	}
	for s := White; s <= Red; s++ {
		st.captured[s^1] = uint8(rng.IntN(5))
		kinds := []Kind{Blank, Blank}
		for k := Nine + Kind(st.captured[s^1]); k <= King; k++ {
			kinds = append(kinds, k)
		}
		for _, k := range kinds {
			sq := take(&free)
			st.sq[sq] = code(s, k)
			st.pawns[s] |= sq.Bit()
		}
	}
	dk := dark
	st.fou[White], st.fou[Red] = take(&dk), take(&dk)
	st.side = White
	return Position{st: st}
}

// mutate moves one piece (a pawn or a Fou) to a random free square of
// its colour.
func mutate(p Position, rng *rand.Rand) Position {
	st := p.st
	occ := st.pawns[0] | st.pawns[1]
	pieces := occ.Count()
	i := rng.IntN(pieces + 2)
	if i >= pieces {
		s := hops.Side(i - pieces)
		free := dark &^ st.fou[0].Bit() &^ st.fou[1].Bit()
		for {
			to := hops.SquareAt(rng.IntN(7), rng.IntN(7))
			if free.Has(to) {
				st.fou[s] = to
				return Position{st: st}
			}
		}
	}
	b := occ
	for range i {
		b &= b - 1
	}
	from := b.First()
	free := light &^ occ
	for {
		to := hops.SquareAt(rng.IntN(7), rng.IntN(7))
		if free.Has(to) {
			s := hops.Side(st.sq[from] >> 3)
			st.sq[to], st.sq[from] = st.sq[from], 0
			st.pawns[s] = st.pawns[s]&^from.Bit() | to.Bit()
			return Position{st: st}
		}
	}
}

// climb runs hill climbs, each from a random position or from the best
// found so far, and returns the best position for the score.
func climb(rng *rand.Rand, runs, steps int, score func(worstCounts) int) (Position, worstCounts) {
	var best Position
	var bestC worstCounts
	bestS := -1
	for run := range runs {
		p := scatter(rng)
		if run%2 == 1 {
			p = best
		}
		c := measureWorst(p)
		s := score(c)
		for range steps {
			q := mutate(p, rng)
			if rng.IntN(4) == 0 {
				q = mutate(q, rng)
			}
			qc := measureWorst(q)
			// Mostly uphill, now and then a step down to leave a local
			// maximum.
			if qs := score(qc); qs >= s || rng.IntN(150) == 0 {
				p, c, s = q, qc, qs
			}
			if s > bestS {
				best, bestC, bestS = p, c, s
			}
		}
	}
	return best, bestC
}

func TestSearchWorst(t *testing.T) {
	if !*searchWorst {
		t.Skip("run with -search-worst to search for worst-case positions")
	}
	rng := rand.New(rand.NewPCG(9, 2026))
	goals := []struct {
		name  string
		score func(worstCounts) int
	}{
		{"the most moves", func(c worstCounts) int { return c.moves }},
		{"the most Fou jump paths", func(c worstCounts) int { return c.fouPaths<<16 + c.allFouPaths }},
		{"the most Fou jump paths after every pawn move", func(c worstCounts) int { return c.allFouPaths }},
		{"the most pawn jump paths, then moves", func(c worstCounts) int { return c.pawnPaths<<16 + c.moves }},
	}
	var out strings.Builder
	out.WriteString("# Worst cases found by TestSearchWorst (go test -run TestSearchWorst -search-worst).\n")
	for _, g := range goals {
		p, c := climb(rng, 24, 15000, g.score)
		if _, err := Parse(p.String()); err != nil {
			t.Fatalf("found %s, which does not parse: %v", p, err)
		}
		t.Logf("%s: %s: %s", g.name, p, c)
		fmt.Fprintf(&out, "# %s: %s\n%s\n", g.name, c, p)
	}
	if err := os.WriteFile(worstFile, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// worstPositions reads testdata/worst.txt: the comment before each
// position says what it maximises.
func worstPositions(tb testing.TB) (names []string, positions []Position) {
	f, err := os.Open(worstFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	comment := ""
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			comment = strings.TrimSpace(strings.TrimPrefix(line, "#"))
			continue
		}
		if line == "" {
			continue
		}
		p, err := Parse(line)
		if err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		names = append(names, comment)
		positions = append(positions, p)
	}
	if len(positions) == 0 {
		tb.Fatalf("%s holds no position", worstFile)
	}
	return names, positions
}

// TestWorst checks the worst cases: the counts in the comments still
// hold, every generated move validates and plays to a distinct
// successor, and generation into a buffer with room does not allocate.
// BenchmarkWorst measures generation (under 10 ms) and validation.
func TestWorst(t *testing.T) {
	names, positions := worstPositions(t)
	for i, p := range positions {
		c := measureWorst(p)
		if !strings.HasSuffix(names[i], c.String()) {
			t.Errorf("%s: counts %s, the file says %q", p, c, names[i])
		}
		moves := p.AppendMoves(nil)
		if len(moves) != c.moves {
			t.Errorf("%s: %d moves generated, %d counted", p, len(moves), c.moves)
		}
		seen := map[Position]bool{}
		for _, m := range moves {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated %s does not play: %v", p, m, err)
			}
			if seen[q] {
				t.Fatalf("%s: two moves give %s (G9)", p, q)
			}
			seen[q] = true
		}
		buf := make([]Move, 0, len(moves))
		if n := testing.AllocsPerRun(10, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
			t.Errorf("%s: AppendMoves allocates %v times", p, n)
		}
		// Validate follows the written move: every generated move is
		// accepted (BenchmarkWorst shows that checking one costs a small
		// part of generating them all).
		for _, m := range moves {
			if err := p.Validate(m); err != nil {
				t.Fatalf("%s: generated %s: %v", p, m, err)
			}
		}
	}
}

func BenchmarkWorst(b *testing.B) {
	_, positions := worstPositions(b)
	for i, p := range positions {
		b.Run(fmt.Sprintf("gen%d", i+1), func(b *testing.B) {
			buf := make([]Move, 0, 4096)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.AppendMoves(buf[:0])
			}
			b.ReportMetric(float64(len(buf)), "moves")
		})
		b.Run(fmt.Sprintf("count%d", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.CountMoves()
			}
		})
		b.Run(fmt.Sprintf("validate%d", i+1), func(b *testing.B) {
			moves := p.AppendMoves(nil)
			b.ReportAllocs()
			for b.Loop() {
				for _, m := range moves {
					if err := p.Validate(m); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
		})
	}
}
