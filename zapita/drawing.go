package zapita

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Drawing describes the position as a picture in the manner of the rule
// sheet's figures (render it with its SVG method): the two headquarters
// tinted and labelled, White pawns white and Khaki pawns khaki, each with
// its power, and the bomb as a black disc; then arrows along the moves
// given, in order (usually the move that led here): the pawn's path, then
// each throw dashed.
func (p Position) Drawing(last ...Move) hops.Drawing {
	d := hops.Drawing{Board: board, Arrows: engine.AppendArrows(nil, last...)}
	for _, s := range []hops.Side{White, Khaki} {
		hq := HQ(s)
		d.SquareFill[hq] = "#c5e1a5"
		d.SquareLabel[hq] = "HQ " + SideName(s)
	}
	fill := [2]string{"#ffffff", "#bdb76b"}
	for _, side := range []hops.Side{White, Khaki} {
		for power := 1; power <= 3; power++ {
			for s := range p.PawnsOfPower(side, power).Squares() {
				d.Tokens[s] = hops.Token{Fill: fill[side], Label: fmt.Sprint(power)}
			}
		}
	}
	if b := p.Bomb(); board.Contains(b) {
		if t := d.Tokens[b]; t.Fill != "" {
			// A pawn holds the bomb while it throws it (a move's
			// preview, Z5): the pawn keeps its power, the bomb is a
			// black mark on it.
			t.Marker = "#222222"
			d.Tokens[b] = t
		} else {
			d.Tokens[b] = hops.Token{Fill: "#222222", Ink: "#f1c40f", Label: "*"}
		}
	}
	d.Caption = engine.Caption(p.Outcome(), SideName(p.ToMove()))
	return d
}

// Arrows returns the move's hops as arrows for a hops.Drawing: the pawn's
// path in solid lines, then each throw of the bomb dashed.
func (m Move) Arrows() []hops.Arrow {
	a := engine.PathArrows(board, m.Path(), false)
	from := m.To()
	for i := 0; i < m.NumThrows(); i++ {
		a = append(a, engine.ArrowOf(from, m.Throw(i), true))
		from = m.Throw(i)
	}
	return a
}
