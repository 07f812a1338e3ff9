package hops_test

import (
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/svg")

// picture is one golden diagram: a drawing with a move's arrows on it.
type picture struct {
	name    string
	drawing hops.Drawing
}

func withArrows(d hops.Drawing, arrows []hops.Arrow, highlight hops.Bitboard) hops.Drawing {
	d.Arrows, d.Highlight = arrows, highlight
	return d
}

// must unwraps a result the test builds from fixed, valid texts.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func pictures(t *testing.T) []picture {
	ci := must(catchit.Parse("r1rr1rr/4r2/7/3R3/2b4/b3b2/1bbb1b1 r"))
	var ciMove catchit.Move // the longest move: a taking jump chain
	for m := range ci.Moves() {
		if len(m.String()) > len(ciMove.String()) {
			ciMove = m
		}
	}
	co := must(coir.Parse("1bb3/6/2wb2/1bwbw1/w1b3/w3w1 w"))
	var coMove coir.Move // the first move that turns the most pawns
	most := -1
	for m := range co.Moves() {
		if turned, _ := co.Turns(m); turned.Count() > most {
			coMove, most = m, turned.Count()
		}
	}
	za := must(zapita.Parse("c5C/a5B/6A/3c3/7/a*Ab2B/b5C k"))
	zaMove := must(zapita.ParseMove("D2-B2*D4*G4")) // the sheet's Fig. 8
	zaAfter := must(za.Play(zaMove))
	br := brouillard.Start()
	brMove := must(brouillard.ParseMove("D2-E3"))
	return []picture{
		{"zapita-start", zapita.Start().Drawing()},
		{"zapita-fig8", withArrows(za.Drawing(), zaMove.Arrows(), 0)},
		{"zapita-fig8-after", zaAfter.Drawing()},
		{"catchit-start", catchit.Start().Drawing()},
		{"catchit-midgame", withArrows(ci.Drawing(), ciMove.Arrows(), 0)},
		{"coir-start", coir.Start().Drawing()},
		{"coir-variant", coir.StartVariant().Drawing()},
		{"coir-midgame", withArrows(co.Drawing(), coMove.Arrows(), must(co.Turns(coMove)))},
		{"brouillard-start", br.Drawing()},
		{"brouillard-white-view", withArrows(br.View(brouillard.White).Drawing(), brMove.Arrows(), 0)},
	}
}

// TestDrawingsGolden renders pictures of every game, checks that each is a
// well-formed SVG 1.1 document and compares it with its golden file.
func TestDrawingsGolden(t *testing.T) {
	for _, p := range pictures(t) {
		doc := p.drawing.SVG()
		dec := xml.NewDecoder(strings.NewReader(doc))
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: invalid XML: %v", p.name, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "svg" && se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("%s: svg element outside the SVG namespace", p.name)
			}
		}
		file := filepath.Join("testdata", "svg", p.name+".svg")
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test -run TestDrawingsGolden -update to create it)", err)
		}
		if string(want) != doc {
			t.Errorf("%s differs from %s (rerun with -update if the change is intended)", p.name, file)
		}
	}
}

// TestStateDrawing: a game's text-level handle draws the position with the
// arrows of a move given as text.
func TestStateDrawing(t *testing.T) {
	for _, g := range []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game} {
		s := g.Start(hops.First)
		m := s.Moves()[0]
		next, err := s.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		d, err := next.Drawing(m)
		if err != nil || len(d.Arrows) == 0 || d.Board == nil {
			t.Errorf("%s: drawing after %s: %d arrows, %v", g.Name, m, len(d.Arrows), err)
		}
		if _, err := next.Drawing("Z9-Z8"); err == nil {
			t.Errorf("%s: drawing with a malformed move", g.Name)
		}
	}
}

// TestStateAtDestinations: a State says what stands on each square and
// where the piece there can go, as the typed position does, so that a
// program written for every game lights up squares without the game's
// package. The positions are the first eight plies of a game of each.
func TestStateAtDestinations(t *testing.T) {
	type squares interface {
		At(hops.Square) (hops.Piece, bool)
		Destinations(hops.Square) hops.Bitboard
	}
	for _, g := range []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game} {
		s := g.Start(hops.First)
		lit := 0
		for ply := 0; ply < 8 && s.CountMoves() > 0; ply++ {
			typed := s.Value().(squares)
			for sq := hops.Square(-1); sq < 64; sq++ {
				pc, ok := s.At(sq)
				tpc, tok := typed.At(sq)
				d := s.Destinations(sq)
				if pc != tpc || ok != tok || d != typed.Destinations(sq) {
					t.Fatalf("%s %s, %v: At %+v %v, typed %+v %v", g.Name, s, sq, pc, ok, tpc, tok)
				}
				if d != 0 {
					lit++
				}
			}
			next, err := s.PlayIndex(ply % s.CountMoves())
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
		if lit == 0 {
			t.Errorf("%s: no square lit up in eight plies", g.Name)
		}
	}
}

// TestSVGPiecesNameTheirSquares: in the picture of a position of every
// game, each piece names its square in data-piece, once, and the squares
// named are those where At finds a piece (a view's hidden pawns too).
func TestSVGPiecesNameTheirSquares(t *testing.T) {
	type drawn interface {
		At(hops.Square) (hops.Piece, bool)
	}
	bp := must(brouillard.Parse("1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"))
	for name, c := range map[string]struct {
		p drawn
		d hops.Drawing
	}{
		"zapita":          {zapita.Start(), zapita.Start().Drawing()},
		"catchit":         {catchit.Start(), catchit.Start().Drawing()},
		"coir":            {coir.Start(), coir.Start().Drawing()},
		"brouillard":      {bp, bp.Drawing()},
		"brouillard view": {bp.View(brouillard.White), bp.View(brouillard.White).Drawing()},
	} {
		dec := xml.NewDecoder(strings.NewReader(c.d.SVG()))
		named := map[string]int{}
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				for _, a := range se.Attr {
					if a.Name.Local == "data-piece" {
						named[a.Value]++
					}
				}
			}
		}
		b := c.d.Board
		for sq := range b.All().Squares() {
			_, on := c.p.At(sq)
			if n := named[sq.String()]; on && n != 1 || !on && n != 0 {
				t.Errorf("%s: %s is named by %d pieces, At says a piece stands there: %v", name, sq, n, on)
			}
		}
		if len(named) == 0 {
			t.Errorf("%s: no piece names its square", name)
		}
	}
}
