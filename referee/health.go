package referee

import (
	"context"
	"errors"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hopsgames/hops/internal/engine"
)

// storeHealth follows whether the store answers the calls about the
// games, so that an outage is logged when it begins, once a minute while
// it lasts, and when it ends (see outageQuiet), rather than at every
// call that fails: a node whose database is down would otherwise log
// every request it refuses, and never say when the database came back.
// Watching the other nodes' changes has a health of its own
// (watchHealth).
type storeHealth struct {
	now  func() time.Time
	down atomic.Bool // set while the store fails: a call that succeeds otherwise takes no lock

	mu       sync.Mutex
	since    time.Time // when the store stopped answering
	failures int       // the calls that failed since then
	last     time.Time // when the last of them failed
	lastID   string    // the game it was about
	writes   bool      // a write was among them: only a write that succeeds ends the outage
	told     time.Time // when the outage was last logged
	pending  bool      // its end is to be told after outageQuiet, if no call fails meanwhile (settle)
	settleAt int       // the failures counted at the last call that succeeded while pending
	stopped  bool      // the server was closed: nothing more is told (stop)
	outage   int       // the outages begun, to tell a waiting end's own from a later one's
}

// stop ends the telling: an end that waits (settle) is not told once the
// server is closed.
func (h *storeHealth) stop() {
	h.mu.Lock()
	h.stopped = true
	h.mu.Unlock()
}

// The calls to the store, as the store's health counts them: a store
// may read while it cannot write (a full disk, a read-only database), so
// a read that succeeds does not end an outage in which writes failed.
const (
	storeRead  = false
	storeWrite = true
)

// outageReminder is how often an outage that goes on is logged again.
const outageReminder = time.Minute

// outageQuiet is how long no call about a game must have failed for one
// that succeeds to end an outage at once, unless it is about that game:
// while the calls about some games fail and others succeed (the journals
// of some games unwritable, a disk with room left in some files' last
// pages), the outage goes on, rather than be logged as ending and
// beginning again at every call. Such a success has the end told
// outageQuiet later, if no call failed meanwhile.
const outageQuiet = time.Second

// note records how a call to the store about game id ended, err, and
// returns err; write says whether the call was to write (storeWrite) or
// to read (storeRead), and began when it was made. An error that is the
// store's answer (the game is not there, or taken, or another writer
// came first, or its journal is damaged) shows that the store works;
// the end of the server's context is no outage. A call made before the
// outage began that succeeds does not end it: it was under way when the
// store went away.
func (h *storeHealth) note(id string, write bool, began time.Time, err error) error {
	if err == nil && !h.down.Load() || errors.Is(err, context.Canceled) {
		return err
	}
	failed := err != nil && !isAnswer(err)
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.now()
	switch {
	case failed && h.failures == 0:
		h.since, h.told, h.last, h.lastID, h.failures, h.writes = now, now, now, id, 1, write
		h.outage++
		h.down.Store(true)
		log.Printf("referee: the store fails (game %s): %v", id, err)
	case failed:
		h.failures++
		h.last, h.lastID = now, id
		h.writes = h.writes || write
		if now.Sub(h.told) >= outageReminder {
			h.told = now
			log.Printf("referee: the store has failed for %v, %s; the last (game %s): %v",
				roundDuration(now.Sub(h.since)), engine.Count(h.failures, "failed call"), id, err)
		}
	case h.failures > 0 && began.Before(h.since):
		// Under way since before the outage: it tells nothing of now.
	case h.failures > 0 && h.writes && !write:
		// It reads again, but writes failed: the outage goes on until
		// a write succeeds.
	case h.failures > 0 && now.Sub(h.last) < outageQuiet && id != h.lastID:
		// Other games' calls failed an instant ago: a part of the store
		// may answer, not all of it.
		h.settleAt = h.failures
		if !h.pending {
			h.pending = true
			outage := h.outage
			time.AfterFunc(outageQuiet, func() { h.settle(outage) })
		}
	case h.failures > 0:
		h.end(now)
	}
	return err
}

// settle ends outage number outage if it goes on and the last call noted
// succeeded: no call failed since the last that succeeded (if one did,
// the next success has the end wait again).
func (h *storeHealth) settle(outage int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if outage != h.outage || h.failures == 0 {
		return // that outage ended (end cleared pending): a later one's timer is its own
	}
	h.pending = false
	if !h.stopped && h.failures == h.settleAt {
		h.end(h.now())
	}
}

