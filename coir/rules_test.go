package coir

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// sq reads a square name or fails the test.
func sq(t testing.TB, s string) hops.Square {
	t.Helper()
	q, err := board.ParseSquare(s)
	if err != nil {
		t.Fatalf("square %q: %v", s, err)
	}
	return q
}

func squares(t testing.TB, list string) hops.Bitboard {
	t.Helper()
	var b hops.Bitboard
	for _, f := range strings.Fields(list) {
		b |= sq(t, f).Bit()
	}
	return b
}

// mk builds a position from lists of squares. Like the sheet's figures it
// may hold fewer than twelve pawns: the rules of a move do not depend on
// pawns far away.
func mk(t testing.TB, white, black string, side hops.Side) Position {
	t.Helper()
	return Position{white: squares(t, white), black: squares(t, black), side: side}
}

func mv(t testing.TB, text string) Move {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	return m
}

// legal plays text in p, checks that the generator has a move with the
// same successor, and returns the successor and the pawns turned.
func legal(t testing.TB, p Position, text string) (Position, hops.Bitboard) {
	t.Helper()
	m := mv(t, text)
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s: %s rejected: %v", p, text, err)
	}
	turned, _ := p.Turns(m)
	found := false
	for g := range p.Moves() {
		if r, _ := p.Play(g); r == q {
			found = true
		}
	}
	if !found {
		t.Fatalf("%s: no generated move gives the successor of %s", p, text)
	}
	return q, turned
}

// reject checks that text is illegal in p under the given rule.
func reject(t testing.TB, p Position, text, rule string) *hops.Error {
	t.Helper()
	err := p.Validate(mv(t, text))
	var e *hops.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %s: want an *hops.Error under %s, got %v", p, text, rule, err)
	}
	if e.Rule != rule || !errors.Is(err, hops.ErrIllegal) {
		t.Fatalf("%s: %s: want an illegal move under %s, got %v", p, text, rule, err)
	}
	if _, perr := p.Play(mv(t, text)); perr == nil {
		t.Fatalf("Play accepts %s, which Validate rejects", text)
	}
	return e
}

func TestC1_Material(t *testing.T) {
	if _, err := Parse("bbbbbb/6/6/6/6/wwwwww w"); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"bbbbb1/6/6/6/6/wwwwww w", "bbbbbb/6/6/6/w5/wwwwww w"} {
		_, err := Parse(text)
		if hops.RuleOf(err) != "C1" || !errors.Is(err, hops.ErrPosition) {
			t.Errorf("Parse(%q) = %v, want a C1 position error", text, err)
		}
	}
	for text, count := range map[string]string{"bbbbb1/6/6/6/6/wwwwww w": "11 pawns", "1b4/6/6/6/6/6 b": "1 pawn on"} {
		if _, err := Parse(text); err == nil || !strings.Contains(err.Error(), count) {
			t.Errorf("Parse(%q) = %v, want it to count %q", text, err, count)
		}
	}
	if _, err := NewPosition(squares(t, "A1"), squares(t, "A1 B1 C1 D1 E1 F1 A2 B2 C2 D2 E2"), White); hops.RuleOf(err) != "C1" {
		t.Errorf("a square of both colours: %v", err)
	}
	// Pawns given as squares, not as a text: the error names the pieces,
	// not the text's rows.
	s := Start().Setup()
	s.Pawns[White] &= s.Pawns[White] - 1
	if _, err := s.Position(); err == nil || err.Error() != "pieces: 11 pawns on the board, want 12 (C1)" {
		t.Errorf("a Setup with 11 pawns: %v", err)
	}
	if _, err := Parse("bbbbb1/6/6/6/6/wwwwww w"); err == nil || !strings.HasPrefix(err.Error(), "rows: ") {
		t.Errorf("a text with 11 pawns: %v, want it located on the rows", err)
	}
}

