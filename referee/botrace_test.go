package referee

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// botGate is one node's door to a shared store: its appends of the
// computer's moves (even plies, the person moving first) wait until
// released, as a slow database or a slow search makes them wait.
type botGate struct {
	Store
	arrived chan Event    // an append that waits
	release chan struct{} // one value lets one append through
}

func newBotGate(s Store) *botGate {
	return &botGate{Store: s, arrived: make(chan Event, 16), release: make(chan struct{}, 16)}
}

func (g *botGate) Append(ctx context.Context, id string, seq int, e Event) error {
	if e.Type == EventMove && e.Ply%2 == 0 {
		g.arrived <- e
		select {
		case <-g.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return g.Store.Append(ctx, id, seq, e)
}

// next returns the next computer's move that waits at the gate, within d.
func (g *botGate) next(d time.Duration) (Event, bool) {
	select {
	case e := <-g.arrived:
		return e, true
	case <-time.After(d):
		return Event{}, false
	}
}

// twoBotNodes starts two nodes on one store, each behind its gate, and a
// game against the computer that both run a player for.
func twoBotNodes(t *testing.T, game string) (a, b *client, ga, gb *botGate, created createdJSON) {
	t.Helper()
	store := &MemStore{}
	ga, gb = newBotGate(store), newBotGate(store)
	cfg := func(seed byte, g *botGate) Config {
		c := testConfig(seed)
		c.Store = g
		return c
	}
	a, b = nodeWith(t, cfg(170, ga)), nodeWith(t, cfg(171, gb))
	t.Cleanup(func() { close(ga.release); close(gb.release) })
	if code, raw := a.do("POST", "/games", "", `{"game": "`+game+`", "opponent": "easy"}`, &created); code != http.StatusCreated {
		t.Fatalf("creation: %d %s", code, raw)
	}
	if code, raw := b.do("GET", "/games/"+created.ID, created.Token, "", nil); code != http.StatusOK { // b runs a player too
		t.Fatalf("b reads the game: %d %s", code, raw)
	}
	return a, b, ga, gb, created
}

// personMoves plays the move numbered pick (modulo their number) for the
// person on c, and returns it.
func personMoves(t *testing.T, c *client, created createdJSON, pick int) string {
	t.Helper()
	moves := c.allMoves("/games/"+created.ID, created.Token)
	if len(moves) == 0 {
		t.Fatal("the person has no move")
	}
	m := moves[pick%len(moves)]
	if code, raw := c.do("POST", "/games/"+created.ID+"/moves", created.Token, jsonBody(moveRequest{Move: m}), nil); code != http.StatusOK {
		t.Fatalf("the person's %s: %d %s", m, code, raw)
	}
	return m
}

// TestBotReplyNotStale: two nodes run the computer player of one game.
// The person plays P1 and both choose a reply to it; a's lands, the
// person takes both back and plays P2; b's reply to P1 then reaches the
// store. It must not be played as the answer to P2, though it may be
// legal there: it was played, as the computer's reply to a position it
// never looked at.
func TestBotReplyNotStale(t *testing.T) {
	for _, game := range []string{"zapita", "catchit", "coir"} {
		t.Run(game, func(t *testing.T) {
			a, _, ga, gb, created := twoBotNodes(t, game)
			personMoves(t, a, created, 0)
			if _, ok := ga.next(5 * time.Second); !ok {
				t.Fatal("a's player did not reply")
			}
			stale, ok := gb.next(5 * time.Second)
			if !ok {
				t.Fatal("b's player did not reply")
			}
			ga.release <- struct{}{}
			waitPly(t, a, created.ID, created.Token, 2)
			if code, raw := a.do("POST", "/games/"+created.ID+"/takeback", created.Token, "", nil); code != http.StatusOK {
				t.Fatalf("takeback: %d %s", code, raw)
			}
			personMoves(t, a, created, 1)
			fresh, ok := ga.next(5 * time.Second) // a's reply to P2 waits
			if !ok {
				t.Fatal("a's player did not reply to P2")
			}
			gb.release <- struct{}{} // b's reply to P1 goes on
			if e, ok := gb.next(2 * time.Second); ok && e.Move == stale.Move && e.Move != fresh.Move {
				t.Errorf("b sends its reply to P1, %s, as the reply to P2 (the player's own choice there is %s)", e.Move, fresh.Move)
			}
		})
	}
}

// TestBotLosesRacesAndPlaysOn: three times b's reply loses the race for
// its ply to a's, and the person answers a's before b's is tried again.
// A lost race is not a fault of b's player: when a dies, b's player
// answers the person. Counted as faults, three of them stopped b's
// player for good, and the game waited for ever.
func TestBotLosesRacesAndPlaysOn(t *testing.T) {
	a, b, ga, gb, created := twoBotNodes(t, "zapita")
	personMoves(t, a, created, 0)
	ga.next(5 * time.Second)
	gb.next(5 * time.Second)
	ply := 2
	for round := range 3 {
		ga.release <- struct{}{} // a's reply lands
		waitPly(t, a, created.ID, created.Token, ply)
		personMoves(t, a, created, round)
		if _, ok := ga.next(5 * time.Second); !ok {
			t.Fatal("a's player did not reply")
		}
		gb.release <- struct{}{} // b's reply, chosen for an older ply, goes on
		if _, ok := gb.next(5 * time.Second); !ok {
			t.Fatalf("round %d: b's player stopped", round)
		}
		ply += 2
	}
	ga.release <- struct{}{}
	waitPly(t, a, created.ID, created.Token, ply)
	a.server().Close() // a dies
	// b's last reply, which holds the game's turn at b while it waits at
	// the gate, goes on and loses its race; then the person moves on b,
	// and b's player answers.
	gb.release <- struct{}{}
	personMoves(t, b, created, 0)
	gb.release <- struct{}{}
	waitPly(t, b, created.ID, created.Token, ply+2)
}
