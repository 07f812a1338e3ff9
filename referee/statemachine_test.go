package referee_test

// TestAPIStateMachine checks the referee's HTTP API, as the package
// documentation describes it, against a model of the games it holds.
//
// It is a rapid state machine. Each step is an action drawn at random
// that sends requests to a Server, served by httptest on a FileStore:
// create a game (against a person or the computer, naming the sides and
// the Brouillard arrangement or not, with or without an
// Idempotency-Key), join it, play a move (one the server lists, or one
// badly written, out of turn or with a wrong token), play out a run of
// moves, resign, take back, ask for a rematch, send a keyed request
// again, send the same move twice at once, read a game in one of the
// ways the API offers (state, history, record, replay, moves, picture,
// event stream, rematch), and restart the server on the same store, at
// rest or while the computer is thinking. After each action the games it
// touched are read as each player and, where one may, as a spectator.
//
// The model keeps each game's seats, tokens, moves, reveals and version,
// and replays the moves with the library to know the position, the side
// to move and the outcome. In Brouillard it follows each player's view
// from his view of the start and what each move revealed (B4, B8, B12),
// and the true position once it is known.
//
// The properties checked:
//   - every answer is JSON of the documented shape, with no key that the
//     documentation does not list and none sent empty that it says is
//     left out; none is a 5xx, and every error has a kind that the
//     documentation lists for its status (Errors);
//   - every request is answered the status and kind the documentation
//     gives for the game as the model has it, and a refused request
//     leaves the game as it was;
//   - states, histories, move pages, records, replays and events agree
//     with the library's replay of the model's moves: the position, the
//     side to move (G6), the outcome and the rule that ended the game,
//     every move in its canonical text (G9);
//   - a Brouillard game in progress shows each player his view only, and
//     a spectator no position (B4, B12, and the documentation's "Hidden
//     pieces"); once it is over its true record agrees with both views;
//   - a creation, a join or a rematch sent again with its
//     Idempotency-Key is answered as the first time, and a key used for
//     another request is refused (422, kind "idempotency");
//   - of the same move sent twice at once, exactly one is played;
//   - the computer plays legal moves only, on its own turns, each in its
//     canonical text, and goes on after a restart;
//   - a restart changes nothing that a player or a spectator can read.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/referee"
	"pgregory.net/rapid"
)

// The answers, with the keys the package documentation lists for each.
// They are decoded strictly, so that a key it does not list fails.

// createdAnswer is the answer to POST /games.
type createdAnswer struct {
	ID         string `json:"id"`
	Game       string `json:"game"`
	You        string `json:"you"`
	First      string `json:"first"`
	Token      string `json:"token"`
	Invitation string `json:"invitation"`
}

// joinedAnswer is the answer to POST /games/{id}/join.
type joinedAnswer struct {
	ID    string `json:"id"`
	Game  string `json:"game"`
	You   string `json:"you"`
	Token string `json:"token"`
}

