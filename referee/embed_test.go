package referee

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestConfigOutOfRange: NewServer refuses a negative count, duration or
// rate that the Config gives no meaning to, and a rate that is not a
// finite number, naming the field; the negative values that have a
// meaning are taken.
func TestConfigOutOfRange(t *testing.T) {
	for name, c := range map[string]Config{
		"MaxGames":          {MaxGames: -1},
		"MaxPlies":          {MaxPlies: -5},
		"Poll":              {Poll: -time.Second},
		"StreamLifetime":    {StreamLifetime: -time.Minute},
		"IdleTTL":           {IdleTTL: -time.Hour},
		"FinishedTTL":       {FinishedTTL: -time.Hour},
		"WaitingTTL":        {WaitingTTL: -time.Minute},
		"CreateRate":        {CreateRate: -1},
		"CreateBurst":       {CreateRate: 30, CreateBurst: -2},
		"GlobalCreateRate":  {GlobalCreateRate: math.NaN()},
		"GlobalCreateBurst": {GlobalCreateBurst: -1},
		// -1 means no limit; -2 was taken as no limit too.
		"StreamsPerClient": {StreamsPerClient: -2},
	} {
		s, err := NewServer(c)
		if err == nil {
			s.Close()
			t.Errorf("%s out of range: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), "Config."+name+" must be") {
			t.Errorf("%s out of range: %v, want the field named", name, err)
		}
	}
	if _, err := NewServer(Config{CreateRate: math.Inf(1)}); err == nil || !strings.Contains(err.Error(), "finite") {
		t.Errorf("an infinite CreateRate: %v", err)
	}
	s, err := NewServer(Config{StoreTimeout: -1, ClockSkew: -1, StreamsPerClient: -1})
	if err != nil {
		t.Fatalf("the negative values that mean something: %v", err)
	}
	s.Close()
}

// TestBurstFollowsRate: a rate given without its burst allows the
// creations of ten seconds at that rate in a row (rate/6, at least
// one), as Config says and Config() reports.
func TestBurstFollowsRate(t *testing.T) {
	cfg := testConfig(83)
	cfg.GlobalCreateRate, cfg.CreateRate = 60, 1
	c := newClientWith(t, cfg)
	got := c.server().Config()
	if got.GlobalCreateBurst != 10 || got.CreateBurst != 1 {
		t.Errorf("Config() bursts: global %d, per client %d; want 10 and 1", got.GlobalCreateBurst, got.CreateBurst)
	}
	// A rate too high for its burst to fit an int has the largest burst
	// (int(rate/6) overflowed to a burst of one creation).
	cfg = testConfig(85)
	cfg.GlobalCreateRate, cfg.CreateRate = 1e300, 1e20
	got = newClientWith(t, cfg).server().Config()
	if got.GlobalCreateBurst != math.MaxInt32 || got.CreateBurst != math.MaxInt32 {
		t.Errorf("Config() bursts of rates 1e300 and 1e20: global %d, per client %d; want %d", got.GlobalCreateBurst, got.CreateBurst, math.MaxInt32)
	}
	var errs bytes.Buffer
	if cmd, err := Setup([]string{"-global-create-rate", "1e300"}, &errs); err != nil {
		t.Errorf("-global-create-rate 1e300: %v %s", err, errs.String())
	} else {
		if b := cmd.Server.Config().GlobalCreateBurst; b != math.MaxInt32 {
			t.Errorf("-global-create-rate 1e300: a global burst of %d, want %d", b, math.MaxInt32)
		}
		cmd.Close()
	}
	cfg = testConfig(84)
	cfg.GlobalCreateRate = 60
	c = newClientWith(t, cfg)
	for i := range 11 {
		code, raw := c.do("POST", "/games", "", `{"game":"zapita"}`, nil)
		want := http.StatusCreated
		if i == 10 {
			want = http.StatusTooManyRequests
		}
		if code != want {
			t.Errorf("creation %d at 60 a minute: %d %s, want %d", i+1, code, raw, want)
		}
	}
}

// takenStore says that the first ids it is given to create are taken,
// as a store that reuses ids might.
type takenStore struct {
	Store
	taken atomic.Int32 // how many creations are still told ErrExists
}

func (s *takenStore) Create(ctx context.Context, id string, e Event) error {
	if s.taken.Add(-1) >= 0 {
		return ErrExists
	}
	return s.Store.Create(ctx, id, e)
}

// TestCreationDrawsAnotherID: a creation whose random id the store says
// is taken draws another; a store that says so of every id drawn gets
// the creation refused as the store's fault (503), not as the server's.
func TestCreationDrawsAnotherID(t *testing.T) {
	store := &takenStore{Store: &MemStore{}}
	store.taken.Store(1)
	c := node(t, store, 85)
	var created createdJSON
	if code, raw := c.do("POST", "/games", "", `{"game":"catchit"}`, &created); code != http.StatusCreated {
		t.Fatalf("a creation whose first id was taken: %d %s", code, raw)
	}
	if _, err := store.Load(context.Background(), created.ID, 1); err != nil {
		t.Errorf("the game answered is not the one stored: %v", err)
	}
	store.taken.Store(idDraws)
	var e errorJSON
	if code, raw := c.do("POST", "/games", "", `{"game":"catchit"}`, &e); code != http.StatusServiceUnavailable || e.Kind != "unavailable" {
		t.Errorf("a store that says every id is taken: %d %s, want 503 unavailable", code, raw)
	}
}

// TestAfterClose: a request that comes after Close is answered 503 with
// a Retry-After, the event streams end at Close, and the zero Server
// can be closed and answers without a panic.
func TestAfterClose(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "catchit"})
	resp := openEvents(t, c, context.Background(), created.ID, created.Token)
	defer resp.Body.Close()
	ended := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, resp.Body)
		ended <- err
	}()
	c.server().Close()
	select {
	case err := <-ended:
		if err != nil {
			t.Errorf("the stream ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Errorf("an event stream goes on 5 s after Close")
	}
	var e errorJSON
	for _, path := range []string{"/kinds", "/games/" + created.ID} {
		code, raw := c.do("GET", path, "", "", &e)
		if code != http.StatusServiceUnavailable || e.Kind != "unavailable" || !strings.Contains(e.Error, "stopping") {
			t.Errorf("GET %s after Close: %d %s", path, code, raw)
		}
	}
	if code, raw := c.do("POST", "/games", "", `{"game":"catchit","opponent":"easy"}`, &e); code != http.StatusServiceUnavailable {
		t.Errorf("a game against the computer created after Close: %d %s", code, raw)
	}

	var zero Server
	if err := zero.Close(); err != nil {
		t.Errorf("the zero Server's Close: %v", err)
	}
	zero.EndStreams()
	rec := httptest.NewRecorder()
	zero.ServeHTTP(rec, httptest.NewRequest("GET", "/kinds", nil))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "NewServer") {
		t.Errorf("the zero Server answers %d %s", rec.Code, rec.Body)
	}
}

