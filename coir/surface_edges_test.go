package coir

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// fig5 is the position of the sheet's Fig. 5 (C9), and fig5Move its move.
const (
	fig5     = "bbb1bb/3b2/1b2w1/6/3w2/w1w2w w"
	fig5Move = "C1-E3-E5-C5-A3 A3-A4"
)

// TestG9_CanonicalRefusesIllegalTwoSquareForms: a text of two squares
// (or a path whose first hop is one square) is Canonical's own form only
// when it is a legal step or Dame's slide; anything else gets Validate's
// error, with its rule: a step followed by a step or by a further square
// (C4), a long slide by a side with more than one pawn, and a Dame's move
// off a straight line (C6).
func TestG9_CanonicalRefusesIllegalTwoSquareForms(t *testing.T) {
	const dame = "2bb1b/bb4/b1b3/1wb3/1bb3/2b3 w"
	for _, c := range []struct{ position, text, want string }{
		{Start().String(), "A1-A2 B1-B2", "jumps A1-A2: jump 1 A1-A2 is a step, not a jump: a turn's one step comes after its jumps (C4)"},
		{Start().String(), "A1-A2-A3", "jumps A1-A2-A3: jump 1 A1-A2 is a step, not a jump: a turn's one step comes after its jumps (C4)"},
		{Start().String(), "A1-A3", "move A1-A3: only a Dame slides further than one square, and White owns 6 pawns; nor is it a jump: A2, between, is empty (C6)"},
		{dame, "B3-C5", "move B3-C5: a Dame moves in a straight line (orthogonal or diagonal) (C6)"},
	} {
		p := mustParse(t, c.position)
		m := mv(t, c.text)
		got, err := p.Canonical(m)
		if err == nil || err.Error() != c.want || !errors.Is(err, hops.ErrIllegal) {
			t.Errorf("%s: Canonical(%s) = %s, %v; want the error %q", c.position, c.text, got, err, c.want)
		}
		if verr := p.Validate(m); verr == nil || verr.Error() != c.want {
			t.Errorf("%s: Validate(%s) = %v, want %q", c.position, c.text, verr, c.want)
		}
	}
}

// TestC6_DameSearchLandings: the search behind Canonical finds a Dame's
// seven flying jumps and the step (C6, C7) in the generator's form, and
// prunes its landings: it enters at most the landings it entered when
// written (a measure of its tests of the pawns left, which never cut a
// path that exists).
func TestC6_DameSearchLandings(t *testing.T) {
	for _, c := range []struct {
		position, text, want string
		most                 int
	}{
		{"2w3/1w1ww1/2b3/3www/wwww2/6 b", "C4-A6-A1-D4-D6-B6-F2-F6 B5-C5", "C4-A6-A1-D4-D6-B6-F2-F6 B5-C5", 16},
		{"3w2/1www2/6/2w2w/2wbw1/ww1w2 b", "D2-A2-E6-A6-D3-F1-F6-B2 B2-C1", "D2-A2-E6-A6-C4-F1-F6-B2 B2-C1", 17},
	} {
		p := mustParse(t, c.position)
		got, entered, err := p.canonical(mv(t, c.text))
		if err != nil || got.String() != c.want {
			t.Errorf("%s: Canonical(%s) = %s, %v; want %s", c.position, c.text, got, err, c.want)
		}
		if entered > c.most {
			t.Errorf("%s: Canonical(%s) entered %d landings, want at most %d", c.position, c.text, entered, c.most)
		}
	}
}

// TestC3_CanWinNow: a win in one move is spotted when it needs a Dame's
// flying jumps that cross its own start square and turn a pawn that can
// be jumped along one diagonal only (C6, G5), or a tactical jump before
// the attack (C5); the start has no such win.
func TestC3_CanWinNow(t *testing.T) {
	for _, c := range []struct {
		position string
		want     bool
	}{
		{"2b3/2b1b1/bb1w2/4b1/b2bbb/3b2 w", true},
		{"6/w5/3b2/ww3w/w1w1w1/1ww1ww w", true},
		{Start().String(), false},
	} {
		if got := mustParse(t, c.position).CanWinNow(); got != c.want {
			t.Errorf("%s: CanWinNow() = %v, want %v", c.position, got, c.want)
		}
	}
}

// TestC1_AtKeyMirror: At names a pawn by the colour it shows (C1, C8);
// the side to move is part of the Key; the reflection keeps the side to
// move and reflects every square of a move, its step's too, and leaves
// a move with no step without one.
func TestC1_AtKeyMirror(t *testing.T) {
	st := Start()
	gametest.CheckAt(t, board, st, map[string]hops.Piece{
		"A1": {Side: White, Letter: 'w', Name: "pawn"},
		"F6": {Side: Black, Letter: 'b', Name: "pawn"},
	})
	if st.Key() == StartWith(Black).Key() {
		t.Error("the starts with White and with Black to move have the same Key")
	}
	p := mustParse(t, fig5)
	if got := p.Mirror().String(); got != "bb1bbb/2b3/1w2b1/6/2w3/w2w1w w" {
		t.Errorf("Mirror() = %s", got)
	}
	for text, want := range map[string]string{fig5Move: "D1-B3-B5-D5-F3 F3-F4", "A1-B2": "F1-E2"} {
		if got := mv(t, text).Mirror(); got != mv(t, want) {
			t.Errorf("Mirror(%s) = %s, want %s", text, got, want)
		}
	}
}

