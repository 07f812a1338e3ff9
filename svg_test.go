package hops

import (
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"
)

// checkSVG parses the document with encoding/xml and returns the number of
// elements of each name.
func checkSVG(t *testing.T, doc string) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	count := map[string]int{}
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid XML: %v\n%s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
				if se.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root namespace %q", se.Name.Space)
				}
				for _, a := range se.Attr {
					if a.Name.Local == "version" && a.Value != "1.1" {
						t.Fatalf("SVG version %q", a.Value)
					}
				}
			}
			count[se.Name.Local]++
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q", root)
	}
	return count
}

func TestDrawingSVG(t *testing.T) {
	d := Drawing{Board: Board6, Caption: `White <to move> & "wins"`}
	d.Tokens[SquareAt(0, 0)] = Token{Fill: "#ffffff", Label: "3", Marker: "#f1c40f"}
	d.Tokens[SquareAt(1, 0)] = Token{Fill: "#000000", FaceDown: true}
	d.Tokens[SquareAt(2, 0)] = Token{Fill: "#000000", Square: true, Label: "<K>"}
	d.SquareLabel[SquareAt(3, 3)] = "HQ"
	d.Highlight = SquareAt(5, 5).Bit()
	// A1-A3xC3-C5-out, the exit drawn one square above C6.
	d.Arrows = []Arrow{{0, 0, 0, 2, false, 0}, {0, 2, 2, 2, false, 0}, {2, 2, 2, 4, false, 0}, {2, 4, 2, 6, false, 0}}
	doc := d.SVG()
	count := checkSVG(t, doc)
	if count["rect"] != 1+36+1+1+1 || count["circle"] != 3 || count["line"] != 4 {
		t.Errorf("elements %v", count)
	}
	if doc != d.SVG() {
		t.Error("output is not deterministic")
	}
	if !strings.Contains(doc, "&lt;to move&gt; &amp; &#34;wins&#34;") || !regexp.MustCompile(`fill="url\(#hops-[0-9a-f]{8}-hidden\)"`).MatchString(doc) {
		t.Error("caption not escaped or hidden piece not hatched")
	}
}

// TestSVGFlipped: a flipped drawing shows the board as the second side
// sees it: A1 at the top right, the last square at the bottom left, the
// coordinates with their squares, and an arrow along the same squares.
func TestSVGFlipped(t *testing.T) {
	d := Drawing{Board: Board6, Arrows: []Arrow{{FromFile: 0, FromRank: 0, ToFile: 1, ToRank: 1}}}
	plain := d.SVG()
	d.Flipped = true
	flipped := d.SVG()
	for _, want := range []string{
		`<rect data-square="A1" x="336" y="36"`, // top right (36 + 5*60)
		`<rect data-square="F6" x="36" y="336"`, // bottom left
		`<line x1="366" y1="66" x2="306" y2="126"`,
		`text-anchor="middle">A</text>`,
	} {
		if !strings.Contains(flipped, want) {
			t.Errorf("flipped drawing lacks %s", want)
		}
	}
	// The letter A sits under A1's column: the right one.
	if !strings.Contains(flipped, `<text x="366" y="420" font-family="sans-serif" font-size="16" text-anchor="middle">A</text>`) {
		t.Error("the file letter A is not under the right-hand column")
	}
	if !strings.Contains(plain, `<rect data-square="A1" x="36" y="336"`) {
		t.Error("the plain drawing does not have A1 at the bottom left")
	}
	if n := checkSVG(t, flipped)["rect"]; n != checkSVG(t, plain)["rect"] || n < 36 {
		t.Errorf("flipped drawing: %d rects", n)
	}
}