// TestFileStoreAfterClose: a FileStore refuses every call once closed,
// with an error that wraps os.ErrClosed, and writes nothing: without
// its lock, another process may write the folder.
func TestFileStoreAfterClose(t *testing.T) {
	dir := t.TempDir()
	f, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const id = "0123456789abcdef0123456789abcdef"
	if err := f.Create(ctx, id, Event{Type: EventCreate, Game: "catchit"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	const other = "fedcba9876543210fedcba9876543210"
	calls := map[string]error{
		"Create":   f.Create(ctx, other, Event{Type: EventCreate, Game: "catchit"}),
		"Append":   f.Append(ctx, id, 2, Event{Type: EventResign}),
		"Delete":   f.Delete(ctx, id),
		"SetAside": f.SetAside(ctx, id, "a test"),
		"List":     f.List(ctx, func(Summary) error { return nil }),
	}
	_, calls["Load"] = f.Load(ctx, id, 1)
	for name, err := range calls {
		if !errors.Is(err, os.ErrClosed) {
			t.Errorf("%s after Close: %v, want an error wrapping os.ErrClosed", name, err)
		}
	}
	if _, err := os.Stat(f.path(other)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a game created after Close was written: %v", err)
	}
	g, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if events, err := g.Load(ctx, id, 1); err != nil || len(events) != 1 {
		t.Errorf("the game after Close and a new open: %d events, %v; want its one event, untouched", len(events), err)
	}
}
