package referee

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/hopsgames/hops"
)

// A rematch is the game that follows a finished one (POST
// /games/{id}/rematch), so that both players meet in it: the first who
// asks creates it, playing the other side, and the second, asking in his
// turn or told by GET, joins it. The finished game's journal keeps it (an
// event "rematch", after the end), so that every node, and the server
// after a restart, tells the second player the same game.
//
// Between two people the second seat is claimed with the second player's
// own token of the finished game: the new game's invitation is that
// token's hash, which the journal of the finished game holds already, and
// the server hands the token back to him as the invitation when he asks
// with it. So nothing secret is stored in clear, and only he can join.
type rematch struct {
	id    string
	asker string // the side that asked for it, in the finished game
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

// rematchOf checks a journal's rematch event against the game: it comes
// after the end of a game two players sat at, keeps it ended, names a
// side and another game. A later one replaces an earlier one, whose game
// had gone (expired unjoined, or lost with a write's answer).
func (m *match) rematchOf(e Event) (rematch, error) {
	if s := m.status(); s != StatusOver && s != StatusClosed {
		return rematch{}, errors.New("rematch of a game that is " + s)
	}
	if !m.joined {
		return rematch{}, errors.New("rematch of a game nobody joined")
	}
	if !e.End {
		return rematch{}, errors.New("a rematch that does not keep the game ended")
	}
	if _, err := m.game.ParseSide(e.Side); err != nil {
		return rematch{}, err
	}
	if !validID(e.Next) || e.Next == m.id {
		return rematch{}, fmt.Errorf("rematch %q is no other game's id", e.Next)
	}
	if m.next != nil && m.next.id == e.Next {
		return rematch{}, fmt.Errorf("the rematch %s recorded twice", e.Next)
	}
	return rematch{id: e.Next, asker: e.Side}, nil
}

// answer is what the player who sent who's token learns of the rematch r
// of m: while the second seat is free, the player who did not ask is
// invited, with his own token (see rematch).
func (s *Server) answer(ctx context.Context, m *match, r rematch, who viewer) rematchJSON {
	out := rematchJSON{ID: r.id, Game: m.game.Name}
	if m.game.SideName(who.side) != r.asker && !isBot(m.opponent) && !s.seated(ctx, r.id) {
		out.Invitation, out.Join = who.token, true
	}
	return out
}

// seated reports whether the second seat of game id is taken.
func (s *Server) seated(ctx context.Context, id string) bool {
	m, err := s.lookupContext(ctx, id)
	if err != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.joined
}

// nextKey is the key of the rematch that replaces the one made with key,
// gone: derived from it, so that the asker's own key, sent again, finds
// the replacement as it finds the first.
func nextKey(key string) string { return derive("rematch after", key) }

// keyOf reports whether the game id was made with key, or with a key
// derived from it by nextKey (a few replacements at most), and returns
// that key.
func keyOf(id, key string) (string, bool) {
	for range 8 {
		if derive("game id", key) == id {
			return key, true
		}
		key = nextKey(key)
	}
	return "", false
}

// errRematchKnown says that the finished game has its rematch already.
var errRematchKnown = errors.New("the rematch is recorded")

// rematchFirst returns the side that begins the rematch of snap's
// finished game, whose players swap sides: the loser begins (G8), and he
// now plays the side the winner played; after a game closed unfinished
// (its ply bound), which has no loser, the player who moved second
// begins, and he now plays the side that began. It is read from the
// journal (the game's outcome), so every node and every restart gives
// the same.
func rematchFirst(snap snapshot) hops.Side {
	if snap.outcome.Over {
		return snap.outcome.Winner
	}
	return snap.start.ToMove()
}

// postRematch creates the game that follows a finished one, between the
// same players with their sides swapped, the loser of the finished game
// beginning (see rematchFirst), against the same computer player if it
// was one; or, if the other player asked first, tells the asker how to
// join it.
//
// Like a creation it takes an Idempotency-Key: the asker who sends his
// request again with the same key gets the same answer, with his token,
// however many times the first answer was lost, on any node.
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
	ctx := storeContextOf(r)
	snap := take(m)
	if snap.status != StatusOver && snap.status != StatusClosed {
		fail(w, m, failf(http.StatusConflict, "playing", "the game is not over: finish it, or resign, before a rematch"))
		return
	}
	side := m.game.SideName(who.side)
	m.mu.Lock()
	prev, invitee, joined := m.next, m.tokens[who.side.Other()], m.joined
	m.mu.Unlock()
	if !joined {
		fail(w, m, errNobodyJoined())
		return
	}
	// recorded is set when this game's journal holds the rematch that the
	// asker's key made: its game is answered again, however an earlier
	// version of the server hashed its request.
	recorded := false
	if prev != nil {
		live, err := s.live(ctx, prev.id)
		if err != nil { // unknown, not gone: nothing is replaced
			fail(w, m, err)
			return
		}
		// The game the asker's key made, or the one it made after that
		// was gone, and so on.
		mine, ok := "", false
		if key != "" && prev.asker == side {
			mine, ok = keyOf(prev.id, key)
		}
		switch {
		case live && !ok:
			writeJSON(w, http.StatusOK, s.answer(ctx, m, *prev, who))
			return
		case live:
			// The asker's own, asked again with its key: answered
			// again, with his token.
			key, prev, recorded = mine, nil, true
		case ok:
			// The asker's key again, its game gone: a new game, not
			// the old one made again unrecorded, and the same one
			// however many times this is asked.
			key = nextKey(mine)
		}
	}
	// A new game, or the asker's request again with its key, answered
	// again; the other player joins with his own token.
	req := createRequest{
		Game:     m.game.Name,
		First:    m.game.SideName(rematchFirst(snap)),
		Side:     m.game.SideName(who.side.Other()),
		Opponent: m.opponent,
	}
	// A rematch made before the loser began, with the side that began
	// the finished game beginning, is answered again to its key too.
	earlier := req
	earlier.First = m.game.SideName(snap.start.ToMove())
	var by *tokenHash
	if !isBot(m.opponent) {
		by = &invitee
	}
	// The request is this game's rematch: the same key sent for another
	// game's rematch, alike in every field, is another request (422),
	// not that game's rematch answered again.
	hashesFor := func(key string) []string {
		of := "rematch of " + m.id
		hashes := []string{requestHash(key, of, req), requestHash(key, of, earlier)}
		if recorded {
			hashes = append(hashes, requestHash(key, "create", req), requestHash(key, "create", earlier))
		}
		return hashes
	}
	var hashes []string
	if key != "" {
		var err error
		if key, err = s.unusedKey(ctx, key, hashesFor); err != nil {
			fail(w, m, err)
			return
		}
		hashes = hashesFor(key)
	}
	c, err := s.createGameFor(ctx, req, key, nil, by, hashes...)
	if err != nil {
		fail(w, m, err)
		return
	}
	// The finished game's journal tells of it, unless it does already
	// (a retry) or another request, here or on another node, recorded
	// another rematch first: that one stands, and this one is deleted. A
	// recorded rematch whose game is gone (prev) is replaced.
	var other *rematch
	if err := m.turn.lock(ctx); err != nil {
		if key == "" {
			s.discard(ctx, c.ID)
		}
		fail(w, m, unconfirmed(EventRematch)) // its game was made, perhaps to be found with the key
		return
	}
	err = s.commit(ctx, m, func() (Event, func(), error) {
		switch {
		case m.next != nil && m.next.id == c.ID:
			return Event{}, nil, errRematchKnown
		case m.next == nil || prev != nil && m.next.id == prev.id:
		default:
			o := *m.next
			other = &o
			return Event{}, nil, errRematchKnown
		}
		next := rematch{id: c.ID, asker: side}
		e := Event{Type: EventRematch, Time: s.cfg.Now(), Side: side, Next: c.ID, End: true}
		return e, func() { m.next = &next }, nil
	})
	m.turn.unlock()
	switch {
	case other != nil:
		s.discard(ctx, c.ID)
		writeJSON(w, http.StatusOK, s.answer(ctx, m, *other, who))
		return
	case err != nil && !errors.Is(err, errRematchKnown):
		// Not recorded, or perhaps not: without a key to find it again,
		// the new game would be reached by nobody.
		if key == "" {
			s.discard(ctx, c.ID)
		}
		fail(w, m, err)
		return
	}
	writeJSON(w, http.StatusCreated, rematchJSON{ID: c.ID, Game: c.Game, You: c.You, Token: c.Token, Invitation: c.Invitation})
}

