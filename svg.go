package hops

import (
	"encoding/xml"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
)

// Drawing describes a picture of a position in the manner of the rule
// sheets' figures: the board with its coordinates, coloured squares, the
// pieces, arrows along a move and highlighted squares. Each game package
// fills one in (its Position.Drawing method); SVG renders it.
type Drawing struct {
	// Board is the game's board, a value shared by the whole library
	// (Board7, Board6): read it, never change what it points to.
	Board       *Board
	SquareFill  [64]string // fill colour of each square; "" for the default
	SquareLabel [64]string // text in a square's corner, above the pieces, a word a line, such as "HQ White" (its first word alone over a piece)
	Tokens      [64]Token  // what stands on each square
	Arrows      []Arrow    // a move, drawn in order
	Highlight   Bitboard   // squares drawn with a coloured frame
	Caption     string     // a line of text under the board
	// Flipped turns the picture half a turn, as the second side sees
	// the board across the table: A1 at the top right, the files'
	// letters and the ranks' numbers with their squares.
	Flipped bool
}

// Token is a piece drawn on a square: a disc with an optional label and an
// optional small marker disc (Catch'it's ball).
type Token struct {
	Fill     string `json:"fill"`      // disc colour; "" for no piece
	Stroke   string `json:"stroke"`    // outline colour; "" for black
	Label    string `json:"label"`     // text in the disc, such as a power or a figure
	Ink      string `json:"ink"`       // label colour; "" for black
	Marker   string `json:"marker"`    // colour of a small disc on the piece; "" for none
	FaceDown bool   `json:"face_down"` // drawn hatched, as a hidden piece
	Square   bool   `json:"square"`    // drawn as a rounded square instead of a disc
}

// Arrow is one hop of a move. Its ends are given as file and rank (from
// 0), which may lie one square off the board (Catch'it's exit).
type Arrow struct {
	FromFile int  `json:"from_file"`
	FromRank int  `json:"from_rank"`
	ToFile   int  `json:"to_file"`
	ToRank   int  `json:"to_rank"`
	Dashed   bool `json:"dashed,omitempty"` // a throw rather than a step or jump
	// Part is the part of the move the hop belongs to, from 0 (a
	// negative part is drawn as the first). A second part (Catch'it's
	// second displacement, Coir's step after jumps, Brouillard's Fou) is
	// drawn in another colour and a little aside, so that it stays apart
	// from a first part along the same line.
	Part int `json:"part,omitempty"`
}

// The geometry of the picture, in SVG user units.
const (
	svgCell   = 60
	svgMargin = 36
	// svgArrowOut is how far past the board's edge an arrow that leaves
	// the board reaches: its head stays clear of the coordinates.
	svgArrowOut = 8
	// svgSquareFill is the colour of a square whose fill is not set.
	svgSquareFill = "#f3e6c8"
	// svgArrow and svgSecondPart are the colours of a move's first part
	// and of its later parts; svgPartAside is how far a later part is
	// drawn aside, to the left of its way.
	svgArrow      = "#c0392b"
	svgSecondPart = "#7d3c98"
	svgPartAside  = 4
)

