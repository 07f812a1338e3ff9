package main

import (
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// MaxBody is the largest request body the server reads, in bytes.
const MaxBody = 4 << 10

// Config configures a Server.
type Config struct {
	// MaxGames is the most games the server holds; creating one more is
	// refused with 503. 0 means 10000.
	MaxGames int
	// Rand is the source of game ids, tokens and secret setups; it must
	// be unpredictable (crypto/rand.Reader) for a server on a network.
	// Tests may pass a seeded source. It is only read under a lock.
	Rand io.Reader
}

// Server is the referee's HTTP handler. It is safe for concurrent use:
// the table of games has its own lock and every game has one, so requests
// about different games do not wait for each other, and the moves of one
// game are checked and played one at a time.
type Server struct {
	mux *http.ServeMux
	max int

	randMu sync.Mutex
	rand   io.Reader

	mu    sync.RWMutex
	games map[string]*match
}

// match is one hosted game.
type match struct {
	id     string
	game   *hops.Game
	hidden bool
	tokens [2]string

	mu      sync.Mutex
	start   hops.State
	state   hops.State
	history []string
}

// NewServer returns a server with no games.
func NewServer(c Config) *Server {
	s := &Server{mux: http.NewServeMux(), max: c.MaxGames, rand: c.Rand, games: map[string]*match{}}
	if s.max <= 0 {
		s.max = 10000
	}
	s.mux.HandleFunc("GET /kinds", s.kinds)
	s.mux.HandleFunc("POST /games", s.create)
	s.mux.HandleFunc("GET /games/{id}", s.withMatch(s.getState))
	s.mux.HandleFunc("GET /games/{id}/moves", s.withMatch(s.getMoves))
	s.mux.HandleFunc("POST /games/{id}/moves", s.withMatch(s.postMove))
	s.mux.HandleFunc("GET /games/{id}/history", s.withMatch(s.getHistory))
	s.mux.HandleFunc("GET /games/{id}/svg", s.withMatch(s.getSVG))
	return s
}

// ServeHTTP answers a request. A panic in a handler, which would be a
// bug, is answered with a 500 rather than by dropping the connection.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			log.Printf("referee: panic serving %s %s: %v", r.Method, r.URL.Path, v)
			writeError(w, http.StatusInternalServerError, "internal", "", "internal error")
		}
	}()
	s.mux.ServeHTTP(w, r)
}

// The JSON the server answers.
type (
	kindJSON struct {
		Name   string    `json:"name"`
		Title  string    `json:"title"`
		Sides  [2]string `json:"sides"`
		Hidden bool      `json:"hidden"`
	}
	createdJSON struct {
		ID     string            `json:"id"`
		Game   string            `json:"game"`
		First  string            `json:"first"`
		Tokens map[string]string `json:"tokens"`
	}
	outcomeJSON struct {
		Over   bool   `json:"over"`
		Winner string `json:"winner,omitempty"`
		Rule   string `json:"rule,omitempty"`
		Reason string `json:"reason,omitempty"`
	}
	stateJSON struct {
		ID       string      `json:"id"`
		Game     string      `json:"game"`
		Ply      int         `json:"ply"`
		ToMove   string      `json:"to_move"`
		Position string      `json:"position"`
		Diagram  string      `json:"diagram"`
		Outcome  outcomeJSON `json:"outcome"`
		You      string      `json:"you,omitempty"`
		View     bool        `json:"view,omitempty"` // position and diagram are You's view
	}
	movesJSON struct {
		ID     string   `json:"id"`
		Ply    int      `json:"ply"`
		ToMove string   `json:"to_move"`
		Moves  []string `json:"moves"`
	}
	historyJSON struct {
		ID     string   `json:"id"`
		Game   string   `json:"game"`
		Start  string   `json:"start"`
		Moves  []string `json:"moves"`
		Result string   `json:"result"`
	}
	errorJSON struct {
		Error string `json:"error"`
		Kind  string `json:"kind"`
		Rule  string `json:"rule,omitempty"`
	}
)

// The requests the server reads.
type (
	createRequest struct {
		Game  string `json:"game"`
		First string `json:"first"`
	}
	moveRequest struct {
		Move string `json:"move"`
	}
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("referee: writing answer: %v", err)
	}
}

// writeError answers an error. kind sorts it: "request" (the request
// itself is wrong), "syntax" or "illegal" (the move is), "auth", "turn",
// "over", "not-found", "full", "internal".
func writeError(w http.ResponseWriter, status int, kind, rule, format string, args ...any) {
	writeJSON(w, status, errorJSON{Error: fmt.Sprintf(format, args...), Kind: kind, Rule: rule})
}