// end logs the end of the outage. The caller holds h.mu.
func (h *storeHealth) end(now time.Time) {
	log.Printf("referee: the store answers again, after %v and %s", roundDuration(now.Sub(h.since)), engine.Count(h.failures, "failed call"))
	h.failures = 0
	h.pending = false
	h.down.Store(false)
}

// isAnswer reports whether err is one of the answers a store that works
// gives.
func isAnswer(err error) bool {
	var damaged *DamagedError
	return errors.Is(err, ErrNotFound) || errors.Is(err, ErrExists) || errors.Is(err, ErrConflict) || errors.As(err, &damaged)
}

// watchHealth follows whether watching the other nodes' changes works,
// apart from the calls about the games: a database on which LISTEN fails
// may answer every query, and each failed try to watch would otherwise
// begin an outage that the next request ends, two lines a second. A watch
// that fails is logged when it begins failing, once a minute while it
// fails, and when it works again: once a try has run for
// pauses.watchWorks without failing, since Watch blocks while it works
// and nothing else tells that it does.
type watchHealth struct {
	now func() time.Time

	mu       sync.Mutex
	since    time.Time   // when the watch began failing
	failures int         // the tries that failed since then; 0 while it works
	told     time.Time   // when the failing was last logged
	try      int         // the tries begun and ended, to tell a timer's own try under way from any other
	began    time.Time   // when the last try began
	timer    *time.Timer // tells the end once try has run long enough
	stopped  bool        // the server was closed: nothing more is told (stop)
}

// start notes that a try to watch begins; while the watch fails, its
// end is told if the try runs for works (see working).
func (h *watchHealth) start(works time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.try++
	h.began = h.now()
	if h.failures > 0 && !h.stopped {
		try := h.try
		h.timer = time.AfterFunc(works, func() { h.working(try) })
	}
}

// working tells the end of the failing: try has run long enough.
func (h *watchHealth) working(try int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if try != h.try || h.failures == 0 || h.stopped {
		return // the try returned first, or the server was closed
	}
	// The failing lasted until this try began.
	log.Printf("referee: watching the other nodes' changes works again, after %v and %s",
		roundDuration(h.began.Sub(h.since)), engine.Count(h.failures, "failed attempt"))
	h.failures = 0
}

// ended notes that the try under way returned err; nil, which a Watch
// should not return before the server closes, tells nothing.
func (h *watchHealth) ended(err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.try++ // a timer of the try that ended tells nothing
	h.stopTimer()
	if err == nil {
		return
	}
	now := h.now()
	h.failures++
	switch {
	case h.failures == 1:
		h.since, h.told = now, now
		log.Printf("referee: watching the other nodes' changes fails: %v", err)
	case now.Sub(h.told) >= outageReminder:
		h.told = now
		log.Printf("referee: watching the other nodes' changes has failed for %v, %s; the last: %v",
			roundDuration(now.Sub(h.since)), engine.Count(h.failures, "failed attempt"), err)
	}
}

// stop ends the telling, and the timer of the try under way.
func (h *watchHealth) stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stopped = true
	h.stopTimer()
}

// stopTimer stops the timer of the try under way, if any. The caller
// holds h.mu.
func (h *watchHealth) stopTimer() {
	if h.timer != nil {
		h.timer.Stop()
		h.timer = nil
	}
}

// roundDuration rounds d for a log line: to the second, or to the
// millisecond under a second.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

// pauses are the waits of the server's background work after a failure:
// before watching the store again (watch), and before a computer player
// tries its move again (bot, growing up to botMax while the store cannot
// take it); watchWorks is how long a try to watch must run, after tries
// that failed, to be told as working (see watchHealth).
type pauses struct{ watch, watchWorks, bot, botMax time.Duration }

// defaultPauses are the pauses of a new server (a variable that the
// tests shorten; each server keeps its own copy). A try to watch that
// runs for watchWorks is taken to work only if a Watch that cannot
// watch fails sooner: the PostgreSQL store gives up connecting to a
// database that hangs after 10 s, and a shorter wait would log the
// watch working again and failing again at every try.
var defaultPauses = pauses{watch: time.Second, watchWorks: 30 * time.Second, bot: time.Second, botMax: 16 * time.Second}