func TestC2_Setup(t *testing.T) {
	if got := Start().String(); got != "bbbbbb/6/6/6/6/wwwwww w" {
		t.Errorf("Start = %s", got)
	}
	if got := StartVariant().String(); got != "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 w" {
		t.Errorf("StartVariant = %s", got)
	}
	if got := StartWith(Black).String(); got != "bbbbbb/6/6/6/6/wwwwww b" {
		t.Errorf("StartWith(Black) = %s", got)
	}
	if got := StartVariantWith(Black).String(); got != "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 b" {
		t.Errorf("StartVariantWith(Black) = %s", got)
	}
	// At the main start no pawn can jump: only the sixteen steps.
	reject(t, Start(), "A1-B3", "C4")
	// A1-A3 over the empty A2 is a slide, a Dame's move (C6, decision).
	reject(t, Start(), "A1-A3", "C6")
	legal(t, Start(), "A1-B2")
}

func TestC3_Goal(t *testing.T) {
	p := mk(t, "A1 B4 A6 B6 C6 D6 E6 F6 B5 C5 D5", "B2", White)
	q, turned := legal(t, p, "A1-C3")
	if turned != squares(t, "B2") {
		t.Errorf("turned %v", turned)
	}
	if o := q.Outcome(); !o.Over || o.Winner != White || o.Rule != "C3" {
		t.Errorf("outcome %v", o)
	}
	if q.CountMoves() != 0 || slices.Collect(q.Moves()) != nil {
		t.Errorf("a finished game has moves")
	}
	reject(t, p, "A1-C3 C3-C4", "C3")
	// The move ends with the last pawn turned: no jump goes on (C3),
	// though the jump on, over the own pawn on B4 after an attack,
	// breaks C5 as well: the move stopped before it.
	reject(t, p, "A1-C3-A5", "C3")
	if p.Outcome().Over {
		t.Errorf("ongoing game reported over")
	}
}

func TestC4_Turn(t *testing.T) {
	p := mk(t, "F1 A2 A3", "E2 F6 E6", White)
	legal(t, p, "A3-A4")
	legal(t, p, "F1-D3 E2-E3") // the pawn turned this turn steps
	legal(t, p, "F1-D3 D3-D4")
	legal(t, p, "A2-A4 A4-A5") // tactical jump then the step
	reject(t, p, "F1-D3", "C4")
	reject(t, p, "A3-A5", "C6")          // a slide of two squares: only a Dame slides
	reject(t, p, "A3-B5", "C4")          // not a step
	reject(t, p, "F1-D3 D3-D5", "C4")    // the step is one square
	reject(t, p, "F1-D3 F6-F5", "C4")    // the step is the mover's
	reject(t, p, "F1-D3 D3-E2", "C4")    // onto an empty square
	reject(t, p, "A3-A4 A4-A5", "C4")    // one step a turn
	reject(t, p, "E2-E3", "C4")          // a pawn of the mover
	reject(t, p, "A3-A2", "C4")          // an empty square
	reject(t, p, "C3-C4", "C4")          // no pawn at all
	reject(t, p, "F1-D3-D1 D1-D2", "G4") // nothing to jump at D2
	reject(t, p, "A2-A4-A6 A6-B6", "G4") // nothing to jump at A5
}

func TestC5_TacticalAndAttack(t *testing.T) {
	// Tactical over B2, then an attack over D4.
	p := mk(t, "A1 B2", "D4 F6", White)
	_, turned := legal(t, p, "A1-C3-E5 E5-E6")
	if turned != squares(t, "D4") {
		t.Errorf("turned %v, want D4", turned)
	}
	// An attack over B2, then a tactical jump over D4: refused.
	p = mk(t, "A1 D4", "B2 F6", White)
	reject(t, p, "A1-C3-E5 E5-E6", "C5")
	legal(t, p, "A1-C3 C3-C4")
	// A pawn turned in this move cannot be jumped again.
	p = mk(t, "A1 F1", "B2 C2 F6 A6", White)
	legal(t, p, "A1-C3-C1 C1-D1")
	e := reject(t, p, "A1-C3-C1-A3 A3-A4", "C5")
	if !strings.Contains(e.Msg, "turned earlier") {
		t.Errorf("message %q", e.Msg)
	}
}

