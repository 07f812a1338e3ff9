package referee

import (
	"net/http"
	"sync"
)

// rematches remembers, for each finished game, the game that follows it
// (POST /games/{id}/rematch), so that both players meet in it: the first
// who asks creates it, playing the other side, and the second, asking in
// his turn or told by GET, joins it with its invitation. They are kept
// in memory only: after a restart a player asks again.
type rematches struct {
	mu   sync.Mutex
	next map[string]rematch // by the finished game's id
}

// rematch is the game that follows a finished one.
type rematch struct {
	id         string
	asker      string // the side that asked for it, in the finished game
	invitation string // for the other player; "" against the computer
}

// rematchJSON answers a rematch request: the new game, with the token of
// the player who created it, or the invitation the other one joins with.
type rematchJSON struct {
	ID         string `json:"id"`
	Game       string `json:"game"`
	You        string `json:"you,omitempty"`
	Token      string `json:"token,omitempty"`
	Invitation string `json:"invitation,omitempty"`
	// Join is true when the asker is invited: he joins the new game
	// with Invitation (POST /games/{id}/join).
	Join bool `json:"join,omitempty"`
}

func (rs *rematches) get(id string) (rematch, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r, ok := rs.next[id]
	return r, ok
}

// answer is what the player of side learns of the rematch r: the
// invitation, while its seat is free, for the player who did not ask.
func (s *Server) answer(r rematch, game, side string) rematchJSON {
	out := rematchJSON{ID: r.id, Game: game}
	if side != r.asker && r.invitation != "" && !s.seated(r.id) {
		out.Invitation, out.Join = r.invitation, true
	}
	return out
}

// seated reports whether the second seat of game id is taken.
func (s *Server) seated(id string) bool {
	m, err := s.lookup(id)
	if err != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.joined
}

// postRematch creates the game that follows a finished one, between the
// same players with their sides swapped, the same side starting, against
// the same computer player if it was one; or, if the other player asked
// first, tells the asker how to join it.
//
// Like a creation it takes an Idempotency-Key: the asker who sends his
// request again with the same key gets the same answer, with his token,
// however many times the first answer was lost.
func (s *Server) postRematch(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	if !readEmpty(w, r) {
		return
	}
	if !authorized(w, who, "your token to ask for a rematch") {
		return
	}
	key, err := idempotencyKey(r)
	if err != nil {
		fail(w, m, err)
		return
	}
	snap := take(m)
	if snap.status != StatusOver && snap.status != StatusClosed {
		fail(w, m, failf(http.StatusConflict, "playing", "the game is not over: finish it, or resign, before a rematch"))
		return
	}
	side := m.game.SideName(who.side)
	s.rematch.mu.Lock()
	defer s.rematch.mu.Unlock()
	if s.rematch.next == nil {
		s.rematch.next = map[string]rematch{}
	}
	req := createRequest{
		Game:     m.game.Name,
		First:    m.game.SideName(snap.start.ToMove()),
		Side:     m.game.SideName(who.side.Other()),
		Opponent: m.opponent,
	}
	if prev, ok := s.rematch.next[m.id]; ok && s.holds(prev.id) {
		if key == "" || prev.asker != side || prev.id != derive("game id", key) {
			writeJSON(w, http.StatusOK, s.answer(prev, m.game.Name, side))
			return
		}
		// The asker's request again, with its key: answered again.
	}
	c, err := s.createGame(req, key)
	if err != nil {
		fail(w, m, err)
		return
	}
	s.rematch.prune(s)
	s.rematch.next[m.id] = rematch{id: c.ID, asker: side, invitation: c.Invitation}
	writeJSON(w, http.StatusCreated, rematchJSON{ID: c.ID, Game: c.Game, You: c.You, Token: c.Token, Invitation: c.Invitation})
}

// getRematch tells a player of a finished game the game that follows it,
// if one was asked for: the invitation to join it if the other player
// asked. It answers 404 (kind "none") while nobody has.
func (s *Server) getRematch(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	if !authorized(w, who, "your token") {
		return
	}
	next, ok := s.rematch.get(m.id)
	if !ok || !s.holds(next.id) {
		writeError(w, http.StatusNotFound, "none", "", "no rematch of this game yet")
		return
	}
	writeJSON(w, http.StatusOK, s.answer(next, m.game.Name, m.game.SideName(who.side)))
}

// prune forgets the rematches of games the server no longer holds. The
// caller holds rs.mu.
func (rs *rematches) prune(s *Server) {
	for id := range rs.next {
		if !s.holds(id) {
			delete(rs.next, id)
		}
	}
}

// holds reports whether the server has the game id, and it can be read.
func (s *Server) holds(id string) bool {
	m, err := s.lookup(id)
	return err == nil && m != nil
}
