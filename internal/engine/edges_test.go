package engine

import (
	"errors"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
)

// TestClickSetMarkedOnly: a set that holds only marked clicks is not
// empty, and its squares include the marked ones (a marked landing, G12,
// is a square to highlight as much as an unmarked one); a marked click
// Outside alone also makes a non-empty set, listed as the one click xout.
func TestClickSetMarkedOnly(t *testing.T) {
	d4 := hops.SquareAt(3, 3)
	var s ClickSet
	s.Add(hops.Click{Square: d4, Mark: true})
	if got := s.Squares(); got != d4.Bit() {
		t.Errorf("Squares after a marked D4: %v, want D4", got)
	}
	var out ClickSet
	xout := hops.Click{Square: hops.Outside, Mark: true}
	out.Add(xout)
	if out.Empty() {
		t.Error("a set holding a marked Outside click says it is empty")
	}
	if got := out.Clicks(); !slices.Equal(got, []hops.Click{xout}) {
		t.Errorf("Clicks of a set holding xout: %v, want [%v]", got, xout)
	}
}

// builtFails is countTo whose Built refuses the clicks applied, as a
// game's ClickSteps does when the clicks make a decision it cannot give.
type builtFails struct {
	countTo
	err error
}

func (b *builtFails) Built() (int, bool, error) { return 0, true, b.err }

// TestBuildFromBuiltError: BuildFrom returns the error of steps.Built,
// not a decision built from what Built returned beside it.
func TestBuildFromBuiltError(t *testing.T) {
	errX := errors.New("x")
	got, err := BuildFrom[int](&builtFails{err: errX}, nil)
	if err != errX {
		t.Errorf("BuildFrom of a Built that fails: %+v, %v; want the error %v", got, err, errX)
	}
	if got.Complete || got.Next != nil || got.Prompt != "" {
		t.Errorf("BuildFrom of a Built that fails: %+v, want the zero Built", got)
	}
}

// TestPathArrowsOutsideEdge: a hop Outside is drawn over the nearer edge
// of the board, one square off it: a pawn on a rank whose index r has
// 2r >= size leaves over the top, any other over the bottom. C4 on the
// 6x6 board (index 3, the lower rank of the top half) goes up; A4 on the
// 7x7 board (index 3, the middle rank) goes down.
func TestPathArrowsOutsideEdge(t *testing.T) {
	c4, a4 := hops.SquareAt(2, 3), hops.SquareAt(0, 3)
	tests := []struct {
		b    *hops.Board
		from hops.Square
		want hops.Arrow
	}{
		{hops.Board6, c4, hops.Arrow{FromFile: 2, FromRank: 3, ToFile: 2, ToRank: 6}},
		{hops.Board7, a4, hops.Arrow{FromFile: 0, FromRank: 3, ToFile: 0, ToRank: -1}},
	}
	for _, tt := range tests {
		got := PathArrows(tt.b, hops.PathOf(tt.from, hops.Outside), false)
		if !slices.Equal(got, []hops.Arrow{tt.want}) {
			t.Errorf("%dx%d board, %v to Outside: %v, want [%v]", tt.b.Size(), tt.b.Size(), tt.from, got, tt.want)
		}
	}
}

// arrowsMove is a DrawnMove of fixed arrows.
type arrowsMove []hops.Arrow

func (m arrowsMove) Arrows() []hops.Arrow { return m }

// TestAppendArrowsAll: AppendArrows keeps what dst holds and appends the
// arrows of every move, in order, as a game's Drawing of several moves
// draws them all.
func TestAppendArrowsAll(t *testing.T) {
	a := hops.Arrow{FromFile: 0, FromRank: 0, ToFile: 0, ToRank: 2}
	b := hops.Arrow{FromFile: 1, FromRank: 1, ToFile: 3, ToRank: 1, Dashed: true}
	c := hops.Arrow{FromFile: 3, FromRank: 1, ToFile: 3, ToRank: 3}
	first := hops.Arrow{FromFile: 5, FromRank: 5, ToFile: 5, ToRank: 6}
	got := AppendArrows([]hops.Arrow{first}, arrowsMove{a}, arrowsMove{b, c})
	if want := []hops.Arrow{first, a, b, c}; !slices.Equal(got, want) {
		t.Errorf("AppendArrows: %v, want %v", got, want)
	}
}

// TestStatusNoRule: a finished game's outcome without a rule id has no
// empty "()" after its reason.
func TestStatusNoRule(t *testing.T) {
	o := hops.Outcome{Over: true, WinnerName: "Red", Reason: "r"}
	if got, want := Status(o, "White"), "game over: Red won, r"; got != want {
		t.Errorf("Status without a rule: %q, want %q", got, want)
	}
}

// TestSplitFieldsWhere: the error of an empty field (two spaces, G11)
// is located at the field counted from 1: in "a  b" the empty field is
// the second.
func TestSplitFieldsWhere(t *testing.T) {
	_, err := SplitFields("a  b", 1, 3)
	if want := "field 2: fields must be separated by exactly one space (G11)"; err == nil || err.Error() != want {
		t.Errorf("SplitFields(\"a  b\"): %v, want %q", err, want)
	}
}

