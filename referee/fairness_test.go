package referee

import (
	"bufio"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// dialFrom returns an HTTP client whose connections leave from the given
// loopback address (127.0.0.0/8 is all loopback on Linux), so that a test
// can be several clients at once.
func dialFrom(local string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return &http.Client{
		Timeout:   5 * time.Second,
		Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true},
	}
}

// dialAll opens n connections to addr from the local address from, one
// after the other, so that they are accepted in order.
func dialAll(t *testing.T, from, addr string, n int) []net.Conn {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	var conns []net.Conn
	for range n {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		time.Sleep(10 * time.Millisecond)
	}
	return conns
}

// TestConnectionShare: one address holding its whole share of the
// connections is refused at once beyond it, while another address is
// served at once; when the holder lets go, it is served again.
func TestConnectionShare(t *testing.T) {
	srv, err := NewServer(testConfig(80))
	if err != nil {
		t.Fatal(err)
	}
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	const share, total = 4, 10
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(LimitListener(inner, total, share))
	t.Cleanup(func() { hs.Close() })
	addr := inner.Addr().String()

	// The holder tries to open every place there is and sends nothing,
	// as idle or slow clients do. Beyond its share each connection reads
	// a 429 and is closed.
	held := dialAll(t, "127.0.0.1", addr, total)
	refused := 0
	for i, c := range held {
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		raw, _ := io.ReadAll(c)
		if len(raw) == 0 {
			continue
		}
		refused++
		if i < share || !strings.HasPrefix(string(raw), "HTTP/1.1 429 ") || !json.Valid([]byte(raw[strings.Index(string(raw), "\r\n\r\n")+4:])) {
			t.Errorf("connection %d of the holder read %q", i+1, raw)
		}
	}
	if refused != total-share {
		t.Errorf("%d of the holder's %d connections refused, want %d", refused, total, total-share)
	}

	// Another address is served at once.
	start := time.Now()
	resp, err := dialFrom("127.0.0.2").Get("http://" + addr + "/kinds")
	if err != nil {
		t.Fatalf("another address: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("another address: %d", resp.StatusCode)
	}
	if wait := time.Since(start); wait > 2*time.Second {
		t.Errorf("another address waited %v", wait)
	}

	// The holder's places come back when it closes its connections.
	for _, c := range held {
		c.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := dialFrom("127.0.0.1").Get("http://" + addr + "/kinds")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the holder is still refused after closing: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// openStream opens the event stream of a game from the given address and
// returns the response, whose first event has been read.
func openStream(t *testing.T, url, local, token string) *http.Response {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode == http.StatusOK {
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "id: ") {
			t.Fatalf("first line of the stream: %q %v", line, err)
		}
	}
	return resp
}

// TestStreamShare: a client holds at most StreamsPerClient event streams;
// the next is refused with 429 while another client opens one; a stream
// ends by itself after StreamLifetime.
func TestStreamShare(t *testing.T) {
	cfg := testConfig(81)
	cfg.StreamsPerClient = 2
	cfg.StreamLifetime = 300 * time.Millisecond
	c := newClientWith(t, cfg)
	h := c.create("catchit", "")
	url := c.url + "/games/" + h.ID + "/events"
	token := h.Tokens["Blue"]

	cfg.StreamLifetime = time.Hour
	long := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{82}), StreamsPerClient: 2, StreamLifetime: time.Hour})
	lh := long.create("catchit", "")
	lurl := long.url + "/games/" + lh.ID + "/events"
	for i := range 2 {
		if resp := openStream(t, lurl, "127.0.0.1", lh.Tokens["Blue"]); resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", i+1, resp.StatusCode)
		}
	}
	resp := openStream(t, lurl, "127.0.0.1", lh.Tokens["Blue"])
	raw, _ := io.ReadAll(resp.Body)
	var e errorJSON
	if resp.StatusCode != http.StatusTooManyRequests || json.Unmarshal(raw, &e) != nil || e.Kind != "streams" {
		t.Errorf("third stream from one address: %d %s", resp.StatusCode, raw)
	}
	if resp := openStream(t, lurl, "127.0.0.3", lh.Tokens["Red"]); resp.StatusCode != http.StatusOK {
		t.Errorf("a stream from another address: %d", resp.StatusCode)
	}

	// A stream with a short lifetime ends by itself, though the game goes on.
	resp = openStream(t, url, "127.0.0.1", token)
	done := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, resp.Body)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the stream ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stream outlived its lifetime")
	}
	// Its place is given back: two more streams open.
	for i := range 2 {
		if resp := openStream(t, url, "127.0.0.1", token); resp.StatusCode != http.StatusOK {
			t.Errorf("stream %d after the first ended: %d", i+1, resp.StatusCode)
		}
	}
}

