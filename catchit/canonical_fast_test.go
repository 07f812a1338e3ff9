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
func TestG9_FastCanonical(t *testing.T) {
	suite.CheckFastCanonicals(t)
}

// BenchmarkCanonical compares Canonical with Play of the same turn: at
// the start, in the midgames and in the worst positions, the legal
// non-generated form with the longest text (displacements swapped or
// re-routed).
func BenchmarkCanonical(b *testing.B) {
	cases := benchPositions(b)
	for i, w := range gametest.ReadWorst(b, Parse) {
		cases = append(cases, struct {
			name string
			p    Position
		}{"worst" + string(rune('1'+i)), w.P})
	}
	for _, c := range cases {
		m, ok := gametest.LongestOther(c.p, writtenForms(c.p))
		if !ok {
			b.Fatalf("%s: no legal move", c.p)
		}
		b.Logf("%s: %s", c.name, m)
		gametest.BenchCanonical(b, c.name, c.p, m)
	}
}
