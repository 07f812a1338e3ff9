package e2e

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// at returns the square named text.
func at(t *testing.T, text string) hops.Square {
	t.Helper()
	sq, err := hops.Board7.ParseSquare(text)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// playAPIMoves plays moves in g through the API, the sides in turn,
// first side first.
func playAPIMoves(t *testing.T, g apiGame, sides [2]string, moves ...string) {
	t.Helper()
	for i, m := range moves {
		side := sides[i%2]
		if code := call(t, "POST", "/games/"+g.id+"/moves", g.tokens[side], map[string]string{"move": m}, nil); code != http.StatusOK {
			t.Fatalf("%s %s: %d", side, m, code)
		}
	}
}

// catchitChoice seats a page as Blue, to move, in a game of Catch'it
// where the pawn on C1 may jump over the carrier on D2 to E3 and take
// the ball or leave it (K5): the page asks which.
func catchitChoice(t *testing.T, name string) *page {
	t.Helper()
	g := newAPIGame(t, "catchit")
	playAPIMoves(t, g, [2]string{"Blue", "Red"}, "D1-D2 E1-E2", "A7-A6 B7-B6")
	p := newPage(t, name)
	p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	return p
}

// focused returns the id of the element that has the keyboard's focus,
// or the click of a choice's button, as "click xE3".
func (p *page) focused() string {
	p.t.Helper()
	var id string
	p.do(chromedp.Evaluate(`(() => {
		const el = document.activeElement;
		if (!el || el === document.body) return 'body';
		return el.id || (el.dataset.click ? 'click ' + el.dataset.click : el.nodeName);
	})()`, &id))
	return id
}

// enter presses Enter as a keyboard sends it: a raw key down, the
// character, the key up. (chromedp's KeyEvent sends a key down that
// carries no character, then the character on its own, which the
// browser delivers even when the key down was handled: a key down that
// moves the focus to a button then presses the button too, which no
// keyboard does.)
func (p *page) enter() {
	p.t.Helper()
	p.do(chromedp.ActionFunc(func(ctx context.Context) error {
		for _, ev := range []*input.DispatchKeyEventParams{
			input.DispatchKeyEvent(input.KeyRawDown),
			input.DispatchKeyEvent(input.KeyChar).WithText("\r").WithUnmodifiedText("\r"),
			input.DispatchKeyEvent(input.KeyUp),
		} {
			if err := ev.WithKey("Enter").WithCode("Enter").WithWindowsVirtualKeyCode(13).WithNativeVirtualKeyCode(13).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	}))
}

// clicksMade waits until the page has taken the clicks want.
func (p *page) clicksMade(want string) view {
	p.t.Helper()
	return p.waitFor("the clicks "+want, 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
}

// The buttons under the board hide once pressed: the keyboard's focus
// then goes back to the board, on the square it was on, where the arrow
// keys and Enter go on. The choice of a landing (Catch'it's jump over
// the carrier, taking the ball or not), "Start the move again" and
// "Play this move" are each pressed from the keyboard (Tab, Enter).
func TestKeyboardFocusAfterButtons(t *testing.T) {
	p := catchitChoice(t, "keyboard player")
	p.do(chromedp.Focus("#board", chromedp.ByQuery))
	backOnBoard := func(after string) {
		t.Helper()
		if got := p.focused(); got != "board" {
			t.Errorf("after %s the focus is on %s, not the board", after, got)
			p.do(chromedp.Focus("#board", chromedp.ByQuery))
		}
	}
	tabTo := func(want string) {
		t.Helper()
		p.press(kb.Tab)
		if got := p.focused(); got != want {
			t.Fatalf("Tab took the focus to %s, not %s", got, want)
		}
	}
	choose := func() {
		t.Helper()
		p.keyTo(at(t, "C1"), false)
		p.enter()
		p.clicksMade("C1")
		p.keyTo(at(t, "E3"), false)
		p.enter()
		p.waitFor("the choice of E3", 10*time.Second, func(v view) bool { return v.Phase == "choose" })
		if got := p.focused(); got != "click E3" {
			t.Fatalf("the choice of E3 puts the focus on %s, not its first button", got)
		}
	}

	choose()
	tabTo("click xE3")
	p.enter()
	p.clicksMade("C1 xE3")
	backOnBoard("the choice of E3 and the ball")
	p.screenshot("keyboard-after-choice")

	// Tab goes from the board to "Start the move again".
	tabTo("again")
	p.enter()
	p.clicksMade("")
	backOnBoard("Start the move again")

	choose()
	p.enter() // the first button: E3, leaving the ball
	p.clicksMade("C1 E3")
	backOnBoard("the choice of E3 without the ball")
	p.keyTo(at(t, "D2"), false)
	p.enter()
	p.clicksMade("C1 E3 D2")
	p.keyTo(at(t, "F2"), false)
	p.enter()
	p.clicksMade("C1 E3 D2 F2") // complete, and it could jump on
	tabTo("submit")
	p.enter()
	p.waitFor("the move played", 10*time.Second, func(v view) bool { return v.Ply == "3" })
	backOnBoard("Play this move")
	// The arrow keys go on moving over the board.
	p.keyTo(at(t, "D4"), false)
	p.screenshot("keyboard-after-play")
}

// A screen reader is told what the focused square holds after Enter
// has changed it: the pawn and the ball arrived, the square no longer
// offered.
func TestSquareSaidAfterEnter(t *testing.T) {
	p := catchitChoice(t, "screen reader user")
	p.do(chromedp.Focus("#board", chromedp.ByQuery))
	said := func() string {
		var s string
		p.do(chromedp.Evaluate(`document.getElementById('square-say').textContent`, &s))
		return s
	}
	p.keyTo(at(t, "D2"), false)
	p.enter()
	p.clicksMade("D2")
	p.keyTo(at(t, "D3"), false)
	if s := said(); s != "D3, empty; may be clicked" {
		t.Errorf("the focus on D3 is said %q", s)
	}
	p.enter()
	p.clicksMade("D2 D3")
	want := "D3, Blue pawn, carrying the ball"
	s := said()
	for deadline := time.Now().Add(5 * time.Second); s != want && time.Now().Before(deadline); s = said() {
		time.Sleep(25 * time.Millisecond)
	}
	if s != want {
		t.Errorf("after Enter moved the carrier onto D3, the square is said %q, want %q", s, want)
	}
}

// Clicking again the piece just chosen for a later part of the move
// (Catch'it's second pawn, Brouillard's Fou after a pawn move) puts it
// back, as clicking the first piece again does: no rule is cited.
func TestSecondPieceClickedAgain(t *testing.T) {
	click := func(p *page, sq string) {
		p.t.Helper()
		p.do(chromedp.Click(`#board rect[data-square="`+sq+`"]`, chromedp.ByQuery))
	}
	p := newPage(t, "Catch'it player")
	p.createGame("catchit", "easy")
	p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	click(p, "D1")
	p.clicksMade("D1")
	click(p, "D2")
	p.clicksMade("D1 D2")
	click(p, "C1")
	p.clicksMade("D1 D2 C1")
	click(p, "C1")
	v := p.clicksMade("D1 D2")
	var shown struct {
		Prompt string
		Trail  int
	}
	p.do(chromedp.Evaluate(`({
		Prompt: document.getElementById('prompt').textContent,
		Trail: document.querySelectorAll('#board line.trail').length,
	})`, &shown))
	if v.Message != "" || shown.Prompt != "Second displacement: move another pawn" || shown.Trail != 1 {
		t.Errorf("C1 clicked again after D1 D2 C1: the page says %q, prompts %q and draws %d hops", v.Message, shown.Prompt, shown.Trail)
	}
	p.screenshot("catchit-second-pawn-put-back")
	// The first pawn clicked again still puts the whole move back.
	click(p, "D1")
	p.clicksMade("")

	q := newPage(t, "Brouillard player")
	q.createGame("brouillard", "easy")
	q.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	click(q, "C2")
	q.clicksMade("C2")
	click(q, "B3")
	q.clicksMade("C2 B3")
	click(q, "D2")
	q.clicksMade("C2 B3 D2")
	click(q, "D2")
	if v := q.clicksMade("C2 B3"); v.Message != "" {
		t.Errorf("the Fou clicked again after C2 B3 D2: the page says %q", v.Message)
	}
	click(q, "D2")
	q.clicksMade("C2 B3 D2")
}

// hopNumber is how the library's explanations of a refused click begin
// when they are about one hop of a path: "jump 1 E4-E6 ...".
var hopNumber = regexp.MustCompile(`^(?:jump|hop) \d+ `)

// A refused click is explained by what it was for: choosing a piece,
// moving it, throwing the bomb; and Brouillard's prompt says in the
// player's words that the Fou may turn over a pawn it jumps.
func TestRefusalWords(t *testing.T) {
	g := newAPIGame(t, "zapita")
	playAPIMoves(t, g, [2]string{"White", "Khaki"}, "G5-F4", "A7-B7", "F4-E4", "B7-C7")
	var st struct{ Position string }
	call(t, "GET", "/games/"+g.id, g.tokens["White"], nil, &st)
	s, err := games.Parse("zapita", st.Position)
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t, "Zapita player")
	p.seat(g.id, "zapita", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	for _, c := range []struct{ clicks, want string }{
		{"D3", "You cannot choose D3: "},
		{"A3", "You cannot choose A3: "},
		{"E4 E6", "You cannot move to E6: "},
		{"E4 D4 G4", "You cannot throw the bomb to G4: "},
	} {
		var clicks []hops.Click
		for _, text := range strings.Fields(c.clicks) {
			clicks = append(clicks, hops.Click{Square: at(t, text)})
		}
		_, err := s.Build(clicks)
		var he *hops.Error
		if !errors.As(err, &he) {
			t.Fatalf("the clicks %s are not refused: %v", c.clicks, err)
		}
		for i, sq := range clicks {
			p.do(chromedp.Click(`#board rect[data-square="`+sq.Square.String()+`"]`, chromedp.ByQuery))
			if i < len(clicks)-1 {
				p.clicksMade(clickTexts(clicks[:i+1]))
			}
		}
		v := p.waitFor("the refusal of "+c.clicks, 10*time.Second, func(v view) bool { return v.Message != "" && v.Phase == "idle" })
		// The reason as a player reads it: the library's, without where
		// in the move it lies ("path E4-E6", "jump 1"), which is for
		// programs; the hop names itself by its squares.
		why := hopNumber.ReplaceAllString(he.Msg, "")
		if !strings.HasPrefix(v.Message, c.want+why+".") || strings.Contains(v.Message, he.Where[strings.LastIndex(he.Where, ":")+1:]+":") {
			t.Errorf("the clicks %s are refused %q, want %q", c.clicks, v.Message, c.want+why+".")
		}
		if c.clicks == "E4 D4 G4" {
			p.screenshot("zapita-throw-refused")
		}
		p.press(kb.Escape) // the board has the focus from the clicks
		p.clicksMade("")
	}

	b := newAPIGame(t, "brouillard")
	playAPIMoves(t, b, [2]string{"White", "Red"}, "D2-C3", "D6-E5", "C3-B4", "E5-F4", "B4-C5", "F4-E3")
	q := newPage(t, "Brouillard player")
	q.seat(b.id, "brouillard", "White", b.tokens["White"])
	q.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	q.do(chromedp.Click(`#board rect[data-square="C5"]`, chromedp.ByQuery))
	q.clicksMade("C5")
	var prompt string
	q.do(chromedp.Text(`#prompt`, &prompt, chromedp.ByQuery))
	if want := "Click where the Fou goes (if its last jump is over a Red pawn, you may turn that pawn over: you choose as it lands)"; prompt != want {
		t.Errorf("the Fou chosen, the page prompts %q, want %q", prompt, want)
	}
	q.screenshot("brouillard-fou-prompt")
}

// A player who knows his path clicks on without waiting for the squares
// to light up: over a slow connection, the clicks made while the
// builder's answer to the one before is awaited are taken in turn, not
// lost.
func TestClicksWhileAnswerAwaited(t *testing.T) {
	g := newAPIGame(t, "catchit")
	p := newPage(t, "Catch'it player on a slow connection")
	p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.do(network.EmulateNetworkConditions(false, 300, -1, -1))
	for _, sq := range []string{"D1", "D2", "C1"} {
		p.do(chromedp.Click(`#board rect[data-square="`+sq+`"]`, chromedp.ByQuery))
	}
	p.clicksMade("D1 D2 C1")
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	// A click the builder refuses still says why, and drops those made
	// after it: they were meant to follow it.
	p.do(network.EmulateNetworkConditions(false, 300, -1, -1))
	for _, sq := range []string{"A5", "C2"} {
		p.do(chromedp.Click(`#board rect[data-square="`+sq+`"]`, chromedp.ByQuery))
	}
	v := p.waitFor("the refusal", 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Message != "" })
	time.Sleep(time.Second)
	if v = p.read(); v.Clicks != "D1 D2 C1" || v.Phase != "idle" {
		t.Errorf("after a refused click and one more: the page shows clicks %q, phase %q, message %q", v.Clicks, v.Phase, v.Message)
	}
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	p.do(chromedp.Click(`#board rect[data-square="C2"]`, chromedp.ByQuery))
	p.waitFor("the move played", 10*time.Second, func(v view) bool { return v.Ply == "1" })
}

// "Start the move again" and Escape, pressed while a click is answered
// and another waits its turn, start the move again: the answer and the
// click that waited were applied after it, and the move stood as
// clicked, "D1 D2 C1".
func TestStartAgainWhileClicksQueued(t *testing.T) {
	g := newAPIGame(t, "catchit")
	p := newPage(t, "Catch'it player who starts again")
	p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	for _, again := range []chromedp.Action{
		chromedp.Evaluate(`document.getElementById('again').click()`, nil),
		chromedp.KeyEvent(kb.Escape),
	} {
		p.clickOn("D1")
		p.clicksMade("D1")
		p.do(chromedp.Focus("#board", chromedp.ByQuery))
		p.do(network.EmulateNetworkConditions(false, 400, -1, -1))
		p.clickOn("D2")
		p.clickOn("C1")
		p.do(again)
		p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
		time.Sleep(2 * time.Second) // every answer
		if v := p.read(); v.Clicks != "" || v.Phase != "idle" {
			p.screenshot("start-again-while-queued")
			t.Fatalf("after starting again the page shows clicks %q, phase %q", v.Clicks, v.Phase)
		}
	}
}

// A click that waited its turn and brought the choice of a landing is
// the last taken when the choice is given up (Escape): those made after
// it were applied at the next click. Here E4, clicked beyond the jump
// to E3, came after C1 was put back: "You cannot choose E4".
func TestLandingGivenUpDropsQueuedClicks(t *testing.T) {
	p := catchitChoice(t, "Catch'it player who gives up a landing")
	p.do(network.EmulateNetworkConditions(false, 400, -1, -1))
	for _, sq := range []string{"C1", "E3", "E4"} {
		p.clickOn(sq)
	}
	p.waitFor("the choice of a landing", 10*time.Second, func(v view) bool { return v.Phase == "choose" })
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	p.do(chromedp.KeyEvent(kb.Escape))
	p.clicksMade("C1")
	p.clickOn("C1") // put back
	p.clicksMade("")
	time.Sleep(time.Second) // any click applied after it
	if v := p.read(); v.Clicks != "" || v.Message != "" {
		p.screenshot("landing-given-up")
		t.Errorf("after the landing given up and the pawn put back the page shows clicks %q, says %q", v.Clicks, v.Message)
	}
}
