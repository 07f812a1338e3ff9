package hops_test

import (
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
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
}

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
