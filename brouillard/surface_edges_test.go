package brouillard

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// Positions shared by the tests below.
const (
	// afterFig7 is the worked example after White's capture of the Nine:
	// White owes another Fou move (phase '+', B9), its Fou on C5.
	afterFig7 = "1x1t1x1/j1qf2k/2F4/4K2/7/X1J1N1Q/1X3T1 w 1 0 +"
	// kingNext: White's target is the Red King on D3, which D2xD4 turns
	// over and captures (B5, B8); Red's blank on G2 is turned over.
	kingNext = "1x1K3/3f3/7/7/3k3/X1QFJ1x!/1N1T1X1 w 4 0 -"
	// fousTouch: the White Fou on A1 and the Red Fou on B2, its only
	// diagonal neighbour; the White Fou moves only by jumping B1 (B7).
	fousTouch = "A1:F B2:f B1:X C2:N G2:T G4:J F5:Q G6:K A4:X B7:x D7:n F7:t C6:j E6:q A6:k C4:x"
	// fouStuck: the same Fous with A2 and B1 empty: the White Fou moves
	// only once a pawn stands on one of them (B9).
	fouStuck = "A1:F B2:f C4:X B3:N C2:T G2:J G4:Q F5:K G6:X B7:x D7:n F7:t A6:j C6:q E6:k E4:x"
)

// TestB11_KeyTellsPositionsApart: positions that differ only in the phase
// (B9), in whether one pawn was turned over (B8), or in which side's
// blank stands turned over where, have different keys.
func TestB11_KeyTellsPositionsApart(t *testing.T) {
	for _, c := range [][2]string{
		{afterFig7, "1x1t1x1/j1qf2k/2F4/4K2/7/X1J1N1Q/1X3T1 w 1 0 -"},
		{"1x1x1t1/j1qfk1n/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", "1x1x!1t1/j1qfk1n/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -"},
		{"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X!1 w 0 0 -", "1X!1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1x1 w 0 0 -"},
	} {
		if parsed(t, c[0]).Key() == parsed(t, c[1]).Key() {
			t.Errorf("%s and %s have the same Key", c[0], c[1])
		}
	}
}

// TestB11_AtAndDrawing: At names each Fou with its letter (B11); a drawing
// shades the dark squares (B1), inks White's labels black and Red's
// white, and draws a decision's pawn path before its Fou path (B10).
func TestB11_AtAndDrawing(t *testing.T) {
	st := Start()
	gametest.CheckAt(t, bd, st, map[string]hops.Piece{
		"D2": {Side: White, Letter: 'F', Name: "Fou"},
		"D6": {Side: Red, Letter: 'f', Name: "Fou"},
	})
	d := st.Drawing()
	if a, b := d.SquareFill[sq(t, "A1")], d.SquareFill[sq(t, "B1")]; a != "#b08d6a" || b != "" {
		t.Errorf("square fills A1 %q, B1 %q; want %q and none", a, b, "#b08d6a")
	}
	for name, want := range map[string]hops.Token{
		"B1": {Fill: "#ffffff", Label: "9", Ink: "#000000"},
		"B7": {Fill: "#c0392b", Ink: "#ffffff"},
		"D6": {Fill: "#c0392b", Label: "F", Ink: "#ffffff", Square: true},
	} {
		if got := d.Tokens[sq(t, name)]; got != want {
			t.Errorf("token on %s %+v, want %+v", name, got, want)
		}
	}
	// The Fou's hops are the move's second part.
	want := []hops.Arrow{{FromFile: 3, FromRank: 2, ToFile: 4, ToRank: 1}, {FromFile: 4, FromRank: 2, ToFile: 4, ToRank: 4, Part: 1}, {FromFile: 4, FromRank: 4, ToFile: 2, ToRank: 4, Part: 1}}
	if got := mustMove(t, "D3-E2 E3-E5xC5").Arrows(); !slices.Equal(got, want) {
		t.Errorf("arrows %v, want %v", got, want)
	}
}

// TestB9_Destinations: the Fou never goes to the other Fou's square (B7);
// a pawn goes only where the Fou can move after it (B9), so not where it
// leaves the Fou without a pawn to jump; after a capture no pawn moves.
func TestB9_Destinations(t *testing.T) {
	touch := build(t, fousTouch, "w 0 0 -")
	for _, c := range []struct {
		p          Position
		from, want string
	}{
		{touch, "A1", "{C1 G1 A3 C3 G3 A5 C5 E5 G5 A7 C7 E7 G7}"},
		{touch, "B1", "{A2}"},
		{build(t, fouStuck, "w 0 0 -"), "C4", "{A2}"},
		{parsed(t, afterFig7), "E4", "{}"},
	} {
		if got := fmt.Sprint(c.p.Destinations(sq(t, c.from))); got != c.want {
			t.Errorf("%s: Destinations(%s) = %s, want %s", c.p, c.from, got, c.want)
		}
	}
}

