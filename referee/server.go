package referee

import (
	"context"
	crand "crypto/rand"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
	"maps"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/players"
)

// Defaults and bounds of the server's limits.
const (
	DefaultMaxGames   = 10000
	DefaultMaxPlies   = 1000
	DefaultMovesLimit = 200  // moves per page of GET /games/{id}/moves
	MaxMovesLimit     = 1000 // the largest page a client may ask for

	// DefaultStreamsPerClient is how many event streams one client may
	// hold open at once, DefaultStreamLifetime how long one lasts before
	// the server ends it (the page then opens another).
	DefaultStreamsPerClient = 16
	DefaultStreamLifetime   = 10 * time.Minute

	// DefaultStoreTimeout is how long a request waits for the store
	// before it is answered 503 (Config.StoreTimeout).
	DefaultStoreTimeout = 5 * time.Second

	// DefaultClockSkew is how far apart the clocks of the nodes sharing
	// a store may be, by default (Config.ClockSkew).
	DefaultClockSkew = 2 * time.Minute
)

// Config configures a Server. The zero value serves games in memory, with
// no expiry and no rate limit. A field whose negative value is given no
// meaning below must not be negative: NewServer refuses it, naming the
// field (a negative MaxGames is not "no limit").
type Config struct {
	// MaxGames is the most games the server holds; creating one more is
	// refused with 503. With a shared store that is a Counter, it is the
	// most games the store holds, all nodes together; with a shared
	// store that is none, the most this node holds in memory (see
	// Several servers on one store in the package documentation). 0
	// means DefaultMaxGames.
	MaxGames int
	// Rand is the source of game ids, tokens, invitations and secret
	// setups; it must be unpredictable (crypto/rand.Reader) for a server
	// on a network. Tests may pass a seeded source. It is only read
	// under a lock. nil means crypto/rand.Reader.
	Rand io.Reader
	// Store keeps the games across restarts, and may be shared by
	// several servers (see Storage in the package documentation); nil
	// keeps them in the server's memory only (for several servers in one
	// process sharing their games in memory, see MemStore).
	Store Store
	// StoreTimeout is how long a request waits for the store, and for
	// its turn at a game behind another request that waits for it, before
	// it is answered 503, kind "unavailable", with a Retry-After header:
	// a store that hangs (a database stopped, a disk or a network that no
	// longer answers) then holds no connection for longer. Each call the
	// server makes to the store in the background (a computer player's
	// move, the sweep) is bounded the same way. A request whose client
	// leaves stops waiting at once. 0 means DefaultStoreTimeout; a
	// negative value sets no bound but the client's.
	StoreTimeout time.Duration
	// Poll is how often, with a shared store that is no Watcher, an
	// event stream or a computer player waiting for a game's next event
	// reads the store again; 0 means one second.
	Poll time.Duration
	// Now is the clock of expiry, rate limits and the log's account of
	// a store outage; nil means time.Now.
	Now func() time.Time
	// IdleTTL is how long a game that is waiting or being played lives
	// after its last event; FinishedTTL how long a game lives after it
	// ended (won, resigned or closed), or after the rematch asked for
	// after its end. 0 keeps games for ever.
	IdleTTL, FinishedTTL time.Duration
	// WaitingTTL is how long a game waits for its second player after it
	// was created; 0 leaves only IdleTTL. It is short (minutes) on a
	// public server, so that a flood of games nobody joins does not hold
	// the room of MaxGames for a day.
	WaitingTTL time.Duration
	// ClockSkew is how far apart the clocks of the nodes sharing a store
	// may be. An event's time is its writer's clock, and a node judges
	// whether a game expired with its own: with a shared store, a game
	// is deleted only once it outlived its TTL by ClockSkew more, so that
	// a node whose clock is ahead of the writer's by up to ClockSkew does
	// not delete it early (one further ahead does: a game waiting for its
	// second player answers 404 to his join). Every game lives up to
	// ClockSkew longer. A server alone on its store (Exclusive) judges by
	// its own clock, with no margin. 0 means DefaultClockSkew; a negative
	// value, none.
	ClockSkew time.Duration
	// MaxPlies bounds the length of the games created: the move that
	// reaches it closes the game unfinished. 0 means DefaultMaxPlies.
	MaxPlies int
	// CreateRate is how many games a client (an IP address) may create a
	// minute, CreateBurst how many in a row; a rate of 0 sets no limit,
	// and a burst of 0 means the creations of ten seconds at the rate
	// (rate/6), at least one.
	CreateRate  float64
	CreateBurst int
	// GlobalCreateRate is how many games all clients together may create
	// a minute, GlobalCreateBurst how many in a row: the bound for a
	// flood spread over many addresses. A rate of 0 sets no limit; a
	// burst of 0 means rate/6, at least one, as for CreateBurst.
	GlobalCreateRate  float64
	GlobalCreateBurst int
	// StreamsPerClient is how many event streams a client may hold open
	// at once (0 means DefaultStreamsPerClient, -1 no limit), and
	// StreamLifetime how long one lasts (0 means DefaultStreamLifetime).
	StreamsPerClient int
	StreamLifetime   time.Duration
	// TrustedProxies are the networks of the reverse proxies in front of
	// the server (a TLS terminator, say). A request whose connection
	// comes from one of them is counted, for the rate limits and the
	// event streams' share, as the client its X-Forwarded-For header
	// names: the nearest address in it that is not in these networks.
	// Without them every client behind a proxy is the proxy's address,
	// and shares one client's limits. List only networks whose every host
	// is a proxy you run: anyone may write the header.
	TrustedProxies []netip.Prefix
}

