package referee

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// The tests of this file hold points of the referee's game logic that
// the other tests leave open: who may take back what (B4, B9), what a
// closed game keeps (its rematch, its public record, the end of its
// event stream), what a journal may hold, and a few limits of the
// command line and the API.

// The arrangements of the Brouillard games below: White creates with
// whiteArrangement, Red joins with redArrangement (Red's home squares
// B7 D7 F7 A6 C6 E6 G6 hold X K Q J T N X).
const (
	whiteArrangement = "NTXXQJK"
	redArrangement   = "XKQJTNX"
	// The id of the games written as journals.
	journalGameID = "0123456789abcdef0123456789abcdef"
)

// The opening of the Brouillard games below: White and Red each move a
// pawn and their Fou, turning nothing over; then White steps a pawn, and
// its Fou jumps to G1 and up the G file and turns over Red's pawn on G6,
// a blank with redArrangement: not White's target (the Nine), so it
// stays, shown, and White's turn ends (B8, B9).
var brouillardOpening = []string{"E2-F3 D2-E1", "B7-D5 D6-E5", "F3-G4 E1-G1-G3-G5xG7"}

// brouillardStart returns the true start of a Brouillard game that White
// created with whiteArrangement and Red joined with red, White first,
// and the provisional start White's creation stored.
func brouillardStart(t *testing.T, red string) (start, provisional hops.State) {
	t.Helper()
	w, err1 := brouillard.ParseArrangement(whiteArrangement)
	r, err2 := brouillard.ParseArrangement(red)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	start, err1 = trueStart(hops.First, w, r, hops.First)
	provisional, err2 = trueStart(hops.First, w, brouillard.StartArrangement(hops.Second), hops.First)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	return start, provisional
}

// quietMove returns the first legal move of s that turns nothing over.
func quietMove(t *testing.T, s hops.State) string {
	t.Helper()
	i := slices.IndexFunc(s.Moves(), func(mv string) bool { return !strings.Contains(mv, "x") })
	if i < 0 {
		t.Fatalf("no quiet move in %s", s)
	}
	return s.Moves()[i]
}

// gameJournal returns the journal of a game of g created by the side
// First (token "creator") with a ply bound and an opponent, joined (by
// the computer when opponent is one; token "joiner"), then moves played
// from start, each checked canonical. provisional is the start the
// creation stored (start but in Brouillard); the join stores start in
// Brouillard. It also returns the position the moves lead to.
func gameJournal(t *testing.T, g *hops.Game, opponent string, maxPlies int, provisional, start hops.State, moves ...string) ([]Event, hops.State) {
	t.Helper()
	at := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	create := Event{Type: EventCreate, Time: at, Game: g.Name, Creator: g.SideName(hops.First), Start: provisional.String(),
		Token: hashOf("creator").String(), Invitation: hashOf("invitation").String(), MaxPlies: maxPlies, Opponent: opponent}
	join := Event{Type: EventJoin, Time: at, Token: hashOf("joiner").String()}
	if games.Hidden(g) {
		create.Arrangement, join.Start = whiteArrangement, start.String()
	}
	events := []Event{create, join}
	s := start
	for i, mv := range moves {
		if canon, err := s.Canonical(mv); err != nil || canon != mv {
			t.Fatalf("move %d %q: canonical %q, %v", i+1, mv, canon, err)
		}
		next, err := s.Play(mv)
		if err != nil {
			t.Fatal(err)
		}
		s = next
		at = at.Add(time.Second)
		events = append(events, Event{Type: EventMove, Time: at, Ply: i + 1, Move: mv, End: s.Outcome().Over || i+1 >= maxPlies})
	}
	return events, s
}

// serveJournal starts a server on a file store that holds events as the
// journal of game journalGameID, and returns its client.
func serveJournal(t *testing.T, seed byte, events []Event) *client {
	t.Helper()
	dir := t.TempDir()
	if err := writeJournal(dir, journalGameID, events); err != nil {
		t.Fatal(err)
	}
	c := newClientWith(t, fileConfig(t, dir, seed))
	t.Cleanup(func() { c.server().Close() })
	return c
}

