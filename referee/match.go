package referee

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// The statuses of a game.
const (
	StatusWaiting = "waiting" // the invitation has not been claimed yet
	StatusPlaying = "playing"
	StatusOver    = "over"   // a side won, by the rules or by resignation
	StatusClosed  = "closed" // the game reached its ply bound unfinished
)

// tokenHash is the SHA-256 of a token or an invitation: the server keeps
// only these, in memory as in its store.
type tokenHash [sha256.Size]byte

func hashOf(token string) tokenHash { return sha256.Sum256([]byte(token)) }

func (h tokenHash) String() string { return hex.EncodeToString(h[:]) }

func parseHash(text string) (tokenHash, error) {
	var h tokenHash
	b, err := hex.DecodeString(text)
	if err != nil || len(b) != len(h) {
		return h, fmt.Errorf("bad hash %q", text)
	}
	copy(h[:], b)
	return h, nil
}

// match is one hosted game. Its fields below mu change as the game goes:
// they are read under mu, and written under both turn and mu (but for
// changed, botRunning, moveCount and countAt, which mu alone guards); every change of
// the game goes through apply, after the store has the event.
//
// turn is held by whoever talks to the store about the game, writing its
// next event (commit) or reading the events other nodes wrote
// (refreshLocked), and mu only for moments, never across a call to the
// store: so a request that only reads what the server holds never waits
// for the store, and one that must wait for the turn gives up when its
// context ends (see Server.storeContext).
type match struct {
	id       string
	game     *hops.Game
	hidden   bool
	maxPlies int
	creator  hops.Side
	opponent string    // "" or "person" for a person, else the computer player's strength (bot.go)
	began    time.Time // when the game was created

	turn  turnLock
	mu    sync.Mutex
	gone  bool // deleted: every request about it is answered 404
	stale bool // a write's answer was lost: read the store before using it
	// request and joinRequest are the hashes of the creation's and the
	// join's requests made with an idempotency key (idempotency.go).
	request, joinRequest string
	tokens               [2]tokenHash // of each side's token; the joiner's is zero until the join
	joined               bool
	invitation           tokenHash
	// arrangement is the creator's, in Brouillard: the true start is
	// set up from it and the joiner's at the join. Until then start is
	// provisional (the joiner's pawns in the example arrangement), and
	// only the creator's view of it is ever shown.
	arrangement brouillard.Arrangement
	start       hops.State
	state       hops.State
	// before is the state before the last move, nil before the first:
	// a picture of the state frames the pawns the last move acted on without
	// replaying the game (see framedBy).
	before     hops.State
	history    []string // the canonical texts of the moves (G9)
	reveals    []string // Brouillard: what each move made public, "" for nothing
	resigned   bool
	resigner   hops.Side
	next       *rematch      // the game that follows this one, once asked for (rematch.go)
	botRunning bool          // this server runs the game's computer player (bot.go); mu alone guards it
	version    int           // the number of events applied
	last       time.Time     // when the last event happened
	ended      time.Time     // when the game ended (over or closed), zero if it goes on
	changed    chan struct{} // closed at the next event, for those who watch (events.go)
	// moveCount is the number of legal moves at version countAt (0: not
	// yet counted), kept because counting a Coir Dame's moves takes
	// milliseconds; countMu lets one request count while the others wait
	// for its result.
	moveCount, countAt int
	countMu            sync.Mutex
}

// turnLock is a game's turn to talk to the store (match.turn): a mutex
// that a request waiting for it stops waiting for when its context ends.
// The zero turnLock is unlocked.
type turnLock struct {
	once sync.Once
	ch   chan struct{} // holds a value while the lock is held
}

func (l *turnLock) slot() chan struct{} {
	l.once.Do(func() { l.ch = make(chan struct{}, 1) })
	return l.ch
}

