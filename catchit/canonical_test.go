package catchit

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// suite gathers what the checks shared by the four games need of this one.
var suite = gametest.NewSuite(Game, Parse, ParseMove, randomPosition, typedForms, writtenForms)

// typedForms returns texts of turns of p besides the generated ones:
// each displacement of a generated turn re-routed along other chains of
// jumps to the same landing, with the take mark 'x' on no hop or on any
// one (legal or not), the two displacements swapped, and every text
// disguised as people type it (G12).
func typedForms(p Position, rng *rand.Rand, n int) []string {
	occ := gametest.Occupied(board, p.String())
	var texts []string
	add := func(m Move) { texts = append(texts, m.String(), gametest.Disguise(rng, m.String())) }
	for _, m := range gametest.PickMoves(rng, p.AppendMoves(nil), n) {
		add(m)
		first, second := m.First(), m.Second()
		for _, alt := range gametest.AltRoutes(board, occ, first, false, 8) {
			add(NewMove(alt, second))
		}
		if second.Len() == 0 {
			continue
		}
		if second.To() != hops.Outside { // only the last displacement may leave (K10)
			add(NewMove(second, first))
		}
		after := occ.Without(first.From()).With(first.To())
		for _, alt := range gametest.AltRoutes(board, after, second, false, 8) {
			add(NewMove(first, alt))
		}
	}
	return texts
}

// TestG9_Canonical: in random positions, every legal written form of a
// turn, re-routed, reordered or disguised, has the generated turn as its
// canonical form, through hops.Canonical and through the Game's State;
// an illegal form gives Validate's error.
func TestG9_Canonical(t *testing.T) {
	suite.CheckCanonicals(t, "1rr1rrr/1r5/7/1R5/7/bbb2b1/2b1b1b b", "rrrRrrr/7/7/7/7/7/bbbbbbb r")
}

// TestG9_CanonicalExamples: a displacement re-routed to the same landing,
// and two displacements in the other order (K7), in the forms people
// type (G12).
func TestG9_CanonicalExamples(t *testing.T) {
	const p = "1rr1rrr/1r5/7/1R5/7/bbb2b1/2b1b1b b"
	const q = "rrrRrrr/7/7/7/7/7/bbbbbbb r"
	gametest.CheckCanonicalExamples(t, Game, []gametest.CanonicalExample{
		{Position: p, Text: "C1-C3-A1-A3 F2-G2", Want: "C1-A3 F2-G2"},
		{Position: p, Text: "c1‐c3–a1—a3\t\tf2−g2 ", Want: "C1-A3 F2-G2"},
		{Position: q, Text: "D7-C6 A7-B6", Want: "A7-B6 D7-C6"},
		{Position: q, Text: "D7-D5 A7-A6", Rule: "G4"},
	})
}