// getRematch tells a player of a finished game the game that follows it,
// if one was asked for: the invitation to join it if the other player
// asked. It answers 404 (kind "none") while nobody has.
func (s *Server) getRematch(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	if !authorized(w, who, "your token") {
		return
	}
	ctx := storeContextOf(r)
	m.mu.Lock()
	next, joined := m.next, m.joined
	m.mu.Unlock()
	if !joined {
		fail(w, m, errNobodyJoined())
		return
	}
	live := false
	if next != nil {
		var err error
		if live, err = s.live(ctx, next.id); err != nil {
			fail(w, m, err)
			return
		}
	}
	if !live {
		writeError(w, http.StatusNotFound, "none", "", "no rematch of this game yet, or its game is gone: ask for one")
		return
	}
	writeJSON(w, http.StatusOK, s.answer(ctx, m, *next, who))
}

// errNobodyJoined is the answer about the rematch of a game nobody
// joined: there is none, and can be none.
func errNobodyJoined() error {
	return failf(http.StatusConflict, "waiting", "nobody joined this game: there is nobody to play a rematch with; create a new game")
}

// live reports whether the rematch id can still be met in: it is stored
// and was joined, or waits to be. A rematch deleted (it expired unjoined),
// ended unjoined (its asker resigned it) or damaged (it cannot be played)
// is gone, and the next request replaces it. Another error reading it
// (the store cannot be reached) is returned: it is not known gone.
func (s *Server) live(ctx context.Context, id string) (bool, error) {
	g, err := s.rematchStatus(ctx, id)
	return g.stored && g.live, err
}

