package referee

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/hopsgames/hops"
)

// The server's table of games. A game is in one of three places:
//
//   - games: loaded, replayed from its journal, its match in memory;
//   - cold: listed by the store at start (Store.List), not read yet:
//     only what its summary says (enough for expiry and for the game
//     limit) is kept, and the game is loaded the first time a request
//     or a computer player needs it;
//   - damaged: its journal cannot be read or replayed; requests about it
//     are answered 503, kind "damaged".
//
// A game that is in none (created by another node, or set aside by the
// store before this start) is looked for in the store when asked for.

// coldGame is a game listed at start and not loaded yet.
type coldGame struct {
	known    bool      // the store gave its first and last events
	last     time.Time // when its last event happened
	ended    bool      // its last event ended it
	joined   bool      // it has its second player
	opponent string
}

// coldOf reads a store's summary of a game.
func coldOf(sum Summary) coldGame {
	if sum.First.Type != EventCreate || sum.Last.Type == "" {
		return coldGame{}
	}
	return coldGame{known: true, last: sum.Last.Time, ended: sum.Last.End,
		joined: sum.Last.Type != EventCreate, opponent: sum.First.Opponent}
}

// lifetimes are how long games live (Config's IdleTTL, FinishedTTL and
// WaitingTTL), and the margin for the clocks of the nodes that wrote
// their events (ClockSkew).
type lifetimes struct {
	idle, finished, waiting, skew time.Duration
}

func (s *Server) lifetimes() lifetimes {
	return lifetimes{idle: s.cfg.IdleTTL, finished: s.cfg.FinishedTTL, waiting: s.cfg.WaitingTTL, skew: s.cfg.ClockSkew}
}

// outlived reports whether a game whose last event happened at last (by
// its writer's clock), ended or not, joined or not, has outlived its time
// at now, by the skew more (see match.expired). A zero lifetime never
// ends.
func (l lifetimes) outlived(now, last time.Time, ended, joined bool) bool {
	over := func(ttl time.Duration) bool { return ttl > 0 && now.Sub(last) >= ttl+l.skew }
	if ended {
		return over(l.finished)
	}
	return !joined && over(l.waiting) || over(l.idle)
}

// expired reports whether the game has outlived its time at now, as
// match.expired.
func (c coldGame) expired(now time.Time, l lifetimes) bool {
	return c.known && l.outlived(now, c.last, c.ended, c.joined)
}

// loadCall is a game being loaded: those who ask for it meanwhile wait
// for the one load.
type loadCall struct {
	done chan struct{}
	m    *match
	err  error
}

// The answers of the server about its store.
func notFound(id string) error {
	return failf(http.StatusNotFound, "not-found", "no game %s", hops.Quote(id))
}

func damagedAnswer(id string) error {
	return failf(http.StatusServiceUnavailable, "damaged", "the record of game %s is damaged and kept for inspection: the game cannot be played", id)
}

// unavailableRetry is the Retry-After of an answer "unavailable".
const unavailableRetry = 2 * time.Second

// unavailable is the answer to a request the store could not serve: it
// failed, or did not answer within StoreTimeout, before anything was
// written.
func unavailable() error {
	e := failf(http.StatusServiceUnavailable, "unavailable", "the game store cannot be reached, cannot write (a full disk) or did not answer in time: nothing was recorded; try again in a moment")
	e.retry = unavailableRetry
	return e
}

// unconfirmed is the answer to a write of an event of kind the store did
// not confirm: it failed, or did not answer within StoreTimeout, and may
// have kept the event all the same (a write whose answer was lost). The
// answer says how to find out, by the kind of request: only a creation,
// a join and a rematch take an Idempotency-Key.
func unconfirmed(kind string) error {
	advice := "read the game before sending it again"
	switch kind {
	case EventCreate: // a creation or a rematch's new game
		advice = "send it again with the same Idempotency-Key, which finds the game if it was made (without a key, send it again: a game made without one is not found again, and expires)"
	case EventJoin, EventRematch:
		advice = "send it again with the same Idempotency-Key (without one, read the game before sending it again)"
	}
	e := failf(http.StatusServiceUnavailable, "unavailable", "the game store did not confirm the write (it failed, or did not answer in time): it may have been recorded or not; %s", advice)
	e.retry, e.unconfirmed = unavailableRetry, true
	return e
}

