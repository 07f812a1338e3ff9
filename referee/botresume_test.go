package referee

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// joinGate is a store whose appends of a join wait, while hold is set,
// until release is closed; reached is closed when the first one waits.
type joinGate struct {
	Store
	hold    atomic.Bool
	once    sync.Once
	reached chan struct{}
	release chan struct{}
}

func (s *joinGate) Append(ctx context.Context, id string, seq int, e Event) error {
	if e.Type == EventJoin && s.hold.Load() {
		s.once.Do(func() { close(s.reached) })
		<-s.release
	}
	return s.Store.Append(ctx, id, seq, e)
}

// duringSeat makes call on a node whose store is gate, the join of the
// computer's seat holding there, the game's id derived from key; while
// the join waits, node b reads the game, which waits for its second
// player. It returns what call did once the join went on.
func duringSeat[T any](t *testing.T, gate *joinGate, b *client, key string, call func() T) T {
	t.Helper()
	gate.hold.Store(true)
	out := make(chan T, 1)
	go func() { out <- call() }()
	<-gate.reached
	var st stateJSON
	if code, raw := b.do("GET", "/games/"+derive("game id", key), derive("creator token", key), "", &st); code != http.StatusOK || st.Status != StatusWaiting {
		t.Fatalf("b reads the game before the seat is taken: %d %s", code, raw)
	}
	close(gate.release)
	return <-out
}

// replies plays a move for the person on c in the game against the
// computer created as created, if it is his turn, and reports whether the
// computer moves within 10 s.
func replies(t *testing.T, c *client, created createdJSON) bool {
	t.Helper()
	h := hosted{ID: created.ID, Tokens: map[string]string{created.You: created.Token}}
	var st stateJSON
	if code, raw := c.do("GET", "/games/"+h.ID, created.Token, "", &st); code != http.StatusOK {
		t.Fatalf("the game: %d %s", code, raw)
	}
	ply := st.Ply
	if st.ToMove == created.You {
		moves := c.allMoves("/games/"+h.ID, created.Token)
		if code, raw := c.do("POST", "/games/"+h.ID+"/moves", created.Token, jsonBody(moveRequest{Move: moves[0]}), nil); code != http.StatusOK {
			t.Fatalf("the person's move: %d %s", code, raw)
		}
		ply++
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		c.do("GET", "/games/"+h.ID, created.Token, "", &st)
		if st.Ply > ply {
			return true
		}
	}
	return false
}

// TestBotResumesOnTheNodeThatLostTheSeat: node b read a keyed game
// against the computer while it waited for the computer's seat, which
// node a then took; b, answering the creation again, learns that the
// game is being played. With a gone (a node that died), b plays the
// computer's moves.
func TestBotResumesOnTheNodeThatLostTheSeat(t *testing.T) {
	store := &MemStore{}
	gate := &joinGate{Store: store, reached: make(chan struct{}), release: make(chan struct{})}
	a, b := node(t, gate, 130), node(t, store, 131)
	body := `{"game": "zapita", "opponent": "easy"}`
	created := duringSeat(t, gate, b, key1, func() createdJSON {
		var out createdJSON
		if code, raw := a.keyed("POST", "/games", key1, body, &out); code != http.StatusCreated {
			t.Errorf("creation on a: %d %s", code, raw)
		}
		return out
	})
	var again createdJSON
	if code, raw := b.keyed("POST", "/games", key1, body, &again); code != http.StatusCreated || again != created {
		t.Fatalf("the creation again on b: %d %s, want %+v", code, raw, created)
	}
	a.server().Close() // a dies: its computer player stops
	if !replies(t, b, created) {
		t.Error("the computer never replies on b")
	}
}

// netStore is a store a network away: each call takes a millisecond or
// two, as a database's do.
type netStore struct{ Store }

func (s netStore) wait() {
	time.Sleep(time.Millisecond + time.Duration(rand.IntN(1000))*time.Microsecond)
}

func (s netStore) Create(ctx context.Context, id string, e Event) error {
	s.wait()
	return s.Store.Create(ctx, id, e)
}

func (s netStore) Append(ctx context.Context, id string, seq int, e Event) error {
	s.wait()
	return s.Store.Append(ctx, id, seq, e)
}

func (s netStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	s.wait()
	return s.Store.Load(ctx, id, from)
}