// rematchGame is what rematchStatus tells of a game.
type rematchGame struct {
	stored, live bool
	request      string // the hash of the keyed request that made it, if any
}

// rematchStatus tells whether the game id is stored (not deleted, nor
// never made), and if so whether it is live (see live) and the request
// that made it; a damaged game is stored, not live, of no request.
func (s *Server) rematchStatus(ctx context.Context, id string) (rematchGame, error) {
	m, err := s.lookupContext(ctx, id)
	var api *apiError
	switch {
	case errors.As(err, &api) && api.kind == "not-found":
		return rematchGame{}, nil
	case errors.As(err, &api) && api.kind == "damaged":
		return rematchGame{stored: true}, nil
	case err != nil:
		return rematchGame{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return rematchGame{stored: true, live: m.joined || m.status() == StatusWaiting, request: m.request}, nil
}

// unusedKey returns key, or the first key derived from it by nextKey
// whose game is not a rematch of this request that is gone: a rematch
// asked again with a key whose game ended unjoined, after another
// rematch replaced it, is a new game, not the gone one answered again.
// hashes gives the hashes of the request with a key (see createKeyed).
func (s *Server) unusedKey(ctx context.Context, key string, hashes func(key string) []string) (string, error) {
	for range 8 {
		g, err := s.rematchStatus(ctx, derive("game id", key))
		if err != nil || !g.stored || g.live || !slices.Contains(hashes(key), g.request) {
			return key, err
		}
		key = nextKey(key)
	}
	return key, nil
}

// discard deletes the game id, made for a rematch that is not recorded:
// its computer player, if any, stops.
func (s *Server) discard(ctx context.Context, id string) {
	m, err := s.lookupContext(ctx, id)
	if err != nil || m.turn.lock(ctx) != nil {
		return
	}
	defer m.turn.unlock()
	m.mu.Lock()
	m.gone = true
	m.notify()
	m.mu.Unlock()
	s.delete(ctx, id)
	s.mu.Lock()
	if s.games[id] == m {
		delete(s.games, id)
	}
	s.mu.Unlock()
}