// storeContext returns the context of the calls to the store made for
// one request, or for one step of the background work, whose own context
// is parent: it ends StoreTimeout from now, when parent ends (the client
// left), or when the server is closed. The same context bounds the wait
// for a game's turn (match.turn) behind another request that waits for
// the store. Call the function returned when done.
func (s *Server) storeContext(parent context.Context) (context.Context, context.CancelFunc) {
	var ctx context.Context
	var cancel context.CancelFunc
	if s.cfg.StoreTimeout > 0 {
		ctx, cancel = context.WithTimeout(parent, s.cfg.StoreTimeout)
	} else {
		ctx, cancel = context.WithCancel(parent)
	}
	stop := context.AfterFunc(s.ctx, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}

// storeKey is the key of a request's store context (see withGame).
type storeKey struct{}

// storeContextOf returns the context of the calls to the store that
// request r makes, set by withGame (see storeContext), or r's own
// context.
func storeContextOf(r *http.Request) context.Context {
	if ctx, ok := r.Context().Value(storeKey{}).(context.Context); ok {
		return ctx
	}
	return r.Context()
}

// note notes how a call to the store made with ctx ended, err, in the
// store's health, and returns err. A call cut short because its request
// was abandoned (the client left) or the server closes, or because a
// sweep for room used its share of a request's time (sweepRoom), tells
// nothing of the store; one whose deadline passed is a failure of the
// store.
func (s *Server) note(ctx context.Context, id string, write bool, began time.Time, err error) error {
	if err != nil && (errors.Is(ctx.Err(), context.Canceled) || errors.Is(context.Cause(ctx), errSweepBudget)) {
		return err
	}
	return s.health.note(id, write, began, err)
}

// listGames reads the store's list of games at start.
func (s *Server) listGames() error {
	return s.store.List(s.ctx, func(sum Summary) error {
		if validID(sum.ID) {
			s.cold[sum.ID] = coldOf(sum)
		}
		return nil
	})
}

// held returns the number of games the server holds, loaded or not.
func (s *Server) held() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.games) + len(s.cold)
}

// lookup is lookupContext for the server's own work (the computer
// players, the sweep), with a context of its own (see storeContext).
func (s *Server) lookup(id string) (*match, error) {
	ctx, cancel := s.storeContext(s.ctx)
	defer cancel()
	return s.lookupContext(ctx, id)
}

// lookupContext returns the game with the given id, up to date: loaded
// from the store if needed, and, when the store is shared or the game's
// state is in doubt, with the events other writers appended. A game that
// has expired is deleted. The calls to the store are made with ctx (see
// storeContext). Its errors are apiErrors: not found (404), damaged (503,
// kind "damaged"), the store unreachable or too slow, or ctx ended (503,
// "unavailable").
func (s *Server) lookupContext(ctx context.Context, id string) (*match, error) {
	s.mu.RLock()
	m := s.games[id]
	damaged := s.damaged[id]
	s.mu.RUnlock()
	if damaged {
		return nil, damagedAnswer(id)
	}
	if m == nil {
		var err error
		if m, err = s.load(ctx, id); err != nil {
			return nil, err
		}
	}
	now := s.cfg.Now()
	m.mu.Lock()
	// A game the server trusts, and that has not expired, is answered
	// from memory: without waiting for its turn, which another request
	// may hold while the store is slow.
	quiet := !s.shared && !m.stale && !m.gone && !m.expired(now, s.lifetimes())
	m.mu.Unlock()
	if !quiet {
		if err := m.turn.lock(ctx); err != nil {
			return nil, unavailable()
		}
		defer m.turn.unlock()
		m.mu.Lock()
		stale := m.stale
		m.mu.Unlock()
		if s.shared || stale {
			if err := s.refreshLocked(ctx, m); err != nil {
				return nil, err
			}
		}
		s.expireLocked(ctx, m, now)
	}
	m.mu.Lock()
	gone := m.gone
	m.mu.Unlock()
	if gone {
		return nil, notFound(id)
	}
	return m, nil
}