// readJSON decodes the request body, of at most MaxBody bytes, into v: one
// JSON object with only known fields. On failure it answers the request
// and returns false.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "request", "", "request body over %d bytes", MaxBody)
		} else {
			writeError(w, http.StatusBadRequest, "request", "", "bad JSON body: %v", err)
		}
		return false
	}
	return true
}

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

func (s *Server) kinds(w http.ResponseWriter, r *http.Request) {
	var out []kindJSON
	for _, g := range games.All() {
		out = append(out, kindJSON{Name: g.Name, Title: g.Title, Sides: g.Sides, Hidden: games.Hidden(g)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"kinds": out})
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !readJSON(w, r, &req) {
		return
	}
	g, ok := games.ByName(req.Game)
	if !ok {
		writeError(w, http.StatusBadRequest, "request", "", "unknown game %q (want one of %s)", req.Game, strings.Join(games.Names(), ", "))
		return
	}
	first := hops.First
	if req.First != "" {
		side, err := g.ParseSide(req.First)
		if err != nil {
			writeError(w, http.StatusBadRequest, "request", "", "%v", err)
			return
		}
		first = side
	}
	var seed [16]byte
	if err := s.random(seed[:]); err != nil {
		internal(w, nil, err)
		return
	}
	deal := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:])))
	start, err := games.Deal(g, first, deal)
	if err != nil {
		internal(w, nil, err)
		return
	}
	m, err := s.host(start)
	if errors.Is(err, errFull) {
		writeError(w, http.StatusServiceUnavailable, "full", "", "the server holds %d games, its limit", s.max)
		return
	}
	if err != nil {
		internal(w, nil, err)
		return
	}
	writeJSON(w, http.StatusCreated, createdJSON{
		ID:     m.id,
		Game:   g.Name,
		First:  g.SideName(first),
		Tokens: map[string]string{g.Sides[0]: m.tokens[0], g.Sides[1]: m.tokens[1]},
	})
}

var errFull = errors.New("too many games")

// host adds a game that starts from start, with a new id and tokens.
func (s *Server) host(start hops.State) (*match, error) {
	g := start.Game()
	m := &match{game: g, hidden: games.Hidden(g), start: start, state: start}
	var err error
	if m.id, err = s.newToken(); err == nil {
		if m.tokens[0], err = s.newToken(); err == nil {
			m.tokens[1], err = s.newToken()
		}
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) >= s.max {
		return nil, errFull
	}
	s.games[m.id] = m
	return m, nil
}

// viewer is who sent a request: a side, or nobody (a spectator).
type viewer struct {
	side hops.Side
	ok   bool
}

// withMatch finds the game named in the path and who is asking, then
// calls h. A request with a wrong token is refused with 401; so is a
// request without one about a game with hidden pieces.
func (s *Server) withMatch(h func(w http.ResponseWriter, r *http.Request, m *match, who viewer)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		s.mu.RLock()
		m := s.games[id]
		s.mu.RUnlock()
		if m == nil {
			writeError(w, http.StatusNotFound, "not-found", "", "no game %q", id)
			return
		}
		var who viewer
		if auth := r.Header.Get("Authorization"); auth != "" {
			token, ok := strings.CutPrefix(auth, "Bearer ")
			side, known := m.sideOf(token)
			if !ok || !known {
				writeError(w, http.StatusUnauthorized, "auth", "", "the token is not one of this game's")
				return
			}
			who = viewer{side, true}
		}
		if m.hidden && !who.ok {
			writeError(w, http.StatusUnauthorized, "auth", "", "%s hides pieces: send your side's token (Authorization: Bearer <token>)", m.game.Title)
			return
		}
		h(w, r, m, who)
	}
}

// sideOf returns the side whose token this is.
func (m *match) sideOf(token string) (hops.Side, bool) {
	for i, t := range m.tokens {
		if subtle.ConstantTimeCompare([]byte(token), []byte(t)) == 1 {
			return hops.Side(i), true
		}
	}
	return hops.First, false
}

