package referee

import (
	"bytes"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestForwardedFor: through a trusted proxy the client is the nearest
// address of X-Forwarded-For that is not a trusted proxy; the entries
// further left, which the client may have written, are never read, and
// the header of an untrusted peer is ignored.
func TestForwardedFor(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, c := range []struct {
		name, remote string
		header       []string
		want         string
	}{
		{"no header", "10.0.0.1:80", nil, "10.0.0.1:80"},
		{"one proxy", "10.0.0.1:80", []string{"203.0.113.7"}, "203.0.113.7"},
		{"a forged entry on the left", "10.0.0.1:80", []string{"198.51.100.1, 203.0.113.7"}, "203.0.113.7"},
		{"two proxies", "10.0.0.1:80", []string{"198.51.100.1, 203.0.113.7, 10.9.9.9"}, "203.0.113.7"},
		{"two header lines", "10.0.0.1:80", []string{"198.51.100.1", "203.0.113.7,10.2.2.2"}, "203.0.113.7"},
		{"the next line when a line holds only proxies", "10.0.0.1:80", []string{"203.0.113.7", "10.2.2.2"}, "203.0.113.7"},
		{"an untrusted peer's header", "192.0.2.1:80", []string{"203.0.113.7"}, "192.0.2.1:80"},
		{"only proxies", "10.0.0.1:80", []string{"10.1.1.1, 10.2.2.2"}, "10.0.0.1:80"},
		{"not an address", "10.0.0.1:80", []string{"203.0.113.7, unknown"}, "10.0.0.1:80"},
		{"an address with its port", "10.0.0.1:80", []string{"203.0.113.7:5678"}, "203.0.113.7"},
		{"IPv6 behind an IPv6 proxy", "[::1]:80", []string{"2001:db8::5"}, "2001:db8::5"},
		{"an IPv4-mapped address", "10.0.0.1:80", []string{"::ffff:203.0.113.7"}, "203.0.113.7"},
		{"a mapped proxy", "[::ffff:10.0.0.1]:80", []string{"203.0.113.7"}, "203.0.113.7"},
	} {
		r := httptest.NewRequest("GET", "/kinds", nil)
		r.RemoteAddr = c.remote
		for _, h := range c.header {
			r.Header.Add("X-Forwarded-For", h)
		}
		if got := forwardedFor(r, trusted); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if got := forwardedFor(r, nil); got != c.remote {
			t.Errorf("%s, no proxy trusted: %q, want the peer %q", c.name, got, c.remote)
		}
	}
}

// TestCreateRateBehindProxy: behind a trusted proxy each client has its
// own creation quota; without the proxy trusted, they share the proxy's,
// whatever their headers say.
func TestCreateRateBehindProxy(t *testing.T) {
	for _, trust := range []bool{true, false} {
		cfg := Config{Rand: rand.NewChaCha8([32]byte{61}), CreateRate: 1, CreateBurst: 1}
		if trust {
			cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
		}
		srv, err := NewServer(cfg)
		if err != nil {
			t.Fatal(err)
		}
		create := func(client string) (int, string) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "zapita"}`))
			req.RemoteAddr = "10.0.0.1:4321"
			req.Header.Set("X-Forwarded-For", "198.51.100.99, "+client)
			srv.ServeHTTP(rec, req)
			return rec.Code, rec.Body.String()
		}
		if code, body := create("203.0.113.1"); code != http.StatusCreated {
			t.Fatalf("trusted %v: the first game: %d %s", trust, code, body)
		}
		code, body := create("203.0.113.1")
		want := "10.0.0.1" // the proxy
		if trust {
			want = "203.0.113.1"
		}
		if code != http.StatusTooManyRequests || !strings.Contains(body, "from "+want+":") {
			t.Errorf("trusted %v: the client's second game: %d %s, want 429 naming %s", trust, code, body, want)
		}
		code, body = create("203.0.113.2")
		if trust && code != http.StatusCreated || !trust && code != http.StatusTooManyRequests {
			t.Errorf("trusted %v: another client's game: %d %s", trust, code, body)
		}
		srv.Close()
	}
}

// TestConnectionShareExemptsProxies: a trusted proxy, which carries the
// connections of many clients, is bounded by the total only, while
// another address still has its share.
func TestConnectionShareExemptsProxies(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := LimitListener(inner, 10, 1, netip.MustParsePrefix("127.0.0.1/32"))
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }),
		ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	addr := inner.Addr().String()
	held := func(from string, n int) (refused int) {
		for _, c := range dialAll(t, from, addr, n) {
			c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
			if raw, _ := io.ReadAll(c); bytes.HasPrefix(raw, []byte("HTTP/1.1 429 ")) {
				refused++
			}
			c.Close()
		}
		return refused
	}
	if n := held("127.0.0.1", 4); n != 0 {
		t.Errorf("the trusted proxy: %d of 4 connections refused, want none", n)
	}
	if n := held("127.0.0.2", 3); n != 2 {
		t.Errorf("another address: %d of 3 connections refused, want 2 (a share of 1)", n)
	}
}

// TestTrustedProxyFlag: -trusted-proxy takes networks and addresses,
// comma-separated, and refuses anything else.
func TestTrustedProxyFlag(t *testing.T) {
	var errs bytes.Buffer
	cmd, err := Setup([]string{"-addr", "127.0.0.1:0", "-trusted-proxy", "10.1.2.3/8, 127.0.0.1,::1"}, &errs)
	if err != nil {
		t.Fatal(err, errs.String())
	}
	defer cmd.Close()
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
	if got := cmd.Server.cfg.TrustedProxies; !slices.Equal(got, want) {
		t.Errorf("trusted proxies %v, want %v", got, want)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example", "10.0.0.1-10.0.0.9"} {
		errs.Reset()
		if _, err := Setup([]string{"-trusted-proxy", bad}, &errs); err == nil || !strings.Contains(errs.String(), "-trusted-proxy: \""+bad+"\" is neither an address nor a network") {
			t.Errorf("-trusted-proxy %q: %v, said %q", bad, err, errs.String())
		}
	}
}

// FuzzForwardedFor: whatever a client writes in X-Forwarded-For, the
// address read is the peer's, or an address that is no trusted proxy,
// written by the proxy itself after whatever the client wrote.
func FuzzForwardedFor(f *testing.F) {
	f.Add("10.0.0.1:80", "203.0.113.7")
	f.Add("10.0.0.1:80", "198.51.100.1, 203.0.113.7, 10.9.9.9")
	f.Add("192.0.2.1:80", "203.0.113.7")
	f.Add("[::1]:80", "2001:db8::5, ::ffff:10.0.0.2")
	f.Add("10.0.0.1:80", "unknown, , 203.0.113.7:99")
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	f.Fuzz(func(t *testing.T, remote, header string) {
		r := httptest.NewRequest("GET", "/kinds", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", header)
		got := forwardedFor(r, trusted)
		if got == remote {
			return
		}
		if !isTrusted(remote, trusted) {
			t.Fatalf("the header of an untrusted peer %q was read: %q", remote, got)
		}
		a, err := netip.ParseAddr(got)
		if err != nil || inAny(a, trusted) || a.Is4In6() {
			t.Fatalf("read %q from %q: not a client's address (%v)", got, header, err)
		}
		// The proxy's own entry is the last one: appending an entry
		// further left, as a client may, changes nothing.
		r.Header.Set("X-Forwarded-For", "198.51.100.1, "+header)
		if again := forwardedFor(r, trusted); again != got {
			t.Fatalf("an entry written on the left changed the client: %q, then %q", got, again)
		}
	})
}

// FuzzParseNetworks: -trusted-proxy's value gives networks in their
// canonical form, or an error that quotes the faulty item.
func FuzzParseNetworks(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "10.1.2.3/8, 127.0.0.1,::1", "", " , ", "10.0.0.0/33", "fe80::1%eth0", "::ffff:1.2.3.4/120"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		nets, err := parseNetworks(list)
		if err != nil {
			if !strings.Contains(err.Error(), "is neither an address nor a network") {
				t.Fatalf("%q: %v", list, err)
			}
			return
		}
		for _, n := range nets {
			if !n.IsValid() || n != n.Masked() {
				t.Fatalf("%q gives %v, not a canonical network", list, n)
			}
		}
	})
}

// TestTrustedProxiesCopied: the server keeps its own list of trusted
// proxies, so neither the caller's slice, reused after NewServer, nor the
// list Config returns, changed, makes the server trust another network
// (which would let a forged X-Forwarded-For past the creation limit);
// and LimitListener keeps its own list of exempt networks.
func TestTrustedProxiesCopied(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	srv, err := NewServer(Config{Rand: rand.NewChaCha8([32]byte{62}), CreateRate: 1, CreateBurst: 1, TrustedProxies: trusted})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	create := func(forged string) int {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "zapita"}`))
		req.RemoteAddr = "203.0.113.5:4321"
		req.Header.Set("X-Forwarded-For", forged)
		srv.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := create("198.51.100.1"); code != http.StatusCreated {
		t.Fatalf("the first game: %d", code)
	}
	trusted[0] = netip.MustParsePrefix("203.0.113.0/24")
	cfg := srv.Config()
	cfg.TrustedProxies[0] = netip.MustParsePrefix("203.0.113.0/24")
	if code := create("198.51.100.2"); code != http.StatusTooManyRequests {
		t.Errorf("a second game from the same untrusted address with another forged header: %d, want 429", code)
	}
	if got, want := srv.Config().TrustedProxies, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}; !slices.Equal(got, want) {
		t.Errorf("Config().TrustedProxies = %v, want %v", got, want)
	}

	exempt := []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}
	ln := LimitListener(nil, 1, 1, exempt...).(*limitListener)
	exempt[0] = netip.MustParsePrefix("127.0.0.0/8")
	if !slices.Equal(ln.exempt, []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}) {
		t.Errorf("LimitListener's exempt networks follow the caller's slice: %v", ln.exempt)
	}
}