// load reads a game from the store and replays it, once however many
// ask for it at the same time; those who wait for another's load give
// up when their ctx ends.
func (s *Server) load(ctx context.Context, id string) (*match, error) {
	if !validID(id) {
		return nil, notFound(id)
	}
	s.mu.Lock()
	if m := s.games[id]; m != nil {
		s.mu.Unlock()
		return m, nil
	}
	if c := s.loading[id]; c != nil {
		s.mu.Unlock()
		select {
		case <-c.done:
			return c.m, c.err
		case <-ctx.Done():
			return nil, unavailable()
		}
	}
	c := &loadCall{done: make(chan struct{})}
	s.loading[id] = c
	s.mu.Unlock()
	settled := false
	defer func() {
		// A store (or a replay) that panics leaves no load behind for
		// the next requests to join: those waiting are told the store
		// is unavailable, and the panic goes on to the handler's
		// recovery.
		if !settled {
			s.mu.Lock()
			if s.loading[id] == c {
				delete(s.loading, id)
			}
			c.m, c.err = nil, unavailable()
			s.mu.Unlock()
		}
		close(c.done)
	}()

	began := s.cfg.Now()
	events, err := s.store.Load(ctx, id, 1)
	if s.note(ctx, id, storeRead, began, err) == nil {
		if c.m, err = replay(id, events); err != nil {
			err = s.damagedJournal(ctx, id, "its journal does not replay: "+err.Error())
		}
	}
	s.mu.Lock()
	settled = true
	delete(s.loading, id)
	if err != nil {
		c.m, c.err = nil, s.storeErrorLocked(id, nil, err)
		s.mu.Unlock()
		return nil, c.err
	}
	delete(s.cold, id)
	s.games[id] = c.m
	s.mu.Unlock()
	// The computer player of a game being played resumes with the game,
	// whoever loads it first: the request of a person, or resumeBots.
	c.m.mu.Lock()
	s.ensureBotLocked(c.m)
	c.m.mu.Unlock()
	return c.m, nil
}

// damagedJournal returns the *DamagedError of a journal that the store
// read but that does not replay, for the reason given, having set it
// aside if the store can (SetterAside).
func (s *Server) damagedJournal(ctx context.Context, id, reason string) error {
	damage := &DamagedError{ID: id, Reason: reason}
	if sa, ok := s.store.(SetterAside); ok {
		var kept *DamagedError
		if err := sa.SetAside(ctx, id, reason); errors.As(err, &kept) {
			return kept
		} else if err != nil {
			damage.Reason += " (it could not be set aside: " + err.Error() + ")"
		}
	}
	return damage
}

// storeErrorLocked turns an error of the store about game id into the
// server's answer, and records that a game is gone or damaged: m, if not
// nil, is its match, then taken out of the table. The caller holds s.mu.
func (s *Server) storeErrorLocked(id string, m *match, err error) error {
	var damaged *DamagedError
	gone := errors.Is(err, ErrNotFound)
	if errors.As(err, &damaged) {
		if !s.damaged[id] {
			log.Print(err)
		}
		s.damaged[id] = true
	}
	if gone || damaged != nil {
		delete(s.cold, id)
		if m != nil && s.games[id] == m {
			delete(s.games, id)
		}
	}
	switch {
	case damaged != nil:
		return damagedAnswer(id)
	case gone:
		return notFound(id)
	}
	return unavailable() // logged by s.health
}

// storeError is storeErrorLocked for a loaded game: it is gone, or
// damaged, or its state is in doubt (a write whose answer was lost may
// have reached the store), so that the next request reads it again.
// The caller holds m.turn, not m.mu.
func (s *Server) storeError(m *match, err error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.storeErrorLocked(m.id, m, err)
	var api *apiError
	if errors.As(out, &api) && api.kind != "unavailable" {
		m.gone = true
		m.notify()
	} else {
		m.stale = true
	}
	return out
}

