package referee

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// countingStore is a FileStore that counts the journals read, by game.
type countingStore struct {
	*FileStore
	mu    sync.Mutex
	loads map[string]int
}

func (s *countingStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	s.mu.Lock()
	s.loads[id]++
	s.mu.Unlock()
	return s.FileStore.Load(ctx, id, from)
}

func (s *countingStore) loaded() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.loads)
}

func counting(t testing.TB, dir string) *countingStore {
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	return &countingStore{FileStore: store, loads: map[string]int{}}
}

// TestRestartReadsOnlyWhatItNeeds: at start the server reads no journal
// but those of the games whose computer player must resume; the first
// request about a game reads its journal, and no other.
func TestRestartReadsOnlyWhatItNeeds(t *testing.T) {
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 70))
	var people []hosted
	for i := range 12 {
		h := c.create(games.All()[i%4].Name, "")
		c.play(h, i%3)
		people = append(people, h)
	}
	bot := c.createOnly(createRequest{Game: "coir", Opponent: OpponentEasy})
	over := c.createOnly(createRequest{Game: "zapita", Opponent: OpponentEasy})
	c.do("POST", "/games/"+over.ID+"/resign", over.Token, "", nil)
	c.server().Close()

	store := counting(t, dir)
	cfg := testConfig(71)
	cfg.Store = store
	c.restart(cfg)
	// The computer player of the game being played resumes: its game
	// is read, and only it.
	for deadline := time.Now().Add(10 * time.Second); store.loaded()[bot.ID] == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the computer player's game was not read")
		}
	}
	var st stateJSON
	c.do("GET", "/games/"+people[5].ID, people[5].Tokens[anySide(people[5])], "", &st)
	c.do("GET", "/games/"+people[5].ID+"/history", people[5].Tokens[anySide(people[5])], "", nil)
	want := map[string]int{bot.ID: 1, people[5].ID: 1}
	if got := store.loaded(); !maps.Equal(got, want) {
		t.Errorf("journals read %v, want %v", got, want)
	}
	if n := len(c.server().games) + len(c.server().cold); n != 14 {
		t.Errorf("the server knows %d games, want 14", n)
	}
}

// TestColdExpiry: games not read since the start expire as the others,
// judged by their last event, without their journals being read; they
// count against MaxGames.
func TestColdExpiry(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := func(seed byte, store Store) Config {
		c := testConfig(seed)
		c.Store, c.Now = store, clk.Now
		c.IdleTTL, c.FinishedTTL = time.Hour, time.Minute
		c.MaxGames, c.MaxPlies = 4, 2
		return c
	}
	c := newClientWith(t, fileConfig(t, dir, 72))
	c.restart(cfg(72, counting(t, dir)))
	playing := c.create("catchit", "")
	over := c.create("zapita", "")
	closed := c.create("coir", "")
	waiting := c.createOnly(createRequest{Game: "coir"})
	clk.advance(30 * time.Minute)
	c.play(playing, 1)
	c.do("POST", "/games/"+over.ID+"/resign", over.Tokens[anySide(over)], "", nil)
	if n := len(c.play(closed, 3)); n != 2 {
		t.Fatalf("%d moves played in a game of at most 2", n)
	}

	store := counting(t, dir)
	c.restart(cfg(73, store))
	var e errorJSON
	if code, _ := c.do("POST", "/games", "", `{"game": "coir"}`, &e); code != http.StatusServiceUnavailable || e.Kind != "full" {
		t.Errorf("a fifth game with 4 stored: %d %+v", code, e)
	}
	clk.advance(31 * time.Minute) // the waiting game and the finished ones have expired
	if n := c.server().Sweep(); n != 3 {
		t.Errorf("Sweep deleted %d games, want 3", n)
	}
	if got := store.loaded(); len(got) != 0 {
		t.Errorf("Sweep read journals: %v", got)
	}
	for _, id := range []string{over.ID, closed.ID, waiting.ID} {
		if _, err := os.Stat(filepath.Join(dir, id+journalExt)); !os.IsNotExist(err) {
			t.Errorf("the journal of expired game %s is still there", id)
		}
	}
	if code, _ := c.do("GET", "/games/"+playing.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the game played 31 minutes ago: %d", code)
	}
	if code, _ := c.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusCreated {
		t.Errorf("a game once there is room: %d", code)
	}
}

// randomGame plays a game of n plies (or until it ends) at random and
// returns its journal's events.
func randomGame(g *hops.Game, r *rand.Rand, n int, at time.Time) []Event {
	s := g.Start(hops.First)
	events := []Event{
		{Type: EventCreate, Time: at, Game: g.Name, Creator: g.SideName(hops.First), Start: s.String(),
			Token: hashOf("creator").String(), Invitation: hashOf("invitation").String(), MaxPlies: n},
		{Type: EventJoin, Time: at, Token: hashOf("joiner").String()},
	}
	for ply := 1; ply <= n && !s.Outcome().Over; ply++ {
		moves := s.Moves()
		move, _ := s.Canonical(moves[r.IntN(len(moves))])
		s, _ = s.Play(move)
		at = at.Add(time.Second)
		events = append(events, Event{Type: EventMove, Time: at, Ply: ply, Move: move, End: s.Outcome().Over || ply == n})
	}
	return events
}

// writeJournal writes a journal in FileStore's format at once, without
// syncing it: to make many quickly.
func writeJournal(dir, id string, events []Event) error {
	var body []byte
	for _, e := range events {
		line, err := encodeEvent(e)
		if err != nil {
			return err
		}
		body = append(body, line...)
	}
	data := append(encodeHeader(int64(headerLen+len(body))), body...)
	return os.WriteFile(filepath.Join(dir, id+journalExt), data, 0o600)
}

// BenchmarkRestart times a restart with 3 000 stored games of 1 000 plies
// of Coir each (random play): NewServer, then the first request, about
// one of the games, answered.
func BenchmarkRestart(b *testing.B) {
	const stored, plies = 3000, 1000
	dir := b.TempDir()
	g, _ := games.ByName("coir")
	r := rand.New(rand.NewPCG(3, 4))
	var played [][]Event
	for range 8 {
		played = append(played, randomGame(g, r, plies, time.Now()))
	}
	ids := make([]string, stored)
	for i := range ids {
		ids[i] = fmt.Sprintf("%032x", i+1)
		if err := writeJournal(dir, ids[i], played[i%len(played)]); err != nil {
			b.Fatal(err)
		}
	}
	if n := len(played[0]) - 2; n != plies {
		b.Fatalf("the games have %d plies", n)
	}
	b.Run(fmt.Sprintf("%dgames-%dplies", stored, plies), func(b *testing.B) {
		for i := range b.N {
			store, err := OpenFileStore(dir)
			if err != nil {
				b.Fatal(err)
			}
			srv, err := NewServer(Config{Store: store, Rand: rand.NewChaCha8([32]byte{byte(i)})})
			if err != nil {
				b.Fatal(err)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest("GET", "/games/"+ids[i%stored]+"/history", nil))
			if rec.Code != http.StatusOK {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
			srv.Close()
			if n := len(srv.cold); n != stored-1 {
				b.Fatalf("%d games not read, want %d", n, stored-1)
			}
		}
	})
}
