package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// keyed sends a request with an idempotency key and decodes the answer.
func (c *client) keyed(method, path, key, body string, out any) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw bytes.Buffer
	raw.ReadFrom(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw.Bytes(), out); err != nil {
			c.t.Errorf("%s %s: %v in %s", method, path, err, raw.Bytes())
		}
	}
	return resp.StatusCode, raw.Bytes()
}

const (
	key1 = "k1_0123456789abcdefghijKLMN"
	key2 = "k2_0123456789abcdefghijKLMN"
	key3 = "k3-0123456789abcdefghijKLMN"
)

// TestIdempotentCreate: a creation sent again with its key, after its
// answer was lost, gets the same answer, on the same server, after a
// restart, and on another node; one game is made.
func TestIdempotentCreate(t *testing.T) {
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 60))
	body := `{"game": "catchit", "side": "Red"}`
	var first, again createdJSON
	if code, raw := c.keyed("POST", "/games", key1, body, &first); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, raw)
	}
	check := func(when string) {
		t.Helper()
		if code, raw := c.keyed("POST", "/games", key1, body, &again); code != http.StatusCreated || again != first {
			t.Fatalf("%s: %d %s, first answer %+v", when, code, raw, first)
		}
		if n := len(journals(t, dir)); n != 1 {
			t.Fatalf("%s: %d journals", when, n)
		}
	}
	check("retried")
	c.restart(fileConfig(t, dir, 61))
	check("retried after a restart")
	// The game is the creator's: his token works, the invitation too.
	var st stateJSON
	if code, _ := c.do("GET", "/games/"+first.ID, first.Token, "", &st); code != http.StatusOK || st.You != "Red" {
		t.Errorf("the creator's token: %d %+v", code, st)
	}
	// Another key is another game; the key with another request is
	// refused, and makes nothing.
	var other createdJSON
	if code, _ := c.keyed("POST", "/games", key2, body, &other); code != http.StatusCreated || other.ID == first.ID || other.Token == first.Token {
		t.Errorf("another key: %d %+v", code, other)
	}
	for _, b := range []string{`{"game": "catchit"}`, `{"game": "zapita", "side": "Red"}`, `{"game": "catchit", "side": "Red", "opponent": "easy"}`} {
		var e errorJSON
		if code, raw := c.keyed("POST", "/games", key1, b, &e); code != http.StatusUnprocessableEntity || e.Kind != "idempotency" {
			t.Errorf("the key with %s: %d %s", b, code, raw)
		}
	}
	if n := len(journals(t, dir)); n != 2 {
		t.Errorf("%d journals, want 2", n)
	}
	// Nothing the store keeps gives the key or the tokens.
	for _, name := range journals(t, dir) {
		data, _ := os.ReadFile(name)
		for _, secret := range []string{key1, key2, first.Token, first.Invitation, other.Token} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("%s holds %s", filepath.Base(name), secret)
			}
		}
	}
}

// TestIdempotentJoin: a join sent again with its key gets the same token,
// on the same node or another, and the seat stays its own.
func TestIdempotentJoin(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 62), node(t, store, 63)
	created := a.createOnly(createRequest{Game: "brouillard", Arrangement: "KJQXXTN"})
	path := "/games/" + created.ID + "/join"
	body := jsonBody(joinRequest{Invitation: created.Invitation, Arrangement: "XKQJTNX"})
	var first, again joinedJSON
	if code, raw := a.keyed("POST", path, key1, body, &first); code != http.StatusOK {
		t.Fatalf("join: %d %s", code, raw)
	}
	for _, c := range []*client{a, b, a} {
		if code, raw := c.keyed("POST", path, key1, body, &again); code != http.StatusOK || again != first {
			t.Fatalf("retried join: %d %s, first answer %+v", code, raw, first)
		}
	}
	// The seat is taken: another key, or none, is refused.
	if code, _ := b.keyed("POST", path, key2, body, nil); code != http.StatusConflict {
		t.Errorf("a join with another key: %d", code)
	}
	if code, _ := a.do("POST", path, "", body, nil); code != http.StatusConflict {
		t.Errorf("a join without key: %d", code)
	}
	// The key with another arrangement, or without the invitation, is
	// not answered with the token.
	var e errorJSON
	if code, raw := a.keyed("POST", path, key1, jsonBody(joinRequest{Invitation: created.Invitation, Arrangement: "KJQXXTN"}), &e); code != http.StatusUnprocessableEntity || e.Kind != "idempotency" {
		t.Errorf("the key with another arrangement: %d %s", code, raw)
	}
	if code, raw := a.keyed("POST", path, key1, jsonBody(joinRequest{Invitation: strings.Repeat("0", 32), Arrangement: "XKQJTNX"}), nil); code != http.StatusConflict || bytes.Contains(raw, []byte(first.Token)) {
		t.Errorf("the key with a wrong invitation: %d %s", code, raw)
	}
	events, _ := store.Load(context.Background(), created.ID, 1)
	if len(events) != 2 {
		t.Errorf("%d events, want the creation and one join", len(events))
	}
	var st stateJSON
	if code, _ := b.do("GET", "/games/"+created.ID, first.Token, "", &st); code != http.StatusOK || st.You != "Red" {
		t.Errorf("the joiner's token: %d %+v", code, st)
	}
}