func TestC6_Dame(t *testing.T) {
	// Slides in all eight directions.
	p := mk(t, "C3", "F1 A6", White)
	if !p.HasDame() {
		t.Fatal("one pawn is a Dame")
	}
	for _, to := range []string{"C6", "F6", "F3", "E1", "C1", "A1", "A3", "A5", "C4", "D4", "D3", "D2", "C2", "B2", "B3", "B4"} {
		q, _ := legal(t, p, "C3-"+to)
		if q.white != squares(t, to) || q.black != p.black || q.side != Black {
			t.Errorf("slide C3-%s gives %s", to, q)
		}
	}
	if n := p.CountMoves(); n != 19 {
		t.Errorf("%d moves, want 19 slides", n)
	}
	reject(t, p, "C3-D5", "C6")       // not a straight line
	reject(t, p, "C3-F6 F6-E6", "C6") // a slide ends the turn
	reject(t, mk(t, "C3", "F6 A6", White), "C3-F6", "C6")

	// A flying jump with gaps before and after the jumped pawn.
	p = mk(t, "A1", "D4 F1 A6", White)
	for _, text := range []string{"A1-E5 E5-E6", "A1-F6 F6-E6", "A1-F6 D4-D3"} {
		_, turned := legal(t, p, text)
		if turned != squares(t, "D4") {
			t.Errorf("%s turned %v", text, turned)
		}
	}
	reject(t, p, "A1-F6", "C4")
	reject(t, mk(t, "A1", "C3 D4 F1", White), "A1-E5 E5-E6", "C6") // two pawns
	// A chain that turns two pawns, then one of them steps.
	p = mk(t, "A1", "C3 E4 F6 A6", White)
	q, turned := legal(t, p, "A1-D4-F4 E4-E5")
	if turned != squares(t, "C3 E4") || q.white != squares(t, "C3 E5 F4") {
		t.Errorf("turned %v, after %s", turned, q)
	}
	// A Dame never jumps a pawn of its colour, one turned in this move
	// included.
	p = mk(t, "A3", "C3 E6", White)
	legal(t, p, "A3-D3 D3-D2")
	reject(t, p, "A3-D3-B3 B3-B2", "C6")
	// A player with two pawns has no Dame.
	p = mk(t, "A1 F1", "D4 F6", White)
	if p.HasDame() {
		t.Fatal("two pawns are no Dame")
	}
	reject(t, p, "A1-A4", "C6")
	reject(t, p, "A1-C3", "C6") // a slide of two squares too
	reject(t, p, "A1-E5 E5-E6", "C6")
	// A Dame's win needs no step.
	p = mk(t, "A1", "C3", White)
	q, _ = legal(t, p, "A1-F6")
	if o := q.Outcome(); o.Winner != White || o.Rule != "C3" {
		t.Errorf("outcome %v", o)
	}
}

func TestC7_MoveText(t *testing.T) {
	for _, text := range []string{"C1-E3-E5-C5-A3 A3-A4", "A3-A4", "A1-D4", "A1-C3-C6 C6-D6", "E5-C5-A3"} {
		m, err := ParseMove(text)
		if err != nil || m.String() != text {
			t.Errorf("ParseMove(%q) = %v, %v", text, m, err)
		}
	}
	if m, err := ParseMove("c1-e3 e3-e4"); err != nil || m.String() != "C1-E3 E3-E4" {
		t.Errorf("lower case: %v %v", m, err)
	}
	for _, text := range []string{"", "A1", "A1-A2 A2-A3-A4", "A1xC3 C3-C4", "A1-A2 A2-A3 A3-A4", "A1-G1", "A1-out", "A1 A2", "A1-A2-"} {
		if _, err := ParseMove(text); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseMove(%q) = %v, want a syntax error", text, err)
		}
	}
}

