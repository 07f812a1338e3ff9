package brouillard

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// suite gathers what the checks shared by the four games need of this one.
var suite = gametest.NewSuite(Game, Parse, ParseMove, game, typedForms, positionForms)

// typedForms returns texts of decisions of p besides the generated
// ones: the pawn's path and the Fou's path of each generated decision
// re-routed along other chains of jumps to the same landing, with the
// mark 'x' on no hop or on any one (legal or not), and every text
// disguised as people type it (G12).
func typedForms(p Position, rng *rand.Rand, n int) []string {
	occ := gametest.Occupied(bd, p.String())
	var texts []string
	add := func(m Move) { texts = append(texts, m.String(), gametest.Disguise(rng, m.String())) }
	for _, m := range gametest.PickMoves(rng, p.AppendMoves(nil), n) {
		add(m)
		pawn, fou := m.Pawn(), m.Fou()
		for _, alt := range gametest.AltRoutes(bd, occ, pawn, false, 6) {
			add(NewMove(alt, fou))
		}
		after := occ
		if pawn.Len() > 0 {
			after = occ.Without(pawn.From()).With(pawn.To())
		}
		for _, alt := range gametest.AltRoutes(bd, after, fou, false, 8) {
			add(NewMove(pawn, alt))
		}
	}
	return texts
}

// TestG9_Canonical: in random games, every legal written form of a
// decision, re-routed or disguised, has the generated decision as its
// canonical form, through hops.Canonical and through the Game's State;
// an illegal form gives Validate's error.
func TestG9_Canonical(t *testing.T) {
	suite.CheckCanonicals(t, "1t1kfx1/2j1x1q/1n5/7/1KFQ3/4J1N/1X1T1X1 r 0 0 -", "1x!3k!1/4j!1x!/5q!1/2X!4/4f2/4X!2/FQ!3K1 r 2 3 +")
}

// TestG9_CanonicalExamples: the Fou's jumps along another route to the
// same landing, and a mark 'x' that turns nothing over (the pawn already
// shows its face) is the unmarked move (B8), in the forms people type
// (G12); a Fou never turns over the own pawn that just moved (B8).
func TestG9_CanonicalExamples(t *testing.T) {
	const p = "1t1kfx1/2j1x1q/1n5/7/1KFQ3/4J1N/1X1T1X1 r 0 0 -"
	const q = "1x!3k!1/4j!1x!/5q!1/2X!4/4f2/4X!2/FQ!3K1 r 2 3 +"
	const r = "1j1qFx1/xfk3t/7/7/3T3/X1K1N1J/3Q1X1 r 1 0 -"
	gametest.CheckCanonicalExamples(t, Game, []gametest.CanonicalExample{
		{Position: p, Text: "F7-D5 E7-C7", Want: "F7-D5 E7-C7"},
		{Position: p, Text: "F7-D5 E7-E5-C5-C7", Want: "F7-D5 E7-C7"},
		{Position: p, Text: " f7\u2010d5\te7\u2013e5\u2014c5\u2212c7", Want: "F7-D5 E7-C7"},
		{Position: q, Text: "E3xE1", Want: "E3-E1"},
		{Position: q, Text: "e3\u00d7e1 ", Want: "E3-E1"},
		{Position: q, Text: "E3-E5", Rule: "G4"},
		{Position: r, Text: "A6-B5 B6xB4", Rule: "B8"},
	})
}

// positionForms lists the written forms of decisions in p.
func positionForms(p Position) []Move { return writtenForms(&p.st) }
