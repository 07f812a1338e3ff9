package brouillard

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// TestG9_FastCanonical: Position.Canonical, which writes the decision's
// effect without generating, agrees with the naive reference (play every
// generated decision) on re-routed pawn and Fou paths, marks on no hop
// or any one, and illegal forms, in positions reached by random play.
func TestG9_FastCanonical(t *testing.T) { suite.CheckFastCanonicals(t) }

// TestG9_FastCanonicalView: a View's Canonical gives what the true
// position's naive reference gives, for either viewer: players submit
// their decisions from their views.
func TestG9_FastCanonicalView(t *testing.T) {
	gametest.TriedOthers(t, func(t *rapid.T) int {
		p := game(t)
		v := p.View(rapid.SampledFrom([]hops.Side{White, Red}).Draw(t, "viewer"))
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		forms := gametest.PickForms(rng, writtenForms(&p.st), 24, p.Validate)
		return gametest.CheckFastCanonical(t, v, forms, func(_ View, m Move) (Position, error) { return p.Play(m) })
	})
}

// TestG9_FastCanonicalWorst: the same check in the worst positions of
// testdata/worst.txt, where moves have the most written forms.
func TestG9_FastCanonicalWorst(t *testing.T) { suite.CheckFastCanonicalsWorst(t) }

// FuzzCanonical: for any position text and move text that read,
// Canonical gives Validate's error for an illegal move and the generated
// move with the same successor for a legal one (seed corpus in
// testdata/fuzz/FuzzCanonical).
func FuzzCanonical(f *testing.F) { suite.FuzzCanonical(f) }

// BenchmarkCanonical compares Canonical with Play of the same move: at
// the start and in the worst positions, the legal non-generated form
// with the longest text.
func BenchmarkCanonical(b *testing.B) {
	suite.BenchCanonicals(b, gametest.Named[Position]{Name: "start", P: Start()})
}

// BenchmarkCanonicalSpread reports how Canonical's cost against Play's
// spreads over the generated moves of the positions BenchmarkCanonical
// uses, where that one times a single form of each (see
// gametest.Suite.BenchCanonicalSpread).
func BenchmarkCanonicalSpread(b *testing.B) {
	suite.BenchCanonicalSpread(b, gametest.Named[Position]{Name: "start", P: Start()})
}