// Server is the referee's HTTP handler; NewServer builds one, and the zero
// Server is no server. It is safe for concurrent use:
// the table of games has its own lock and every game has two, so requests
// about different games do not wait for each other, and the events of one
// game are checked, stored and applied one at a time, by the holder of
// the game's turn, while its other lock is held only for moments, never
// across a call to the store. Locks are taken in the order game's turn,
// game, then table.
//
// A program that serves it with its own http.Server readies that server
// with ConfigureHTTP (the limits of the Limits section, and EndStreams
// registered to run at its Shutdown), and stops it in this order: the
// http.Server's Shutdown, so that the requests under way finish; then
// the Server's Close; then the store's own close, if it has one.
// Command.Run and Main do so.
type Server struct {
	cfg     Config
	mux     *http.ServeMux
	store   Store
	limiter *rateLimiter // creations per client
	global  *rateLimiter // creations by everyone
	streams *streamLimiter
	heavy   chan struct{} // a place per heavy page of moves being computed
	health  storeHealth   // logs the store's outages
	pauses  pauses
	// watchHealth logs the failures of watching the other nodes'
	// changes.
	watchHealth watchHealth
	// newAgent builds the computer players: players.New, which a test
	// replaces to watch what they are shown.
	newAgent func(*hops.Game, string, players.Options) (players.Agent, error)

	randMu sync.Mutex
	rand   io.Reader

	// shared is set when other servers may write to the store: each
	// game is then read again before it is used. watching is set when
	// the store tells of their changes (a Watcher).
	shared, watching bool
	// ctx is the server's life, ended by Close: the context of its work
	// on the store and in the background.
	ctx    context.Context
	cancel context.CancelFunc
	// ending is closed by EndStreams: the event streams then end.
	ending    chan struct{}
	endStream sync.Once
	// background counts what runs in the background (the computer
	// players, watching the store), for Close to wait for; bgMu and
	// closed keep anything from starting once Close has begun.
	background sync.WaitGroup
	bgMu       sync.Mutex
	closed     bool

	mu       sync.RWMutex
	games    map[string]*match // see table.go
	cold     map[string]coldGame
	damaged  map[string]bool
	loading  map[string]*loadCall
	pending  int       // creations under way, counted against MaxGames
	swept    time.Time // when a creation refused for lack of room last swept
	sweeping bool      // such a sweep is under way
	listed   time.Time // when such a creation last listed the store's games again
}

// NewServer returns a server holding the games of c.Store. It reads only
// the store's list of games (Store.List), not their journals: each game is
// read and replayed when it is first needed, and the computer players of
// the games still being played resume in the background. A game whose
// journal cannot be read or replayed is answered as damaged. It returns
// an error, and no server, for a Config with a value out of range (see
// Config) or when the store cannot list its games.
func NewServer(c Config) (*Server, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if c.MaxGames == 0 {
		c.MaxGames = DefaultMaxGames
	}
	if c.MaxPlies == 0 {
		c.MaxPlies = DefaultMaxPlies
	}
	c.CreateBurst = burstFor(c.CreateRate, c.CreateBurst)
	c.GlobalCreateBurst = burstFor(c.GlobalCreateRate, c.GlobalCreateBurst)
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Rand == nil {
		c.Rand = crand.Reader
	}
	switch {
	case c.StreamsPerClient == 0:
		c.StreamsPerClient = DefaultStreamsPerClient
	case c.StreamsPerClient < 0:
		c.StreamsPerClient = -1 // no limit, as Config gives it back
	}
	if c.StreamLifetime == 0 {
		c.StreamLifetime = DefaultStreamLifetime
	}
	if c.Poll == 0 {
		c.Poll = time.Second
	}
	if c.StoreTimeout == 0 {
		c.StoreTimeout = DefaultStoreTimeout
	}
	// The server keeps its own list: the caller may reuse its slice.
	c.TrustedProxies = slices.Clone(c.TrustedProxies)
	s := &Server{
		cfg: c, mux: http.NewServeMux(), store: c.Store, rand: c.Rand,
		limiter: newRateLimiter(c.CreateRate, c.CreateBurst),
		global:  newRateLimiter(c.GlobalCreateRate, c.GlobalCreateBurst),
		streams: &streamLimiter{perClient: max(c.StreamsPerClient, 0)}, // 0: no limit
		heavy:   make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)),
		health:  storeHealth{now: c.Now}, watchHealth: watchHealth{now: c.Now},
		pauses: defaultPauses, newAgent: players.New,
		games: map[string]*match{}, cold: map[string]coldGame{},
		damaged: map[string]bool{}, loading: map[string]*loadCall{},
		ending: make(chan struct{}),
	}
	if s.store == nil {
		s.store = nopStore{}
	}
	excl, ok := s.store.(Exclusive)
	s.shared = !ok || !excl.Exclusive()
	switch {
	case !s.shared || s.cfg.ClockSkew < 0:
		s.cfg.ClockSkew = 0
	case s.cfg.ClockSkew == 0:
		s.cfg.ClockSkew = DefaultClockSkew
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if err := s.listGames(); err != nil {
		s.cancel()
		return nil, err
	}
	s.routes()
	if w, ok := s.store.(Watcher); ok && s.shared {
		s.watching = true
		s.goBackground(func() { s.watch(w) })
	}
	s.goBackground(s.resumeBots)
	return s, nil
}

// check refuses a Config with a value that has no meaning: a negative
// count, time to live or rate (the fields whose negative values mean
// something say so: StoreTimeout, ClockSkew, StreamsPerClient, of which
// only -1 does), or a rate that is not a number. A negative MaxGames is
// not "no limit".
func (c Config) check() error {
	for _, f := range []struct {
		name  string
		bad   bool
		value any
	}{
		{"MaxGames", c.MaxGames < 0, c.MaxGames}, {"MaxPlies", c.MaxPlies < 0, c.MaxPlies},
		{"Poll", c.Poll < 0, c.Poll}, {"StreamLifetime", c.StreamLifetime < 0, c.StreamLifetime},
		{"IdleTTL", c.IdleTTL < 0, c.IdleTTL}, {"FinishedTTL", c.FinishedTTL < 0, c.FinishedTTL},
		{"WaitingTTL", c.WaitingTTL < 0, c.WaitingTTL},
		{"CreateRate", badRate(c.CreateRate), c.CreateRate}, {"CreateBurst", c.CreateBurst < 0, c.CreateBurst},
		{"GlobalCreateRate", badRate(c.GlobalCreateRate), c.GlobalCreateRate},
		{"GlobalCreateBurst", c.GlobalCreateBurst < 0, c.GlobalCreateBurst},
	} {
		if !f.bad {
			continue
		}
		if _, ok := f.value.(float64); ok {
			return fmt.Errorf("referee: Config.%s must be a finite number, 0 or more, not %v", f.name, f.value)
		}
		return fmt.Errorf("referee: Config.%s must be 0 or more, not %v", f.name, f.value)
	}
	if c.StreamsPerClient < -1 {
		return fmt.Errorf("referee: Config.StreamsPerClient must be -1 (no limit) or more, not %d", c.StreamsPerClient)
	}
	return nil
}

