package hops

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestParseSquareG1(t *testing.T) {
	tests := []struct {
		board *Board
		text  string
		want  Square
		ok    bool
	}{
		{Board7, "A1", SquareAt(0, 0), true},
		{Board7, "a1", SquareAt(0, 0), true},
		{Board7, "D4", SquareAt(3, 3), true},
		{Board7, "d4", SquareAt(3, 3), true},
		{Board7, "G7", SquareAt(6, 6), true},
		{Board7, "g7", SquareAt(6, 6), true},
		{Board6, "F6", SquareAt(5, 5), true},
		{Board6, "G1", NoSquare, false},
		{Board6, "A7", NoSquare, false},
		{Board7, "H9", NoSquare, false},
		{Board7, "H1", NoSquare, false},
		{Board7, "A8", NoSquare, false},
		{Board7, "A0", NoSquare, false},
		{Board7, "", NoSquare, false},
		{Board7, "D44", NoSquare, false},
		{Board7, "D", NoSquare, false},
		{Board7, "4D", NoSquare, false},
		{Board7, "@1", NoSquare, false},
		{Board7, "D-", NoSquare, false},
	}
	for _, tt := range tests {
		got, err := tt.board.ParseSquare(tt.text)
		if tt.ok {
			if err != nil || got != tt.want {
				t.Errorf("%dx%d ParseSquare(%q) = %v, %v; want %v", tt.board.Size(), tt.board.Size(), tt.text, got, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("ParseSquare(%q) = %v, want an error", tt.text, got)
			continue
		}
		if !errors.Is(err, ErrSyntax) || RuleOf(err) != "G1" {
			t.Errorf("ParseSquare(%q) error %v: want ErrSyntax under G1", tt.text, err)
		}
	}
}

func TestSquareTextRoundTrip(t *testing.T) {
	for _, b := range []*Board{Board6, Board7} {
		n := 0
		for s := range b.All().Squares() {
			n++
			got, err := b.ParseSquare(s.String())
			if err != nil || got != s {
				t.Errorf("round trip of %v: %v, %v", s, got, err)
			}
		}
		if n != b.Size()*b.Size() {
			t.Errorf("%d squares on the %d board", n, b.Size())
		}
	}
	if Outside.String() != "out" || NoSquare.String() != "-" {
		t.Errorf("Outside %q, NoSquare %q", Outside, NoSquare)
	}
}

func TestGeometryG2(t *testing.T) {
	a1, g7, d4 := SquareAt(0, 0), SquareAt(6, 6), SquareAt(3, 3)
	if got := Board7.Neighbours(a1).Count(); got != 3 {
		t.Errorf("A1 has %d neighbours, want 3", got)
	}
	if got := Board7.Neighbours(d4).Count(); got != 8 {
		t.Errorf("D4 has %d neighbours, want 8", got)
	}
	if got := Board7.Neighbours(SquareAt(3, 0)).Count(); got != 5 {
		t.Errorf("D1 has %d neighbours, want 5", got)
	}
	if Board7.Step(g7, North) != NoSquare || Board7.Step(g7, East) != NoSquare {
		t.Error("G7 has a neighbour beyond the corner")
	}
	if Board6.Step(SquareAt(5, 5), SouthWest) != SquareAt(4, 4) {
		t.Error("F6 SW should be E5")
	}
	if Board6.JumpTarget(SquareAt(4, 0), East) != NoSquare {
		t.Error("E1 jumps east off the 6x6 board")
	}
	if Board7.JumpTarget(SquareAt(4, 0), East) != SquareAt(6, 0) {
		t.Error("E1 east jump on 7x7 lands on G1")
	}
	if Board7.JumpTarget(a1, NorthEast) != SquareAt(2, 2) {
		t.Error("A1 NE jump lands on C3")
	}
	for d := Dir(0); d < 8; d++ {
		df, dr := d.delta()
		of, or := d.Opposite().delta()
		if df != -of || dr != -or {
			t.Errorf("%v and its opposite %v", d, d.Opposite())
		}
		if d.Diagonal() != (df != 0 && dr != 0) {
			t.Errorf("%v diagonal = %v", d, d.Diagonal())
		}
		if DiagonalDirs.Has(d) != d.Diagonal() || OrthogonalDirs.Has(d) == d.Diagonal() {
			t.Errorf("direction sets disagree on %v", d)
		}
	}
	if d, n, ok := Direction(SquareAt(1, 1), SquareAt(4, 4)); !ok || d != NorthEast || n != 3 {
		t.Errorf("Direction(B2, E5) = %v %d %v", d, n, ok)
	}
	if _, _, ok := Direction(SquareAt(1, 1), SquareAt(2, 3)); ok {
		t.Error("B2 and C4 are not aligned")
	}
	// Outside is 64, which rank*8+file reads as A9, in line with A1;
	// NoSquare (-1) as H0, diagonal to G1: neither is a square.
	for _, c := range [][2]Square{{SquareAt(0, 0), Outside}, {Outside, SquareAt(0, 0)}, {SquareAt(6, 0), NoSquare}, {NoSquare, SquareAt(6, 0)}, {NoSquare, Outside}} {
		if d, n, ok := Direction(c[0], c[1]); ok {
			t.Errorf("Direction(%v, %v) = %v %d, want none", c[0], c[1], d, n)
		}
	}
	for _, d := range []Dir{8, 9, 15, -1, -8} {
		if AllDirs.Has(d) {
			t.Errorf("AllDirs.Has(Dir(%d)): a value that is no direction is in no set", int8(d))
		}
	}
}

// TestShiftStaysOnBoard: Shift moves each square of the board as Step
// does and drops the squares a Bitboard may hold beyond the board's
// edge (H1 shifted East came back as A2).
func TestShiftStaysOnBoard(t *testing.T) {
	for _, b := range []*Board{Board6, Board7} {
		for f := range 8 {
			for r := range 8 {
				s := SquareAt(f, r)
				for d := Dir(0); d < 8; d++ {
					got := b.Shift(s.Bit(), d)
					var want Bitboard
					if b.Contains(s) {
						want = b.Step(s, d).Bit()
					}
					if got != want {
						t.Fatalf("%d board: shift %v %v = %v, want %v", b.Size(), s, d, got, want)
					}
				}
			}
		}
	}
}

func TestLightDarkB1(t *testing.T) {
	if Board7.Light().Count() != 24 || Board7.Dark().Count() != 25 {
		t.Errorf("7x7: %d light, %d dark", Board7.Light().Count(), Board7.Dark().Count())
	}
	if !Board7.Dark().Has(SquareAt(0, 0)) || !Board7.Light().Has(SquareAt(3, 2)) || !Board7.Dark().Has(SquareAt(3, 1)) {
		t.Error("A1 and D2 are dark, D3 light")
	}
	if Board7.Light()&Board7.Dark() != 0 || Board7.Light()|Board7.Dark() != Board7.All() {
		t.Error("light and dark must partition the board")
	}
}

func TestBitboard(t *testing.T) {
	var b Bitboard
	b = b.With(SquareAt(2, 2)).With(SquareAt(0, 0))
	if b.Count() != 2 || !b.Has(SquareAt(2, 2)) || b.First() != SquareAt(0, 0) {
		t.Errorf("bitboard %v", b)
	}
	if b.String() != "{A1 C3}" {
		t.Errorf("String = %q", b.String())
	}
	if b.Without(SquareAt(0, 0)).First() != SquareAt(2, 2) || Bitboard(0).First() != NoSquare {
		t.Error("Without/First")
	}
	if Outside.Bit() != 0 || NoSquare.Bit() != 0 {
		t.Error("Outside and NoSquare have no bit")
	}
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"A1", "g7", "H9", "A0", "", "D44", "f6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, b := range []*Board{Board6, Board7} {
			s, err := b.ParseSquare(text)
			if err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("error %v is not ErrSyntax", err)
				}
				continue
			}
			if !b.Contains(s) {
				t.Fatalf("ParseSquare(%q) = %v, off the board", text, s)
			}
			name := strings.TrimSpace(text) // G1: white space around a name is ignored
			if got := s.String(); got != string([]byte{name[0] &^ 0x20, name[1]}) {
				t.Fatalf("ParseSquare(%q) prints as %q", text, got)
			}
		}
	})
}

