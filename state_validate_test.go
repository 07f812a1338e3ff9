package hops_test

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

// TestStateValidateIsPlays: State.Validate accepts exactly the move texts
// Play plays, and refuses the others with Play's own error (the rule
// cited included), in random positions of the four games: the legal
// moves' texts, the same texts damaged, and moves of other positions.
func TestStateValidateIsPlays(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := rapid.SampledFrom([]*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game}).Draw(t, "game")
		s := g.Start(hops.Side(rapid.IntRange(0, 1).Draw(t, "first")))
		var texts []string
		for range rapid.IntRange(0, 30).Draw(t, "plies") {
			n := s.CountMoves()
			if n == 0 {
				break
			}
			texts = append(texts, s.MovesPage(0, 3)...) // moves of earlier positions
			next, err := s.PlayIndex(rapid.IntRange(0, n-1).Draw(t, "move"))
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
		texts = append(texts, s.MovesPage(0, 20)...)
		for _, text := range s.MovesPage(0, 5) {
			if text == "" {
				continue
			}
			i := rapid.IntRange(0, len(text)-1).Draw(t, "at")
			texts = append(texts, text[:i]+rapid.StringN(0, 2, 2).Draw(t, "insert")+text[i+1:])
		}
		legal := 0
		for _, text := range texts {
			verr := s.Validate(text)
			next, perr := s.Play(text)
			if (verr == nil) != (perr == nil) || verr != nil && verr.Error() != perr.Error() || hops.RuleOf(verr) != hops.RuleOf(perr) {
				t.Fatalf("%s in %s: Validate says %v, Play %v", text, s, verr, perr)
			}
			if verr == nil {
				legal++
				if next == nil {
					t.Fatalf("%s in %s: validated, but Play gives no state", text, s)
				}
			}
		}
		if !s.Outcome().Over && legal == 0 {
			t.Fatalf("%s: none of %q validated", s, texts)
		}
	})
}