// badRate reports whether r is no rate of creations: negative, not a
// number or infinite.
func badRate(r float64) bool { return !(r >= 0) || math.IsInf(r, 1) }

// burstFor returns the burst of a rate limit of rate creations a minute
// given as burst: burst itself if set, else the creations of ten
// seconds at that rate, at least one.
func burstFor(rate float64, burst int) int {
	if burst > 0 || rate <= 0 {
		return burst
	}
	// A rate so high that its burst would not fit an int is no limit at
	// all: the burst is as large as an int of any platform holds.
	const most = math.MaxInt32
	if rate/6 >= most {
		return most
	}
	return max(1, int(rate/6))
}

// goBackground runs f in a goroutine that Close waits for, unless Close
// has begun: then f does not run.
func (s *Server) goBackground(f func()) {
	if !s.enterBackground() {
		return
	}
	go func() {
		defer s.background.Done()
		f()
	}()
}

// enterBackground counts a piece of background work for Close to wait
// for, and reports false, counting nothing, once Close has begun. The
// work calls s.background.Done when it ends.
func (s *Server) enterBackground() bool {
	s.bgMu.Lock()
	defer s.bgMu.Unlock()
	if s.closed {
		return false
	}
	s.background.Add(1)
	return true
}

// routes registers every route of the API. A handler that needs a game
// is wrapped by withMatch (the game and who asks) or withGame (the game).
// Every route of the API takes only the query parameters it names (see
// strictQuery), as a JSON body takes only its fields.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /kinds", strictQuery(s.kinds))
	s.mux.HandleFunc("POST /games", strictQuery(s.create))
	s.mux.HandleFunc("GET /games/{id}", strictQuery(s.withMatch(s.getState)))
	s.mux.HandleFunc("POST /games/{id}/join", strictQuery(s.withGame(s.join)))
	s.mux.HandleFunc("GET /games/{id}/moves", strictQuery(s.withMatch(s.getMoves), "offset", "limit"))
	s.mux.HandleFunc("POST /games/{id}/moves", strictQuery(s.withMatch(s.postMove)))
	s.mux.HandleFunc("POST /games/{id}/resign", strictQuery(s.withMatch(s.resign)))
	s.mux.HandleFunc("GET /games/{id}/history", strictQuery(s.withMatch(s.getHistory)))
	s.mux.HandleFunc("GET /games/{id}/svg", strictQuery(s.withMatch(s.getSVG)))
	s.webRoutes()
	s.pageRoutes()
}

// strictQuery wraps the handler of a route that takes the query
// parameters names, and no other: a request with a parameter the route
// does not know, one given twice or a query that does not parse is
// refused with 400, before anything else, rather than served as if the
// parameter were not there, which would hide a client's mistake (a
// misspelt "limit" would silently give the default page).
func strictQuery(h http.HandlerFunc, names ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := checkQuery(r.Pattern, r.URL.RawQuery, names); err != nil {
			fail(w, nil, err)
			return
		}
		h(w, r)
	}
}

// checkQuery checks the raw query of a request to the route pattern
// against the parameters the route takes.
func checkQuery(pattern, raw string, names []string) error {
	if raw == "" {
		return nil
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return failf(http.StatusBadRequest, "request", "bad query: %v", err)
	}
	takes := "takes none"
	if len(names) > 0 {
		takes = "takes only " + strings.Join(names, " and ")
	}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if !slices.Contains(names, name) {
			return failf(http.StatusBadRequest, "request", "unknown query parameter %q (%s %s)", name, pattern, takes)
		}
		if len(q[name]) > 1 {
			return failf(http.StatusBadRequest, "request", "query parameter %q given %d times", name, len(q[name]))
		}
	}
	return nil
}

// ServeHTTP answers a request. The mux's own answers for an unknown path
// (404) or method (405) are turned into JSON errors like the others. A
// panic in a handler, which would be a bug, is answered with a 500 rather
// than by dropping the connection.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			log.Printf("referee: panic serving %s %s: %v", r.Method, r.URL.Path, v)
			writeError(w, http.StatusInternalServerError, "internal", "", "internal error")
		}
	}()
	switch {
	case s.mux == nil:
		writeError(w, http.StatusInternalServerError, "internal", "", "internal error: the zero Server serves nothing (build one with NewServer)")
		return
	case s.ctx.Err() != nil: // closed
		retryAfter(w, unavailableRetry)
		writeError(w, http.StatusServiceUnavailable, "unavailable", "", "the server is stopping: try again in a moment")
		return
	}
	if h, pattern := s.mux.Handler(r); pattern == "" {
		rec := &recorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		switch rec.status {
		case http.StatusNotFound:
			writeError(w, http.StatusNotFound, "not-found", "", "no such path: %s", askedPath(r))
		case http.StatusMethodNotAllowed:
			w.Header().Set("Allow", rec.header.Get("Allow"))
			writeError(w, http.StatusMethodNotAllowed, "method", "", "%s is not allowed on %s (allowed: %s)", hops.Quote(r.Method), askedPath(r), rec.header.Get("Allow"))
		default: // a redirect to the cleaned path
			for k, v := range rec.header {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.status)
			w.Write(rec.body)
		}
		return
	}
	s.mux.ServeHTTP(w, r)
}

// recorder keeps the answer of the mux's own handlers.
type recorder struct {
	header http.Header
	status int
	body   []byte
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	r.body = append(r.body, b...)
	return len(b), nil
}