// TestIdempotentCreateRace sends one keyed creation to two nodes at once:
// both answer the same game.
func TestIdempotentCreateRace(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 64), node(t, store, 65)
	for _, key := range []string{key1, key2, key3} {
		var out [2]createdJSON
		var codes [2]int
		var wg sync.WaitGroup
		for i, c := range []*client{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = c.keyed("POST", "/games", key, `{"game": "coir", "opponent": "easy"}`, &out[i])
			}()
		}
		wg.Wait()
		if codes != [2]int{http.StatusCreated, http.StatusCreated} || out[0] != out[1] || out[0].Invitation != "" {
			t.Errorf("answers %v %+v", codes, out)
		}
		events, _ := store.Load(context.Background(), out[0].ID, 1)
		if len(events) < 2 || events[1].Type != EventJoin {
			t.Errorf("the computer player has not taken its seat: %+v", events)
		}
	}
	n := 0
	store.List(context.Background(), func(Summary) error { n++; return nil })
	if n != 3 {
		t.Errorf("%d games stored, want 3", n)
	}
}

// TestSeatBotTakenByRetry: the interleaving TestIdempotentCreateRace can
// only hit by chance. Node a has created a keyed game and seated its
// computer player; node b, which found the game stored before the seat
// was taken, seats it too. The seat can only be the computer player's
// (nobody else knows the invitation), so b's attempt succeeds without a
// second join.
func TestSeatBotTakenByRetry(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 66), node(t, store, 67)
	var created createdJSON
	if code, raw := a.keyed("POST", "/games", key1, `{"game": "coir", "opponent": "easy"}`, &created); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, raw)
	}
	m, err := b.server().lookup(created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.server().seatBot(context.Background(), m, derive("invitation", key1)); err != nil {
		t.Errorf("seating the computer player again: %v, want nil", err)
	}
	events, err := store.Load(context.Background(), created.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	joins := 0
	for _, e := range events {
		if e.Type == EventJoin {
			joins++
		}
	}
	if joins != 1 {
		t.Errorf("%d joins stored, want 1", joins)
	}
}

func TestIdempotencyKeyForm(t *testing.T) {
	c := newClient(t)
	for _, key := range []string{"short", strings.Repeat("a", MaxKeyLen+1), "0123456789abcdefghijk+/=", "0123456789 abcdefghijklm"} {
		var e errorJSON
		if code, raw := c.keyed("POST", "/games", key, `{"game": "zapita"}`, &e); code != http.StatusBadRequest || e.Kind != "request" {
			t.Errorf("key %q: %d %s", key, code, raw)
		}
	}
	if code, _ := c.keyed("POST", "/games", strings.Repeat("a", MaxKeyLen), `{"game": "zapita"}`, nil); code != http.StatusCreated {
		t.Errorf("a key of %d characters: %d", MaxKeyLen, code)
	}
}

// noAppends is a store whose appends fail while down is set.
type noAppends struct {
	Store
	down atomic.Bool
}

func (s *noAppends) Append(ctx context.Context, id string, seq int, e Event) error {
	if s.down.Load() {
		return errDown
	}
	return s.Store.Append(ctx, id, seq, e)
}

// TestIdempotentCreateSeatsTheComputer: a creation against the computer
// player stored without the player's seat (the store failed after the
// creation) is completed by its retry: the player takes its seat and
// plays.
func TestIdempotentCreateSeatsTheComputer(t *testing.T) {
	store := &noAppends{Store: &MemStore{}}
	c := node(t, store, 66)
	body := `{"game": "zapita", "opponent": "easy", "first": "Khaki"}`
	store.down.Store(true)
	var e errorJSON
	if code, raw := c.keyed("POST", "/games", key1, body, &e); code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
		t.Fatalf("create with the store failing: %d %s", code, raw)
	}
	store.down.Store(false)
	var created createdJSON
	if code, raw := c.keyed("POST", "/games", key1, body, &created); code != http.StatusCreated || created.Invitation != "" {
		t.Fatalf("retried: %d %s", code, raw)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		var st stateJSON
		c.do("GET", "/games/"+created.ID, created.Token, "", &st)
		if st.Ply == 1 && st.Status == StatusPlaying {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the computer player did not take its seat and move: %+v", st)
		}
	}
}

