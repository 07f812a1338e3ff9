package referee

import (
	"context"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hopsgames/hops"
)

// splicedReader reads its first n bytes from a, the rest from b.
type splicedReader struct {
	a, b io.Reader
	n    int
}

func (r *splicedReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return r.b.Read(p)
	}
	k, err := r.a.Read(p[:min(len(p), r.n)])
	r.n -= k
	return k, err
}

// TestBotSeedSecret (B4): the computer player's seed is no function of
// what its opponent knows. Two servers draw the same game id, the same
// creator's token and the same hidden arrangement for the computer, then
// different secrets for its seat: the seeds differ. A seed made of the
// id and the game's version, both public, would be the same, and a
// person could replay the player under every arrangement he cannot see
// and keep those under which it makes the moves it made.
func TestBotSeedSecret(t *testing.T) {
	var seeds [2]uint64
	var first [2]snapshot
	var tokens [2]string
	for i := range 2 {
		// The id, the creator's token and the invitation (16 bytes
		// each), then the computer's arrangement (16 bytes of seed) are
		// the same; its token, drawn next, is not.
		cfg := Config{Rand: &splicedReader{a: rand.NewChaCha8([32]byte{70}), b: rand.NewChaCha8([32]byte{71 + byte(i)}), n: 64}}
		c := newClientWith(t, cfg)
		created := c.createOnly(createRequest{Game: "brouillard", Arrangement: "NTXXQJK", Opponent: OpponentMedium})
		tokens[i] = created.Token
		m, err := c.server().lookup(created.ID)
		if err != nil {
			t.Fatal(err)
		}
		m.mu.Lock()
		sn := m.snapshot()
		m.mu.Unlock()
		first[i] = sn
		seeds[i] = sn.botSeed(hops.Second)
		if sn.tokens[hops.Second] == (tokenHash{}) {
			t.Fatalf("server %d: the computer has no token", i)
		}
	}
	a, b := first[0], first[1]
	if a.id != b.id || tokens[0] != tokens[1] || a.start.String() != b.start.String() {
		t.Fatalf("the two games differ in what the person knows or in the computer's pawns: %s %s %s / %s %s %s",
			a.id, tokens[0], a.start, b.id, tokens[1], b.start)
	}
	if a.tokens[hops.Second] == b.tokens[hops.Second] {
		t.Fatal("the computer's tokens are the same: the test draws no other secret")
	}
	// Compare at the same version: the seed moves with it.
	b.version = a.version
	if a.botSeed(hops.Second) == b.botSeed(hops.Second) {
		t.Errorf("the computer's seed %d is the same with another secret: it is made of public data", seeds[0])
	}
}

// slowMoves is a store whose Append of a move takes a while and does not
// heed its context, as a store on a slow disk might; it says when such a
// write began and whether it has ended.
type slowMoves struct {
	*MemStore
	began chan struct{}
	once  sync.Once
	ended atomic.Bool
}

func (s *slowMoves) Append(ctx context.Context, id string, seq int, e Event) error {
	if e.Type != EventMove {
		return s.MemStore.Append(ctx, id, seq, e)
	}
	s.once.Do(func() { close(s.began) })
	time.Sleep(300 * time.Millisecond)
	err := s.MemStore.Append(context.Background(), id, seq, e)
	s.ended.Store(true)
	return err
}

// TestCloseWaitsForTheBackground: Close returns once the computer
// player's write under way has ended, so that a program that closes its
// store after Close, as the documentation says, never has the store
// written after it closed it.
func TestCloseWaitsForTheBackground(t *testing.T) {
	store := &slowMoves{MemStore: &MemStore{}, began: make(chan struct{})}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{73}), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	// The computer plays White, which moves first.
	if _, err := srv.createGame(context.Background(), createRequest{Game: "zapita", Side: "Khaki", Opponent: OpponentEasy}, ""); err != nil {
		t.Fatal(err)
	}
	select {
	case <-store.began:
	case <-time.After(10 * time.Second):
		t.Fatal("the computer player did not write its move")
	}
	srv.Close()
	if !store.ended.Load() {
		t.Error("Close returned while the computer player's write was under way")
	}
	srv.Close() // a second Close returns at once
	if n := srv.Sweep(); n != 0 {
		t.Errorf("Sweep after Close deleted %d games", n)
	}
}

// slowDelete is a store whose Delete takes a while and does not heed its
// context.
type slowDelete struct {
	*MemStore
	began chan struct{}
	once  sync.Once
	ended atomic.Bool
}

func (s *slowDelete) Delete(ctx context.Context, id string) error {
	s.once.Do(func() { close(s.began) })
	time.Sleep(300 * time.Millisecond)
	err := s.MemStore.Delete(context.Background(), id)
	s.ended.Store(true)
	return err
}

// TestCloseWaitsForSweep: Close returns once a Sweep under way has
// deleted what it was deleting.
func TestCloseWaitsForSweep(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	store := &slowDelete{MemStore: &MemStore{}, began: make(chan struct{})}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{74}), Store: store, Now: clk.Now, IdleTTL: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.createGame(context.Background(), createRequest{Game: "coir"}, ""); err != nil {
		t.Fatal(err)
	}
	clk.advance(time.Hour)
	go srv.Sweep()
	select {
	case <-store.began:
	case <-time.After(10 * time.Second):
		t.Fatal("the Sweep did not delete the expired game")
	}
	srv.Close()
	if !store.ended.Load() {
		t.Error("Close returned while a Sweep was deleting a game")
	}
}