// TestTakebackWithoutToken: a takeback names no side but by its token; one
// sent without any is refused 401 "auth", though the side a missing token
// defaults to (the first) is the creator's, whose turn it is, and the
// game keeps its moves.
func TestTakebackWithoutToken(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "zapita", Opponent: OpponentEasy})
	path := "/games/" + created.ID
	if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: c.allMoves(path, created.Token)[0]}), nil); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, raw)
	}
	before := waitPly(t, c, created.ID, created.Token, 2) // the computer replied: the creator's turn
	var e errorJSON
	if code, raw := c.do("POST", path+"/takeback", "", "", &e); code != http.StatusUnauthorized || e.Kind != "auth" {
		t.Errorf("a takeback without a token: %d %s, want 401 auth", code, raw)
	}
	var after stateJSON
	c.do("GET", path, created.Token, "", &after)
	if after.Ply != 2 || after.Position != before.Position {
		t.Errorf("after a takeback without a token the game is at ply %d %q, want 2 %q", after.Ply, after.Position, before.Position)
	}
}

// TestTakebackOnTheComputersTurn: while the computer has a reply to make,
// the person takes nothing back (403 "turn"): the reply would answer a
// position that is gone. The game is driven directly from its journal,
// so that the computer's reply cannot race the request.
func TestTakebackOnTheComputersTurn(t *testing.T) {
	g, _ := games.ByName("zapita")
	start := g.Start(hops.First)
	events, _ := gameJournal(t, g, OpponentEasy, DefaultMaxPlies, start, start, quietMove(t, start))
	m, err := replay(journalGameID, events)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = s.takeBack(context.Background(), m, viewer{side: hops.First, ok: true}, nil)
	var api *apiError
	if !errors.As(err, &api) || api.status != http.StatusForbidden || api.kind != "turn" {
		t.Errorf("a takeback on the computer's turn: %v, want 403 turn", err)
	}
	if snap := take(m); len(snap.history) != 1 || snap.version != len(events) {
		t.Errorf("after the refused takeback: %d moves at version %d, want 1 at %d", len(snap.history), snap.version, len(events))
	}
}

// TestTakebackOfATurnThatRevealed: a turn whose very first decision turned
// a pawn over is not taken back (403 "takeback", rule B4), though nothing
// after it, the computer's reply included, showed anything: the whole
// turn counts from its first ply. The game comes from a journal: the
// computer's reply is chosen here, turning nothing over.
func TestTakebackOfATurnThatRevealed(t *testing.T) {
	start, provisional := brouillardStart(t, redArrangement)
	s := start
	for _, mv := range brouillardOpening {
		s, _ = s.Play(mv)
	}
	moves := append(slices.Clone(brouillardOpening), quietMove(t, s))
	events, end := gameJournal(t, brouillard.Game, OpponentEasy, DefaultMaxPlies, provisional, start, moves...)
	if end.ToMove() != hops.First {
		t.Fatalf("after the computer's reply %s is to move", end.ToMove())
	}
	c := serveJournal(t, 180, events)
	path := "/games/" + journalGameID
	var h historyJSON
	c.do("GET", path+"/history", "creator", "", &h)
	if want := []string{"", "", "G6 Blank", ""}; !slices.Equal(h.Reveals, want) {
		t.Fatalf("reveals %q, want %q", h.Reveals, want)
	}
	var e errorJSON
	if code, raw := c.do("POST", path+"/takeback", "creator", "", &e); code != http.StatusForbidden || e.Kind != "takeback" || e.Rule != "B4" {
		t.Errorf("the takeback of a turn that turned a pawn over: %d %s, want 403 takeback B4", code, raw)
	}
	var st stateJSON
	if c.do("GET", path, "creator", "", &st); st.Ply != len(moves) {
		t.Errorf("after the refused takeback the game is at ply %d, want %d", st.Ply, len(moves))
	}
}