// refreshLocked reads and applies the events of m that other writers
// appended. The caller holds m.turn, not m.mu.
func (s *Server) refreshLocked(ctx context.Context, m *match) error {
	if m.gone {
		return nil
	}
	began := s.cfg.Now()
	events, err := s.store.Load(ctx, m.id, m.version+1)
	if s.note(ctx, m.id, storeRead, began, err) != nil {
		return s.storeError(m, err)
	}
	var bad error
	m.mu.Lock()
	for i, e := range events {
		if err := m.replayEvent(e); err != nil {
			bad = fmt.Errorf("event %d does not replay: %w", m.version+1+i, err)
			break
		}
	}
	if bad == nil {
		m.stale = false
	}
	s.ensureBotLocked(m) // another node may have seated it
	m.mu.Unlock()
	if bad != nil {
		return s.storeError(m, s.damagedJournal(ctx, m.id, bad.Error()))
	}
	return nil
}

// maxConflicts is how many times an event is tried again when other
// writers append first.
const maxConflicts = 5

// commit writes the next event of m and applies it. prepare checks the
// request against the game as it is, under m.mu, and returns the event
// and its effect; when another writer appended first, the game is
// brought up to date and prepare called again, so that a request the new
// state refuses gets the error it deserves, and nothing the store did not
// take is applied. A write the store fails, or does not confirm before
// ctx ends, is answered as unconfirmed: it may have been kept, unless
// the store's error says that it kept nothing (ErrNotStored). The caller
// holds m.turn, not m.mu.
func (s *Server) commit(ctx context.Context, m *match, prepare func() (Event, func(), error)) error {
	for range maxConflicts {
		m.mu.Lock()
		if m.gone {
			m.mu.Unlock()
			return notFound(m.id)
		}
		e, change, err := prepare()
		seq := m.version + 1
		m.mu.Unlock()
		if err != nil {
			return err
		}
		began := s.cfg.Now()
		err = s.note(ctx, m.id, storeWrite, began, s.store.Append(ctx, m.id, seq, e))
		if errors.Is(err, ErrConflict) {
			if err := s.refreshLocked(ctx, m); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			out := s.storeError(m, err)
			if api, ok := out.(*apiError); ok && api.kind == "unavailable" && !errors.Is(err, ErrNotStored) {
				return unconfirmed(e.Type)
			}
			return out
		}
		m.mu.Lock()
		m.apply(e.Time, change)
		s.ensureBotLocked(m)
		m.mu.Unlock()
		return nil
	}
	return failf(http.StatusServiceUnavailable, "busy", "game %s changed %d times while this request was checked: try again", m.id, maxConflicts)
}

// host stores a new game and adds it to the table, if there is room. It
// returns ErrExists, as it is, if the id is taken.
func (s *Server) host(ctx context.Context, m *match, e Event) error {
	if err := s.reserve(ctx, m.id); err != nil {
		if api, ok := err.(*apiError); !ok || api.kind != "full" {
			return err
		}
		// Expired games may make room, but a flood must not pay a sweep
		// of every game on each refusal: at most one a second, one at a
		// time, and within half the request's time, the other half left
		// to count and create: when the request's time runs out the
		// answer is still that the server is full.
		full := err
		if s.sweepForRoom() {
			s.sweepRoom(ctx)
		}
		if ctx.Err() != nil {
			return full
		}
		if err := s.reserve(ctx, m.id); err != nil {
			if ctx.Err() != nil {
				return full
			}
			return err
		}
	}
	began := s.cfg.Now()
	err := s.note(ctx, m.id, storeWrite, began, s.store.Create(ctx, m.id, e))
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending--
	if errors.Is(err, ErrExists) {
		return err
	}
	if errors.Is(err, ErrNotStored) {
		return unavailable() // logged by s.health
	}
	if err != nil {
		// Logged by s.health. The store may have kept the game all the
		// same: a retry with the Idempotency-Key finds it.
		return unconfirmed(EventCreate)
	}
	s.games[m.id] = m
	return nil
}

