package referee

import (
	"net/http"
	"testing"
	"time"
)

// TestClockSkew: node b's clock is two minutes behind a's. A game
// created on b, which waits three minutes for its second player, is
// joined on a ninety seconds later: a, judging b's time of creation by
// its own clock, does not take it for expired. A game expires all the
// same, the skew's margin later.
func TestClockSkew(t *testing.T) {
	at := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	clkA, clkB := &clock{now: at}, &clock{now: at.Add(-2 * time.Minute)}
	store := &MemStore{}
	config := func(seed byte, clk *clock) Config {
		cfg := testConfig(seed)
		cfg.Store, cfg.Now, cfg.WaitingTTL = store, clk.Now, 3*time.Minute
		return cfg
	}
	a, b := nodeWith(t, config(160, clkA)), nodeWith(t, config(161, clkB))
	if got := a.server().Config().ClockSkew; got != DefaultClockSkew {
		t.Errorf("the clock skew of a node on a shared store: %v, want %v", got, DefaultClockSkew)
	}
	later := func(d time.Duration) {
		clkA.advance(d)
		clkB.advance(d)
	}
	created := b.createOnly(createRequest{Game: "zapita"})
	later(90 * time.Second)
	var joined joinedJSON
	if code, raw := a.do("POST", "/games/"+created.ID+"/join", "", jsonBody(joinRequest{Invitation: created.Invitation}), &joined); code != http.StatusOK {
		t.Fatalf("the join on a, 90 s after the creation on b: %d %s", code, raw)
	}

	// Another game, that nobody joins, expires: by a's clock, once three
	// minutes and the margin have passed since b wrote its creation.
	waiting := b.createOnly(createRequest{Game: "zapita"})
	later(2*time.Minute + 59*time.Second) // 4:59 by a's clock
	if code, raw := a.do("GET", "/games/"+waiting.ID, waiting.Token, "", nil); code != http.StatusOK {
		t.Errorf("the waiting game within its time and the margin: %d %s", code, raw)
	}
	later(2 * time.Second)
	if code, raw := a.do("GET", "/games/"+waiting.ID, waiting.Token, "", nil); code != http.StatusNotFound {
		t.Errorf("the waiting game past its time and the margin: %d %s, want 404", code, raw)
	}
}

// TestNoClockSkewAlone: a server alone on its store judges expiry by its
// own clock only, with no margin.
func TestNoClockSkewAlone(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	c := newClientWith(t, Config{Rand: testConfig(162).Rand, Now: clk.Now, WaitingTTL: 3 * time.Minute})
	if got := c.server().Config().ClockSkew; got != 0 {
		t.Errorf("the clock skew of a server alone: %v, want 0", got)
	}
	created := c.createOnly(createRequest{Game: "zapita"})
	clk.advance(3 * time.Minute)
	if code, raw := c.do("GET", "/games/"+created.ID, created.Token, "", nil); code != http.StatusNotFound {
		t.Errorf("the waiting game past its time: %d %s, want 404", code, raw)
	}
}