func TestC8_PositionText(t *testing.T) {
	for _, text := range []string{"bbbbbb/6/6/6/6/wwwwww w", "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 b", "6/6/6/6/wwwwww/wwwwww b"} {
		p, err := Parse(text)
		if err != nil || p.String() != text {
			t.Errorf("Parse(%q) = %v, %v", text, p, err)
		}
	}
	if o := mustParse(t, "6/6/6/6/wwwwww/wwwwww b").Outcome(); !o.Over || o.Winner != White || o.Rule != "C3" {
		t.Errorf("finished game: %v", o)
	}
	if _, err := Parse("6/6/6/6/wwwwww/wwwwww w"); hops.RuleOf(err) != "C8" || !errors.Is(err, hops.ErrPosition) {
		t.Errorf("side not to move without pawns: %v", err)
	}
	for _, text := range []string{"bbbbbb/6/6/6/6/wwwwww", "bbbbbb/6/6/6/6/wwwwww x", "bbbbbb/6/6/6/6/wwwwwx w",
		"bbbbbb/6/6/6/6/wwwwww W", "bbbbbb/6/6/6/wwwwww w", "bbbbbb/6/6/6/6/wwwwww  w", "bbbbbb/6/6/6/6/wwwwwww w",
		"bbbbbb/6/6/6/6/WWWWWW w", "bbbbbb/6/6/6/33/wwwwww w", "bbbbbb/6/6/6/6/wwwwww! w"} {
		if _, err := Parse(text); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("Parse(%q) = %v, want a syntax error", text, err)
		}
	}
}

func mustParse(t testing.TB, text string) Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestC9_SheetExamples plays the sheet's figures on partial positions.
func TestC9_SheetExamples(t *testing.T) {
	// Fig. 3: an attack over E2 and a tactical jump over A3.
	p := mk(t, "F1 A2 A3", "E2 F6", White)
	if _, turned := legal(t, p, "F1-D3 D3-D4"); turned != squares(t, "E2") {
		t.Errorf("Fig. 3 F1-D3 turned %v", turned)
	}
	if _, turned := legal(t, p, "A2-A4 A4-A5"); turned != 0 {
		t.Errorf("Fig. 3 A2-A4 turned %v", turned)
	}
	// Fig. 4: E1-E3-C1 turns E2 and D2; A2-A4-C6 is tactical over A3 and
	// B5 (the sheet's "B6" is a misprint: no jump from A4 passes B6).
	p = mk(t, "E1 A2 A3 B5", "E2 D2 F6", White)
	if _, turned := legal(t, p, "E1-E3-C1 C1-B1"); turned != squares(t, "E2 D2") {
		t.Errorf("Fig. 4 E1-E3-C1 turned %v", turned)
	}
	if _, turned := legal(t, p, "A2-A4-C6 C6-D6"); turned != 0 {
		t.Errorf("Fig. 4 A2-A4-C6 turned %v", turned)
	}
	// Fig. 5: tactical over D2 and E4, attacks over D5 and B4, a step.
	p = mk(t, "C1 D2 E4", "D5 B4 F6", White)
	q, turned := legal(t, p, "C1-E3-E5-C5-A3 A3-A4")
	if turned != squares(t, "D5 B4") || q.white != squares(t, "D2 E4 D5 B4 A4") {
		t.Errorf("Fig. 5 turned %v, gives %s", turned, q)
	}
}

func TestG5_NoSquareTwice(t *testing.T) {
	p := mk(t, "A1", "B2 B3 A2 F6", White)
	reject(t, p, "A1-C3-A3-A1 B2-C2", "G5")
	p = mk(t, "A1 B1", "F6", White)
	reject(t, p, "A1-C1-A1 A1-A2", "G5")
	legal(t, p, "A1-C1 C1-C2")
}

func TestG6_NoMoveLoses(t *testing.T) {
	p := mustParse(t, "3bbb/3bb1/6/b1b3/bb4/wbb3 w")
	if p.CountMoves() != 0 {
		t.Fatalf("moves %v", slices.Collect(p.Moves()))
	}
	if o := p.Outcome(); !o.Over || o.Winner != Black || o.Rule != "G6" {
		t.Errorf("outcome %v", o)
	}
	if o := Start().Outcome(); o.Over {
		t.Errorf("start outcome %v", o)
	}
}

func TestZeroValues(t *testing.T) {
	var p Position
	var m Move
	if p.CountMoves() != 0 || p.Validate(m) == nil || p.String() == "" || m.String() != "" {
		t.Error("zero values")
	}
	if o := p.Outcome(); !o.Over {
		t.Error("the zero position is finished")
	}
	if err := Start().Validate(m); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("zero move: %v", err)
	}
	_ = p.Diagram()
	if b, err := p.Build(nil); err != nil || len(b.Next) != 0 || b.Complete {
		t.Errorf("building in the zero position: %+v %v", b, err)
	}
	if _, err := p.Build([]hops.Click{{Square: sq(t, "A1")}}); hops.RuleOf(err) != "C3" {
		t.Errorf("a click in the zero position: %v", err)
	}
}