// stateOf describes m's state as who may see it: for a game with hidden
// pieces, who's view, and nothing computed from the true position but
// what the view holds too. The caller holds m.mu.
func (m *match) stateOf(who viewer) (stateJSON, error) {
	st := m.state
	o := st.Outcome()
	out := stateJSON{
		ID:      m.id,
		Game:    m.game.Name,
		Ply:     len(m.history),
		ToMove:  m.game.SideName(st.ToMove()),
		Outcome: outcomeJSON{Over: o.Over, Rule: o.Rule, Reason: o.Reason},
	}
	if o.Over {
		out.Outcome.Winner = m.game.SideName(o.Winner)
	}
	if who.ok {
		out.You = m.game.SideName(who.side)
	}
	if !m.hidden {
		out.Position, out.Diagram = st.String(), st.Diagram()
		return out, nil
	}
	v, err := games.ViewOf(st, who.side)
	if err != nil {
		return stateJSON{}, err
	}
	out.Position, out.Diagram, out.View = v.Text, v.Diagram, true
	return out, nil
}

func (s *Server) getState(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	m.mu.Lock()
	st, err := m.stateOf(who)
	m.mu.Unlock()
	if err != nil {
		internal(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// getSVG answers a picture of the position (the asker's view in a game
// with hidden pieces), with the last move drawn as arrows.
func (s *Server) getSVG(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	m.mu.Lock()
	last := ""
	if n := len(m.history); n > 0 {
		last = m.history[n-1]
	}
	d, err := m.state.Drawing(last)
	if err == nil && m.hidden {
		var v games.View
		if v, err = games.ViewOf(m.state, who.side); err == nil {
			v.Drawing.Arrows = d.Arrows
			d = v.Drawing
		}
	}
	m.mu.Unlock()
	if err != nil {
		internal(w, m, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	io.WriteString(w, d.SVG())
}

func (s *Server) getMoves(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	m.mu.Lock()
	out := movesJSON{ID: m.id, Ply: len(m.history), ToMove: m.game.SideName(m.state.ToMove())}
	var err error
	if m.hidden {
		var v games.View
		v, err = games.ViewOf(m.state, who.side)
		out.Moves = v.Moves
	} else {
		out.Moves = m.state.Moves()
	}
	m.mu.Unlock()
	if err != nil {
		internal(w, m, err)
		return
	}
	if out.Moves == nil {
		out.Moves = []string{}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getHistory(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	m.mu.Lock()
	out := historyJSON{
		ID:     m.id,
		Game:   m.game.Name,
		Start:  m.start.String(),
		Moves:  append([]string{}, m.history...),
		Result: hops.ResultOf(m.state.Outcome()),
	}
	var err error
	if m.hidden {
		var v games.View
		v, err = games.ViewOf(m.start, who.side)
		out.Start = v.Text
	}
	m.mu.Unlock()
	if err != nil {
		internal(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	var req moveRequest
	if !readJSON(w, r, &req) {
		return
	}
	if !who.ok {
		writeError(w, http.StatusUnauthorized, "auth", "", "send the token of the side to move (Authorization: Bearer <token>)")
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state.Outcome().Over {
		writeError(w, http.StatusConflict, "over", "", "the game is over")
		return
	}
	if side := m.state.ToMove(); side != who.side {
		writeError(w, http.StatusForbidden, "turn", "", "it is %s's turn, not %s's", m.game.SideName(side), m.game.SideName(who.side))
		return
	}
	if m.hidden {
		// Check the move against what the mover knows, so that the
		// error cannot depend on the opponent's hidden pawns.
		v, err := games.ViewOf(m.state, who.side)
		if err != nil {
			internal(w, m, err)
			return
		}
		if err := v.Check(req.Move); err != nil {
			moveError(w, err)
			return
		}
	}
	next, err := m.state.Play(req.Move)
	if err != nil {
		if m.hidden { // the view accepted it: do not tell more
			internal(w, m, err)
			return
		}
		moveError(w, err)
		return
	}
	m.state = next
	m.history = append(m.history, req.Move)
	st, err := m.stateOf(who)
	if err != nil {
		internal(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// moveError answers a move the library refused, with its explanation and
// the rule broken.
func moveError(w http.ResponseWriter, err error) {
	kind := "illegal"
	switch {
	case errors.Is(err, hops.ErrSyntax):
		kind = "syntax"
	case errors.Is(err, hops.ErrPosition):
		kind = "position"
	}
	writeError(w, http.StatusBadRequest, kind, hops.RuleOf(err), "%v", err)
}

// internal answers an error that should not happen, logging it but not
// sending it (its text might describe hidden pieces).
func internal(w http.ResponseWriter, m *match, err error) {
	if m != nil {
		err = fmt.Errorf("game %s: %w", m.id, err)
	}
	log.Printf("referee: %v", err)
	writeError(w, http.StatusInternalServerError, "internal", "", "internal error")
}
