package coir

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Drawing describes the position as a picture in the manner of the rule
// sheet's figures (render it with its SVG method): each pawn shows its
// upper face, white or black; a lone pawn, which plays as a Dame (C6), is
// marked with a gold dot; then arrows along the moves given, in order
// (usually the move that led here).
func (p Position) Drawing(last ...Move) hops.Drawing {
	d := hops.Drawing{Board: board, Arrows: engine.AppendArrows(nil, last...)}
	fill := [2]string{"#ffffff", "#222222"}
	for _, side := range []hops.Side{White, Black} {
		set := p.pawns(side)
		for s := range set.Squares() {
			d.Tokens[s] = hops.Token{Fill: fill[side]}
			if set.Count() == 1 {
				d.Tokens[s].Marker = "#f1c40f"
			}
		}
	}
	d.Caption = engine.Caption(p.Outcome(), SideName(p.ToMove()))
	return d
}

// Arrows returns the move's hops as arrows for a hops.Drawing: the jumps
// or the slide, then the step after jumps, as the move's second part
// (hops.Arrow.Part).
func (m Move) Arrows() []hops.Arrow {
	a := engine.PathArrows(board, m.Path(), false)
	if from, to, ok := m.Step(); ok {
		step := engine.ArrowOf(from, to, false)
		step.Part = 1
		a = append(a, step)
	}
	return a
}