// TestTakebackCutsTheReveals: a takeback cuts what each move made public
// back with the moves, so that /history keeps one reveal a move (B8).
func TestTakebackCutsTheReveals(t *testing.T) {
	start, provisional := brouillardStart(t, redArrangement)
	events, _ := gameJournal(t, brouillard.Game, OpponentEasy, DefaultMaxPlies, provisional, start, brouillardOpening[:2]...)
	c := serveJournal(t, 181, events)
	path := "/games/" + journalGameID
	var back stateJSON
	if code, raw := c.do("POST", path+"/takeback", "creator", "", &back); code != http.StatusOK || back.Ply != 0 {
		t.Fatalf("takeback: %d %s", code, raw)
	}
	var h historyJSON
	c.do("GET", path+"/history", "creator", "", &h)
	if len(h.Moves) != 0 || len(h.Reveals) != len(h.Moves) {
		t.Errorf("after taking both moves back: moves %q, reveals %q, want none of either", h.Moves, h.Reveals)
	}
}

// TestLastTurnFromTheFirstPly: a Brouillard turn may hold several
// decisions (B9): a capture lets the Fou move again. When the side's last
// turn is the game's first, it starts at ply 0 however many decisions it
// holds. The game starts where White's Fou can capture Red's Nine at
// once: on G6, with Red's pawns set up as XKQJTXN.
func TestLastTurnFromTheFirstPly(t *testing.T) {
	s, _ := brouillardStart(t, "XKQJTXN")
	for _, mv := range brouillardOpening[:2] {
		s, _ = s.Play(mv)
	}
	start := s
	capture := brouillardOpening[2]
	s, _ = s.Play(capture)
	again := quietMove(t, s)
	s, _ = s.Play(again)
	reply := quietMove(t, s)
	events, _ := gameJournal(t, brouillard.Game, "", DefaultMaxPlies, start, start, capture, again, reply)
	m, err := replay(journalGameID, events)
	if err != nil {
		t.Fatal(err)
	}
	if want := "G6 Nine captured"; m.reveals[0] != want {
		t.Fatalf("the first move revealed %q, want %q", m.reveals[0], want)
	}
	for side, want := range map[string]int{"White": 0, "Red": 2} {
		if got := m.lastTurn(side); got != want {
			t.Errorf("%s's last turn starts after %d moves, want %d (movers White, White, Red)", side, got, want)
		}
	}
}

// TestRematchOfAClosedGameAfterARestart: a game closed at its ply bound
// may be played again as one won may; the rematch event its journal
// holds is read back after a restart, and the other player is invited.
func TestRematchOfAClosedGameAfterARestart(t *testing.T) {
	dir := t.TempDir()
	cfg := func(seed byte) Config {
		c := fileConfig(t, dir, seed)
		c.MaxPlies = 1
		return c
	}
	c := newClientWith(t, cfg(182))
	h := c.create("zapita", "")
	c.play(h, 1)
	var st stateJSON
	if c.do("GET", "/games/"+h.ID, h.Tokens["White"], "", &st); st.Status != StatusClosed {
		t.Fatalf("after one move of one allowed: %+v", st)
	}
	r, _ := rematchOf(t, c, h, "White", "")
	c.server().Close()
	c.restart(cfg(183))
	t.Cleanup(func() { c.server().Close() })
	var got rematchJSON
	if code, raw := c.do("GET", "/games/"+h.ID+"/rematch", h.Tokens["Khaki"], "", &got); code != http.StatusOK || got.ID != r.ID || !got.Join || got.Invitation == "" {
		t.Errorf("the rematch after a restart, asked by the other player: %d %s, want 200 %s to join", code, raw, r.ID)
	}
}

