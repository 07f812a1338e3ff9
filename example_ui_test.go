package hops_test

import (
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// lastMovePicture draws any game's position with the move that led to it, as a
// user interface shows the last move.
func lastMovePicture[M hops.Move](p hops.UI[M], last M) string {
	return p.Drawing(last).SVG()
}

// Draw a position of each game with its last move: the same generic code
// serves all four, and a Brouillard View (what one player sees).
func ExampleUI() {
	show := func(svg string) {
		fmt.Printf("%d arrows, %q\n", strings.Count(svg, "<line "), svg[strings.LastIndex(svg, `">`)+2:strings.LastIndex(svg, "</text>")])
	}
	z, _ := zapita.ParseMove("G2-F2")
	zp, _ := zapita.Start().Play(z)
	show(lastMovePicture(zp, z))

	c, _ := catchit.ParseMove("D1-D2 C1-C2")
	cp, _ := catchit.Start().Play(c)
	show(lastMovePicture(cp, c))

	o, _ := coir.ParseMove("A1-A2")
	op, _ := coir.Start().Play(o)
	show(lastMovePicture(op, o))

	b, _ := brouillard.ParseMove("D2-C3")
	bp, _ := brouillard.Start().Play(b)
	show(lastMovePicture(bp.View(brouillard.Red), b))
	// Output:
	// 1 arrows, "Khaki to move"
	// 2 arrows, "Red to move"
	// 1 arrows, "Black to move"
	// 1 arrows, "Red to move; White captured 0, Red captured 0"
}

// clickMove builds a move in any game from the squares a person clicks,
// as a user interface does: each click must be one Build offers, and the
// last one must complete a move.
func clickMove[M hops.Move](p hops.UI[M], squares ...string) (M, error) {
	var clicks []hops.Click
	var zero M
	for _, s := range squares {
		c, err := hops.ParseClick(s)
		if err != nil {
			return zero, err
		}
		clicks = append(clicks, c)
		if _, err := p.Build(clicks); err != nil {
			return zero, err
		}
	}
	b, err := p.Build(clicks)
	if err != nil {
		return zero, err
	}
	if !b.Complete {
		return zero, fmt.Errorf("not a whole move yet: next %v", b.Next)
	}
	return b.Move, nil
}

// what says what stands on a square and where it can go.
func what[M hops.Move](p hops.UI[M], square string) string {
	s, _ := hops.Board7.ParseSquare(square)
	pc, ok := p.At(s)
	if !ok {
		return square + " is empty"
	}
	return fmt.Sprintf("%s: %s %q, to %v", square, pc.Name, pc.Letter, p.Destinations(s))
}

// Build a move in each game from clicks, with the same generic code.
func ExampleUI_build() {
	fmt.Println(what(zapita.Start(), "G2"))
	fmt.Println(clickMove(zapita.Start(), "G2", "F2"))
	fmt.Println(what(catchit.Start(), "D1"))
	fmt.Println(clickMove(catchit.Start(), "D1", "D2", "C1", "C2"))
	fmt.Println(clickMove(coir.Start(), "A1", "A2"))
	fmt.Println(what(brouillard.Start(), "D2"))
	fmt.Println(clickMove(brouillard.Start(), "D2", "C3"))
	if _, err := clickMove(brouillard.Start(), "D2", "D4"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// G2: pawn 2 'B', to {F1 F2 F3}
	// G2-F2 <nil>
	// D1: carrier 'B', to {C2 D2 E2}
	// C1-C2 D1-D2 <nil>
	// A1-A2 <nil>
	// D2: Fou 'F', to {C1 E1 B2 F2 C3 E3}
	// D2-C3 <nil>
	// click 2 D4: Fou move D2-D4: jump 1 D2-D4 jumps over an empty square (G4)
}