// SVG renders the drawing as a standalone SVG 1.1 document. The output is
// deterministic: the same drawing always gives the same bytes. The ids of
// its definitions (the arrowhead, the hatching of a face-down piece) are
// named after a hash of the picture ("hops-1f2e3d4c-head"), so that
// different drawings inlined in one HTML page, such as a board and the
// preview of a move, do not take each other's.
//
// The geometry, in user units, for a page that maps a click to a square:
// each square is a rect 60 wide and high whose data-square attribute
// names it ("D4"), drawn before the pieces, which lie above it, each
// naming its square in a data-piece attribute (a circle of radius 22, or
// a rounded square 44 wide, centred on its square), and the frame of a
// highlighted square, under the pieces, names it in data-highlight; the
// board starts 36 from the picture's left and top edges, with the
// coordinates in that margin, and a caption adds 28 below it.
func (d Drawing) SVG() string {
	b := d.Board
	if b == nil {
		b = Board7
	}
	n := b.Size()
	w := 2*svgMargin + n*svgCell
	h := w
	if d.Caption != "" {
		h += 28
	}
	// The picture is written with svgID standing for its ids' prefix,
	// which is then named after a hash of it.
	var s strings.Builder
	fmt.Fprintf(&s, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", w, h, w, h)
	// The heads: filled, or open for a throw, whose dashes do not show on
	// an arrow of one square; the first part's filled head always, the
	// others when an arrow uses them.
	head := func(id, colour string) string {
		return `<marker id="` + svgID + id + `" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="` + colour + `"/></marker>`
	}
	open := func(id, colour string) string {
		return `<marker id="` + svgID + id + `" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M1,1 L8,5 L1,9" fill="none" stroke="` + colour + `" stroke-width="2"/></marker>`
	}
	s.WriteString(`<defs>` + head("head", svgArrow))
	uses := func(part bool, dashed bool) bool {
		return slices.ContainsFunc(d.Arrows, func(a Arrow) bool { return (a.Part > 0) == part && a.Dashed == dashed })
	}
	if uses(true, false) {
		s.WriteString(head("head2", svgSecondPart))
	}
	if uses(false, true) {
		s.WriteString(open("throw", svgArrow))
	}
	if uses(true, true) {
		s.WriteString(open("throw2", svgSecondPart))
	}
	s.WriteString(`<pattern id="` + svgID + `hidden" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#7f8c8d"/><path d="M0,8 L8,0" stroke="#bdc3c7" stroke-width="2"/></pattern></defs>` + "\n")
	fmt.Fprintf(&s, `<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", w, h)
	x := func(f int) int { return svgMargin + f*svgCell }
	y := func(r int) int { return svgMargin + (n-1-r)*svgCell }
	if d.Flipped {
		x = func(f int) int { return svgMargin + (n-1-f)*svgCell }
		y = func(r int) int { return svgMargin + r*svgCell }
	}
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			sq := SquareAt(f, r)
			fill := d.SquareFill[sq]
			if fill == "" {
				fill = svgSquareFill
			}
			// data-square names the square, for a page that lets a
			// person click it.
			fmt.Fprintf(&s, `<rect data-square="%s" x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#5d4037" stroke-width="1"/>`+"\n",
				sq, x(f), y(r), svgCell, svgCell, esc(fill))
		}
	}
	for f := 0; f < n; f++ {
		fmt.Fprintf(&s, `<text x="%d" y="%d" font-family="sans-serif" font-size="16" text-anchor="middle">%c</text>`+"\n",
			x(f)+svgCell/2, svgMargin+n*svgCell+24, 'A'+f)
	}
	for r := 0; r < n; r++ {
		fmt.Fprintf(&s, `<text x="%d" y="%d" font-family="sans-serif" font-size="16" text-anchor="middle">%d</text>`+"\n",
			svgMargin/2, y(r)+svgCell/2+6, r+1)
	}
	for sq := range d.Highlight.Squares() {
		if b.Contains(sq) {
			fmt.Fprintf(&s, `<rect data-highlight="%s" x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#f1c40f" stroke-width="5"/>`+"\n",
				sq, x(sq.File())+3, y(sq.Rank())+3, svgCell-6, svgCell-6)
		}
	}
	for sq := range b.All().Squares() {
		t := d.Tokens[sq]
		if t.Fill == "" {
			continue
		}
		cx, cy := x(sq.File())+svgCell/2, y(sq.Rank())+svgCell/2
		fill, stroke, ink := esc(t.Fill), t.Stroke, t.Ink
		width := 2
		if t.FaceDown { // hatched, ringed with the owner's colour
			fill = "url(#" + svgID + "hidden)"
			if stroke == "" {
				stroke, width = t.Fill, 4
			}
		}
		if stroke == "" {
			stroke = "#000000"
		}
		if ink == "" {
			ink = "#000000"
		}
		if t.Square {
			fmt.Fprintf(&s, `<rect data-piece="%s" x="%d" y="%d" width="44" height="44" rx="8" fill="%s" stroke="%s" stroke-width="%d"/>`+"\n",
				sq, cx-22, cy-22, fill, esc(stroke), width)
		} else {
			fmt.Fprintf(&s, `<circle data-piece="%s" cx="%d" cy="%d" r="22" fill="%s" stroke="%s" stroke-width="%d"/>`+"\n", sq, cx, cy, fill, esc(stroke), width)
		}
		if t.Label != "" {
			fmt.Fprintf(&s, `<text x="%d" y="%d" font-family="sans-serif" font-size="20" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`+"\n",
				cx, cy+7, esc(ink), esc(t.Label))
		}
		if t.Marker != "" {
			fmt.Fprintf(&s, `<circle cx="%d" cy="%d" r="9" fill="%s" stroke="#000000" stroke-width="1.5"/>`+"\n", cx+15, cy-15, esc(t.Marker))
		}
	}
	// The squares' labels, above the pieces (Zapita's bomb may end on a
	// headquarters), one word a line so that a label stays large enough
	// to read on a small screen, outlined in the square's colour. Over a
	// piece only the first word is written, in the corner, so that the
	// piece's own label (the bomb's star) stays in sight.
	for sq := range b.All().Squares() {
		l := d.SquareLabel[sq]
		if l == "" {
			continue
		}
		if d.Tokens[sq].Fill != "" {
			l, _, _ = strings.Cut(strings.TrimSpace(l), " ")
		}
		halo := d.SquareFill[sq]
		if halo == "" {
			halo = svgSquareFill
		}
		fmt.Fprintf(&s, `<text data-label="%s" x="%d" y="%d" font-family="sans-serif" font-size="13" font-weight="bold" fill="#33691e" stroke="%s" stroke-width="3" stroke-linejoin="round" paint-order="stroke">`,
			sq, x(sq.File())+4, y(sq.Rank())+2, esc(halo))
		for _, word := range strings.Fields(l) {
			fmt.Fprintf(&s, `<tspan x="%d" dy="13">%s</tspan>`, x(sq.File())+4, esc(word))
		}
		s.WriteString("</text>\n")
	}
	center := func(f, r int) (int, int) { return x(f) + svgCell/2, y(r) + svgCell/2 }
	// An arrow to a square off the board (Catch'it's exit) ends just
	// past the board's edge, short of the coordinates in the margin.
	left, top := svgMargin-svgArrowOut, svgMargin-svgArrowOut
	right, bottom := svgMargin+n*svgCell+svgArrowOut, svgMargin+n*svgCell+svgArrowOut
	for _, a := range d.Arrows {
		x1, y1 := center(a.FromFile, a.FromRank)
		x2, y2 := center(a.ToFile, a.ToRank)
		colour, head := svgArrow, "head"
		if a.Part > 0 {
			// Aside, to the left of the way as drawn (a flipped picture
			// turns it with the board).
			colour, head = svgSecondPart, "head2"
			if l := math.Hypot(float64(x2-x1), float64(y2-y1)); l > 0 {
				dx := int(math.Round(float64(y2-y1) / l * svgPartAside))
				dy := int(math.Round(float64(x1-x2) / l * svgPartAside))
				x1, y1, x2, y2 = x1+dx, y1+dy, x2+dx, y2+dy
			}
		}
		x2, y2 = clipSegment(x1, y1, x2, y2, left, top, right, bottom)
		dash := ""
		if a.Dashed {
			dash, head = ` stroke-dasharray="8 5"`, strings.Replace(head, "head", "throw", 1)
		}
		fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="4" stroke-opacity="0.85"%s marker-end="url(#`+svgID+`%s)"/>`+"\n",
			x1, y1, x2, y2, colour, dash, head)
	}
	if d.Caption != "" {
		fmt.Fprintf(&s, `<text x="%d" y="%d" font-family="sans-serif" font-size="16" text-anchor="middle">%s</text>`+"\n",
			w/2, h-10, esc(d.Caption))
	}
	s.WriteString("</svg>\n")
	sum := fnv.New32a()
	sum.Write([]byte(s.String()))
	return strings.ReplaceAll(s.String(), svgID, fmt.Sprintf("hops-%08x-", sum.Sum32()))
}

// svgID stands for the prefix of a picture's ids while it is written: no
// text of a drawing can hold it, as esc writes a NUL as no character.
const svgID = "\x00id\x00"

// clipSegment returns the end of the segment from (x1, y1), inside the
// rectangle, to (x2, y2), cut where it leaves the rectangle.
func clipSegment(x1, y1, x2, y2, left, top, right, bottom int) (int, int) {
	t := 1.0
	cut := func(from, to, lo, hi int) {
		switch {
		case to == from:
			// No way along this axis: nothing to cut (and no division by
			// zero for an arrow of no length).
		case to > hi:
			t = min(t, float64(hi-from)/float64(to-from))
		case to < lo:
			t = min(t, float64(lo-from)/float64(to-from))
		}
	}
	cut(x1, x2, left, right)
	cut(y1, y2, top, bottom)
	return x1 + int(math.Round(t*float64(x2-x1))), y1 + int(math.Round(t*float64(y2-y1)))
}

func esc(text string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(text))
	return b.String()
}

// UnmarshalJSON reads the JSON form of a Token, its keys written exactly
// and each once (see DecodeJSON).
func (t *Token) UnmarshalJSON(data []byte) error {
	type plain Token
	return decodeWhole(data, (*plain)(t), "token")
}

// UnmarshalJSON reads the JSON form of an Arrow, its keys written exactly
// and each once (see DecodeJSON).
func (a *Arrow) UnmarshalJSON(data []byte) error {
	type plain Arrow
	return decodeWhole(data, (*plain)(a), "arrow")
}