// TestBotResumesAfterKeyedRace: a creation against the computer sent
// with one key to three nodes at once, all answered 201; two of the
// nodes die; the person moves on the third, and the computer replies,
// whichever node it was.
func TestBotResumesAfterKeyedRace(t *testing.T) {
	for round := range 20 {
		key := fmt.Sprintf("race_%02d_0123456789abcdefghij", round)
		store := netStore{&MemStore{}}
		nodes := []*client{node(t, store, byte(100+3*round)), node(t, store, byte(101+3*round)), node(t, store, byte(102+3*round))}
		var out [3]createdJSON
		var codes [3]int
		var wg sync.WaitGroup
		for i, c := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = c.keyed("POST", "/games", key, `{"game": "zapita", "opponent": "easy"}`, &out[i])
			}()
		}
		wg.Wait()
		if codes != [3]int{http.StatusCreated, http.StatusCreated, http.StatusCreated} || out[0] != out[1] || out[1] != out[2] {
			t.Fatalf("round %d: answers %v %+v", round, codes, out)
		}
		survivor := round % 3
		for i, c := range nodes {
			if i != survivor {
				c.server().Close()
			}
		}
		if !replies(t, nodes[survivor], out[0]) {
			t.Errorf("round %d: the computer never replies on the node that survived", round)
		}
	}
}

// TestBotResumesInAKeyedRematch: as TestBotResumesOnTheNodeThatLostTheSeat,
// for a rematch against the computer asked with a key on node a, then
// again on node b, which had read the rematch before the computer took
// its seat.
func TestBotResumesInAKeyedRematch(t *testing.T) {
	store := &MemStore{}
	gate := &joinGate{Store: store, reached: make(chan struct{}), release: make(chan struct{})}
	a, b := node(t, gate, 132), node(t, store, 133)
	game := a.createOnly(createRequest{Game: "zapita", Opponent: OpponentEasy})
	if code, raw := a.do("POST", "/games/"+game.ID+"/resign", game.Token, "", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, raw)
	}
	ask := func(c *client) (int, rematchJSON) {
		header := http.Header{"Authorization": {"Bearer " + game.Token}, "Idempotency-Key": {key2}}
		var r rematchJSON
		code, _ := c.send("POST", "/games/"+game.ID+"/rematch", header, "", &r)
		return code, r
	}
	r := duringSeat(t, gate, b, key2, func() rematchJSON {
		code, r := ask(a)
		if code != http.StatusCreated {
			t.Errorf("the rematch on a: %d %+v", code, r)
		}
		return r
	})
	if code, again := ask(b); code != http.StatusCreated || again != r {
		t.Fatalf("the rematch again on b: %d %+v, want %+v", code, again, r)
	}
	a.server().Close()
	// The person lost: he begins the rematch (G8), and the computer
	// replies.
	if !replies(t, b, createdJSON{ID: r.ID, You: r.You, Token: r.Token}) {
		t.Error("the computer never replies on b")
	}
}

// TestBotResumesFromAnotherNodesEvents: node b read a game against the
// computer while it waited for the computer's seat, which node a took; b
// then learns that the game is being played only from the events a
// wrote (the seat, the person's move), read when the person asks b for
// the game. With a gone while the computer was to move, b plays the
// computer's move: a node that reads such events starts a player, as one
// that writes them does.
func TestBotResumesFromAnotherNodesEvents(t *testing.T) {
	store := &MemStore{}
	gate := &joinGate{Store: store, reached: make(chan struct{}), release: make(chan struct{})}
	held := newBotGate(gate) // a's computer moves wait there until a dies
	a, b := node(t, held, 132), node(t, store, 133)
	created := duringSeat(t, gate, b, key3, func() createdJSON {
		var out createdJSON
		if code, raw := a.keyed("POST", "/games", key3, `{"game": "zapita", "opponent": "easy"}`, &out); code != http.StatusCreated {
			t.Errorf("creation on a: %d %s", code, raw)
		}
		return out
	})
	var st stateJSON
	a.do("GET", "/games/"+created.ID, created.Token, "", &st)
	if st.ToMove == created.You {
		personMoves(t, a, created, 0)
	}
	if _, ok := held.next(5 * time.Second); !ok {
		t.Fatal("a's computer player did not choose its move")
	}
	a.server().Close() // a dies, the computer to move
	ply := st.Ply + 1
	if st.ToMove != created.You {
		ply = st.Ply
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b.do("GET", "/games/"+created.ID, created.Token, "", &st)
		if st.Ply > ply {
			return
		}
	}
	t.Errorf("the computer never moves on b: %+v", st)
}
