package referee

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"
)

// rateLimiter is a token bucket per client: each holds up to burst
// tokens, refilled at rate tokens a second, and an action costs one.
type rateLimiter struct {
	rate  float64 // tokens a second; 0 lets everything through
	burst float64

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was computed
}

func newRateLimiter(perMinute float64, burst int) *rateLimiter {
	if burst < 1 {
		burst = 1
	}
	rate := perMinute / 60
	if perMinute > 0 && rate == 0 {
		// A rate so small that it divides to nothing is still a limit,
		// not none.
		rate = math.SmallestNonzeroFloat64
	}
	return &rateLimiter{rate: rate, burst: float64(burst), buckets: map[string]*bucket{}}
}

// allow takes a token from key's bucket at now, if there is one; if not,
// it says how long until there is.
func (l *rateLimiter) allow(key string, now time.Time) (bool, time.Duration) {
	if l.rate <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[key] = b
	}
	if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = min(l.burst, b.tokens+dt*l.rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	// The wait of a tiny rate may not fit a Duration: it is the longest
	// one, not one that overflowed to a negative or a short wait.
	wait := (1 - b.tokens) / l.rate * float64(time.Second)
	if wait >= math.MaxInt64 {
		return false, time.Duration(math.MaxInt64)
	}
	return false, time.Duration(wait)
}

// refund gives back the token an allow of key took, up to the burst.
func (l *rateLimiter) refund(key string) {
	if l.rate <= 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.buckets[key]; b != nil {
		b.tokens = min(l.burst, b.tokens+1)
	}
}

// prune forgets the buckets that are full again at now: they are as a
// new client's, so the table only holds recent clients.
func (l *rateLimiter) prune(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for key, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, key)
		}
	}
}

// limitListener accepts at most total connections at once, and at most
// perClient from one client (see clientKey). Accept waits while total are
// open, so that the clients beyond wait in the kernel's backlog rather
// than each costing the server a goroutine and buffers. A client over
// its own share is answered 429 and closed at once instead: waiting would
// let one address hold the queue that everyone else waits in.
type limitListener struct {
	net.Listener
	perClient int
	exempt    []netip.Prefix // the addresses with no share
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once

	mu   sync.Mutex
	open map[string]int // connections open per client
}

// LimitListener returns a listener that accepts at most total
// simultaneous connections from l, and at most perClient from one
// client address (an IPv4 address, or an IPv6 /64 network); a total or
// a perClient of 0 or less sets no such bound. The connections from an
// address of exempt, such as the trusted proxies (Config.TrustedProxies),
// which carry many clients' requests, have no share: only total bounds
// them.
func LimitListener(l net.Listener, total, perClient int, exempt ...netip.Prefix) net.Listener {
	ll := &limitListener{Listener: l, perClient: perClient, exempt: slices.Clone(exempt),
		done: make(chan struct{}), open: map[string]int{}}
	if total > 0 {
		ll.sem = make(chan struct{}, total)
	}
	return ll
}

// acquire waits for a place among the total, and reports false once the
// listener is closed.
func (l *limitListener) acquire() bool {
	if l.sem == nil {
		select {
		case <-l.done:
			return false
		default:
			return true
		}
	}
	select {
	case l.sem <- struct{}{}:
		return true
	case <-l.done:
		return false
	}
}

// release gives a place back.
func (l *limitListener) release() {
	if l.sem != nil {
		<-l.sem
	}
}

// overShare is what a connection beyond its client's share reads before
// it is closed.
const overShare = "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 71\r\n\r\n" +
	`{"error":"too many connections from your address","kind":"connections"}`

// Accept waits for a free place, then for a connection within its
// client's share.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		if !l.acquire() {
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			l.release()
			return nil, err
		}
		remote := c.RemoteAddr().String()
		key := clientKey(remote)
		l.mu.Lock()
		if l.perClient > 0 && l.open[key] >= l.perClient && !isTrusted(remote, l.exempt) {
			l.mu.Unlock()
			// A new socket's send buffer is empty: the write does not
			// wait, and the deadline bounds it if it did.
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write([]byte(overShare))
			c.Close()
			l.release()
			continue
		}
		l.open[key]++
		l.mu.Unlock()
		return &limitConn{Conn: c, release: func() {
			l.mu.Lock()
			if l.open[key]--; l.open[key] == 0 {
				delete(l.open, key)
			}
			l.mu.Unlock()
			l.release()
		}}, nil
	}
}

// Close closes the listener and wakes an Accept waiting for a place.
func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn gives its place back when closed, once.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// streamLimiter counts the event streams open per client, so that one
// client cannot hold every connection with streams that never end.
type streamLimiter struct {
	perClient int // 0: no limit

	mu   sync.Mutex
	open map[string]int
}

// acquire takes a place for a stream of key's, if it has one left; the
// caller calls release when the stream ends.
func (l *streamLimiter) acquire(key string) (release func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perClient > 0 && l.open[key] >= l.perClient {
		return nil, false
	}
	if l.open == nil {
		l.open = map[string]int{}
	}
	l.open[key]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.open[key]--; l.open[key] == 0 {
			delete(l.open, key)
		}
	}, true
}

// forwardedFor returns the address a request came from: its connection's
// peer or, when that peer is in trusted, the nearest address of its
// X-Forwarded-For header that is not. Each proxy appends the address it
// was reached from, so the entries on the right are the trusted proxies'
// own, and those on the left of the first untrusted one anyone may have
// written. An entry that is no address (a proxy's mistake) ends the
// search at the peer.
func forwardedFor(r *http.Request, trusted []netip.Prefix) string {
	if len(trusted) == 0 || !isTrusted(r.RemoteAddr, trusted) {
		return r.RemoteAddr
	}
	values := r.Header.Values("X-Forwarded-For")
	for i := len(values) - 1; i >= 0; i-- {
		entries := strings.Split(values[i], ",")
		for j := len(entries) - 1; j >= 0; j-- {
			entry := strings.TrimSpace(entries[j])
			a, err := netip.ParseAddr(entry)
			if err != nil {
				ap, err := netip.ParseAddrPort(entry) // "1.2.3.4:5678", "[::1]:80"
				if err != nil {
					return r.RemoteAddr
				}
				a = ap.Addr()
			}
			if a = a.Unmap(); !inAny(a, trusted) {
				return a.String()
			}
		}
	}
	return r.RemoteAddr
}

// isTrusted reports whether the remote address ("host:port") is in one
// of the networks of trusted.
func isTrusted(remote string, trusted []netip.Prefix) bool {
	a, ok := hostAddr(remote)
	return ok && inAny(a, trusted)
}

// inAny reports whether a is in one of the networks of nets.
func inAny(a netip.Addr, nets []netip.Prefix) bool {
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}
