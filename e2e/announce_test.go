package e2e

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hopsgames/hops"
)

// spokenCatchit reads a Catch'it move as the page says it to a screen
// reader, its signs in words: "E2xC2-C4 G7-G6" is "E2 to C2 taking the
// ball, C4, then G7 to G6", "D6xD4-B2-out" ends "B2, off the board",
// and "F7-out" is "F7 off the board".
func spokenCatchit(move string) string {
	var parts []string
	for _, part := range strings.Fields(move) {
		squares := strings.FieldsFunc(part, func(r rune) bool { return r == '-' || r == 'x' })
		var landings []string
		for i, sq := range squares[1:] {
			if sq == "out" {
				sq = "off the board"
			}
			// The sign before the i-th landing: after the start and the
			// landings before it, each with its sign.
			at := len(strings.Join(squares[:i+1], "-"))
			if part[at] == 'x' {
				sq += " taking the ball"
			}
			landings = append(landings, sq)
		}
		if len(landings) == 0 {
			parts = append(parts, squares[0])
			continue
		}
		if len(landings) == 1 && landings[0] == "off the board" {
			parts = append(parts, squares[0]+" off the board")
			continue
		}
		parts = append(parts, squares[0]+" to "+strings.Join(landings, ", "))
	}
	return strings.Join(parts, ", then ")
}

// announced returns what the page's live region last told a screen
// reader.
func (p *page) announced() string {
	p.t.Helper()
	var text string
	p.do(chromedp.Evaluate(`document.getElementById('announce').textContent`, &text))
	return text
}

// recordAnnouncements keeps, from now on, every text the page's live
// region is given, which a screen reader reads in turn.
func (p *page) recordAnnouncements() {
	p.t.Helper()
	p.do(chromedp.Evaluate(`(() => {
		window.told = [];
		new MutationObserver(() => window.told.push(document.getElementById('announce').textContent))
			.observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true});
	})()`, nil))
}

// announcements returns the texts recorded since recordAnnouncements.
func (p *page) announcements() []string {
	p.t.Helper()
	var told []string
	p.do(chromedp.Evaluate(`window.told || []`, &told))
	return told
}

