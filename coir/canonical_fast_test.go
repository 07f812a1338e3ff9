package coir

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestG9_FastCanonical: Position.Canonical, which searches only the jump
// sequences with the move's effect, agrees with the naive reference
// (play every generated move) on other jump paths with the same start,
// end and turned pawns, other steps to the same board, forms built from
// every path, and illegal forms, in positions reached by random play.
func TestG9_FastCanonical(t *testing.T) { suite.CheckFastCanonicals(t) }

// TestG9_FastCanonicalWorst: the same check in the worst positions of
// testdata/worst.txt, where moves have the most written forms.
func TestG9_FastCanonicalWorst(t *testing.T) { suite.CheckFastCanonicalsWorst(t) }

// FuzzCanonical: for any position text and move text that read,
// Canonical gives Validate's error for an illegal move and the generated
// move with the same successor for a legal one (seed corpus in
// testdata/fuzz/FuzzCanonical).
func FuzzCanonical(f *testing.F) { suite.FuzzCanonical(f) }

// BenchmarkCanonical compares Canonical with Play of the same move: at
// the start and in the worst positions (a Dame among eleven opposing
// pawns among them), the legal non-generated form with the longest text
// (another jump path, another step to the same board).
func BenchmarkCanonical(b *testing.B) {
	suite.BenchCanonicals(b, gametest.Named[Position]{Name: "start", P: Start()}, gametest.Named[Position]{Name: "variant", P: StartVariant()})
}

// TestC6_FastCanonicalDame: the same check for a Dame among eleven
// opposing pawns on random squares, where many orders of flying jumps
// turn the same pawns (random play seldom leaves a side one pawn).
func TestC6_FastCanonicalDame(t *testing.T) {
	gametest.TriedOthers(t, func(t *rapid.T) int {
		sq := rapid.Permutation(slices.Collect(board.All().Squares())).Draw(t, "squares")
		var opp hops.Bitboard
		for _, s := range sq[1:Pawns] {
			opp |= s.Bit()
		}
		p, err := NewPosition(sq[0].Bit(), opp, White)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 5))
		forms := gametest.PickForms(rng, writtenForms(p), 40, p.Validate)
		return gametest.CheckFastCanonical(t, p, forms, func(p Position, m Move) (Position, error) { return p.Play(m) })
	})
}

// TestC6_DameSearchPrunes: in the worst positions with a Dame, the search
// behind Canonical enters at most one landing more than the path it
// returns has jumps for the benchmarked form (the legal non-generated
// form with the longest text), and no more than that for half of 300
// written forms. Without the test of the order of the pawns left, it
// enters 42 landings for a path of ten jumps behind the wall of pawns,
// and 298 in the position built by hand.
func TestC6_DameSearchPrunes(t *testing.T) {
	dames := 0
	for _, w := range gametest.ReadWorst(t, suite.Parse) {
		p := w.P
		if own, _ := p.sides(); own.Count() != 1 {
			continue
		}
		dames++
		extra := func(m Move) int {
			c, entered, err := p.canonical(m)
			if err != nil {
				t.Fatalf("%s: Canonical(%s): %v", p, m, err)
			}
			return entered - (int(c.n) - 1)
		}
		m, _ := gametest.LongestOther(p, suite.WrittenForms(p))
		if x := extra(m); x > 1 {
			t.Errorf("%s: Canonical(%s) entered %d landings more than its jumps, want at most 1", p, m, x)
		}
		var extras []int
		for _, f := range gametest.PickForms(rand.New(rand.NewPCG(1, 2)), suite.WrittenForms(p), 300, p.Validate) {
			if p.Validate(f) == nil {
				extras = append(extras, extra(f))
			}
		}
		slices.Sort(extras)
		if len(extras) < 100 {
			t.Fatalf("%s: only %d legal written forms", p, len(extras))
		}
		if extras[len(extras)/2] > 1 {
			t.Errorf("%s: over %d legal forms the median of the landings entered beyond the jumps is %d, want at most 1", p, len(extras), extras[len(extras)/2])
		}
	}
	if dames != 3 {
		t.Fatalf("%d worst positions with a Dame, want 3", dames)
	}
}

// TestC6_DameTestsJoint: the claim that lets the Dame search test the
// landings of one jump together. For a Dame among random pawns, random
// pawns to turn and ends, whenever a landing l of a set passes its own
// test (canTurn from l, with l landed on), the test from the whole set
// with every square of it free passes too: the joint test never rejects
// a landing its own test lets in.
func TestC6_DameTestsJoint(t *testing.T) {
	passed := 0
	// About one case in five has a landing that passes its test: the 20
	// cases of -short drew none about once in a hundred runs, which then
	// compared nothing. The property is checked again until one does.
	for round := 0; passed == 0 && round < 10; round++ {
		checkDameTestsJoint(t, &passed)
	}
	if passed == 0 {
		t.Error("no landing passed its test: the check compared nothing")
	}
}

// checkDameTestsJoint is one run of TestC6_DameTestsJoint's property,
// counting in passed the landings that pass their own test.
func checkDameTestsJoint(t *testing.T, passed *int) {
	rapid.Check(t, func(t *rapid.T) {
		sq := rapid.Permutation(slices.Collect(board.All().Squares())).Draw(t, "squares")
		n := rapid.IntRange(4, Pawns-1).Draw(t, "pawns")
		var pawns, ends hops.Bitboard
		for _, s := range sq[1 : 1+n] {
			pawns |= s.Bit()
		}
		empty := board.All() &^ pawns &^ sq[0].Bit()
		for _, s := range sq[1+n:] {
			if rapid.Bool().Draw(t, "end") {
				ends |= s.Bit()
			}
		}
		ds := dameSearch{start: sq[0], land: empty | sq[0].Bit(), pawns: pawns, ends: ends}
		ds.prepare()
		all := uint16(1)<<n - 1
		left := uint16(rapid.IntRange(1, int(all)).Filter(func(x int) bool { return bits.OnesCount16(uint16(x)) >= 3 }).Draw(t, "left"))
		need := bits.OnesCount16(left)
		var visited, from hops.Bitboard
		for s := range ds.land.Squares() {
			switch rapid.IntRange(0, 7).Draw(t, "square") {
			case 0:
				visited |= s.Bit()
			case 1, 2:
				from |= s.Bit()
			}
		}
		if from == 0 {
			t.Skip("no landing")
		}
		var joint lines
		together := ds.canTurn(from, left, ds.land&^visited, need, &joint)
		for l := range from.Squares() {
			var ln lines
			if ds.canTurn(l.Bit(), left, ds.land&^(visited|l.Bit()), need, &ln) {
				*passed++
				if !together {
					t.Fatalf("landing %s passes its test, but the landings %v together fail (pawns %v, left %b, visited %v, ends %v)",
						l, from, pawns, left, visited, ends)
				}
			}
		}
	})
}

// BenchmarkCanonicalSpread reports how Canonical's cost against Play's
// spreads over the generated moves of the positions BenchmarkCanonical
// uses, where that one times a single form of each (see
// gametest.Suite.BenchCanonicalSpread).
func BenchmarkCanonicalSpread(b *testing.B) {
	suite.BenchCanonicalSpread(b, gametest.Named[Position]{Name: "start", P: Start()}, gametest.Named[Position]{Name: "variant", P: StartVariant()})
}
