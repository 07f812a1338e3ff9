package referee

import (
	"net/http"
	"strings"
	"testing"
)

// TestIdempotencyKeyOfTheShortestLength: a key of MinKeyLen characters
// is taken, one shorter refused.
func TestIdempotencyKeyOfTheShortestLength(t *testing.T) {
	c := newClient(t)
	if code, raw := c.keyed("POST", "/games", strings.Repeat("a", MinKeyLen), `{"game": "zapita"}`, nil); code != http.StatusCreated {
		t.Errorf("a key of %d characters: %d %s", MinKeyLen, code, raw)
	}
	var e errorJSON
	if code, raw := c.keyed("POST", "/games", strings.Repeat("b", MinKeyLen-1), `{"game": "zapita"}`, &e); code != http.StatusBadRequest || e.Kind != "request" {
		t.Errorf("a key of %d characters: %d %s", MinKeyLen-1, code, raw)
	}
}

// TestJoinTokenBoundToItsGame: the same key used for the joins of two
// games gives two tokens, and the token of one game is not taken by the
// other.
func TestJoinTokenBoundToItsGame(t *testing.T) {
	c := newClient(t)
	var tokens []string
	var ids []string
	for range 2 {
		created := c.createOnly(createRequest{Game: "zapita"})
		var joined joinedJSON
		if code, raw := c.keyed("POST", "/games/"+created.ID+"/join", key1, jsonBody(joinRequest{Invitation: created.Invitation}), &joined); code != http.StatusOK {
			t.Fatalf("join: %d %s", code, raw)
		}
		tokens, ids = append(tokens, joined.Token), append(ids, created.ID)
	}
	if tokens[0] == tokens[1] {
		t.Fatalf("the joins of two games with one key gave the same token")
	}
	var e errorJSON
	if code, raw := c.do("GET", "/games/"+ids[1], tokens[0], "", &e); code != http.StatusUnauthorized || e.Kind != "auth" {
		t.Errorf("the token of one game sent to the other: %d %s, want 401 auth", code, raw)
	}
}

// TestCreationRetriedAfterItsCreatorResigned: a creation against the
// computer whose answer was lost before the computer took its seat, and
// whose creator resigned since (his token derives from the key), is
// answered again when sent again with its key: the game, his token, and
// no seat taken in a game over.
func TestCreationRetriedAfterItsCreatorResigned(t *testing.T) {
	store := &noAppends{Store: &MemStore{}}
	c := node(t, store, 67)
	body := `{"game": "zapita", "opponent": "easy"}`
	store.down.Store(true)
	if code, raw := c.keyed("POST", "/games", key1, body, nil); code != http.StatusServiceUnavailable {
		t.Fatalf("create with the store failing: %d %s", code, raw)
	}
	store.down.Store(false)
	id, token := derive("game id", key1), derive("creator token", key1)
	var st stateJSON
	if code, raw := c.do("POST", "/games/"+id+"/resign", token, "", &st); code != http.StatusOK || st.Status != StatusOver {
		t.Fatalf("resign: %d %s", code, raw)
	}
	var created createdJSON
	if code, raw := c.keyed("POST", "/games", key1, body, &created); code != http.StatusCreated || created.ID != id || created.Token != token || created.Invitation != "" {
		t.Fatalf("retried: %d %s, want 201 with the game %s and its token", code, raw, id)
	}
	if c.do("GET", "/games/"+id, token, "", &st); st.Status != StatusOver || !st.Unjoined || st.Ply != 0 {
		t.Errorf("after the retry: %+v, want the game over unjoined", st)
	}
}
