package hops

import (
	"errors"
	"strings"
	"testing"
)

// The tests of this file hold edge cases of the board geometry
// (board.go), the multi-jump search (jump.go) and the click reader
// (builder.go) that the other tests leave open.

// cmSq reads a square of the 7×7 board, failing the test on a bad name.
func cmSq(t *testing.T, name string) Square {
	t.Helper()
	s, err := Board7.ParseSquare(name)
	if err != nil {
		t.Fatalf("square %q: %v", name, err)
	}
	return s
}

// cmSet is the set of the named squares of the 7×7 board.
func cmSet(t *testing.T, names ...string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, n := range names {
		b = b.With(cmSq(t, n))
	}
	return b
}

// cmPath is the path through the named squares, unmarked.
func cmPath(t *testing.T, names ...string) Path {
	t.Helper()
	sq := make([]Square, len(names))
	for i, n := range names {
		sq[i] = cmSq(t, n)
	}
	return PathOf(sq...)
}

// cmWantErr checks that err is an *Error of kind ErrSyntax whose text is
// exactly want.
func cmWantErr(t *testing.T, what string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %q", what, want)
		return
	}
	if got := err.Error(); got != want {
		t.Errorf("%s: error\n  %q\nwant\n  %q", what, got, want)
	}
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) {
		t.Errorf("%s: error %v is not an *Error of kind ErrSyntax", what, err)
	}
}

// A click on the 7×7 board's last square has a text (G1: the click reader
// takes the largest board of the series), not only a click of the 6×6
// board.
func TestCoreClickMarshalG7(t *testing.T) {
	g7 := cmSq(t, "G7")
	for _, c := range []Click{{Square: g7}, {Square: g7, Mark: true}} {
		text, err := c.MarshalText()
		want := c.String()
		if err != nil || string(text) != want || (want != "G7" && want != "xG7") {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", c, text, err, want)
		}
		b, err := c.AppendText([]byte("<"))
		if err != nil || string(b) != "<"+want {
			t.Errorf("%#v.AppendText = %q, %v; want %q", c, b, err, "<"+want)
		}
	}
}

// A click text that does not read leaves the Click it was read into as it
// was, as every UnmarshalText of the library does (and encoding/json
// expects).
func TestCoreClickUnmarshalRefusedKeeps(t *testing.T) {
	c := Click{Square: cmSq(t, "D4"), Mark: true}
	err := c.UnmarshalText([]byte("Z9"))
	cmWantErr(t, `UnmarshalText("Z9")`, err,
		`click "Z9": square "Z9" is on no board of the series (the largest is 7x7, A1..G7) (G1)`)
	if c != (Click{Square: cmSq(t, "D4"), Mark: true}) || c.String() != "xD4" {
		t.Errorf("after a refused UnmarshalText the click is %v (%#v), want xD4 as it was", c, c)
	}
}

// ParseClick's errors say what is wrong with the text (G1, G12): a square
// that no board of the series has is named as such only when it is a
// letter and a digit, the quoted square is the text without its mark, and
// every other fault is ParseSquare's, located in the whole click text as
// written. A lone mark is a click on an empty square name.
func TestCoreParseClickErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		// not a letter and a digit: the square reader's own words (b13)
		{"DE", `click "DE": square "DE": 'E' is not a rank digit (G1)`},
		// three characters are no square name, not a square off the boards (b14)
		{"D44", `click "D44": square "D44": want a file letter and a rank digit (G1)`},
		// the square is quoted without the click's mark (b16)
		{"xH8", `click "xH8": square "H8" is on no board of the series (the largest is 7x7, A1..G7) (G1)`},
		// ParseSquare's error is located in the click (b17)
		{"D", `click "D": square "D": want a file letter and a rank digit (G1)`},
		// ... quoted as written, spaces and mark included (b24)
		{" xD ", `click " xD ": square "D": want a file letter and a rank digit (G1)`},
		// a lone mark is read as a mark before nothing (b21, b25)
		{"x", `click "x": empty square name (G1)`},
		{"X", `click "X": empty square name (G1)`},
	}
	for _, tt := range tests {
		c, err := ParseClick(tt.text)
		cmWantErr(t, "ParseClick("+Quote(tt.text)+")", err, tt.want)
		if c != (Click{}) {
			t.Errorf("ParseClick(%q) = %#v with its error, want the zero Click", tt.text, c)
		}
		if got := RuleOf(err); got != "G1" {
			t.Errorf("ParseClick(%q): rule %q, want G1", tt.text, got)
		}
	}
}

