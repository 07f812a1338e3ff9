package e2e

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

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

// clicksMade waits until the page has taken the clicks want.
func (p *page) clicksMade(want string) view {
	p.t.Helper()
	return p.waitFor("the clicks "+want, 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
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
		if !strings.HasPrefix(v.Message, c.want) || !strings.Contains(v.Message, he.Msg) {
			t.Errorf("the clicks %s are refused %q, want %q and the reason %q", c.clicks, v.Message, c.want+"...", he.Msg)
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
