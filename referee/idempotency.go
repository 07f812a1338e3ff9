package referee

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
)

// Idempotent creation and join.
//
// A client that sends POST /games, POST /games/{id}/join or POST
// /games/{id}/rematch (a creation) with the header
// "Idempotency-Key: <key>" may send the same request again, with the
// same key, when it did not get the answer (the connection broke,
// the server restarted): it gets the same answer, and the server never
// makes a second game nor gives the seat away. No table of keys is kept:
// what the answer holds is derived from the key, as the SHA-256 of a text
// naming its purpose and the key:
//
//   - create: the game's id, the creator's token and the invitation. A
//     retry finds the game under its id, in the store, on any node, after
//     any restart, and answers it again;
//   - join: the joiner's token (from the key and the game's id). A retry
//     finds the seat taken by the token of that key, and answers it again.
//
// The events of the creation and of the join keep, in Request, the
// SHA-256 of the key and of the request's fields, so that a key used
// again for another request is refused (422, kind "idempotency") instead
// of answered as if it were that one. Like everything the store keeps it
// tells nothing of the tokens. The key must be long and random, since
// whoever knows it can derive the tokens: from 22 to 128 characters from
// A-Z a-z 0-9 _ - (22 random ones hold 128 bits). A game whose key is
// used again after the game expired is a new game.
//
// A request answered 503, kind "unavailable" (the store failed, or did
// not answer within StoreTimeout), may have been recorded all the same:
// the client sends it again with the same key, after the Retry-After it
// was given, until it gets an answer that is not 503.

// The bounds of an idempotency key's length.
const (
	MinKeyLen = 22
	MaxKeyLen = 128
)

// idempotencyKey returns the request's idempotency key, "" for none, or
// the error for a malformed one.
func idempotencyKey(r *http.Request) (string, error) {
	keys := r.Header.Values("Idempotency-Key")
	if len(keys) == 0 {
		return "", nil
	}
	if len(keys) > 1 {
		return "", failf(http.StatusBadRequest, "request", "Idempotency-Key given %d times", len(keys))
	}
	key := keys[0]
	if !validKey(key) {
		return "", failf(http.StatusBadRequest, "request", "Idempotency-Key: want %d to %d characters from A-Z a-z 0-9 _ -, random", MinKeyLen, MaxKeyLen)
	}
	return key, nil
}

func validKey(key string) bool {
	if len(key) < MinKeyLen || len(key) > MaxKeyLen {
		return false
	}
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// derive returns the value of the given purpose derived from an
// idempotency key and the parts that bind it (a game's id): 32 hex
// digits, as the ids and tokens the server draws.
func derive(purpose, key string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte("hops referee " + purpose + "\x00" + key))
	for _, p := range parts {
		h.Write([]byte("\x00" + p))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// requestHash returns what the journal keeps of a request made with an
// idempotency key: the SHA-256 of the key, the operation and its fields.
func requestHash(key, op string, req any) string {
	fields, err := json.Marshal(req)
	if err != nil {
		panic(err) // the requests are plain structs of strings
	}
	sum := sha256.Sum256([]byte("hops referee request\x00" + key + "\x00" + op + "\x00" + string(fields)))
	return hex.EncodeToString(sum[:])
}

// errOtherRequest is the answer to a key used again for another request.
func errOtherRequest() error {
	return failf(http.StatusUnprocessableEntity, "idempotency", "this Idempotency-Key was used for another request: send a new key for a new request")
}

// createKeyed creates the game of a request with an idempotency key, or,
// if it exists, answers it again if it was made by the same request:
// one whose requestHash is among hashes. The first of hashes is the
// request's own, which the new game's journal keeps; the others are
// those of the same request as earlier versions of the server wrote it
// (see postRematch).
func (s *Server) createKeyed(ctx context.Context, req createRequest, key string, adm *admission, invitee *tokenHash, hashes []string) (createdJSON, error) {
	id := derive("game id", key)
	hash := hashes[0]
	for range 2 {
		out, err := s.createdAgain(ctx, id, key, hashes)
		if err == nil || !errors.Is(err, errNotCreated) {
			return out, err
		}
		out, err = s.createGameWith(ctx, req, newGame{id: id, token: derive("creator token", key), invitation: derive("invitation", key), request: hash, invitee: invitee, admission: adm})
		if !errors.Is(err, ErrExists) {
			return out, err
		}
		// Another request with the key (a retry sent at once, on this
		// node or another) created it meanwhile: answer it, from a read
		// of the store begun from now on.
		s.awaitLoad(ctx, id)
	}
	return createdJSON{}, unavailable()
}

// awaitLoad waits until the load of game id under way, if there is one,
// is done. A load begun before the game was created may answer that it
// is missing after it was created: a request that joined it would read
// an answer older than what it knows.
func (s *Server) awaitLoad(ctx context.Context, id string) {
	s.mu.Lock()
	c := s.loading[id]
	s.mu.Unlock()
	if c != nil {
		select {
		case <-c.done:
		case <-ctx.Done():
		}
	}
}

// errRetried says that a join was a retry, answered again.
var errRetried = errors.New("the join is a retry")

// errNotCreated says that a key's game is not stored.
var errNotCreated = errors.New("no game of this key")

// createdAgain answers a retried creation: the game of id, created with
// key by a request whose hash is one of those given.
func (s *Server) createdAgain(ctx context.Context, id, key string, hashes []string) (createdJSON, error) {
	m, err := s.lookupContext(ctx, id)
	var api *apiError
	if errors.As(err, &api) && api.kind == "not-found" {
		return createdJSON{}, errNotCreated
	}
	if err != nil {
		return createdJSON{}, err
	}
	m.mu.Lock()
	same := false
	for _, hash := range hashes {
		if subtle.ConstantTimeCompare([]byte(m.request), []byte(hash)) == 1 {
			same = true
		}
	}
	out := createdJSON{ID: id, Game: m.game.Name, You: m.game.SideName(m.creator), First: m.game.SideName(m.start.ToMove()),
		Token: derive("creator token", key), Invitation: derive("invitation", key)}
	if m.invitation != hashOf(out.Invitation) {
		out.Invitation = "" // a rematch's other player joins with his own token
	}
	seat := isBot(m.opponent) && !m.joined && !m.resigned
	m.mu.Unlock()
	if !same {
		return createdJSON{}, errOtherRequest()
	}
	if isBot(m.opponent) {
		if seat {
			// The answer was lost before the computer player took its
			// seat: it takes it now.
			if err := s.seatBot(ctx, m, out.Invitation); err != nil {
				return createdJSON{}, unseated(err)
			}
		}
		out.Invitation = ""
	}
	return out, nil
}

// joinedAgain reports whether a join with key is a retry of the join
// that took the seat of m, and then returns its answer again. The caller
// holds m.mu and has checked the invitation.
func (m *match) joinedAgain(key, hash string) (joinedJSON, bool, error) {
	if key == "" || !m.joined {
		return joinedJSON{}, false, nil
	}
	joiner := m.creator.Other()
	token := derive("join token", key, m.id)
	h := hashOf(token)
	if subtle.ConstantTimeCompare(h[:], m.tokens[joiner][:]) != 1 {
		return joinedJSON{}, false, nil
	}
	if subtle.ConstantTimeCompare([]byte(m.joinRequest), []byte(hash)) != 1 {
		return joinedJSON{}, true, errOtherRequest()
	}
	return joinedJSON{ID: m.id, Game: m.game.Name, You: m.game.SideName(joiner), Token: token}, true, nil
}