// The JSON the server answers.
type (
	kindJSON struct {
		Name   string    `json:"name"`
		Title  string    `json:"title"`
		Sides  [2]string `json:"sides"`
		Hidden bool      `json:"hidden,omitempty"`
	}
	createdJSON struct {
		ID         string `json:"id"`
		Game       string `json:"game"`
		You        string `json:"you"`
		First      string `json:"first"`
		Token      string `json:"token"`
		Invitation string `json:"invitation,omitempty"` // none when the opponent is a computer player
	}
	joinedJSON struct {
		ID    string `json:"id"`
		Game  string `json:"game"`
		You   string `json:"you"`
		Token string `json:"token"`
	}
	stateJSON struct {
		ID       string       `json:"id"`
		Game     string       `json:"game"`
		Status   string       `json:"status"`
		Ply      int          `json:"ply"`
		Version  int          `json:"version"` // the game's events so far, the events' id: rises with each, a takeback too
		ToMove   string       `json:"to_move"`
		Position string       `json:"position"`
		Diagram  string       `json:"diagram"`
		Outcome  hops.Outcome `json:"outcome"`
		You      string       `json:"you,omitempty"`
		View     bool         `json:"view,omitempty"` // position and diagram are You's view
		// Unjoined: the game ended before anyone joined it (its creator
		// resigned), so nobody played the side Outcome names the winner.
		Unjoined bool `json:"unjoined,omitempty"`
		// Opponent is the computer player's strength ("easy", "medium",
		// "hard") in a game against the computer, which plays the side
		// Computer; both empty between two people.
		Opponent string `json:"opponent,omitempty"`
		Computer string `json:"computer,omitempty"`
	}
	movesJSON struct {
		ID     string   `json:"id"`
		Ply    int      `json:"ply"`
		ToMove string   `json:"to_move"`
		Total  int      `json:"total"`
		Offset int      `json:"offset"`
		Moves  []string `json:"moves"`
	}
	historyJSON struct {
		ID     string   `json:"id"`
		Game   string   `json:"game"`
		Status string   `json:"status"`
		Start  string   `json:"start"`
		Moves  []string `json:"moves"`
		// Reveals, in Brouillard, says for each move what it made
		// public ("D5 Ten captured"), "" when nothing.
		Reveals []string `json:"reveals,omitempty"`
		Result  string   `json:"result"`
	}
	errorJSON struct {
		Error       string `json:"error"`
		Kind        string `json:"kind"`
		Rule        string `json:"rule,omitempty"`
		Unconfirmed bool   `json:"unconfirmed,omitempty"` // see unconfirmed
	}
)

// The requests the server reads.
type (
	createRequest struct {
		Game        string `json:"game"`
		First       string `json:"first"`
		Side        string `json:"side"`
		Arrangement string `json:"arrangement"`
		// Opponent is "person" (the default: someone joins with the
		// invitation) or a computer player the server runs (see bot.go).
		Opponent string `json:"opponent"`
	}
	joinRequest struct {
		Invitation  string `json:"invitation"`
		Arrangement string `json:"arrangement"`
	}
	moveRequest struct {
		Move string `json:"move"`
		// Ply, if given, is the number of moves the client sees played:
		// the game must still have that many, so that a move sent twice
		// (a retry after a lost answer, the browser's own resending) is
		// not played again once the game has come back to its turn.
		Ply *int `json:"ply,omitempty"`
	}
	emptyRequest struct{}
)

// random fills b from the server's random source.
func (s *Server) random(b []byte) error {
	s.randMu.Lock()
	defer s.randMu.Unlock()
	_, err := io.ReadFull(s.rand, b)
	return err
}

func (s *Server) newToken() (string, error) {
	var b [16]byte
	if err := s.random(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// newRand returns a generator seeded from the server's source, to draw
// secret setups.
func (s *Server) newRand() (*rand.Rand, error) {
	var seed [16]byte
	if err := s.random(seed[:]); err != nil {
		return nil, err
	}
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))), nil
}

func (s *Server) kinds(w http.ResponseWriter, r *http.Request) {
	var out []kindJSON
	for _, g := range games.All() {
		out = append(out, kindJSON{Name: g.Name, Title: g.Title, Sides: g.Sides, Hidden: games.Hidden(g)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"kinds": out})
}

// clientIP returns the client a request came from (see clientKey): its
// connection's peer or, through a trusted proxy, the client the proxy
// names (see forwardedFor).
func (s *Server) clientIP(r *http.Request) string {
	return clientKey(forwardedFor(r, s.cfg.TrustedProxies))
}

// clientKey returns the client of a remote address ("host:port"), the key
// of the rate limits and of the connection shares: the IPv4 address, or
// the /64 network of an IPv6 address, since one host commonly holds a
// whole /64. It is taken from the connection, or from the header of a
// proxy the server was told to trust (Config.TrustedProxies), never from
// a header of anyone else's, which anyone can forge.
func clientKey(remote string) string {
	addr, ok := hostAddr(remote)
	if !ok {
		host, _, err := net.SplitHostPort(remote)
		if err != nil {
			return remote
		}
		return host
	}
	if addr.Is6() {
		prefix, _ := addr.Prefix(64)
		return prefix.String()
	}
	return addr.String()
}

// hostAddr returns the address of the host of remote ("host:port", or
// a host alone), an IPv4-mapped address as IPv4, if it is an address.
func hostAddr(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	addr, err := netip.ParseAddr(host)
	return addr.Unmap(), err == nil
}

// retryAfter sets the Retry-After header of a refusal to wait, rounded up
// to a whole second (retrySeconds).
func retryAfter(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(retrySeconds(wait)/time.Second)))
}

// retrySeconds is wait rounded up to a whole second, at least one, as a
// Retry-After header says it, and as the message beside it says it.
func retrySeconds(wait time.Duration) time.Duration {
	if wait >= longestRetry {
		return longestRetry // a tiny rate's wait: said, not overflowed
	}
	return time.Duration(max(1, int(math.Ceil(wait.Seconds())))) * time.Second
}

// longestRetry is the longest wait a refusal says: a year.
const longestRetry = 365 * 24 * time.Hour