// TestJournalResignationInAClosedGame: a journal in which a side resigns
// a game already closed at its ply bound is refused: nothing is played
// in a closed game.
func TestJournalResignationInAClosedGame(t *testing.T) {
	g, _ := games.ByName("zapita")
	start := g.Start(hops.First)
	events, _ := gameJournal(t, g, "", 1, start, start, quietMove(t, start))
	events = append(events, Event{Type: EventResign, Time: events[2].Time, Side: "Khaki", End: true})
	if _, err := replay(journalGameID, events); err == nil {
		t.Error("a resignation after the game closed was replayed")
	}
	if _, err := replay(journalGameID, events[:3]); err != nil {
		t.Errorf("the closed game itself: %v", err)
	}
}

// TestEventTellsTheReveal: the state event after a move that turned a
// pawn over says what it showed, as /history does (B8).
func TestEventTellsTheReveal(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "brouillard", Arrangement: whiteArrangement})
	joined := c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: redArrangement})
	path := "/games/" + created.ID
	for i, mv := range brouillardOpening {
		token := []string{created.Token, joined.Token}[i%2]
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: mv}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", mv, code, raw)
		}
	}
	var h historyJSON
	c.do("GET", path+"/history", joined.Token, "", &h)
	if len(h.Reveals) != 3 || h.Reveals[2] != "G6 Blank" {
		t.Fatalf("reveals %q", h.Reveals)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e, ok := next(t, stream(t, c, ctx, created.ID, joined.Token))
	if !ok || e.Last != brouillardOpening[2] || e.Reveal != h.Reveals[2] {
		t.Errorf("the state event: last %q reveal %q, want %q %q", e.Last, e.Reveal, brouillardOpening[2], h.Reveals[2])
	}
}

// TestEventsEndWhenClosed: a game closed at its ply bound has no next
// event: its stream ends after the state that says so.
func TestEventsEndWhenClosed(t *testing.T) {
	cfg := testConfig(184)
	cfg.MaxPlies = 1
	c := newClientWith(t, cfg)
	h := c.create("zapita", "")
	c.play(h, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp := openEvents(t, c, ctx, h.ID, h.Tokens["White"])
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("the stream of a closed game did not end: %v after %q", err, body)
	}
	var states []eventJSON
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var e eventJSON
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatal(err)
			}
			states = append(states, e)
		}
	}
	if len(states) != 1 || states[0].Status != StatusClosed {
		t.Errorf("the stream of a closed game: %+v, want one closed state", states)
	}
}

// TestClosedBrouillardIsPublic: a Brouillard game closed at its ply bound
// is as public as one won: anyone, without a token, replays its true
// positions and reads its whole record, which tells why it ended.
func TestClosedBrouillardIsPublic(t *testing.T) {
	cfg := testConfig(185)
	cfg.MaxPlies = 1
	c := newClientWith(t, cfg)
	created := c.createOnly(createRequest{Game: "brouillard", Arrangement: whiteArrangement})
	c.joinAs(created.ID, joinRequest{Invitation: created.Invitation, Arrangement: redArrangement})
	path := "/games/" + created.ID
	var st stateJSON
	if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: brouillardOpening[0]}), &st); code != http.StatusOK || st.Status != StatusClosed {
		t.Fatalf("the one move: %d %s", code, raw)
	}
	start, _ := brouillardStart(t, redArrangement)
	want, _ := start.Play(brouillardOpening[0])
	var f frameJSON
	if code, raw := c.do("GET", path+"/replay", "", "", &f); code != http.StatusOK || f.Hidden || f.Position != want.String() {
		t.Errorf("a spectator's replay of the closed game: %d %s, want the true position %q", code, raw, want)
	}
	code, ct, text := c.raw("GET", path+"/record", "")
	if code != http.StatusOK || !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("a spectator's record of the closed game: %d %q %s", code, ct, text)
	}
	rec, err := hops.ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if term, _ := rec.Tag("Termination"); term != "the server's ply bound" || len(rec.Moves) != 1 {
		t.Errorf("the record: Termination %q, %d moves\n%s", term, len(rec.Moves), text)
	}
	// The paths that answer a player still want his token, and say
	// where the finished game is public.
	var e errorJSON
	if code, raw := c.do("GET", path, "", "", &e); code != http.StatusUnauthorized || !strings.Contains(e.Error, path+"/replay") {
		t.Errorf("the state without a token: %d %s, want 401 pointing to %s/replay", code, raw, path)
	}
}

