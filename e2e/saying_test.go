package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hopsgames/hops/referee"
)

// clickOn clicks the square sq of the board.
func (p *page) clickOn(sq string) {
	p.t.Helper()
	p.do(chromedp.Click(`#board rect[data-square="`+sq+`"]`, chromedp.ByQuery))
}

// messageRules returns the rules the message under the board links to.
func (p *page) messageRules() []string {
	p.t.Helper()
	var rules []string
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#message .rule-link')].map((b) => b.dataset.rule)`, &rules))
	return rules
}

// brouillardOpening brings a game of Brouillard (White NTXXQJK, Red
// XXJQTNK) to where White's Fou, on C5, may jump over Red's pawn on C6,
// the Ten.
var brouillardOpening = []sideMove{
	{"White", "D2-C3"}, {"Red", "D6-E5"}, {"White", "C3-B4"}, {"Red", "E5-F4"},
	{"White", "B4-C5"}, {"Red", "F4-E3"},
}

// seatOverTheTen plays the opening, then White's Fou turns over the Ten
// on C6 (C5xC7: not the target, the Nine is) and Red replies, then the
// moves more; it seats a page named name as White, on his turn, and
// checks that it shows the Ten face up.
func seatOverTheTen(t *testing.T, name string, more ...sideMove) (apiGame, *page) {
	t.Helper()
	g := newAPIGame(t, "brouillard", "NTXXQJK", "XXJQTNK")
	g.playBy(t, brouillardOpening...)
	g.playBy(t, append([]sideMove{{"White", "C5xC7"}, {"Red", "E3-D4"}}, more...)...)
	p := newPage(t, name)
	p.seat(g.id, "brouillard", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	var c6 string
	p.do(chromedp.Evaluate(`document.getElementById('board').names['C6'] || ''`, &c6))
	if c6 != "Red pawn, Ten, turned over" {
		t.Fatalf("C6 is %q, want Red's Ten turned over", c6)
	}
	return g, p
}

// Brouillard (B8): White's Fou may land on B6 over Red's Ten, turned
// over earlier and now White's target. The page asks how to land, in
// words true of a pawn already face up: turning it over again captures
// it, leaving it leaves it face up. The buttons said "leave the pawn face
// down" of a pawn the board showed face up.
func TestLandingOverAFaceUpTarget(t *testing.T) {
	// Then the Fou captures the Nine, and the Ten is the target.
	_, p := seatOverTheTen(t, "White, near a known target",
		sideMove{"White", "C7-E7xE5"}, sideMove{"White", "E5-D6"}, sideMove{"Red", "D4-E3"})
	p.clickOn("D6")
	p.clicksMade("D6")
	p.clickOn("B6")
	p.waitFor("the choice of B6", 10*time.Second, func(v view) bool { return v.Phase == "choose" })
	var buttons []string
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#choice button')].map((b) => b.dataset.click + ': ' + b.textContent)`, &buttons))
	want := []string{"B6: B6 and leave the pawn face up", "xB6: B6 and turn the pawn over again, which captures it"}
	if strings.Join(buttons, " | ") != strings.Join(want, " | ") {
		t.Errorf("the choice over the Ten turned over: %q, want %q", buttons, want)
	}
	p.screenshot("brouillard-known-target-choice")
}

// Brouillard (B8): over Red's Ten, turned over earlier but not White's
// target (the Nine is), turning it over again would change nothing: the
// Fou lands without a choice. The page offered "turn the pawn over
// again, which captures it", and the pawn taken in the player's mind
// stayed on the board.
func TestLandingOverAFaceUpPawnNotTheTarget(t *testing.T) {
	g, p := seatOverTheTen(t, "White, over a known Ten")
	p.clickOn("C7")
	p.clicksMade("C7")
	p.clickOn("C5")
	// The Fou can go no further: the landing completes the move, played
	// at once, turning nothing over.
	v := p.waitFor("the Fou's move played", 10*time.Second, func(v view) bool { return v.Ply == "9" || v.Phase == "choose" })
	var h struct{ Moves, Reveals []string }
	call(t, "GET", "/games/"+g.id+"/history", g.tokens["White"], nil, &h)
	if v.Phase == "choose" || len(h.Moves) != 9 || h.Moves[8] != "C7-C5" || h.Reveals[8] != "" {
		t.Errorf("over the Ten, not the target: phase %q, moves %q, reveals %q; want C7-C5 played at once, showing nothing", v.Phase, h.Moves, h.Reveals)
	}
	p.screenshot("brouillard-known-pawn-no-choice")
}

// A click out of turn is refused with the rule (G6) as a link, as the
// server's refusal is; once the turn has come, what was said of the
// other's turn goes: it stayed beside "Your move".
func TestTurnMessageGoesWithTheTurn(t *testing.T) {
	g := newAPIGame(t, "catchit")
	p := newPage(t, "impatient Red")
	p.seat(g.id, "catchit", "Red", g.tokens["Red"])
	p.waitFor("Blue's turn", 10*time.Second, func(v view) bool { return v.Turn == "them" && v.Phase == "waiting" })
	p.clickOn("D7")
	v := p.waitFor("the refusal", 10*time.Second, func(v view) bool { return v.Message != "" })
	if rules := p.messageRules(); !strings.HasPrefix(v.Message, "It is Blue's turn: wait for their move.") || strings.Join(rules, " ") != "G6" {
		t.Errorf("a click out of turn: %q, rules %v; want Blue's turn and G6", v.Message, rules)
	}
	playAPIMoves(t, g, [2]string{"Blue", "Red"}, "D1-D2 C1-C2")
	v = p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	if v.Message != "" {
		t.Errorf("on Red's turn the page still says %q", v.Message)
	}
}

// catchitOn starts a server of its own on store, and a game of Catch'it
// on it between two pages: it returns Blue's (named name), at its first
// move.
func catchitOn(t *testing.T, store referee.Store, name string) *page {
	srv, err := referee.NewServer(referee.Config{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { srv.EndStreams(); ts.Close(); srv.Close() })
	p := newPage(t, name)
	p.createGameAt(ts.URL, "catchit", "person")
	link := p.invitationLink()
	q := newPage(t, "Red")
	q.do(chromedp.Navigate(link))
	q.waitFor("the game", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase == "waiting" })
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	return p
}

// answerLostStore keeps a move and then says it failed, once armed: a
// store whose answer was lost.
type answerLostStore struct {
	*referee.MemStore
	armed atomic.Bool
}

func (s *answerLostStore) Append(ctx context.Context, id string, seq int, e referee.Event) error {
	err := s.MemStore.Append(ctx, id, seq, e)
	if err == nil && e.Type == referee.EventMove && s.armed.CompareAndSwap(true, false) {
		return errors.New("the answer was lost")
	}
	return err
}

// A move whose writing the server could not confirm (503, kind
// "unavailable": it may have been recorded or not) is not said to be
// unplayed: the page says that it may have been recorded, reads the game
// again and shows the move played, with no refusal of the next clicks
// (it said "nothing was played", then refused the turn under G6).
func TestUnconfirmedMove(t *testing.T) {
	store := &answerLostStore{MemStore: &referee.MemStore{}}
	p := catchitOn(t, store, "Blue, whose answer is lost")
	p.do(chromedp.Evaluate(`window.said = [];
		new MutationObserver(() => window.said.push(document.getElementById('message').textContent))
			.observe(document.getElementById('message'), {childList: true, subtree: true, characterData: true})`, nil))
	store.armed.Store(true)
	for i, sq := range []string{"D1", "D2", "C1", "C2"} {
		p.clickOn(sq)
		if i < 3 {
			p.clicksMade(strings.Join([]string{"D1", "D2", "C1", "C2"}[:i+1], " "))
		}
	}
	v := p.waitFor("the move shown played", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
	time.Sleep(500 * time.Millisecond) // any answer to a click after it
	v = p.read()
	var said []string
	p.do(chromedp.Evaluate(`window.said`, &said))
	if !strings.Contains(v.Message, "may have been recorded or not") || len(p.messageRules()) != 0 {
		t.Errorf("after the lost answer the page says %q (rules %v), said before %q", v.Message, p.messageRules(), said)
	}
	for _, s := range said {
		if strings.Contains(s, "nothing was played") || strings.Contains(s, "turn") {
			t.Errorf("the page said %q of a move the server kept", s)
		}
	}
	p.screenshot("unconfirmed-move")
}

// fullStore refuses a move once armed, keeping nothing of it, as a
// store on a full disk does once it has undone the write.
type fullStore struct {
	*referee.MemStore
	armed atomic.Bool
}

func (s *fullStore) Append(ctx context.Context, id string, seq int, e referee.Event) error {
	if e.Type == referee.EventMove && s.armed.CompareAndSwap(true, false) {
		return fmt.Errorf("no space left on device (%w)", referee.ErrNotStored)
	}
	return s.MemStore.Append(ctx, id, seq, e)
}

// A move the store kept nothing of (503, kind "unavailable", without
// "unconfirmed") is said not done, the board left as it was for the
// player to play it again; the page said that it may have been recorded.
func TestMoveNotRecorded(t *testing.T) {
	store := &fullStore{MemStore: &referee.MemStore{}}
	p := catchitOn(t, store, "Blue on a full disk")
	store.armed.Store(true)
	move := []string{"D1", "D2", "C1", "C2"}
	for i, sq := range move {
		p.clickOn(sq)
		if i < len(move)-1 {
			p.clicksMade(strings.Join(move[:i+1], " "))
		}
	}
	v := p.waitFor("the refusal", 10*time.Second, func(v view) bool { return v.Message != "" && v.Phase == "idle" })
	if !strings.Contains(v.Message, "nothing was done") || strings.Contains(v.Message, "may or may not") || strings.Contains(v.Message, "may have been recorded") || v.Ply != "0" || v.Turn != "you" {
		t.Errorf("after a move the store kept nothing of the page says %q at ply %s (turn %s); want nothing done, my turn at ply 0", v.Message, v.Ply, v.Turn)
	}
	p.screenshot("move-not-recorded")
	for i, sq := range move {
		p.clickOn(sq)
		if i < len(move)-1 {
			p.clicksMade(strings.Join(move[:i+1], " "))
		}
	}
	p.waitFor("the move played again", 10*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "them" })
}

// An arrangement the rules refuse is said in the lobby with its rule
// (B2), as an error; the rule was left out.
func TestLobbyRefusalCitesItsRule(t *testing.T) {
	p := newPage(t, "Red arranging")
	p.do(chromedp.Navigate(serverURL + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.do(chromedp.Click(`input[name="game"][value="brouillard"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="side"][value="Red"]`, chromedp.ByQuery),
		chromedp.SendKeys(`#arrangement`, "NNXXQJK", chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery))
	var said struct {
		Text  string
		Class string
	}
	deadline := time.Now().Add(10 * time.Second)
	for said.Text == "" && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		p.do(chromedp.Evaluate(`({Text: document.getElementById('lobby-message').textContent, Class: document.getElementById('lobby-message').className})`, &said))
	}
	if said.Text != "The server refused the request: arrangement: 2 pawns show the Nine, want 1 (rule B2)." || said.Class != "message error" {
		t.Errorf("the lobby says %q (class %q)", said.Text, said.Class)
	}
	p.screenshot("lobby-refused-arrangement")
}

// A game its creator resigns before anyone joined it is said to have
// ended so, and offers no rematch: there is nobody to play it with (the
// page said "Khaki wins. White resigned." and offered one).
func TestResignedBeforeAnyoneJoined(t *testing.T) {
	p := newPage(t, "lonely White")
	p.createGame("zapita", "person")
	p.waitFor("the invitation", 10*time.Second, func(v view) bool { return v.Status == "waiting" })
	p.do(chromedp.Evaluate(`(() => {
		window.statuses = [];
		new MutationObserver(() => window.statuses.push(document.getElementById('status').textContent))
			.observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true});
	})()`, nil))
	p.recordAnnouncements()
	p.do(chromedp.Evaluate(`window.confirm = () => true`, nil), chromedp.Click("#resign", chromedp.ByQuery))
	v := p.waitFor("the end said", 10*time.Second, func(v view) bool {
		return v.Status == "over" && v.Text == "You ended this game before anyone joined it."
	})
	time.Sleep(300 * time.Millisecond)
	// Said so from the first: the status named a winner ("Khaki wins.")
	// until the page had asked for a rematch, and a screen reader heard it.
	var statuses []string
	p.do(chromedp.Evaluate(`window.statuses`, &statuses))
	for _, said := range append(statuses, p.announcements()...) {
		if strings.Contains(said, "win") {
			t.Errorf("the page said %q of a game nobody joined", said)
		}
	}
	// A spectator is not told of a winner either.
	w := newPage(t, "spectator of the lonely game")
	w.do(chromedp.Navigate(serverURL + "/#watch=" + p.gameID()))
	w.waitFor("the game watched", 10*time.Second, func(v view) bool {
		return v.Phase == "watch" && v.Text == "White resigned before anyone joined."
	})
	var rematch bool
	p.do(chromedp.Evaluate(`!document.getElementById('rematch').hidden`, &rematch))
	if rematch {
		t.Errorf("a rematch is offered of a game nobody joined (%q)", v.Text)
	}
	p.screenshot("resigned-before-anyone-joined")
}

// Catch'it (K3): once the carrier may leave the board, the prompt names
// the button that stands for off the board, which is no square to click
// (it said only "click where the pawn on F7 goes").
func TestLeaveTheBoardSaid(t *testing.T) {
	g := newAPIGame(t, "catchit")
	playAPIMoves(t, g, [2]string{"Blue", "Red"},
		"B1-B2 D1-B1-B3", "C7-D6 F7-G6", "B2-B4 B3-B5", "E7-E6 A7-C7-E7-C5xA5-C3", "B4-C4 B5-D3xB3-D5-F7", "C3-C2 D6-F6")
	p := newPage(t, "Blue, near the far side")
	p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.clickOn("F7")
	p.clicksMade("F7")
	var shown struct{ Prompt, Button string }
	p.do(chromedp.Evaluate(`({
		Prompt: document.getElementById('prompt').textContent,
		Button: [...document.querySelectorAll('#choice button')].map((b) => b.textContent).join('|'),
	})`, &shown))
	if !strings.HasSuffix(shown.Prompt, ", or “Leave the board” below it") || !strings.Contains(shown.Button, "Leave the board") {
		t.Errorf("the carrier on F7 may leave the board: prompt %q, buttons %q", shown.Prompt, shown.Button)
	}
	p.screenshot("catchit-leave-the-board")
}

// framesShown is what the page shows of the squares framed in yellow:
// the squares, what a screen reader hears of each square, and the legend.
type framesShown struct {
	Framed []string          `json:"framed"`
	Names  map[string]string `json:"names"`
	Legend string            `json:"legend"`
}

func (p *page) frames() framesShown {
	p.t.Helper()
	var shown framesShown
	p.do(chromedp.Evaluate(`({
		framed: [...document.querySelectorAll('#board rect[data-highlight]')].map(r => r.dataset.highlight).sort(),
		names: document.getElementById('board').names || {},
		legend: document.getElementById('legend').textContent,
	})`, &shown))
	return shown
}

// Coir (C5): the pawns the last move turned over to the mover's side are
// framed on the board and said so to a screen reader, where they stand
// after the move (Black's C6-C4-A6 turned B5 and C5, then stepped B5 to
// B4); the legend explains the frame. Only the arrows showed the move,
// and a newcomer could not tell which pawns had changed colour.
func TestTurnedPawnsFramed(t *testing.T) {
	g := newAPIGame(t, "coir")
	g.playBy(t, sideMove{"White", "A1-A2"}, sideMove{"Black", "A6-A5"}, sideMove{"White", "B1-A1"},
		sideMove{"Black", "A5-A4"}, sideMove{"White", "A1-A3-A5 C1-B1"}, sideMove{"Black", "B6-B5"},
		sideMove{"White", "A5-C5 B1-A1"}, sideMove{"Black", "C6-C4-A6 B5-B4"})
	p := newPage(t, "White, after pawns turned")
	p.seat(g.id, "coir", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	shown := p.frames()
	if !slices.Equal(shown.Framed, []string{"B4", "C5"}) {
		t.Errorf("the board frames %v, want the pawns turned, B4 and C5", shown.Framed)
	}
	for sq, want := range map[string]string{
		"B4": "Black pawn, turned over by the last move",
		"C5": "Black pawn, turned over by the last move",
		"A6": "Black pawn", // the pawn that jumped
		"A4": "White pawn", // turned by White's move before
	} {
		if got := shown.Names[sq]; got != want {
			t.Errorf("%s is said %q, want %q", sq, got, want)
		}
	}
	if !strings.Contains(shown.Legend, "framed in yellow: a pawn the last move turned over") {
		t.Errorf("the legend does not explain the frame: %q", shown.Legend)
	}
	p.screenshot("coir-turned-framed")
	// White's reply, A4-C4 over B4, which then steps to B3: the frame
	// follows the pawn, and Black's move is framed no more.
	g.playBy(t, sideMove{"White", "A4-C4 B4-B3"})
	p.waitFor("Black's turn", 10*time.Second, func(v view) bool { return v.Ply == "9" })
	var framed []string
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		p.do(chromedp.Evaluate(`[...document.querySelectorAll('#board rect[data-highlight]')].map(r => r.dataset.highlight)`, &framed))
		if slices.Equal(framed, []string{"B3"}) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !slices.Equal(framed, []string{"B3"}) {
		t.Errorf("after White's A4-C4 B4-B3 the board frames %v, want B3", framed)
	}
}

// Catch'it (K5): the pawn the last move took the ball from is framed
// where it stands after the move and said so to a screen reader, and the
// legend explains the frame: Blue's C1xE3 took the ball from its own D2,
// which then stepped to D3. The arrows alone did not say whose ball the
// jump had taken.
func TestBallTakenFromFramed(t *testing.T) {
	g := newAPIGame(t, "catchit")
	g.playBy(t, sideMove{"Blue", "A1-A2 D1-D2"}, sideMove{"Red", "A7-A6 B7-B6"}, sideMove{"Blue", "C1xE3 D2-D3"})
	p := newPage(t, "Red, after the ball was taken")
	p.seat(g.id, "catchit", "Red", g.tokens["Red"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	shown := p.frames()
	if !slices.Equal(shown.Framed, []string{"D3"}) {
		t.Errorf("the board frames %v, want D3, the pawn the ball was taken from", shown.Framed)
	}
	for sq, want := range map[string]string{
		"D3": "Blue pawn, the last move took the ball from it",
		"E3": "Blue pawn, carrying the ball",
	} {
		if got := shown.Names[sq]; got != want {
			t.Errorf("%s is said %q, want %q", sq, got, want)
		}
	}
	if !strings.Contains(shown.Legend, "framed in yellow: the pawn the last move took the ball from (K5)") {
		t.Errorf("the legend does not explain the frame: %q", shown.Legend)
	}
	p.screenshot("catchit-ball-taken-framed")
}

// The last move's arrowheads lie above the pieces and the rings: White's
// Fou jumped from C5 over Red's Ten on C6 to C7, right behind it, and
// the head, under the pieces, was hidden between the two (the shaft
// stays under them, so that it crosses no label), and below the pieces'
// marks (the Ten's teal corner, which the head covered in part). The
// Fou's hops are purple, as the legend says.
func TestLastMoveHeadAbovePieces(t *testing.T) {
	g := newAPIGame(t, "brouillard", "NTXXQJK", "XXJQTNK")
	g.playBy(t, brouillardOpening...)
	g.playBy(t, sideMove{"White", "C5xC7"})
	p := newPage(t, "Red, after the Fou's jump")
	p.seat(g.id, "brouillard", "Red", g.tokens["Red"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	var shown struct {
		Heads       int    `json:"heads"`
		Shafts      int    `json:"shafts"`
		AbovePieces bool   `json:"abovePieces"`
		AboveRings  bool   `json:"aboveRings"`
		BelowMarks  bool   `json:"belowMarks"`
		Rings       int    `json:"rings"`
		Colour      string `json:"colour"`
		Legend      string `json:"legend"`
	}
	p.do(chromedp.Evaluate(`(() => {
		const svg = document.querySelector('#board svg');
		const heads = svg.querySelector('g.heads');
		const after = (sel) => [...svg.querySelectorAll(sel)].every((el) => el.compareDocumentPosition(heads) & Node.DOCUMENT_POSITION_FOLLOWING);
		return {
			heads: heads ? heads.querySelectorAll('line[marker-end]').length : 0,
			shafts: svg.querySelectorAll('line[marker-end]').length - (heads ? heads.querySelectorAll('line[marker-end]').length : 0),
			abovePieces: !!heads && after('circle[r="22"], rect[width="44"]'),
			aboveRings: !!heads && after('.ring'),
			belowMarks: !!heads && svg.querySelectorAll('.mark-turned').length > 0 &&
				[...svg.querySelectorAll('.mark-turned')].every((el) => heads.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
			rings: svg.querySelectorAll('.ring').length,
			colour: heads ? heads.querySelector('line').getAttribute('stroke') : '',
			legend: document.getElementById('legend').textContent,
		};
	})()`, &shown))
	if shown.Heads != 1 || shown.Shafts != 0 || !shown.AbovePieces || !shown.AboveRings || !shown.BelowMarks || shown.Rings == 0 {
		t.Errorf("the last move's heads: %+v, want one head above the pieces and the rings, and no head on a shaft", shown)
	}
	if shown.Colour != "#7d3c98" || !strings.Contains(shown.Legend, "purple arrows: the last move, the Fou's hops in it") {
		t.Errorf("the Fou's head is %q and the legend says %q, want purple, as the legend", shown.Colour, shown.Legend)
	}
	p.screenshot("brouillard-head-above-pieces")
}