// rateError is the 429 of a creation over a rate: what, then when to try
// again, which the Retry-After header says too.
func rateError(wait time.Duration, what string, args ...any) error {
	e := failf(http.StatusTooManyRequests, "rate", what+": try again in %v", append(args, retrySeconds(wait))...)
	e.retry = wait
	return e
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !readJSON(w, r, &req) {
		return
	}
	key, err := idempotencyKey(r)
	if err != nil {
		fail(w, nil, err)
		return
	}
	ctx, cancel := s.storeContext(r.Context())
	defer cancel()
	out, err := s.createGameFor(ctx, req, key, &admission{s: s, client: s.clientIP(r)}, nil)
	if err != nil {
		fail(w, nil, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// admission is the creation rate a request to create a game spends: one
// game from its client's share and one from all clients', taken when
// the game is about to be stored, after the request was found valid, and
// given back if the game is not stored. A request refused for what it
// asks, and a retry answered again (idempotency.go), spend nothing.
type admission struct {
	s      *Server
	client string
}

// spend takes the request's share of the rates, or returns the 429 that
// refuses it.
func (a *admission) spend() error {
	now := a.s.cfg.Now()
	if ok, wait := a.s.limiter.allow(a.client, now); !ok {
		return rateError(wait, "too many games created from %s", a.client)
	}
	if ok, wait := a.s.global.allow("", now); !ok {
		a.s.limiter.refund(a.client)
		return rateError(wait, "too many games are being created")
	}
	return nil
}

// giveBack returns what spend took, for a game that was not stored.
func (a *admission) giveBack() {
	a.s.limiter.refund(a.client)
	a.s.global.refund("")
}

// readArrangement returns the arrangement a player asked for, or one drawn
// at random if he left it to the server.
func (s *Server) readArrangement(g *hops.Game, text string) (brouillard.Arrangement, error) {
	if !games.Hidden(g) {
		if text != "" {
			return brouillard.Arrangement{}, failf(http.StatusBadRequest, "request", "%s has no secret arrangement", g.Title)
		}
		return brouillard.Arrangement{}, nil
	}
	if text == "" {
		r, err := s.newRand()
		if err != nil {
			return brouillard.Arrangement{}, err
		}
		return brouillard.RandomArrangement(r), nil
	}
	a, err := brouillard.ParseArrangement(text)
	if err != nil {
		return a, fieldError("arrangement", err)
	}
	return a, nil
}

// createGame creates a game as req asks, stores it and returns what its
// creator is told. The calls to the store are made with ctx (see
// storeContext).
func (s *Server) createGame(ctx context.Context, req createRequest, key string) (createdJSON, error) {
	return s.createGameFor(ctx, req, key, nil, nil)
}

// createGameFor is createGame; with invitee set, the second seat is
// claimed not with an invitation drawn for the game but with the token
// whose hash invitee is (a rematch's other player, rematch.go), and its
// creator is given no invitation. With a key, hashes are those of the
// requests whose game of the key is taken for this one's (see
// createKeyed); none means req's as a creation.
func (s *Server) createGameFor(ctx context.Context, req createRequest, key string, adm *admission, invitee *tokenHash, hashes ...string) (createdJSON, error) {
	if key != "" {
		if len(hashes) == 0 {
			hashes = []string{requestHash(key, "create", req)}
		}
		return s.createKeyed(ctx, req, key, adm, invitee, hashes)
	}
	// An id drawn at random is new but for a store that says otherwise
	// (a store of its own that reuses ids, a Rand that repeats): another
	// is drawn, a few times, before the store is taken to be at fault.
	for range idDraws {
		var ng newGame
		var err error
		if ng.id, err = s.newToken(); err == nil {
			if ng.token, err = s.newToken(); err == nil {
				ng.invitation, err = s.newToken()
			}
		}
		if err != nil {
			return createdJSON{}, err
		}
		ng.invitee, ng.admission = invitee, adm
		created, err := s.createGameWith(ctx, req, ng)
		if !errors.Is(err, ErrExists) {
			return created, err
		}
		log.Printf("referee: the store says the new id %s is taken", ng.id)
	}
	e := failf(http.StatusServiceUnavailable, "unavailable", "the game store took %d new game ids for ids it holds: nothing was recorded; try again in a moment", idDraws)
	e.retry = unavailableRetry
	return createdJSON{}, e
}

// idDraws is how many ids drawn at random a creation tries.
const idDraws = 3

// newGame is the id and the secrets of a game being created: drawn at
// random, or derived from an idempotency key (then with the hash of the
// request).
type newGame struct {
	id, token, invitation, request string
	invitee                        *tokenHash // see createGameFor
	admission                      *admission // the rates the creation spends, if any
}

// createGameWith creates the game req asks for, as ng. It returns
// ErrExists, as it is, if ng.id is taken.
func (s *Server) createGameWith(ctx context.Context, req createRequest, ng newGame) (createdJSON, error) {
	g, ok := games.ByName(req.Game)
	switch {
	case req.Game == "":
		return createdJSON{}, failf(http.StatusBadRequest, "request", "the field \"game\" is missing: want one of %s", strings.Join(games.Names(), ", "))
	case !ok:
		return createdJSON{}, failf(http.StatusBadRequest, "request", "unknown game %s (want one of %s)", hops.Quote(req.Game), strings.Join(games.Names(), ", "))
	}
	first, creator := hops.First, hops.First
	for _, f := range []struct {
		name, text string
		side       *hops.Side
	}{{"first", req.First, &first}, {"side", req.Side, &creator}} {
		if f.text == "" {
			continue
		}
		side, err := g.ParseSide(f.text)
		if err != nil {
			return createdJSON{}, fieldError(f.name, err)
		}
		*f.side = side
	}
	mine, err := s.readArrangement(g, req.Arrangement)
	if err != nil {
		return createdJSON{}, err
	}
	if err := checkOpponent(req.Opponent); err != nil {
		return createdJSON{}, err
	}
	start := g.Start(first)
	if games.Hidden(g) {
		// Provisional until the join: the opponent's pawns in the
		// example arrangement, never shown but through the creator's view.
		if start, err = trueStart(creator, mine, brouillard.StartArrangement(creator.Other()), first); err != nil {
			return createdJSON{}, err
		}
	}
	id, token, invitation := ng.id, ng.token, ng.invitation
	now := s.cfg.Now()
	m := &match{id: id, game: g, hidden: games.Hidden(g), maxPlies: s.cfg.MaxPlies, creator: creator,
		arrangement: mine, start: start, state: start, invitation: hashOf(invitation), opponent: req.Opponent,
		history: []string{}, reveals: []string{}, version: 1, began: now, last: now, request: ng.request}
	m.tokens[creator] = hashOf(token)
	if ng.invitee != nil {
		m.invitation, invitation = *ng.invitee, ""
	}
	e := Event{Type: EventCreate, Time: now, Game: g.Name, Creator: g.SideName(creator), Start: start.String(),
		Token: m.tokens[creator].String(), Invitation: m.invitation.String(), MaxPlies: m.maxPlies, Opponent: req.Opponent,
		Request: ng.request}
	if m.hidden {
		e.Arrangement = mine.String()
	}
	if ng.admission != nil {
		if err := ng.admission.spend(); err != nil {
			return createdJSON{}, err
		}
	}
	if err := s.host(ctx, m, e); err != nil {
		if ng.admission != nil {
			ng.admission.giveBack()
		}
		return createdJSON{}, err
	}
	if isBot(req.Opponent) {
		// The computer player claims the invitation at once: nobody
		// else may.
		if err := s.seatBot(ctx, m, invitation); err != nil {
			return createdJSON{}, unseated(err)
		}
		invitation = ""
	}
	return createdJSON{ID: id, Game: g.Name, You: g.SideName(creator), First: g.SideName(first), Token: token, Invitation: invitation}, nil
}

// viewer is who sent a request: a side, or nobody (a spectator).
type viewer struct {
	side  hops.Side
	ok    bool
	token string // the token he sent, which proved his side
}

// svg renders d as the asker sees the board: a player of the second side
// from across the table, turned half round (hops.Drawing.Flipped); a
// spectator and the first side's player with A1 at the bottom left.
func (who viewer) svg(d hops.Drawing) string {
	d.Flipped = who.ok && who.side == hops.Second
	return d.SVG()
}

// withGame finds the game named in the path, then calls h. The calls to
// the store made for the request, to find the game and by h, share one
// context (see storeContext), which h gets with storeContextOf.
func (s *Server) withGame(h func(w http.ResponseWriter, r *http.Request, m *match)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := s.storeContext(r.Context())
		defer cancel()
		m, err := s.lookupContext(ctx, r.PathValue("id"))
		if err != nil {
			fail(w, nil, err)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), storeKey{}, ctx)), m)
	}
}

