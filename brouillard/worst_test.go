package brouillard

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"

	"github.com/hopsgames/hops"
)

// Worst cases. TestSearchWorst looks for the legal positions that give
// the generator and a naive search the most work, by hill climbing from
// random positions with a fixed seed; it runs only with -search-worst and
// writes what it finds to testdata/worst.txt. TestWorst and
// BenchmarkWorst use that file.

var searchWorst = flag.Bool("search-worst", false, "search for worst-case positions and write testdata/worst.txt")

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

func TestSearchWorst(t *testing.T) {
	if !*searchWorst {
		t.Skip("run with -search-worst to search for worst-case positions")
	}
	rng := rand.New(rand.NewPCG(9, 2026))
	goals := []gametest.Goal[worstCounts]{
		{Name: "the most moves", Score: func(c worstCounts) int { return c.moves }},
		{Name: "the most Fou jump paths", Score: func(c worstCounts) int { return c.fouPaths<<16 + c.allFouPaths }},
		{Name: "the most Fou jump paths after every pawn move", Score: func(c worstCounts) int { return c.allFouPaths }},
		{Name: "the most pawn jump paths, then moves", Score: func(c worstCounts) int { return c.pawnPaths<<16 + c.moves }},
	}
	climb := gametest.Climb[Position]{
		Runs: 24, Steps: 15000,
		Random: scatter, Mutate: func(rng *rand.Rand, p Position) Position { return mutate(p, rng) },
		FromBest: true, Twice: 4, Down: 150,
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
		b.Run(fmt.Sprintf("gen%d", i+1), gametest.BenchAppendMoves(w.P, 4096))
		b.Run(fmt.Sprintf("count%d", i+1), gametest.BenchCountMoves(w.P))
		b.Run(fmt.Sprintf("validate%d", i+1), gametest.BenchValidate(w.P))
	}
}
