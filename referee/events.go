package referee

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// watch returns the game as it is, a channel closed at its next event,
// and whether it was deleted.
func (m *match) watch() (snapshot, <-chan struct{}, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.changed == nil {
		m.changed = make(chan struct{})
	}
	return m.snapshot(), m.changed, m.gone
}

// notify wakes those who watch m. The caller holds m.mu.
func (m *match) notify() {
	if m.changed != nil {
		close(m.changed)
		m.changed = nil
	}
}

// eventJSON is one event of GET /games/{id}/events: the game's state as
// the asker may see it, and the last move with what it made public.
type eventJSON struct {
	stateJSON
	Last   string `json:"last,omitempty"`
	Reveal string `json:"reveal,omitempty"`
}

// eventOf describes snap to who.
func eventOf(snap snapshot, who viewer) (eventJSON, error) {
	st, err := stateOf(snap, who)
	if err != nil {
		return eventJSON{}, err
	}
	e := eventJSON{stateJSON: st}
	if n := len(snap.history); n > 0 {
		// The moves are public in every game (the history gives them to
		// both players), and so are the reveals (B4, B8).
		e.Last = snap.history[n-1]
		if snap.hidden {
			e.Reveal = snap.reveals[n-1]
		}
	}
	return e, nil
}

// Timing of the event stream.
const (
	eventsHeartbeat = 15 * time.Second // a comment line now and then shows the stream alive and keeps proxies from closing it
	eventsWrite     = 10 * time.Second // how long one write may take
)

// getEvents streams the game's states as server-sent events
// (text/event-stream): one "state" event at once, then one after each
// event of the game (join, move, resignation, takeback), each with the
// game's version as its id: the number of events applied, the same on
// every node. The stream ends after the state that ends the game, or
// when the game is deleted. A client that cannot send the Authorization
// header with its request (EventSource) reads the stream with fetch
// instead.
//
// A client holds at most StreamsPerClient streams at once (the next is
// answered 429), and a stream lasts at most StreamLifetime: the server
// then ends it, and the client opens another, so that no connection is
// held for ever.
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	client := s.clientIP(r)
	release, ok := s.streams.acquire(client)
	if !ok {
		writeError(w, http.StatusTooManyRequests, "streams", "", "too many event streams open from %s (at most %d)", client, s.cfg.StreamsPerClient)
		return
	}
	defer release()
	lifetime := time.NewTimer(s.cfg.StreamLifetime)
	defer lifetime.Stop()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	sent := -1
	write := func(text string) bool {
		// The server's write timeout is meant for ordinary answers: each
		// event gets its own.
		rc.SetWriteDeadline(time.Now().Add(eventsWrite))
		if _, err := fmt.Fprint(w, text); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	keep := time.NewTicker(eventsHeartbeat)
	defer keep.Stop()
	poll, stop := s.pollEvery() // another node's moves, with a shared store
	defer stop()
	for {
		snap, changed, gone := m.watch()
		if gone {
			return
		}
		if snap.version != sent {
			e, err := eventOf(snap, who)
			if err != nil {
				write("event: error\ndata: {\"error\":\"internal error\",\"kind\":\"internal\"}\n\n")
				return
			}
			data, err := json.Marshal(e)
			if err != nil || !write(fmt.Sprintf("id: %d\nevent: state\ndata: %s\n\n", snap.version, data)) {
				return
			}
			sent = snap.version
			if snap.status == StatusOver || snap.status == StatusClosed {
				return
			}
		}
		select {
		case <-changed:
		case <-poll:
			s.refresh(m)
		case <-keep.C:
			if !write(": keep-alive\n\n") {
				return
			}
		case <-lifetime.C:
			return
		case <-s.ending: // the server shuts down
			return
		case <-r.Context().Done():
			return
		}
	}
}
