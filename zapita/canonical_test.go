package zapita

import (
	"math/rand/v2"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// suite gathers what the checks shared by the four games need of this one.
var suite = gametest.NewSuite(Game, Parse, ParseMove, playedPosition, typedForms, writtenForms)

// typedForms returns texts of moves of p besides the generated ones:
// each generated multi-jump re-routed along other chains of jumps to the
// same landing (legal or not), and every text disguised as people type
// it (G12).
func typedForms(p Position, rng *rand.Rand, n int) []string {
	occ := gametest.Occupied(board, p.String())
	var texts []string
	for _, m := range gametest.PickMoves(rng, p.AppendMoves(nil), n) {
		texts = append(texts, m.String(), gametest.Disguise(rng, m.String()))
		throws := make([]hops.Square, m.NumThrows())
		for i := range throws {
			throws[i] = m.Throw(i)
		}
		for _, alt := range gametest.AltRoutes(board, occ, m.Path(), false, 12) {
			if alt.HasMarks() {
				continue // 'x' is no Zapita text (Z7)
			}
			text := NewMove(alt, throws...).String()
			texts = append(texts, text, gametest.Disguise(rng, text))
		}
	}
	return texts
}

// TestG9_Canonical: in random positions, every legal written form of a
// move, re-routed or disguised, has the generated move as its canonical
// form, through hops.Canonical and through the Game's State; an illegal
// form gives Validate's error.
func TestG9_Canonical(t *testing.T) {
	suite.CheckCanonicals(t, "7/*5B/5bc/3c3/Bb3aC/4A1A/a4C1 w")
}

// TestG9_CanonicalExamples: other routes to the same landing (G5 keeps
// them finite), in the forms people type (G12).
func TestG9_CanonicalExamples(t *testing.T) {
	const p = "7/*5B/5bc/3c3/Bb3aC/4A1A/a4C1 w"
	gametest.CheckCanonicalExamples(t, Game, []gametest.CanonicalExample{
		{Position: p, Text: "G3-E3-E1", Want: "G3-E3-E1"},
		{Position: p, Text: "G3-G1-E1", Want: "G3-E3-E1"},
		{Position: p, Text: "G3-G1-E1-E3", Want: "G3-E3"},
		{Position: p, Text: " g3–g1—e1−e3\t", Want: "G3-E3"},
		{Position: p, Text: "G3-G5", Rule: "G4"},
	})
}