// lock takes the lock, or returns ctx's error if ctx ends first.
func (l *turnLock) lock(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case l.slot() <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// unlock releases the lock, which must be held.
func (l *turnLock) unlock() {
	select {
	case <-l.slot():
	default:
		panic("referee: unlock of a game's turn that is not held")
	}
}

// countOf returns the number of legal moves of the snapshot's position,
// counted once per version of the game (by the game's counter, which
// builds no move), one request at a time.
func (m *match) countOf(snap snapshot) int {
	m.countMu.Lock()
	defer m.countMu.Unlock()
	m.mu.Lock()
	n, at := m.moveCount, m.countAt
	m.mu.Unlock()
	if at == snap.version {
		return n
	}
	n = snap.state.CountMoves()
	m.mu.Lock()
	m.moveCount, m.countAt = n, snap.version
	m.mu.Unlock()
	return n
}

// status returns the game's status. The caller holds m.mu.
func (m *match) status() string {
	switch {
	case !m.joined && !m.resigned:
		return StatusWaiting
	case m.resigned || m.state.Outcome().Over:
		return StatusOver
	case len(m.history) >= m.maxPlies:
		return StatusClosed
	}
	return StatusPlaying
}

// outcome returns how the game ended, resignation included. The caller
// holds m.mu.
func (m *match) outcome() hops.Outcome {
	if m.resigned {
		reason := m.game.SideName(m.resigner) + " resigned"
		if !m.joined {
			reason += " before anyone joined"
		}
		return hops.Win(m.resigner.Other(), m.game.SideName(m.resigner.Other()), "", reason)
	}
	return m.state.Outcome()
}

// sideOf returns the side whose token this is. The caller holds m.mu.
func (m *match) sideOf(token string) (hops.Side, bool) {
	h := hashOf(token)
	var zero tokenHash
	for i, t := range m.tokens {
		if t != zero && subtle.ConstantTimeCompare(h[:], t[:]) == 1 {
			return hops.Side(i), true
		}
	}
	return hops.First, false
}

// snapshot is a game as it was at one moment: immutable values and
// slices that are never written again, so that answers are computed from
// it after m.mu is released.
type snapshot struct {
	id       string
	game     *hops.Game
	hidden   bool
	version  int
	start    hops.State
	state    hops.State
	before   hops.State // the state before the last move, nil before the first
	history  []string
	reveals  []string
	status   string
	outcome  hops.Outcome
	maxPlies int
	joined   bool         // the second player took his seat (or the computer did)
	tokens   [2]tokenHash // of each side's token: never sent
	creator  hops.Side
	opponent string    // the computer player's strength, "" (or "person") for a person
	began    time.Time // when the game was created
}

// computer returns the computer player's strength and side, and false
// in a game between two people.
func (sn snapshot) computer() (string, hops.Side, bool) {
	return sn.opponent, sn.creator.Other(), isBot(sn.opponent)
}

// unjoined reports whether the game ended before anyone joined it: its
// creator resigned it while it waited.
func (sn snapshot) unjoined() bool {
	return sn.status == StatusOver && sn.outcome.Over && !sn.joined
}

// botSeed returns the seed of the computer player of side s at this
// version of the game: drawn from the hash of that side's token, a secret
// of the server, so that a person who replays the player under each
// arrangement he cannot see finds no seed to try (a seed made of the
// game's id and the version, which he knows, would let him keep the
// arrangements under which the player makes the moves it made, and learn
// its hidden pawns). It is the same on every node and after a restart.
func (sn snapshot) botSeed(s hops.Side) uint64 {
	h := sha256.Sum256(append([]byte("referee: computer player's seed\x00"), sn.tokens[s&1][:]...))
	return binary.LittleEndian.Uint64(h[:8]) + uint64(sn.version)
}

// snapshot returns the game as it is. The caller holds m.mu.
func (m *match) snapshot() snapshot {
	n := len(m.history)
	return snapshot{
		id: m.id, game: m.game, hidden: m.hidden, version: m.version,
		start: m.start, state: m.state, before: m.before,
		// The slices are appended to, never rewritten: capping them
		// keeps the snapshot's elements its own.
		history: m.history[:n:n], reveals: m.reveals[:len(m.reveals):len(m.reveals)],
		status: m.status(), outcome: m.outcome(), maxPlies: m.maxPlies, joined: m.joined, tokens: m.tokens,
		creator: m.creator, opponent: m.opponent, began: m.began,
	}
}

// expired reports whether the game has outlived its time at now: a
// finished game finishedTTL after its last event (its end, or a rematch
// asked after it), a game still waiting for its
// second player waitingTTL after it was created, any other idleTTL after
// its last event. A zero TTL never expires. The caller holds m.mu.
func (m *match) expired(now time.Time, l lifetimes) bool {
	// A finished game from its last event, as a restarted server judges
	// it from the store's summary: the end, or a rematch asked after it.
	return l.outlived(now, m.last, !m.ended.IsZero(), m.joined)
}

// step is the effect of one move, computed before it is stored.
type step struct {
	move   string // canonical text
	next   hops.State
	reveal string
}

// advance checks move, played by the side to move, and returns its
// effect without changing m. The caller holds m.mu. In a game with
// hidden pieces the move is first checked against the mover's view, so
// that no error can depend on the opponent's hidden pawns.
func (m *match) advance(move string) (step, error) {
	if m.hidden {
		v, err := games.ViewOf(m.state, m.state.ToMove())
		if err != nil {
			return step{}, err
		}
		if err := v.Validate(move); err != nil {
			return step{}, moveError(err)
		}
	}
	canon, err := m.state.Canonical(move)
	if err != nil {
		if m.hidden { // the view accepted it: do not tell more
			return step{}, err
		}
		return step{}, moveError(err)
	}
	next, err := m.state.Play(canon)
	if err != nil {
		return step{}, err
	}
	st := step{move: canon, next: next}
	if m.hidden {
		p, err := games.Value[brouillard.Position](m.state)
		if err != nil {
			return step{}, err
		}
		bm, err := brouillard.ParseMove(canon)
		if err != nil {
			return step{}, err
		}
		_, r, err := p.PlayReveal(bm)
		if err != nil {
			return step{}, err
		}
		if r.Turned {
			st.reveal = r.String()
		}
	}
	return st, nil
}

// apply records an event the store already holds. The caller holds m.mu
// and has checked the event.
func (m *match) apply(at time.Time, change func()) {
	change()
	defer m.notify()
	m.version++
	m.last = at
	if m.ended.IsZero() && (m.status() == StatusOver || m.status() == StatusClosed) {
		m.ended = at
	}
}

// push adds a checked move. The caller holds m.mu.
func (m *match) push(at time.Time, st step) { m.apply(at, m.moved(st)) }

// moved returns the change a checked move makes, for apply.
func (m *match) moved(st step) func() {
	return func() {
		m.before, m.state = m.state, st.next
		m.history = append(m.history, st.move)
		if m.hidden {
			m.reveals = append(m.reveals, st.reveal)
		}
	}
}

// joinedBy returns the change the join makes, for apply: the joiner's
// token and the game's start, the true one in a game with hidden pieces.
func (m *match) joinedBy(token tokenHash, start hops.State, request string) func() {
	return func() {
		m.tokens[m.creator.Other()] = token
		m.joinRequest = request
		m.joined = true
		m.start, m.state, m.before = start, start, nil
	}
}

// checkPlayable returns the error for a move in a game that is not
// being played. The caller holds m.mu.
func (m *match) checkPlayable() error { return notPlayable(m.status(), m.outcome(), m.maxPlies) }

// notPlayable returns the error for a move, or any request that needs a
// game being played, in a game of this status, outcome and ply bound:
// nil for a game being played. A game that a rule of the game ended
// gives that rule, under which the library refuses a move there (K3,
// G6 ...); a resignation, which no rule decides, gives none.
func notPlayable(status string, o hops.Outcome, maxPlies int) error {
	switch status {
	case StatusWaiting:
		return failf(http.StatusConflict, "waiting", "the game waits for its second player to join")
	case StatusOver:
		e := failf(http.StatusConflict, "over", "the game is over: %s", o)
		e.rule = o.Rule
		return e
	case StatusClosed:
		return failf(http.StatusConflict, "closed", "the game reached its bound of %d plies unfinished and is closed", maxPlies)
	}
	return nil
}

// trueStart sets up a Brouillard game from both arrangements, with first
// to move.
func trueStart(creator hops.Side, mine, theirs brouillard.Arrangement, first hops.Side) (hops.State, error) {
	arr := [2]brouillard.Arrangement{mine, theirs}
	if creator != hops.First {
		arr = [2]brouillard.Arrangement{theirs, mine}
	}
	p, err := brouillard.NewPositionWith(arr[0], arr[1], first)
	if err != nil {
		return nil, err
	}
	return brouillard.Game.Parse(p.String())
}

// replay rebuilds a game from its journal, checking every event as the
// server checked it when it happened: each move is played again through
// the library and must be the canonical text it was stored as.
func replay(id string, events []Event) (*match, error) {
	if len(events) == 0 || events[0].Type != EventCreate {
		return nil, errors.New("the journal does not start with the game's creation")
	}
	c := events[0]
	g, ok := games.ByName(c.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", c.Game)
	}
	creator, err := g.ParseSide(c.Creator)
	if err != nil {
		return nil, err
	}
	start, err := g.Parse(c.Start)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if c.MaxPlies < 1 {
		return nil, fmt.Errorf("ply bound %d", c.MaxPlies)
	}
	m := &match{id: id, game: g, hidden: games.Hidden(g), maxPlies: c.MaxPlies, creator: creator, opponent: c.Opponent,
		start: start, state: start, began: c.Time, last: c.Time, reveals: []string{}, history: []string{}, request: c.Request}
	if m.tokens[creator], err = parseHash(c.Token); err != nil {
		return nil, err
	}
	if m.invitation, err = parseHash(c.Invitation); err != nil {
		return nil, err
	}
	if m.hidden {
		if m.arrangement, err = brouillard.ParseArrangement(c.Arrangement); err != nil {
			return nil, err
		}
	}
	m.version = 1
	for i, e := range events[1:] {
		if err := m.replayEvent(e); err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", i+2, e.Type, err)
		}
	}
	return m, nil
}

