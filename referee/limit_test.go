package referee

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestGameLimitOfASharedStore: with a shared store that counts its games
// (a Counter), MaxGames bounds the games of the store, whichever node
// created them: every node refuses a creation once the store holds
// MaxGames, before a restart and after it, and every node takes one
// again once games expired.
func TestGameLimitOfASharedStore(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &MemStore{}
	config := func(seed byte) Config {
		cfg := testConfig(seed)
		cfg.Store, cfg.MaxGames, cfg.Now, cfg.WaitingTTL = store, 4, clk.Now, 15*time.Minute
		return cfg
	}
	a, b := nodeWith(t, config(150)), nodeWith(t, config(151))
	a.createOnly(createRequest{Game: "zapita"})
	a.createOnly(createRequest{Game: "zapita"})
	b.createOnly(createRequest{Game: "coir"})
	b.createOnly(createRequest{Game: "coir"})
	refused := func(when string) {
		t.Helper()
		for name, c := range map[string]*client{"a": a, "b": b} {
			var e errorJSON
			if code, raw := c.do("POST", "/games", "", `{"game": "catchit"}`, &e); code != http.StatusServiceUnavailable || e.Kind != "full" {
				t.Errorf("%s, node %s: a fifth game: %d %s, want 503 full", when, name, code, raw)
			} else if !strings.Contains(e.Error, "holds 4 games, the limit is 4") {
				t.Errorf("%s, node %s: %q, want the count and the limit", when, name, e.Error)
			}
		}
	}
	refused("four games made on two nodes")
	b.restart(config(152))
	refused("b restarted")

	// The games nobody joined expire: each node finds room again.
	clk.advance(20 * time.Minute)
	for name, c := range map[string]*client{"a": a, "b": b} {
		if code, raw := c.do("POST", "/games", "", `{"game": "catchit"}`, nil); code != http.StatusCreated {
			t.Errorf("node %s, the games expired: %d %s", name, code, raw)
		}
	}
}

// TestGameLimitOfAnUncountedStore: with a shared store that cannot count
// its games, each node counts those it holds in memory, not those it
// only listed at start, which belong to every node: a node restarted
// over a store that holds MaxGames games still creates them.
func TestGameLimitOfAnUncountedStore(t *testing.T) {
	store := struct{ Store }{&MemStore{}} // no Counter
	config := func(seed byte) Config {
		cfg := testConfig(seed)
		cfg.Store, cfg.MaxGames = store, 2
		return cfg
	}
	a, b := nodeWith(t, config(153)), nodeWith(t, config(154))
	a.createOnly(createRequest{Game: "zapita"})
	a.createOnly(createRequest{Game: "zapita"})
	b.createOnly(createRequest{Game: "zapita"})
	var e errorJSON
	if code, raw := a.do("POST", "/games", "", `{"game": "zapita"}`, &e); code != http.StatusServiceUnavailable || !strings.Contains(e.Error, "holds in memory 2 games, the limit is 2") {
		t.Errorf("a third game on a: %d %s, want 503 full", code, raw)
	}
	b.restart(config(155)) // it lists the three games
	if code, raw := b.do("POST", "/games", "", `{"game": "zapita"}`, nil); code != http.StatusCreated {
		t.Errorf("a game on b restarted: %d %s", code, raw)
	}
}

// TestGameLimitSweepsOthersGames: the games a node made before it died,
// a node never started again, are swept by the node that finds the
// store full once they expire, though it never read them.
func TestGameLimitSweepsOthersGames(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &MemStore{}
	config := func(seed byte) Config {
		cfg := testConfig(seed)
		cfg.Store, cfg.MaxGames, cfg.Now, cfg.WaitingTTL = store, 2, clk.Now, 15*time.Minute
		return cfg
	}
	b := newClientWith(t, config(156))
	t.Cleanup(func() { b.server().Close() })
	a := newClientWith(t, config(157))
	a.createOnly(createRequest{Game: "zapita"})
	a.createOnly(createRequest{Game: "zapita"})
	a.server().Close() // a dies
	if code, raw := b.do("POST", "/games", "", `{"game": "zapita"}`, nil); code != http.StatusServiceUnavailable {
		t.Errorf("a third game: %d %s, want 503 full", code, raw)
	}
	clk.advance(20 * time.Minute) // a's games expire unjoined
	if code, raw := b.do("POST", "/games", "", `{"game": "zapita"}`, nil); code != http.StatusCreated {
		t.Errorf("a game once a's expired: %d %s", code, raw)
	}
	if n, _ := store.Count(context.Background()); n != 1 {
		t.Errorf("the store holds %d games, want b's alone", n)
	}
}

// slowLoads is a shared store a network away: each Load takes a while,
// and the store counts them.
type slowLoads struct {
	*MemStore
	delay time.Duration
	loads atomic.Int64
}

func (s *slowLoads) Load(ctx context.Context, id string, from int) ([]Event, error) {
	s.loads.Add(1)
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.MemStore.Load(ctx, id, from)
}