// reserve counts the creation of game id against MaxGames, if there is
// room, or returns the answer: the server is full (503, kind "full"), or
// the store cannot count. What counts is what the server can know the
// same way whichever node created the games and whichever restarted: the
// games of the store, if it is the server's alone (those loaded and those
// listed at start) or if it is a shared Counter; else, with a shared
// store that cannot count, the games this node holds in memory (created
// or read here), not those it only listed at start, which are every
// node's. The creations under way here count too.
func (s *Server) reserve(ctx context.Context, id string) error {
	counter, counts := s.store.(Counter)
	n := 0
	if s.shared && counts {
		var err error
		began := s.cfg.Now()
		n, err = counter.Count(ctx)
		if s.note(ctx, id, storeRead, began, err) != nil {
			return unavailable()
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	what := "the game store holds"
	switch {
	case !s.shared:
		n, what = len(s.games)+len(s.cold), "the server holds"
	case !counts:
		n, what = len(s.games), "this server holds in memory"
	}
	if n+s.pending >= s.cfg.MaxGames {
		return failf(http.StatusServiceUnavailable, "full", "%s %d games, the limit is %d: try again later", what, n+s.pending, s.cfg.MaxGames)
	}
	s.pending++
	return nil
}

// sweepForRoom reports whether a creation refused for lack of room may
// sweep the table: if none does now, nor began in the last second. The
// one that may calls sweptForRoom when done.
func (s *Server) sweepForRoom() bool {
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sweeping || now.Sub(s.swept) < time.Second && !s.swept.IsZero() {
		return false
	}
	s.swept, s.sweeping = now, true
	return true
}

// errSweepBudget ends the sweep a creation makes for room (sweepRoom):
// its calls to the store cut by it tell nothing of the store.
var errSweepBudget = errors.New("the sweep for room used its share of the request's time")

// sweepRoom lists and sweeps the store for room, for a creation whose
// calls to the store are made with ctx, within half the time ctx has
// left. The caller had sweepForRoom's leave.
func (s *Server) sweepRoom(ctx context.Context) {
	defer s.sweptForRoom()
	if !s.enterBackground() {
		return
	}
	defer s.background.Done()
	if d, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadlineCause(ctx, time.Now().Add(time.Until(d)/2), errSweepBudget)
		defer cancel()
	}
	s.listForRoom(ctx)
	s.sweep(ctx)
}

// sweptForRoom ends the sweep sweepForRoom allowed.
func (s *Server) sweptForRoom() {
	s.mu.Lock()
	s.sweeping = false
	s.mu.Unlock()
}

// listAgain is how often, at most, a creation refused for lack of room
// lists the games of a shared store that counts them (see listForRoom).
const listAgain = time.Minute

// listForRoom, when the server counts the games of a shared store (a
// Counter), adds to the table the games of the store it does not know,
// as it lists them at start, at most once every listAgain: the sweep then
// judges them too. They count against MaxGames, and without this the
// games another node made, a node since dead and not started again,
// would be swept by no node, and take their room for ever.
func (s *Server) listForRoom(ctx context.Context) {
	if _, counts := s.store.(Counter); !s.shared || !counts {
		return
	}
	now := s.cfg.Now()
	s.mu.Lock()
	due := s.listed.IsZero() || now.Sub(s.listed) >= listAgain
	if due {
		s.listed = now // a failure too: a store that fails is not listed on each refusal
	}
	s.mu.Unlock()
	if !due {
		return
	}
	var found []Summary
	err := s.store.List(ctx, func(sum Summary) error {
		if validID(sum.ID) {
			found = append(found, sum)
		}
		return nil
	})
	if err != nil {
		return // the creation is refused: the next tries again
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sum := range found {
		_, loaded := s.games[sum.ID]
		_, listed := s.cold[sum.ID]
		if !loaded && !listed && !s.damaged[sum.ID] && s.loading[sum.ID] == nil {
			s.cold[sum.ID] = coldOf(sum)
		}
	}
}

// delete deletes the journal of game id from the store. A failure is
// logged (a store that fails, by s.health), and the game is gone from
// the table all the same: its journal is deleted again at the next start
// if it has expired by then.
func (s *Server) delete(ctx context.Context, id string) {
	began := s.cfg.Now()
	err := s.store.Delete(ctx, id)
	if s.note(ctx, id, storeWrite, began, err) != nil && isAnswer(err) && !errors.Is(err, ErrNotFound) {
		log.Printf("referee: deleting game %s: %v", id, err)
	}
}

// expireLocked deletes m if it has expired at now. The caller holds
// m.turn, not m.mu.
func (s *Server) expireLocked(ctx context.Context, m *match, now time.Time) bool {
	m.mu.Lock()
	if m.gone || !m.expired(now, s.lifetimes()) {
		m.mu.Unlock()
		return false
	}
	m.gone = true
	m.notify()
	m.mu.Unlock()
	s.delete(ctx, m.id)
	s.mu.Lock()
	if s.games[m.id] == m {
		delete(s.games, m.id)
	}
	s.mu.Unlock()
	return true
}

// Sweep deletes the games that have expired, and forgets the clients
// whose rate limit is back to full. It returns how many games it deleted.
// Expired games are also deleted when a request finds them, so Sweep only
// reclaims memory and disk; Janitor runs it now and then. A game not
// loaded since the start is judged by its summary: it is deleted without
// being read, if the store is the server's alone; with a shared store it
// is read first, since another node may have played it since. Each
// game's calls to the store are bounded by StoreTimeout, and a store
// that does not answer in time ends the sweep. Close waits for a Sweep
// under way; after Close, Sweep deletes nothing.
func (s *Server) Sweep() int {
	if !s.enterBackground() {
		return 0
	}
	defer s.background.Done()
	return s.sweep(s.ctx)
}

// sweep is Sweep, whose calls to the store end with parent too: the sweep
// a creation makes for room ends with the request.
func (s *Server) sweep(parent context.Context) int {
	now := s.cfg.Now()
	life := s.lifetimes()
	s.mu.RLock()
	all := make([]*match, 0, len(s.games))
	for _, m := range s.games {
		all = append(all, m)
	}
	var cold []string
	for id, c := range s.cold {
		if c.expired(now, life) {
			cold = append(cold, id)
		}
	}
	s.mu.RUnlock()
	n := 0
	// A store that did not answer in time stops the sweep: the next one
	// goes on, rather than this one waiting StoreTimeout for every game.
	hung := false
	for _, id := range cold {
		if hung || parent.Err() != nil {
			break
		}
		ctx, cancel := s.storeContext(parent)
		if s.shared {
			if m, err := s.load(ctx, id); err == nil {
				all = append(all, m)
			}
		} else {
			s.mu.Lock()
			_, still := s.cold[id]
			delete(s.cold, id)
			s.mu.Unlock()
			if still { // not loaded meanwhile
				s.delete(ctx, id)
				n++
			}
		}
		hung = ctx.Err() != nil
		cancel()
	}
	for _, m := range all {
		if hung || parent.Err() != nil {
			break
		}
		var deleted bool
		deleted, hung = s.sweepOne(parent, m, now)
		if deleted {
			n++
		}
	}
	s.limiter.prune(now)
	s.global.prune(now)
	return n
}

// sweepOne deletes m if it has expired at now, having read it again if
// the store is shared, and reports whether it did, and whether the store,
// or the game's turn, was waited for until StoreTimeout passed.
func (s *Server) sweepOne(parent context.Context, m *match, now time.Time) (deleted, hung bool) {
	ctx, cancel := s.storeContext(parent)
	defer cancel()
	if m.turn.lock(ctx) != nil {
		return false, true // another waits for the store
	}
	defer m.turn.unlock()
	if s.shared && s.refreshLocked(ctx, m) != nil {
		return false, ctx.Err() != nil
	}
	deleted = s.expireLocked(ctx, m, now)
	return deleted, ctx.Err() != nil
}

// Janitor calls Sweep every interval until stop is closed or the server
// is closed. An interval of 0 or less sweeps never: Janitor returns at
// once.
func (s *Server) Janitor(every time.Duration, stop <-chan struct{}) {
	if every <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if n := s.Sweep(); n > 0 {
				log.Printf("referee: %d expired games deleted", n)
			}
		case <-stop:
			return
		case <-s.ctx.Done():
			return
		}
	}
}

