package hops_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// TestGameState: a typed position becomes the State that parsing its
// text gives; a position of another game, or no game, is refused.
func TestGameState(t *testing.T) {
	p := catchit.Start()
	s, err := catchit.Game.State(p)
	if err != nil || s.String() != p.String() || s.Game() != catchit.Game || s.Value() != any(p) {
		t.Fatalf("State(start) = %v, %v", s, err)
	}
	if _, err := catchit.Game.State(coir.Start()); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("State(a Coir position) = %v", err)
	}
	var zero hops.Game
	if _, err := zero.State(p); err == nil {
		t.Error("the zero Game made a State")
	}
	// A State of the game, such as a games.State read from JSON (here a
	// wrapper of the same shape), gives the State of its position; a
	// State of another game, or one holding none, is refused.
	if again, err := catchit.Game.State(wrapped{s}); err != nil || again.Value() != any(p) || again.Game() != catchit.Game {
		t.Errorf("State(a State of the game) = %v, %v", again, err)
	}
	if _, err := catchit.Game.State(coir.Game.Start(hops.First)); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("State(a Coir State) = %v", err)
	}
	if _, err := catchit.Game.State(wrapped{}); !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "holding no state") {
		t.Errorf("State(a wrapper of no state) = %v", err)
	}
}

// wrapped holds a State as games.State does, and says it holds none when
// it is zero.
type wrapped struct{ hops.State }

func (w wrapped) IsZero() bool { return w.State == nil }

// TestParseSideFirstSecond: a game reads its sides by name, by letter,
// and as the text a Side alone encodes to.
func TestParseSideFirstSecond(t *testing.T) {
	for text, want := range map[string]hops.Side{"Red": catchit.Red, "b": catchit.Blue, "first": hops.First, "SECOND": hops.Second} {
		if got, err := catchit.Game.ParseSide(text); err != nil || got != want {
			t.Errorf("ParseSide(%q) = %v, %v", text, got, err)
		}
	}
	if _, err := catchit.Game.ParseSide("third"); err == nil {
		t.Error("ParseSide(third) accepted")
	}
}

// TestOutcomeStringWithoutRule: a win outside the rules (a resignation)
// prints no empty brackets.
func TestOutcomeStringWithoutRule(t *testing.T) {
	o := hops.Outcome{Over: true, Winner: hops.Second, WinnerName: "Red", Reason: "Blue resigned"}
	if got := o.String(); got != "Red wins: Blue resigned" {
		t.Errorf("String = %q", got)
	}
	o.WinnerName = ""
	if got := o.String(); got != "second side wins: Blue resigned" {
		t.Errorf("String = %q", got)
	}
}

// TestRecordWithoutGame: a record must name its game, when written and
// when read.
func TestRecordWithoutGame(t *testing.T) {
	rec := &hops.Record{Start: "bbbbbb/6/6/6/6/wwwwww w", Result: "*"}
	if err := rec.Check(); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("Check of a record with no game: %v", err)
	}
	if _, err := hops.ReadRecord(rec.String()); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("ReadRecord of a record with no game: %v", err)
	}
}

// TestStateOfUnreadable: Game.State refuses a position whose text its
// Parse does not read back, so that no State writes JSON or a record's
// Start tag that does not read: the zero position of every game, and a
// Zapita Build preview in the middle of a move (the pawn holding the
// bomb it reached).
func TestStateOfUnreadable(t *testing.T) {
	for _, c := range []struct {
		g *hops.Game
		p any
	}{
		{zapita.Game, zapita.Position{}}, {catchit.Game, catchit.Position{}},
		{coir.Game, coir.Position{}}, {brouillard.Game, brouillard.Position{}},
	} {
		if s, err := c.g.State(c.p); err == nil {
			t.Errorf("%s: the State of the zero position: %v, want an error", c.g.Name, s)
		}
	}
	p, err := zapita.Parse("7/a5B/cb5/3*1C1/c3A1C/b5B/a5A w")
	if err != nil {
		t.Fatal(err)
	}
	e3, _ := hops.ParseClick("E3")
	d4, _ := hops.ParseClick("D4")
	b, err := p.Build([]hops.Click{e3, d4})
	if err != nil {
		t.Fatal(err)
	}
	if s, err := zapita.Game.State(b.Preview); err == nil || hops.RuleOf(err) != "Z1" {
		t.Errorf("the State of a preview whose pawn holds the bomb: %v, %v; want Parse's refusal (Z1)", s, err)
	}
	if s, err := zapita.Game.State(p); err != nil || s.String() != p.String() {
		t.Errorf("the State of a position: %v, %v", s, err)
	}
}
