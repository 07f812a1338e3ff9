package brouillard

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

var figureLabels = [...]string{Nine: "9", Ten: "10", Jack: "J", Queen: "Q", King: "K"}

// Drawing describes the position as a picture in the manner of the rule
// sheet's figures (render it with its SVG method): dark squares shaded,
// White pieces white and Red pieces red, pawns as discs labelled with
// their figure (blanks unlabelled), a pawn turned over marked with a
// yellow dot, the Fous as squares; then arrows along the moves given, in
// order (usually the decision that led here): the pawn's path, then the
// Fou's.
func (p Position) Drawing(last ...Move) hops.Drawing { return p.st.drawing(last) }

// Drawing describes the view as a picture, like Position.Drawing, with
// the pawns whose faces the viewer does not know drawn face down.
func (v View) Drawing(last ...Move) hops.Drawing { return v.st.drawing(last) }

// Arrows returns the move's hops as arrows for a hops.Drawing: the pawn's
// path, then the Fou's, as the move's second part (hops.Arrow.Part), even
// in a move of the Fou alone, so that the Fou's hops always have their
// colour.
func (m Move) Arrows() []hops.Arrow {
	return append(engine.PathArrows(bd, m.pawn, false), engine.AsPart(engine.PathArrows(bd, m.fou, false), 1)...)
}

func (st *state) drawing(last []Move) hops.Drawing {
	d := hops.Drawing{Board: bd, Arrows: engine.AppendArrows(nil, last...)}
	for s := range dark.Squares() {
		d.SquareFill[s] = "#b08d6a"
	}
	fill := [2]string{"#ffffff", "#c0392b"}
	ink := [2]string{"#000000", "#ffffff"}
	for b := st.pawns[0] | st.pawns[1]; b != 0; b &= b - 1 {
		s := b.First()
		side, k, turned, _ := st.pawn(s)
		t := hops.Token{Fill: fill[side], Ink: ink[side], FaceDown: k == Hidden}
		if int(k) < len(figureLabels) {
			t.Label = figureLabels[k]
		}
		if turned {
			t.Marker = "#f1c40f"
		}
		d.Tokens[s] = t
	}
	for _, side := range [2]hops.Side{White, Red} {
		if s := st.fouSquare(side); s != hops.NoSquare {
			d.Tokens[s] = hops.Token{Fill: fill[side], Ink: ink[side], Label: "F", Square: true}
		}
	}
	if o := st.outcome(); o.Over {
		d.Caption = engine.Caption(o, "")
	} else {
		d.Caption = st.status()
	}
	return d
}