// watch follows the changes other nodes make to the games, through a
// store that tells them, until the server is closed.
func (s *Server) watch(w Watcher) {
	defer s.watchHealth.stop() // nothing is told once the server is closed
	for {
		s.watchHealth.start(s.pauses.watchWorks)
		err := w.Watch(s.ctx, s.changedElsewhere)
		if s.ctx.Err() != nil {
			return
		}
		s.watchHealth.ended(err) // a failure: a watch ends on nothing else
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(s.pauses.watch):
		}
	}
}

// changedElsewhere brings a loaded game up to date after a change the
// store told of, which wakes whoever waits for its next event.
func (s *Server) changedElsewhere(id string) {
	s.mu.RLock()
	m := s.games[id]
	s.mu.RUnlock()
	if m != nil {
		s.refresh(m)
	}
}

// refresh brings m up to date, for the server's own work (see
// storeContext); it gives up if the store does not answer in time.
func (s *Server) refresh(m *match) {
	ctx, cancel := s.storeContext(s.ctx)
	defer cancel()
	if m.turn.lock(ctx) != nil {
		return
	}
	defer m.turn.unlock()
	s.refreshLocked(ctx, m)
}

// pollEvery returns a channel that ticks when the games a client or a
// computer player waits on must be read again from the store (a shared
// store that does not tell of changes), or nil, and its stop function.
func (s *Server) pollEvery() (<-chan time.Time, func()) {
	if !s.shared || s.watching {
		return nil, func() {}
	}
	t := time.NewTicker(s.cfg.Poll)
	return t.C, t.Stop
}