// TestRecordOfAWinHasNoTermination: a game won on the board needs no
// Termination tag: its last position gives the result. Blue wins this
// game of Catch'it in three plies, carrying the ball off the board.
func TestRecordOfAWinHasNoTermination(t *testing.T) {
	c := newClient(t)
	h := blueWinsCatchit(t, c)
	path := "/games/" + h.ID
	var st stateJSON
	if c.do("GET", path, h.Tokens["Blue"], "", &st); st.Status != StatusOver || !st.Outcome.Over {
		t.Fatalf("after the three plies: %+v", st)
	}
	code, _, text := c.raw("GET", path+"/record", "")
	rec, err := hops.ReadRecord(text)
	if code != http.StatusOK || err != nil {
		t.Fatalf("record: %d %v\n%s", code, err, text)
	}
	if term, ok := rec.Tag("Termination"); ok {
		t.Errorf("the record of a game won on the board has Termination %q\n%s", term, text)
	}
}

// TestConflictIsAnAnswer: a store that answers that another writer came
// first works: the answer is no outage, and nothing is logged.
func TestConflictIsAnAnswer(t *testing.T) {
	logged := captureLog(t)
	if !isAnswer(ErrConflict) || !isAnswer(ErrNotFound) || isAnswer(errors.New("disk on fire")) {
		t.Error("isAnswer tells a store's answers wrongly")
	}
	h := &storeHealth{now: time.Now}
	if err := h.note(journalGameID, storeWrite, time.Now(), ErrConflict); err != ErrConflict {
		t.Errorf("note returned %v", err)
	}
	if h.down.Load() || h.failures != 0 || logged.String() != "" {
		t.Errorf("a conflict counted as an outage: down %v, %d failures, logged %q", h.down.Load(), h.failures, logged.String())
	}
}

// TestColdGameJoinedByItsMoves: a game listed at start whose last event is
// a move was joined: it lives as a game being played (IdleTTL), not as
// one waiting for its second player (WaitingTTL).
func TestColdGameJoinedByItsMoves(t *testing.T) {
	at := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, last := range []string{EventJoin, EventMove, EventTakeback} {
		cold := coldOf(Summary{ID: journalGameID, First: Event{Type: EventCreate, Time: at}, Last: Event{Type: last, Time: at}})
		if !cold.known || !cold.joined {
			t.Errorf("a game whose last event is a %s: %+v, want known and joined", last, cold)
		}
	}
	if cold := coldOf(Summary{ID: journalGameID, First: Event{Type: EventCreate, Time: at}, Last: Event{Type: EventCreate, Time: at}}); cold.joined {
		t.Errorf("a game only created: %+v, want not joined", cold)
	}
}

