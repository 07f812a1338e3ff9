package brouillard

import (
	"strings"
	"testing"
)

// TestDrawingCaptionAfterTheKing (B5): the picture of a finished game
// names the winner instead of a side to move, in the true state and in
// both views.
func TestDrawingCaptionAfterTheKing(t *testing.T) {
	p, err := Parse("1x1x3/3f3/7/7/7/J1QFK1X/1X1N1T1 r 5 0 -")
	if err != nil {
		t.Fatal(err)
	}
	for name, caption := range map[string]string{
		"true state": p.Drawing().Caption,
		"White view": p.View(White).Drawing().Caption,
		"Red view":   p.View(Red).Drawing().Caption,
	} {
		if !strings.HasPrefix(caption, "White won: ") || strings.Contains(caption, "to move") {
			t.Errorf("%s: caption %q", name, caption)
		}
	}
	if c := Start().Drawing().Caption; !strings.HasPrefix(c, "White to move") {
		t.Errorf("start: caption %q", c)
	}
}
