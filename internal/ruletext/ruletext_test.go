package ruletext

import (
	"errors"
	"fmt"
	"testing"

	"github.com/hopsgames/hops/games"
)

// TestError: the rule a library error ends with is cited as a rule, in
// an error wrapped with more words too; the squares of the message stay
// as they are; an error without a rule is unchanged.
func TestError(t *testing.T) {
	g, _ := games.ByName("zapita")
	s := g.Start(0)
	_, err := s.Play("G1-H1")
	if err == nil {
		t.Fatal("G1-H1 was played")
	}
	want := `path "G1-H1": square "H1" is off the 7x7 board (A1..G7) (rule G1)`
	if got := Error(err); got != want {
		t.Errorf("Error(%q) = %q, want %q", err, got, want)
	}
	if got := Error(fmt.Errorf("-fen: %w", err)); got != "-fen: "+want {
		t.Errorf("wrapped: %q", got)
	}
	plain := errors.New("the output is closed (G4)")
	if got := Error(plain); got != plain.Error() {
		t.Errorf("an error of no rule: %q", got)
	}
	if got := Cite("K3"); got != "(rule K3)" {
		t.Errorf("Cite: %q", got)
	}
}