// TestSetupNamesTheBadFlag: a value out of range is refused with the
// flag that holds it, its value and what it must be, and no other flag:
// one message named four flags whichever was wrong.
func TestSetupNamesTheBadFlag(t *testing.T) {
	for _, c := range []struct{ flag, value, want string }{
		{"max-games", "0", "-max-games must be 1 or more, not 0"},
		{"max-plies", "-3", "-max-plies must be 1 or more, not -3"},
		{"max-conns", "0", "-max-conns must be 1 or more, not 0"},
		{"idle", "-1s", "-idle must not be negative, not -1s"},
		{"finished", "-1h", "-finished must not be negative, not -1h0m0s"},
		{"create-rate", "-0.5", "-create-rate must be a finite number, 0 or more, not -0.5"},
		// NaN and infinity passed the check and were refused later, as
		// "loading the games: referee: Config.CreateRate ...".
		{"create-rate", "NaN", "-create-rate must be a finite number, 0 or more, not NaN"},
		{"create-rate", "+Inf", "-create-rate must be a finite number, 0 or more, not +Inf"},
		{"global-create-rate", "nan", "-global-create-rate must be a finite number, 0 or more, not NaN"},
		{"create-burst", "0", "-create-burst must be 1 or more, not 0"},
		{"max-conns-per-client", "-1", "-max-conns-per-client must not be negative, not -1"},
		{"max-streams-per-client", "0", "-max-streams-per-client must be 1 or more, not 0"},
		{"waiting", "-2m", "-waiting must not be negative, not -2m0s"},
		{"global-create-rate", "-1", "-global-create-rate must be a finite number, 0 or more, not -1"},
		{"store-timeout", "0s", "-store-timeout must be more than 0, not 0s"},
		{"clock-skew", "-1s", "-clock-skew must not be negative, not -1s"},
	} {
		var errs bytes.Buffer
		cmd, err := Setup([]string{"-" + c.flag, c.value}, &errs)
		if cmd != nil {
			cmd.Close()
		}
		if got := strings.TrimSpace(errs.String()); err == nil || got != "referee: "+c.want {
			t.Errorf("-%s %s: %v, told %q, want %q", c.flag, c.value, err, got, "referee: "+c.want)
		}
	}
}

// TestSetupLimits: -max-plies 0 would close every game before its first
// move and is refused; -clock-skew 0 on a shared store means no margin,
// not the default one.
func TestSetupLimits(t *testing.T) {
	var errs bytes.Buffer
	if cmd, err := Setup([]string{"-max-plies", "0"}, &errs); err == nil || !strings.Contains(errs.String(), "-max-plies must be 1 or more") {
		t.Errorf("-max-plies 0: %v, told %q", err, errs.String())
		if cmd != nil {
			cmd.Close()
		}
	}
	shared := StoreFlag{Name: "shared", Usage: "a shared store",
		Open: func(context.Context, string) (Store, error) { return &MemStore{}, nil }}
	cmd, err := Setup([]string{"-shared", "x", "-clock-skew", "0"}, &errs, shared)
	if err != nil {
		t.Fatal(err, errs.String())
	}
	defer cmd.Close()
	if got := cmd.Server.Config().ClockSkew; got != 0 {
		t.Errorf("-clock-skew 0 on a shared store: %v, want 0", got)
	}
}

// TestJoinAResignedGame: a game its creator resigned before anyone joined
// is over: its invitation is refused 409 "over".
func TestJoinAResignedGame(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "zapita"})
	if code, raw := c.do("POST", "/games/"+created.ID+"/resign", created.Token, "", nil); code != http.StatusOK {
		t.Fatalf("resign: %d %s", code, raw)
	}
	var e errorJSON
	if code, raw := c.do("POST", "/games/"+created.ID+"/join", "", jsonBody(joinRequest{Invitation: created.Invitation}), &e); code != http.StatusConflict || e.Kind != "over" {
		t.Errorf("joining the resigned game: %d %s, want 409 over", code, raw)
	}
}

// TestHistoryStart: /history's start is the position the game started
// from, whatever was played since (G8, G9: the moves replay from it).
func TestHistoryStart(t *testing.T) {
	c := newClient(t)
	h := c.create("zapita", "")
	g, _ := games.ByName("zapita")
	want := g.Start(hops.First).String()
	for i := range 2 {
		if got := c.history(h); got.Start != want || len(got.Moves) != i {
			t.Errorf("after %d moves: start %q with %d moves, want %q", i, got.Start, len(got.Moves), want)
		}
		c.play(h, 1)
	}
}