// TestDrawingTokensCaptionArrows: a drawing shows each pawn in the colour
// of its face, marks the lone pawn (a Dame, C6) and no pawn of a side
// with two, names the side to move, and draws a move's jumps then its
// step.
func TestDrawingTokensCaptionArrows(t *testing.T) {
	p := mustParse(t, fig5)
	m := mv(t, fig5Move)
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	d := q.Drawing(m)
	if d.Caption != "Black to move" {
		t.Errorf("caption %q, want %q", d.Caption, "Black to move")
	}
	// The step after the jumps is the move's second part.
	want := []hops.Arrow{{FromFile: 2, ToFile: 4, ToRank: 2}, {FromFile: 4, FromRank: 2, ToFile: 4, ToRank: 4},
		{FromFile: 4, FromRank: 4, ToFile: 2, ToRank: 4}, {FromFile: 2, FromRank: 4, ToRank: 2}, {FromRank: 2, ToRank: 3, Part: 1}}
	if !slices.Equal(d.Arrows, want) {
		t.Errorf("arrows %v, want %v", d.Arrows, want)
	}
	for _, c := range []struct {
		position, square string
		want             hops.Token
	}{
		{q.String(), "A1", hops.Token{Fill: "#ffffff"}},
		{q.String(), "D6", hops.Token{}},
		{q.String(), "F6", hops.Token{Fill: "#222222"}},
		{"2b3/2b1b1/bb1w2/4b1/b2bbb/3b2 w", "D4", hops.Token{Fill: "#ffffff", Marker: "#f1c40f"}},
		{"bb4/6/6/6/wwwwww/wwww2 w", "A6", hops.Token{Fill: "#222222"}},
	} {
		if got := mustParse(t, c.position).Drawing().Tokens[sq(t, c.square)]; got != c.want {
			t.Errorf("%s: token on %s %+v, want %+v", c.position, c.square, got, c.want)
		}
	}
}

// TestSetupJSONErrors: a Setup that does not read says so under its own
// name.
func TestSetupJSONErrors(t *testing.T) {
	var s Setup
	err := json.Unmarshal([]byte(`{"pawns":[1,2]}`), &s)
	if want := "setup: squares: a JSON number where an array is wanted"; err == nil || err.Error() != want {
		t.Errorf("Unmarshal: %v, want %q", err, want)
	}
}

// TestC4_BuildDestinationsAndClicks: Destinations holds every step and
// every jump end of a pawn (C4); a click is refused with what is wrong:
// an opposing pawn, a pawn that can neither step nor jump, a stepper with
// no empty neighbour (C4), a jump from afar by a pawn that is no Dame
// (C6).
func TestC4_BuildDestinationsAndClicks(t *testing.T) {
	p := mustParse(t, fig5)
	if got := fmt.Sprint(p.Destinations(sq(t, "C1"))); got != "{B1 D1 B2 C2 A3 E3 C5 E5}" {
		t.Errorf("Destinations(C1) = %s", got)
	}
	const walled = "5b/3w2/3www/b1b3/ww4/wwb3 w"
	for _, c := range []struct{ position, clicks, want string }{
		{fig5, "B4", "click 1 B4: B4 holds a Black pawn: White moves one of the pawns showing White (C4)"},
		{fig5, "C1 E3 E6", "click 3 E6: jumps C1-E3-E6: jump 2 E3-E6 is not a jump: only a Dame jumps from afar, and a jump lands right behind the pawn it jumps (C6)"},
		{walled, "A1", "click 1 A1: the pawn on A1 can neither step nor jump (C4)"},
		{walled, "D5 D3 A1", "click 3 A1: the pawn on A1 has no empty square to step to (C4)"},
	} {
		_, err := mustParse(t, c.position).Build(gametest.Clicks(t, c.clicks))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: Build(%s): %v, want %q", c.position, c.clicks, err, c.want)
		}
	}
}

// TestC6_DameJumpOutOfLine: a Dame's hop that is no line is refused in
// the Dame's words (C6), not as a pawn's jump that must land two squares
// away, which would mislead a player whose Dame has just flown further.
func TestC6_DameJumpOutOfLine(t *testing.T) {
	const dame = "w1b3/4b1/b1bbbb/2b3/1b2b1/2b3 w"
	p := mustParse(t, dame)
	const want = "jump 2 A3-B1 is not a jump: a Dame jumps along a line, orthogonal or diagonal (C6)"
	_, err := p.Build(gametest.Clicks(t, "A6 A3 B1"))
	if err == nil || err.Error() != "click 3 B1: jumps A6-A3-B1: "+want {
		t.Errorf("Build(A6 A3 B1): %v", err)
	}
	m, err := ParseMove("A6-A3-B1 A4-A5")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Validate(m); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("Validate(A6-A3-B1 A4-A5): %v", err)
	}
}
