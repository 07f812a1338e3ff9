package referee

import (
	"net/http"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// What a person who is not a player of a game (a spectator, or anyone
// with its share link, /#watch=<id>) may see of it. In a game without
// hidden pieces everything is public. In Brouillard au Palais a spectator
// sees, while the game goes on, only what both players know: the moves,
// what each made public (B4, B8) and the state of play, never a
// position, a diagram or a picture, since each of those would hold one
// side's hidden pawns. Once the game is over it is public whole: a
// spectator sees the true positions, both arrangements included, as the
// players may tell each other after a game. A player sees his own view
// while the game goes on, and the true positions once it is over, as
// anyone does.

// withAnyone finds the game named in the path and who asks, then calls
// h: a player with his token, or a spectator without one, in every game.
func (s *Server) withAnyone(h func(w http.ResponseWriter, r *http.Request, m *match, who viewer)) http.HandlerFunc {
	return s.withGame(func(w http.ResponseWriter, r *http.Request, m *match) {
		if who, ok := asker(w, r, m); ok {
			h(w, r, m, who)
		}
	})
}

// public reports whether anyone, a player or a spectator, may see the
// true positions of snap's game: one without hidden pieces always, one
// with hidden pieces once it is over.
func public(snap snapshot) bool {
	return !snap.hidden || snap.status == StatusOver || snap.status == StatusClosed
}

// frameJSON is one position of a game as GET /games/{id}/replay answers
// it: the game as it stood after ply moves, the move that led there and
// what it made public, and the whole list of moves.
type frameJSON struct {
	ID      string `json:"id"`
	Game    string `json:"game"`
	Status  string `json:"status"`  // the game's status now
	Ply     int    `json:"ply"`     // the position shown: after this many moves
	Plies   int    `json:"plies"`   // the moves played so far
	Version int    `json:"version"` // the game's version now, as its state gives it
	ToMove  string `json:"to_move"`
	// Move is the move that led to the position ("" at the start),
	// Reveal what it made public in Brouillard.
	Move   string `json:"move,omitempty"`
	Reveal string `json:"reveal,omitempty"`
	// Position, Diagram and SVG are the position at ply as the asker
	// may see it: a player's view in a Brouillard game in progress, the
	// true position once the game is over, for the players too; empty
	// for a spectator of a Brouillard game in progress (Hidden is then
	// true).
	Position string       `json:"position,omitempty"`
	Diagram  string       `json:"diagram,omitempty"`
	SVG      string       `json:"svg,omitempty"`
	Hidden   bool         `json:"hidden,omitempty"`
	Outcome  hops.Outcome `json:"outcome"`            // the game's outcome now
	Unjoined bool         `json:"unjoined,omitempty"` // it ended before anyone joined it (see stateJSON)
	Result   string       `json:"result"`
	Moves    []string     `json:"moves"`
	Movers   []string     `json:"movers"` // the side that played each move
	Reveals  []string     `json:"reveals,omitempty"`
	You      string       `json:"you,omitempty"`
}

// stateAt returns the true position of snap's game after n moves, the
// one before it (nil for n = 0), and the side that played each move of
// the game (public in every game: a Brouillard turn may hold more than
// one decision, B9).
func stateAt(snap snapshot, n int) (at, before hops.State, movers []string, err error) {
	s := snap.start
	at = s
	movers = make([]string, len(snap.history))
	for i, mv := range snap.history {
		if i == n-1 {
			before = s
		}
		if i == n {
			at = s
		}
		movers[i] = snap.game.SideName(s.ToMove())
		next, err := s.Play(mv)
		if err != nil {
			return nil, nil, nil, err
		}
		s = next
	}
	if n == len(snap.history) {
		at = s
	}
	return at, before, movers, nil
}

// frameOf describes snap's game after n moves to who.
func frameOf(snap snapshot, who viewer, n int) (frameJSON, error) {
	out := frameJSON{
		ID: snap.id, Game: snap.game.Name, Status: snap.status, Ply: n, Plies: len(snap.history), Version: snap.version,
		Outcome: snap.outcome, Unjoined: snap.unjoined(), Result: hops.ResultOf(snap.outcome), Moves: snap.history,
	}
	if who.ok {
		out.You = snap.game.SideName(who.side)
	}
	if n > 0 {
		out.Move = snap.history[n-1]
	}
	if snap.hidden {
		out.Reveals = snap.reveals
		if n > 0 {
			out.Reveal = snap.reveals[n-1]
		}
	}
	st, before, movers, err := stateAt(snap, n)
	if err != nil {
		return frameJSON{}, err
	}
	out.Movers = movers
	out.ToMove = snap.game.SideName(st.ToMove())
	if !public(snap) && !who.ok {
		out.Hidden = true
		return out, nil
	}
	d, err := st.Drawing(out.Move)
	if err != nil {
		return frameJSON{}, err
	}
	out.Position, out.Diagram = st.String(), st.Diagram()
	if !public(snap) { // a player's, in a game in progress
		v, err := games.ViewOf(st, who.side)
		if err != nil {
			return frameJSON{}, err
		}
		if d, err = v.Drawing(out.Move); err != nil {
			return frameJSON{}, err
		}
		out.Position, out.Diagram = v.String(), v.Diagram()
	}
	d.Highlight = framedBy(before, out.Move)
	if n == len(snap.history) {
		endCaption(&d, snap)
	}
	out.SVG = who.svg(d)
	return out, nil
}

// getReplay answers the game after ?ply=N moves (by default all those
// played so far), for a player or a spectator (see public).
func (s *Server) getReplay(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	snap := take(m)
	n, err := queryInt(r, "ply", len(snap.history), 0, len(snap.history))
	if err != nil {
		fail(w, m, err)
		return
	}
	f, err := frameOf(snap, who, n)
	if err != nil {
		fail(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, f)
}