// A click on no square has no text that reads back (G1), so AppendText
// refuses it and leaves the buffer as it was, as MarshalText does.
func TestCoreClickAppendTextNoSquare(t *testing.T) {
	for _, c := range []Click{{Square: NoSquare}, {Square: NoSquare, Mark: true}, {Square: Outside + 1}} {
		buf := []byte("ab")
		b, err := c.AppendText(buf)
		cmWantErr(t, "AppendText", err, "click: a click on no square has no text form (G1)")
		if string(b) != "ab" {
			t.Errorf("%#v.AppendText(%q) = %q with its error, want the buffer unchanged", c, buf, b)
		}
		if _, err := c.MarshalText(); err == nil {
			t.Errorf("%#v.MarshalText() took a click on no square", c)
		}
	}
}

// A path holds MaxPath = 17 squares, no fewer: a multi-jump lands at most
// 16 times on a 7×7 board (G4, G5), and 17 squares is its longest route.
// ParsePath reads a text of 17 squares and refuses one of 18.
func TestCorePathHoldsMaxPath(t *testing.T) {
	names := strings.Split("A1-C3-E5-G7-E5-C3-A1-C3-E5-G7-E5-C3-A1-C3-E5-G7-E5", "-")
	if len(names) != MaxPath {
		t.Fatalf("the test's route has %d squares, want %d", len(names), MaxPath)
	}
	p := cmPath(t, names...)
	if p.Len() != 17 || p.Hops() != 16 || p.To() != cmSq(t, "E5") || p.At(16) != cmSq(t, "E5") {
		t.Errorf("PathOf(17 squares) = %v: Len %d, Hops %d, To %v; want all 17", p, p.Len(), p.Hops(), p.To())
	}
	q := p
	if q.Push(cmSq(t, "C3"), false) || q != p {
		t.Errorf("Push onto a full path of %d squares took an 18th: %v", p.Len(), q)
	}
	var r Path
	for i, n := range names {
		if !r.Push(cmSq(t, n), i%2 == 1) {
			t.Fatalf("Push of square %d (%s) refused", i+1, n)
		}
	}
	if r.Len() != 17 || !r.Marked(15) || r.Marked(16) {
		t.Errorf("17 pushes gave %v (Len %d)", r, r.Len())
	}

	text := strings.Join(names, "-")
	got, err := ParsePath(Board7, text)
	if err != nil || got != p || got.String() != text {
		t.Errorf("ParsePath(%q) = %v, %v; want the 17 squares", text, got, err)
	}
	long := text + "-C3"
	_, err = ParsePath(Board7, long)
	cmWantErr(t, "ParsePath of 18 squares", err, "path "+Quote(long)+": more than 17 squares, longer than any move: only jumps chain (G4), and a multi-jump lands at most 16 times, never twice on one square (G5)")
}

// A prefix of a negative length is the empty path, as one of length 0.
func TestCorePathPrefixNegative(t *testing.T) {
	p := cmPath(t, "A1", "A3")
	for _, n := range []int{-1, -100, 0} {
		if q := p.Prefix(n); q.Len() != 0 || q != (Path{}) {
			t.Errorf("%v.Prefix(%d) = %v (Len %d), want the empty path", p, n, q, q.Len())
		}
	}
	if q := p.Prefix(1); q.Len() != 1 || q.From() != cmSq(t, "A1") {
		t.Errorf("%v.Prefix(1) = %v", p, q)
	}
}

