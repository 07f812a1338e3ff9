package referee

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rematchOf asks for the rematch of game h with the token of side, and
// returns the answer and the rematch's state as its asker sees it.
func rematchOf(t *testing.T, c *client, h hosted, side, key string) (rematchJSON, stateJSON) {
	t.Helper()
	header := http.Header{"Authorization": {"Bearer " + h.Tokens[side]}}
	if key != "" {
		header.Set("Idempotency-Key", key)
	}
	var r rematchJSON
	if code, raw := c.send("POST", "/games/"+h.ID+"/rematch", header, "", &r); code != http.StatusCreated {
		t.Fatalf("%s's rematch: %d %s", side, code, raw)
	}
	var st stateJSON
	if code, raw := c.do("GET", "/games/"+r.ID, r.Token, "", &st); code != http.StatusOK {
		t.Fatalf("the rematch: %d %s", code, raw)
	}
	return r, st
}

// TestRematchLoserBegins: the loser of a game begins its rematch (G8),
// whoever asks for it and whichever side he played; after a game closed
// unfinished, which has no loser, the player who moved second begins.
func TestRematchLoserBegins(t *testing.T) {
	c := newClient(t)
	for _, tc := range []struct {
		first, resigner, asker string
	}{
		{"", "White", "White"}, // White loses, and is Khaki in the rematch
		{"", "White", "Khaki"},
		{"", "Khaki", "White"},
		{"Khaki", "Khaki", "Khaki"},
		{"Khaki", "White", "Khaki"},
	} {
		h := c.create("zapita", tc.first)
		if code, raw := c.do("POST", "/games/"+h.ID+"/resign", h.Tokens[tc.resigner], "", nil); code != http.StatusOK {
			t.Fatalf("resign: %d %s", code, raw)
		}
		r, st := rematchOf(t, c, h, tc.asker, "")
		// The loser plays the other side in the rematch, and begins.
		loserNow := map[string]string{"White": "Khaki", "Khaki": "White"}[tc.resigner]
		if st.Ply != 0 || st.ToMove != loserNow {
			t.Errorf("%s began, %s resigned, %s asked: the rematch has %s to move, want %s (the loser's side now)", h.First, tc.resigner, tc.asker, st.ToMove, loserNow)
		}
		if tc.asker == tc.resigner && r.You != st.ToMove {
			t.Errorf("the loser asked: he plays %s, and %s is to move", r.You, st.ToMove)
		}
	}

	// A game closed at its ply bound: the player who moved second (Khaki)
	// plays White in the rematch, and begins.
	closed := newClientWith(t, Config{Rand: testConfig(123).Rand, MaxPlies: 2})
	h := closed.create("zapita", "")
	closed.play(h, 2)
	var st stateJSON
	closed.do("GET", "/games/"+h.ID, h.Tokens["White"], "", &st)
	if st.Status != StatusClosed {
		t.Fatalf("the game after 2 plies of 2: %+v", st)
	}
	r, st := rematchOf(t, closed, h, "Khaki", "")
	if st.ToMove != "White" || r.You != "White" {
		t.Errorf("the rematch of a closed game: %s to move, the second player plays %s; want White, him", st.ToMove, r.You)
	}
}

// TestRematchFirstOnEveryNode: a rematch asked with its key on one node
// and asked again on another, or after a restart, is the same game, the
// loser beginning; a rematch made, with its key, by a server that had the
// side that began the finished game begin it is answered again too.
func TestRematchFirstOnEveryNode(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 124), node(t, store, 125)
	h, _ := resignedZapita(a) // Khaki resigns
	key := strings.Repeat("r", 30)
	first, st := rematchOf(t, a, h, "White", key)
	if st.ToMove != "White" || first.You != "Khaki" {
		t.Fatalf("the rematch: %s to move, the asker plays %s", st.ToMove, first.You)
	}
	again, _ := rematchOf(t, b, h, "White", key)
	if again != first {
		t.Errorf("asked again on another node: %+v, want %+v", again, first)
	}
	a.restart(Config{Rand: testConfig(126).Rand, Store: store})
	if again, _ := rematchOf(t, a, h, "White", key); again != first {
		t.Errorf("asked again after a restart: %+v, want %+v", again, first)
	}

	// The rematch an earlier server made: White, who lost, asked for it,
	// playing Khaki, and White began as in the finished game.
	h2 := a.create("zapita", "")
	a.do("POST", "/games/"+h2.ID+"/resign", h2.Tokens["White"], "", nil)
	srv := a.server()
	m, err := srv.lookup(h2.ID)
	if err != nil {
		t.Fatal(err)
	}
	earlier := createRequest{Game: "zapita", First: "White", Side: "Khaki"}
	m.mu.Lock()
	invitee := m.tokens[1]
	m.mu.Unlock()
	made, err := srv.createGameFor(context.Background(), earlier, key+"2", nil, &invitee)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Append(context.Background(), h2.ID, 4, Event{Type: EventRematch, Time: time.Now(), Side: "White", Next: made.ID, End: true}); err != nil {
		t.Fatal(err)
	}
	if again, st := rematchOf(t, a, h2, "White", key+"2"); again.ID != made.ID || again.Token != made.Token || st.ToMove != "White" {
		t.Errorf("the earlier rematch asked again with its key: %+v, %s to move; want %+v", again, st.ToMove, made)
	}
}