// TestWaitingExpiry: a game nobody joins expires after WaitingTTL, while a
// joined game lives for IdleTTL.
func TestWaitingExpiry(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	c := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{83}), Now: clk.Now,
		IdleTTL: 24 * time.Hour, WaitingTTL: 10 * time.Minute})
	waiting := c.createOnly(createRequest{Game: "zapita"})
	joined := c.create("zapita", "")
	clk.advance(9 * time.Minute)
	if code, _ := c.do("GET", "/games/"+waiting.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the waiting game expired early: %d", code)
	}
	clk.advance(time.Minute)
	if code, _ := c.do("GET", "/games/"+waiting.ID, "", "", nil); code != http.StatusNotFound {
		t.Errorf("the waiting game after WaitingTTL: %d", code)
	}
	if code, _ := c.do("GET", "/games/"+joined.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the joined game expired with the waiting one: %d", code)
	}
}

// TestGlobalCreateRate: creations spread over many addresses are bounded
// by GlobalCreateRate as well.
func TestGlobalCreateRate(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{84}), Now: clk.Now,
		CreateRate: 60, CreateBurst: 5, GlobalCreateRate: 60, GlobalCreateBurst: 3})
	if err != nil {
		t.Fatal(err)
	}
	create := func(i int) *httptest.ResponseRecorder {
		return createFrom(srv, net.IPv4(198, 51, 100, byte(i)).String(), "", `{"game": "zapita"}`)
	}
	for i := range 3 {
		if rec := create(i); rec.Code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := create(3)
	var e errorJSON
	json.Unmarshal(rec.Body.Bytes(), &e)
	if rec.Code != http.StatusTooManyRequests || e.Kind != "rate" || rec.Header().Get("Retry-After") != "1" {
		t.Errorf("fourth game from a fourth address: %d %s, Retry-After %q", rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	clk.advance(time.Second)
	if rec := create(4); rec.Code != http.StatusCreated {
		t.Errorf("a second later: %d", rec.Code)
	}
}

// TestFullRefusalIsCheap: a creation refused for lack of room sweeps the
// table at most once a second, so that a flood of refusals does not scan
// every game each time; past that second it sweeps and finds the room an
// expired game left.
func TestFullRefusalIsCheap(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	c := newClientWith(t, Config{Rand: rand.NewChaCha8([32]byte{85}), Now: clk.Now, MaxGames: 1, WaitingTTL: time.Minute})
	c.createOnly(createRequest{Game: "zapita"})
	clk.advance(time.Minute - 500*time.Millisecond)
	if code, _ := c.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusServiceUnavailable {
		t.Fatalf("second game: %d", code)
	}
	// The first game has expired, but the last sweep was 0.7 s ago: no
	// sweep, so no room.
	clk.advance(700 * time.Millisecond)
	if code, _ := c.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusServiceUnavailable {
		t.Errorf("a refusal within a second of a sweep: %d", code)
	}
	clk.advance(400 * time.Millisecond)
	if code, raw := c.do("POST", "/games", "", `{"game": "coir"}`, nil); code != http.StatusCreated {
		t.Errorf("more than a second after the sweep: %d %s", code, raw)
	}
}
