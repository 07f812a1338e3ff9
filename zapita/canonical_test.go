package zapita

import (
	"math/rand/v2"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

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
	// Positions known to have moves with other legal forms, so that the
	// check cannot pass vacuously.
	rng := rand.New(rand.NewPCG(1, 9))
	others := 0
	for _, text := range []string{"7/*5B/5bc/3c3/Bb3aC/4A1A/a4C1 w"} {
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
		p, _ := randomPosition(t)
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
	texts := append(typedForms(p, rng, n), gametest.SampleTexts(rng, writtenForms(p), n)...)
	return gametest.CheckCanonical(t, c, texts)
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

// pickMoves says how many moves of each position TestG9_Canonical
// rewrites: checking a form plays every generated move.
func pickMoves() int {
	if testing.Short() {
		return 6
	}
	return 16
}
