package brouillard

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

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
	// Positions known to have moves with other legal forms, so that the
	// check cannot pass vacuously.
	rng := rand.New(rand.NewPCG(1, 9))
	others := 0
	for _, text := range []string{"1t1kfx1/2j1x1q/1n5/7/1KFQ3/4J1N/1X1T1X1 r 0 0 -", "1x!3k!1/4j!1x!/5q!1/2X!4/4f2/4X!2/FQ!3K1 r 2 3 +"} {
		p, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		others += checkCanonical(t, p, rng, 40)
	}
	if others == 0 {
		t.Error("no legal written form other than the canonical one was tried")
	}
	others = 0
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 9))
		others += checkCanonical(t, p, rng, pickMoves())
	})
	t.Logf("random positions: %d legal written forms other than the canonical one", others)
}

// checkCanonical runs gametest.CheckCanonical on the written forms of n
// of p's moves and returns how many legal non-canonical forms it met.
func checkCanonical(t gametest.Fataler, p Position, rng *rand.Rand, n int) int {
	t.Helper()
	st, err := Game.Parse(p.String())
	if err != nil {
		t.Fatalf("Game.Parse(%s): %v", p, err)
	}
	c := gametest.CanonicalCase[Position, Move]{Pos: p, State: st, ParseMove: ParseMove}
	// Besides re-routed and disguised generated moves, a sample of the
	// written forms the builder tests enumerate from every path.
	texts := append(typedForms(p, rng, n), gametest.SampleTexts(rng, writtenForms(&p.st), n)...)
	return gametest.CheckCanonical(t, c, texts)
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

// pickMoves says how many moves of each position TestG9_Canonical
// rewrites: checking a form plays every generated move.
func pickMoves() int {
	if testing.Short() {
		return 6
	}
	return 16
}
