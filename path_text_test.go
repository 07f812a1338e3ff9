package hops

import (
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestPathTextReadsBack: a path built by hand from any squares either
// writes a text that reads back as the same path, or is refused with an
// ErrSyntax (G12); the paths whose text reads as another or as none are
// refused.
func TestPathTextReadsBack(t *testing.T) {
	for _, p := range []Path{
		PathOf(Outside, SquareAt(3, 0)),                  // "out-D1"
		PathOf(SquareAt(3, 0), Outside, SquareAt(3, 1)),  // "D1-out-D2"
		PathOf(SquareAt(7, 0), SquareAt(0, 0)),           // "H1-A1"
		PathOf(SquareAt(0, 0), NoSquare, SquareAt(0, 1)), // "A1---A2"
		PathOf(SquareAt(0, 0)),                           // one square
	} {
		text, err := p.MarshalText()
		if !errors.Is(err, ErrSyntax) || RuleOf(err) != "G12" {
			t.Errorf("%v: MarshalText = %q, %v; want an ErrSyntax under G12", p, text, err)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		var p Path
		for range rapid.IntRange(0, MaxPath).Draw(t, "n") {
			p.Push(Square(rapid.IntRange(-1, 66).Draw(t, "square")), rapid.Bool().Draw(t, "marked"))
		}
		text, err := p.MarshalText()
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%v: MarshalText error %v is no ErrSyntax", p, err)
			}
			return
		}
		var back Path
		if err := back.UnmarshalText(text); err != nil || back != p {
			t.Fatalf("%v: text %q reads back as %v, %v", p, text, back, err)
		}
	})
}

// TestPathIndexOutOfRange: At and a search's Over say NoSquare for an
// index the path does not have, rather than a square or a panic.
func TestPathIndexOutOfRange(t *testing.T) {
	p := PathOf(SquareAt(0, 0), SquareAt(2, 2))
	for _, i := range []int{-1, 2, MaxPath, 1000} {
		if s := p.At(i); s != NoSquare {
			t.Errorf("At(%d) = %v, want NoSquare", i, s)
		}
	}
	if p.At(1) != SquareAt(2, 2) {
		t.Errorf("At(1) = %v, want C3", p.At(1))
	}
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: SquareAt(1, 1).Bit(), Land: Board7.All().Without(SquareAt(1, 1))}
	var s JumpSearch
	s.Reset(&r, SquareAt(0, 0))
	if !s.Next() {
		t.Fatal("no jump from A1 over B2")
	}
	for _, i := range []int{-1, 0, 2, MaxPath, 1000} {
		if o := s.Over(i); o != NoSquare {
			t.Errorf("Over(%d) = %v, want NoSquare", i, o)
		}
	}
	if o := s.Over(1); o != SquareAt(1, 1) {
		t.Errorf("Over(1) = %v, want B2", o)
	}
}

// TestPathMarksOnlyHops: SetMark and Push keep no mark where the path
// has no hop (the start, or past the end), which its text could not show
// and which would make it differ from the same path read from its text.
func TestPathMarksOnlyHops(t *testing.T) {
	var empty Path
	empty.SetMark(0, true)
	if empty != (Path{}) {
		t.Errorf("SetMark(0) on the empty path kept a mark: %#v", empty)
	}
	p := PathOf(SquareAt(0, 0), SquareAt(2, 2))
	for _, i := range []int{-1, 0, 2, MaxPath, 1000} {
		q := p
		q.SetMark(i, true)
		if q != p {
			t.Errorf("SetMark(%d) on %v kept a mark: %#v", i, p, q)
		}
	}
	q := p
	q.SetMark(1, true)
	if !q.Marked(1) || q.String() != "A1xC3" {
		t.Errorf("SetMark(1) on %v: %v", p, q)
	}
	var pushed Path
	pushed.Push(SquareAt(0, 0), true)
	pushed.Push(SquareAt(2, 2), false)
	if pushed != p {
		t.Errorf("a start pushed marked: %#v, want %#v", pushed, p)
	}
}

// TestPathTooLong (G4, G5): a path of more squares than any move holds is refused
// as too long, not as visiting a square twice when none repeats.
func TestPathTooLong(t *testing.T) {
	text := "A1-A2-A3-A4-A5-A6-A7-B7-B6-B5-B4-B3-B2-B1-C1-C2-C3-C4"
	_, err := ParsePath(Board7, text)
	if RuleOf(err) != "G5" || !strings.Contains(err.Error(), "more than 17 squares, longer than any move") || !strings.HasSuffix(err.Error(), "never twice on one square (G5)") {
		t.Errorf("ParsePath(%s): %v", text, err)
	}
}
