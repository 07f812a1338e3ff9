package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hopsgames/hops"
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
