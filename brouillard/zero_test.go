package brouillard

import (
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
)

// TestZeroHasNoPieces: the zero Position and View hold no piece (their
// Fous, both on A1 in memory, are none, for Fou and Setup), have no
// move, and say that White, to move, has lost (G6) in Outcome, the
// diagram, the drawing and the builder alike.
func TestZeroHasNoPieces(t *testing.T) {
	type zero interface {
		At(hops.Square) (hops.Piece, bool)
		Fou(hops.Side) hops.Square
		Outcome() hops.Outcome
		String() string
		Diagram() string
		Drawing(...Move) hops.Drawing
	}
	for _, z := range []zero{Position{}, View{}} {
		for s := hops.Square(-1); s < 64; s++ {
			if pc, ok := z.At(s); ok {
				t.Errorf("%T: At(%v) = %+v", z, s, pc)
			}
		}
		if f := z.Fou(White); f != hops.NoSquare {
			t.Errorf("%T: White Fou on %v", z, f)
		}
		if got, want := z.String(), "7/7/7/7/7/7/7 w 0 0 -"; got != want {
			t.Errorf("%T: text %q, want %q", z, got, want)
		}
		o := z.Outcome()
		if !o.Over || o.Winner != Red || o.Rule != "G6" {
			t.Errorf("%T: outcome %v, want Red's win under G6", z, o)
		}
		want := "game over: Red won, White has no legal move (G6); White captured 0, Red captured 0\n"
		if d := z.Diagram(); !strings.HasSuffix(d, want) || strings.Count(d, "F") != 1 { // the file letter only
			t.Errorf("%T: diagram\n%s", z, d)
		}
		d := z.Drawing()
		if d.Caption != "Red won: White has no legal move" {
			t.Errorf("%T: caption %q", z, d.Caption)
		}
		for s, tok := range d.Tokens {
			if tok.Fill != "" {
				t.Errorf("%T: a piece drawn on %v", z, hops.Square(s))
			}
		}
	}
	if f := (Position{}).Setup().Fous; f != [2]hops.Square{hops.NoSquare, hops.NoSquare} {
		t.Errorf("zero Position: Setup().Fous = %v, where Fou says none", f)
	}
	var v View
	if v.Consistent() != 0 || v.Unseen() != [King + 1]int{} {
		t.Errorf("zero View: %d consistent positions, unseen %v", v.Consistent(), v.Unseen())
	}
	for _, b := range []func() (hops.Built[Move], error){
		func() (hops.Built[Move], error) { return Position{}.Build(nil) },
		func() (hops.Built[Move], error) { return View{}.Build(nil) },
	} {
		if got, err := b(); err != nil || got.Prompt != "the game is over" || len(got.Next) != 0 {
			t.Errorf("zero Build: %q %v %v", got.Prompt, got.Next, err)
		}
	}
}

// TestDiagramSaysWhoWon: once a King is captured (B5) the diagram's
// last line, like the drawing's caption, names the winner; it said
// whose turn it was.
func TestDiagramSaysWhoWon(t *testing.T) {
	p, err := Parse("7/3F3/1k!5/x!6/2f2X!1/2x!3X!/7 w 4 5 -")
	if err != nil {
		t.Fatal(err)
	}
	want := "game over: Red won, Red captured the White King (B5); White captured 4, Red captured 5\n"
	for _, d := range []string{p.Diagram(), p.View(White).Diagram(), p.View(Red).Diagram()} {
		if !strings.HasSuffix(d, want) {
			t.Errorf("diagram ends\n%s, want\n%s", d[strings.LastIndex(d[:len(d)-1], "\n")+1:], want)
		}
	}
	if got := p.Drawing().Caption; got != "Red won: Red captured the White King" {
		t.Errorf("caption %q", got)
	}
	// A game under way: whose turn, and the counts, in both.
	s := Start()
	if got, want := s.Drawing().Caption, "White to move; White captured 0, Red captured 0"; got != want {
		t.Errorf("caption %q, want %q", got, want)
	}
	if d := s.Diagram(); !strings.HasSuffix(d, "\nWhite to move; White captured 0, Red captured 0\n") {
		t.Errorf("diagram\n%s", d)
	}
}