// TestB9_BuildClicks: the builder offers only the landings after which the
// Fou can move (B9) and prompts for the Fou after a capture; it refuses,
// with the rule broken, a Fou that cannot move before a pawn, a pawn left
// where the Fou cannot move, the Fou clicked before the pawn has moved
// (B6), the other side's Fou (B7), a marked click on the Fou (B8), a pawn
// after a capture (B9), and any click once a King has fallen (B5).
func TestB9_BuildClicks(t *testing.T) {
	stuck := build(t, fouStuck, "w 0 0 -")
	over := play(t, parsed(t, kingNext), "D2xD4")
	for _, c := range []struct {
		p                 Position
		clicks            []string
		next, prompt, err string
	}{
		{p: stuck, clicks: []string{"C4"}, next: "[A2]", prompt: "click where the pawn on C4 goes"},
		{p: parsed(t, afterFig7), next: "[C5]", prompt: "the Fou moves again after the capture: click it"},
		{p: stuck, clicks: []string{"A1"}, err: "click 1 A1: the White Fou cannot move unless a pawn moves first (B9)"},
		{p: stuck, clicks: []string{"C4", "D3"}, err: "click 2 D3: after the pawn lands on D3 the Fou cannot move, however the pawn goes on, and a decision always moves the Fou (B9)"},
		{p: Start(), clicks: []string{"B1", "D2"}, err: "click 2 D2: the pawn on B1 has not moved: a decision moves a pawn fully, then the Fou (B6)"},
		{p: Start(), clicks: []string{"D6"}, err: "click 1 D6: D6 holds the Red Fou: each side moves only its own (B7)"},
		{p: Start(), clicks: []string{"xD2"}, err: "click 1 xD2: only the Fou's last jump is marked 'x', to turn the jumped pawn over (B8)"},
		{p: parsed(t, afterFig7), clicks: []string{"E4"}, err: "click 1 E4: after a capture the same side moves its Fou again, without a pawn move (B9)"},
		{p: over, clicks: []string{"D4"}, err: "click 1 D4: the game is over: a King has been captured (B5)"},
	} {
		b, err := c.p.Build(gametest.Clicks(t, strings.Join(c.clicks, " ")))
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: Build(%v): %v, want %q", c.p, c.clicks, err, c.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(b.Next) != c.next || b.Prompt != c.prompt {
			t.Errorf("%s: Build(%v): next %v, prompt %q, %v; want %s, %q", c.p, c.clicks, b.Next, b.Prompt, err, c.next, c.prompt)
		}
	}
}

// TestB12_ViewJSONRevealsAndSample: the zero View is written as null; a
// view that does not read says so at the key at fault; a reveal with no face is
// refused under B8; a view with a hidden blank and a hidden King samples
// both of its consistent positions (B4).
func TestB12_ViewJSONRevealsAndSample(t *testing.T) {
	if data, err := json.Marshal(View{}); err != nil || string(data) != "null" {
		t.Errorf("json.Marshal(View{}) = %s, %v; want null", data, err)
	}
	for data, want := range map[string]string{
		`{"viewer":"Blue","text":"x"}`:  `view: key "viewer": Brouillard au Palais has no side "Blue" (want White or Red, or first or second)`,
		`{"viewer":"White","text":"x"}`: `view: key "text": 1 field, want 5 (G11)`,
	} {
		var v View
		if err := json.Unmarshal([]byte(data), &v); err == nil || err.Error() != want {
			t.Errorf("Unmarshal(%s): %v, want %q", data, err, want)
		}
	}
	if _, err := (Reveal{Turned: true, Square: sq(t, "D5")}).MarshalText(); hops.RuleOf(err) != "B8" {
		t.Errorf("MarshalText of a reveal with no face: %v, want a B8 error", err)
	}
	v := parsed(t, kingNext).View(White)
	seen := map[string]bool{}
	r := rand.New(rand.NewPCG(1, 2))
	for range 16 {
		seen[v.Sample(r).String()] = true
	}
	if len(seen) != v.Consistent() || len(seen) != 2 {
		t.Errorf("%s: 16 samples give %d positions, want the %d consistent ones", v, len(seen), v.Consistent())
	}
}

