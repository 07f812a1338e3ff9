package referee

import (
	"errors"
	"net"
	"testing"
	"time"
)

// listenerOf is a listener whose Accept answers what the test puts in
// next, one at a time, until it is closed.
type listenerOf struct {
	next chan func() (net.Conn, error)
	done chan struct{}
}

func newListenerOf() *listenerOf {
	return &listenerOf{next: make(chan func() (net.Conn, error), 4), done: make(chan struct{})}
}

func (l *listenerOf) Accept() (net.Conn, error) {
	select {
	case f := <-l.next:
		return f()
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *listenerOf) Close() error   { close(l.done); return nil }
func (l *listenerOf) Addr() net.Addr { return &net.TCPAddr{} }

// TestAcceptErrorGivesItsPlaceBack: an Accept that fails (a temporary
// error such as too many open files, which http.Server retries) gives
// back the place it took among the total: with a total of 1, the next
// connection is accepted, not left waiting for ever.
func TestAcceptErrorGivesItsPlaceBack(t *testing.T) {
	inner := newListenerOf()
	ln := LimitListener(inner, 1, 0)
	defer ln.Close()
	inner.next <- func() (net.Conn, error) { return nil, errors.New("accept: too many open files") }
	if _, err := ln.Accept(); err == nil {
		t.Fatal("the failed Accept returned no error")
	}
	select {
	case c := <-offer(t, ln, inner):
		c.Close()
	case <-time.After(2 * time.Second):
		t.Fatal("after a failed Accept, a total of 1 accepts nothing more")
	}
}

// TestConnectionSharesForgotten: once a client's connections are all
// closed, the listener keeps no count of it, so that its table holds
// only the clients connected, not every address ever seen.
func TestConnectionSharesForgotten(t *testing.T) {
	inner := newListenerOf()
	ln := LimitListener(inner, 0, 2).(*limitListener)
	defer ln.Close()
	for range 2 {
		acceptWithin(t, ln, inner).Close()
	}
	ln.mu.Lock()
	defer ln.mu.Unlock()
	if len(ln.open) != 0 {
		t.Errorf("the counts of clients with no connection are kept: %v", ln.open)
	}
}

// acceptWithin offers ln's inner listener a connection and returns it
// as ln accepts it, failing the test if ln does not within a second.
func acceptWithin(t *testing.T, ln net.Listener, inner *listenerOf) net.Conn {
	t.Helper()
	select {
	case c := <-offer(t, ln, inner):
		return c
	case <-time.After(time.Second):
		t.Fatal("the connection was not accepted")
		return nil
	}
}

// offer offers ln's inner listener a connection, and returns the channel
// on which the connection comes once ln accepts it.
func offer(t *testing.T, ln net.Listener, inner *listenerOf) <-chan net.Conn {
	c, peer := net.Pipe()
	t.Cleanup(func() { peer.Close() })
	inner.next <- func() (net.Conn, error) { return c, nil }
	got := make(chan net.Conn, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			got <- c
		}
	}()
	return got
}

// TestNoTotalBound: LimitListener with a total of 0 bounds nothing: it
// accepts more connections than any total would let in.
func TestNoTotalBound(t *testing.T) {
	inner := newListenerOf()
	ln := LimitListener(inner, 0, 0)
	defer ln.Close()
	for range 3 {
		defer acceptWithin(t, ln, inner).Close()
	}
}

// TestCloseTwiceGivesOnePlace: a connection closed twice (the server and
// a handler may both close it) gives back its one place, not two: the
// total still bounds the connections open.
func TestCloseTwiceGivesOnePlace(t *testing.T) {
	inner := newListenerOf()
	ln := LimitListener(inner, 2, 0)
	defer ln.Close()
	a := acceptWithin(t, ln, inner)
	acceptWithin(t, ln, inner) // held to the end: a close would give its place back
	a.Close()
	a.Close()
	acceptWithin(t, ln, inner)
	select {
	case <-offer(t, ln, inner):
		t.Error("a third connection was accepted with a total of 2")
	case <-time.After(200 * time.Millisecond):
	}
}
