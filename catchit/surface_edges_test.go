package catchit

import (
	"fmt"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// TestAtNamesPawnsAndCarriers (K1, K11): At gives each pawn its side and
// its letter of the position text, and names the pawn with the ball the
// carrier; an empty square holds nothing.
func TestAtNamesPawnsAndCarriers(t *testing.T) {
	gametest.CheckAt(t, board, Start(), map[string]hops.Piece{
		"D1": {Side: Blue, Letter: 'B', Name: "carrier"},
		"A1": {Side: Blue, Letter: 'b', Name: "pawn"},
		"A7": {Side: Red, Letter: 'r', Name: "pawn"},
		"D4": {},
	})
	gametest.CheckAt(t, board, StartWith(Red), map[string]hops.Piece{
		"D7": {Side: Red, Letter: 'R', Name: "carrier"},
		"D1": {Side: Blue, Letter: 'b', Name: "pawn"},
	})
}

// TestBuildEdges: what the builder offers and asks in the middle of a
// turn, and the error, with its rule, of a click it does not offer.
func TestBuildEdges(t *testing.T) {
	for _, c := range []struct {
		name, pos, clicks string
		// For a build: its next clicks and prompt.
		next, prompt string
		// For a refused click: the error.
		err string
	}{
		{name: "K7 nothing after a win", pos: fig6, clicks: "C7 out A1",
			err: "click 3 A1: the turn ended when the ball left the board (K7)"},
		{name: "K5 a marked pawn", pos: start, clicks: "xA1",
			err: "click 1 xA1: a pawn is clicked unmarked: 'x' marks the jump that takes the ball (K5)"},
		{name: "K4 another pawn before the first moved", pos: start, clicks: "D1 C1",
			err: "click 2 C1: the pawn on D1 has not moved yet (K4)"},
		{name: "K7 the second displacement", pos: start, clicks: "A1 A2 D1",
			next: "[C2 D2 E2]", prompt: "second displacement: click where the pawn on D1 goes"},
		{name: "K5 on after taking the ball", pos: fig7, clicks: "D6 xD4",
			next: "[B2 A7 B7 C7 E7 F7 G7]", prompt: "jump on, or second displacement: move another pawn"},
		{name: "K6 out or another pawn", pos: fig7, clicks: "D6 xD4 B2",
			next: "[A7 B7 C7 E7 F7 G7 out]", prompt: "leave the board to win, or second displacement: move another pawn"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.pos)
			b, err := p.Build(gametest.Clicks(t, c.clicks))
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("%s, %s: %v, want %s", c.pos, c.clicks, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s, %s: %v", c.pos, c.clicks, err)
			}
			if next := fmt.Sprint(b.Next); next != c.next || b.Prompt != c.prompt {
				t.Fatalf("%s, %s: next %s, prompt %q; want %s, %q", c.pos, c.clicks, next, b.Prompt, c.next, c.prompt)
			}
		})
	}
}

// TestK6_ExitArrowOverAPawn: a jump off the board is drawn over a pawn of
// the last rank that it may have jumped: in Fig. 7 from B2 over A1, past
// the corner, where the straight line would cross the empty B1; with a
// pawn straight ahead, straight over it. Every exit of the position is
// drawn over a pawn, before and after the move, and Move.Arrows, which
// knows no position, draws straight.
func TestK6_ExitArrowOverAPawn(t *testing.T) {
	p := mustParse(t, "rrr1rrr/3r3/3B3/7/2b4/6b/b3bbb r")
	m := mustMove(t, "D6xD4-B2-out")
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	want := hops.Arrow{FromFile: 1, FromRank: 1, ToFile: -1, ToRank: -1}
	for _, pos := range []Position{p, q} {
		if a := pos.Drawing(m).Arrows; a[len(a)-1] != want {
			t.Errorf("the exit in %s is drawn %+v, want %+v", pos, a[len(a)-1], want)
		}
	}
	if a := m.Arrows(); a[len(a)-1] != (hops.Arrow{FromFile: 1, FromRank: 1, ToFile: 1, ToRank: -1}) {
		t.Errorf("Move.Arrows draws the exit %+v, want straight down", a[len(a)-1])
	}
	straight := mustParse(t, "rrr1rrr/3r3/3B3/7/2b4/6b/1b2bbb r")
	if a := straight.Drawing(m).Arrows; a[len(a)-1] != (hops.Arrow{FromFile: 1, FromRank: 1, ToFile: 1, ToRank: -1}) {
		t.Errorf("with a pawn on B1 the exit is drawn %+v, want straight over it", a[len(a)-1])
	}
	exits := 0
	for mv := range p.Moves() {
		next, err := p.Play(mv)
		if err != nil {
			t.Fatal(err)
		}
		for _, pos := range []Position{p, next} {
			for _, a := range pos.Drawing(mv).Arrows {
				if a.ToRank >= 0 && a.ToRank < 7 || a.FromRank-a.ToRank != 2 {
					continue
				}
				exits++
				over := hops.SquareAt((a.FromFile+a.ToFile)/2, 0)
				if _, ok := pos.At(over); !ok || a.ToFile-a.FromFile != 2*(over.File()-a.FromFile) {
					t.Errorf("%s: the exit %+v is drawn over the empty %s", mv, a, over)
				}
			}
		}
	}
	if exits == 0 {
		t.Fatal("no jump off the board among the moves")
	}
}
