package catchit

import (
	"slices"
	"testing"
)

// TestK6_StateDrawsAJumpOffOverItsPawn: a jump off the board goes over a
// pawn of the last rank (K6): from G2 with G1 empty it went over F1, and
// the picture of the position it led to draws it so, through the generic
// State as through the typed Position. The State drew the move's own
// arrows, straight down over the empty G1.
func TestK6_StateDrawsAJumpOffOverItsPawn(t *testing.T) {
	p, err := Parse("rrrr3/2rr3/7/bb5/b6/b5R/bb3b1 r")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMove("G2-out")
	if err != nil {
		t.Fatal(err)
	}
	after, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	typed := after.Drawing(m).Arrows
	if len(typed) != 1 || typed[0].ToFile != 4 || typed[0].ToRank != -1 {
		t.Fatalf("the typed picture's arrows %+v, want one from G2 over F1 to E0", typed)
	}
	s, err := Game.State(after)
	if err != nil {
		t.Fatal(err)
	}
	d, err := s.Drawing("G2-out")
	if err != nil || !slices.Equal(d.Arrows, typed) {
		t.Errorf("the State's picture: arrows %+v (%v), want the typed picture's %+v", d.Arrows, err, typed)
	}
	if d.Caption != after.Drawing().Caption || d.Tokens != after.Drawing().Tokens {
		t.Errorf("the State's picture is not the position's: %q", d.Caption)
	}
}
