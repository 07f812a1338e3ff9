package referee

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// node starts a server on store, as one node of a cluster: its own seed,
// so that it draws ids of its own, and closed at the test's end.
func node(t *testing.T, store Store, seed byte) *client {
	t.Helper()
	cfg := testConfig(seed)
	cfg.Store = store
	return nodeWith(t, cfg)
}

// nodeWith starts a server of cfg, closed at the test's end.
func nodeWith(t *testing.T, cfg Config) *client {
	t.Helper()
	c := newClientWith(t, cfg)
	t.Cleanup(func() { c.server().Close() })
	return c
}

// toMove returns the side to move in game h as node c sees it, and its
// legal moves.
func toMove(c *client, h hosted) (stateJSON, []string) {
	c.t.Helper()
	var st stateJSON
	if code, raw := c.do("GET", "/games/"+h.ID, h.Tokens[anySide(h)], "", &st); code != http.StatusOK {
		c.t.Fatalf("state: %d %s", code, raw)
	}
	return st, c.allMoves("/games/"+h.ID, h.Tokens[st.ToMove])
}

// TestNodesShareGames: a game created on one node is joined and played
// on another, and each node answers with the other's moves.
func TestNodesShareGames(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 50), node(t, store, 51)
	created := a.createOnly(createRequest{Game: "catchit"})
	joined := b.joinAs(created.ID, joinRequest{Invitation: created.Invitation})
	h := hosted{ID: created.ID, Tokens: map[string]string{created.You: created.Token, joined.You: joined.Token}}
	// The invitation was claimed on b: a knows it.
	if code, _ := a.do("POST", "/games/"+h.ID+"/join", "", jsonBody(joinRequest{Invitation: created.Invitation}), nil); code != http.StatusConflict {
		t.Errorf("second claim on the other node: %d", code)
	}
	var played []string
	for i := range 6 {
		on, other := a, b
		if i%2 == 1 {
			on, other = b, a
		}
		played = append(played, on.play(h, 1)...)
		var st stateJSON
		other.do("GET", "/games/"+h.ID, "", "", &st)
		if st.Ply != len(played) {
			t.Fatalf("after move %d on one node, the other is at ply %d", len(played), st.Ply)
		}
	}
	for _, c := range []*client{a, b} {
		if got := c.history(h).Moves; strings.Join(got, ",") != strings.Join(played, ",") {
			t.Errorf("history %v, played %v", got, played)
		}
	}
}

// TestNodesRace sends the same side's move to two nodes at the same
// moment, many times: exactly one is accepted, the other refused as the
// library refuses a move out of turn, and the journal holds one event a
// ply.
func TestNodesRace(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 52), node(t, store, 53)
	h := a.create("zapita", "")
	for round := range 30 {
		st, moves := toMove(a, h)
		if st.Status != StatusPlaying {
			break
		}
		token := h.Tokens[st.ToMove]
		var codes [2]int
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, c := range []*client{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				codes[i], _ = c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[i%len(moves)]}), nil)
			}()
		}
		close(start)
		wg.Wait()
		ok, turn := 0, 0
		for _, code := range codes {
			switch code {
			case http.StatusOK:
				ok++
			case http.StatusForbidden:
				turn++
			}
		}
		if ok != 1 || turn != 1 {
			t.Fatalf("round %d: answers %v, want one 200 and one 403", round, codes)
		}
		events, err := store.Load(context.Background(), h.ID, 1)
		if err != nil || len(events) != 2+round+1 {
			t.Fatalf("round %d: %d events in the journal (%v), want %d", round, len(events), err, 3+round)
		}
	}
}

// laggingStore answers its next lag Loads of new events with nothing,
// as a replica that has not seen the last writes yet: a node's game is
// then stale when it takes a move.
type laggingStore struct {
	Store
	lag atomic.Int32
}

func (s *laggingStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if from > 1 && s.lag.Add(-1) >= 0 {
		return nil, nil
	}
	return s.Store.Load(ctx, id, from)
}