// TestBuildClickBound: MaxClicks clicks are judged by the rules, as one
// wrong click is (K7: a click on the opponent's pawn); one more is
// refused before that, as a malformed request.
func TestBuildClickBound(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	path := "/games/" + h.ID + "/build"
	var one, bound, over errorJSON
	c.do("POST", path, h.Tokens["Blue"], `{"clicks":["D7"]}`, &one)
	code, raw := c.do("POST", path, h.Tokens["Blue"], jsonBody(buildRequest{Clicks: slices.Repeat([]string{"D7"}, MaxClicks)}), &bound)
	if code != http.StatusBadRequest || bound.Kind != "illegal" || bound.Rule != "K7" || bound != one {
		t.Errorf("%d clicks on D7: %d %s, want the one click's %+v", MaxClicks, code, raw, one)
	}
	code, raw = c.do("POST", path, h.Tokens["Blue"], jsonBody(buildRequest{Clicks: slices.Repeat([]string{"D7"}, MaxClicks+1)}), &over)
	if code != http.StatusBadRequest || over.Kind != "request" {
		t.Errorf("%d clicks: %d %s, want 400 request", MaxClicks+1, code, raw)
	}
}

// blueWinsCatchit hosts a game of Catch'it that Blue wins in three plies
// (K3), carrying the ball off the board.
func blueWinsCatchit(t *testing.T, c *client) hosted {
	t.Helper()
	h := c.create("catchit", "")
	path := "/games/" + h.ID
	for _, mv := range []string{"A1-A2 D1-C2", "A7-B6 B7-B5", "B1-D1-B3 C2-A4-C6-out"} {
		var st stateJSON
		c.do("GET", path, h.Tokens["Blue"], "", &st)
		if code, raw := c.do("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: mv}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", mv, code, raw)
		}
	}
	return h
}

// TestRecordAndStateNameTheComputer: a game against the computer says
// so, in its state (its strength and side) and in its record (a tag
// under the computer's side, beside the day the game was created, in
// UTC), and keeps saying so after a restart from the store; a game
// between two people names nobody.
func TestRecordAndStateNameTheComputer(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 23, 30, 0, 0, time.FixedZone("east", 2*3600))}
	store := &MemStore{}
	cfg := Config{Rand: rand.NewChaCha8([32]byte{92}), Store: store, Now: clk.Now}
	c := newClientWith(t, cfg)
	created := c.createOnly(createRequest{Game: "catchit", Opponent: OpponentHard, Side: "Red"})
	people := c.create("coir", "")
	for round := range 2 {
		var st stateJSON
		c.do("GET", "/games/"+created.ID, created.Token, "", &st)
		if st.Opponent != OpponentHard || st.Computer != "Blue" {
			t.Errorf("round %d: the state against the computer says opponent %q, computer %q; want hard, Blue", round, st.Opponent, st.Computer)
		}
		_, _, text := c.raw("GET", "/games/"+created.ID+"/record", created.Token)
		rec, err := hops.ReadRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		date, _ := rec.Tag("Date")
		blue, _ := rec.Tag("Blue")
		_, red := rec.Tag("Red")
		if date != "2030.01.01" || blue != "computer (hard)" || red {
			t.Errorf("round %d: the record's tags %v; want Date 2030.01.01 (UTC), Blue computer (hard), no Red\n%s", round, rec.Tags, text)
		}
		var between stateJSON
		c.do("GET", "/games/"+people.ID, people.Tokens["White"], "", &between)
		if between.Opponent != "" || between.Computer != "" || between.ID != people.ID {
			t.Errorf("round %d: the state between people says opponent %q, computer %q", round, between.Opponent, between.Computer)
		}
		_, _, text = c.raw("GET", "/games/"+people.ID+"/record", people.Tokens["White"])
		if rec, err = hops.ReadRecord(text); err != nil {
			t.Fatal(err)
		}
		if len(rec.Tags) != 2 || rec.Tags[1].Name != "Date" {
			t.Errorf("round %d: the record between people has the tags %v, want Event and Date", round, rec.Tags)
		}
		clk.advance(48 * time.Hour)
		c.restart(cfg)
	}
}
