package zapita

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
)

// Worst cases. TestSearchWorst looks for the legal positions that give
// the generator and a naive search the most work, by hill climbing from
// random positions with a fixed seed; it runs only with -search-worst and
// writes what it finds to testdata/worst.txt. TestWorst and
// BenchmarkWorst use that file.

var searchWorst = flag.Bool("search-worst", false, "search for worst-case positions and write testdata/worst.txt")

const worstFile = "testdata/worst.txt"

// worstCounts measures how much work a position gives: its moves, the
// multi-jump paths of the mover's pawns (every path the shared search
// walks, Z4, G5), and the relay chains (Z5, Z6) of its moves onto the
// bomb, each distinct sequence of throws counted, with the longest.
type worstCounts struct {
	moves, paths, chains, longest int
}

func (c worstCounts) String() string {
	return fmt.Sprintf("%d moves, %d jump paths, %d relay chains, up to %d throw%s", c.moves, c.paths, c.chains, c.longest, plural(c.longest))
}

func measureWorst(p Position) worstCounts {
	c := worstCounts{moves: p.CountMoves()}
	if p.over() {
		return c
	}
	occ := p.occupied()
	for own := p.Pawns(p.side); own != 0; own &= own - 1 {
		from := own.First()
		rules := p.jumpRulesOcc(from, occ)
		var s hops.JumpSearch
		s.Reset(&rules, from)
		for s.Next() {
			c.paths++
		}
		if p.Destinations(from).Has(p.bomb) {
			t := p.throwBoard(from)
			n, l := countChains(&t, p.bomb, p.powerOf(p.side, from), p.bomb.Bit())
			c.chains += n
			c.longest = max(c.longest, l)
		}
	}
	return c
}

// countChains counts the throw sequences that rest the bomb, thrown by
// the pawn of the given power on sq, the pawns of thrown having thrown
// already, and the most throws of one of them; it follows Z5 and Z6 by
// plain recursion, independently of the generator's search.
func countChains(t *throwBoard, sq hops.Square, power int, thrown hops.Bitboard) (n, longest int) {
	rest, relay := t.throws(sq, power)
	n = rest.Count()
	if n > 0 {
		longest = 1
	}
	for r := relay &^ thrown; r != 0; r &= r - 1 {
		s := r.First()
		k, l := countChains(t, s, t.power(s), thrown|s.Bit())
		n += k
		if k > 0 {
			longest = max(longest, l+1)
		}
	}
	return n, longest
}

// scatter places the twelve pawns and the bomb at random on
// squares that are not headquarters, White to move.
func scatter(rng *rand.Rand) Position {
	var p Position
	free := allSquares &^ hqs
	take := func() hops.Square {
		for {
			s := hops.SquareAt(rng.IntN(7), rng.IntN(7))
			if free.Has(s) {
				free = free.Without(s)
				return s
			}
		}
	}
	for s := range 2 {
		for k := range 3 {
			p.pw[s][k] = take().Bit() | take().Bit()
		}
	}
	p.bomb = take()
	return p
}

// mutate moves one pawn, or the bomb, to a random free square that is not
// a headquarters.
func mutate(p Position, rng *rand.Rand) Position {
	occ := p.occupied() | p.bomb.Bit() | hqs
	var to hops.Square
	for {
		to = hops.SquareAt(rng.IntN(7), rng.IntN(7))
		if !occ.Has(to) {
			break
		}
	}
	i := rng.IntN(13)
	if i == 12 {
		p.bomb = to
		return p
	}
	s, k := i/6, i%6/2
	b := p.pw[s][k]
	if rng.IntN(2) == 0 {
		b &= b - 1 // the higher pawn of the two
	}
	from := b.First()
	p.pw[s][k] = p.pw[s][k].Without(from).With(to)
	return p
}

// climb runs hill climbs, each from a random position or from the best
// found so far, and returns the best position for the score.
func climb(rng *rand.Rand, steps int, score func(worstCounts) int) (Position, worstCounts) {
	var best Position
	var bestC worstCounts
	bestS := -1
	for restart := 0; restart < 16; restart++ {
		p := scatter(rng)
		if restart%2 == 1 {
			p = best
		}
		c := measureWorst(p)
		s := score(c)
		for i := 0; i < steps; i++ {
			q := mutate(p, rng)
			if rng.IntN(4) == 0 {
				q = mutate(q, rng)
			}
			qc := measureWorst(q)
			// Mostly uphill, now and then a step down to leave a local
			// maximum.
			if qs := score(qc); qs >= s || rng.IntN(40) == 0 {
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
		{"the most jump paths", func(c worstCounts) int { return c.paths }},
		{"the most relay chains", func(c worstCounts) int { return c.chains }},
		{"the longest relay chain, then the most moves", func(c worstCounts) int { return c.longest*1000 + c.moves }},
	}
	var out strings.Builder
	out.WriteString("# Worst cases found by TestSearchWorst (go test -run TestSearchWorst -search-worst).\n")
	for _, g := range goals {
		p, c := climb(rng, 20000, g.score)
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
		buf := make([]Move, 0, 1024)
		b.Run(fmt.Sprintf("gen%d", i+1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = p.AppendMoves(buf[:0])
			}
			b.ReportMetric(float64(len(buf)), "moves")
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