// TestC4_C5_Build: the builder offers each jump of Fig. 5's sequence, then
// the pawns that may step, and completes with the step; winning jumps
// are complete alone (C3).
func TestC4_C5_Build(t *testing.T) {
	p := mk(t, "C1 D2 E4", "D5 B4 F6", White)
	next := func(text string) string {
		t.Helper()
		b, err := p.Build(gametest.Clicks(t, text))
		if err != nil {
			t.Fatalf("Build(%s): %v", text, err)
		}
		return fmt.Sprint(b.Next)
	}
	for text, want := range map[string]string{
		"C1":          "[B1 D1 B2 C2 E3]",
		"C1 E3":       "[D2 E3 E4 E5]",
		"C1 E3 E5":    "[D2 E4 C5 E5]",
		"C1 E3 E5 C5": "[D2 A3 E4 C5 D5]",
	} {
		if got := next(text); got != want {
			t.Errorf("after %s: %s, want %s", text, got, want)
		}
	}
	b, err := p.Build(gametest.Clicks(t, "C1 E3 E5 C5 A3 A3 A4"))
	if err != nil || !b.Complete || b.Move.String() != "C1-E3-E5-C5-A3 A3-A4" {
		t.Errorf("Fig. 5: %+v %v", b, err)
	}
	if _, err := p.Build(gametest.Clicks(t, "C1 C3")); hops.RuleOf(err) != "C6" {
		t.Errorf("C1-C3: %v, want a C6 error (a slide)", err)
	}
	if _, err := p.Build(gametest.Clicks(t, "C1 E3 E1")); hops.RuleOf(err) != "G4" {
		t.Errorf("E3-E1 over an empty square: %v, want a G4 error", err)
	}
	// A square next to the pawn that jumped, as if it stepped on: the
	// step is clicked pawn first (it was told "E3-F3 is a step, not a
	// jump", asked for the pawn that steps).
	const stepFirst = "click 3 F3: click the pawn that steps first, then the square it steps to: E3, or any other of your pawns, after the jumps (C4)"
	if _, err := p.Build(gametest.Clicks(t, "C1 E3 F3")); err == nil || err.Error() != stepFirst {
		t.Errorf("F3 after the jump to E3: %v, want %q", err, stepFirst)
	}
	if _, err := p.Build(gametest.Clicks(t, "C1 E3 E5 C5 A3 A3 A5")); hops.RuleOf(err) != "C4" {
		t.Errorf("a step of two squares: %v, want a C4 error", err)
	}
	// After a winning jump the move is complete.
	p = mk(t, "A1 A6", "B2", White)
	b, err = p.Build(gametest.Clicks(t, "A1 C3"))
	if err != nil || !b.Complete || len(b.Next) != 0 || b.Move.String() != "A1-C3" {
		t.Errorf("winning jump: %+v %v", b, err)
	}
	if _, err := p.Build(gametest.Clicks(t, "A1 C3 C3")); hops.RuleOf(err) != "C3" {
		t.Errorf("a step after winning: %v, want a C3 error", err)
	}
}

func TestGameHandle(t *testing.T) {
	s := Game.Start(Black)
	if s.String() != "bbbbbb/6/6/6/6/wwwwww b" || len(s.Moves()) != 16 {
		t.Fatalf("Game.Start: %s", s)
	}
	s2, err := s.Play("a6-a5")
	if err != nil || s2.String() != "1bbbbb/b5/6/6/6/wwwwww w" {
		t.Fatalf("Game play: %v", err)
	}
	if _, err := Game.Parse("bbbbbb/6/6/6/6/wwwwww x"); err == nil {
		t.Fatal("bad text accepted")
	}
}