// FuzzValidKey: a key is taken if and only if it has the documented form.
func FuzzValidKey(f *testing.F) {
	for _, k := range []string{key1, "short", strings.Repeat("a", MaxKeyLen), strings.Repeat("a", MaxKeyLen+1), "0123456789abcdefghijk+/=", "é0123456789abcdefghijklm"} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		want := len(key) >= MinKeyLen && len(key) <= MaxKeyLen && strings.Trim(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == ""
		if validKey(key) != want {
			t.Fatalf("validKey(%q) = %v", key, !want)
		}
		if len(derive("game id", key)) != 32 || !validID(derive("game id", key)) {
			t.Fatalf("derived id of %q is not an id", key)
		}
	})
}

// TestRematchRetried: a rematch asked with an Idempotency-Key and asked
// again with it (the first answer lost) gives its asker the same game
// and the same token, on this node and after a restart; without the key,
// or with another, he gets the game and no secret; the other player is
// invited, with his own token.
func TestRematchRetried(t *testing.T) {
	cfg := fileConfig(t, t.TempDir(), 91)
	c := newClientWith(t, cfg)
	h, path := resignedZapita(c)
	ask := func(token, key string) (int, rematchJSON) {
		header := http.Header{"Authorization": {"Bearer " + token}}
		if key != "" {
			header.Set("Idempotency-Key", key)
		}
		var out rematchJSON
		code, _ := c.send("POST", path, header, "", &out)
		return code, out
	}
	key := strings.Repeat("k", 30)
	code, first := ask(h.Tokens["White"], key)
	if code != http.StatusCreated || first.Token == "" || first.Invitation != "" {
		t.Fatalf("the rematch: %d %+v", code, first)
	}
	for i := range 2 {
		if i == 1 {
			c.restart(cfg)
		}
		if code, again := ask(h.Tokens["White"], key); code != http.StatusCreated || again != first {
			t.Errorf("asked again with the key (restart %v): %d %+v, want %+v", i == 1, code, again, first)
		}
	}
	if _, plain := ask(h.Tokens["White"], ""); plain.ID != first.ID || plain.Token != "" || plain.Invitation != "" {
		t.Errorf("asked again without the key: %+v", plain)
	}
	if _, other := ask(h.Tokens["White"], strings.Repeat("q", 30)); other.ID != first.ID || other.Token != "" {
		t.Errorf("asked again with another key: %+v", other)
	}
	// The other player joins with his own token of the finished game.
	if _, theirs := ask(h.Tokens["Khaki"], key); theirs.ID != first.ID || !theirs.Join || theirs.Invitation != h.Tokens["Khaki"] || theirs.Token != "" {
		t.Errorf("the other player, with the asker's key: %+v", theirs)
	}
	var st stateJSON
	if code, raw := c.do("GET", "/games/"+first.ID, first.Token, "", &st); code != http.StatusOK || st.You != first.You {
		t.Errorf("the rematch with the token answered again: %d %s", code, raw)
	}
}

// TestRematchKeyOfAnotherGame: a key sent for one game's rematch and
// then for another game's, alike in every field, is another request
// (422): it is not the first game's rematch answered again, which the
// second game would record as its own and its other player could never
// join. The first game's rematch is still answered to its key.
func TestRematchKeyOfAnotherGame(t *testing.T) {
	c := newClientWith(t, testConfig(92))
	x, xPath := resignedZapita(c)
	y, yPath := resignedZapita(c)
	key := strings.Repeat("r", 30)
	ask := func(path, token string) (int, rematchJSON, []byte) {
		var out rematchJSON
		header := http.Header{"Authorization": {"Bearer " + token}, "Idempotency-Key": {key}}
		code, raw := c.send("POST", path, header, "", &out)
		return code, out, raw
	}
	code, first, raw := ask(xPath, x.Tokens["White"])
	if code != http.StatusCreated {
		t.Fatalf("the first game's rematch: %d %s", code, raw)
	}
	var e errorJSON
	header := http.Header{"Authorization": {"Bearer " + y.Tokens["White"]}, "Idempotency-Key": {key}}
	if code, raw := c.send("POST", yPath, header, "", &e); code != http.StatusUnprocessableEntity || e.Kind != "idempotency" {
		t.Errorf("the same key for another game's rematch: %d %s, want 422 idempotency", code, raw)
	}
	if code, raw := c.do("GET", yPath, y.Tokens["Khaki"], "", &e); code != http.StatusNotFound {
		t.Errorf("the other game has a rematch after the refusal: %d %s", code, raw)
	}
	if code, again, raw := ask(xPath, x.Tokens["White"]); code != http.StatusCreated || again != first {
		t.Errorf("the first game's rematch asked again with its key: %d %s, want %+v", code, raw, first)
	}
}