// ParsePath reports a three-character square such as "D44" at the end of
// the text as one bad square (G1), not as a square followed by a stray
// character, and a path that starts with "out" as one that starts outside
// the board (G12: "out" is only a Catch'it exit, the last square).
func TestCoreParsePathErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"A1-D44", `path "A1-D44": square "D44": want a file letter and a rank digit (G1)`},
		{"out-A1", `path "out-A1": a path cannot start outside the board (G12)`},
		{"out", `path "out": a path cannot start outside the board (G12)`},
		{"OUT", `path "OUT": a path cannot start outside the board (G12)`},
	}
	for _, tt := range tests {
		p, err := ParsePath(Board7, tt.text)
		cmWantErr(t, "ParsePath("+Quote(tt.text)+")", err, tt.want)
		if tt.text != "A1-D44" && p != (Path{}) {
			t.Errorf("ParsePath(%q) = %v with its error, want the empty path", tt.text, p)
		}
	}
}

// A final square ends a path (Z4: the bomb's square is never a middle
// landing): the flood fill does not go on from it, so a square beyond it
// is no end, in Reach as in ReachEnds.
func TestCoreReachStopsAtFinal(t *testing.T) {
	over := cmSet(t, "B2", "C4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: over, Land: Board7.All() &^ over, Final: cmSet(t, "C3")}
	rc := r.Reach(cmSq(t, "A1"))
	want := cmSet(t, "C3")
	if got := rc.Ends(); got != want {
		t.Errorf("Reach(A1).Ends() = %v, want %v (C5 lies beyond the final C3)", got, want)
	}
	if got := r.ReachEnds(cmSq(t, "A1")); got != want {
		t.Errorf("ReachEnds(A1) = %v, want %v", got, want)
	}
	if got := rc.Jumps(cmSq(t, "C5")); got != 0 {
		t.Errorf("Reach(A1).Jumps(C5) = %d, want 0 (not reached)", got)
	}
	if got := rc.Path(&r, cmSq(t, "C3")).String(); got != "A1-C3" {
		t.Errorf("Reach(A1).Path(C3) = %q, want A1-C3", got)
	}
}

// Reach.Path rebuilds a path backwards, so it looks for the jump that
// came to each square in the opposite of the direction it walks: a piece
// that may only jump north (G4 with a game's directions) reaches A3 from
// A1 by A1-A3.
func TestCoreReachPathOneDirection(t *testing.T) {
	a2 := cmSet(t, "A2")
	r := JumpRules{Board: Board7, Dirs: DirSet(1 << North), Over: a2, Land: Board7.All() &^ a2}
	rc := r.Reach(cmSq(t, "A1"))
	if got := rc.Ends(); got != cmSet(t, "A3") {
		t.Fatalf("Reach(A1).Ends() = %v, want {A3}", got)
	}
	if got := rc.Path(&r, cmSq(t, "A3")); got != cmPath(t, "A1", "A3") {
		t.Errorf("Reach(A1).Path(A3) = %v, want A1-A3", got)
	}
}

// A flying jump that does not pass exactly one piece breaks the geometry
// of a jump (G4), as the other geometric faults do.
func TestCoreFaultFlightRule(t *testing.T) {
	if got := FaultFlight.Rule(); got != "G4" {
		t.Errorf("FaultFlight.Rule() = %q, want G4", got)
	}
	e := JumpError{Fault: FaultFlight, Hop: 1}
	if got := RuleOf(e.Err("", "move")); got != "G4" {
		t.Errorf("a flight fault's error cites %q, want G4", got)
	}
}

// A path may start on a final square: only a path that goes on after
// landing on one is refused (FaultPastFinal, Z4).
func TestCoreFollowStartsOnFinal(t *testing.T) {
	d4 := cmSet(t, "D4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: d4, Land: Board7.All() &^ d4, Final: cmSet(t, "C3")}
	res, jerr := r.Follow(cmPath(t, "C3", "E5"))
	if jerr != nil {
		t.Fatalf("Follow(C3-E5) from the final C3: %v", jerr)
	}
	if res.End != cmSq(t, "E5") || res.LastOver != cmSq(t, "D4") {
		t.Errorf("Follow(C3-E5) = %+v, want the end E5 over D4", res)
	}
}

// One piece carries at most one thing taken (K5: a pawn takes the ball
// once): a second hop marked 'x' takes nothing and is refused.
func TestCoreFollowSecondTakeRefused(t *testing.T) {
	over := cmSet(t, "B2", "D4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: over, Take: over, Land: Board7.All() &^ over}
	p, err := ParsePath(Board7, "A1xC3xE5")
	if err != nil {
		t.Fatal(err)
	}
	res, jerr := r.Follow(p)
	if jerr == nil {
		t.Fatalf("Follow(A1xC3xE5) = %+v, want a fault: the second 'x' takes nothing", res)
	}
	want := JumpError{Fault: FaultMark, Hop: 2, From: cmSq(t, "C3"), To: cmSq(t, "E5"), Over: cmSq(t, "D4")}
	if *jerr != want {
		t.Errorf("Follow(A1xC3xE5) fault %+v, want %+v", *jerr, want)
	}
	if got := jerr.String(); got != "jump 2 C3-E5 is marked 'x' but takes nothing" {
		t.Errorf("fault text %q", got)
	}
	if !res.Taken || res.TakeHop != 1 {
		t.Errorf("Follow(A1xC3xE5) left %+v, want the take of hop 1", res)
	}
}

// A flying jump still jumps (G4): a hop to the adjacent square is no jump
// at all, not a flight over no piece.
func TestCoreFollowFlyingAdjacent(t *testing.T) {
	b2 := cmSet(t, "B2")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: b2, Land: Board7.All() &^ b2, Flying: true}
	_, jerr := r.Follow(cmPath(t, "A1", "A2"))
	if jerr == nil || jerr.Fault != FaultNotJump || jerr.Hop != 1 {
		t.Fatalf("flying Follow(A1-A2) = %+v, want FaultNotJump", jerr)
	}
	if got := jerr.String(); got != "jump 1 A1-A2 "+FaultNotJump.String() {
		t.Errorf("fault text %q", got)
	}
}

// A jump over a final square that holds no piece (Zapita's bomb is no
// pawn, Z4) jumps over nothing (G4), not over a piece it may not jump.
func TestCoreFollowOverEmptyFinal(t *testing.T) {
	b2 := cmSet(t, "B2")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Land: Board7.All() &^ b2, Final: b2}
	_, jerr := r.Follow(cmPath(t, "A1", "C3"))
	want := JumpError{Fault: FaultNothingOver, Hop: 1, From: cmSq(t, "A1"), To: cmSq(t, "C3"), Over: cmSq(t, "B2")}
	if jerr == nil || *jerr != want {
		t.Fatalf("Follow(A1-C3) fault %+v, want %+v", jerr, want)
	}
	if got := jerr.Fault.Rule(); got != "G4" {
		t.Errorf("FaultNothingOver.Rule() = %q, want G4", got)
	}
}

// With Take empty the marks of a written path are left to the caller
// (Follow's doc): ResetAt on A1xC3 carries nothing, and the search goes on
// with unmarked paths.
func TestCoreResetAtMarksWithoutTake(t *testing.T) {
	over := cmSet(t, "B2", "D4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: over, Land: Board7.All() &^ over}
	prefix, err := ParsePath(Board7, "A1xC3")
	if err != nil {
		t.Fatal(err)
	}
	var s JumpSearch
	if jerr := s.ResetAt(&r, prefix); jerr != nil {
		t.Fatalf("ResetAt(A1xC3): %v", jerr)
	}
	if s.Taken() {
		t.Errorf("after ResetAt(A1xC3) with no Take the piece carries")
	}
	if !s.Next() {
		t.Fatalf("no continuation of A1xC3")
	}
	if got := s.Path(); got != cmPath(t, "A1", "C3", "E5") || got.HasMarks() || s.Taken() {
		t.Errorf("next path %v (Taken %v), want A1-C3-E5 unmarked, carrying nothing", got, s.Taken())
	}
}

// Limit narrows the final squares too: with no landing allowed, a final
// square outside Land (Zapita's bomb) is no landing either, and the search
// finds no path.
func TestCoreLimitNarrowsFinal(t *testing.T) {
	b2, c3 := cmSet(t, "B2"), cmSet(t, "C3")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: b2, Land: Board7.All() &^ (b2 | c3), Final: c3}
	var s JumpSearch
	s.Reset(&r, cmSq(t, "A1"))
	if !s.Next() || s.Path() != cmPath(t, "A1", "C3") || s.Next() {
		t.Fatalf("unlimited search from A1: want the one path A1-C3")
	}
	s.Reset(&r, cmSq(t, "A1"))
	s.Limit(Board7.All(), 0)
	if s.Next() {
		t.Errorf("Limit(all, 0) still gives the path %v", s.Path())
	}
}

// A search from a square off the board finds no path and does not panic
// (bad input never panics).
func TestCoreSearchFromOffBoard(t *testing.T) {
	b2 := cmSet(t, "B2")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: b2, Land: Board7.All() &^ b2}
	for _, from := range []Square{Outside, NoSquare} {
		func() {
			defer func() {
				if v := recover(); v != nil {
					t.Errorf("search from %v panics: %v", from, v)
				}
			}()
			var s JumpSearch
			s.Reset(&r, from)
			if s.Next() {
				t.Errorf("search from %v found %v", from, s.Path())
			}
		}()
	}
}