// outcomeAnswer is a state's "outcome": whether the game is over, who
// won, and by which rule.
type outcomeAnswer struct {
	Over   bool   `json:"over"`
	Winner string `json:"winner"`
	Side   string `json:"side"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// stateAnswer is a game's state, as GET /games/{id} answers it and the
// answers to a move, a resignation and a takeback give it.
type stateAnswer struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Status   string        `json:"status"`
	Ply      int           `json:"ply"`
	Version  int           `json:"version"`
	ToMove   string        `json:"to_move"`
	Position string        `json:"position"`
	Diagram  string        `json:"diagram"`
	Outcome  outcomeAnswer `json:"outcome"`
	You      string        `json:"you"`
	View     bool          `json:"view"`
	Unjoined bool          `json:"unjoined"`
	Opponent string        `json:"opponent"`
	Computer string        `json:"computer"`
}

// eventAnswer is an event of GET /games/{id}/events: a state, with the
// last move and what it made public.
type eventAnswer struct {
	stateAnswer
	Last   string `json:"last"`
	Reveal string `json:"reveal"`
}

// movesAnswer is a page of GET /games/{id}/moves.
type movesAnswer struct {
	ID     string   `json:"id"`
	Ply    int      `json:"ply"`
	ToMove string   `json:"to_move"`
	Total  int      `json:"total"`
	Offset int      `json:"offset"`
	Moves  []string `json:"moves"`
}

// historyAnswer is the answer to GET /games/{id}/history.
type historyAnswer struct {
	ID      string   `json:"id"`
	Game    string   `json:"game"`
	Status  string   `json:"status"`
	Start   string   `json:"start"`
	Moves   []string `json:"moves"`
	Reveals []string `json:"reveals"`
	Result  string   `json:"result"`
}

// replayAnswer is the answer to GET /games/{id}/replay.
type replayAnswer struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Hidden   bool          `json:"hidden"`
	Ply      int           `json:"ply"`
	Plies    int           `json:"plies"`
	Version  int           `json:"version"`
	Move     string        `json:"move"`
	Reveal   string        `json:"reveal"`
	ToMove   string        `json:"to_move"`
	Position string        `json:"position"`
	Diagram  string        `json:"diagram"`
	SVG      string        `json:"svg"`
	Moves    []string      `json:"moves"`
	Movers   []string      `json:"movers"`
	Reveals  []string      `json:"reveals"`
	Status   string        `json:"status"`
	Outcome  outcomeAnswer `json:"outcome"`
	Unjoined bool          `json:"unjoined"`
	Result   string        `json:"result"`
	You      string        `json:"you"`
}

// rematchAnswer is the answer to POST and GET /games/{id}/rematch.
type rematchAnswer struct {
	ID         string `json:"id"`
	Game       string `json:"game"`
	You        string `json:"you"`
	Token      string `json:"token"`
	Invitation string `json:"invitation"`
	Join       bool   `json:"join"`
}

// errorAnswer is the body of every error (package doc, Errors).
type errorAnswer struct {
	Error string `json:"error"`
	Kind  string `json:"kind"`
	Rule  string `json:"rule"`
}

// errorKinds lists, by status, the error kinds the package documentation
// gives (Errors). The 5xx are left out: no request the test sends may be
// answered one.
var errorKinds = map[int][]string{
	400: {"request", "syntax", "illegal"},
	401: {"auth"},
	403: {"turn", "hidden", "takeback"},
	404: {"not-found", "none"},
	405: {"method"},
	409: {"waiting", "over", "closed", "claimed", "playing", "takeback"},
	413: {"request"},
	422: {"idempotency"},
	429: {"rate", "streams", "connections"},
}

// omittedWhenEmpty are the keys that the package documentation says are
// left out of an answer, rather than sent empty, when they have no value.
var omittedWhenEmpty = []string{"you", "view", "hidden", "join", "invitation", "token", "rule", "move", "last", "reveal", "reveals"}

// gameIDPattern is the form of the ids the server gives its games.
var gameIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// modelGame is what the model knows of one game the server holds: enough
// to say what the server must answer about it.
type modelGame struct {
	id       string
	kind     string // the game's name, as POST /games takes it
	rules    *hops.Game
	hidden   bool      // the game hides pieces (Brouillard)
	computer bool      // the second seat is the computer player's
	creator  hops.Side // against the computer, the person's side
	first    hops.Side // the side that begins
	maxPlies int       // the ply bound that closes the game (package doc, Limits)
	// tokens holds each side's token: "" for the computer's seat, and
	// for a seat not claimed yet.
	tokens [2]string
	// invitation claims the second seat between people: the creator's
	// invitation, or for a rematch the other player's token of the
	// finished game.
	invitation string
	joined     bool
	moves      []string // the moves played, each in its canonical text (G9)
	reveals    []string // Brouillard: what each move made public (B8), "" for nothing
	version    int      // the count of the game's events, as its states give it
	resigned   bool
	loser      hops.Side // the side that resigned
	// Brouillard: each side's arrangement (B3) when the test chose it,
	// and each side's view of the start (B12) as the server first gave it.
	arrangement [2]string
	startView   [2]string
	// trueStart is the true start, when known: always in the games
	// without hidden pieces; in Brouillard once both arrangements were
	// chosen, or once the game is over and its true record public.
	trueStart hops.State
	// The join made with an Idempotency-Key, as sent, and its answer.
	joinKey, joinBody string
	joinAnswer        joinedAnswer
	// The latest rematch asked for, who asked for it, the key he sent
	// ("" for none) and the answer he got.
	rematch       *modelGame
	rematchAsker  hops.Side
	rematchKey    string
	rematchAnswer rematchAnswer
}

// person is the side the person plays in a game against the computer:
// the creator's.
func (m *modelGame) person() hops.Side { return m.creator }

// name is the name of side s in the game.
func (m *modelGame) name(s hops.Side) string { return m.rules.SideName(s) }

// finished tells whether the game takes no more moves.
func (m *modelGame) finished() bool {
	s := m.status()
	return s == referee.StatusOver || s == referee.StatusClosed
}

// rematchLive tells whether the game's rematch can still be met in: it
// was joined, or waits to be. One whose asker resigned it unjoined is
// gone, and the next request replaces it (package doc, POST
// /games/{id}/rematch).
func (m *modelGame) rematchLive() bool {
	return m.rematch != nil && (m.rematch.joined || m.rematch.status() == referee.StatusWaiting)
}

// positionReader is what both a true state and a player's view tell of
// a position: the side to move, the outcome and the legal moves, which
// are the same in a view as in the true state (B12).
type positionReader interface {
	ToMove() hops.Side
	Outcome() hops.Outcome
	MovesPage(offset, limit int) []string
	CountMoves() int
	Canonical(move string) (string, error)
}

// position is a game after some of its moves, as the library replays
// them from what the model knows: the true state when the true start is
// known, and in Brouillard each view of a player whose view of the
// start the server gave.
type position struct {
	state  hops.State
	views  [2]games.View
	known  [2]bool     // which views are known
	movers []hops.Side // the side that played each move
}

// reader returns the true state if it is known, else a known view.
func (p position) reader() positionReader {
	if p.state != nil {
		return p.state
	}
	for s := range 2 {
		if p.known[s] {
			return p.views[s]
		}
	}
	panic("no position known")
}

// toMove is the side whose move it is (G6).
func (p position) toMove() hops.Side { return p.reader().ToMove() }

// outcome is the outcome by the rules.
func (p position) outcome() hops.Outcome { return p.reader().Outcome() }

// movesPage returns a page of the legal moves, and how many there are.
func (p position) movesPage(offset, limit int) ([]string, int) {
	r := p.reader()
	return r.MovesPage(offset, limit), r.CountMoves()
}

// canonical returns the canonical text of a legal move (G9).
func (p position) canonical(move string) (string, error) { return p.reader().Canonical(move) }

// replay replays the model's first n moves with the library. In
// Brouillard each move is played in each known view with what the server
// said it revealed (B12), and when the true state is known too, the
// reveal must be the true one and each view must be the true state's.
func (m *modelGame) replay(n int) (position, error) {
	var p position
	for s := range 2 {
		if m.hidden && m.startView[s] != "" {
			v, err := games.ParseView(m.kind, m.startView[s], hops.Side(s))
			if err != nil {
				return p, fmt.Errorf("the %s view of the start %q does not parse: %v", m.name(hops.Side(s)), m.startView[s], err)
			}
			p.views[s], p.known[s] = v, true
		}
	}
	if m.trueStart == nil && !p.known[0] && !p.known[1] {
		return p, fmt.Errorf("no start known")
	}
	p.state = m.trueStart
	for i, mv := range m.moves[:n] {
		p.movers = append(p.movers, p.toMove())
		reveal := ""
		if m.hidden && i < len(m.reveals) {
			reveal = m.reveals[i]
		}
		if p.state != nil {
			next, rv, err := games.PlayReveal(p.state, mv)
			if err != nil {
				return p, fmt.Errorf("move %d %q: %v", i+1, mv, err)
			}
			if m.hidden && rv != reveal {
				return p, fmt.Errorf("move %d %q revealed %q, the server says %q", i+1, mv, rv, reveal)
			}
			p.state = next
		}
		for s := range 2 {
			if p.known[s] {
				v, err := p.views[s].Play(mv, reveal)
				if err != nil {
					return p, fmt.Errorf("move %d %q (reveal %q) in the %s view: %v", i+1, mv, reveal, m.name(hops.Side(s)), err)
				}
				p.views[s] = v
			}
		}
	}
	if p.state != nil && m.hidden {
		for s := range 2 {
			if !p.known[s] {
				continue
			}
			v, err := games.ViewOf(p.state, hops.Side(s))
			if err != nil {
				return p, err
			}
			if v.String() != p.views[s].String() {
				return p, fmt.Errorf("after %d moves the %s view of the true state is %q, the view followed move by move %q", n, m.name(hops.Side(s)), v.String(), p.views[s].String())
			}
		}
	}
	return p, nil
}

// status is the status the server must give the game.
func (m *modelGame) status() string {
	if m.resigned {
		return referee.StatusOver
	}
	p, err := m.replay(len(m.moves))
	if err == nil && p.outcome().Over {
		return referee.StatusOver
	}
	if !m.joined {
		return referee.StatusWaiting
	}
	if len(m.moves) >= m.maxPlies {
		return referee.StatusClosed
	}
	return referee.StatusPlaying
}

// outcome is the outcome the server must give the game: a resignation
// is the other side's win.
func (m *modelGame) outcome() hops.Outcome {
	if m.resigned {
		return hops.Outcome{Over: true, Winner: m.loser.Other()}
	}
	p, err := m.replay(len(m.moves))
	if err != nil {
		return hops.Outcome{}
	}
	return p.outcome()
}

// result is the game's result as a history writes it: a resignation
// counts as the other side's win.
func (m *modelGame) result() string { return hops.ResultOf(m.outcome()) }

// createRequest is the body of POST /games.
type createRequest struct {
	Game        string `json:"game"`
	First       string `json:"first,omitempty"`
	Side        string `json:"side,omitempty"`
	Arrangement string `json:"arrangement,omitempty"`
	Opponent    string `json:"opponent,omitempty"`
}

// keyedCreation is a creation made with an Idempotency-Key: what was
// sent, what was answered and the game it made, to check the answer to
// the same request sent again.
type keyedCreation struct {
	body    []byte
	request createRequest
	answer  createdAnswer
	game    *modelGame
}

// keyedRematch is the first rematch asked for with a key: of which
// finished game, by which side. The key sent for anything else is
// another request.
type keyedRematch struct {
	game  *modelGame
	asker hops.Side
}

// apiMachine is the state machine: the server under test, serving a
// FileStore in dir, and the model of every game it holds. Its exported
// methods are the actions, and Check what follows each.
type apiMachine struct {
	dir      string
	store    *referee.FileStore
	srv      *referee.Server
	ts       *httptest.Server
	client   *http.Client
	seed     uint32 // seeds the server's randomness, the computer's moves included
	restarts int
	maxPlies int
	kinds    []string // the games a run creates: all four, or one
	// keys are the Idempotency-Keys the requests draw from: few, so
	// that they are sent again, for the same request and for others.
	keys      []string
	creations map[string]*keyedCreation // by key
	rematches map[string]keyedRematch   // by key
	games     []*modelGame
	byID      map[string]*modelGame
	touched   []*modelGame // the games the current action may have changed
}

// requestTimeout bounds every request, so that a server that hangs fails
// the test rather than holding it until go test's own timeout.
const requestTimeout = 30 * time.Second

// start opens the store in sm.dir and serves it: a restart is stop, then
// start on the same directory.
func (sm *apiMachine) start(t *rapid.T) {
	store, err := referee.OpenFileStore(sm.dir)
	if err != nil {
		t.Fatalf("OpenFileStore: %v", err)
	}
	// A seeded source, so that a run, the computer's moves included,
	// plays again the same when rapid shrinks it.
	seed := [32]byte{byte(sm.seed), byte(sm.seed >> 8), byte(sm.seed >> 16), byte(sm.seed >> 24), byte(sm.restarts)}
	srv, err := referee.NewServer(referee.Config{Store: store, MaxPlies: sm.maxPlies, Rand: rand.NewChaCha8(seed)})
	if err != nil {
		store.Close()
		t.Fatalf("NewServer: %v", err)
	}
	sm.store, sm.srv, sm.ts = store, srv, httptest.NewServer(srv)
	sm.client = sm.ts.Client()
	sm.client.Timeout = requestTimeout
}

// stop closes the server and its store.
func (sm *apiMachine) stop() {
	if sm.ts != nil {
		sm.ts.Close()
		sm.srv.Close()
		sm.store.Close()
		sm.ts = nil
	}
}

// restart stops the server and starts it again on the same store.
func (sm *apiMachine) restart(t *rapid.T) {
	sm.stop()
	sm.restarts++
	sm.start(t)
}

// reply is an answer as the test reads it.
type reply struct {
	code  int
	ctype string
	body  []byte
	err   errorAnswer // an error's body
}

// send sends a request with token, if any, and body, if any.
func (sm *apiMachine) send(t *rapid.T, method, path, token string, body []byte) reply {
	t.Helper()
	return sm.sendKeyed(t, method, path, token, "", body)
}

// sendKeyed sends a request with an Idempotency-Key, if key is not
// empty, and checks what every answer must be (package doc, API and
// Errors): never a 5xx; JSON but for a picture, a record and an event
// stream, no key sent empty that is to be left out; an error with a
// message and a kind that the documentation lists for its status.
func (sm *apiMachine) sendKeyed(t *rapid.T, method, path, token, key string, body []byte) reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, sm.ts.URL+path, rd)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := sm.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", method, path, err)
	}
	r := reply{code: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), body: b}
	if r.code >= 500 {
		t.Fatalf("%s %s: %d %s", method, path, r.code, b)
	}
	raw := strings.HasSuffix(path, "/svg") || strings.Contains(path, "/record")
	if raw && r.code == 200 {
		return r
	}
	if !strings.HasPrefix(r.ctype, "application/json") {
		t.Fatalf("%s %s: %d answered with Content-Type %q: %s", method, path, r.code, r.ctype, b)
	}
	var obj map[string]any
	if err := json.Unmarshal(b, &obj); err != nil {
		t.Fatalf("%s %s: %d answer is no JSON object: %v: %s", method, path, r.code, err, b)
	}
	for _, k := range omittedWhenEmpty {
		if v, ok := obj[k]; ok && (v == "" || v == false || v == nil) {
			t.Fatalf("%s %s: key %q sent empty (%v), not left out: %s", method, path, k, v, b)
		}
	}
	if r.code >= 400 {
		decodeStrict(t, b, &r.err, method+" "+path)
		if r.err.Error == "" || r.err.Kind == "" {
			t.Fatalf("%s %s: %d error without error or kind: %s", method, path, r.code, b)
		}
		if !slices.Contains(errorKinds[r.code], r.err.Kind) {
			t.Fatalf("%s %s: %d with kind %q, which the documentation does not list for that status: %s", method, path, r.code, r.err.Kind, b)
		}
	}
	return r
}

// decodeStrict decodes an answer into v, failing on a key v does not
// have: one the documentation does not list.
func decodeStrict(t *rapid.T, b []byte, v any, what string) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		t.Fatalf("%s: the answer does not read as documented: %v: %s", what, err, b)
	}
}

// expect fails unless r has the status code and, for an error, one of
// the kinds (any, if none is given).
func expect(t *rapid.T, what string, r reply, code int, kinds ...string) {
	t.Helper()
	if r.code != code || (len(kinds) > 0 && r.code >= 400 && !slices.Contains(kinds, r.err.Kind)) {
		t.Fatalf("%s: got %d %s, want %d %v", what, r.code, bytes.TrimSpace(r.body), code, kinds)
	}
}

// touch marks a game for Check to read after the action.
func (sm *apiMachine) touch(m *modelGame) {
	if !slices.Contains(sm.touched, m) {
		sm.touched = append(sm.touched, m)
	}
}

// touchAll marks every game, after a restart.
func (sm *apiMachine) touchAll() {
	for _, m := range sm.games {
		sm.touch(m)
	}
}

// add takes a new game into the model.
func (sm *apiMachine) add(m *modelGame) {
	sm.games = append(sm.games, m)
	sm.byID[m.id] = m
	sm.touch(m)
}

// pickPreferring picks a game, three times in four among those pref
// likes if there are any, so that an action meets the games where it
// does most.
func (sm *apiMachine) pickPreferring(t *rapid.T, label string, pref func(*modelGame) bool) *modelGame {
	if slices.ContainsFunc(sm.games, pref) && rapid.IntRange(0, 3).Draw(t, label+": preferred") > 0 {
		return sm.pick(t, label, pref)
	}
	return sm.pick(t, label, nil)
}

// pick picks a game among those ok takes (all, if ok is nil), and skips
// the action if there is none.
func (sm *apiMachine) pick(t *rapid.T, label string, ok func(*modelGame) bool) *modelGame {
	var c []*modelGame
	for _, m := range sm.games {
		if ok == nil || ok(m) {
			c = append(c, m)
		}
	}
	if len(c) == 0 {
		t.Skip("no game to " + label)
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)]
}

// playing tells whether a game takes moves.
func playing(m *modelGame) bool { return m.status() == referee.StatusPlaying }

// againstComputer tells whether a game against the computer takes
// moves.
func againstComputer(m *modelGame) bool { return m.computer && playing(m) }

// requester is who sends a request about a game: a player, with his
// token, or someone without a token or with a wrong one.
type requester struct {
	token  string
	side   hops.Side
	player bool   // token is a player's
	label  string // for the messages
}

// drawRequester draws a player of m, or, with strangers or when m has
// no player with a token, someone without a token or with a wrong one.
func (sm *apiMachine) drawRequester(t *rapid.T, m *modelGame, label string, strangers bool) requester {
	var c []requester
	for s := range 2 {
		if m.tokens[s] != "" {
			c = append(c, requester{m.tokens[s], hops.Side(s), true, m.name(hops.Side(s))})
		}
	}
	if strangers || len(c) == 0 {
		c = append(c, requester{label: "no token"}, requester{token: wrongToken, label: "a wrong token"})
	}
	return c[rapid.IntRange(0, len(c)-1).Draw(t, label)]
}

// wrongToken has a token's form and is nobody's.
const wrongToken = "0123456789abcdef0123456789abcdef"

// readState reads a game's state with token, which must be answered.
func (sm *apiMachine) readState(t *rapid.T, m *modelGame, token string) stateAnswer {
	t.Helper()
	r := sm.send(t, "GET", "/games/"+m.id, token, nil)
	expect(t, "GET /games/"+m.id, r, 200)
	var st stateAnswer
	decodeStrict(t, r.body, &st, "GET state")
	return st
}

// readHistory reads a game's history with token, which must be
// answered.
func (sm *apiMachine) readHistory(t *rapid.T, m *modelGame, token string) historyAnswer {
	t.Helper()
	r := sm.send(t, "GET", "/games/"+m.id+"/history", token, nil)
	expect(t, "GET history of "+m.id, r, 200)
	var hi historyAnswer
	decodeStrict(t, r.body, &hi, "GET history")
	return hi
}

// learnStart checks the start a history gives side s. In a game without
// hidden pieces it is the game's start with the first side to move
// (G8). In Brouillard it is s's view of the start (B12): the model
// learns it the first time, checked against the arrangement s chose if
// the test chose it, and it must never change after.
func (sm *apiMachine) learnStart(t *rapid.T, m *modelGame, s hops.Side, start string) {
	t.Helper()
	if !m.hidden {
		if want := m.rules.Start(m.first).String(); start != want {
			t.Fatalf("game %s: history's start %q, want the start of %s with %s first %q", m.id, start, m.kind, m.name(m.first), want)
		}
		return
	}
	if m.startView[s] != "" {
		if start != m.startView[s] {
			t.Fatalf("game %s: the %s view of the start changed from %q to %q", m.id, m.name(s), m.startView[s], start)
		}
		return
	}
	v, err := games.ParseView(m.kind, start, s)
	if err != nil {
		t.Fatalf("game %s: the %s view of the start %q does not read: %v", m.id, m.name(s), start, err)
	}
	if v.ToMove() != m.first {
		t.Fatalf("game %s: the start %q has %s to move, want %s", m.id, start, m.name(v.ToMove()), m.name(m.first))
	}
	if m.arrangement[s] != "" {
		if want := startViewWith(t, m, s); start != want {
			t.Fatalf("game %s: %s chose %s, its view of the start is %q, want %q", m.id, m.name(s), m.arrangement[s], start, want)
		}
	}
	m.startView[s] = start
}

// startViewWith is side s's view of a Brouillard start in which s set
// up the arrangement the test chose for it (B3): the other side's
// arrangement is hidden from s (B12), so any will do.
func startViewWith(t *rapid.T, m *modelGame, s hops.Side) string {
	mine, err := brouillard.ParseArrangement(m.arrangement[s])
	if err != nil {
		t.Fatalf("the arrangement %q: %v", m.arrangement[s], err)
	}
	arr := [2]brouillard.Arrangement{brouillard.StartArrangement(hops.First), brouillard.StartArrangement(hops.Second)}
	arr[s] = mine
	st := brouillardStart(t, arr, m.first)
	v, err := games.ViewOf(st, s)
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

// brouillardStart is the true start of a Brouillard game with the two
// arrangements given (B3), first to move.
func brouillardStart(t *rapid.T, arr [2]brouillard.Arrangement, first hops.Side) hops.State {
	p, err := brouillard.NewPositionWith(arr[0], arr[1], first)
	if err != nil {
		t.Fatalf("NewPositionWith: %v", err)
	}
	st, err := brouillard.Game.Parse(p.String())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// mustReplay replays the model's first n moves of m, which the library
// must take.
func mustReplay(t *rapid.T, m *modelGame, n int) position {
	t.Helper()
	p, err := m.replay(n)
	if err != nil {
		t.Fatalf("game %s (%s): the library does not replay the model's moves %q: %v", m.id, m.kind, m.moves, err)
	}
	return p
}

// current is the model's position of m, after all its moves.
func current(t *rapid.T, m *modelGame) position {
	t.Helper()
	return mustReplay(t, m, len(m.moves))
}

// checkState compares a state answered about m with the model: to the
// player of side s if player, else to someone without his token.
func checkState(t *rapid.T, m *modelGame, st stateAnswer, s hops.Side, player bool, what string) {
	t.Helper()
	p := current(t, m)
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("game %s (%s), %s: %s\nstate: %+v\nmodel moves: %q", m.id, m.kind, what, fmt.Sprintf(format, args...), st, m.moves)
	}
	if st.ID != m.id || st.Game != m.kind {
		fail("id/game %q %q", st.ID, st.Game)
	}
	if want := m.status(); st.Status != want {
		fail("status %q, want %q", st.Status, want)
	}
	if want := m.resigned && !m.joined; st.Unjoined != want {
		fail("unjoined %v, want %v (package doc: a game its creator resigned before anyone joined)", st.Unjoined, want)
	}
	wantOpponent, wantComputer := "", ""
	if m.computer {
		wantOpponent, wantComputer = referee.OpponentEasy, m.rules.SideName(m.creator.Other())
	}
	if st.Opponent != wantOpponent || st.Computer != wantComputer {
		fail("opponent %q, computer %q; want %q, %q (package doc: a game against the computer names its strength and side)", st.Opponent, st.Computer, wantOpponent, wantComputer)
	}
	if st.Ply != len(m.moves) {
		fail("ply %d, want %d", st.Ply, len(m.moves))
	}
	if st.Version != m.version {
		fail("version %d, want %d", st.Version, m.version)
	}
	if want := m.name(p.toMove()); st.ToMove != want {
		fail("to_move %q, want %q", st.ToMove, want)
	}
	wantYou := ""
	if player {
		wantYou = m.name(s)
	}
	if st.You != wantYou {
		fail("you %q, want %q", st.You, wantYou)
	}
	checkStatePosition(m, st, p, s, player, fail)
	o := m.outcome()
	if st.Outcome.Over != o.Over {
		fail("outcome over %v, want %v", st.Outcome.Over, o.Over)
	}
	if o.Over {
		if st.Outcome.Winner != m.name(o.Winner) {
			fail("winner %q, want %q", st.Outcome.Winner, m.name(o.Winner))
		}
		if !m.resigned && st.Outcome.Rule != o.Rule {
			fail("outcome rule %q, want %q", st.Outcome.Rule, o.Rule)
		}
	}
}

// checkStatePosition checks a state's position and diagram: the
// library's, in a game without hidden pieces; in Brouillard the
// player's view while the game goes on, the true position once it is
// over (B12, and the package doc's "Hidden pieces").
func checkStatePosition(m *modelGame, st stateAnswer, p position, s hops.Side, player bool, fail func(string, ...any)) {
	switch {
	case !m.hidden:
		if st.Position != p.state.String() {
			fail("position %q, the library's %q", st.Position, p.state.String())
		}
		if st.Diagram != p.state.Diagram() {
			fail("diagram differs from the library's:\n%s\nwant\n%s", st.Diagram, p.state.Diagram())
		}
		if st.View {
			fail("view true in a game without hidden pieces")
		}
	case st.View:
		if !player || !p.known[s] {
			fail("a view without a known side")
		}
		if st.Position != p.views[s].String() {
			fail("view %q, the library's %q", st.Position, p.views[s].String())
		}
		if st.Diagram != p.views[s].Diagram() {
			fail("view diagram differs from the library's:\n%s\nwant\n%s", st.Diagram, p.views[s].Diagram())
		}
	default:
		if !m.finished() {
			fail("a true position (view false) in a Brouillard game in progress: %q", st.Position)
		}
		if p.state != nil && st.Position != p.state.String() {
			fail("true position %q, the library's %q", st.Position, p.state.String())
		}
	}
}

// checkGame reads the game's history and state as each player, and as a
// spectator where one may read them, and checks each against the model.
func (sm *apiMachine) checkGame(t *rapid.T, m *modelGame) {
	t.Helper()
	for s := range 2 {
		if m.tokens[s] == "" {
			continue
		}
		side := hops.Side(s)
		hi := sm.readHistory(t, m, m.tokens[s])
		sm.learnStart(t, m, side, hi.Start)
		checkHistory(t, m, hi, "history as "+m.name(side))
		st := sm.readState(t, m, m.tokens[s])
		checkState(t, m, st, side, true, "state as "+m.name(side))
	}
	if !m.hidden {
		st := sm.readState(t, m, "")
		checkState(t, m, st, 0, false, "state as a spectator")
		hi := sm.readHistory(t, m, "")
		checkHistory(t, m, hi, "history as a spectator")
	}
	if m.hidden && m.finished() && m.joined {
		sm.learnTrueRecord(t, m)
	}
}

// checkHistory compares a history with the model: the moves in their
// canonical text (G9), in Brouillard one reveal for each (B8), and the
// result, a resignation counted as the other side's win.
func checkHistory(t *rapid.T, m *modelGame, hi historyAnswer, what string) {
	t.Helper()
	if hi.ID != m.id || hi.Game != m.kind || hi.Status != m.status() {
		t.Fatalf("game %s, %s: id %q game %q status %q, want status %q", m.id, what, hi.ID, hi.Game, hi.Status, m.status())
	}
	if !slices.Equal(hi.Moves, m.moves) && !(len(hi.Moves) == 0 && len(m.moves) == 0) {
		t.Fatalf("game %s, %s: moves %q, the model's %q", m.id, what, hi.Moves, m.moves)
	}
	if m.hidden {
		if len(hi.Reveals) != len(hi.Moves) && !(len(hi.Moves) == 0 && hi.Reveals == nil) {
			t.Fatalf("game %s, %s: %d reveals for %d moves", m.id, what, len(hi.Reveals), len(hi.Moves))
		}
		if len(m.reveals) == len(hi.Reveals) && len(hi.Reveals) > 0 && !slices.Equal(hi.Reveals, m.reveals) {
			t.Fatalf("game %s, %s: reveals %q, the model's %q", m.id, what, hi.Reveals, m.reveals)
		}
	} else if hi.Reveals != nil {
		t.Fatalf("game %s, %s: reveals %q in a game without hidden pieces", m.id, what, hi.Reveals)
	}
	if want := m.result(); hi.Result != want {
		t.Fatalf("game %s, %s: result %q, want %q", m.id, what, hi.Result, want)
	}
}

// learnTrueRecord reads the true record of a finished Brouillard game,
// which anyone may read once it is over (package doc, Hidden pieces),
// and checks that it replays, from the model's true start if known, and
// agrees with both players' views; the model then knows the true start.
func (sm *apiMachine) learnTrueRecord(t *rapid.T, m *modelGame) {
	t.Helper()
	r := sm.send(t, "GET", "/games/"+m.id+"/record", "", nil)
	expect(t, "the true record of finished "+m.id, r, 200)
	rec, err := hops.ReadRecord(string(r.body))
	if err != nil {
		t.Fatalf("game %s: the true record does not read: %v\n%s", m.id, err, r.body)
	}
	states, err := games.Replay(rec)
	if err != nil {
		t.Fatalf("game %s: the true record does not replay: %v\n%s", m.id, err, r.body)
	}
	start := states[0]
	if m.trueStart != nil {
		if start.String() != m.trueStart.String() {
			t.Fatalf("game %s: the true record starts from %q, the model's true start %q", m.id, start.String(), m.trueStart.String())
		}
		return
	}
	m.trueStart = start
	if _, err := m.replay(len(m.moves)); err != nil {
		t.Fatalf("game %s: the true record's start does not agree with the players' views: %v", m.id, err)
	}
}

// fetchReveals takes from the person's history what the model's moves
// of a Brouillard game made public (B8), which the answer to a move does
// not tell. The history may hold the computer's replies already: those
// are awaitComputer's to take.
func (sm *apiMachine) fetchReveals(t *rapid.T, m *modelGame) {
	t.Helper()
	if !m.hidden || len(m.reveals) == len(m.moves) {
		return
	}
	hi := sm.readHistory(t, m, m.tokens[m.person()])
	if len(hi.Reveals) != len(hi.Moves) || len(hi.Moves) < len(m.moves) || !slices.Equal(hi.Moves[:len(m.moves)], m.moves) {
		t.Fatalf("game %s: history %q with reveals %q, the model's moves %q", m.id, hi.Moves, hi.Reveals, m.moves)
	}
	m.reveals = slices.Clone(hi.Reveals[:len(m.moves)])
}

// computerTimeout bounds the wait for the computer's reply.
const computerTimeout = 10 * time.Second

// computerPoll is how often the state is read while the computer
// thinks.
const computerPoll = 5 * time.Millisecond

// awaitComputer waits, in a game against the computer, until the person
// is to move or the game ends, and takes the computer's moves into the
// model, checking each. The server tells nothing when the computer has
// moved but through the state (or the event stream), so the state is
// read every computerPoll, for computerTimeout at most.
func (sm *apiMachine) awaitComputer(t *rapid.T, m *modelGame) {
	t.Helper()
	if !m.computer || m.status() != referee.StatusPlaying {
		return
	}
	me := m.person()
	deadline := time.Now().Add(computerTimeout)
	for {
		st := sm.readState(t, m, m.tokens[me])
		if st.Status != referee.StatusPlaying || st.ToMove == m.name(me) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s (%s): the computer did not move within %v: %+v", m.id, m.kind, computerTimeout, st)
		}
		time.Sleep(computerPoll)
	}
	hi := sm.readHistory(t, m, m.tokens[me])
	sm.takeComputerMoves(t, m, hi.Moves, hi.Reveals)
}

// takeComputerMoves takes into the model the moves of a history beyond
// its own, which must be the computer's (G6: the person did not play
// them), legal, and each in its canonical text (G9).
func (sm *apiMachine) takeComputerMoves(t *rapid.T, m *modelGame, moves, reveals []string) {
	t.Helper()
	me := m.person()
	if len(moves) < len(m.moves) || !slices.Equal(moves[:len(m.moves)], m.moves) {
		t.Fatalf("game %s: the history %q does not extend the model's moves %q", m.id, moves, m.moves)
	}
	n := len(m.moves)
	for i := n; i < len(moves); i++ {
		if mover := mustReplay(t, m, i).toMove(); mover == me {
			t.Fatalf("game %s: move %d %q of the history is the person's, which he did not play", m.id, i+1, moves[i])
		}
		m.moves = append(m.moves, moves[i])
		if m.hidden {
			m.reveals = append(m.reveals, reveals[i])
		}
		m.version++
		if _, err := m.replay(i + 1); err != nil {
			t.Fatalf("game %s (%s): the computer's move %d %q is not legal: %v", m.id, m.kind, i+1, moves[i], err)
		}
		if c, _ := mustReplay(t, m, i).canonical(moves[i]); c != moves[i] {
			t.Fatalf("game %s: the computer's move %q is recorded in the text %q, not canonical", m.id, moves[i], c)
		}
	}
	if len(moves) > n {
		t.Logf("  the computer played %q", m.moves[n:])
	}
}

// readEverything reads all that a restart must keep: each game's state
// and history as each player, and its replay as anyone.
func (sm *apiMachine) readEverything(t *rapid.T) map[string]string {
	out := map[string]string{}
	for _, m := range sm.games {
		for s := range 2 {
			if m.tokens[s] == "" {
				continue
			}
			r := sm.send(t, "GET", "/games/"+m.id, m.tokens[s], nil)
			out[m.id+" state "+m.name(hops.Side(s))] = fmt.Sprint(r.code, string(r.body))
			r = sm.send(t, "GET", "/games/"+m.id+"/history", m.tokens[s], nil)
			out[m.id+" history "+m.name(hops.Side(s))] = fmt.Sprint(r.code, string(r.body))
		}
		r := sm.send(t, "GET", "/games/"+m.id+"/replay", "", nil)
		out[m.id+" replay"] = fmt.Sprint(r.code, string(r.body))
	}
	return out
}

// gameReading is a game's state and history as each side reads them (as
// a spectator for a seat without a token, in the open games): what a
// refused request must leave as it was.
type gameReading struct {
	states  [2]string
	history [2]string
}

// readGame reads what a refused request must not change.
func (sm *apiMachine) readGame(t *rapid.T, m *modelGame) gameReading {
	var v gameReading
	for s := range 2 {
		tok := m.tokens[s]
		if tok == "" && m.hidden {
			continue
		}
		r := sm.send(t, "GET", "/games/"+m.id, tok, nil)
		v.states[s] = string(r.body)
		r = sm.send(t, "GET", "/games/"+m.id+"/history", tok, nil)
		v.history[s] = string(r.body)
	}
	return v
}

// changeGame sends a request that may change game m (POST to its path
// after /games/{id}, with token, key and body), marks m touched, and
// checks that a refusal changed nothing (what names it).
func (sm *apiMachine) changeGame(t *rapid.T, m *modelGame, path, token, key string, body []byte, what string) reply {
	t.Helper()
	before := sm.readGame(t, m)
	r := sm.sendKeyed(t, "POST", "/games/"+m.id+path, token, key, body)
	sm.touch(m)
	if r.code != 200 {
		sm.expectUnchanged(t, m, before, what)
	}
	return r
}

// expectUnchanged fails if the game reads otherwise than before.
func (sm *apiMachine) expectUnchanged(t *rapid.T, m *modelGame, before gameReading, what string) {
	t.Helper()
	if after := sm.readGame(t, m); after != before {
		t.Fatalf("game %s: %s changed the game:\nbefore %+v\nafter  %+v", m.id, what, before, after)
	}
}

// sideText draws a way to name side s that POST /games takes: its name
// in any case, its first letter, "first" or "second" (package doc,
// POST /games).
func sideText(t *rapid.T, g *hops.Game, s hops.Side, label string) string {
	name := g.SideName(s)
	forms := []string{name, strings.ToLower(name), strings.ToUpper(name), name[:1], strings.ToLower(name[:1]), []string{"first", "second"}[s], []string{"First", "SECOND"}[s]}
	return rapid.SampledFrom(forms).Draw(t, label)
}

// drawArrangement draws one of Brouillard's arrangements (B3).
func drawArrangement(t *rapid.T, label string) string {
	i := rapid.IntRange(0, brouillard.NumArrangements-1).Draw(t, label)
	for a := range brouillard.Arrangements() {
		if i == 0 {
			return a.String()
		}
		i--
	}
	panic("unreachable")
}

// arrangementText draws a way to write arrangement a that the server
// takes: in either case, with white space around it.
func arrangementText(t *rapid.T, a string, label string) string {
	switch rapid.IntRange(0, 2).Draw(t, label) {
	case 1:
		return strings.ToLower(a)
	case 2:
		return "  " + a + " "
	}
	return a
}

// creation is a POST /games the test draws, with what it asks for as
// the model reads it.
type creation struct {
	request     createRequest
	body        []byte
	kind        string
	rules       *hops.Game
	first       hops.Side
	creator     hops.Side
	arrangement string
	computer    bool
	key         string // a key of the pool, a malformed one, or none
}

// drawCreation draws a creation: any game of the run, the first side and
// the creator's side named or left to their defaults, in Brouillard an
// arrangement or none, against the computer or a person, and an
// Idempotency-Key three times in ten, a malformed one once in ten.
func (sm *apiMachine) drawCreation(t *rapid.T) creation {
	kind := rapid.SampledFrom(sm.kinds).Draw(t, "game")
	g, _ := games.ByName(kind)
	c := creation{request: createRequest{Game: kind}, kind: kind, rules: g, first: hops.First, creator: hops.First}
	if rapid.Bool().Draw(t, "give first") {
		c.first = hops.Side(rapid.IntRange(0, 1).Draw(t, "first"))
		c.request.First = sideText(t, g, c.first, "first text")
	}
	if rapid.Bool().Draw(t, "give side") {
		c.creator = hops.Side(rapid.IntRange(0, 1).Draw(t, "side"))
		c.request.Side = sideText(t, g, c.creator, "side text")
	}
	if games.Hidden(g) && rapid.Bool().Draw(t, "give arrangement") {
		c.arrangement = drawArrangement(t, "arrangement")
		c.request.Arrangement = arrangementText(t, c.arrangement, "arrangement text")
	}
	c.computer = rapid.IntRange(0, 2).Draw(t, "opponent") == 0
	if c.computer {
		c.request.Opponent = referee.OpponentEasy
	}
	switch rapid.IntRange(0, 9).Draw(t, "with key") {
	case 0, 1, 2:
		c.key = rapid.SampledFrom(sm.keys).Draw(t, "key")
	case 3:
		c.key = rapid.SampledFrom([]string{"short", strings.Repeat("k", 21), strings.Repeat("k", 129), "key with spaces in it 0123456789", "key/with/slashes/0123456789"}).Draw(t, "bad key")
	}
	c.body, _ = json.Marshal(c.request)
	return c
}

// Create creates a game. A malformed Idempotency-Key is refused (400);
// a key used for a creation already is answered that creation again, or
// refused (422) if the request asks for another game; the key of a
// rematch is refused (422), as another request (package doc, Retrying a
// creation or a join).
func (sm *apiMachine) Create(t *rapid.T) {
	c := sm.drawCreation(t)
	t.Logf("create %s key=%q", c.body, c.key)
	r := sm.sendKeyed(t, "POST", "/games", "", c.key, c.body)
	if c.key != "" && !slices.Contains(sm.keys, c.key) {
		expect(t, "a creation with a malformed Idempotency-Key", r, 400, "request")
		return
	}
	if prev := sm.creations[c.key]; prev != nil {
		sm.expectCreationAgain(t, prev, c, r)
		return
	}
	if _, ok := sm.rematches[c.key]; ok {
		expect(t, "a creation with the key of a rematch", r, 422, "idempotency")
		return
	}
	expect(t, "create", r, 201)
	var a createdAnswer
	decodeStrict(t, r.body, &a, "POST /games")
	if !gameIDPattern.MatchString(a.ID) || a.Game != c.kind || a.You != c.rules.SideName(c.creator) || a.First != c.rules.SideName(c.first) || a.Token == "" {
		t.Fatalf("create %s answered %+v (want you %s, first %s)", c.body, a, c.rules.SideName(c.creator), c.rules.SideName(c.first))
	}
	if c.computer != (a.Invitation == "") {
		t.Fatalf("create %s answered invitation %q", c.body, a.Invitation)
	}
	if _, dup := sm.byID[a.ID]; dup {
		t.Fatalf("create answered the id %s of a game that exists", a.ID)
	}
	m := &modelGame{id: a.ID, kind: c.kind, rules: c.rules, hidden: games.Hidden(c.rules), computer: c.computer, creator: c.creator, first: c.first,
		invitation: a.Invitation, joined: c.computer, version: 1, maxPlies: sm.maxPlies}
	m.tokens[c.creator] = a.Token
	m.arrangement[c.creator] = c.arrangement
	if !m.hidden {
		m.trueStart = c.rules.Start(c.first)
	}
	if c.computer {
		m.version = 2 // the computer takes its seat: an event
	}
	sm.add(m)
	if c.key != "" {
		sm.creations[c.key] = &keyedCreation{body: c.body, request: c.request, answer: a, game: m}
	}
	hi := sm.readHistory(t, m, a.Token)
	sm.learnStart(t, m, c.creator, hi.Start)
	sm.awaitComputer(t, m)
}

// expectCreationAgain checks the answer to creation c, sent with the
// key of an earlier creation prev: refused (422) if it asks for another
// game; prev's answer again if it is the same request. The same game
// asked for in other words may be taken either way.
func (sm *apiMachine) expectCreationAgain(t *rapid.T, prev *keyedCreation, c creation, r reply) {
	t.Helper()
	if !sameCreation(prev.request, c.request) {
		expect(t, "a creation with a key used for another creation", r, 422, "idempotency")
		return
	}
	if prev.request != c.request && r.code == 422 {
		return
	}
	sm.expectCreatedAgain(t, prev, r)
}

// expectCreatedAgain checks that a creation sent again with its key got
// the first answer, with the same tokens.
func (sm *apiMachine) expectCreatedAgain(t *rapid.T, prev *keyedCreation, r reply) {
	expectAgain(t, "a creation sent again with its key", r, 201, prev.answer)
	sm.touch(prev.game)
}

// expectAgain checks that a request sent again with its Idempotency-Key
// got the status code and the answer, first, of the first time (its
// tokens included).
func expectAgain[A comparable](t *rapid.T, what string, r reply, code int, first A) {
	t.Helper()
	expect(t, what, r, code)
	var a A
	decodeStrict(t, r.body, &a, what)
	if a != first {
		t.Fatalf("%s answered %+v, the first time %+v", what, a, first)
	}
}

// sameCreation tells whether two creations ask for the same game,
// however written: the sides and arrangements are compared as read.
func sameCreation(a, b createRequest) bool {
	if a.Game != b.Game || a.Opponent != b.Opponent {
		return false
	}
	g, _ := games.ByName(a.Game)
	side := func(s string) hops.Side {
		if s == "" {
			return hops.First
		}
		x, _ := g.ParseSide(s)
		return x
	}
	arr := func(s string) string {
		if s == "" {
			return ""
		}
		x, _ := brouillard.ParseArrangement(s)
		return x.String()
	}
	return side(a.First) == side(b.First) && side(a.Side) == side(b.Side) && arr(a.Arrangement) == arr(b.Arrangement)
}

// joinRequest is the body of POST /games/{id}/join.
type joinRequest struct {
	Invitation  string `json:"invitation"`
	Arrangement string `json:"arrangement,omitempty"`
}

// Join claims a game's second seat, mostly of a waiting game, with its
// invitation or a wrong one, in Brouillard with an arrangement or none,
// and now and then with an Idempotency-Key, the join's own or any.
func (sm *apiMachine) Join(t *rapid.T) {
	m := sm.pickPreferring(t, "game to join", func(m *modelGame) bool { return m.status() == referee.StatusWaiting })
	var req joinRequest
	right := m.invitation != "" && rapid.IntRange(0, 3).Draw(t, "right invitation") > 0
	if right {
		req.Invitation = m.invitation
	} else {
		req.Invitation = rapid.SampledFrom([]string{"", "nope", wrongToken}).Draw(t, "wrong invitation")
	}
	arr := ""
	if m.hidden && rapid.Bool().Draw(t, "give arrangement") {
		arr = drawArrangement(t, "arrangement")
		req.Arrangement = arrangementText(t, arr, "arrangement text")
	}
	key := ""
	if rapid.IntRange(0, 2).Draw(t, "with key") == 0 {
		if m.joinKey != "" && rapid.Bool().Draw(t, "the join's own key") {
			key = m.joinKey
		} else {
			key = rapid.SampledFrom(sm.keys).Draw(t, "key")
		}
	}
	body, _ := json.Marshal(req)
	t.Logf("join %s (%s, %s, right invitation %v) %s key=%q", m.id, m.kind, m.status(), right, body, key)
	r := sm.changeGame(t, m, "/join", "", key, body, "a refused join")
	switch {
	case m.joined && key != "" && key == m.joinKey && string(body) == m.joinBody:
		sm.expectJoinedAgain(t, m, r)
	case m.joined && key != "" && key == m.joinKey:
		// The key of the join that took the seat, with another body
		// (package doc, Retrying a creation or a join).
		if right {
			expect(t, "another join of the game with the key of the join that took the seat", r, 422, "idempotency")
		} else {
			expect(t, "a join with a wrong invitation and the key of the join that took the seat", r, 409, "claimed")
		}
	case m.joined:
		expect(t, "a join of a game whose seat is taken", r, 409, "claimed", "over", "closed")
		checkOverRule(t, m, r, "a join")
	case m.status() == referee.StatusOver:
		// Resigned before anyone joined.
		if r.code != 409 && r.code != 401 {
			t.Fatalf("a join of a game over before anyone joined: %d %s, want 409", r.code, r.body)
		}
		if right {
			expect(t, "a join of a game over before anyone joined", r, 409, "over")
		}
	case !right:
		expect(t, "a join with a wrong invitation", r, 401, "auth")
	default:
		sm.joinAccepted(t, m, r, key, body, arr)
	}
}

// joinAccepted checks a join the server must accept, and takes it into
// the model.
func (sm *apiMachine) joinAccepted(t *rapid.T, m *modelGame, r reply, key string, body []byte, arr string) {
	t.Helper()
	expect(t, "a join", r, 200)
	var j joinedAnswer
	decodeStrict(t, r.body, &j, "join")
	other := m.creator.Other()
	if j.ID != m.id || j.Game != m.kind || j.You != m.name(other) || j.Token == "" || j.Token == m.tokens[m.creator] {
		t.Fatalf("join answered %+v, want you %s", j, m.name(other))
	}
	m.tokens[other], m.joined, m.arrangement[other] = j.Token, true, arr
	m.version++
	if key != "" {
		m.joinKey, m.joinBody, m.joinAnswer = key, string(body), j
	}
	if m.hidden && m.arrangement[0] != "" && m.arrangement[1] != "" {
		a0, _ := brouillard.ParseArrangement(m.arrangement[0])
		a1, _ := brouillard.ParseArrangement(m.arrangement[1])
		m.trueStart = brouillardStart(t, [2]brouillard.Arrangement{a0, a1}, m.first)
	}
	hi := sm.readHistory(t, m, j.Token)
	sm.learnStart(t, m, other, hi.Start)
}

// expectJoinedAgain checks that a join sent again with its key got the
// first answer, with the same token.
func (sm *apiMachine) expectJoinedAgain(t *rapid.T, m *modelGame, r reply) {
	expectAgain(t, "a join sent again with its key", r, 200, m.joinAnswer)
	sm.touch(m)
}

// readMovesPage reads a page of the legal moves of m with token, and
// checks it against the library's page of position p: none once the
// game is finished.
func (sm *apiMachine) readMovesPage(t *rapid.T, m *modelGame, token string, offset, limit int, p position) []string {
	t.Helper()
	path := fmt.Sprintf("/games/%s/moves?offset=%d&limit=%d", m.id, offset, limit)
	r := sm.send(t, "GET", path, token, nil)
	expect(t, "GET "+path, r, 200)
	var page movesAnswer
	decodeStrict(t, r.body, &page, "GET moves")
	want, total := p.movesPage(offset, limit)
	if m.finished() {
		want, total = nil, 0
	}
	if page.ID != m.id || page.Ply != len(m.moves) || page.ToMove != m.name(p.toMove()) || page.Offset != offset || page.Total != total {
		t.Fatalf("GET %s: %+v, want ply %d to_move %s total %d", path, page, len(m.moves), m.name(p.toMove()), total)
	}
	if !slices.Equal(page.Moves, want) && !(len(page.Moves) == 0 && len(want) == 0) {
		t.Fatalf("GET %s: moves %q, the library's page %q", path, page.Moves, want)
	}
	return page.Moves
}

// drawListedMove draws a legal move among those the server lists in
// position p of game m: a page of one move, at any offset.
func (sm *apiMachine) drawListedMove(t *rapid.T, m *modelGame, token string, p position) string {
	t.Helper()
	_, total := p.movesPage(0, 1)
	return sm.readMovesPage(t, m, token, rapid.IntRange(0, total-1).Draw(t, "offset"), 1, p)[0]
}

// movePlayed takes into the model a move the server played in position
// p: its canonical text (G9), one more event, and in Brouillard what it
// made public.
func (sm *apiMachine) movePlayed(t *rapid.T, m *modelGame, p position, text string) {
	t.Helper()
	want, err := p.canonical(text)
	if err != nil {
		t.Fatalf("game %s: the server played %q, which the library refuses: %v", m.id, text, err)
	}
	m.moves = append(m.moves, want)
	m.version++
	sm.fetchReveals(t, m)
}

// postMove sends a move with token, which must be played, and checks
// the state answered against the model, to the mover.
func (sm *apiMachine) postMove(t *rapid.T, m *modelGame, p position, token, text string) {
	t.Helper()
	mover := p.toMove()
	body, _ := json.Marshal(map[string]string{"move": text})
	r := sm.send(t, "POST", "/games/"+m.id+"/moves", token, body)
	expect(t, "a legal move "+string(body)+" in "+m.id, r, 200)
	sm.movePlayed(t, m, p, text)
	var st stateAnswer
	decodeStrict(t, r.body, &st, "POST move")
	checkState(t, m, st, mover, true, "the answer to the move")
}

// Move sends a move, mostly to a game being played: four times in nine
// a move the server lists, else one written in lower case, one that is
// no move, one with a wrong token or none, or one by the side not to
// move; each must be answered as the package doc's Errors say.
func (sm *apiMachine) Move(t *rapid.T) {
	m := sm.pickPreferring(t, "game to move in", playing)
	variant := rapid.SampledFrom([]string{"legal", "legal", "legal", "legal", "lower", "garbage", "wrong token", "no token", "out of turn"}).Draw(t, "variant")
	status := m.status()
	p := current(t, m)
	mover := p.toMove()
	text := sm.drawMoveText(t, m, p, mover, status)
	token := m.tokens[mover]
	switch variant {
	case "lower":
		text = strings.ToLower(text)
	case "garbage":
		text = rapid.SampledFrom([]string{"", "x", "Z9-Z10", "A1-A1", "hello world", "D4-", "-", "A1 A2 A3 A4 A5 A6 A7"}).Draw(t, "garbage")
	case "wrong token":
		token = wrongToken
	case "no token":
		token = ""
	case "out of turn":
		token = m.tokens[mover.Other()]
	}
	if token == "" && (variant == "legal" || variant == "lower" || variant == "garbage") {
		// The computer's seat, or one not claimed yet: the creator's
		// token instead.
		token = m.tokens[m.creator]
		if mover != m.creator {
			variant = "out of turn"
		}
	}
	if variant == "out of turn" && token == "" {
		variant = "no token"
	}
	body, _ := json.Marshal(map[string]string{"move": text})
	t.Logf("move %s (%s, %s, %s to move, ply %d) %s %s", m.id, m.kind, status, m.name(mover), len(m.moves), variant, body)
	r := sm.changeGame(t, m, "/moves", token, "", body, "a refused move")
	sm.expectMoveAnswer(t, m, p, r, token, text, variant, status)
}

// drawMoveText draws a move the server lists in game m, from a page of
// any offset and length, or "A1-A2" if it lists none.
func (sm *apiMachine) drawMoveText(t *rapid.T, m *modelGame, p position, mover hops.Side, status string) string {
	if status == referee.StatusOver || status == referee.StatusClosed {
		return "A1-A2"
	}
	_, total := p.movesPage(0, 1)
	if total == 0 {
		return "A1-A2"
	}
	tok := m.tokens[mover]
	if tok == "" {
		tok = m.tokens[mover.Other()]
	}
	offset := rapid.IntRange(0, total-1).Draw(t, "offset")
	limit := rapid.IntRange(1, 40).Draw(t, "limit")
	page := sm.readMovesPage(t, m, tok, offset, limit, p)
	return page[rapid.IntRange(0, len(page)-1).Draw(t, "move index")]
}

// expectMoveAnswer checks the answer r to a move sent with token in
// position p of game m, of the given status, against the package doc's
// Errors: a token first, then a game that takes moves, then the turn
// (G6, B9), then the move itself; a legal move is played, in its
// canonical text (G9).
func (sm *apiMachine) expectMoveAnswer(t *rapid.T, m *modelGame, p position, r reply, token, text, variant, status string) {
	t.Helper()
	authOK := token != "" && (token == m.tokens[0] || token == m.tokens[1])
	switch {
	case !authOK:
		if status == referee.StatusPlaying {
			expect(t, "a move with "+variant, r, 401, "auth")
		} else if r.code != 401 && r.code != 409 {
			t.Fatalf("a move with %s in a game %s: %d %s", variant, status, r.code, r.body)
		}
	case status == referee.StatusWaiting:
		expect(t, "a move in a waiting game", r, 409, "waiting")
	case status == referee.StatusOver:
		expect(t, "a move in a game over", r, 409, "over")
		checkOverRule(t, m, r, "a move")
	case status == referee.StatusClosed:
		expect(t, "a move in a closed game", r, 409, "closed")
	case variant == "out of turn":
		expect(t, "a move out of turn", r, 403, "turn")
		if r.err.Rule != "G6" && r.err.Rule != "B9" {
			t.Fatalf("a move out of turn cites %q, want G6 or B9", r.err.Rule)
		}
	case variant == "garbage":
		if want, err := p.canonical(text); err == nil {
			t.Fatalf("garbage %q is a legal move %q", text, want)
		}
		expect(t, "a garbage move", r, 400, "syntax", "illegal")
	default:
		if _, err := p.canonical(text); err != nil {
			t.Fatalf("the library refuses the server's listed move %q: %v", text, err)
		}
		expect(t, "a legal move", r, 200)
		var st stateAnswer
		decodeStrict(t, r.body, &st, "POST move")
		sm.movePlayed(t, m, p, text)
		checkState(t, m, st, p.toMove(), true, "the answer to the move")
		sm.awaitComputer(t, m)
	}
}

// Playout plays up to 40 legal moves in a game being played, for both
// people (or for the person against the computer), a winning move
// whenever the library knows one: it takes games to their end, by the
// rules or at their ply bound.
func (sm *apiMachine) Playout(t *rapid.T) {
	m := sm.pick(t, "game to play out", playing)
	k := rapid.IntRange(1, 40).Draw(t, "moves")
	t.Logf("play out %d moves in %s (%s, ply %d, computer %v)", k, m.id, m.kind, len(m.moves), m.computer)
	sm.touch(m)
	for i := 0; i < k && playing(m); i++ {
		p := current(t, m)
		mover := p.toMove()
		tok := m.tokens[mover]
		if tok == "" {
			t.Fatalf("game %s: %s to move has no token", m.id, m.name(mover))
		}
		if _, total := p.movesPage(0, 1); total == 0 {
			t.Fatalf("game %s playing with no legal move", m.id)
		}
		text := winningMove(p, mover)
		if text == "" {
			text = sm.drawListedMove(t, m, tok, p)
		}
		sm.postMove(t, m, p, tok, text)
		sm.awaitComputer(t, m)
	}
	t.Logf("  now %s, ply %d", m.status(), len(m.moves))
}

// winningMove returns a move that wins for mover at once, when the true
// state is known and has one, else "".
func winningMove(p position, mover hops.Side) string {
	if p.state == nil || !p.state.CanWinNow() {
		return ""
	}
	for _, mv := range p.state.Moves() {
		if next, err := p.state.Play(mv); err == nil && next.Outcome().Over && next.Outcome().Winner == mover {
			return mv
		}
	}
	return ""
}

// Retry sends again, as it was, a request made with an Idempotency-Key:
// a creation, a join or a rematch. It is answered as the first time
// (package doc, Retrying a creation or a join); a rematch whose game is
// gone is replaced, by a new game (POST /games/{id}/rematch).
func (sm *apiMachine) Retry(t *rapid.T) {
	type retry struct {
		what string
		do   func()
	}
	var c []retry
	for _, key := range slices.Sorted(maps.Keys(sm.creations)) {
		prev := sm.creations[key]
		c = append(c, retry{"creation " + string(prev.body), func() {
			r := sm.sendKeyed(t, "POST", "/games", "", key, prev.body)
			sm.expectCreatedAgain(t, prev, r)
		}})
	}
	for _, m := range sm.games {
		if m.joinKey != "" {
			c = append(c, retry{"join of " + m.id, func() {
				r := sm.sendKeyed(t, "POST", "/games/"+m.id+"/join", "", m.joinKey, []byte(m.joinBody))
				sm.expectJoinedAgain(t, m, r)
			}})
		}
		if m.rematchKey != "" {
			c = append(c, retry{"rematch of " + m.id, func() { sm.retryRematch(t, m) }})
		}
	}
	if len(c) == 0 {
		t.Skip("nothing to retry")
	}
	x := c[rapid.IntRange(0, len(c)-1).Draw(t, "retry")]
	t.Logf("retry the %s", x.what)
	x.do()
}

// retryRematch asks again for m's latest rematch, with its asker's
// token and key.
func (sm *apiMachine) retryRematch(t *rapid.T, m *modelGame) {
	t.Helper()
	r := sm.sendKeyed(t, "POST", "/games/"+m.id+"/rematch", m.tokens[m.rematchAsker], m.rematchKey, nil)
	sm.touch(m)
	if m.rematchLive() {
		sm.expectRematchAgain(t, m, r)
		return
	}
	// Its game is gone: the request replaces it, with a new game
	// (package doc, POST /games/{id}/rematch).
	expect(t, "a rematch asked again with its key, its game gone", r, 201)
	var x rematchAnswer
	decodeStrict(t, r.body, &x, "rematch again")
	if _, dup := sm.byID[x.ID]; dup || x.ID == m.rematchAnswer.ID {
		t.Fatalf("a rematch asked again with its key, its game %s gone, answered %+v", m.rematch.id, x)
	}
	sm.addRematch(t, m, m.rematchAsker, m.rematchKey, x)
}

// expectRematchAgain checks that a rematch asked again with its key, by
// its asker, got the first answer, with the same token.
func (sm *apiMachine) expectRematchAgain(t *rapid.T, m *modelGame, r reply) {
	expectAgain(t, "a rematch asked again with its key", r, 201, m.rematchAnswer)
	sm.touch(m)
}

// Race sends the same legal move twice at once, with the mover's token:
// exactly one is played, and the other refused.
func (sm *apiMachine) Race(t *rapid.T) {
	m := sm.pick(t, "game to race in", playing)
	p := current(t, m)
	tok := m.tokens[p.toMove()]
	text := sm.drawListedMove(t, m, tok, p)
	body, _ := json.Marshal(map[string]string{"move": text})
	t.Logf("race two %s in %s (%s, ply %d)", body, m.id, m.kind, len(m.moves))
	sm.touch(m)
	replies := make(chan reply, 2)
	for range 2 {
		go func() { replies <- sm.sendConcurrently("/games/"+m.id+"/moves", tok, body) }()
	}
	a, b := <-replies, <-replies
	if a.code != 200 {
		a, b = b, a
	}
	if a.code != 200 || b.code == 200 || b.code >= 500 || b.code < 0 {
		t.Fatalf("the same move sent twice at once: %d %s and %d %s, want one 200", a.code, a.body, b.code, b.body)
	}
	t.Logf("  the other: %d %s", b.code, bytes.TrimSpace(b.body))
	sm.movePlayed(t, m, p, text)
	sm.awaitComputer(t, m)
}

// sendConcurrently posts body with token from another goroutine, where
// the test may not fail: an error is answered as code -1.
func (sm *apiMachine) sendConcurrently(path, token string, body []byte) reply {
	req, err := http.NewRequest("POST", sm.ts.URL+path, bytes.NewReader(body))
	if err != nil {
		return reply{code: -1, body: []byte(err.Error())}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := sm.client.Do(req)
	if err != nil {
		return reply{code: -1, body: []byte(err.Error())}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	r := reply{code: resp.StatusCode, body: b}
	json.Unmarshal(b, &r.err)
	return r
}

// MoveRestart plays a move against the computer and restarts the
// server at once, while the computer is thinking: the computer must
// reply after the restart (package doc, Storage: an acknowledged move
// survives; the computer players of the games listed at start resume).
func (sm *apiMachine) MoveRestart(t *rapid.T) {
	m := sm.pick(t, "game against the computer", againstComputer)
	p := current(t, m)
	tok := m.tokens[m.person()]
	text := sm.drawListedMove(t, m, tok, p)
	body, _ := json.Marshal(map[string]string{"move": text})
	t.Logf("move %s in %s (%s, ply %d) against the computer, and restart at once", body, m.id, m.kind, len(m.moves))
	r := sm.send(t, "POST", "/games/"+m.id+"/moves", tok, body)
	expect(t, "a legal move", r, 200)
	sm.restart(t)
	sm.movePlayed(t, m, p, text)
	sm.awaitComputer(t, m)
	sm.touchAll()
}

// checkOverRule checks that an error "over" cites the rule that ended
// the game, and none after a resignation (package doc, Errors).
func checkOverRule(t *rapid.T, m *modelGame, r reply, what string) {
	t.Helper()
	if r.err.Kind != "over" {
		return
	}
	want := ""
	if !m.resigned {
		want = m.outcome().Rule
	}
	if r.err.Rule != want {
		t.Fatalf("%s sent to game %s, over (resigned %v), cites rule %q, want %q: %s", what, m.id, m.resigned, r.err.Rule, want, r.body)
	}
}

// The computer player says nothing when it stops, so a move it should
// not make can only be waited for: after a takeback made once it had
// replied (it must not reply again), and after a resignation while it
// was thinking (its move must be refused). The waits let such a move
// show before Check reads the game; the second covers the computer's
// thinking too.
const (
	afterTakebackWait = 20 * time.Millisecond
	afterResignWait   = 50 * time.Millisecond
)

// MoveThen plays a move against the computer and, without waiting for
// its reply, takes the move back or resigns. A takeback before the
// reply is refused (403, kind "turn" or "takeback"); after it, it takes
// back both. A resignation ends the game at once, with whatever moves
// the computer had made; the computer makes none after.
func (sm *apiMachine) MoveThen(t *rapid.T) {
	m := sm.pick(t, "game against the computer", againstComputer)
	me := m.person()
	p := current(t, m)
	tok := m.tokens[me]
	text := sm.drawListedMove(t, m, tok, p)
	then := rapid.SampledFrom([]string{"takeback", "resign"}).Draw(t, "then")
	body, _ := json.Marshal(map[string]string{"move": text})
	t.Logf("move %s in %s (%s, ply %d) against the computer, then %s at once", body, m.id, m.kind, len(m.moves), then)
	sm.touch(m)
	r := sm.send(t, "POST", "/games/"+m.id+"/moves", tok, body)
	expect(t, "a legal move", r, 200)
	sm.movePlayed(t, m, p, text)
	if !playing(m) || current(t, m).toMove() == me {
		sm.awaitComputer(t, m)
		return
	}
	switch {
	case then == "takeback" && sm.takebackWhileThinking(t, m, tok):
		time.Sleep(afterTakebackWait) // a second reply would show
	case then == "resign" && sm.resignWhileThinking(t, m, tok):
		time.Sleep(afterResignWait) // a move after the resignation would show
	}
}

// takebackWhileThinking sends a takeback right after the person's move,
// and tells whether it was made.
func (sm *apiMachine) takebackWhileThinking(t *rapid.T, m *modelGame, tok string) bool {
	t.Helper()
	me := m.person()
	r := sm.send(t, "POST", "/games/"+m.id+"/takeback", tok, nil)
	t.Logf("  takeback: %d %.200s", r.code, bytes.TrimSpace(r.body))
	switch r.code {
	case 200:
	case 403:
		expect(t, "a takeback before the computer's reply", r, 403, "turn", "takeback")
		sm.awaitComputer(t, m)
		return false
	default:
		expect(t, "a takeback after the computer's reply ended the game", r, 409, "over", "closed")
		sm.awaitComputer(t, m)
		return false
	}
	var st stateAnswer
	decodeStrict(t, r.body, &st, "takeback")
	// The person's turn began at the first of his last moves (in
	// Brouillard a turn may be several moves, B9).
	movers := current(t, m).movers
	i := len(m.moves) - 1
	for i > 0 && movers[i-1] == me {
		i--
	}
	if st.Ply != i || st.ToMove != m.name(me) || st.Version < m.version+2 {
		t.Fatalf("a takeback right after the computer's reply answered ply %d to_move %s version %d, want ply %d, %s, version at least %d", st.Ply, st.ToMove, st.Version, i, m.name(me), m.version+2)
	}
	m.moves = slices.Clone(m.moves[:i])
	if m.hidden {
		m.reveals = slices.Clone(m.reveals[:i])
	}
	m.version = st.Version
	checkState(t, m, st, me, true, "the answer to the takeback")
	return true
}

// resignWhileThinking sends a resignation right after the person's
// move, and tells whether it was made.
func (sm *apiMachine) resignWhileThinking(t *rapid.T, m *modelGame, tok string) bool {
	t.Helper()
	me := m.person()
	r := sm.send(t, "POST", "/games/"+m.id+"/resign", tok, nil)
	t.Logf("  resign: %d %.200s", r.code, bytes.TrimSpace(r.body))
	if r.code != 200 {
		expect(t, "a resignation after the computer's reply ended the game", r, 409, "over", "closed")
		sm.awaitComputer(t, m)
		return false
	}
	var st stateAnswer
	decodeStrict(t, r.body, &st, "resign")
	hi := sm.readHistory(t, m, tok)
	if st.Ply > len(hi.Moves) {
		t.Fatalf("the resignation answered ply %d, the history holds %d moves", st.Ply, len(hi.Moves))
	}
	sm.takeComputerMoves(t, m, hi.Moves[:st.Ply], hi.Reveals[:min(st.Ply, len(hi.Reveals))])
	m.resigned, m.loser = true, me
	m.version++
	checkState(t, m, st, me, true, "the answer to the resignation")
	return true
}

// Resign resigns a game, as a player or as someone without a token or
// with a wrong one.
func (sm *apiMachine) Resign(t *rapid.T) {
	m := sm.pick(t, "game to resign", nil)
	a := sm.drawRequester(t, m, "who resigns", rapid.IntRange(0, 3).Draw(t, "wrong token?") == 0)
	status := m.status()
	t.Logf("resign %s (%s, %s) by %s", m.id, m.kind, status, a.label)
	r := sm.changeGame(t, m, "/resign", a.token, "", nil, "a refused resignation")
	switch {
	case !a.player:
		expect(t, "a resignation with "+a.label, r, 401, "auth")
	case status == referee.StatusOver:
		expect(t, "a resignation of a game over", r, 409, "over")
		checkOverRule(t, m, r, "a resignation")
	case status == referee.StatusClosed:
		expect(t, "a resignation of a closed game", r, 409, "closed")
	default:
		expect(t, "a resignation", r, 200)
		m.resigned, m.loser = true, a.side
		m.version++
		var st stateAnswer
		decodeStrict(t, r.body, &st, "resign")
		checkState(t, m, st, a.side, true, "the answer to the resignation")
	}
}

// Takeback asks to take back a turn, mostly in a game against the
// computer, on the person's turn: it takes back his last turn and the
// computer's reply; it is refused between people, with no move of his
// to take back, and past a turn that turned a pawn over in Brouillard
// (package doc, POST /games/{id}/takeback; B4: what it showed stays
// known).
func (sm *apiMachine) Takeback(t *rapid.T) {
	m := sm.pickPreferring(t, "game to take back in", againstComputer)
	a := sm.drawRequester(t, m, "who takes back", rapid.IntRange(0, 4).Draw(t, "wrong token?") == 0)
	status := m.status()
	t.Logf("takeback %s (%s, %s, ply %d, computer %v) by %s", m.id, m.kind, status, len(m.moves), m.computer, a.label)
	// The ply the client sees, or another, or none (package doc: a
	// takeback naming a ply the game is no longer at changes nothing).
	var body []byte
	wantPly := -1
	switch rapid.IntRange(0, 2).Draw(t, "takeback's ply") {
	case 1:
		wantPly = len(m.moves)
	case 2:
		wantPly = len(m.moves) + rapid.SampledFrom([]int{-3, -2, -1, 1, 2}).Draw(t, "another ply")
		if wantPly < 0 {
			wantPly = len(m.moves) + 1
		}
	}
	if wantPly >= 0 {
		body = fmt.Appendf(nil, `{"ply": %d}`, wantPly)
	}
	t.Logf("  with body %s", body)
	r := sm.changeGame(t, m, "/takeback", a.token, "", body, "a refused takeback")
	switch {
	case !a.player:
		expect(t, "a takeback with "+a.label, r, 401, "auth")
		return
	case !m.computer:
		if status == referee.StatusPlaying {
			expect(t, "a takeback between people", r, 403, "takeback")
		} else if !(r.code == 403 && r.err.Kind == "takeback") && r.code != 409 {
			t.Fatalf("a takeback between people in a game %s: %d %s", status, r.code, r.body)
		}
		return
	case status == referee.StatusOver:
		expect(t, "a takeback in a game over", r, 409, "over")
		checkOverRule(t, m, r, "a takeback")
		return
	case status == referee.StatusClosed:
		expect(t, "a takeback in a closed game", r, 409, "closed")
		return
	case wantPly >= 0 && wantPly != len(m.moves):
		expect(t, "a takeback from another ply than the game's", r, 409, "takeback")
		return
	}
	// Against the computer, on the person's turn (awaitComputer saw to
	// it): his last turn starts at the first of his last moves (B9).
	movers := current(t, m).movers
	i := len(movers) - 1
	for i >= 0 && movers[i] != a.side {
		i--
	}
	if i < 0 {
		expect(t, "a takeback with no move of the person's", r, 409, "takeback")
		return
	}
	for i > 0 && movers[i-1] == a.side {
		i--
	}
	if m.hidden && slices.ContainsFunc(m.reveals[i:], func(s string) bool { return s != "" }) {
		expect(t, "a takeback of a turn that turned a pawn over", r, 403, "takeback")
		return
	}
	expect(t, "a takeback", r, 200)
	m.moves = slices.Clone(m.moves[:i])
	if m.hidden {
		m.reveals = slices.Clone(m.reveals[:i])
	}
	m.version++
	var st stateAnswer
	decodeStrict(t, r.body, &st, "takeback")
	checkState(t, m, st, a.side, true, "the answer to the takeback")
	sm.awaitComputer(t, m)
}

// drawRematchKey draws the Idempotency-Key of a rematch, once in three:
// the game's latest rematch's own, one sent already for any rematch, or
// any of the pool.
func (sm *apiMachine) drawRematchKey(t *rapid.T, m *modelGame) string {
	if rapid.IntRange(0, 2).Draw(t, "with key") != 0 {
		return ""
	}
	if m.rematchKey != "" && rapid.Bool().Draw(t, "the rematch's own key") {
		return m.rematchKey
	}
	if used := slices.Sorted(maps.Keys(sm.rematches)); len(used) > 0 && rapid.Bool().Draw(t, "a key used for a rematch") {
		return rapid.SampledFrom(used).Draw(t, "used key")
	}
	return rapid.SampledFrom(sm.keys).Draw(t, "key")
}

// keyUsedElsewhere tells whether key was sent for another request
// than side's rematch of m: a creation, another game's rematch, or the
// other player's.
func (sm *apiMachine) keyUsedElsewhere(key string, m *modelGame, side hops.Side) bool {
	if sm.creations[key] != nil {
		return true
	}
	use, ok := sm.rematches[key]
	return ok && (use.game != m || use.asker != side)
}

// Rematch asks for the rematch of a game, mostly of a finished one, as a
// player or as someone without a token or with a wrong one, now and
// then with an Idempotency-Key (package doc, POST /games/{id}/rematch).
func (sm *apiMachine) Rematch(t *rapid.T) {
	m := sm.pickPreferring(t, "game to rematch", (*modelGame).finished)
	a := sm.drawRequester(t, m, "who asks", rapid.IntRange(0, 5).Draw(t, "wrong token?") == 0)
	key := sm.drawRematchKey(t, m)
	status := m.status()
	t.Logf("rematch %s (%s, %s, computer %v) by %s key=%q", m.id, m.kind, status, m.computer, a.label, key)
	r := sm.sendKeyed(t, "POST", "/games/"+m.id+"/rematch", a.token, key, nil)
	sm.touch(m)
	switch {
	case !a.player:
		expect(t, "a rematch with "+a.label, r, 401, "auth")
	case status == referee.StatusPlaying:
		expect(t, "a rematch of a game going on", r, 409, "playing")
	case status == referee.StatusWaiting:
		expect(t, "a rematch of a waiting game", r, 409, "playing", "waiting")
	case !m.joined:
		expect(t, "a rematch of a game nobody joined", r, 409, "waiting")
	case m.rematchLive() && key != "" && key == m.rematchKey && a.side == m.rematchAsker:
		sm.expectRematchAgain(t, m, r)
	case m.rematchLive():
		expect(t, "a rematch asked for after the first", r, 200)
		var x rematchAnswer
		decodeStrict(t, r.body, &x, "rematch")
		if want := rematchTold(m, a); x != want {
			t.Fatalf("rematch answered %+v, want %+v", x, want)
		}
	case key != "" && sm.keyUsedElsewhere(key, m, a.side):
		// Retrying a creation or a join: a key used again for another
		// request, of the same kind, is refused (422).
		expect(t, "a rematch with the key of another request", r, 422, "idempotency")
	default:
		expect(t, "a rematch", r, 201)
		var x rematchAnswer
		decodeStrict(t, r.body, &x, "rematch")
		if _, dup := sm.byID[x.ID]; dup {
			t.Fatalf("the rematch of %s answered the id %s of a game that exists", m.id, x.ID)
		}
		sm.addRematch(t, m, a.side, key, x)
	}
}

// rematchTold is what a player who did not create m's live rematch is
// told of it: the game, and while its second seat is free, between
// people, the invitation to join it, which is his own token.
func rematchTold(m *modelGame, a requester) rematchAnswer {
	want := rematchAnswer{ID: m.rematch.id, Game: m.kind}
	if a.side != m.rematchAsker && !m.computer && !m.rematch.joined {
		want.Invitation, want.Join = a.token, true
	}
	return want
}

// addRematch takes into the model the rematch x of m that asker
// created: the same players with sides swapped, the loser beginning on
// the winner's side (G8), or after a game closed unfinished the side
// that began beginning again; against the same computer player, if it
// was one, or to be joined by the other player with his own token.
func (sm *apiMachine) addRematch(t *rapid.T, m *modelGame, asker hops.Side, key string, x rematchAnswer) {
	t.Helper()
	first := m.first
	if o := m.outcome(); o.Over {
		first = o.Winner
	}
	mine := asker.Other()
	if !gameIDPattern.MatchString(x.ID) || x.Game != m.kind || x.You != m.name(mine) || x.Token == "" || x.Join {
		t.Fatalf("rematch of %s answered %+v, want you %s", m.id, x, m.name(mine))
	}
	n := &modelGame{id: x.ID, kind: m.kind, rules: m.rules, hidden: m.hidden, computer: m.computer, creator: mine, first: first,
		joined: m.computer, version: 1, maxPlies: sm.maxPlies}
	n.tokens[mine] = x.Token
	if m.computer {
		n.version = 2 // the computer takes its seat: an event
	} else {
		n.invitation = m.tokens[asker.Other()]
		if x.Invitation != "" {
			t.Fatalf("rematch answered the asker an invitation %q", x.Invitation)
		}
	}
	if !n.hidden {
		n.trueStart = n.rules.Start(first)
	}
	m.rematch, m.rematchAsker, m.rematchKey, m.rematchAnswer = n, asker, key, x
	m.version++
	if key != "" {
		sm.rematches[key] = keyedRematch{game: m, asker: asker}
	}
	sm.add(n)
	hi := sm.readHistory(t, n, x.Token)
	sm.learnStart(t, n, mine, hi.Start)
	sm.awaitComputer(t, n)
}

// Look reads a game in one of the ways the API offers, as a player, as
// a spectator or with a wrong token, and checks the answer.
func (sm *apiMachine) Look(t *rapid.T) {
	m := sm.pick(t, "game to look at", nil)
	a := sm.drawRequester(t, m, "who looks", rapid.IntRange(0, 2).Draw(t, "spectator?") == 0)
	what := rapid.SampledFrom([]string{"state", "history", "record", "replay", "moves", "svg", "events", "rematch"}).Draw(t, "what")
	t.Logf("look at the %s of %s (%s, %s, ply %d) as %s", what, m.id, m.kind, m.status(), len(m.moves), a.label)
	wrong := a.token != "" && !a.player
	switch what {
	case "state", "history", "moves", "svg":
		sm.lookAt(t, m, a, what, wrong)
	case "record":
		sm.lookRecord(t, m, a, wrong)
	case "replay":
		sm.lookReplay(t, m, a, wrong)
	case "events":
		sm.lookEvents(t, m, a, wrong)
	case "rematch":
		sm.lookRematch(t, m, a)
	}
}

// lookAt reads a game's state, history, moves or picture. A wrong token
// is refused; so is no token in Brouillard while the game goes on, and
// may be after (package doc, Hidden pieces).
func (sm *apiMachine) lookAt(t *rapid.T, m *modelGame, a requester, what string, wrong bool) {
	t.Helper()
	path := map[string]string{"state": "", "history": "/history", "moves": "/moves", "svg": "/svg"}[what]
	p := current(t, m)
	if what == "moves" {
		_, total := p.movesPage(0, 1)
		path += fmt.Sprintf("?offset=%d&limit=%d", rapid.IntRange(0, total+2).Draw(t, "offset"), rapid.IntRange(1, 50).Draw(t, "limit"))
	}
	r := sm.send(t, "GET", "/games/"+m.id+path, a.token, nil)
	switch {
	case wrong:
		expect(t, what+" with a wrong token", r, 401, "auth")
		return
	case !a.player && m.hidden && !m.finished():
		expect(t, what+" of a Brouillard game in progress without a token", r, 401, "auth")
		return
	case !a.player && m.hidden && r.code == 401:
		return
	}
	expect(t, what, r, 200)
	switch what {
	case "state":
		var st stateAnswer
		decodeStrict(t, r.body, &st, "state")
		checkState(t, m, st, a.side, a.player, "state")
	case "history":
		var hi historyAnswer
		decodeStrict(t, r.body, &hi, "history")
		if a.player {
			sm.learnStart(t, m, a.side, hi.Start)
		}
		checkHistory(t, m, hi, "history")
	case "moves":
		var page movesAnswer
		decodeStrict(t, r.body, &page, "moves")
		want, total := p.movesPage(page.Offset, len(page.Moves))
		if m.finished() {
			want, total = nil, 0
		}
		if page.Total != total || !slices.Equal(page.Moves, want) && len(want)+len(page.Moves) > 0 {
			t.Fatalf("moves page %+v, the library's total %d page %q", page, total, want)
		}
	case "svg":
		if !strings.HasPrefix(r.ctype, "image/svg+xml") || !bytes.Contains(r.body, []byte("<svg")) {
			t.Fatalf("svg answered %q: %.80s", r.ctype, r.body)
		}
	}
}

// lookRematch reads a game's rematch: refused without a player's token;
// none (409) for a game nobody joined; 404 while there is no live one;
// else the game, with the invitation for a player invited to it.
func (sm *apiMachine) lookRematch(t *rapid.T, m *modelGame, a requester) {
	t.Helper()
	r := sm.send(t, "GET", "/games/"+m.id+"/rematch", a.token, nil)
	switch {
	case !a.player:
		expect(t, "GET rematch with "+a.label, r, 401, "auth")
	case !m.joined:
		expect(t, "GET rematch of a game nobody joined", r, 409, "waiting")
	case !m.rematchLive():
		expect(t, "GET rematch before any", r, 404, "none")
	default:
		expect(t, "GET rematch", r, 200)
		var x rematchAnswer
		decodeStrict(t, r.body, &x, "GET rematch")
		if want := rematchTold(m, a); x != want {
			t.Fatalf("GET rematch answered %+v, want %+v", x, want)
		}
	}
}

// lookRecord reads a game's record: none while it waits for its second
// player; in Brouillard while the game goes on only a player's own,
// which starts from his view and carries a View tag (B12); the true one
// otherwise. It must replay to the model's position, and tell a
// resignation or a closed game in a Termination tag.
func (sm *apiMachine) lookRecord(t *rapid.T, m *modelGame, a requester, wrong bool) {
	t.Helper()
	r := sm.send(t, "GET", "/games/"+m.id+"/record", a.token, nil)
	switch {
	case wrong:
		expect(t, "record with a wrong token", r, 401, "auth")
		return
	case m.status() == referee.StatusWaiting:
		expect(t, "record of a waiting game", r, 409, "waiting")
		return
	case !m.joined:
		// Resigned before the join: the documentation says "waiting"
		// games have no record.
		if r.code == 409 {
			return
		}
	case m.hidden && !a.player && !m.finished():
		expect(t, "the record of a Brouillard game in progress, without a token", r, 403, "hidden")
		return
	}
	expect(t, "record", r, 200)
	if !strings.HasPrefix(r.ctype, "text/plain") {
		t.Fatalf("record answered Content-Type %q", r.ctype)
	}
	rec, err := hops.ReadRecord(string(r.body))
	if err != nil {
		t.Fatalf("the record does not read: %v\n%s", err, r.body)
	}
	texts := make([]string, len(rec.Moves))
	for i, mv := range rec.Moves {
		texts[i] = mv.Text
	}
	if rec.Game != m.kind || !slices.Equal(texts, m.moves) && len(texts)+len(m.moves) > 0 {
		t.Fatalf("the record of %s: game %q moves %q, the model's %q", m.id, rec.Game, texts, m.moves)
	}
	p := current(t, m)
	if m.hidden && a.player {
		if v, ok := rec.Tag("View"); !ok || !strings.EqualFold(v, m.name(a.side)) {
			t.Fatalf("a player's record has View tag %q, want %s", v, m.name(a.side))
		}
		views, err := brouillard.ReplayView(rec)
		if err != nil {
			t.Fatalf("the player's record does not replay: %v\n%s", err, r.body)
		}
		if final := views[len(views)-1].String(); final != p.views[a.side].String() {
			t.Fatalf("the player's record ends in %q, the model's view %q", final, p.views[a.side].String())
		}
	} else {
		states, err := games.Replay(rec)
		if err != nil {
			t.Fatalf("the record does not replay: %v\n%s", err, r.body)
		}
		last := states[len(states)-1]
		if p.state != nil && last.String() != p.state.String() {
			t.Fatalf("the record ends in %q, the library's position %q", last.String(), p.state.String())
		}
		if want := hops.ResultOf(last.Outcome()); rec.Result != want {
			t.Fatalf("the record's result %q, its last position's %q", rec.Result, want)
		}
	}
	_, term := rec.Tag("Termination")
	if m.resigned && !term || m.status() == referee.StatusClosed && !term {
		t.Fatalf("the record of a game ended by %s has no Termination tag:\n%s", m.status(), r.body)
	}
	if m.resigned && rec.Result != "*" {
		t.Fatalf("the record of a resigned game has result %q, want *", rec.Result)
	}
}

// lookReplay reads a game after some of its moves (GET
// /games/{id}/replay): once in ten with a bad ply, refused (400).
func (sm *apiMachine) lookReplay(t *rapid.T, m *modelGame, a requester, wrong bool) {
	t.Helper()
	if rapid.IntRange(0, 9).Draw(t, "bad ply") == 0 {
		path := fmt.Sprintf("/games/%s/replay?ply=%s", m.id, rapid.SampledFrom([]string{"-1", fmt.Sprint(len(m.moves) + 1), "x", "1&ply=1"}).Draw(t, "bad ply text"))
		r := sm.send(t, "GET", path, a.token, nil)
		if !wrong || r.code != 401 {
			expect(t, "GET "+path, r, 400, "request")
		}
		return
	}
	n := rapid.IntRange(0, len(m.moves)).Draw(t, "ply")
	path := fmt.Sprintf("/games/%s/replay?ply=%d", m.id, n)
	if rapid.IntRange(0, 5).Draw(t, "default ply") == 0 {
		path, n = "/games/"+m.id+"/replay", len(m.moves)
	}
	r := sm.send(t, "GET", path, a.token, nil)
	if wrong {
		expect(t, "replay with a wrong token", r, 401, "auth")
		return
	}
	expect(t, "GET "+path, r, 200)
	var f replayAnswer
	decodeStrict(t, r.body, &f, "replay")
	fail := func(format string, args ...any) {
		t.Helper()
		g := f
		g.SVG = fmt.Sprintf("(%d bytes)", len(f.SVG))
		t.Fatalf("GET %s as %s: %s\nframe: %+v\nmodel moves %q", path, a.label, fmt.Sprintf(format, args...), g, m.moves)
	}
	checkReplayGame(t, m, f, n, a, fail)
	sm.checkReplayPosition(t, m, f, n, a, fail)
}

// checkReplayGame checks what a replay tells of the whole game: its
// moves, who played each, the reveals, its version, status and result,
// and the move and the side to move at its ply n, for requester a.
func checkReplayGame(t *rapid.T, m *modelGame, f replayAnswer, n int, a requester, fail func(string, ...any)) {
	t.Helper()
	p := mustReplay(t, m, n)
	movers := make([]string, 0, len(m.moves))
	for _, s := range current(t, m).movers {
		movers = append(movers, m.name(s))
	}
	if f.ID != m.id || f.Game != m.kind || f.Ply != n || f.Plies != len(m.moves) || f.Version != m.version || f.Status != m.status() || f.Result != m.result() {
		fail("id/game/ply/plies/version/status/result, want ply %d plies %d version %d status %s result %s", n, len(m.moves), m.version, m.status(), m.result())
	}
	if !slices.Equal(f.Moves, m.moves) && len(f.Moves)+len(m.moves) > 0 || !slices.Equal(f.Movers, movers) && len(f.Movers)+len(movers) > 0 {
		fail("moves %q movers %q, want %q %q", f.Moves, f.Movers, m.moves, movers)
	}
	if n > 0 && f.Move != m.moves[n-1] || n == 0 && f.Move != "" {
		fail("move %q", f.Move)
	}
	if want := m.resigned && !m.joined; f.Unjoined != want {
		fail("unjoined %v, want %v", f.Unjoined, want)
	}
	if f.ToMove != m.name(p.toMove()) {
		fail("to_move %q, want %q", f.ToMove, m.name(p.toMove()))
	}
	wantYou := ""
	if a.player {
		wantYou = m.name(a.side)
	}
	if f.You != wantYou {
		fail("you %q, want %q", f.You, wantYou)
	}
	if m.hidden {
		if n > 0 && f.Reveal != m.reveals[n-1] || !slices.Equal(f.Reveals, m.reveals) && len(f.Reveals)+len(m.reveals) > 0 {
			fail("reveal %q reveals %q, want %q", f.Reveal, f.Reveals, m.reveals)
		}
	}
}

// checkReplayPosition checks the position a replay shows at ply n: the
// library's in a game without hidden pieces; in Brouillard the true one
// once the game is over, agreeing with both views, else the player's
// view, and none to a spectator (package doc, GET /games/{id}/replay;
// B12).
func (sm *apiMachine) checkReplayPosition(t *rapid.T, m *modelGame, f replayAnswer, n int, a requester, fail func(string, ...any)) {
	t.Helper()
	p := mustReplay(t, m, n)
	switch {
	case !m.hidden:
		if f.Position != p.state.String() || f.Diagram != p.state.Diagram() || f.Hidden {
			fail("position %q, the library's after %d moves %q", f.Position, n, p.state.String())
		}
	case m.finished():
		if m.joined {
			sm.learnTrueRecord(t, m)
			p = mustReplay(t, m, n)
		}
		if f.Hidden {
			fail("a finished Brouillard game's replay is hidden")
		}
		if p.state != nil && f.Position != p.state.String() {
			fail("position %q, the true position after %d moves %q", f.Position, n, p.state.String())
		}
		st, err := games.Parse(m.kind, f.Position)
		if err != nil {
			fail("the true position does not read: %v", err)
		}
		for s := range 2 {
			if !p.known[s] {
				continue
			}
			v, err := games.ViewOf(st, hops.Side(s))
			if err != nil || v.String() != p.views[s].String() {
				fail("the %s view of the replay's true position %q is %q, the model's %q (%v)", m.name(hops.Side(s)), f.Position, v.String(), p.views[s].String(), err)
			}
		}
	case !a.player:
		if !f.Hidden || f.Position != "" || f.Diagram != "" || f.SVG != "" {
			fail("a spectator of a Brouillard game in progress sees a position")
		}
	default:
		if f.Hidden || f.Position != p.views[a.side].String() {
			fail("position %q, the player's view after %d moves %q", f.Position, n, p.views[a.side].String())
		}
	}
}

// streamTimeout bounds the reading of an event stream.
const streamTimeout = 3 * time.Second

// lookEvents opens a game's event stream and checks its first event, a
// state (with its version as the event's id, the last move and its
// reveal) as the model has it; the stream of a finished game must end
// after it ("the stream ends with the game").
func (sm *apiMachine) lookEvents(t *rapid.T, m *modelGame, a requester, wrong bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), streamTimeout)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", sm.ts.URL+"/games/"+m.id+"/events", nil)
	if a.token != "" {
		req.Header.Set("Authorization", "Bearer "+a.token)
	}
	resp, err := sm.client.Do(req)
	if err != nil {
		t.Fatalf("events: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		r := reply{code: resp.StatusCode, body: b}
		json.Unmarshal(b, &r.err)
		if r.code >= 500 {
			t.Fatalf("events: %d %s", r.code, b)
		}
		switch {
		case wrong:
			expect(t, "events with a wrong token", r, 401, "auth")
		case !a.player && m.hidden:
			expect(t, "events of a Brouillard game without a token", r, 401, "auth")
		default:
			t.Fatalf("events: %d %s", r.code, b)
		}
		return
	}
	if wrong || !a.player && m.hidden && !m.finished() {
		t.Fatalf("events answered 200 to %s", a.label)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("events answered Content-Type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	id := ""
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "id:"); ok {
			id = strings.TrimSpace(v)
		}
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue
		}
		var ev eventAnswer
		decodeStrict(t, []byte(strings.TrimSpace(data)), &ev, "an event")
		checkEvent(t, m, ev, id, a)
		if m.finished() {
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "data:") {
					t.Fatalf("the stream of a finished game sent a second event: %s", sc.Text())
				}
			}
			if ctx.Err() != nil {
				t.Fatalf("the event stream of game %s, %s, did not end within %v", m.id, m.status(), streamTimeout)
			}
		}
		return
	}
	t.Fatalf("the event stream sent no event: %v", sc.Err())
}

// checkEvent checks an event, sent with the given id, against the model.
func checkEvent(t *rapid.T, m *modelGame, ev eventAnswer, id string, a requester) {
	t.Helper()
	checkState(t, m, ev.stateAnswer, a.side, a.player, "the first event")
	if id != fmt.Sprint(ev.Version) {
		t.Fatalf("the event's id %q, its version %d", id, ev.Version)
	}
	wantLast := ""
	if len(m.moves) > 0 {
		wantLast = m.moves[len(m.moves)-1]
	}
	if ev.Last != wantLast {
		t.Fatalf("the event's last move %q, want %q", ev.Last, wantLast)
	}
	if m.hidden && len(m.moves) > 0 && ev.Reveal != m.reveals[len(m.moves)-1] {
		t.Fatalf("the event's reveal %q, want %q", ev.Reveal, m.reveals[len(m.moves)-1])
	}
}

// Restart restarts the server on the same store: everything a player
// or a spectator can read must read the same after (package doc,
// Storage).
func (sm *apiMachine) Restart(t *rapid.T) {
	t.Logf("restart")
	before := sm.readEverything(t)
	sm.restart(t)
	after := sm.readEverything(t)
	for k, v := range before {
		if after[k] != v {
			t.Fatalf("after a restart, %s reads\n%s\nbefore it\n%s", k, after[k], v)
		}
	}
	sm.touchAll()
}

// Check reads the games the last action touched, and checks them
// against the model.
func (sm *apiMachine) Check(t *rapid.T) {
	for _, m := range sm.touched {
		sm.checkGame(t, m)
	}
	sm.touched = sm.touched[:0]
}

// TestAPIStateMachine is described at the top of the file. Each run
// draws the ply bound (small, so that games close; package doc,
// Limits), a seed for the server's randomness, and the games it
// creates: all four, or one only, so that its games meet each other's
// keys and rematches more often.
func TestAPIStateMachine(t *testing.T) {
	root := t.TempDir()
	rapid.Check(t, func(rt *rapid.T) {
		dir, err := os.MkdirTemp(root, "store")
		if err != nil {
			rt.Fatal(err)
		}
		defer os.RemoveAll(dir)
		sm := &apiMachine{dir: dir, byID: map[string]*modelGame{}, creations: map[string]*keyedCreation{}, rematches: map[string]keyedRematch{}}
		sm.maxPlies = rapid.SampledFrom([]int{4, 10, 1000}).Draw(rt, "max plies")
		sm.seed = rapid.Uint32().Draw(rt, "seed")
		sm.kinds = games.Names()
		if rapid.Bool().Draw(rt, "one game only") {
			sm.kinds = []string{rapid.SampledFrom(sm.kinds).Draw(rt, "the game")}
		}
		for i := range 3 {
			sm.keys = append(sm.keys, fmt.Sprintf("key-%d-%022d", i, uint64(sm.seed)*3+uint64(i)))
		}
		sm.start(rt)
		defer sm.stop()
		// The names are rapid's to draw from: Move and Look are listed
		// several times to be drawn more often. "" is the check that
		// follows every action.
		rt.Repeat(map[string]func(*rapid.T){
			"Create":      sm.Create,
			"Join":        sm.Join,
			"Move":        sm.Move,
			"Move2":       sm.Move,
			"Move3":       sm.Move,
			"Resign":      sm.Resign,
			"Takeback":    sm.Takeback,
			"Rematch":     sm.Rematch,
			"Look":        sm.Look,
			"Look2":       sm.Look,
			"Restart":     sm.Restart,
			"Playout":     sm.Playout,
			"Retry":       sm.Retry,
			"Race":        sm.Race,
			"MoveRestart": sm.MoveRestart,
			"MoveThen":    sm.MoveThen,
			"":            sm.Check,
		})
	})
}