// replayEvent checks and applies one event of a journal after the first.
func (m *match) replayEvent(e Event) error {
	switch e.Type {
	case EventJoin:
		if m.status() != StatusWaiting {
			return errors.New("join in a game that is " + m.status())
		}
		h, err := parseHash(e.Token)
		if err != nil {
			return err
		}
		start := m.start
		if m.hidden {
			if start, err = m.game.Parse(e.Start); err != nil {
				return err
			}
			// The creator's pawns must be those of his arrangement,
			// as his view of the provisional start shows them.
			a, err1 := games.ViewOf(start, m.creator)
			b, err2 := games.ViewOf(m.start, m.creator)
			if err := errors.Join(err1, err2); err != nil {
				return err
			}
			if a.String() != b.String() {
				return errors.New("the start does not hold the creator's arrangement")
			}
		}
		m.apply(e.Time, m.joinedBy(h, start, e.Request))
	case EventMove:
		if err := m.checkPlayable(); err != nil {
			return err
		}
		if e.Ply != len(m.history)+1 {
			return fmt.Errorf("ply %d after %d moves", e.Ply, len(m.history))
		}
		st, err := m.advance(e.Move)
		if err != nil {
			return err
		}
		if st.move != e.Move {
			return fmt.Errorf("move %q stored, its canonical text is %q", e.Move, st.move)
		}
		m.push(e.Time, st)
	case EventResign:
		side, err := m.game.ParseSide(e.Side)
		if err != nil {
			return err
		}
		if s := m.status(); s == StatusOver || s == StatusClosed {
			return errors.New("resignation in a game that is " + s)
		}
		m.apply(e.Time, func() { m.resigned, m.resigner = true, side })
	case EventTakeback:
		if err := m.checkTakeback(e.Ply); err != nil {
			return err
		}
		return m.undo(e.Time, e.Ply)
	case EventRematch:
		r, err := m.rematchOf(e)
		if err != nil {
			return err
		}
		m.apply(e.Time, func() { m.next = &r })
	default:
		return fmt.Errorf("unknown event %q", e.Type)
	}
	return nil
}
