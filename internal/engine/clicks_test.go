package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// TestClickSet: Clicks lists a set in the order Built.Next promises: by
// square, unmarked before marked, Outside last.
func TestClickSet(t *testing.T) {
	var s ClickSet
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
	if got := fmtClicks(AppendClicks(nil, p)); got != "[D6 xD4 B2 out]" {
		t.Errorf("AppendClicks = %s", got)
	}
}

// TestClickError: a builder's error names the click, counted from 1, and
// the rule.
func TestClickError(t *testing.T) {
	err := ClickError(2, hops.Click{Square: hops.SquareAt(3, 4), Mark: true}, "K5", "takes nothing")
	if err.Error() != "click 3 xD5: takes nothing (K5)" || !errors.Is(err, hops.ErrIllegal) {
		t.Errorf("ClickError = %q", err)
	}
}

// countTo is a toy decision built click by click: it takes the squares
// A1, B1, C1 in that order, and is whole after the third (a stand-in for
// a game's builder).
type countTo struct{ n int }

func (c *countTo) Click(i int, k hops.Click) error {
	if k.Square != hops.SquareAt(c.n, 0) || c.n == 3 {
		return ClickError(i, k, "G12", "not offered")
	}
	c.n++
	return nil
}

func (c *countTo) Next() ClickSet {
	var s ClickSet
	if c.n < 3 {
		s.Add(hops.Click{Square: hops.SquareAt(c.n, 0)})
	}
	return s
}

func (c *countTo) Built() (int, bool, error) { return c.n, c.n == 3, nil }

func (c *countTo) Preview(next *ClickSet) (hops.Drawable[int], string) {
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
	got, err := BuildFrom[int](&countTo{}, []hops.Click{a1})
	if err != nil || got.Complete || got.Move != 0 || !slices.Equal(got.Next, []hops.Click{b1}) {
		t.Errorf("after A1: %+v, %v; want B1 next, not complete", got, err)
	}
	if got.Preview != counted(1) || got.Prompt != "click the next square" {
		t.Errorf("after A1: preview %v, prompt %q; want 1 and the decision's prompt", got.Preview, got.Prompt)
	}
	got, err = BuildFrom[int](&countTo{}, []hops.Click{a1, b1, c1})
	if err != nil || !got.Complete || got.Move != 3 || got.Next != nil {
		t.Errorf("after A1 B1 C1: %+v, %v; want the whole decision 3", got, err)
	}
	if got.Preview != counted(3) || got.Prompt != PromptDone {
		t.Errorf("after A1 B1 C1: preview %v, prompt %q; want 3 and %q", got.Preview, got.Prompt, PromptDone)
	}
	if _, err = BuildFrom[int](&countTo{}, []hops.Click{a1, c1}); err == nil || !strings.Contains(err.Error(), "click 2 C1") {
		t.Errorf("A1 C1: error %v, want click 2 C1 refused", err)
	}
}