// withMatch finds the game named in the path and who is asking, then
// calls h. A request with a wrong token is refused with 401; so is a
// request without one about a game with hidden pieces.
func (s *Server) withMatch(h func(w http.ResponseWriter, r *http.Request, m *match, who viewer)) http.HandlerFunc {
	return s.withGame(func(w http.ResponseWriter, r *http.Request, m *match) {
		who, ok := asker(w, r, m)
		if !ok {
			return
		}
		if m.hidden && !who.ok {
			m.mu.Lock()
			over := public(m.snapshot())
			m.mu.Unlock()
			if over {
				// The game is over and public, but not on these paths.
				writeError(w, http.StatusUnauthorized, "auth", "", "%s hides pieces: this path answers a player, with his side's token (Authorization: Bearer <token>); the finished game is public through /games/%s/replay and /games/%s/record", m.game.Title, m.id, m.id)
				return
			}
			writeError(w, http.StatusUnauthorized, "auth", "", "%s hides pieces: send your side's token (Authorization: Bearer <token>)", m.game.Title)
			return
		}
		h(w, r, m, who)
	})
}

// asker returns who sent r about m: the side of the token it carries, or
// nobody if it carries none. A wrong token is answered with 401.
func asker(w http.ResponseWriter, r *http.Request, m *match) (viewer, bool) {
	auth := r.Header.Get("Authorization")
	if auth == "" {
		return viewer{}, true
	}
	// The scheme's name is read in any case (RFC 9110), and spaces
	// around the token are no part of it.
	scheme, token, ok := strings.Cut(strings.TrimSpace(auth), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		writeError(w, http.StatusUnauthorized, "auth", "", "send the token as Authorization: Bearer <token>")
		return viewer{}, false
	}
	m.mu.Lock()
	side, known := m.sideOf(strings.TrimSpace(token))
	m.mu.Unlock()
	if !known {
		writeError(w, http.StatusUnauthorized, "auth", "", "the token is not one of this game's")
		return viewer{}, false
	}
	return viewer{side, true, strings.TrimSpace(token)}, true
}

// take returns a snapshot of m.
func take(m *match) snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.snapshot()
}

// stateOf describes a game as who may see it: for a game with hidden
// pieces, who's view, and nothing computed from the true position but
// what the view holds too.
func stateOf(snap snapshot, who viewer) (stateJSON, error) {
	st, o := snap.state, snap.outcome
	out := stateJSON{
		ID:      snap.id,
		Game:    snap.game.Name,
		Status:  snap.status,
		Ply:     len(snap.history),
		Version: snap.version,
		ToMove:  snap.game.SideName(st.ToMove()),
		Outcome: o,
		// Unjoined: ended before anyone joined (a resignation).
		Unjoined: snap.unjoined(),
	}
	if level, side, ok := snap.computer(); ok {
		out.Opponent, out.Computer = level, snap.game.SideName(side)
	}
	if who.ok {
		out.You = snap.game.SideName(who.side)
	}
	if !snap.hidden {
		out.Position, out.Diagram = st.String(), st.Diagram()
		return out, nil
	}
	v, err := games.ViewOf(st, who.side)
	if err != nil {
		return stateJSON{}, err
	}
	out.Position, out.Diagram, out.View = v.String(), v.Diagram(), true
	return out, nil
}

