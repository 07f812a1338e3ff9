package catchit

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG9_FastCanonical: Position.Canonical, which works from the turn's
// effect, agrees with the naive reference (play every generated turn) on
// re-routed displacements, marks on no hop or any one, the two
// displacements in the other order (K7), forms built from every path,
// and illegal forms, in positions reached by random play.
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
// the start, in a midgame and in the worst positions, the legal
// non-generated form with the longest text (displacements swapped or
// re-routed).
func BenchmarkCanonical(b *testing.B) {
	suite.BenchCanonicals(b, gametest.Named[Position]{Name: "start", P: Start()}, gametest.Named[Position]{Name: "midgame1", P: suite.MustParse(b, midgames[0])})
}

// BenchmarkCanonicalSpread reports how Canonical's cost against Play's
// spreads over the generated moves of the positions BenchmarkCanonical
// uses, where that one times a single form of each (see
// gametest.Suite.BenchCanonicalSpread).
func BenchmarkCanonicalSpread(b *testing.B) {
	suite.BenchCanonicalSpread(b, gametest.Named[Position]{Name: "start", P: Start()}, gametest.Named[Position]{Name: "midgame1", P: suite.MustParse(b, midgames[0])})
}