// TestSVGArrowOffTheBoard: an arrow to a square off the board (Catch'it's
// exit, K6) ends just past the board's edge, where its head stays clear
// of the file letters, drawn 24 below the edge: it ended over them in
// the picture of the side whose exit is at the bottom.
func TestSVGArrowOffTheBoard(t *testing.T) {
	d := Drawing{Board: Board7, Arrows: []Arrow{{FromFile: 2, FromRank: 6, ToFile: 2, ToRank: 7}, {FromFile: 6, FromRank: 0, ToFile: 7, ToRank: -1}}}
	// Blue's exit beyond rank 7 at the top; a diagonal one beyond H0, off
	// two edges, cut at the first it meets.
	for _, c := range []struct {
		flipped bool
		want    []string
	}{
		{false, []string{`<line x1="186" y1="66" x2="186" y2="28"`, `<line x1="426" y1="426" x2="464" y2="464"`}},
		{true, []string{`<line x1="306" y1="426" x2="306" y2="464"`, `<line x1="66" y1="66" x2="28" y2="28"`}},
	} {
		d.Flipped = c.flipped
		doc := d.SVG()
		for _, want := range c.want {
			if !strings.Contains(doc, want) {
				t.Errorf("flipped %v: no %s in\n%s", c.flipped, want, doc)
			}
		}
	}
	// An arrow on the board is drawn whole.
	d = Drawing{Board: Board6, Arrows: []Arrow{{FromFile: 0, FromRank: 0, ToFile: 5, ToRank: 5}}}
	if doc := d.SVG(); !strings.Contains(doc, `<line x1="66" y1="366" x2="366" y2="66"`) {
		t.Errorf("an arrow from A1 to F6 is cut:\n%s", doc)
	}
}

// TestSVGSquareLabels: a square's label is drawn above the pieces (the
// bomb may end on Zapita's headquarters, Z3), one word a line, outlined
// in its square's colour, and names its square for a page that keeps it
// above what it draws. Over a piece only its first word is written, in
// the corner: the whole label covered the bomb's star.
func TestSVGSquareLabels(t *testing.T) {
	var d Drawing
	hq := SquareAt(6, 3)
	d.SquareLabel[hq] = "HQ <White>"
	d.SquareFill[hq] = "#c5e1a5"
	const head = `<text data-label="G4" x="400" y="218" font-family="sans-serif" font-size="13" font-weight="bold" fill="#33691e" stroke="#c5e1a5" stroke-width="3" stroke-linejoin="round" paint-order="stroke">`
	doc := d.SVG()
	if want := head + `<tspan x="400" dy="13">HQ</tspan><tspan x="400" dy="13">&lt;White&gt;</tspan></text>`; !strings.Contains(doc, want) {
		t.Errorf("the label of an empty square: want %s in\n%s", want, doc)
	}
	checkSVG(t, doc)
	d.Tokens[hq] = Token{Fill: "#000000", Label: "*"}
	doc = d.SVG()
	want := head + `<tspan x="400" dy="13">HQ</tspan></text>`
	label, token := strings.Index(doc, want), strings.Index(doc, `<circle data-piece="G4" cx="426" cy="246"`)
	if label < 0 || token < 0 || label < token {
		t.Errorf("label at %d, token at %d: want the label %s after the token in\n%s", label, token, want, doc)
	}
	checkSVG(t, doc)
}

