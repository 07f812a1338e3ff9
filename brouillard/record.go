package brouillard

import (
	"errors"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// ParseReveal reads the text of a Reveal as its String method writes it:
// "-" for nothing turned over, or the square and the face, followed by
// "captured" when the pawn was captured ("D5 Ten captured"). Its words
// may be in any case and separated by any white space, with white space
// around the text, as the other texts of the game are read.
func ParseReveal(text string) (Reveal, error) {
	if strings.TrimSpace(text) == "-" {
		return Reveal{}, nil
	}
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 3 || (len(f) == 3 && !strings.EqualFold(f[2], "captured")) {
		return Reveal{}, hops.Errorf(hops.ErrSyntax, "B8", "reveal "+hops.Quote(text), "want \"-\" or a square and a face, then \"captured\" if it was")
	}
	sq, err := bd.ParseSquare(f[0])
	if err != nil {
		return Reveal{}, err.(*hops.Error).In("reveal " + hops.Quote(text))
	}
	for k := Blank; k <= King; k++ {
		if strings.EqualFold(f[1], k.String()) {
			return Reveal{Turned: true, Square: sq, Kind: k, Captured: len(f) == 3}, nil
		}
	}
	return Reveal{}, hops.Errorf(hops.ErrSyntax, "B2", "reveal "+hops.Quote(text), "%s is not a face (Blank, Nine, Ten, Jack, Queen, King)", hops.Quote(f[1]))
}

// CheckReveal checks the reveal written for the legal move m of the true
// position p, as a complete record may give it: nil when it is what the
// move revealed (PlayReveal; "-" for nothing, or "" as games.PlayReveal
// writes it and View.Play reads it), and otherwise an *Error of
// kind ErrSyntax for a text that is no reveal or ErrIllegal under B8 that
// says what the move revealed. An illegal m gives Play's error.
func CheckReveal(p Position, m Move, written string) error {
	text := written
	if strings.TrimSpace(text) == "" {
		text = "-" // nothing, as games.PlayReveal writes it
	}
	want, err := ParseReveal(text)
	if err != nil {
		return err
	}
	_, got, err := p.PlayReveal(m)
	if err != nil {
		return err
	}
	if got != want {
		said := "nothing: it turned no pawn over"
		if got.Turned {
			said = got.String()
		}
		where := "reveal " + hops.Quote(written)
		if strings.TrimSpace(written) == "" {
			where = "no reveal" // none was written, not an empty one
		}
		return hops.Errorf(hops.ErrIllegal, "B8", where, "the move revealed %s", said)
	}
	return nil
}

// PlayerRecord turns a complete record of a game (the true start, both
// arrangements in it) into the record that one player may keep: its
// Start is the viewer's view, a View tag names the viewer, and every move
// that turned a pawn over carries what it revealed. It replays the whole
// record, checking its moves, the reveals it gives (CheckReveal) and its
// result, and returns the first fault as an error. The result holds
// nothing the viewer did not see.
func PlayerRecord(rec *hops.Record, viewer hops.Side) (*hops.Record, error) {
	if err := engine.CheckSide("viewer", viewer, SideName); err != nil {
		return nil, err
	}
	if err := rec.CheckGame(Game); err != nil {
		return nil, err
	}
	if _, ok := rec.Tag("View"); ok {
		return nil, hops.Errorf(hops.ErrSyntax, "", "tag View", "the record is already a player's record")
	}
	p, err := Parse(rec.Start)
	if err != nil {
		return nil, hops.ErrorIn(err, "tag Start")
	}
	out := &hops.Record{Game: rec.Game, Start: p.View(viewer).String(), Result: rec.Result, Comment: rec.Comment}
	out.Tags = append(out.Tags, rec.Tags...)
	out.SetTag("View", SideName(viewer))
	for i, rm := range rec.Moves {
		if err := p.Outcome().Err(); err != nil {
			return nil, hops.ErrorInMove(err, i+1, rm.Text)
		}
		m, err := ParseMove(rm.Text)
		if err != nil {
			return nil, hops.ErrorInMove(err, i+1, rm.Text)
		}
		if rm.Reveal != "" {
			if err := CheckReveal(p, m, rm.Reveal); err != nil {
				return nil, hops.ErrorInMove(err, i+1, rm.Text)
			}
		}
		var r Reveal
		if p, r, err = p.PlayReveal(m); err != nil {
			return nil, hops.ErrorInMove(err, i+1, rm.Text)
		}
		pm := hops.RecordMove{Text: rm.Text, Comment: rm.Comment}
		if r.Turned {
			pm.Reveal = r.String()
		}
		out.Moves = append(out.Moves, pm)
	}
	if err := rec.CheckResult(p.Outcome()); err != nil {
		return nil, err
	}
	return out, nil
}

// ReplayView replays a record kept by one player (see PlayerRecord) from
// public information only, checking every move and every reveal, and
// returns the viewer's views from the start to the end.
func ReplayView(rec *hops.Record) ([]View, error) {
	if err := rec.CheckGame(Game); err != nil {
		return nil, err
	}
	name, ok := rec.Tag("View")
	if !ok {
		return nil, hops.Errorf(hops.ErrSyntax, "B12", "tag View", "a player's record names its viewer in a View tag")
	}
	viewer, err := Game.ParseSide(name)
	if err != nil {
		// The View tag names the viewer (B12).
		var e *hops.Error
		if errors.As(err, &e) {
			e = e.In("tag View")
			e.Rule = "B12"
			return nil, e
		}
		return nil, err
	}
	v, err := ParseView(rec.Start, viewer)
	if err != nil {
		return nil, hops.ErrorIn(err, "tag Start")
	}
	views := []View{v}
	for i, rm := range rec.Moves {
		if err := v.Outcome().Err(); err != nil {
			return views, hops.ErrorInMove(err, i+1, rm.Text)
		}
		m, err := ParseMove(rm.Text)
		if err != nil {
			return views, hops.ErrorInMove(err, i+1, rm.Text)
		}
		var r Reveal
		if rm.Reveal != "" {
			if r, err = ParseReveal(rm.Reveal); err != nil {
				return views, hops.ErrorInMove(err, i+1, rm.Text)
			}
		}
		if v, err = v.Play(m, r); err != nil {
			var e *hops.Error
			if rm.Reveal == "" && errors.As(err, &e) {
				if rest, ok := strings.CutPrefix(e.Where, `reveal "-"`); ok {
					// The record wrote no reveal, not "-": say so.
					missing := *e
					missing.Where = "no reveal" + rest
					err = &missing
				}
			}
			return views, hops.ErrorInMove(err, i+1, rm.Text)
		}
		views = append(views, v)
	}
	return views, rec.CheckResult(v.Outcome())
}
