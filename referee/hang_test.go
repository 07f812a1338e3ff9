package referee

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hangStore is a store that hangs, as a database that was stopped
// (SIGSTOP), a disk or a network that no longer answers do: while hung
// is set, every call waits until its context ends. While lose is set,
// an Append first stores its event, then hangs: the write is made, its
// answer lost; loseCreate does the same to a Create. waiting counts the
// calls that hang at the moment.
type hangStore struct {
	*MemStore
	hung, lose, loseCreate atomic.Bool
	waiting                atomic.Int32
}

func (s *hangStore) hang(ctx context.Context) error {
	if !s.hung.Load() {
		return nil
	}
	s.waiting.Add(1)
	defer s.waiting.Add(-1)
	<-ctx.Done()
	return ctx.Err()
}

func (s *hangStore) Create(ctx context.Context, id string, e Event) error {
	if s.loseCreate.Load() {
		if err := s.MemStore.Create(ctx, id, e); err != nil {
			return err
		}
		s.waiting.Add(1)
		defer s.waiting.Add(-1)
		<-ctx.Done()
		return ctx.Err()
	}
	if err := s.hang(ctx); err != nil {
		return err
	}
	return s.MemStore.Create(ctx, id, e)
}

func (s *hangStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if s.lose.Load() {
		if err := s.MemStore.Append(ctx, id, seq, e); err != nil {
			return err
		}
		s.waiting.Add(1)
		defer s.waiting.Add(-1)
		<-ctx.Done()
		return ctx.Err()
	}
	if err := s.hang(ctx); err != nil {
		return err
	}
	return s.MemStore.Append(ctx, id, seq, e)
}

func (s *hangStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if err := s.hang(ctx); err != nil {
		return nil, err
	}
	return s.MemStore.Load(ctx, id, from)
}

func (s *hangStore) Delete(ctx context.Context, id string) error {
	if err := s.hang(ctx); err != nil {
		return err
	}
	return s.MemStore.Delete(ctx, id)
}

// hangServer returns a client, with a timeout of 10 s, of a node whose
// store is a hangStore, shared, waiting at most timeout for it. The
// store's Watch is hidden, so that only requests call the store.
func hangServer(t *testing.T, seed byte, timeout time.Duration) (*client, *hangStore) {
	t.Helper()
	store := &hangStore{MemStore: &MemStore{}}
	cfg := testConfig(seed)
	cfg.Store, cfg.StoreTimeout = struct{ Store }{store}, timeout
	c := newClientWith(t, cfg)
	// An answer that never comes fails the test rather than hang it.
	c.hc.Timeout = 10 * time.Second
	t.Cleanup(func() { c.server().Close() })
	return c, store
}

