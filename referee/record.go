package referee

import (
	"io"
	"net/http"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// recordOf returns the record of snap's game that who may keep, in the
// library's record format (hops.Record): every move in its canonical
// text, the result the rules give, the day the game was created (Date,
// as 2026.11.29, in UTC), the computer player's side and strength in a
// game against it ("computer (hard)" under the side's name, as Red), and
// a Termination tag when a side resigned (the final position then does not give the result, so the
// record's result is the position's, "*", and the tag tells the rest).
// In Brouillard a player gets his own record (brouillard.PlayerRecord:
// his view of the start, the reveals), during the game and after; anyone
// who sends no token gets the true record once the game is over, and
// nothing before (see public).
func recordOf(snap snapshot, who viewer) (*hops.Record, error) {
	if !public(snap) && !who.ok {
		return nil, failf(http.StatusForbidden, "hidden", "%s hides pieces: its record is public once the game is over", snap.game.Title)
	}
	rec := hops.NewRecorder(snap.start)
	for _, mv := range snap.history {
		if _, err := rec.Play(mv); err != nil {
			return nil, err
		}
	}
	rec.SetTag("Event", "HOPS referee game "+snap.id)
	if !snap.began.IsZero() {
		rec.SetTag("Date", snap.began.UTC().Format("2006.01.02"))
	}
	if level, side, ok := snap.computer(); ok {
		rec.SetTag(snap.game.SideName(side), "computer ("+level+")")
	}
	if snap.outcome.Over && !rec.State().Outcome().Over {
		rec.SetTag("Termination", snap.outcome.Reason)
	} else if snap.status == StatusClosed {
		rec.SetTag("Termination", "the server's ply bound")
	}
	out := rec.Record()
	if snap.hidden && who.ok {
		return brouillard.PlayerRecord(out, who.side)
	}
	return out, nil
}

// getRecord answers the game's record as text (see recordOf), to be
// read back with hops.ReadRecord.
func (s *Server) getRecord(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	snap := take(m)
	if snap.status == StatusWaiting {
		fail(w, m, failf(http.StatusConflict, "waiting", "the game waits for its second player to join"))
		return
	}
	rec, err := recordOf(snap, who)
	if err != nil {
		fail(w, m, err)
		return
	}
	text := rec.String()
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="hops-`+snap.game.Name+`-`+snap.id[:min(8, len(snap.id))]+`.txt"`)
	io.WriteString(w, text)
}
