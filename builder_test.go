package hops_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// TestClickText: clicks read and print as move texts write squares (G12):
// "D5", "xD5", "out", in either case on input, with the '×' a move text
// may mark a square with, and white space around.
func TestClickText(t *testing.T) {
	for _, c := range []struct {
		in, out string
		click   hops.Click
	}{
		{"D5", "D5", hops.Click{Square: hops.SquareAt(3, 4)}},
		{"xd5", "xD5", hops.Click{Square: hops.SquareAt(3, 4), Mark: true}},
		{"OUT", "out", hops.Click{Square: hops.Outside}},
		{"Xout", "xout", hops.Click{Square: hops.Outside, Mark: true}},
		{"a1", "A1", hops.Click{Square: hops.SquareAt(0, 0)}},
		{" xd5", "xD5", hops.Click{Square: hops.SquareAt(3, 4), Mark: true}},
		{"\tXD5 ", "xD5", hops.Click{Square: hops.SquareAt(3, 4), Mark: true}},
		{"×d5", "xD5", hops.Click{Square: hops.SquareAt(3, 4), Mark: true}},
		{" out", "out", hops.Click{Square: hops.Outside}},
		{"x out", "xout", hops.Click{Square: hops.Outside, Mark: true}},
	} {
		got, err := hops.ParseClick(c.in)
		if err != nil || got != c.click || got.String() != c.out {
			t.Errorf("ParseClick(%q) = %+v %q %v, want %+v %q", c.in, got, got, err, c.click, c.out)
		}
	}
	for _, bad := range []string{"", "x", "xx", "H1", "D8", "D55", "outx", " ", "××D5", "x×D5"} {
		if _, err := hops.ParseClick(bad); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseClick(%q) = %v, want a syntax error", bad, err)
		}
	}
}

// TestClickOffBoardG1: a click on a square that is not on the game's
// board is a syntax error of G1 naming that board, in every game, as a
// square off the board in a move text is; a name no board of the series
// has is refused by ParseClick already.
func TestClickOffBoardG1(t *testing.T) {
	for _, c := range []struct {
		s     hops.State
		click hops.Click
		want  string
	}{
		{coir.Game.Start(hops.First), hops.Click{Square: hops.SquareAt(6, 6)}, `click 1 G7: square G7 is off the 6x6 board (A1..F6) (G1)`},
		{coir.Game.Start(hops.First), hops.Click{Square: hops.Outside}, `click 1 out: square out is off the 6x6 board (A1..F6) (G1)`},
		{zapita.Game.Start(hops.First), hops.Click{Square: hops.NoSquare}, `click 1 -: square - is off the 7x7 board (A1..G7) (G1)`},
		{catchit.Game.Start(hops.First), hops.Click{Square: hops.NoSquare}, `click 1 -: square - is off the 7x7 board (A1..G7) (G1)`},
		{brouillard.Game.Start(hops.First), hops.Click{Square: hops.Outside}, `click 1 out: square out is off the 7x7 board (A1..G7) (G1)`},
	} {
		_, err := c.s.Build([]hops.Click{c.click})
		if !errors.Is(err, hops.ErrSyntax) || err.Error() != c.want {
			t.Errorf("%s: Build(%v) = %v, want the syntax error %q", c.s.Game(), c.click, err, c.want)
		}
	}
	_, err := hops.ParseClick("Z9")
	if want := `click "Z9": square "Z9" is on no board of the series (the largest is 7x7, A1..G7) (G1)`; err == nil || err.Error() != want {
		t.Errorf("ParseClick(Z9) = %v, want %q", err, want)
	}
}

// TestClickJSON: clicks travel in JSON as their texts.
func TestClickJSON(t *testing.T) {
	in := []hops.Click{{Square: hops.SquareAt(4, 1)}, {Square: hops.SquareAt(2, 1), Mark: true}, {Square: hops.Outside}}
	data, err := json.Marshal(in)
	if err != nil || string(data) != `["E2","xC2","out"]` {
		t.Fatalf("Marshal = %s %v", data, err)
	}
	var out []hops.Click
	if err := json.Unmarshal(data, &out); err != nil || !slices.Equal(in, out) {
		t.Fatalf("Unmarshal = %v %v", out, err)
	}
	if err := json.Unmarshal([]byte(`["Z9"]`), &out); err == nil {
		t.Fatal("Unmarshal accepts Z9")
	}
	// A click on no square writes no text that reads back: refused.
	for _, c := range []hops.Click{{Square: hops.NoSquare}, {Square: hops.Outside + 1, Mark: true}} {
		var he *hops.Error
		if data, err := json.Marshal(c); !errors.As(err, &he) || hops.RuleOf(err) != "G1" {
			t.Errorf("Marshal(%+v) = %s, %v; want an *hops.Error citing G1", c, data, err)
		}
	}
}

