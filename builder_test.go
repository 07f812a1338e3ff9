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
	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/zapita"
)

// TestClickText: clicks read and print as move texts write squares (G12):
// "D5", "xD5", "out", in either case on input.
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
	} {
		got, err := hops.ParseClick(c.in)
		if err != nil || got != c.click || got.String() != c.out {
			t.Errorf("ParseClick(%q) = %+v %q %v, want %+v %q", c.in, got, got, err, c.click, c.out)
		}
	}
	for _, bad := range []string{"", "x", "xx", "H1", "D8", "D55", "outx"} {
		if _, err := hops.ParseClick(bad); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseClick(%q) = %v, want a syntax error", bad, err)
		}
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
}

// TestClickSet: Clicks lists a set in the order Built.Next promises: by
// square, unmarked before marked, Outside last.
func TestClickSet(t *testing.T) {
	var s engine.ClickSet
	if !s.Empty() || s.Clicks() != nil {
		t.Fatal("the zero ClickSet is not empty")
	}
	add := []hops.Click{
		{Square: hops.Outside, Mark: true}, {Square: hops.SquareAt(3, 3), Mark: true},
		{Square: hops.Outside}, {Square: hops.SquareAt(3, 3)}, {Square: hops.SquareAt(0, 0)},
		{Square: hops.NoSquare},
	}
	for _, c := range add {
		s.Add(c)
	}
	s.AddSquares(hops.SquareAt(6, 6).Bit())
	want := "[A1 D4 xD4 G7 out xout]"
	if got := fmtClicks(s.Clicks()); got != want {
		t.Errorf("Clicks = %s, want %s", got, want)
	}
	if !s.Has(hops.Click{Square: hops.SquareAt(3, 3), Mark: true}) || s.Has(hops.Click{Square: hops.SquareAt(0, 0), Mark: true}) ||
		s.Has(hops.Click{Square: hops.NoSquare}) {
		t.Error("Has disagrees with Add")
	}
}

func fmtClicks(cs []hops.Click) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestAppendClicks: a path gives its start, then its landings, marked
// where the hop is written 'x'.
func TestAppendClicks(t *testing.T) {
	p, err := hops.ParsePath(hops.Board7, "D6xD4-B2-out")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmtClicks(engine.AppendClicks(nil, p)); got != "[D6 xD4 B2 out]" {
		t.Errorf("AppendClicks = %s", got)
	}
}

// TestClickError: a builder's error names the click, counted from 1, and
// the rule.
func TestClickError(t *testing.T) {
	err := engine.ClickError(2, hops.Click{Square: hops.SquareAt(3, 4), Mark: true}, "K5", "takes nothing")
	if err.Error() != "click 3 xD5: takes nothing (K5)" || !errors.Is(err, hops.ErrIllegal) {
		t.Errorf("ClickError = %q", err)
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

// countTo is a toy decision built click by click: it takes the squares
// A1, B1, C1 in that order, and is whole after the third (a stand-in for
// a game's builder).
type countTo struct{ n int }

func (c *countTo) Click(i int, k hops.Click) error {
	if k.Square != hops.SquareAt(c.n, 0) || c.n == 3 {
		return engine.ClickError(i, k, "G12", "not offered")
	}
	c.n++
	return nil
}

func (c *countTo) Next() engine.ClickSet {
	var s engine.ClickSet
	if c.n < 3 {
		s.Add(hops.Click{Square: hops.SquareAt(c.n, 0)})
	}
	return s
}

func (c *countTo) Built() (int, bool, error) { return c.n, c.n == 3, nil }

func (c *countTo) Preview(next *engine.ClickSet) (hops.Drawable[int], string) {
	if next.Empty() {
		return counted(c.n), ""
	}
	return counted(c.n), "click the next square"
}

// counted is the toy decision's picture: how many squares are taken.
type counted int

func (n counted) String() string              { return fmt.Sprint(int(n)) }
func (n counted) Diagram() string             { return n.String() + "\n" }
func (n counted) Drawing(...int) hops.Drawing { return hops.Drawing{Caption: n.String()} }

// TestBuildFrom: BuildFrom stops at the first click refused with its
// error, offers what may follow, and gives the decision only once whole.
func TestBuildFrom(t *testing.T) {
	a1, b1, c1 := hops.Click{Square: hops.SquareAt(0, 0)}, hops.Click{Square: hops.SquareAt(1, 0)}, hops.Click{Square: hops.SquareAt(2, 0)}
	got, err := engine.BuildFrom[int](&countTo{}, []hops.Click{a1})
	if err != nil || got.Complete || got.Move != 0 || !slices.Equal(got.Next, []hops.Click{b1}) {
		t.Errorf("after A1: %+v, %v; want B1 next, not complete", got, err)
	}
	if got.Preview != counted(1) || got.Prompt != "click the next square" {
		t.Errorf("after A1: preview %v, prompt %q; want 1 and the decision's prompt", got.Preview, got.Prompt)
	}
	got, err = engine.BuildFrom[int](&countTo{}, []hops.Click{a1, b1, c1})
	if err != nil || !got.Complete || got.Move != 3 || got.Next != nil {
		t.Errorf("after A1 B1 C1: %+v, %v; want the whole decision 3", got, err)
	}
	if got.Preview != counted(3) || got.Prompt != engine.PromptDone {
		t.Errorf("after A1 B1 C1: preview %v, prompt %q; want 3 and %q", got.Preview, got.Prompt, engine.PromptDone)
	}
	if _, err = engine.BuildFrom[int](&countTo{}, []hops.Click{a1, c1}); err == nil || !strings.Contains(err.Error(), "click 2 C1") {
		t.Errorf("A1 C1: error %v, want click 2 C1 refused", err)
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
