package coir

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// suite gathers what the checks shared by the four games need of this one.
var suite = gametest.NewSuite(Game, Parse, ParseMove, genAny, typedForms, writtenForms)

// typedForms returns texts of moves of p besides the generated ones:
// the jumps of each generated move re-routed along other chains of jumps,
// a Dame's flying ones included, to the same landing (legal or not), and
// every text disguised as people type it (G12).
func typedForms(p Position, rng *rand.Rand, n int) []string {
	occ := gametest.Occupied(board, p.String())
	var texts []string
	add := func(m Move) { texts = append(texts, m.String(), gametest.Disguise(rng, m.String())) }
	for _, m := range gametest.PickMoves(rng, p.AppendMoves(nil), n) {
		add(m)
		from, to, _ := m.Step()
		for _, alt := range gametest.AltRoutes(board, occ, m.Path(), true, 12) {
			if !alt.HasMarks() { // Coir writes no 'x' (C7)
				add(NewMove(alt, from, to))
			}
		}
	}
	return texts
}

// TestG9_Canonical: in random positions, every legal written form of a
// move, re-routed or disguised, has the generated move as its canonical
// form, through hops.Canonical and through the Game's State; an illegal
// form gives Validate's error.
func TestG9_Canonical(t *testing.T) {
	suite.CheckCanonicals(t, "ww2bw/3w2/6/3bb1/ww1b2/3b1w b", "2bb1b/bb4/b1b3/1wb3/1bb3/2b3 w")
}

// TestG9_CanonicalExamples: a Dame's jumps written through other
// landings, and jumps and step that end alike (C7), in the forms people
// type (G12).
func TestG9_CanonicalExamples(t *testing.T) {
	const p = "ww2bw/3w2/6/3bb1/ww1b2/3b1w b"
	const q = "2bb1b/bb4/b1b3/1wb3/1bb3/2b3 w"
	gametest.CheckCanonicalExamples(t, Game, []gametest.CanonicalExample{
		{Position: p, Text: "E3-C3-E1-C1 D2-E2", Want: "E3-C1 D2-E2"},
		{Position: p, Text: "\te3—c3—e1—c1   d2–e2", Want: "E3-C1 D2-E2"},
		{Position: q, Text: "B3-D1-A1 A1-A2", Want: "B3-D1-B1 B1-A2"},
		{Position: q, Text: "B3-B5", Rule: "C6"},
	})
}
