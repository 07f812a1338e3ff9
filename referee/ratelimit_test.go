package referee

import (
	"math"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// TestPruneKeepsBucketsNotYetFull: a sweep forgets only the buckets that
// are full again. A client that spent its burst, and has earned back one
// game and a half since, creates one game, not a whole new burst because
// a sweep ran meanwhile.
func TestPruneKeepsBucketsNotYetFull(t *testing.T) {
	l := newRateLimiter(6, 3) // a game every 10 s
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 3 {
		if ok, _ := l.allow("client", t0); !ok {
			t.Fatalf("action %d of the burst refused", i+1)
		}
	}
	later := t0.Add(15 * time.Second)
	l.prune(later)
	if passed := allowed(l, 5, later); passed != 1 {
		t.Errorf("15 s after spending a burst of 3 at 6 a minute, with a sweep between: %d of 5 actions passed, want 1", passed)
	}
}

// TestRefundsKeepTheBurst: two creations under way at once, both given
// back (neither game stored) after the bucket refilled, leave it at its
// burst, not one over it.
func TestRefundsKeepTheBurst(t *testing.T) {
	l := newRateLimiter(60, 2)
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	later := t0.Add(time.Hour)
	if ok, _ := l.allow("client", t0); !ok {
		t.Fatal("the first action refused")
	}
	if ok, _ := l.allow("client", later); !ok {
		t.Fatal("the second action refused")
	}
	l.refund("client")
	l.refund("client")
	if passed := allowed(l, 5, later); passed != 2 {
		t.Errorf("after two refunds, %d of 5 actions in a row passed, want the burst of 2", passed)
	}
}

// TestWaitOfExactlyTheLongestDuration: a rate whose wait is 2^63 ns, one
// past the longest Duration, is said as the longest wait, not converted
// to a negative one that reads "try again in 1s".
func TestWaitOfExactlyTheLongestDuration(t *testing.T) {
	l := newRateLimiter(60e9/math.Ldexp(1, 63), 1) // a token every 2^63 ns
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	if ok, _ := l.allow("client", t0); !ok {
		t.Fatal("the burst's action refused")
	}
	ok, wait := l.allow("client", t0)
	if ok || wait <= 0 || retrySeconds(wait) != longestRetry {
		t.Errorf("the second action: %v, wait %v (said %v); want refused, said %v", ok, wait, retrySeconds(wait), longestRetry)
	}
}

// TestGlobalRateNotSpentWhenFull: a creation refused because the server
// holds MaxGames games gives back what it took of the rate of all
// clients together too: another client creates once an expired game has
// left room, though the global rate would need ten minutes to refill.
func TestGlobalRateNotSpentWhenFull(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{65}), Now: clk.Now, MaxGames: 1, WaitingTTL: time.Minute,
		GlobalCreateRate: 0.1, GlobalCreateBurst: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	create := func(ip string) int { return createFrom(srv, ip, "", `{"game": "coir"}`).Code }
	if code := create("192.0.2.1"); code != http.StatusCreated {
		t.Fatalf("the first game: %d", code)
	}
	if code := create("192.0.2.2"); code != http.StatusServiceUnavailable {
		t.Fatalf("a second game with room for one: %d, want 503", code)
	}
	clk.advance(2 * time.Minute) // the first game expires
	if code := create("192.0.2.3"); code != http.StatusCreated {
		t.Errorf("a third client once there is room: %d, want 201 (the refusal spent the global rate)", code)
	}
}

// allowed counts how many of n actions in a row at the client "client"
// l lets pass at the time at.
func allowed(l *rateLimiter, n int, at time.Time) int {
	passed := 0
	for range n {
		if ok, _ := l.allow("client", at); ok {
			passed++
		}
	}
	return passed
}
