package games_test

import (
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/zapita"
)

// TestFinishedSaidAlike: a finished game's diagram ends with the same
// words in every game, "game over: <winner> won, <why> (<rule>)", and its
// drawing's caption reads "<winner> won: <why>", so that a program that
// shows games of several kinds reads one form. Each position is one move
// before its end (Z3, K3, C3, B5), and the move ends it.
func TestFinishedSaidAlike(t *testing.T) {
	for _, c := range []struct{ game, position, move, last string }{
		{"zapita", "c5C/a5B/6A/3c3/7/a*Ab2B/b5C k", "d2-b2*d4*g4", "game over: Khaki won, the bomb reached White's headquarters (Z3)"},
		{"catchit", "rrBrrrr/7/r6/7/7/7/bbb1bbb b", "C7-out", "game over: Blue won, Blue carried the ball beyond rank 7 (K3)"},
		{"coir", "wwwwww/wwww2/6/6/2b3/1w4 w", "B1-D3", "game over: White won, all twelve pawns show White's colour (C3)"},
		{"brouillard", "7/3F3/1k!5/x!6/2f2X!1/2x!3X!/7 w 4 5 -", "", "game over: Red won, Red captured the White King (B5); White captured 4, Red captured 5"},
	} {
		s, err := games.Parse(c.game, c.position)
		if err != nil {
			t.Fatal(err)
		}
		if c.move != "" {
			if s, err = s.Play(c.move); err != nil {
				t.Fatalf("%s %s: %v", c.game, c.move, err)
			}
		}
		o := s.Outcome()
		if !o.Over {
			t.Fatalf("%s: %s is not over", c.game, s)
		}
		lines := strings.Split(strings.TrimSuffix(s.Diagram(), "\n"), "\n")
		if got := lines[len(lines)-1]; got != c.last {
			t.Errorf("%s: diagram ends %q, want %q", c.game, got, c.last)
		}
		d, err := s.Drawing("")
		if want := o.WinnerName + " won: " + o.Reason; err != nil || d.Caption != want {
			t.Errorf("%s: caption %q %v, want %q", c.game, d.Caption, err, want)
		}
		b, err := s.Build(nil)
		if err != nil || b.Prompt != "the game is over" || len(b.Next) != 0 {
			t.Errorf("%s: Build(nil) %q %v %v", c.game, b.Prompt, b.Next, err)
		}
	}
}

// TestZeroIsOver: the zero Position of every game has no legal move and
// is lost by its side to move (G6: Catch'it and Coir gave their own ends,
// "carried the ball beyond rank 1" and "all twelve pawns show Black's
// colour", on a board with no pawn), and its builder says so, where
// Zapita's asked for a pawn to click.
func TestZeroIsOver(t *testing.T) {
	for name, p := range map[string]interface {
		HasMoves() bool
		Outcome() hops.Outcome
	}{"zapita": zapita.Position{}, "catchit": catchit.Position{}, "coir": coir.Position{}, "brouillard": brouillard.Position{}} {
		if o := p.Outcome(); p.HasMoves() || !o.Over || o.Rule != "G6" || o.Winner != hops.Second {
			t.Errorf("%s: the zero Position has moves or is not lost by its side to move (G6): %v", name, o)
		}
	}
	for name, got := range map[string]string{
		"zapita":     promptOf(zapita.Position{}.Build(nil)),
		"catchit":    promptOf(catchit.Position{}.Build(nil)),
		"coir":       promptOf(coir.Position{}.Build(nil)),
		"brouillard": promptOf(brouillard.Position{}.Build(nil)),
	} {
		if got != "the game is over" {
			t.Errorf("%s: zero Build prompt %q", name, got)
		}
	}
}

func promptOf[M any](b hops.Built[M], err error) string {
	if err != nil {
		return err.Error()
	}
	return b.Prompt
}