// TestStaleMoveRefused: a node whose game missed another node's move
// takes a move that was legal before it; the store refuses it (a
// conflict), the node reads the game again, checks the move against the
// new position and refuses it with the library's error. Nothing is
// journaled for it.
func TestStaleMoveRefused(t *testing.T) {
	shared := &MemStore{}
	lagging := &laggingStore{Store: shared}
	a, b := node(t, shared, 54), node(t, lagging, 55)
	h := a.create("catchit", "")
	st, moves := toMove(b, h) // b has the game loaded
	token := h.Tokens[st.ToMove]
	lagging.lag.Store(1)
	if code, raw := a.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
		t.Fatalf("move on a: %d %s", code, raw)
	}
	// b has not seen it: the same side moves again there.
	var e errorJSON
	code, raw := b.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[1]}), &e)
	if code != http.StatusForbidden || e.Kind != "turn" {
		t.Fatalf("stale move on b: %d %s, want 403 turn", code, raw)
	}
	events, _ := shared.Load(context.Background(), h.ID, 1)
	if len(events) != 3 {
		t.Errorf("%d events journaled, want 3 (create, join, one move)", len(events))
	}
	var now stateJSON
	b.do("GET", "/games/"+h.ID, "", "", &now)
	if now.Ply != 1 {
		t.Errorf("b at ply %d, want 1", now.Ply)
	}
}

// quietStore is a shared store that does not tell of changes: the nodes
// poll it.
type quietStore struct{ Store }

// TestNodesEventStream: an event stream on one node sends the moves made
// on another within a second, whether the store tells of changes
// (MemStore is a Watcher) or is polled.
func TestNodesEventStream(t *testing.T) {
	for _, kind := range []string{"watched", "polled"} {
		t.Run(kind, func(t *testing.T) {
			var store Store = &MemStore{}
			if kind == "polled" {
				store = quietStore{store}
			}
			a := node(t, store, 56)
			cfg := testConfig(57)
			cfg.Store, cfg.Poll = store, 100*time.Millisecond
			b := newClientWith(t, cfg)
			t.Cleanup(func() { b.server().Close() })
			if got := b.server().watching; got != (kind == "watched") {
				t.Fatalf("watching %v", got)
			}
			h := a.create("zapita", "")
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", b.url+"/games/"+h.ID+"/events", nil)
			resp, err := b.hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			events := make(chan eventJSON, 10)
			go func() {
				lines := bufio.NewScanner(resp.Body)
				for lines.Scan() {
					if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
						var e eventJSON
						json.Unmarshal([]byte(data), &e)
						events <- e
					}
				}
				close(events)
			}()
			if e := <-events; e.Ply != 0 {
				t.Fatalf("first event at ply %d", e.Ply)
			}
			for ply := 1; ply <= 3; ply++ {
				move := a.play(h, 1)[0]
				select {
				case e := <-events:
					if e.Ply != ply || e.Last != move {
						t.Fatalf("event %+v after move %d %s on the other node", e, ply, move)
					}
				case <-time.After(time.Second):
					t.Fatalf("no event within a second of move %d on the other node", ply)
				}
			}
		})
	}
}

// failingStore fails its writes while down is set: when lost is set, the
// write is made but its answer lost.
type failingStore struct {
	Store
	down, lost atomic.Bool
}

var errDown = errors.New("connection refused")

func (s *failingStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if s.down.Load() {
		if s.lost.Load() {
			s.Store.Append(ctx, id, seq, e)
		}
		return errDown
	}
	return s.Store.Append(ctx, id, seq, e)
}

func (s *failingStore) Create(ctx context.Context, id string, e Event) error {
	if s.down.Load() {
		return errDown
	}
	return s.Store.Create(ctx, id, e)
}

// TestStoreUnreachable: while the store fails, writes are answered 503
// and nothing is acknowledged or applied that it did not take; a write
// that reached it though its answer was lost is found by the next
// request.
func TestStoreUnreachable(t *testing.T) {
	for _, exclusive := range []bool{false, true} {
		store := &failingStore{Store: &MemStore{}}
		var s Store = store
		if exclusive {
			s = exclusiveStore{store}
		}
		c := node(t, s, 58)
		h := c.create("coir", "")
		st, moves := toMove(c, h)
		store.down.Store(true)
		var e errorJSON
		if code, raw := c.do("POST", "/games", "", `{"game":"zapita"}`, &e); code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
			t.Errorf("create with the store down: %d %s", code, raw)
		}
		if code, raw := c.do("POST", "/games/"+h.ID+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: moves[0]}), &e); code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
			t.Errorf("move with the store down: %d %s", code, raw)
		}
		if now, _ := toMove(c, h); now.Ply != 0 {
			t.Errorf("exclusive %v: a move the store did not take was applied: ply %d", exclusive, now.Ply)
		}
		store.lost.Store(true)
		c.do("POST", "/games/"+h.ID+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: moves[0]}), &e)
		store.down.Store(false)
		if now, _ := toMove(c, h); now.Ply != 1 {
			t.Errorf("exclusive %v: a move the store took, its answer lost, is not seen: ply %d", exclusive, now.Ply)
		}
	}
}

// exclusiveStore is a store that says it is its server's alone.
type exclusiveStore struct{ Store }

func (exclusiveStore) Exclusive() bool { return true }
