package catchit

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// countReference counts the successors of p with generate's bulk mode,
// the reference CountMoves is checked against.
func countReference(p Position) int {
	g := gen{}
	p.generate(&g)
	return g.count
}

// checkCount checks that CountMoves, the reference count and the number
// of moves AppendMoves lists agree on p and on its mirror image (G9: one
// move per distinct successor), and that HasMoves, with its shortcut for
// two plain steps, says whether there is a move (G6).
func checkCount(t interface {
	Helper()
	Fatalf(string, ...any)
}, p Position) {
	t.Helper()
	for _, q := range []Position{p, p.Mirror()} {
		got, ref, listed := q.CountMoves(), countReference(q), len(q.AppendMoves(nil))
		if got != ref || got != listed {
			t.Fatalf("%s: CountMoves %d, reference count %d, AppendMoves lists %d", q, got, ref, listed)
		}
		if q.HasMoves() != (ref > 0) || q.twoSteps() && !hasTwoSteps(q) {
			t.Fatalf("%s: HasMoves %v (two steps %v, naively %v) with %d moves", q, q.HasMoves(), q.twoSteps(), hasTwoSteps(q), ref)
		}
	}
}

// hasTwoSteps reports, by trying them all, whether the side to move in p
// has a turn of two plain steps by two different pawns (K4, K7), one of
// them the carrier when the side carries the ball (K8).
func hasTwoSteps(p Position) bool {
	own, c := p.Pawns(p.ToMove()), p.Carrier()
	if c == hops.NoSquare {
		return false
	}
	for a := range own.Squares() {
		for b := range own.Squares() {
			if a == b || own.Has(c) && a != c && b != c {
				continue
			}
			for e := range board.Neighbours(a).Squares() {
				all := p.Pawns(Blue) | p.Pawns(Red)
				if all.Has(e) {
					continue
				}
				all = all&^a.Bit() | e.Bit()
				if board.Neighbours(b)&^all != 0 {
					return true
				}
			}
		}
	}
	return false
}

// TestG9_CountMovesReference compares CountMoves with the reference count
// on positions reached by random play, and on each of their successors
// one turn later, where the second displacements of both sides (K7, K8)
// meet every kind of first displacement.
func TestG9_CountMovesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		checkCount(t, p)
		moves := p.AppendMoves(nil)
		if len(moves) == 0 {
			return
		}
		for k := 0; k < 4; k++ {
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: %s does not play: %v", p, m, err)
			}
			checkCount(t, q)
		}
	})
}

// TestK5_CountMovesReferenceCrowded compares CountMoves with the reference
// count on random placements of the pawns, crowded ones included, where
// long jump paths reach the carrier by many routes and the take search
// (K5, G5) has the most to do.
func TestK5_CountMovesReferenceCrowded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		p := randomPlacement(r)
		for k := r.IntN(8); k > 0; k-- {
			p = mutate(r, p)
		}
		checkCount(t, p)
	})
}

// TestG9_CountMovesReferenceFixed compares CountMoves with the reference
// count on the recorded worst cases, the sheet positions and the
// benchmark positions.
func TestG9_CountMovesReferenceFixed(t *testing.T) {
	texts := append(append([]string{}, sheetPositions...), midgames...)
	for _, w := range gametest.ReadWorst(t, Parse) {
		texts = append(texts, w.Text)
	}
	for _, text := range texts {
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		checkCount(t, p)
	}
}

// TestPerftCases checks the leaf counts of the perft benchmarks (G10)
// and, for the depth-2 ones, that the reference count of every
// successor gives the same total.
func TestPerftCases(t *testing.T) {
	for _, c := range perftCases {
		if c.depth > 2 && (testing.Short() || gametest.Race) {
			continue // the start at depth 3 is TestPerftDepth3
		}
		p, err := Parse(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := hops.Perft(p, c.depth); got != c.leaves {
			t.Errorf("%s: perft(%d) = %d, want %d", c.name, c.depth, got, c.leaves)
		}
		if c.depth != 2 {
			continue
		}
		var ref uint64
		for m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: %s: %v", p, m, err)
			}
			ref += uint64(countReference(q))
		}
		if ref != c.leaves {
			t.Errorf("%s: perft(2) by the reference count = %d, want %d", c.name, ref, c.leaves)
		}
	}
}

// TestCountMovesNoAllocs checks that CountMoves does not allocate, as
// TestNoAllocations does for AppendMoves and Play.
func TestCountMovesNoAllocs(t *testing.T) {
	if gametest.Race {
		t.Skip("the race detector allocates")
	}
	ps := []Position{Start()}
	for _, w := range gametest.ReadWorst(t, Parse) {
		ps = append(ps, w.P)
	}
	for _, p := range ps {
		if n := testing.AllocsPerRun(20, func() { p.CountMoves() }); n != 0 {
			t.Errorf("%s: CountMoves allocates %v times", p, n)
		}
	}
}

// TestK7_TwoStepsShortcut checks the shortcut of HasMoves on arbitrary
// crowded boards (any number of pawns a side, built directly, so that a
// side with a single pawn free to step is common): when it reports a turn
// of two plain steps, trying every pair of steps finds one.
func TestK7_TwoStepsShortcut(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 2))
		for range 200 { // boards are cheap; the telling ones are rare
			density := 0.5 + r.Float64()/2
			var p Position
			for s := range board.All().Squares() {
				if r.Float64() < density {
					p.pawns[r.IntN(2)] |= s.Bit()
				}
			}
			all := p.pawns[Blue] | p.pawns[Red]
			if all == 0 {
				continue
			}
			squares := slices.Collect(all.Squares())
			p.ball = uint8(squares[r.IntN(len(squares))]) + 1
			p.side = hops.Side(r.IntN(2))
			if p.twoSteps() && !hasTwoSteps(p) {
				t.Fatalf("%s: the shortcut sees two plain steps, there are none", p)
			}
		}
	})
}