// TestStoreHangs: while the store hangs, every request that needs it
// is answered 503, kind "unavailable", with a Retry-After header, once
// StoreTimeout has passed: a move, the reads of a game (whose every
// request waits for the store, or for its turn behind one that does), a
// creation; the requests that do not need the store are answered as
// ever. Once the store answers again, the game goes on.
func TestStoreHangs(t *testing.T) {
	const timeout = 300 * time.Millisecond
	c, store := hangServer(t, 120, timeout)
	h := c.create("catchit", "")
	st, moves := toMove(c, h)
	token := h.Tokens[st.ToMove]

	store.hung.Store(true)
	type answer struct {
		what   string
		code   int
		kind   string
		retry  string
		msg    string
		waited time.Duration
	}
	requests := []struct{ what, method, path, token, body string }{
		{"a move", "POST", "/games/" + h.ID + "/moves", token, jsonBody(moveRequest{Move: moves[0]})},
		{"a resignation", "POST", "/games/" + h.ID + "/resign", token, ""},
		{"the state", "GET", "/games/" + h.ID, token, ""},
		{"the state again", "GET", "/games/" + h.ID, token, ""},
		{"the moves", "GET", "/games/" + h.ID + "/moves", token, ""},
		{"a creation", "POST", "/games", "", `{"game": "zapita"}`},
	}
	answers := make([]answer, len(requests))
	var wg sync.WaitGroup
	for i, r := range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			header := http.Header{}
			if r.token != "" {
				header.Set("Authorization", "Bearer "+r.token)
			}
			began := time.Now()
			req, _ := http.NewRequest(r.method, c.url+r.path, strings.NewReader(r.body))
			req.Header = header
			a := answer{what: r.what}
			resp, err := c.hc.Do(req)
			a.waited = time.Since(began)
			if err == nil {
				var e errorJSON
				json.NewDecoder(resp.Body).Decode(&e)
				resp.Body.Close()
				a.code, a.kind, a.retry, a.msg = resp.StatusCode, e.Kind, resp.Header.Get("Retry-After"), e.Error
			}
			answers[i] = a
		}()
	}
	wg.Wait()
	for _, a := range answers {
		if a.code != http.StatusServiceUnavailable || a.kind != "unavailable" || a.retry == "" {
			t.Errorf("%s with the store hung: %d %q, Retry-After %q after %v; want 503 unavailable with Retry-After", a.what, a.code, a.kind, a.retry, a.waited)
		}
		// Moves and resignations take no Idempotency-Key: the answer
		// said to send them again with one.
		if (a.what == "a move" || a.what == "a resignation") && strings.Contains(a.msg, "Idempotency-Key") {
			t.Errorf("%s with the store hung is answered %q: it takes no key", a.what, a.msg)
		}
		// Each waits StoreTimeout, or for its turn behind another and
		// then no longer than its own StoreTimeout.
		if a.waited > 4*timeout+time.Second {
			t.Errorf("%s was answered after %v, with StoreTimeout %v", a.what, a.waited, timeout)
		}
	}
	if code, _ := c.do("GET", "/kinds", "", "", nil); code != http.StatusOK {
		t.Errorf("GET /kinds with the store hung: %d", code)
	}
	if n := store.waiting.Load(); n != 0 {
		t.Errorf("%d calls to the store still wait once every request was answered", n)
	}

	store.hung.Store(false)
	var after stateJSON
	if code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &after); code != http.StatusOK || after.Ply != 1 {
		t.Fatalf("the move, the store back: %d %s", code, raw)
	}
}

// TestStoreLosesTheAnswer: a move that the store keeps but whose answer
// does not come before StoreTimeout is not acknowledged (503, kind
// "unavailable"); the game, read again, holds it once, and the same move
// sent again is refused as the rules refuse it, never played twice.
func TestStoreLosesTheAnswer(t *testing.T) {
	c, store := hangServer(t, 121, 200*time.Millisecond)
	h := c.create("zapita", "")
	st, moves := toMove(c, h)
	token := h.Tokens[st.ToMove]
	store.lose.Store(true)
	var e errorJSON
	code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &e)
	if code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
		t.Fatalf("a move whose answer the store lost: %d %s, want 503 unavailable", code, raw)
	}
	// The answer must not say that nothing was recorded: the move was.
	if !strings.Contains(e.Error, "may have been recorded or not") || strings.Contains(e.Error, "nothing was recorded") || !e.Unconfirmed {
		t.Errorf("a move whose answer the store lost is answered %s, want it said that it may have been recorded, and \"unconfirmed\": true", raw)
	}
	// A move takes no Idempotency-Key: the answer said to send it again
	// with one.
	if !strings.HasSuffix(e.Error, "read the game before sending it again") || strings.Contains(e.Error, "Idempotency-Key") {
		t.Errorf("a move whose answer the store lost is answered %q, want the advice to read the game, and no key", e.Error)
	}
	store.lose.Store(false)
	if got := c.history(h).Moves; len(got) != 1 {
		t.Fatalf("the history after the lost answer: %q, want the move once", got)
	}
	if code, raw := c.do("POST", "/games/"+h.ID+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &e); code != http.StatusForbidden || e.Kind != "turn" {
		t.Errorf("the move sent again: %d %s, want 403 turn", code, raw)
	}
	if got := c.history(h).Moves; len(got) != 1 {
		t.Errorf("the history: %q, want the move once", got)
	}

	// A creation whose answer is lost is told to send it again with its
	// key, which finds the game made, or without one to send it again
	// (the advice was to "create another game", wrong for a rematch).
	store.loseCreate.Store(true)
	code, raw = c.keyed("POST", "/games", key1, `{"game": "coir"}`, &e)
	if code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "send it again with the same Idempotency-Key") || !strings.Contains(e.Error, "without a key, send it again") {
		t.Errorf("a creation whose answer the store lost: %d %s, want the advice to send it again with its key", code, raw)
	}
	store.loseCreate.Store(false)
	var created createdJSON
	if code, raw := c.keyed("POST", "/games", key1, `{"game": "coir"}`, &created); code != http.StatusCreated {
		t.Fatalf("the creation sent again with its key: %d %s", code, raw)
	}
	if code, _ := c.do("GET", "/games/"+created.ID, created.Token, "", nil); code != http.StatusOK {
		t.Errorf("the game of the creation sent again: %d", code)
	}
}

