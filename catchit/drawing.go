package catchit

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Drawing describes the position as a picture in the manner of the rule
// sheet's figures (render it with its SVG method): Blue pawns blue, Red
// pawns red, the ball a yellow dot on its carrier, and the goal ranks
// tinted with the colour of the side that aims at them; then arrows
// along the moves given, in order (usually the move that led here). A
// jump off the board is drawn over a pawn of the last rank that it may
// have jumped in this position: straight ahead when one stands there,
// else diagonally past it (K6, Fig. 7: from B2 over A1).
func (p Position) Drawing(last ...Move) hops.Drawing {
	d := hops.Drawing{Board: board, Arrows: engine.AppendArrows(nil, last...)}
	for i := range d.Arrows {
		p.overLastRank(&d.Arrows[i])
	}
	for s := range board.RankSquares(6).Squares() {
		d.SquareFill[s] = "#d6e4f5" // Blue's goal is beyond rank 7
	}
	for s := range board.RankSquares(0).Squares() {
		d.SquareFill[s] = "#f5d6d6" // Red's goal is beyond rank 1
	}
	fill := [2]string{"#2e86de", "#c0392b"}
	for side, set := range p.pawns {
		for s := range set.Squares() {
			d.Tokens[s] = hops.Token{Fill: fill[side]}
		}
	}
	if c := p.carrier(); board.Contains(c) {
		d.Tokens[c].Marker = "#f1c40f"
	}
	d.Caption = engine.Caption(p.Outcome(), SideName(p.ToMove()))
	return d
}

// Arrows returns the move's hops as arrows for a hops.Drawing: the first
// displacement, then the second, as the move's second part
// (hops.Arrow.Part). A hop out of the board is drawn straight over the
// goal edge: the move's text does not say which pawn a jump out went
// over, which Position.Drawing finds in its position.
func (m Move) Arrows() []hops.Arrow {
	return append(engine.PathArrows(board, m.first, false), engine.AsPart(engine.PathArrows(board, m.second, false), 1)...)
}

// overLastRank turns the arrow of a jump off the board (two ranks, from
// the rank before the last) towards a pawn of the last rank that it can
// have jumped, when none stands straight ahead (K6).
func (p Position) overLastRank(a *hops.Arrow) {
	if a.ToRank >= 0 && a.ToRank < board.Size() || a.FromRank-a.ToRank != 2 && a.ToRank-a.FromRank != 2 {
		return
	}
	pawns, rank := p.pawns[0]|p.pawns[1], (a.FromRank+a.ToRank)/2
	for _, df := range []int{0, -1, 1} {
		f := a.FromFile + df
		if f >= 0 && f < board.Size() && pawns.Has(hops.SquareAt(f, rank)) {
			a.ToFile = a.FromFile + 2*df
			return
		}
	}
}