// waitAnnounced waits until the live region's text holds every one of
// want, and returns it.
func (p *page) waitAnnounced(what string, want ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		text := p.announced()
		all := true
		for _, w := range want {
			all = all && strings.Contains(text, w)
		}
		if all {
			return text
		}
		if time.Now().After(deadline) {
			p.screenshot(strings.ReplaceAll(what, " ", "-"))
			p.t.Fatalf("%s: a screen reader was last told %q, want %q", what, text, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A player who opens his own invitation link (to try it, or by mistake)
// keeps his seat and is told the link is his opponent's: the page
// claimed it, gave this browser the other seat, lost its own, and left
// the friend with a spent link, so that nobody could move Blue.
func TestOwnInvitationLink(t *testing.T) {
	p := newPage(t, "Blue, opening his own link")
	id := p.createGame("catchit", "person")
	link := p.invitationLink()
	if !strings.Contains(link, "#join="+id+".") {
		t.Fatalf("the invitation link is %q", link)
	}
	p.do(chromedp.Navigate(link))
	p.waitFor("the game, still Blue's", 10*time.Second, func(v view) bool {
		return v.Hash == "#game="+id && v.You == "Blue" && v.Status == "waiting" &&
			strings.Contains(v.Message, "this link is for your opponent")
	})
	p.screenshot("own-invitation-link")
	var kept string
	p.do(chromedp.Evaluate(`JSON.parse(localStorage.getItem('hops:`+id+`')).you`, &kept))
	if kept != "Blue" {
		t.Errorf("after opening its own link the browser keeps the seat of %q", kept)
	}
	friend := newPage(t, "Red, the friend")
	friend.do(chromedp.Navigate(link))
	friend.waitFor("the friend joined", 10*time.Second, func(v view) bool { return v.You == "Red" && v.Status == "playing" })
	p.waitFor("Blue to move", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	// The friend opens the link again, later: he is told he joined with
	// it (he was told it was his opponent's).
	friend.do(chromedp.Navigate(serverURL + "/"))
	friend.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	friend.do(chromedp.Navigate(link))
	friend.waitFor("the game, still Red's", 10*time.Second, func(v view) bool {
		return v.Hash == "#game="+id && v.You == "Red" && v.Message == "You joined this game with this link already: you play Red."
	})
	// The creator opens it once it was used: it no longer serves (he was
	// told it was for his opponent, who could join with it).
	p.do(chromedp.Navigate(serverURL + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.do(chromedp.Navigate(link))
	p.waitFor("the game, its link used", 10*time.Second, func(v view) bool {
		return v.Hash == "#game="+id && v.You == "Blue" && v.Message == "You play Blue in this game; its invitation link can no longer be used."
	})
}

// The creator who opens his link with a character more (a chat program
// kept the closing bracket) while the game waits is told it is his
// opponent's (he was told he had joined with it).
func TestOwnInvitationLinkMangled(t *testing.T) {
	p := newPage(t, "Blue, with a bracket")
	id := p.createGame("catchit", "person")
	link := p.invitationLink()
	p.do(chromedp.Navigate(serverURL + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.do(chromedp.Navigate(link + ")"))
	p.waitFor("the game, still Blue's", 10*time.Second, func(v view) bool {
		return v.Hash == "#game="+id && v.You == "Blue" && strings.Contains(v.Message, "this link is for your opponent")
	})
}

// Moves that reach the page all at once (it was offline a while) are
// said in short, how many and the last, not read out one by one.
func TestManyMovesSaidInShort(t *testing.T) {
	g := newAPIGame(t, "catchit")
	p := newPage(t, "Blue, away a while")
	p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.recordAnnouncements()
	p.do(network.EmulateNetworkConditions(true, 0, -1, -1))
	moves := g.playAPI(t, rand.New(rand.NewPCG(8, 8)), 10)
	if len(moves) != 10 {
		t.Fatalf("%d moves played, want 10", len(moves))
	}
	p.do(network.EmulateNetworkConditions(false, 0, -1, -1))
	p.waitFor("the moves seen", 20*time.Second, func(v view) bool { return v.Ply == "10" && v.Turn == "you" && v.Phase == "idle" })
	time.Sleep(300 * time.Millisecond)
	told := p.announcements()
	want := "10 moves were played meanwhile, listed with the others; the last: Red played " + spokenCatchit(moves[9]) + "."
	if !slices.Contains(told, want) {
		t.Errorf("after 10 moves at once a screen reader was told %q, want %q", told, want)
	}
	for _, said := range told {
		if len(said) > 200 {
			t.Errorf("a screen reader was told %d characters at once: %.100q…", len(said), said)
		}
	}
}

// What a screen reader is told without looking for it (a live region):
// the computer's first move to a player who moves second, the end of the
// game to the loser and to the winner, and what the player's own move
// turned over in Brouillard. The first and the last were never said, and
// the turned pawn reached only the opponent.
func TestAnnouncedForScreenReaders(t *testing.T) {
	t.Run("the computer's first move", func(t *testing.T) {
		p := newPage(t, "Khaki, second")
		p.secondAgainstComputer("zapita", "easy", "Khaki")
		p.waitAnnounced("the computer's first move said", "White played ")
	})
	t.Run("the loser", func(t *testing.T) {
		g := newAPIGame(t, "zapita")
		playAPIMoves(t, g, [2]string{"White", "Khaki"}, "G5-F4", "A7-B7", "F4-E4", "B7-C7")
		p := newPage(t, "Khaki, losing")
		p.seat(g.id, "zapita", "Khaki", g.tokens["Khaki"])
		p.waitFor("White's turn", 10*time.Second, func(v view) bool { return v.Ply == "4" && v.Turn == "them" && v.Phase == "waiting" })
		g.playBy(t, sideMove{"White", "E4-D4*A4"}) // the winning throw
		p.waitFor("the end", 10*time.Second, func(v view) bool { return v.Status == "over" })
		p.waitAnnounced("the loss said", "White played E4 to D4, the bomb thrown to A4.", "White wins.")
	})
	t.Run("the winner", func(t *testing.T) {
		g := newAPIGame(t, "catchit")
		p := newPage(t, "Blue, winning")
		p.seat(g.id, "catchit", "Blue", g.tokens["Blue"])
		p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
		if code := call(t, "POST", "/games/"+g.id+"/resign", g.tokens["Red"], nil, nil); code != http.StatusOK {
			t.Fatalf("Red resigns: %d", code)
		}
		p.waitFor("the end", 10*time.Second, func(v view) bool { return v.Status == "over" })
		p.waitAnnounced("the win said", "You win!", "Red resigned")
	})
	t.Run("what my move turned over", func(t *testing.T) {
		g := newAPIGame(t, "brouillard", "NTXXQJK", "XXJQTNK")
		g.playBy(t, brouillardOpening...)
		p := newPage(t, "White, turning a pawn over")
		p.seat(g.id, "brouillard", "White", g.tokens["White"])
		p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Ply == "6" && v.Turn == "you" && v.Phase == "idle" })
		p.recordAnnouncements()
		// The capture and Red's reply come together, as the computer's
		// reply does: both are said (only the last move of the list was).
		g.playBy(t, sideMove{"White", "C5xC7"}, sideMove{"Red", "E3-D4"})
		var h struct{ Moves, Reveals []string }
		call(t, "GET", "/games/"+g.id+"/history", g.tokens["White"], nil, &h)
		if len(h.Reveals) != 8 || h.Reveals[6] == "" {
			t.Fatalf("C5xC7 showed nothing: %q", h.Reveals)
		}
		p.waitFor("Red's reply shown", 10*time.Second, func(v view) bool { return v.Ply == "8" && v.Turn == "you" && v.Phase == "idle" })
		time.Sleep(300 * time.Millisecond)
		all := strings.Join(p.announcements(), " ")
		for _, want := range []string{"Your move, C5 to C7 turning over the pawn it jumped, showed " + h.Reveals[6] + ".", "Red played E3 to D4."} {
			if strings.Count(all, want) != 1 {
				t.Errorf("a screen reader was told %q, want %q once", all, want)
			}
		}
	})
}

// The replay's buttons keep the keyboard's focus: at the first position
// the Back button is disabled and the focus goes to Next (it fell to the
// page, and the next Tab began again at the top), and each step is said.
func TestReplayKeepsFocus(t *testing.T) {
	g := newAPIGame(t, "zapita")
	g.playAPI(t, rand.New(rand.NewPCG(3, 4)), 3)
	p := newPage(t, "watcher, at the keyboard")
	p.do(chromedp.Navigate(serverURL + "/#watch=" + g.id))
	p.waitFor("the game watched", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Ply == "3" })
	p.do(chromedp.Focus(`#prev`, chromedp.ByQuery))
	var at, focused, live string
	for range 3 {
		p.press(kb.Enter)
		time.Sleep(300 * time.Millisecond)
	}
	p.do(chromedp.Evaluate(`document.getElementById('replay-at').textContent`, &at),
		chromedp.Evaluate(`document.activeElement.id`, &focused),
		chromedp.Evaluate(`document.getElementById('replay-at').getAttribute('aria-live') || ''`, &live))
	if at != "Start position" || focused != "next" || live != "polite" {
		t.Errorf("three steps back from move 3: at %q, the focus on %q (want next), the step said %q", at, focused, live)
	}
	p.press(kb.Enter)
	time.Sleep(300 * time.Millisecond)
	p.do(chromedp.Evaluate(`document.getElementById('replay-at').textContent`, &at))
	if !strings.HasPrefix(at, "After 1. White ") {
		t.Errorf("Enter on Next from the start: at %q", at)
	}
}

// A link to a rule takes the keyboard's focus to the rule, which a
// screen reader then reads (it stayed on the link); the Zapita board
// names its headquarters, empty or not (they were "empty"); the lobby,
// once back in it, is named in the tab's title (it kept the game's).
func TestRuleLinkFocusAndHeadquarters(t *testing.T) {
	g := newAPIGame(t, "zapita")
	p := newPage(t, "White, reading a rule")
	p.seat(g.id, "zapita", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	var label, said string
	p.do(chromedp.Evaluate(`document.querySelector('#board svg').getAttribute('aria-label')`, &label),
		chromedp.Focus(`#board`, chromedp.ByQuery))
	p.keyTo(hops.Square(at(t, "A4")), false)
	p.do(chromedp.Evaluate(`document.getElementById('square-say').textContent`, &said))
	if !strings.Contains(label, "A4 Khaki's headquarters, empty") || !strings.Contains(label, "G4 White's headquarters, empty") ||
		said != "A4, Khaki's headquarters, empty" {
		t.Errorf("the headquarters: the board is described %q, A4 said %q", label, said)
	}
	p.clickOn("D5")
	var rules []string
	for deadline := time.Now().Add(10 * time.Second); len(rules) == 0; {
		rules = p.messageRules()
		if time.Now().After(deadline) {
			t.Fatalf("a click on an empty square cites no rule: %q", p.read().Message)
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.do(chromedp.Click(`#message .rule-link`, chromedp.ByQuery))
	var focused string
	for deadline := time.Now().Add(5 * time.Second); focused != "rule-"+rules[0]; {
		if time.Now().After(deadline) {
			t.Fatalf("after the link to rule %s the focus is on %q", rules[0], focused)
		}
		time.Sleep(50 * time.Millisecond)
		p.do(chromedp.Evaluate(`document.activeElement.id`, &focused))
	}
	p.screenshot("rule-focused")
	p.do(chromedp.Evaluate(`location.hash = ''`, nil))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	var title string
	p.do(chromedp.Title(&title))
	if title != "HOPS: play the games" {
		t.Errorf("back in the lobby the tab is titled %q", title)
	}
	// Brouillard's field for the pawns' letters is named for what it
	// takes (its name was its example, the placeholder "NTXXQJK").
	p.do(chromedp.Click(`input[name="game"][value="brouillard"]`, chromedp.ByQuery))
	if name := p.accessibleName(`#arrangement`); name != "Your arrangement, seven letters" {
		t.Errorf("the arrangement's field is named %q", name)
	}
}

// accessibleName returns the name the browser gives a screen reader for
// the element sel.
func (p *page) accessibleName(sel string) string {
	p.t.Helper()
	var nodes []*cdp.Node
	p.do(chromedp.Nodes(sel, &nodes, chromedp.ByQuery))
	var name string
	p.do(chromedp.ActionFunc(func(ctx context.Context) error {
		ax, err := accessibility.GetPartialAXTree().WithBackendNodeID(nodes[0].BackendNodeID).WithFetchRelatives(false).Do(ctx)
		if err != nil {
			return err
		}
		if len(ax) == 0 || ax[0].Name == nil {
			return nil
		}
		return json.Unmarshal(ax[0].Name.Value, &name)
	}))
	return name
}

// After a takeback the keyboard's focus goes back to the board, and what
// is said of its square is the position taken back to: it was first
// said of the board before the takeback ("C2, Blue pawn"), then of the
// one after it ("C2, empty"). A double click on the button takes back
// one turn, not two.
func TestTakebackSaysTheSquareTakenBack(t *testing.T) {
	p := newPage(t, "Blue, taking back")
	id := p.createGame("catchit", "easy")
	p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	r := rand.New(rand.NewPCG(21, 8))
	for _, ply := range []string{"2", "4"} {
		p.takeTurn(randomClicks(r), false)
		p.waitFor("the computer's reply", 20*time.Second, func(v view) bool { return v.Ply == ply && v.Turn == "you" && v.Phase == "idle" })
	}
	p.do(chromedp.Evaluate(`(() => {
		window.saidAfter = [];
		new MutationObserver(() => window.saidAfter.push(document.getElementById('square-say').textContent))
			.observe(document.getElementById('square-say'), {childList: true, characterData: true, subtree: true});
	})()`, nil))
	// Two clicks, the second before the first is answered.
	p.do(chromedp.Evaluate(`(() => { const b = document.getElementById('takeback'); b.click(); b.click(); })()`, nil))
	p.waitFor("the move taken back", 10*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" && v.Phase == "idle" })
	time.Sleep(300 * time.Millisecond)
	var token string
	p.do(chromedp.Evaluate(`JSON.parse(localStorage.getItem('hops:`+id+`')).token`, &token))
	var st struct{ Ply int }
	call(t, "GET", "/games/"+id, token, nil, &st)
	if v := p.read(); st.Ply != 2 || v.Ply != "2" || v.Message != "" {
		t.Errorf("a double click on the takeback from ply 4: the server's game at ply %d, the page's at %s, saying %q; want ply 2 and nothing said", st.Ply, v.Ply, v.Message)
	}
	var got struct {
		Said   []string
		Square string
		Name   string
	}
	p.do(chromedp.Evaluate(`({
		Said: window.saidAfter,
		Square: document.body.dataset.focus || '',
		Name: document.getElementById('board').names[document.body.dataset.focus] || 'empty',
	})`, &got))
	want := got.Square + ", " + got.Name
	var said int
	for _, s := range got.Said {
		if strings.HasPrefix(s, got.Square+", ") {
			said++
			if s != want && !strings.HasPrefix(s, want+";") {
				t.Errorf("after the takeback %q was said, where the board has %q", s, want)
			}
		}
	}
	if said == 0 {
		t.Errorf("after the takeback nothing was said of the focused square %s (said: %q)", got.Square, got.Said)
	}
}
