package brouillard

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

const startText = "1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"

// Hand-built positions. Each lists every piece.
const (
	// Fig. 4: a White pawn on D3 can jump over C4 to B5, then over C6 to D7.
	fig4 = "D3:N C4:X B1:X F1:T A2:J G2:Q E2:K D2:F " +
		"C6:x B7:x F7:n A6:t G6:j E6:q G4:k D6:f"
	// Fig. 6: the White Fou on D2 jumps over C2, B3 and B5 to B6.
	fig6 = "C2:X B3:N B5:T B1:X F1:J G2:Q E2:K D2:F " +
		"B7:x D7:n F7:t A6:j C6:q E6:k G6:x D6:f"
	// Fig. 7: White steps D3-E2, then the Fou on E3 jumps over E4 and D5.
	fig7 = "D3:N B1:X F1:T A2:X C2:J G2:Q E4:K E3:F " +
		"D5:x B7:n D7:t F7:x A6:j C6:q G6:k D6:f"
	// A Red Nine, Ten and Jack in a row for the White Fou on A3.
	chain = "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F " +
		"A4:n B5:t C6:j E6:x G6:x F7:q B7:k F6:f"
	// The White Fou on A3 may jump the Red pawn on A2 into the corner A1,
	// where the Red Fou on B2 blocks its only step.
	corner = "D1:X F1:X C2:N E2:T G2:J C4:Q E4:K A3:F " +
		"B7:x D7:x A6:j C6:q E6:k B2:f" // plus the Red Nine and Ten
)

func TestB1_Board(t *testing.T) {
	if light.Count() != 24 || dark.Count() != 25 || !dark.Has(sq(t, "A1")) || !light.Has(sq(t, "D3")) {
		t.Fatalf("light %v dark %v", light, dark)
	}
	for _, s := range []string{"D3", "B5", "D7"} { // the sheet's pawns
		if !light.Has(sq(t, s)) {
			t.Errorf("%s should be light", s)
		}
	}
	for _, s := range []string{"D2", "B2", "B4", "B6"} { // the sheet's Fou
		if !dark.Has(sq(t, s)) {
			t.Errorf("%s should be dark", s)
		}
	}
	// A pawn on a dark square, a Fou on a light one: impossible.
	for text, rule := range map[string]string{
		strings.Replace(startText, "1N1T1X1", "N2T1X1", 1):            "B6",
		strings.Replace(startText, "7/7/X1QFJ1K", "7/1F5/X1Q1J1K", 1): "B7",
	} {
		_, err := Parse(text)
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != rule {
			t.Errorf("Parse(%q) = %v, want %s", text, err, rule)
		}
	}
}

func TestB2_Material(t *testing.T) {
	bad := map[string]string{
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -":   "",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1X1X1 w 0 0 -":   "B2", // three blanks, no Ten
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1N1X1 w 0 0 -":   "B2", // two Nines
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N3X1 w 0 0 -":     "B2", // six pawns
		"1x1n1t1/j1qfk1x/7/7/7/X1Q1J1K/1N1T1X1 w 0 0 -":   "B2", // no White Fou
		"1x1n1t1/j1qfk1x/7/7/4F2/X1QFJ1K/1N1T1X1 w 0 0 -": "B2",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -":   "B5", // Red's Nine captured but on the board
		"1x3t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -":     "",
	}
	for text, rule := range bad {
		_, err := Parse(text)
		if rule == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", text, err)
			}
			continue
		}
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != rule {
			t.Errorf("Parse(%q) = %v, want %s", text, err, rule)
		}
	}
}

func TestB3_Setup(t *testing.T) {
	p, err := NewPosition(StartArrangement(White), StartArrangement(Red))
	if err != nil || p != Start() || p.String() != startText {
		t.Fatalf("NewPosition(start) = %v, %v", p, err)
	}
	if StartArrangement(White).String() != "NTXXQJK" || StartArrangement(Red).String() != "XNTJQKX" {
		t.Errorf("start arrangements %v %v", StartArrangement(White), StartArrangement(Red))
	}
	// G8: either side first, same placement.
	r := StartWith(Red)
	if r.ToMove() != Red || r.String() != strings.Replace(startText, " w ", " r ", 1) {
		t.Errorf("StartWith(Red) = %v", r)
	}
	q, err := NewPositionWith(StartArrangement(White), StartArrangement(Red), Red)
	if err != nil || q != r {
		t.Errorf("NewPositionWith(Red) = %v, %v", q, err)
	}
	// All 2520 arrangements, distinct, valid, round-tripping.
	seen := map[Arrangement]bool{}
	for a := range Arrangements() {
		if err := a.Validate(); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		b, err := ParseArrangement(strings.ToLower(a.String()))
		if err != nil || b != a {
			t.Fatalf("ParseArrangement(%v) = %v, %v", a, b, err)
		}
		if seen[a] {
			t.Fatalf("%v twice", a)
		}
		seen[a] = true
	}
	if len(seen) != NumArrangements {
		t.Fatalf("%d arrangements, want %d", len(seen), NumArrangements)
	}
	// Rejected arrangements.
	for _, text := range []string{"NTXXQJ", "NTXXQJKK", "NTXNQJK", "NTXXQJP", "NTX?QJK", "XXXNTJQ"} {
		if _, err := ParseArrangement(text); err == nil || hops.RuleOf(err) == "" {
			t.Errorf("ParseArrangement(%q) = %v, want an error", text, err)
		}
	}
	if _, err := ParseArrangement("NTXNQJK"); err == nil || !strings.Contains(err.Error(), "1 blank, want 2") {
		t.Errorf("ParseArrangement(NTXNQJK) = %v, want it to count 1 blank", err)
	}
	var zero Arrangement
	if err := zero.Validate(); !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != "B3" {
		t.Errorf("zero arrangement: %v", err)
	}
	if _, err := NewPosition(zero, StartArrangement(Red)); err == nil || !strings.Contains(err.Error(), "White") {
		t.Errorf("NewPosition(zero): %v", err)
	}
	if HomeSquares(Red)[3] != sq(t, "A6") || HomeSquares(White)[6] != sq(t, "G2") {
		t.Error("home squares")
	}
}