// A rank off the board has no squares (G1), and asking for it does not
// panic.
func TestCoreRankSquaresOffBoard(t *testing.T) {
	for _, tt := range []struct {
		b *Board
		r int
	}{{Board7, 7}, {Board7, -1}, {Board7, 8}, {Board6, 6}, {Board6, -1}} {
		func() {
			defer func() {
				if v := recover(); v != nil {
					t.Errorf("%v.RankSquares(%d) panics: %v", tt.b, tt.r, v)
				}
			}()
			if got := tt.b.RankSquares(tt.r); got != 0 {
				t.Errorf("%v.RankSquares(%d) = %v, want the empty set", tt.b, tt.r, got)
			}
		}()
	}
	if got := Board7.RankSquares(6); got.Count() != 7 || !got.Has(cmSq(t, "G7")) {
		t.Errorf("Board7.RankSquares(6) = %v", got)
	}
}

// "D0" is a letter and a digit: a square off the board (G1: ranks are
// numbered from 1), not a name with a bad rank character.
func TestCoreParseSquareRankZero(t *testing.T) {
	_, err := Board7.ParseSquare("D0")
	cmWantErr(t, `ParseSquare("D0")`, err, `square "D0" is off the 7x7 board (A1..G7) (G1)`)
}

// TestZeroJumpSearch: the zero JumpSearch, never Reset, has no rules and
// so no path: Next reports none and its accessors describe no jump,
// where Next dereferenced the missing board.
func TestZeroJumpSearch(t *testing.T) {
	var s JumpSearch
	if s.Next() || s.Next() {
		t.Fatal("the zero JumpSearch found a path")
	}
	if s.Jumps() != 0 || s.Over(1) != NoSquare || s.Turned() != 0 || s.Taken() {
		t.Fatalf("the zero JumpSearch describes a jump: %d jumps, over %v", s.Jumps(), s.Over(1))
	}
}