func ExampleBoard_Diagram() {
	bomb := SquareAt(3, 3)
	fmt.Print(Board6.Diagram(func(s Square) string {
		if s == bomb {
			return "*"
		}
		if s.Rank() == 0 {
			return "w"
		}
		return ""
	}))
	// Output:
	// 6 . . . . . .
	// 5 . . . . . .
	// 4 . . . * . .
	// 3 . . . . . .
	// 2 . . . . . .
	// 1 w w w w w w
	//   A B C D E F
}

// TestJumpLandings: one jump of the breadth-first search lands exactly
// on the squares two steps away, in one direction, from a square of
// from, over a square of over (G4), on boards of every size.
func TestJumpLandings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SampledFrom([]*Board{Board6, Board7}).Draw(t, "board")
		from := Bitboard(rapid.Uint64().Draw(t, "from")) & b.All()
		over := Bitboard(rapid.Uint64().Draw(t, "over"))
		var want Bitboard
		for s := range from.Squares() {
			for d := Dir(0); d < 8; d++ {
				if o := b.Step(s, d); o != NoSquare && over.Has(o) {
					if l := b.Step(o, d); l != NoSquare {
						want |= l.Bit()
					}
				}
			}
		}
		if got := b.JumpLandings(from, over); got != want {
			t.Fatalf("JumpLandings(%v, %v) = %v, want %v", from, over, got, want)
		}
	})
}

