package zapita

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG9_FastCanonical: Position.Canonical, which rebuilds the canonical
// form from the move's effect, agrees with the naive reference (play
// every generated move) on re-routed jump paths, other relay chains to
// the same rest and illegal forms, in positions reached by random play.
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
// the start and in the worst positions, the legal non-generated form
// with the longest text (another route or relay chain).
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