// TestSVGIdsApartInOnePage: two different drawings, inlined in one HTML
// page, keep their definitions' ids apart; in each, every reference
// names an id that the document defines, once.
func TestSVGIdsApartInOnePage(t *testing.T) {
	var a, b Drawing
	a.Tokens[SquareAt(1, 1)] = Token{Fill: "#000000", FaceDown: true}
	a.Arrows = []Arrow{{0, 0, 1, 1, false, 0}}
	b = a
	b.Caption = "another"
	page := ""
	for _, d := range []Drawing{a, b} {
		doc := d.SVG()
		ids := regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(doc, -1)
		defined := map[string]int{}
		for _, m := range ids {
			defined[m[1]]++
		}
		refs := regexp.MustCompile(`url\(#([^)]+)\)`).FindAllStringSubmatch(doc, -1)
		if len(refs) < 2 {
			t.Fatalf("%d references in\n%s", len(refs), doc)
		}
		for _, m := range refs {
			if defined[m[1]] != 1 {
				t.Errorf("url(#%s): defined %d times", m[1], defined[m[1]])
			}
		}
		page += doc[strings.Index(doc, "<svg"):]
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(` id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if seen[m[1]] {
			t.Errorf("the id %q stands twice in one page", m[1])
		}
		seen[m[1]] = true
	}
	if len(seen) != 4 {
		t.Errorf("ids in the page: %v, want 4", seen)
	}
	if strings.ContainsRune(page, 0) {
		t.Error("a NUL is left in the output")
	}
	// A caption that holds the placeholder is written as text, not as ids.
	if doc := (Drawing{Caption: svgID + "x" + svgID}).SVG(); strings.Count(doc, "hops-") != 2 || strings.ContainsRune(doc, 0) {
		t.Errorf("a caption of NULs:\n%s", doc)
	}
}

// TestSVGSecondPart: a hop of a move's second part is drawn in its own
// colour, with its own head, 4 units to the left of its way, so that a
// second part along the first's line stays apart from it; a picture
// without one defines no second head.
func TestSVGSecondPart(t *testing.T) {
	var d Drawing
	// A1-C1 then B1-C1 (the second along the first's line).
	d.Arrows = []Arrow{{FromFile: 0, ToFile: 2}, {FromFile: 1, ToFile: 2, Part: 1}}
	doc := d.SVG()
	checkSVG(t, doc)
	lines := regexp.MustCompile(`<line [^>]*>`).FindAllString(doc, -1)
	if len(lines) != 2 {
		t.Fatalf("lines %q", lines)
	}
	// Rank 1 of the 7x7 board is at y = 36+6*60+30 = 426; left of an
	// eastward way is up.
	if !strings.Contains(lines[0], `x1="66" y1="426" x2="186" y2="426" stroke="#c0392b"`) || !strings.Contains(lines[0], `head)"`) {
		t.Errorf("the first part: %s", lines[0])
	}
	if !strings.Contains(lines[1], `x1="126" y1="422" x2="186" y2="422" stroke="#7d3c98"`) || !strings.Contains(lines[1], `head2)"`) {
		t.Errorf("the second part: %s", lines[1])
	}
	d.Arrows = d.Arrows[:1]
	if strings.Contains(d.SVG(), "head2") {
		t.Error("a picture without a second part defines its head")
	}
}

// TestSVGThrowHead: a throw ends in an open head, which shows what it is
// on an arrow of one square, too short for its dashes to show; a step
// keeps the filled head.
func TestSVGThrowHead(t *testing.T) {
	var d Drawing
	d.Arrows = []Arrow{{FromFile: 0, ToFile: 1}, {FromFile: 1, ToFile: 2, Dashed: true}}
	doc := d.SVG()
	checkSVG(t, doc)
	lines := regexp.MustCompile(`<line [^>]*>`).FindAllString(doc, -1)
	if len(lines) != 2 || !strings.Contains(lines[0], `head)"`) || !strings.Contains(lines[1], `throw)"`) || !strings.Contains(lines[1], `stroke-dasharray`) {
		t.Fatalf("lines %q, want a filled head on the step and an open one on the dashed throw", lines)
	}
	if !regexp.MustCompile(`<marker id="hops-[0-9a-f]{8}-throw"[^>]*><path [^>]*fill="none"`).MatchString(doc) {
		t.Error("the throw's head is not open")
	}
}

// TestSVGArrowOfNoLength: an arrow whose two ends are one square off the
// board, the same square, is drawn with finite coordinates (its clipping
// divided by zero: -9223372036854775562).
func TestSVGArrowOfNoLength(t *testing.T) {
	for _, part := range []int{0, 1} {
		d := Drawing{Arrows: []Arrow{{FromFile: 3, FromRank: -1, ToFile: 3, ToRank: -1, Part: part}, {FromFile: 7, FromRank: 2, ToFile: 7, ToRank: 2, Part: part}}}
		doc := d.SVG()
		checkSVG(t, doc)
		ends := regexp.MustCompile(` [xy][12]="(-?\d+)"`).FindAllStringSubmatch(doc, -1)
		if len(ends) != 8 {
			t.Fatalf("part %d: %d ends of lines in %s", part, len(ends), doc)
		}
		for _, e := range ends {
			if len(e[1]) > 4 {
				t.Errorf("part %d: a line's end at %s", part, e[1])
			}
		}
	}
}