// TestB12_PlayerRecordEdges: a player's record keeps the record's tags
// and adds View; a player's record cannot be made again from one; a move
// after the King's capture is refused under B5 in a complete record and
// in a player's one; a wrong reveal says what the move revealed (B8).
func TestB12_PlayerRecordEdges(t *testing.T) {
	rec := &hops.Record{Game: Game.Name, Start: kingNext, Moves: []hops.RecordMove{{Text: "D2xD4"}}, Result: "1-0"}
	rec.SetTag("Event", "test")
	pr, err := PlayerRecord(rec, Red)
	if err != nil {
		t.Fatal(err)
	}
	if want := []hops.Tag{{Name: "Event", Value: "test"}, {Name: "View", Value: "Red"}}; !slices.Equal(pr.Tags, want) {
		t.Errorf("tags %v, want %v", pr.Tags, want)
	}
	if _, err := PlayerRecord(pr, White); err == nil || err.Error() != "tag View: the record is already a player's record" {
		t.Errorf("PlayerRecord of a player's record: %v", err)
	}
	const after = `move 2 "zz": the game is over: White wins: White captured the Red King (B5)`
	more := func(r *hops.Record) *hops.Record {
		c := *r
		c.Moves = append(slices.Clip(c.Moves), hops.RecordMove{Text: "zz"})
		return &c
	}
	if _, err := PlayerRecord(more(rec), White); err == nil || err.Error() != after {
		t.Errorf("PlayerRecord with a move after the end: %v, want %q", err, after)
	}
	if _, err := ReplayView(more(pr)); err == nil || err.Error() != after {
		t.Errorf("ReplayView with a move after the end: %v, want %q", err, after)
	}
	const nothing = `reveal "D5 Nine captured": the move revealed nothing: it turned no pawn over (B8)`
	if err := CheckReveal(Start(), mustMove(t, "D2-E3"), "D5 Nine captured"); err == nil || err.Error() != nothing {
		t.Errorf("CheckReveal: %v, want %q", err, nothing)
	}
}

// TestB11_SetupErrors: a Setup is refused with what is wrong and its rule:
// a turned pawn where none stands (B8), the two Fous on one square (B2),
// a Fou on a light square (B7), a negative count (B5), a pawn of no kind
// (B2); Setup gives each side's captured count back.
func TestB11_SetupErrors(t *testing.T) {
	for _, c := range []struct {
		change func(*Setup)
		want   string
	}{
		{func(s *Setup) { s.Turned |= sq(t, "D4").Bit() }, "turned: no pawn on D4 to be turned over (B8)"},
		{func(s *Setup) { s.Fous[Red] = s.Fous[White] }, "Fous: the Red Fou shares D2 with another piece (B2)"},
		{func(s *Setup) { s.Fous[White] = sq(t, "E4") }, "Fous: the White Fou is on E4: a Fou stands on dark squares only (B7)"},
		{func(s *Setup) { s.Captured[White] = -1 }, "captured: White captured -1 figures: want 0 to 5 (B5)"},
		{func(s *Setup) { s.Kinds[sq(t, "B1")] = 0 }, "kinds: the pawn on B1 is of no kind (want Blank to King) (B2)"},
	} {
		s := Start().Setup()
		c.change(&s)
		if _, err := s.Position(); err == nil || err.Error() != c.want {
			t.Errorf("Position(): %v, want %q", err, c.want)
		}
	}
	if got := parsed(t, afterFig7).Setup().Captured; got != [2]int{1, 0} {
		t.Errorf("Setup().Captured = %v, want [1 0]", got)
	}
}

// TestB8_CheckRevealEmptyIsNothing: CheckReveal reads an empty reveal as
// nothing turned over, as games.PlayReveal writes it and View.Play reads
// it, so that what PlayReveal gives for every move checks; where one was
// due, the error says no reveal was written.
func TestB8_CheckRevealEmptyIsNothing(t *testing.T) {
	p, err := Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	for _, empty := range []string{"", "  "} {
		if err := CheckReveal(Start(), mustMove(t, "D2-E3"), empty); err != nil {
			t.Errorf("CheckReveal(%q) of a move that turns nothing over: %v", empty, err)
		}
		// None was written: the error says so rather than quote it.
		const want = `no reveal: the move revealed D5 Nine captured (B8)`
		if err := CheckReveal(p, mustMove(t, "D3-E2 E3-E5xC5"), empty); err == nil || err.Error() != want {
			t.Errorf("CheckReveal(%q) of a move that captures the Nine: %v, want %s", empty, err, want)
		}
	}
	for m := range p.Moves() {
		_, r, err := p.PlayReveal(m)
		if err != nil {
			t.Fatal(err)
		}
		text := ""
		if r.Turned {
			text = r.String()
		}
		if err := CheckReveal(p, m, text); err != nil {
			t.Errorf("%s revealing %q: %v", m, text, err)
		}
	}
}