// TestParseRowsZero: a run of empty squares is a digit 1 to 9 (G11); a
// '0' is refused as a character that does not belong in the rows.
func TestParseRowsZero(t *testing.T) {
	err := ParseRows(hops.Board7, "0p6/7/7/7/7/7/7", func(hops.Square, byte, bool) error { return nil })
	if want := "rank 7: unexpected character '0' in \"0p6\" (G11)"; err == nil || err.Error() != want || !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("ParseRows with a '0': %v, want the syntax error %q", err, want)
	}
}

// TestParseRowsShort: a rank of one square says so in the singular (it
// said "covers 1 squares").
func TestParseRowsShort(t *testing.T) {
	none := func(hops.Square, byte, bool) error { return nil }
	for rows, want := range map[string]string{
		"p/7/7/7/7/7/7":  `rank 7: "p" covers 1 square, want 7 (G11)`,
		"pp/7/7/7/7/7/7": `rank 7: "pp" covers 2 squares, want 7 (G11)`,
	} {
		if err := ParseRows(hops.Board7, rows, none); err == nil || err.Error() != want {
			t.Errorf("ParseRows(%q): %v, want %q", rows, err, want)
		}
	}
}

// TestDecodeCompleteKeys: DecodeComplete needs the key of every
// exported field only: an unexported field has no key to need, and a
// field without a json tag is keyed by its Go name.
func TestDecodeCompleteKeys(t *testing.T) {
	var v struct {
		A int
		b int
	}
	if err := DecodeComplete([]byte(`{"A":1}`), &v, "x"); err != nil || v.A != 1 {
		t.Errorf("an unexported field: %v, A = %d; want no error and A = 1", err, v.A)
	}
	_ = v.b
	var w struct{ A int }
	if err := DecodeComplete([]byte(`{"A":1}`), &w, "x"); err != nil || w.A != 1 {
		t.Errorf("a field without a tag: %v, A = %d; want no error and A = 1", err, w.A)
	}
}

// overOptions stands for a player's Options: keys left out keep the
// value held before.
type overOptions struct {
	Time  int    `json:"time"`
	Depth int    `json:"depth"`
	Name  string `json:"name"`
}

// TestDecodeOverKeeps: DecodeOver decodes over the value dst holds, so
// the keys a text leaves out keep their values.
func TestDecodeOverKeeps(t *testing.T) {
	o := overOptions{Time: 1, Depth: 4, Name: "n"}
	if err := DecodeOver([]byte(`{"time":5}`), &o, "options"); err != nil {
		t.Fatal(err)
	}
	if want := (overOptions{Time: 5, Depth: 4, Name: "n"}); o != want {
		t.Errorf("decoding {\"time\":5} over {1 4 n}: %+v, want %+v", o, want)
	}
}

// TestRefusedKinds: once the game is over a move refused as illegal is
// refused with the error of the end (o.Err), but a move that does not
// read (ErrSyntax, such as a bad click under G12) and one refused with a
// position error keep their own error.
func TestRefusedKinds(t *testing.T) {
	over := hops.Outcome{Over: true, WinnerName: "Red", Rule: "G6", Reason: "Black has no legal move"}
	syntax := error(hops.Errorf(hops.ErrSyntax, "G12", "", "bad"))
	if got := Refused(syntax, over); got != syntax {
		t.Errorf("a syntax error after the end: %v, want %v kept", got, syntax)
	}
	position := error(hops.Errorf(hops.ErrPosition, "G11", "", "bad"))
	if got := Refused(position, over); got != position {
		t.Errorf("a position error after the end: %v, want %v kept", got, position)
	}
	illegal := error(hops.Errorf(hops.ErrIllegal, "G9", "", "bad"))
	got := Refused(illegal, over)
	if want := "the game is over: Red wins: Black has no legal move (G6)"; got == nil || got.Error() != want || hops.RuleOf(got) != "G6" {
		t.Errorf("an illegal move after the end: %v, want %q", got, want)
	}
}

// zeroState is a State that says through IsZero whether it is zero.
type zeroState struct {
	hops.State
	zero bool
}

func (s zeroState) IsZero() bool { return s.zero }

// TestNoStateKinds: NoState believes IsZero: a State that says it is not
// zero is a state; the error of no state is a syntax error located at
// "state".
func TestNoStateKinds(t *testing.T) {
	if NoState(zeroState{zero: false}) {
		t.Error("NoState of a State whose IsZero says false: true")
	}
	if !NoState(zeroState{zero: true}) || !NoState(nil) {
		t.Error("NoState of nil or of a State whose IsZero says true: false")
	}
	err := ErrNoState()
	if !errors.Is(err, hops.ErrSyntax) || err.Error() != "state: no state" {
		t.Errorf("ErrNoState: %v, want the syntax error %q", err, "state: no state")
	}
}

// TestZobristKeysValues: the keys are SplitMix64's outputs, so the games'
// hashes stay what they were across versions; these are its first four
// outputs for seed 0 and seed 1.
func TestZobristKeysValues(t *testing.T) {
	tests := []struct {
		seed uint64
		want []uint64
	}{
		{0, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec}},
		{1, []uint64{0x910a2dec89025cc1, 0xbeeb8da1658eec67, 0xf893a2eefb32555e, 0x71c18690ee42c90b}},
	}
	for _, tt := range tests {
		got := make([]uint64, len(tt.want))
		ZobristKeys(tt.seed, got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ZobristKeys(%d): %#x, want %#x", tt.seed, got, tt.want)
		}
	}
}