// TestAbandonedRequestLeavesTheStore: a request whose client leaves
// stops waiting for a store that hangs at once, however long
// StoreTimeout is, and so holds no connection.
func TestAbandonedRequestLeavesTheStore(t *testing.T) {
	c, store := hangServer(t, 122, time.Hour)
	h := c.create("coir", "")
	store.hung.Store(true)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		req, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/games/"+h.ID, nil)
		req.Header.Set("Authorization", "Bearer "+h.Tokens["White"])
		if resp, err := c.hc.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	for deadline := time.Now().Add(5 * time.Second); store.waiting.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the request never reached the store")
		}
	}
	cancel()
	<-done
	var left atomic.Bool
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if store.waiting.Load() == 0 {
			left.Store(true)
			break
		}
	}
	if !left.Load() {
		t.Errorf("the store call of a request whose client left still waits")
	}
}

// TestSweepStopsWhenTheStoreHangs: a sweep that finds the store hung
// ends after one StoreTimeout, rather than waiting it for every game.
func TestSweepStopsWhenTheStoreHangs(t *testing.T) {
	const timeout = 200 * time.Millisecond
	c, store := hangServer(t, 123, timeout)
	for range 10 {
		c.createOnly(createRequest{Game: "zapita"})
	}
	store.hung.Store(true)
	began := time.Now()
	c.server().Sweep()
	if took := time.Since(began); took > 3*timeout {
		t.Errorf("a sweep of 10 games with the store hung took %v, with StoreTimeout %v", took, timeout)
	}
}

// TestBotSeatLostSaysCreated: a creation against the computer whose game
// is stored but whose computer player's seat the store does not confirm
// says that the game was created, not that nothing was recorded, and the
// creation sent again with its Idempotency-Key answers the game, the
// computer seated.
func TestBotSeatLostSaysCreated(t *testing.T) {
	c, store := hangServer(t, 123, 200*time.Millisecond)
	store.lose.Store(true) // the join of the computer is written, its answer lost
	body := `{"game": "zapita", "opponent": "easy"}`
	var e errorJSON
	code, raw := c.keyed("POST", "/games", "seat-lost-0123456789abcdefghij", body, &e)
	if code != http.StatusServiceUnavailable || e.Kind != "unavailable" || !strings.Contains(e.Error, "the game was created") || strings.Contains(e.Error, "nothing was recorded") || !e.Unconfirmed {
		t.Fatalf("the creation whose seat the store lost: %d %s, want 503 saying the game was created, \"unconfirmed\": true", code, raw)
	}
	store.lose.Store(false)
	var created createdJSON
	if code, raw := c.keyed("POST", "/games", "seat-lost-0123456789abcdefghij", body, &created); code != http.StatusCreated {
		t.Fatalf("the creation sent again: %d %s", code, raw)
	}
	var st stateJSON
	if code, raw := c.do("GET", "/games/"+created.ID, created.Token, "", &st); code != http.StatusOK || st.Status != StatusPlaying {
		t.Errorf("the game created: %d %s, want it played against the computer", code, raw)
	}
}
