package referee

import (
	"net/http"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// MaxClicks bounds the clicks of one build request: no move of any game
// needs more squares than the board has.
const MaxClicks = 64

type (
	buildRequest struct {
		Clicks []string `json:"clicks,omitempty"` // none: the build starts
	}
	builtJSON struct {
		Next     []string `json:"next"`
		Complete bool     `json:"complete"`
		Move     string   `json:"move,omitempty"`
		// Prompt says what the next click is for; SVG and Diagram (as "preview") show
		// the position as the clicks so far leave it (Built.Preview),
		// in Brouillard as the player's own view.
		Prompt  string `json:"prompt"`
		SVG     string `json:"svg,omitempty"`
		Diagram string `json:"preview,omitempty"`
	}
)

// postBuild answers what the player to move may click next after the
// clicks he has made, and the move they make if complete (hops.Builder).
// In a game with hidden pieces it is answered from the player's own view,
// so that neither the squares offered nor an error can tell a hidden
// pawn.
func (s *Server) postBuild(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	var req buildRequest
	if !readJSON(w, r, &req) {
		return
	}
	if !mover(w, who) {
		return
	}
	if len(req.Clicks) > MaxClicks {
		writeError(w, http.StatusBadRequest, "request", "", "%d clicks: at most %d", len(req.Clicks), MaxClicks)
		return
	}
	clicks := make([]hops.Click, len(req.Clicks))
	for i, text := range req.Clicks {
		c, err := hops.ParseClick(text)
		if err != nil {
			fail(w, m, moveError(err))
			return
		}
		clicks[i] = c
	}
	snap := take(m)
	if err := notPlayable(snap.status, snap.outcome, snap.maxPlies); err != nil {
		fail(w, m, err)
		return
	}
	if snap.state.ToMove() != who.side {
		fail(w, m, notYourTurn(snap.state, who.side))
		return
	}
	built, err := buildFor(snap, who.side, clicks)
	if err != nil {
		fail(w, m, err)
		return
	}
	out := builtJSON{Next: make([]string, len(built.Next)), Complete: built.Complete, Move: built.Move, Prompt: built.Prompt}
	if built.Preview != nil {
		d := built.Preview.Drawing()
		d.Caption = previewCaption(built.Complete)
		out.SVG, out.Diagram = who.svg(d), built.Preview.Diagram()
	}
	for i, c := range built.Next {
		out.Next[i] = c.String()
	}
	writeJSON(w, http.StatusOK, out)
}

// previewCaption is the line under the picture of a move being built:
// the position's own ("Red to move") would speak of a move not played.
func previewCaption(complete bool) string {
	if complete {
		return "Your move as it would be played"
	}
	return "Your move so far"
}

// buildFor runs the move builder of snap's position for side, the side to
// move: on the true position when nothing is hidden, on side's view in
// Brouillard.
func buildFor(snap snapshot, side hops.Side, clicks []hops.Click) (hops.Built[string], error) {
	if !snap.hidden {
		b, err := snap.state.Build(clicks)
		if err != nil {
			return b, moveError(err)
		}
		return b, nil
	}
	p, err := games.Value[brouillard.Position](snap.state)
	if err != nil {
		return hops.Built[string]{}, err
	}
	b, err := p.View(side).Build(clicks)
	if err != nil {
		return hops.Built[string]{}, moveError(err)
	}
	// The preview is a View of the player's: it holds nothing the view
	// does not.
	return hops.BuiltText(b, brouillard.ParseMove), nil
}