func TestB4_Knowledge(t *testing.T) {
	p := Start()
	w := p.View(White)
	if got, want := w.String(), "1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"; got != want {
		t.Errorf("White's view %s, want %s", got, want)
	}
	if got, want := p.View(Red).String(), "1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -"; got != want {
		t.Errorf("Red's view %s, want %s", got, want)
	}
	// A player knows his own pawns: a view hiding them is impossible.
	_, err := ParseView("1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1P1 w 0 0 -", White)
	if hops.RuleOf(err) != "B4" || !errors.Is(err, hops.ErrPosition) {
		t.Errorf("own hidden pawn: %v", err)
	}
	// A turned pawn is known to both.
	q := play(t, build(t, fig7, "w 0 0 -"), "D3-E2 E3-E5xC5")
	for _, s := range []hops.Side{White, Red} {
		if _, k, turned, _ := q.View(s).Pawn(sq(t, "D5")); k != Blank || !turned {
			t.Errorf("%s's view of D5: %v %v", SideName(s), k, turned)
		}
	}
	if _, k, _, _ := q.View(White).Pawn(sq(t, "C6")); k != Hidden {
		t.Errorf("White sees Red's C6 as %v", k)
	}
}

func TestB5_Goal(t *testing.T) {
	p := Start()
	if k, ok := p.Target(White); !ok || k != Nine {
		t.Errorf("White's first target %v", k)
	}
	// The King captured: game over, the loser to move, no moves.
	king := build(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F A4:k B7:x F7:x F6:f", "w 4 0 -")
	if k, _ := king.Target(White); k != King {
		t.Fatalf("target %v", k)
	}
	after, rev, err := king.PlayReveal(mustMove(t, "A3xA5"))
	if err != nil {
		t.Fatal(err)
	}
	if after.String() != rowsOf(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A5:F B7:x F7:x F6:f")+" r 5 0 -" {
		t.Errorf("after the King's capture: %s", after)
	}
	if rev != (Reveal{Turned: true, Square: sq(t, "A4"), Kind: King, Captured: true}) {
		t.Errorf("reveal %v", rev)
	}
	o := after.Outcome()
	if !o.Over || o.Winner != White || o.Rule != "B5" {
		t.Errorf("outcome %v", o)
	}
	if after.CountMoves() != 0 || len(after.AppendMoves(nil)) != 0 {
		t.Error("moves after the end")
	}
	reject(t, after, "D6-E7", "B5")
	if _, ok := after.Target(White); ok {
		t.Error("White has no target left")
	}
	if king.Outcome().Over {
		t.Error("the game is on before the capture")
	}
	// A figure that is not the target is not captured.
	if _, err := Parse(rowsOf(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F A4:k B7:x F7:x F6:f") + " w 5 0 -"); hops.RuleOf(err) != "B5" {
		t.Errorf("King on the board after its capture: %v", err)
	}
}

func TestB6_PawnMove(t *testing.T) {
	p := build(t, fig4, "w 0 0 -")
	play(t, p, "D3-B5-D7 D2-E1") // Fig. 4
	play(t, p, "d3-b5-d7 d2-e1")
	play(t, p, "D3-E4 D2-E1")
	if !generated(p, "D3-B5-D7 D2-E1") || !generated(p, "D3-E4 D2-E1") {
		t.Error("Fig. 4 moves not generated")
	}
	reject(t, p, "D3-D5 D2-E1", "B6")    // orthogonal jump
	reject(t, p, "D3-D4 D2-E1", "B6")    // dark square
	reject(t, p, "D3-E2 D2-E1", "B6")    // occupied
	reject(t, p, "C6-D5 D2-E1", "B6")    // opposing pawn
	reject(t, p, "C5-D4 D2-E1", "B6")    // nobody there
	reject(t, p, "D3-F5 D2-E1", "G4")    // nothing to jump
	reject(t, p, "D3-E4-G6 D2-E1", "B6") // a step then more
	reject(t, p, "D3-B5-D3 D2-E1", "G5") // back to the start
	reject(t, p, "D3xB5 D2-E1", "B8")    // a pawn turns nothing
}

// TestG1_BuiltOffBoard: a move built by hand with a square that is not on
// the board (NoSquare, Outside, a square of no 7×7 board) is refused
// under G1, naming the square's place in its path, not as a pawn or a
// Fou missing from a square written "-".
func TestG1_BuiltOffBoard(t *testing.T) {
	p := Start()
	fou, pawn := p.Fou(White), sq(t, "C2")
	for _, off := range []hops.Square{hops.NoSquare, hops.Outside, hops.Square(7), hops.Square(63)} {
		for _, m := range []Move{
			NewMove(hops.PathOf(off, sq(t, "B3")), hops.PathOf(fou, sq(t, "E3"))),
			NewMove(hops.PathOf(pawn, off), hops.PathOf(fou, sq(t, "E3"))),
			NewMove(hops.Path{}, hops.PathOf(off, sq(t, "E3"))),
			NewMove(hops.Path{}, hops.PathOf(fou, off)),
		} {
			err := p.Validate(m)
			if hops.RuleOf(err) != "G1" || !strings.Contains(err.Error(), " of the path, "+off.String()+", is off the 7x7 board") {
				t.Errorf("%s: %v, want G1", m, err)
			}
		}
	}
}

func TestB7_FouMove(t *testing.T) {
	p := build(t, fig6, "w 0 0 -")
	q := play(t, p, "D2-B2-B4-B6") // Fig. 6
	if q.Fou(White) != sq(t, "B6") || q.ToMove() != Red {
		t.Errorf("after Fig. 6: %s", q)
	}
	if !generated(p, "D2-B2-B4-B6") || !generated(p, "D2-C3") {
		t.Error("Fig. 6 moves not generated")
	}
	reject(t, p, "D2-D3", "B7")    // light square
	reject(t, p, "D2-B4", "B7")    // diagonal jump
	reject(t, p, "E3-C3", "B7")    // not the Fou's square
	reject(t, p, "D2-B2-D2", "G5") // back to the start
	reject(t, p, "D2-D4", "G4")    // nothing on D3
	reject(t, p, "D2-B2-B4-B6-B4", "G5")
	reject(t, p, "D2-C3-C5", "B7") // a step, then a jump
	// The other Fou: never stepped onto, jumped, or landed on.
	p = build(t, strings.Replace(fig6, "D6:f", "C3:f", 1), "w 0 0 -")
	reject(t, p, "D2-C3", "B7")
	reject(t, p, "D2-B4", "B7")
	if err := p.Validate(mustMove(t, "D2-B4")); !strings.Contains(err.Error(), "other Fou") {
		t.Errorf("jumping the other Fou: %v", err)
	}
	p = build(t, strings.Replace(fig6, "D6:f", "B4:f", 1), "w 0 0 -")
	reject(t, p, "D2-B2-B4", "B7")
	play(t, p, "D2-B2")
	// A pawn move written from the other Fou's square, in the right
	// order: a side moves only its own Fou (B7), as the clicks are
	// refused; it was refused under B9, as if the Fou path came first.
	p = Start()
	reject(t, p, "D6-E5 D2-E3", "B7")
	if err := p.Validate(mustMove(t, "D6-E5 D2-E3")); err == nil || !strings.Contains(err.Error(), "D6 holds the Red Fou: each side moves only its own") {
		t.Errorf("a pawn move from the Red Fou's square: %v", err)
	}
	reject(t, p, "D2-E3 D2-E3", "B9") // its own Fou's path first
}

func TestB8_TurningOver(t *testing.T) {
	// Fig. 7: the Fou ends on C5 and turns D5 over, a blank: it stays,
	// known to both, and the turn ends.
	p := build(t, fig7, "w 0 0 -")
	q, rev, err := p.PlayReveal(mustMove(t, "D3-E2 E3-E5xC5"))
	if err != nil {
		t.Fatal(err)
	}
	want := rowsOf(t, "E2:N B1:X F1:T A2:X C2:J G2:Q E4:K C5:F D5:x! B7:n D7:t F7:x A6:j C6:q G6:k D6:f") + " r 0 0 -"
	if q.String() != want {
		t.Errorf("after Fig. 7: %s, want %s", q, want)
	}
	if rev != (Reveal{Turned: true, Square: sq(t, "D5"), Kind: Blank}) || rev.String() != "D5 Blank" {
		t.Errorf("reveal %v", rev)
	}
	if !generated(p, "D3-E2 E3-E5xC5") || !generated(p, "D3-E2 E3-E5-C5") {
		t.Error("Fig. 7 moves not generated")
	}
	// Not compulsory.
	if q2 := play(t, p, "D3-E2 E3-E5-C5"); q2.String() == q.String() {
		t.Error("turning over changed nothing")
	}
	// Only the last jumped pawn, never an own one, never on a step.
	reject(t, p, "D3-E2 E3xE5-C5", "B8")
	reject(t, p, "D3-E2 E3xE5", "B8") // E4 is White's
	reject(t, p, "E3xD2", "B8")
	// Turning over a pawn known to both changes nothing: the same move as
	// not turning it, not generated twice, but accepted.
	known := build(t, strings.Replace(fig7, "D5:x", "D5:x!", 1), "w 0 0 -")
	a, b := play(t, known, "D3-E2 E3-E5xC5"), play(t, known, "D3-E2 E3-E5-C5")
	if a != b {
		t.Errorf("turning a known blank: %s vs %s", a, b)
	}
	if generated(known, "D3-E2 E3-E5xC5") {
		t.Error("no-op turning over generated")
	}
	if _, rev, _ := known.PlayReveal(mustMove(t, "D3-E2 E3-E5xC5")); rev.Turned {
		t.Errorf("a no-op turning over reveals %v", rev)
	}
	// The target is captured and the Fou moves again; a revealed target
	// too: a Ten turned over while the Nine stood, the target once the
	// Nine fell (a Nine is never face up, B5).
	for _, c := range []struct {
		d5, pieces, counts string
		kind               Kind
	}{
		{"D5:n", strings.Replace(strings.Replace(fig7, "D5:x", "D5:n", 1), "B7:n", "B7:x", 1), "w 0 0 -", Nine},
		{"D5:t!", strings.Replace(strings.Replace(strings.Replace(fig7, "D5:x", "D5:t!", 1), "B7:n", "B7:x", 1), "D7:t ", "", 1), "w 1 0 -", Ten},
	} {
		d5 := c.d5
		before := build(t, c.pieces, c.counts)
		after, rev, err := before.PlayReveal(mustMove(t, "D3-E2 E3-E5xC5"))
		if err != nil {
			t.Fatal(err)
		}
		if !rev.Captured || rev.Kind != c.kind || after.ToMove() != White || !after.Continuing() || after.Captured(White) != before.Captured(White)+1 {
			t.Errorf("%s: capture gives %s, %v", d5, after, rev)
		}
		if _, _, _, ok := after.Pawn(sq(t, "D5")); ok {
			t.Errorf("%s: the %s stayed", d5, c.kind)
		}
		if !generated(before, "D3-E2 E3-E5xC5") {
			t.Errorf("%s: capture not generated", d5)
		}
	}
}

func TestB8_NonTargetEndsTurn(t *testing.T) {
	p := build(t, strings.Replace(corner, "B2:f", "B2:f A2:t F7:n", 1), "w 0 0 -")
	q, rev, err := p.PlayReveal(mustMove(t, "A3xA1"))
	if err != nil {
		t.Fatal(err)
	}
	if rev.Captured || rev.Kind != Ten || q.ToMove() != Red || q.Continuing() || !strings.Contains(q.String(), "t!") {
		t.Errorf("turning the Ten over: %s %v", q, rev)
	}
}

func TestB9_SeveralCaptures(t *testing.T) {
	p := build(t, chain, "w 0 0 -")
	p = play(t, p, "A3xA5") // the Nine
	if !p.Continuing() || p.ToMove() != White || p.Captured(White) != 1 {
		t.Fatalf("after the Nine: %s", p)
	}
	reject(t, p, "E2-D3 A5xC5", "B9") // no pawn move in a continuation
	p = play(t, p, "A5xC5")           // the Ten
	if !p.Continuing() || p.Captured(White) != 2 {
		t.Fatalf("after the Ten: %s", p)
	}
	p = play(t, p, "C5xC7") // the Jack
	if !p.Continuing() || p.Captured(White) != 3 || p.ToMove() != White {
		t.Fatalf("after the Jack: %s", p)
	}
	if k, _ := p.Target(White); k != Queen {
		t.Errorf("target %v", k)
	}
	want := rowsOf(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K C7:F E6:x G6:x F7:q B7:k F6:f") + " w 3 0 +"
	if p.String() != want {
		t.Errorf("after three captures: %s, want %s", p, want)
	}
	for m := range p.Moves() {
		if m.Pawn().Len() != 0 {
			t.Errorf("continuation move %s moves a pawn", m)
		}
	}
	q := play(t, p, "C7-D6")
	if q.ToMove() != Red || q.Continuing() {
		t.Errorf("the turn should end: %s", q)
	}
}

func TestB9_B11_CaptureFouStuck(t *testing.T) {
	p := build(t, strings.Replace(corner, "B2:f", "B2:f A2:n F7:t", 1), "w 0 0 -")
	q := play(t, p, "A3xA1")
	if q.ToMove() != Red || q.Continuing() || q.Captured(White) != 1 {
		t.Errorf("the stuck Fou ends the turn: %s", q)
	}
	// The same state with '+' is impossible: a position text refused
	// under B11, which lists it.
	text := strings.Replace(q.String(), " r 1 0 -", " w 1 0 +", 1)
	if _, err := Parse(text); hops.RuleOf(err) != "B11" {
		t.Errorf("Parse(%q) = %v", text, err)
	}
}

func TestB9_FouMustMove(t *testing.T) {
	// The White Fou in the corner A1, the Red Fou on B2: only a jump over
	// B1 to C1 moves it. Moving the B1 pawn to C2 would leave the Fou
	// stuck, so that pawn move is illegal; to A2 frees the jump to A3.
	pieces := "B1:X D1:X F1:N C4:T E4:J G4:Q G2:K A1:F B7:x D7:x F7:n A6:t C6:j E6:q G6:k B2:f"
	p := build(t, pieces, "w 0 0 -")
	for m := range p.Moves() {
		if m.String()[:5] == "B1-C2" {
			t.Errorf("generated %s", m)
		}
	}
	if !generated(p, "B1-A2 A1-A3") || !generated(p, "A1-C1") {
		t.Error("moves missing")
	}
	reject(t, p, "B1-C2 A1-C1", "G4")
	reject(t, p, "B1-C2", "B9")
	var zero Move
	if err := p.Validate(zero); hops.RuleOf(err) != "B9" {
		t.Errorf("zero move: %v", err)
	}
	reject(t, p, "A1-C1 B1-A2", "B9") // Fou first
	// G6: a side whose Fou cannot move after any decision loses.
	stuck := build(t, "E6:X G6:X F7:N D7:T B7:J G4:Q F5:K A1:F F1:x D1:x G2:t E2:n F3:j C4:q E4:k B2:f", "w 0 0 -")
	if n := stuck.CountMoves(); n != 0 {
		t.Fatalf("%d moves: %v", n, stuck.AppendMoves(nil))
	}
	if o := stuck.Outcome(); !o.Over || o.Winner != Red || o.Rule != "G6" {
		t.Errorf("outcome %v", o)
	}
	if o := stuck.View(Red).Outcome(); o != stuck.Outcome() {
		t.Errorf("view outcome %v", o)
	}
}

func TestB10_MoveText(t *testing.T) {
	for in, want := range map[string]string{
		"D3-E2 E3-E5xC5": "D3-E2 E3-E5xC5",
		"d3-e2 e3-e5XC5": "D3-E2 E3-E5xC5",
		"D2-B2-B4-B6":    "D2-B2-B4-B6",
		"A3xA1":          "A3xA1",
	} {
		m, err := ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMove(%q) = %v, %v", in, m, err)
			continue
		}
		if b, _ := m.MarshalText(); string(b) != want {
			t.Errorf("MarshalText %s", b)
		}
		var u Move
		if err := u.UnmarshalText([]byte(want)); err != nil || u != m {
			t.Errorf("UnmarshalText(%q) = %v, %v", want, u, err)
		}
	}
	m := mustMove(t, "D3-E2 E3-E5xC5")
	if m.Pawn().String() != "D3-E2" || m.Fou().String() != "E3-E5xC5" || !m.Turns() {
		t.Errorf("parts of %v", m)
	}
	if NewMove(m.Pawn(), m.Fou()) != m {
		t.Error("NewMove")
	}
	for _, bad := range []string{"", " ", "D3-E2 E3-E5 C5-C7", "D3", "D3-E2 E3-out", "D3-H4 E3-E5", "D3-E2-", "D2 E3-E5 C5"} {
		if _, err := ParseMove(bad); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseMove(%q) error %v, want a syntax error", bad, err)
		}
	}
}

func TestB11_PositionText(t *testing.T) {
	p, err := Parse(startText)
	if err != nil || p != Start() || p.String() != startText {
		t.Fatalf("Parse(start) = %v, %v", p, err)
	}
	var u Position
	if err := u.UnmarshalText([]byte(startText)); err != nil || u != p {
		t.Errorf("UnmarshalText: %v", err)
	}
	if b, _ := p.MarshalText(); string(b) != startText {
		t.Errorf("MarshalText %s", b)
	}
	bad := map[string]string{
		"":              "G11",
		startText + " ": "G11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 b 0 0 -":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 6 0 -":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 *":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 +":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QF!J1K/1N1T1X1 w 0 0 -": "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1P1T1X1 w 0 0 -":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1Z1 w 0 0 -":  "B11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0":    "G11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X11 w 0 0 -": "G11",
		"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 00 0 -": "B11",
	}
	for text, rule := range bad {
		if _, err := Parse(text); err == nil || hops.RuleOf(err) != rule {
			t.Errorf("Parse(%q) = %v, want %s", text, err, rule)
		}
	}
	// Both Kings captured; a finished game with the winner to move.
	both := rowsOf(t, "B1:X D1:X A3:F B7:x F7:x F6:f")
	if _, err := Parse(both + " r 5 5 -"); hops.RuleOf(err) != "B11" {
		t.Errorf("both counts at 5: %v", err)
	}
	won := rowsOf(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F B7:x F7:x F6:f")
	build(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F B7:x F7:x F6:f", "r 5 0 -")
	for _, tail := range []string{" w 5 0 -", " r 5 0 +"} {
		if _, err := Parse(won + tail); hops.RuleOf(err) != "B11" {
			t.Errorf("Parse(%q) = %v", won+tail, err)
		}
	}
	// Revealed pawns of both sides, a continuation.
	q := build(t, "B1:X! D1:X F1:N C2:J! E2:Q G2:K A3:F A2:T E6:x G6:x! F7:q B7:k C6:j F6:f", "w 2 0 +")
	if q.String() != rowsOf(t, "B1:X! D1:X F1:N C2:J! E2:Q G2:K A3:F A2:T E6:x G6:x! F7:q B7:k C6:j F6:f")+" w 2 0 +" {
		t.Error(q)
	}
	if !strings.Contains(q.Diagram(), "X!") || !strings.Contains(q.Diagram(), "Fou again") {
		t.Errorf("diagram:\n%s", q.Diagram())
	}
}

// TestB8_NoNineFaceUp: the Nine is the target until it is captured, and
// a target turned over is captured (B5, B8), so no Nine is ever turned
// over on the board: a position text, a view text or a Setup that shows
// one is refused. Other figures turned over earlier may stand face up.
func TestB8_NoNineFaceUp(t *testing.T) {
	for _, c := range []struct {
		text string
		view bool
	}{
		{"1x1n!1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", false}, // Red's Nine
		{"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N!1T1X1 w 0 0 -", false}, // White's
		{"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N!1T1X1 r 0 0 -", false},
		{"1p1n!1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", true}, // in White's view
		{"1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N!1T1X1 w 0 0 -", true}, // its own Nine
	} {
		var err error
		if c.view {
			_, err = ParseView(c.text, White)
		} else {
			_, err = Parse(c.text)
		}
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != "B8" || !strings.Contains(err.Error(), "Nine") {
			t.Errorf("%q (view %v): %v, want a B8 refusal naming the Nine", c.text, c.view, err)
		}
	}
	s := Start().Setup()
	s.Turned = s.Turned.With(hops.SquareAt(3, 6)) // D7, Red's Nine
	if _, err := s.Position(); hops.RuleOf(err) != "B8" {
		t.Errorf("a Setup with Red's Nine turned over: %v, want B8", err)
	}
	// A Ten turned over while the Nine stood, and then the target once
	// the Nine fell, is still face up: a state of play.
	if _, err := Parse("1x1n1t!1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"); err != nil {
		t.Errorf("a Ten face up: %v", err)
	}
	if _, err := Parse("1x3t!1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -"); err != nil {
		t.Errorf("a Ten face up, the Nine captured: %v", err)
	}
}

func TestB12_ViewText(t *testing.T) {
	p := build(t, strings.Replace(fig7, "D5:x", "D5:x!", 1), "w 0 0 -")
	w := p.View(White)
	want := rowsOf(t, "D3:N B1:X F1:T A2:X C2:J G2:Q E4:K E3:F D5:x! B7:p D7:p F7:p A6:p C6:p G6:p D6:f") + " w 0 0 -"
	if w.String() != want {
		t.Errorf("view %s, want %s", w, want)
	}
	v, err := ParseView(want, White)
	if err != nil || v != w {
		t.Errorf("ParseView = %v, %v", v, err)
	}
	if v.Viewer() != White || v.Consistent() != 720 {
		t.Errorf("viewer %v, %d consistent states", v.Viewer(), v.Consistent())
	}
	bad := map[string]string{
		strings.Replace(want, "p", "n", 1):   "B12", // an unseen face
		strings.Replace(want, "x!", "p!", 1): "B12", // hidden yet turned
		strings.Replace(want, "N", "P", 1):   "B4",
		strings.Replace(want, "p", "", 1):    "G11",
	}
	for text, rule := range bad {
		if _, err := ParseView(text, White); hops.RuleOf(err) != rule {
			t.Errorf("ParseView(%q) = %v, want %s", text, err, rule)
		}
	}
	if _, err := ParseView(want, Red); hops.RuleOf(err) != "B4" {
		t.Errorf("Red's view with White's faces unseen: %v", err)
	}
	if _, err := Parse(want); hops.RuleOf(err) != "B11" {
		t.Errorf("Parse(view) = %v", err)
	}
	if !strings.Contains(w.Diagram(), "p") {
		t.Errorf("view diagram:\n%s", w.Diagram())
	}
}

func TestB13_SheetExamples(t *testing.T) {
	// Fig. 4, Fig. 6, Fig. 7 are played in the tests of B6, B7, B8; here
	// they are checked against the generator as written in the sheet.
	for _, c := range []struct{ pieces, move string }{
		{fig4, "D3-B5-D7 D2-E1"},
		{fig6, "D2-B2-B4-B6"},
		{fig7, "D3-E2 E3-E5xC5"},
	} {
		p := build(t, c.pieces, "w 0 0 -")
		if err := p.Validate(mustMove(t, c.move)); err != nil {
			t.Errorf("%s: %v", c.move, err)
		}
		if !generated(p, c.move) {
			t.Errorf("%s not generated", c.move)
		}
	}
}

func TestG9_OneMovePerSuccessor(t *testing.T) {
	for _, p := range []Position{Start(), build(t, fig7, "w 0 0 -"), build(t, chain, "w 0 0 -"), build(t, fig6, "w 0 0 -")} {
		seen := map[string]string{}
		for m := range p.Moves() {
			q := play(t, p, m.String())
			if prev, dup := seen[q.String()]; dup {
				t.Errorf("%s and %s give the same successor", prev, m)
			}
			seen[q.String()] = m.String()
		}
	}
}

func TestDrawing(t *testing.T) {
	p := build(t, strings.Replace(fig7, "D5:x", "D5:x!", 1), "w 0 0 -")
	d := p.Drawing()
	if d.Tokens[sq(t, "E3")].Label != "F" || !d.Tokens[sq(t, "E3")].Square || d.Tokens[sq(t, "B7")].Label != "9" ||
		d.Tokens[sq(t, "D5")].Marker == "" || d.Tokens[sq(t, "B7")].FaceDown {
		t.Errorf("tokens %+v", d.Tokens)
	}
	v := p.View(White).Drawing()
	if !v.Tokens[sq(t, "B7")].FaceDown || v.Tokens[sq(t, "B7")].Label != "" || v.Tokens[sq(t, "D3")].Label != "9" {
		t.Errorf("view tokens %+v", v.Tokens)
	}
	m := mustMove(t, "D3-E2 E3-E5xC5")
	if a := m.Arrows(); len(a) != 3 {
		t.Errorf("arrows %v", a)
	}
	if svg := d.SVG(); !strings.Contains(svg, "<svg") {
		t.Error("no SVG")
	}
}

// TestB8_ViewReveal: a view updates from a move and its Reveal, and
// rejects a Reveal that contradicts what it knows.
func TestB8_ViewReveal(t *testing.T) {
	p := build(t, fig7, "w 0 0 -")
	m := mustMove(t, "D3-E2 E3-E5xC5")
	q, rev, err := p.PlayReveal(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []hops.Side{White, Red} {
		v, err := p.View(s).Play(m, rev)
		if err != nil || v != q.View(s) {
			t.Errorf("%s's view: %v, %v", SideName(s), v, err)
		}
	}
	d5 := sq(t, "D5")
	for _, bad := range []Reveal{
		{},
		{Turned: true, Square: sq(t, "E4"), Kind: Blank},
		{Turned: true, Square: d5, Kind: Nine},
		{Turned: true, Square: d5, Kind: Nine, Captured: false},
		{Turned: true, Square: d5, Kind: Blank, Captured: true},
		{Turned: true, Square: d5, Kind: Hidden},
		{Turned: true, Square: d5, Kind: Kind(42)},
	} {
		_, err := p.View(White).Play(m, bad)
		if hops.RuleOf(err) != "B8" || !errors.Is(err, hops.ErrIllegal) {
			t.Errorf("White's view accepts %+v: %v", bad, err)
		} else if want := "reveal " + hops.Quote(bad.String()); !strings.Contains(err.Error(), want) {
			// quoted as CheckReveal quotes a record's reveal
			t.Errorf("White's view refuses %+v with %q, which does not say %s", bad, err, want)
		}
	}
	// Red knows its own blank on D5.
	if _, err := p.View(Red).Play(m, Reveal{Turned: true, Square: d5, Kind: King}); hops.RuleOf(err) != "B8" {
		t.Errorf("Red's view accepts a King on its blank: %v", err)
	}
	// A move that turns nothing reveals nothing.
	plain := mustMove(t, "D3-E2 E3-E5-C5")
	if _, err := p.View(White).Play(plain, rev); hops.RuleOf(err) != "B8" {
		t.Errorf("a reveal without turning over: %v", err)
	}
	if _, err := p.View(White).Play(mustMove(t, "D3-E2 E3xE5"), Reveal{}); hops.RuleOf(err) != "B8" {
		t.Errorf("an illegal move: %v", err)
	}
	// When the Nine is captured, a Reveal of the Nine without "captured"
	// is refused, with it accepted.
	c := build(t, strings.Replace(strings.Replace(fig7, "D5:x", "D5:n", 1), "B7:n", "B7:x", 1), "w 0 0 -")
	if _, err := c.View(White).Play(m, Reveal{Turned: true, Square: d5, Kind: Nine}); hops.RuleOf(err) != "B8" {
		t.Errorf("capture without captured: %v", err)
	}
	if v, err := c.View(White).Play(m, Reveal{Turned: true, Square: d5, Kind: Nine, Captured: true}); err != nil || !v.Continuing() {
		t.Errorf("capture: %v %v", v, err)
	}
}

// TestB8_OwnPawnMovedUnderLastJump: a player never turns his own pawns
// over (B8), also when his pawn move of the same turn has just put the
// pawn on the square the Fou's last jump goes over. The text is refused
// exactly as when the pawn stood there before the turn, by the true
// position and by both views; without the mark the move is legal.
func TestB8_OwnPawnMovedUnderLastJump(t *testing.T) {
	for _, c := range []struct{ pos, bad, good, before string }{
		// White steps E2-D3, then its Fou jumps C3-E3 over D3.
		{"1t1jfx1/k1n1q2/5x1/7/2F2X1/N1X1J1T/1Q3K1 w 0 0 -", "E2-D3 C3xE3", "E2-D3 C3-E3",
			"1t1jfx1/k1n1q2/5x1/7/2FJ1X1/N1X3T/1Q3K1 w 0 0 -"},
		// The same with the sides exchanged (Red moves up the board).
		{swapText("1t1jfx1/k1n1q2/5x1/7/2F2X1/N1X1J1T/1Q3K1 w 0 0 -"), "E6-D5 C5xE5", "E6-D5 C5-E5",
			swapText("1t1jfx1/k1n1q2/5x1/7/2FJ1X1/N1X3T/1Q3K1 w 0 0 -")},
	} {
		p, err := Parse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		reject(t, p, c.bad, "B8")
		m := mustMove(t, c.bad)
		want := errText(p.Validate(m))
		if !strings.Contains(want, "own") {
			t.Errorf("%s in %s: %q does not say the pawn is the mover's own", c.bad, p, want)
		}
		for _, s := range []hops.Side{White, Red} {
			v := p.View(s)
			if got := errText(v.Validate(m)); got != want {
				t.Errorf("%s's view of %s: %s gives %q, the position %q", SideName(s), p, c.bad, got, want)
			}
			if _, err := v.Play(m, Reveal{}); errText(err) != want {
				t.Errorf("%s's view of %s plays %s: %v", SideName(s), p, c.bad, err)
			}
		}
		// The pawn already on the jumped square before the turn: the same
		// refusal of the Fou move.
		b, err := Parse(c.before)
		if err != nil {
			t.Fatal(err)
		}
		fou := mustMove(t, strings.Fields(c.bad)[1])
		if got := errText(b.Validate(fou)); got != want || hops.RuleOf(b.Validate(fou)) != "B8" {
			t.Errorf("%s in %s: %q, want %q", fou, b, got, want)
		}
		// Unmarked, the move is legal and generated; no generated move
		// turns the pawn over.
		q := play(t, p, c.good)
		if !generated(p, c.good) {
			t.Errorf("%s not generated in %s", c.good, p)
		}
		for g := range p.Moves() {
			if r, _ := p.Play(g); r == q && g.Turns() {
				t.Errorf("%s: generated %s turns the mover's own pawn", p, g)
			}
		}
	}
}

// TestG5_TurnAfterGoingRound: White's Fou on A1 stands on a ring of
// eight dark squares with a pawn between each two. It can end on C1 and
// turn over the Red pawn on D1 only by going the long way round, to E1
// without landing on C1 (G5: C1 cannot be landed on twice), then jumping
// back over D1 (B8). The generator writes that long path, and CountMoves
// counts the move like the generator.
func TestG5_TurnAfterGoingRound(t *testing.T) {
	p := build(t, "A1:F A2:N A4:T B5:J D5:Q B1:K C6:X E6:X D1:x E2:n E4:t F7:j D7:q B7:k G6:x G7:f", "w 0 0 -")
	for _, text := range []string{"A1-A3-A5-C5-E5-E3-E1xC1", "A1-A3-A5-C5-E5-E3xE1", "B1-C2 A1-A3-A5-C5-E5-E3-E1xC1"} {
		if !generated(p, text) {
			t.Errorf("%s not generated", text)
		}
	}
	reject(t, p, "A1-C1-E1xC1", "G5")
	if n, want := p.CountMoves(), len(p.AppendMoves(nil)); n != want {
		t.Errorf("CountMoves %d, %d moves generated", n, want)
	}
}

// TestB8_TurnedSquare: the worked example's move turns over the pawn on
// D5, the one the Fou's last jump E5-C5 passes over; a move that turns
// nothing names no square.
func TestB8_TurnedSquare(t *testing.T) {
	if sq, ok := mustMove(t, "D3-E2 E3-E5xC5").TurnedSquare(); !ok || sq.String() != "D5" {
		t.Errorf("D3-E2 E3-E5xC5 turns over %s, %v; want D5", sq, ok)
	}
	if sq, ok := mustMove(t, "D2-B2-B4-B6").TurnedSquare(); ok {
		t.Errorf("D2-B2-B4-B6 turns nothing over, TurnedSquare says %s", sq)
	}
}

// TestB4_Unseen: White's view of the start has seen none of Red's faces;
// after the worked example captures the Red Nine, the six Red pawns left
// hide two blanks, the Ten, the Jack, the Queen and the King.
func TestB4_Unseen(t *testing.T) {
	v := Start().View(White)
	want := [King + 1]int{Blank: 2, Nine: 1, Ten: 1, Jack: 1, Queen: 1, King: 1}
	if u := v.Unseen(); u != want {
		t.Errorf("White's view of the start: Unseen %v, want %v", u, want)
	}
	p, err := Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	p = play(t, p, "D3-E2 E3-E5xC5")
	want[Nine] = 0
	if u := p.View(White).Unseen(); u != want {
		t.Errorf("after the Nine's capture: Unseen %v, want %v", u, want)
	}
}