func (s *Server) getState(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	st, err := stateOf(take(m), who)
	if err != nil {
		fail(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// getSVG answers a picture of the position (the asker's view in a game
// with hidden pieces), with the last move drawn as arrows and the pawns
// it acted on framed (see framedBy).
func (s *Server) getSVG(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	snap := take(m)
	last := ""
	if n := len(snap.history); n > 0 {
		last = snap.history[n-1]
	}
	d, err := snap.state.Drawing(last)
	if err == nil && snap.hidden {
		var v games.View
		if v, err = games.ViewOf(snap.state, who.side); err == nil {
			d, err = v.Drawing(last)
		}
	}
	if err != nil {
		fail(w, m, err)
		return
	}
	d.Highlight = framedBy(snap.before, last)
	endCaption(&d, snap)
	w.Header().Set("Content-Type", "image/svg+xml")
	io.WriteString(w, who.svg(d))
}

// framedBy returns the pawns that move, played from before, acted on
// without moving them, where they stand after it, for a picture of the
// position after the move to frame, as its arrows do not show them: in
// Coir the pawns it turned to the mover's side (C5), in Catch'it the pawn
// it took the ball from (K5). A pawn framed and then moved by the turn's
// other part (Coir's step, Catch'it's second displacement) is framed
// where that took it. The other games act on no pawn a move does not
// move (a Brouillard pawn turned over stays marked as such), and a nil
// before (the start) gives none.
func framedBy(before hops.State, move string) hops.Bitboard {
	if p, ok := hops.As[catchit.Position](before); ok {
		return ballTakenFrom(p, move)
	}
	if p, ok := hops.As[coir.Position](before); ok {
		return turnedBy(p, move)
	}
	return 0
}

// turnedBy returns the pawns move, played from p, turned to the mover's
// side (C5), where they stand after it.
func turnedBy(p coir.Position, move string) hops.Bitboard {
	m, err := coir.ParseMove(move)
	if err != nil {
		return 0
	}
	turned, err := p.Turns(m)
	if err != nil {
		return 0
	}
	if from, to, ok := m.Step(); ok && turned.Has(from) {
		turned = turned&^from.Bit() | to.Bit()
	}
	return turned
}

// ballTakenFrom returns the pawn move, played from p, took the ball from
// (the carrier as the turn began: K8 lets nothing move the ball before it
// is taken), where it stands after the move; none when the move took no
// ball.
func ballTakenFrom(p catchit.Position, move string) hops.Bitboard {
	m, err := catchit.ParseMove(move)
	if err != nil || !m.First().HasMarks() && !m.Second().HasMarks() {
		return 0
	}
	carrier := p.Carrier()
	if !hops.Board7.Contains(carrier) {
		return 0
	}
	// Taken in the first displacement, the former carrier may make the
	// second (K7).
	if second := m.Second(); m.First().HasMarks() && second.Len() > 0 && second.From() == carrier {
		return second.To().Bit()
	}
	return carrier.Bit()
}

// endCaption writes under d, a picture of snap's last position, how the
// game ended when the server ended it (a resignation, the ply bound),
// which the position alone does not show: its caption named the side to
// move of a game resigned. A game its creator resigned before anyone
// joined gives the reason alone ("White resigned before anyone
// joined"), as the page does, rather than name a winner nobody played.
func endCaption(d *hops.Drawing, snap snapshot) {
	switch {
	case snap.unjoined():
		d.Caption = snap.outcome.Reason
	case snap.status == StatusOver && snap.outcome.Over:
		d.Caption = engine.Caption(snap.outcome, "")
	case snap.status == StatusClosed:
		d.Caption = fmt.Sprintf("closed unfinished after %d plies", len(snap.history))
	}
}

// queryInt reads the query parameter name, an integer in [lo, hi], or def
// when absent.
func queryInt(r *http.Request, name string, def, lo, hi int) (int, error) {
	text := r.URL.Query().Get(name)
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < lo || n > hi {
		return 0, failf(http.StatusBadRequest, "request", "%s=%q: want an integer from %d to %d", name, text, lo, hi)
	}
	return n, nil
}

// getMoves answers a page of the legal moves of the side to move. The
// page is computed from a snapshot, outside the game's lock: the moves are
// counted by the game's counter and only those up to offset+limit are
// generated, and only the page's texts are built, so that a small page of
// a Coir Dame's hundreds of thousands of moves costs little more than a
// page at the start.
func (s *Server) getMoves(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	offset, err := queryInt(r, "offset", 0, 0, math.MaxInt32)
	if err != nil {
		fail(w, m, err)
		return
	}
	limit, err := queryInt(r, "limit", DefaultMovesLimit, 1, MaxMovesLimit)
	if err != nil {
		fail(w, m, err)
		return
	}
	snap := take(m)
	out := movesJSON{ID: snap.id, Ply: len(snap.history), ToMove: snap.game.SideName(snap.state.ToMove()), Offset: offset, Moves: []string{}}
	if snap.status != StatusClosed && snap.status != StatusOver {
		out.Total = m.countOf(snap)
		if out.Total > heavyPage {
			// A position with many moves generates them all for any page
			// (the canonical order needs every jump sequence first): tens
			// of milliseconds in a Coir Dame's. Such pages take turns, so
			// that they can neither starve the other requests of the
			// processors nor fill the heap.
			release, err := s.heavyTurn(r)
			if err != nil {
				fail(w, m, err)
				return
			}
			defer release()
		}
		// In a game with hidden pieces these are also the moves of the
		// asker's view, in the same order: legality never depends on a
		// hidden face (brouillard.View.Moves), so the page tells nothing.
		out.Moves = snap.state.MovesPage(offset, limit)
	}
	writeJSON(w, http.StatusOK, out)
}

// heavyPage is the number of legal moves past which a position's pages
// of moves are heavy: they wait for their turn (see heavyTurn).
const heavyPage = 4096

// heavyWait is how long a heavy page waits for its turn before it is
// refused with 503.
const heavyWait = 5 * time.Second

// heavyTurn waits until fewer heavy pages than half the processors are
// being computed, and returns the function that ends the turn; it
// refuses with 503 if none comes within heavyWait or the client leaves.
func (s *Server) heavyTurn(r *http.Request) (func(), error) {
	timer := time.NewTimer(heavyWait)
	defer timer.Stop()
	select {
	case s.heavy <- struct{}{}:
		return func() { <-s.heavy }, nil
	case <-timer.C:
	case <-r.Context().Done():
	}
	return nil, failf(http.StatusServiceUnavailable, "busy", "the server is busy with long move lists: try again in a moment")
}

func (s *Server) getHistory(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	snap := take(m)
	out := historyJSON{
		ID:     snap.id,
		Game:   snap.game.Name,
		Status: snap.status,
		Start:  snap.start.String(),
		Moves:  snap.history,
		Result: hops.ResultOf(snap.outcome),
	}
	if snap.hidden {
		v, err := games.ViewOf(snap.start, who.side)
		if err != nil {
			fail(w, m, err)
			return
		}
		out.Start = v.String()
		// The reveals are public (B4, B8): both players get them.
		out.Reveals = snap.reveals
	}
	writeJSON(w, http.StatusOK, out)
}

// mover reports whether the request carries a player's token, and
// answers 401 when it does not.
func mover(w http.ResponseWriter, who viewer) bool {
	return authorized(w, who, "the token of the side to move")
}

// authorized reports whether the request carries a player's token, and
// answers 401 asking to send what when it does not.
func authorized(w http.ResponseWriter, who viewer, what string) bool {
	if !who.ok {
		writeError(w, http.StatusUnauthorized, "auth", "", "send %s (Authorization: Bearer <token>)", what)
	}
	return who.ok
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	var req moveRequest
	if !readJSON(w, r, &req) {
		return
	}
	if !plyGiven(w, req.Ply) || !mover(w, who) {
		return
	}
	snap, err := s.playAt(storeContextOf(r), m, who.side, req.Move, -1, req.Ply)
	writeState(w, m, who, snap, err)
}

// play plays move for side in m: it checks that the game is being played,
// that it is side's turn and that the move is legal, stores the move's
// canonical text and only then applies it, and returns the game as the
// move left it. It is the one way a move enters a game, whoever plays it.
// Its errors are apiErrors but for internal ones. The calls to the store
// are made with ctx (see storeContext).
func (s *Server) play(ctx context.Context, m *match, side hops.Side, move string) (snapshot, error) {
	return s.playAt(ctx, m, side, move, -1, nil)
}

// errChanged is playAt's answer when the game is no longer at the version
// the move was chosen for.
var errChanged = errors.New("the game changed since the move was chosen")

// playAt is play of a move chosen for the game at version (-1: any):
// when the game has moved on (another node's write read, a takeback and
// a new move), the move is not played and the error is errChanged, though
// it may be legal in the new position: the computer's reply to an older
// position must not answer a newer one. A move sent for the game at ply
// moves played (nil: any) is refused when the game has another number
// (409 changed), for the same reason.
func (s *Server) playAt(ctx context.Context, m *match, side hops.Side, move string, version int, ply *int) (snapshot, error) {
	if err := m.turn.lock(ctx); err != nil {
		return snapshot{}, unavailable()
	}
	defer m.turn.unlock()
	err := s.commit(ctx, m, func() (Event, func(), error) {
		if version >= 0 && m.version != version {
			return Event{}, nil, errChanged
		}
		if err := m.checkPlayable(); err != nil {
			return Event{}, nil, err
		}
		if why := m.changedSince(ply); why != "" {
			return Event{}, nil, failf(http.StatusConflict, "changed", "%s, and the move was not played", why)
		}
		if m.state.ToMove() != side {
			return Event{}, nil, notYourTurn(m.state, side)
		}
		st, err := m.advance(move)
		if err != nil {
			return Event{}, nil, err
		}
		ply := len(m.history) + 1
		e := Event{Type: EventMove, Time: s.cfg.Now(), Ply: ply, Move: st.move, End: st.next.Outcome().Over || ply >= m.maxPlies}
		return e, m.moved(st), nil
	})
	if err != nil {
		return snapshot{}, err
	}
	return take(m), nil
}

func (s *Server) join(w http.ResponseWriter, r *http.Request, m *match) {
	var req joinRequest
	if !readJSON(w, r, &req) {
		return
	}
	key, err := idempotencyKey(r)
	if err != nil {
		fail(w, m, err)
		return
	}
	out, err := s.claim(storeContextOf(r), m, req, key)
	if err != nil {
		fail(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// claim lets the second player join m with its invitation, once, and
// returns his token. With an idempotency key (see idempotency.go) the
// token is derived from it, and a retry of the join that took the seat
// is answered again. The calls to the store are made with ctx.
func (s *Server) claim(ctx context.Context, m *match, req joinRequest, key string) (joinedJSON, error) {
	mine, err := s.readArrangement(m.game, req.Arrangement)
	if err != nil {
		return joinedJSON{}, err
	}
	var token, hash string
	if key != "" {
		token, hash = derive("join token", key, m.id), requestHash(key, "join", req)
	} else if token, err = s.newToken(); err != nil {
		return joinedJSON{}, err
	}
	if err := m.turn.lock(ctx); err != nil {
		return joinedJSON{}, unavailable()
	}
	defer m.turn.unlock()
	joiner := m.creator.Other()
	var again joinedJSON
	err = s.commit(ctx, m, func() (Event, func(), error) {
		h := hashOf(req.Invitation)
		invited := subtle.ConstantTimeCompare(h[:], m.invitation[:]) == 1
		if m.joined {
			if out, retry, err := m.joinedAgain(key, hash); invited && retry {
				again = out
				if err == nil {
					err = errRetried
				}
				return Event{}, nil, err
			}
			return Event{}, nil, failf(http.StatusConflict, "claimed", "the invitation was already claimed")
		}
		if m.resigned {
			return Event{}, nil, failf(http.StatusConflict, "over", "the game is over: %s", m.outcome())
		}
		if !invited {
			if req.Invitation == "" {
				return Event{}, nil, failf(http.StatusUnauthorized, "auth", "the field \"invitation\" is missing: the link to the game holds it")
			}
			return Event{}, nil, failf(http.StatusUnauthorized, "auth", "wrong invitation")
		}
		start := m.start
		if m.hidden {
			var err error
			if start, err = trueStart(m.creator, m.arrangement, mine, m.start.ToMove()); err != nil {
				return Event{}, nil, err
			}
		}
		e := Event{Type: EventJoin, Time: s.cfg.Now(), Token: hashOf(token).String(), Request: hash}
		if m.hidden {
			e.Start = start.String()
		}
		return e, m.joinedBy(hashOf(token), start, hash), nil
	})
	if err == errRetried {
		return again, nil
	}
	if err != nil {
		return joinedJSON{}, err
	}
	return joinedJSON{ID: m.id, Game: m.game.Name, You: m.game.SideName(joiner), Token: token}, nil
}

func (s *Server) resign(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	if !readEmpty(w, r) {
		return
	}
	if !authorized(w, who, "your token to resign") {
		return
	}
	snap, err := s.abandon(storeContextOf(r), m, who.side)
	writeState(w, m, who, snap, err)
}

// abandon records side's resignation: the other side wins.
func (s *Server) abandon(ctx context.Context, m *match, side hops.Side) (snapshot, error) {
	if err := m.turn.lock(ctx); err != nil {
		return snapshot{}, unavailable()
	}
	defer m.turn.unlock()
	err := s.commit(ctx, m, func() (Event, func(), error) {
		if st := m.status(); st == StatusOver || st == StatusClosed {
			return Event{}, nil, m.checkPlayable()
		}
		e := Event{Type: EventResign, Time: s.cfg.Now(), Side: m.game.SideName(side), End: true}
		return e, func() { m.resigned, m.resigner = true, side }, nil
	})
	if err != nil {
		return snapshot{}, err
	}
	return take(m), nil
}

// Config returns the server's configuration, with the defaults it filled
// in. The result is a copy: changing it, its TrustedProxies included,
// does not change the server.
func (s *Server) Config() Config {
	c := s.cfg
	c.TrustedProxies = slices.Clone(c.TrustedProxies)
	return c
}

// askedPath returns the path of r as its client wrote it, quoted and cut
// short (hops.Quote): under a prefix (http.StripPrefix) the path the
// server sees has lost it, and the client would not recognise it.
func askedPath(r *http.Request) string {
	path := r.URL.EscapedPath()
	if u, err := url.ParseRequestURI(r.RequestURI); err == nil && u.Path != "" {
		path = u.EscapedPath() // "/a%2Fb" as sent, not "/a/b"
	}
	return hops.Quote(path)
}