// TestStateBuild: every game builds moves click by click through the
// text interface, each generated move from its own clicks, with the
// same canonical text as Moves.
func TestStateBuild(t *testing.T) {
	clicksOf := map[string]func(string) ([]hops.Click, error){
		"zapita":     clicksVia(zapita.ParseMove),
		"catchit":    clicksVia(catchit.ParseMove),
		"coir":       clicksVia(coir.ParseMove),
		"brouillard": clicksVia(brouillard.ParseMove),
	}
	for _, g := range []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game} {
		s := g.Start(hops.First)
		moves := s.Moves()
		for _, m := range moves {
			clicks, err := clicksOf[g.Name](m)
			if err != nil {
				t.Fatalf("%s %s: %v", g, m, err)
			}
			b, err := s.Build(clicks)
			if err != nil || !b.Complete || b.Move != m {
				t.Fatalf("%s: Build(%v) = %+v %v, want %s", g, clicks, b, err, m)
			}
		}
		b, err := s.Build(nil)
		if err != nil || len(b.Next) == 0 || b.Complete {
			t.Errorf("%s: Build(nil) = %+v %v", g, b, err)
		}
		if _, err := s.Build([]hops.Click{{Square: hops.NoSquare}}); hops.RuleOf(err) == "" {
			t.Errorf("%s: a click off the board: %v", g, err)
		}
	}
}

// clicksVia returns a function giving the clicks of a move text.
func clicksVia[M interface{ Clicks() []hops.Click }](parse func(string) (M, error)) func(string) ([]hops.Click, error) {
	return func(text string) ([]hops.Click, error) {
		m, err := parse(text)
		if err != nil {
			return nil, err
		}
		return m.Clicks(), nil
	}
}

// While a move is being built, Built.Preview is the position as the
// clicks so far leave it, to draw in place of the position, and
// Built.Prompt says what the next click is for. In Catch'it, after the
// first displacement D1-D2 the carrier and the ball stand on D2, and the
// second displacement moves another pawn.
func ExampleBuilt() {
	p := catchit.Start()
	for _, clicks := range [][]hops.Click{
		nil,
		clicksOf("D1"),
		clicksOf("D1 D2"),
		clicksOf("D1 D2 C1 C2"),
	} {
		b, _ := p.Build(clicks)
		fmt.Printf("%v: %s\n", clicks, b.Prompt)
		if len(clicks) == 2 {
			fmt.Print(b.Preview.Diagram())
		}
		if b.Complete {
			fmt.Println(b.Move, "previews", b.Preview)
		}
	}
	// The generic path gives the same preview, as a Drawable.
	b, _ := catchit.Game.Start(hops.First).Build(clicksOf("D1 D2"))
	fmt.Println(b.Preview, b.Preview.Drawing().Caption)
	// Output:
	// []: first displacement: click a pawn to move
	// [D1]: first displacement: click where the pawn on D1 goes
	// [D1 D2]: second displacement: move another pawn
	// 7 r r r r r r r
	// 6 . . . . . . .
	// 5 . . . . . . .
	// 4 . . . . . . .
	// 3 . . . . . . .
	// 2 . . . B . . .
	// 1 b b b . b b b
	//   A B C D E F G
	// Blue to move
	// [D1 D2 C1 C2]: the move is complete
	// C1-C2 D1-D2 previews rrrrrrr/7/7/7/7/2bB3/bb2bbb r
	// rrrrrrr/7/7/7/7/3B3/bbb1bbb b Blue to move
}

// clicksOf reads clicks separated by spaces.
func clicksOf(text string) []hops.Click {
	var out []hops.Click
	for _, f := range strings.Fields(text) {
		c, err := hops.ParseClick(f)
		if err != nil {
			panic(err)
		}
		out = append(out, c)
	}
	return out
}

// FuzzParseClick: any text either reads as a click whose own text reads
// back as the same click (and travels through JSON), or is refused with
// a short syntax error of G1 that quotes it cut (seed corpus in
// testdata/fuzz/FuzzParseClick).
func FuzzParseClick(f *testing.F) {
	for _, s := range []string{"D5", "xd5", " ×D5 ", "out", "X out", "Z9", "", "x", "××D5", "D55", "\tout\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := hops.ParseClick(text)
		if err != nil {
			var he *hops.Error
			if !errors.As(err, &he) || !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "G1" || len(err.Error()) > 3*hops.MaxQuote+200 {
				t.Fatalf("ParseClick(%q): %v", text, err)
			}
			return
		}
		back, err := hops.ParseClick(c.String())
		if err != nil || back != c {
			t.Fatalf("ParseClick(%q) = %v, whose text %q reads back as %v, %v", text, c, c.String(), back, err)
		}
		data, err := json.Marshal(c)
		var again hops.Click
		if err != nil || json.Unmarshal(data, &again) != nil || again != c {
			t.Fatalf("click %v: JSON %s reads back as %v (%v)", c, data, again, err)
		}
	})
}