// TestRematchKeyOfAGoneGame: a rematch asked again with the key of one
// that is gone (its asker resigned it before anyone joined), after the
// other player's rematch replaced it and is gone too, is a new game that
// the other player is invited to: not the gone game answered again.
func TestRematchKeyOfAGoneGame(t *testing.T) {
	c := newClientWith(t, testConfig(93))
	h, path := resignedZapita(c)
	key := strings.Repeat("g", 30)
	first, _ := rematchOf(t, c, h, "White", key)
	c.do("POST", "/games/"+first.ID+"/resign", first.Token, "", nil)
	second, _ := rematchOf(t, c, h, "Khaki", "")
	if second.ID == first.ID {
		t.Fatalf("the rematch after the first was resigned unjoined is the first again: %+v", second)
	}
	c.do("POST", "/games/"+second.ID+"/resign", second.Token, "", nil)
	var third rematchJSON
	header := http.Header{"Authorization": {"Bearer " + h.Tokens["White"]}, "Idempotency-Key": {key}}
	if code, raw := c.send("POST", path, header, "", &third); code != http.StatusCreated || third.ID == first.ID || third.ID == second.ID {
		t.Fatalf("the first key again, both rematches gone: %d %s; want a new game (not %s nor %s)", code, raw, first.ID, second.ID)
	}
	var invited rematchJSON
	if code, raw := c.do("GET", path, h.Tokens["Khaki"], "", &invited); code != http.StatusOK || invited.ID != third.ID || !invited.Join {
		t.Errorf("the other player is told of %d %s; want to join %s", code, raw, third.ID)
	}
	if again, _ := rematchOf(t, c, h, "White", key); again != third {
		t.Errorf("the first key once more: %+v, want %+v", again, third)
	}
}

// stepStore holds back, until the test lets them go, the first Create
// (before it is made) and the second Load (after it has read the
// store), so that the test can order them against a creation elsewhere.
type stepStore struct {
	Store
	loads, creates    atomic.Int64
	loadRead, created chan struct{}
	loadGo, createGo  chan struct{}
}

func (s *stepStore) Create(ctx context.Context, id string, e Event) error {
	if s.creates.Add(1) == 1 {
		s.created <- struct{}{}
		<-s.createGo
	}
	return s.Store.Create(ctx, id, e)
}

func (s *stepStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	events, err := s.Store.Load(ctx, id, from)
	if s.loads.Add(1) == 2 {
		s.loadRead <- struct{}{}
		<-s.loadGo
	}
	return events, err
}

// TestIdempotentCreateAfterStaleRead: a keyed creation on node a finds
// no game, and is about to create it; meanwhile a retry on a begins to
// read the store, node b creates the game, and a's creation learns that
// it exists. It must answer the game from a read begun after that, not
// from the retry's read begun before, which says that there is no game:
// a's answer was 503 "nothing was recorded" of a game the store held.
func TestIdempotentCreateAfterStaleRead(t *testing.T) {
	store := &MemStore{}
	steps := &stepStore{Store: store, loadRead: make(chan struct{}), created: make(chan struct{}),
		loadGo: make(chan struct{}), createGo: make(chan struct{})}
	cfgA := testConfig(67)
	cfgA.Store = steps
	a, b := nodeWith(t, cfgA), node(t, store, 68)
	const body = `{"game": "catchit"}`
	var first, retry createdJSON
	var firstCode, retryCode int
	var firstRaw []byte
	done := make(chan struct{}, 2)
	go func() {
		firstCode, firstRaw = a.keyed("POST", "/games", key1, body, &first)
		done <- struct{}{}
	}()
	<-steps.created // the first request found nothing and creates
	go func() {
		retryCode, _ = a.keyed("POST", "/games", key1, body, &retry)
		done <- struct{}{}
	}()
	<-steps.loadRead // the retry has read the store: no game
	var there createdJSON
	if code, raw := b.keyed("POST", "/games", key1, body, &there); code != http.StatusCreated {
		t.Fatalf("the creation on node b: %d %s", code, raw)
	}
	close(steps.createGo) // the first request's creation: the game exists
	time.Sleep(50 * time.Millisecond)
	close(steps.loadGo)
	<-done
	<-done
	if firstCode != http.StatusCreated || first != there {
		t.Errorf("the first request: %d %s, want the game created on b %+v", firstCode, firstRaw, there)
	}
	if retryCode != http.StatusCreated || retry != there {
		t.Errorf("the retry: %d %+v, want %+v", retryCode, retry, there)
	}
}