// EndStreams ends the event streams being served, and any opened after,
// each after its first event: an http.Server's Shutdown waits for the
// requests under way, and a stream would keep it waiting until its
// lifetime ends. ConfigureHTTP registers it with the http.Server's
// RegisterOnShutdown (Command.Run does so itself); the page then opens a
// stream again, on whichever server answers.
func (s *Server) EndStreams() {
	if s.ending == nil {
		return // the zero Server
	}
	s.endStream.Do(func() { close(s.ending) })
}

// ConfigureHTTP readies hs, a program's own http.Server that serves s
// (alone, or under a path prefix beside the program's handlers), as
// Command readies its own: it sets the limits of the Limits section that
// hs leaves unset (headers within 5 s, the body within 10 s, an answer
// written within 30 s, idle keep-alive connections closed after 30 s,
// headers of 8 KiB at most), so that a client that sends slowly holds no
// connection, and registers EndStreams to run at hs's Shutdown. Call it
// once, before hs serves.
func (s *Server) ConfigureHTTP(hs *http.Server) {
	limitHTTP(hs)
	hs.RegisterOnShutdown(s.EndStreams)
}

// limitHTTP sets the limits of ConfigureHTTP that hs leaves unset.
func limitHTTP(hs *http.Server) {
	set := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	set(&hs.ReadHeaderTimeout, 5*time.Second)
	set(&hs.ReadTimeout, 10*time.Second)
	set(&hs.WriteTimeout, 30*time.Second)
	// Idle keep-alive connections are closed soon: each holds one of its
	// client's share of the connections.
	set(&hs.IdleTimeout, 30*time.Second)
	if hs.MaxHeaderBytes == 0 {
		hs.MaxHeaderBytes = 8 << 10
	}
}

// Close stops what the server runs in the background, watching the store
// and the computer players, and returns once they have stopped: a store
// call of theirs under way ends first (their context is cancelled; a
// store that does not heed it is waited for), so that the store can be
// closed after Close. It ends the event streams (EndStreams). The games
// stay in the store. A request under way fails if it had still to call
// the store (503, kind "unavailable"); a game against the computer it
// created has its computer player resume when a server next loads the
// game. A request that comes after Close is answered 503, kind
// "unavailable": shut the http.Server down first. Close may be called
// more than once, and on the zero Server.
func (s *Server) Close() error {
	if s.cancel == nil {
		return nil // the zero Server
	}
	s.bgMu.Lock()
	s.closed = true
	s.bgMu.Unlock()
	s.EndStreams()
	s.cancel()
	s.background.Wait()
	s.health.stop()
	return nil
}
