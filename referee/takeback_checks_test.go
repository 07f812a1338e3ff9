package referee

import (
	"context"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// TestTakebackEventsChecked: a journal's takeback is trusted only where
// the server itself writes one, to a ply before the game's: one that
// takes back nothing, or goes back before the start, is damage, and the
// game is answered so.
func TestTakebackEventsChecked(t *testing.T) {
	for _, c := range []struct {
		name string
		ply  int
		ok   bool
	}{
		{"to the start", 0, true},
		{"to the ply the game is at", 2, false},
		{"past the ply the game is at", 3, false},
		{"before the start", -1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := &MemStore{}
			cl := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{110}), Store: store})
			created := cl.createOnly(createRequest{Game: "catchit", Opponent: OpponentEasy})
			path := "/games/" + created.ID
			if code, raw := cl.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: cl.allMoves(path, created.Token)[0]}), nil); code != http.StatusOK {
				t.Fatalf("move: %d %s", code, raw)
			}
			waitPly(t, cl, created.ID, created.Token, 2)
			events, err := store.Load(context.Background(), created.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			e := Event{Type: EventTakeback, Time: time.Now(), Ply: c.ply}
			if err := store.Append(context.Background(), created.ID, len(events)+1, e); err != nil {
				t.Fatal(err)
			}
			fresh := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{111}), Store: store})
			var st stateJSON
			code, raw := fresh.do("GET", path, created.Token, "", &st)
			if c.ok {
				if code != http.StatusOK || st.Ply != c.ply {
					t.Fatalf("GET: %d %s, want 200 at ply %d", code, raw, c.ply)
				}
				return
			}
			var ej errorJSON
			fresh.do("GET", path, created.Token, "", &ej)
			if code != http.StatusServiceUnavailable || ej.Kind != "damaged" {
				t.Fatalf("GET: %d %s, want 503 damaged", code, raw)
			}
		})
	}
}
