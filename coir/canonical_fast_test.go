package coir

import (
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// TestG9_FastCanonical: Position.Canonical, which searches only the jump
// sequences with the move's effect, agrees with the naive reference
// (play every generated move) on other jump paths with the same start,
// end and turned pawns, other steps to the same board, forms built from
// every path, and illegal forms, in positions reached by random play.
func TestG9_FastCanonical(t *testing.T) {
	suite.CheckFastCanonicals(t)
}

// BenchmarkCanonical compares Canonical with Play of the same move: at
// the start and in the worst positions (a Dame among eleven opposing
// pawns among them), the legal non-generated form with the longest text
// (another jump path, another step to the same board).
func BenchmarkCanonical(b *testing.B) {
	cases := []struct {
		name string
		p    Position
	}{{"start", Start()}, {"variant", StartVariant()}}
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