// fullNode starts a node on store, whose StoreTimeout is 100 ms and
// whose MaxGames n games fill, at the time of clk; its log is captured
// from then on.
func fullNode(t *testing.T, seed byte, store Store, n int, clk *clock) (*client, *syncBuffer) {
	t.Helper()
	cfg := testConfig(seed)
	cfg.Store, cfg.MaxGames, cfg.StoreTimeout, cfg.Now, cfg.WaitingTTL = store, n, 100*time.Millisecond, clk.Now, 15*time.Minute
	c := nodeWith(t, cfg)
	for range n {
		c.createOnly(createRequest{Game: "zapita"})
	}
	return c, captureLog(t)
}

// TestFullStoreAnswersFull: at the limit of a shared store that counts
// its games, and whose reads are slow, a refused creation is answered
// "full" within about StoreTimeout, though the sweep it makes for room
// cannot read every game in that time, and that sweep, ended with the
// request, does not go on; creations refused meanwhile make none; a
// sweep cut so is not logged as an outage of the store. The sweep ran
// past the request's time, the count after it failed on the spent
// context, and the answer was "unavailable" (a false outage, logged as
// one) after seconds.
func TestFullStoreAnswersFull(t *testing.T) {
	store := &slowLoads{MemStore: &MemStore{}, delay: 2 * time.Millisecond}
	c, logs := fullNode(t, 158, store, 300, &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)})
	store.loads.Store(0)
	for i := range 3 {
		began := time.Now()
		var e errorJSON
		code, raw := c.do("POST", "/games", "", `{"game": "zapita"}`, &e)
		took := time.Since(began)
		if code != http.StatusServiceUnavailable || e.Kind != "full" {
			t.Errorf("creation %d at the limit: %d %s, want 503 full", i, code, raw)
		}
		if took > time.Second {
			t.Errorf("creation %d at the limit took %v, StoreTimeout is 100ms", i, took)
		}
	}
	// One sweep, cut at 50 ms: about 25 reads, far from the 300 games.
	if n := store.loads.Load(); n > 150 {
		t.Errorf("the refused creations read %d games: the sweep went on past its request", n)
	}
	if strings.Contains(logs.String(), "the store fails") {
		t.Errorf("a slow, healthy store logged as failing by the sweep for room:\n%s", logs.String())
	}
}

// slowDeletes is a store whose deletes take a while.
type slowDeletes struct {
	*MemStore
	delay time.Duration
}

func (s *slowDeletes) Delete(ctx context.Context, id string) error {
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.MemStore.Delete(ctx, id)
}

// TestFullSweepLeavesTimeToCreate: at the limit of the server's own
// store, its games expired and its deletes slow, the sweep a creation
// makes for room leaves the creation time to be made, or the answer is
// "full": the sweep spent the request's time, the store's Create was
// then called on a spent context, and the answer was "unavailable" (a
// write not confirmed, though none was made), logged as an outage.
func TestFullSweepLeavesTimeToCreate(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	c, logs := fullNode(t, 160, &slowDeletes{MemStore: &MemStore{}, delay: 6 * time.Millisecond}, 40, clk)
	clk.advance(20 * time.Minute) // every game expires unjoined
	var e errorJSON
	if code, raw := c.do("POST", "/games", "", `{"game": "zapita"}`, &e); code != http.StatusCreated && e.Kind != "full" {
		t.Errorf("a creation after a sweep that made room: %d %s, want 201 or 503 full", code, raw)
	}
	if strings.Contains(logs.String(), "the store fails") {
		t.Errorf("the sweep for room logged an outage:\n%s", logs.String())
	}
}

// panickyDeletes panics at its first delete, as a store with a bug may.
type panickyDeletes struct {
	*MemStore
	once atomic.Bool
}

func (s *panickyDeletes) Delete(ctx context.Context, id string) error {
	if s.once.CompareAndSwap(false, true) {
		panic("a bug of the store")
	}
	return s.MemStore.Delete(ctx, id)
}

// TestFullSweepPanicLeavesNothingHeld: a panic in the sweep for room
// (answered 500 by the server, which goes on) neither stops every later
// sweep for room nor makes Close wait for ever, as it did when the sweep
// left its marks set.
func TestFullSweepPanicLeavesNothingHeld(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &panickyDeletes{MemStore: &MemStore{}}
	cfg := testConfig(161)
	cfg.Store, cfg.MaxGames, cfg.Now, cfg.WaitingTTL = store, 2, clk.Now, 15*time.Minute
	c := newClientWith(t, cfg)
	c.createOnly(createRequest{Game: "zapita"})
	c.createOnly(createRequest{Game: "zapita"})
	clk.advance(20 * time.Minute)
	captureLog(t)
	resp, err := c.hc.Post(c.url+"/games", "application/json", strings.NewReader(`{"game": "zapita"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Fatalf("the creation whose sweep panics: %d, want 500", resp.StatusCode)
	}
	clk.advance(2 * time.Second)
	if code, raw := c.do("POST", "/games", "", `{"game": "zapita"}`, nil); code != http.StatusCreated {
		t.Errorf("a creation once the panic passed, an expired game still to sweep: %d %s, want 201", code, raw)
	}
	done := make(chan struct{})
	go func() { c.server().Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Errorf("Close still waits 3 s after the panic")
	}
}