func TestAccessors(t *testing.T) {
	p, err := NewPosition(squares(t, "A1 B1 C1 D1 E1 F1"), squares(t, "A6 B6 C6 D6 E6 F6"), White)
	if err != nil || p != Start() {
		t.Fatalf("New: %v %v", p, err)
	}
	if p.Pawns(White) != squares(t, "A1 B1 C1 D1 E1 F1") || p.Pawns(Black) != squares(t, "A6 B6 C6 D6 E6 F6") {
		t.Error("Pawns")
	}
	if s, ok := p.Pawn(sq(t, "A1")); !ok || s != White {
		t.Error("At A1")
	}
	if s, ok := p.Pawn(sq(t, "A6")); !ok || s != Black {
		t.Error("At A6")
	}
	if _, ok := p.Pawn(sq(t, "A3")); ok {
		t.Error("At A3")
	}
	for _, c := range []struct {
		w, b hops.Bitboard
		side hops.Side
		rule string
	}{
		{squares(t, "A1"), squares(t, "A6"), 2, "C8"},
		{squares(t, "A1") | hops.SquareAt(6, 0).Bit(), squares(t, "A6"), White, "G1"},
		{squares(t, "A1 B1 C1 D1 E1 F1 A2 B2 C2 D2 E2 F2"), 0, White, "C8"},
	} {
		if _, err := NewPosition(c.w, c.b, c.side); hops.RuleOf(err) != c.rule || !errors.Is(err, hops.ErrPosition) {
			t.Errorf("NewPosition(%v, %v, %d): %v, want %s", c.w, c.b, c.side, err, c.rule)
		}
	}
	m := mv(t, "C1-E3-E5-C5-A3 A3-A4")
	if from, to, ok := m.Step(); !ok || from != sq(t, "A3") || to != sq(t, "A4") || m.Path().String() != "C1-E3-E5-C5-A3" {
		t.Error("Move accessors")
	}
	if _, _, ok := mv(t, "A1-A2").Step(); ok {
		t.Error("a step alone has no second part")
	}
	if NewMove(m.Path(), sq(t, "A3"), sq(t, "A4")) != m {
		t.Error("NewMove")
	}
	bad := NewMove(hops.PathOf(sq(t, "A1"), hops.SquareAt(6, 1)), hops.NoSquare, hops.NoSquare)
	if err := Start().Validate(bad); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("off-board square: %v", err)
	}
	bad = NewMove(hops.PathOf(sq(t, "A1"), sq(t, "A2")), sq(t, "A2"), hops.Outside)
	if err := Start().Validate(bad); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("off-board step: %v", err)
	}
}

func TestC6_DameJumpPassesNoPawn(t *testing.T) {
	p := mk(t, "A1", "C5 F1", White)
	e := reject(t, p, "A1-A3-C5 C5-C4", "C6")
	if !strings.Contains(e.Msg, "no pawn") {
		t.Errorf("message %q", e.Msg)
	}
	reject(t, p, "A1-A3-B4 B4-B3", "C6")
}

// TestG6_OnlyJumpsLeft: a side whose pawns cannot step but can jump
// still has moves.
func TestG6_OnlyJumpsLeft(t *testing.T) {
	p := mustParse(t, "3bbb/3bbb/6/6/bbb3/wwb3 w")
	if o := p.Outcome(); o.Over {
		t.Fatalf("outcome %v", o)
	}
	if p.CountMoves() == 0 {
		t.Fatal("no moves")
	}
}

// TestG1_PathOffBoard: a move built by hand with a square off the 6x6
// board names the square's place in the path and the square, as every
// game does ("square 1 is off the board" read like B1).
func TestG1_PathOffBoard(t *testing.T) {
	for _, c := range []struct {
		m    Move
		want string
	}{
		{NewMove(hops.PathOf(hops.SquareAt(0, 0), hops.SquareAt(7, 7)), hops.NoSquare, hops.NoSquare), "move: square 2 of the path, H8, is off the 6x6 board (A1..F6) (G1)"},
		{NewMove(hops.PathOf(hops.NoSquare, hops.SquareAt(0, 1)), hops.NoSquare, hops.NoSquare), "move: square 1 of the path, -, is off the 6x6 board (A1..F6) (G1)"},
		{NewMove(hops.PathOf(hops.SquareAt(0, 0), hops.SquareAt(1, 1)), hops.SquareAt(0, 1), hops.SquareAt(6, 1)), "step: G2 is off the 6x6 board (G1)"},
	} {
		if err := Start().Validate(c.m); err == nil || err.Error() != c.want {
			t.Errorf("%v, want %s", err, c.want)
		}
	}
}