// TestSquareStringNoName: a value that is no square, NoSquare and
// Outside aside, is written with its number, not as "-" (NoSquare's
// name), and has no JSON form; a click on it says so.
func TestSquareStringNoName(t *testing.T) {
	for s, want := range map[Square]string{NoSquare: "-", Outside: "out", 99: "Square(99)", -5: "Square(-5)", 0: "A1", 63: "H8"} {
		if got := s.String(); got != want {
			t.Errorf("Square(%d).String() = %q, want %q", int(s), got, want)
		}
	}
	if _, err := Square(99).MarshalText(); err == nil {
		t.Error("Square(99) has a JSON form")
	}
}

// TestSquaresAgain: the sequence of a set's squares yields them all each
// time it is ranged over, and stops where the loop breaks.
func TestSquaresAgain(t *testing.T) {
	seq := Board7.RankSquares(0).Squares()
	for round := range 3 {
		var got []Square
		for s := range seq {
			got = append(got, s)
		}
		if len(got) != 7 || got[0] != SquareAt(0, 0) || got[6] != SquareAt(6, 0) {
			t.Fatalf("round %d: %v, want A1..G1", round, got)
		}
	}
	n := 0
	for range seq {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("broke after %d squares, want 2", n)
	}
}

// TestPrinted: the board and a set of directions print as what they are
// (%v printed a board's tables and a set's number).
func TestPrinted(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{Board7, "7x7 board"}, {Board6, "6x6 board"}, {(*Board)(nil), "no board"},
		{AllDirs, "{N NE E SE S SW W NW}"}, {OrthogonalDirs, "{N E S W}"},
		{DiagonalDirs, "{NE SE SW NW}"}, {DirSet(0), "{}"},
	} {
		if got := fmt.Sprint(tt.v); got != tt.want {
			t.Errorf("%T prints %q, want %q", tt.v, got, tt.want)
		}
	}
}

// TestSymmetriesKeepOffBoardSquares: the board's reflections and half
// turn give a square off the board back as it is, so that NoSquare (a
// finished Catch'it game's carrier, K9) never turns into a square of the
// board (MirrorRanks(NoSquare) gave H8), and map every square of the
// board onto the board, twice giving it back.
func TestSymmetriesKeepOffBoardSquares(t *testing.T) {
	for _, b := range []*Board{Board6, Board7} {
		for _, f := range []func(Square) Square{b.MirrorFiles, b.MirrorRanks, b.Rotate180} {
			for _, s := range []Square{NoSquare, Outside, SquareAt(b.Size(), 0), SquareAt(0, b.Size()), 63} {
				if b.Contains(s) {
					continue
				}
				if got := f(s); got != s {
					t.Errorf("%dx%d: %v maps to %v, want it kept", b.Size(), b.Size(), s, got)
				}
			}
			for s := range b.All().Squares() {
				if !b.Contains(f(s)) || f(f(s)) != s {
					t.Errorf("%dx%d: %v maps to %v, then %v", b.Size(), b.Size(), s, f(s), f(f(s)))
				}
			}
		}
	}
}

// TestNilArguments: a nil cell function draws the empty board, a nil
// Board draws nothing, a nil map leaves a path as it is, and a path read
// on a nil Board is an *Error of kind ErrSyntax (G12); all panicked.
func TestNilArguments(t *testing.T) {
	empty := Board6.Diagram(func(Square) string { return "" })
	if got := Board6.Diagram(nil); got != empty {
		t.Errorf("Diagram(nil):\n%s\nwant the empty board:\n%s", got, empty)
	}
	var none *Board
	if got := none.Diagram(nil); got != "" {
		t.Errorf("a nil Board's diagram: %q", got)
	}
	p, err := ParsePath(Board7, "A1-C3xE5")
	if err != nil {
		t.Fatal(err)
	}
	if q := p.Map(nil); q != p {
		t.Errorf("Map(nil) of %v: %v", p, q)
	}
	if _, err := ParsePath(nil, "A1-C3"); !errors.Is(err, ErrSyntax) || RuleOf(err) != "G12" || !strings.Contains(err.Error(), "nil") {
		t.Errorf("ParsePath(nil, ...): %v", err)
	}
}
