package referee

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestEventsEndWhenTheGameIsDeleted: the event stream of a game that
// expires and is swept ends at once, after the states it sent, rather
// than staying open on a game that is gone.
func TestEventsEndWhenTheGameIsDeleted(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := testConfig(186)
	cfg.Now, cfg.IdleTTL = clk.Now, time.Hour
	c := newClientWith(t, cfg)
	h := c.create("zapita", "")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	resp := openEvents(t, c, ctx, h.ID, h.Tokens["White"])
	defer resp.Body.Close()
	first := make([]byte, 1)
	if _, err := io.ReadFull(resp.Body, first); err != nil {
		t.Fatalf("no first state: %v", err)
	}
	clk.advance(2 * time.Hour)
	if n := c.server().Sweep(); n != 1 {
		t.Fatalf("Sweep deleted %d games, want 1", n)
	}
	rest, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("the stream of a deleted game did not end: %v", err)
	}
	if n := strings.Count(string(first)+string(rest), "event: state"); n != 1 {
		t.Errorf("the stream sent %d states, want the one before the deletion", n)
	}
}
