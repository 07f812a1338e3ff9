package referee

import (
	"math/rand/v2"
	"net/http"
	"testing"
	"time"
)

// TestStreamSharesForgotten: once a client's event streams have all
// ended, the count of its streams is forgotten, so that the table holds
// only the clients with a stream open.
func TestStreamSharesForgotten(t *testing.T) {
	l := &streamLimiter{perClient: 2}
	var releases []func()
	for range 2 {
		release, ok := l.acquire("192.0.2.1")
		if !ok {
			t.Fatal("a stream within the share refused")
		}
		releases = append(releases, release)
	}
	for _, release := range releases {
		release()
	}
	if len(l.open) != 0 {
		t.Errorf("the counts of clients with no stream are kept: %v", l.open)
	}
}

// TestNoStreamLimit: with StreamsPerClient -1, no limit, a client holds
// more event streams than the default share.
func TestNoStreamLimit(t *testing.T) {
	c := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{84}), StreamsPerClient: -1, StreamLifetime: time.Hour})
	h := c.create("catchit", "")
	for i := range DefaultStreamsPerClient + 1 {
		if resp := openStream(t, c.url+"/games/"+h.ID+"/events", "127.0.0.1", h.Tokens["Blue"]); resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d with no limit: %d", i+1, resp.StatusCode)
		}
	}
}
