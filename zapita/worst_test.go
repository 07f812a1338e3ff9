package zapita

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/internal/gametest"

	hops "github.com/hopsgames/hops"
)

// Worst cases. TestSearchWorst looks for the legal positions that give
// the generator and a naive search the most work, by hill climbing from
// random positions with a fixed seed; it runs only with -search-worst and
// writes what it finds to testdata/worst.txt. TestWorst and
// BenchmarkWorst use that file.

var searchWorst = flag.Bool("search-worst", false, "search for worst-case positions and write testdata/worst.txt")

// worstCounts measures how much work a position gives: its moves, the
// multi-jump paths of the mover's pawns (every path the shared search
// walks, Z4, G5), and the relay chains (Z5, Z6) of its moves onto the
// bomb, each distinct sequence of throws counted, with the longest.
type worstCounts struct {
	moves, paths, chains, longest int
}

func (c worstCounts) String() string {
	return fmt.Sprintf("%d moves, %d jump paths, %d relay chains, up to %s", c.moves, c.paths, c.chains, engine.Count(c.longest, "throw"))
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

func TestSearchWorst(t *testing.T) {
	if !*searchWorst {
		t.Skip("run with -search-worst to search for worst-case positions")
	}
	rng := rand.New(rand.NewPCG(9, 2026))
	goals := []gametest.Goal[worstCounts]{
		{Name: "the most moves", Score: func(c worstCounts) int { return c.moves }},
		{Name: "the most jump paths", Score: func(c worstCounts) int { return c.paths }},
		{Name: "the most relay chains", Score: func(c worstCounts) int { return c.chains }},
		{Name: "the longest relay chain, then the most moves", Score: func(c worstCounts) int { return c.longest*1000 + c.moves }},
	}
	climb := gametest.Climb[Position]{
		Runs: 16, Steps: 20000,
		Random: scatter, Mutate: func(rng *rand.Rand, p Position) Position { return mutate(p, rng) },
		FromBest: true, Twice: 4, Down: 40,
	}
	gametest.SearchWorst(t, rng, "Worst cases found by TestSearchWorst (go test -run TestSearchWorst -search-worst).", climb, measureWorst, Parse, goals)
}

// TestWorst checks the worst cases: the counts recorded still hold, and
// the generated moves pass gametest.CheckMoves (each validates and plays
// to a distinct successor) and gametest.CheckNoAllocs (generation into a
// buffer with room does not allocate). BenchmarkWorst measures generation
// and validation.
func TestWorst(t *testing.T) {
	for _, w := range gametest.ReadWorst(t, Parse) {
		if c := measureWorst(w.P); c.String() != w.Counts {
			t.Errorf("%s: counts %s, the file says %q", w.Text, c, w.Counts)
		}
		gametest.CheckMoves(t, w.P)
		gametest.CheckNoAllocs(t, w.P)
	}
}

func BenchmarkWorst(b *testing.B) {
	for i, w := range gametest.ReadWorst(b, Parse) {
		b.Run(fmt.Sprintf("gen%d", i+1), gametest.BenchAppendMoves(w.P, 1024))
		b.Run(fmt.Sprintf("validate%d", i+1), gametest.BenchValidate(w.P))
	}
}
