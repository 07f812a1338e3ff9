package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
	"github.com/hopsgames/hops/zapita"
)

// builder is a game's move builder for the position a page shows.
type builder func([]hops.Click) (hops.Built[string], error)

// shownPosition is what the tests ask of the position the page shows: a
// hops.State, or in Brouillard a games.View.
type shownPosition interface {
	Build(clicks []hops.Click) (hops.Built[string], error)
	Canonical(move string) (string, error)
}

// positionOf returns the position the page shows: in Brouillard the
// player's view, which is all the page knows.
func positionOf(t *testing.T, v view) shownPosition {
	t.Helper()
	g, ok := games.ByName(v.Game)
	if !ok {
		t.Fatalf("the page shows an unknown game %q", v.Game)
	}
	if games.Hidden(g) {
		side, err := g.ParseSide(v.You)
		if err != nil {
			t.Fatal(err)
		}
		bv, err := games.ParseView(g.Name, v.Position, side)
		if err != nil {
			t.Fatalf("the page's position %q is not a view of %s: %v", v.Position, v.You, err)
		}
		return bv
	}
	s, err := g.Parse(v.Position)
	if err != nil {
		t.Fatalf("the page's position %q: %v", v.Position, err)
	}
	return s
}

// builderOf returns the move builder of the position the page shows.
func builderOf(t *testing.T, v view) builder {
	t.Helper()
	return positionOf(t, v).Build
}

// noChoice reports whether landing on sq after clicks, with the game's
// mark or without, makes the same move (in Brouillard, turning over a
// pawn known to both that is not the target, B8): the page then offers
// no choice and lands without the mark.
func noChoice(t *testing.T, pos shownPosition, clicks []hops.Click, sq hops.Square) bool {
	t.Helper()
	moveOf := func(mark bool) string {
		b, err := pos.Build(append(slices.Clone(clicks), hops.Click{Square: sq, Mark: mark}))
		if err != nil || !b.Complete {
			return ""
		}
		c, err := pos.Canonical(b.Move)
		if err != nil {
			t.Fatalf("the built move %s: %v", b.Move, err)
		}
		return c
	}
	marked := moveOf(true)
	return marked != "" && marked == moveOf(false)
}

// chooser picks the clicks of the next move of a player.
type chooser func(t *testing.T, v view, b builder) []hops.Click

// randomClicks walks the builder at random: the weak player of the tests,
// who also stops at a complete move that could go on, half the time, and
// so uses the page's "play this move" button.
func randomClicks(r *rand.Rand) chooser {
	return func(t *testing.T, v view, b builder) []hops.Click {
		t.Helper()
		var clicks []hops.Click
		for {
			got, err := b(clicks)
			if err != nil {
				t.Fatalf("building from %q after %v: %v", v.Position, clicks, err)
			}
			if got.Complete && (len(got.Next) == 0 || r.IntN(2) == 0) {
				return clicks
			}
			if len(got.Next) == 0 {
				t.Fatalf("the builder offers nothing after %v in %q and the move is not complete", clicks, v.Position)
			}
			clicks = append(clicks, got.Next[r.IntN(len(got.Next))])
		}
	}
}

// movesOf turns a move's text in each game into the clicks a person
// makes to build it.
var movesOf = map[string]func(string) ([]hops.Click, error){
	"zapita":     clicksOf(zapita.ParseMove),
	"catchit":    clicksOf(catchit.ParseMove),
	"coir":       clicksOf(coir.ParseMove),
	"brouillard": clicksOf(brouillard.ParseMove),
}

func clicksOf[M interface{ Clicks() []hops.Click }](parse func(string) (M, error)) func(string) ([]hops.Click, error) {
	return func(text string) ([]hops.Click, error) {
		m, err := parse(text)
		if err != nil {
			return nil, err
		}
		return m.Clicks(), nil
	}
}

// searchClicks plays with the library's searching player, the strong
// player of the tests, and clicks the move it chooses. It sees what the
// page shows and nothing more: in Brouillard it searches a state drawn
// from the player's view.
func searchClicks(seed uint64) chooser {
	r := rand.New(rand.NewPCG(seed, 7))
	return func(t *testing.T, v view, b builder) []hops.Click {
		t.Helper()
		g, ok := games.ByName(v.Game)
		if !ok {
			t.Fatalf("the page shows an unknown game %q", v.Game)
		}
		text := v.Position
		if games.Hidden(g) {
			side, err := g.ParseSide(v.You)
			if err != nil {
				t.Fatal(err)
			}
			bv, err := brouillard.ParseView(v.Position, side)
			if err != nil {
				t.Fatal(err)
			}
			text = bv.Sample(r).String()
		}
		s, err := g.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		agent, err := players.New(g, players.KindSearch, players.Options{Nodes: 1500, Seed: r.Uint64()})
		if err != nil {
			t.Fatal(err)
		}
		move, err := agent.Choose(s)
		if err != nil {
			t.Fatal(err)
		}
		clicks, err := movesOf[g.Name](move)
		if err != nil {
			t.Fatalf("the searching player's move %q: %v", move, err)
		}
		// The page's builder must make the very move from these clicks.
		built, err := b(clicks)
		if err != nil || !built.Complete {
			t.Fatalf("the clicks %s of %q build no move in %q: %v", clickTexts(clicks), move, v.Position, err)
		}
		if want, err := s.Canonical(move); err != nil || built.Move != want {
			t.Fatalf("the clicks %s build %q, not the searching player's %q (%v)", clickTexts(clicks), built.Move, want, err)
		}
		return clicks
	}
}

func clickTexts(clicks []hops.Click) string {
	out := make([]string, len(clicks))
	for i, c := range clicks {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}

// createGame creates a game through the page's form, as a person would,
// and returns its id once the page shows it.
func (p *page) createGame(game, opponent string, arrangement ...string) string {
	p.t.Helper()
	return p.createGameAt(serverURL, game, opponent, arrangement...)
}

// createGameAt is createGame on the page served at base.
func (p *page) createGameAt(base, game, opponent string, arrangement ...string) string {
	p.t.Helper()
	p.do(chromedp.Navigate(base + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.do(
		chromedp.Click(`input[name="game"][value="`+game+`"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="opponent"][value="`+opponent+`"]`, chromedp.ByQuery),
	)
	for _, a := range arrangement {
		// Typing the pawns' letters chooses to place them oneself.
		p.do(chromedp.SendKeys(`#arrangement`, a, chromedp.ByQuery))
	}
	p.do(chromedp.Click(`#start`, chromedp.ByQuery))
	p.waitFor("the new game", 10*time.Second, func(v view) bool {
		return v.Status != "" && (v.Phase == "idle" || v.Phase == "waiting")
	})
	return p.gameID()
}

// invitationLink waits for the page's game to wait for its second
// player and returns the invitation link the page shows.
func (p *page) invitationLink() string {
	p.t.Helper()
	p.waitFor("the invitation", 10*time.Second, func(v view) bool { return v.Status == "waiting" })
	var link string
	p.do(chromedp.Value(`#link`, &link, chromedp.ByQuery))
	return link
}

// secondAgainstComputer creates, in the lobby, a game of game against
// the computer player kind, the page's player taking side, the side that
// moves second, and waits for the computer's first move.
func (p *page) secondAgainstComputer(game, kind, side string) {
	p.t.Helper()
	p.do(chromedp.Navigate(serverURL + "/"))
	p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
	p.do(
		chromedp.Click(`input[name="game"][value="`+game+`"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="opponent"][value="`+kind+`"]`, chromedp.ByQuery),
		chromedp.Click(`input[name="side"][value="`+side+`"]`, chromedp.ByQuery),
		chromedp.Click(`#start`, chromedp.ByQuery),
	)
	p.waitFor("the computer's first move", 20*time.Second, func(v view) bool { return v.Ply == "1" && v.Turn == "you" && v.Phase == "idle" })
}

// playClicks makes the clicks in the page, as a person would: the
// squares on the board, a choice where the page asks whether to mark the
// hop, the button to leave the board, and the "play this move" button if
// the move could go on. It returns once the page has sent the move and
// shows the position after it.
func (p *page) playClicks(b builder, clicks []hops.Click, ply string) {
	p.t.Helper()
	pos := positionOf(p.t, p.read())
	clicks = slices.Clone(clicks) // a landing the page makes plain is changed below
	for i, c := range clicks {
		before, err := b(clicks[:i])
		if err != nil {
			p.t.Fatal(err)
		}
		plain := slices.Contains(before.Next, hops.Click{Square: c.Square})
		marked := slices.Contains(before.Next, hops.Click{Square: c.Square, Mark: true})
		switch {
		case plain && marked && noChoice(p.t, pos, clicks[:i], c.Square):
			// The two landings make one move: the page lands plain, at
			// once, and so does the person.
			clicks[i] = hops.Click{Square: c.Square}
			p.do(chromedp.Click(`#board rect[data-square="`+c.Square.String()+`"]`, chromedp.ByQuery))
		case c.Square == hops.Outside:
			p.do(chromedp.Click(`#choice button[data-click="`+c.String()+`"]`, chromedp.ByQuery))
		case plain && marked:
			p.do(chromedp.Click(`#board rect[data-square="`+c.Square.String()+`"]`, chromedp.ByQuery))
			p.waitFor("the choice of "+c.Square.String(), 10*time.Second, func(v view) bool { return v.Phase == "choose" })
			// The prompt asks for the choice, and each button says what
			// its landing does; Escape goes back to the move as it was,
			// and a second click on the square offers the choice again.
			var asked struct {
				Prompt  string
				Buttons []string
			}
			p.do(chromedp.Evaluate(`({
				Prompt: document.getElementById('prompt').textContent,
				Buttons: [...document.querySelectorAll('#choice button')].map(b => b.textContent),
			})`, &asked))
			if asked.Prompt != "Land on "+c.Square.String()+": choose below the board." || len(asked.Buttons) != 2 ||
				!strings.HasPrefix(asked.Buttons[0], c.Square.String()+" and ") || !strings.HasPrefix(asked.Buttons[1], c.Square.String()+" and ") {
				p.t.Errorf("the choice of %s: prompt %q, buttons %q", c.Square, asked.Prompt, asked.Buttons)
			}
			p.press(kb.Escape)
			want := clickTexts(clicks[:i])
			p.waitFor("the choice put back", 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
			p.do(chromedp.Click(`#board rect[data-square="`+c.Square.String()+`"]`, chromedp.ByQuery))
			p.waitFor("the choice of "+c.Square.String()+" again", 10*time.Second, func(v view) bool { return v.Phase == "choose" })
			p.do(chromedp.Click(`#choice button[data-click="`+c.String()+`"]`, chromedp.ByQuery))
		default:
			p.do(chromedp.Click(`#board rect[data-square="`+c.Square.String()+`"]`, chromedp.ByQuery))
		}
		if i < len(clicks)-1 {
			want := clickTexts(clicks[:i+1])
			p.waitFor("the clicks "+want, 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
			p.checkPreview(b, clicks[:i+1])
			if n, _ := strconv.Atoi(ply); p.midShot != "" && n >= 2 && i >= 1 {
				// The page as a person sees it while building a move:
				// the squares clicked and those the builder offers.
				p.screenshot(p.midShot)
				p.midShot = ""
			}
			continue
		}
		after, err := b(clicks)
		if err != nil || !after.Complete {
			p.t.Fatalf("the clicks %s make no move: %v", clickTexts(clicks), err)
		}
		if len(after.Next) > 0 { // the move could go on: the page asks
			want := clickTexts(clicks)
			p.waitFor("the offer to play "+after.Move, 10*time.Second, func(v view) bool { return v.Phase == "idle" && v.Clicks == want })
			// The button names the squares the player clicked, never
			// pawns he did not touch.
			var label string
			p.do(chromedp.Text(`#submit`, &label, chromedp.ByQuery))
			var squares []string
			for _, c := range clicks {
				squares = append(squares, c.Square.String())
			}
			if wantLabel := "Play this move (" + strings.Join(squares, ", ") + ")"; label != wantLabel {
				p.t.Errorf("%s: the button reads %q, want %q", p.name, label, wantLabel)
			}
			p.do(chromedp.Click(`#submit`, chromedp.ByQuery))
		}
		p.waitFor("the move "+after.Move+" to be played", 10*time.Second, func(v view) bool {
			return v.Ply != ply || v.Status == "over" || v.Status == "closed"
		})
	}
}

// marks names, per game, the words the page adds to a piece that bears
// the game's small mark (Token.Marker): the bomb held, the ball, the Dame, a turned pawn.
var marks = map[string]string{"zapita": ", holding the bomb", "catchit": ", carrying the ball", "coir": ", a Dame", "brouillard": ", turned over"}

// checkPreview checks that the page shows what the library's builder
// says of the clicks made: the board is its preview (the same squares
// occupied, the same marks), the squares offered are those it offers,
// and the prompt is its prompt.
func (p *page) checkPreview(b builder, clicks []hops.Click) {
	p.t.Helper()
	want, err := b(clicks)
	if err != nil {
		p.t.Fatal(err)
	}
	var shown struct {
		Names  map[string]string `json:"names"`
		Next   []string          `json:"next"`
		Prompt string            `json:"prompt"`
		Game   string            `json:"game"`
		You    string            `json:"you"`
	}
	p.do(chromedp.Evaluate(`({
		names: document.getElementById('board').names || {},
		next: [...document.querySelectorAll('#board .ring.next')].map(r => r.dataset.for),
		prompt: document.getElementById('prompt').textContent,
		game: document.getElementById('status').dataset.game,
		you: document.getElementById('status').dataset.you,
	})`, &shown))
	d := want.Preview.Drawing()
	board := d.Board
	if board == nil {
		board = hops.Board7
	}
	var got, exp []string
	for sq := range board.All().Squares() {
		if t := d.Tokens[sq]; t.Fill != "" {
			e := sq.String()
			if t.Marker != "" {
				e += "*"
			}
			exp = append(exp, e)
		}
		if n, ok := shown.Names[sq.String()]; ok {
			g := sq.String()
			if m := marks[shown.Game]; m != "" && strings.HasSuffix(n, m) {
				g += "*"
			}
			got = append(got, g)
		}
	}
	if !slices.Equal(got, exp) {
		p.t.Errorf("%s: after the clicks %s the board shows pieces on %v, the library's preview on %v", p.name, clickTexts(clicks), got, exp)
	}
	var offered []string
	for _, c := range want.Next {
		if c.Square != hops.Outside && !slices.Contains(offered, c.Square.String()) {
			offered = append(offered, c.Square.String())
		}
	}
	slices.Sort(offered)
	slices.Sort(shown.Next)
	if !slices.Equal(offered, shown.Next) {
		p.t.Errorf("%s: after the clicks %s the board offers %v, the builder %v", p.name, clickTexts(clicks), shown.Next, offered)
	}
	wantPrompt := playerWords(want.Prompt, shown.Game, shown.You)
	if slices.ContainsFunc(want.Next, func(c hops.Click) bool { return c.Square == hops.Outside }) {
		// The page names the button that stands for off the board.
		wantPrompt += ", or “Leave the board” below it"
	}
	if want.Prompt == "" || !strings.EqualFold(shown.Prompt, wantPrompt) {
		p.t.Errorf("%s: after the clicks %s the page prompts %q, the builder %q", p.name, clickTexts(clicks), shown.Prompt, want.Prompt)
	}
	p.mu.Lock()
	p.prompts = append(p.prompts, want.Prompt)
	p.mu.Unlock()
}

// playerWords is the builder's prompt as the page words it for the
// player: in Brouillard the "marked" jump of a Fou is said as the
// turning over of the pawn it jumps (B8).
func playerWords(prompt, game, you string) string {
	if game != "brouillard" {
		return prompt
	}
	other := "Red"
	if you == "Red" {
		other = "White"
	}
	return strings.Replace(prompt, "(a marked jump turns the pawn jumped over)",
		"(if its last jump is over a "+other+" pawn, you may turn that pawn over: you choose as it lands)", 1)
}

// tryIllegal clicks first a square the builder does not offer, and
// checks that the page shows the rule's explanation, as the library
// gives it, and lets the player go on.
func (p *page) tryIllegal(b builder) {
	p.t.Helper()
	var squares []string
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#board rect[data-square]')].map(r => r.dataset.square)`, &squares))
	if len(squares) == 0 {
		p.t.Fatalf("%s: the board has no square to click", p.name)
	}
	for _, text := range squares {
		c, err := hops.ParseClick(text)
		if err != nil {
			p.t.Fatalf("%s: the board has a square %q: %v", p.name, text, err)
		}
		_, err = b([]hops.Click{c})
		if err == nil {
			continue
		}
		var he *hops.Error
		if !errors.As(err, &he) {
			p.t.Fatalf("%s: the builder's error %v is not a *hops.Error", p.name, err)
		}
		p.do(chromedp.Click(`#board rect[data-square="`+text+`"]`, chromedp.ByQuery))
		v := p.waitFor("the explanation", 10*time.Second, func(v view) bool { return v.Message != "" && v.Phase == "idle" })
		// The page says the library's reason in plain words, and names
		// the rule once, as a link into the rules on the page.
		if !strings.Contains(v.Message, he.Msg) || !strings.HasPrefix(v.Message, "You cannot choose "+text+": ") {
			p.t.Errorf("%s: clicking %s first shows %q, want the reason %q", p.name, text, v.Message, he.Msg)
		}
		if rule := hops.RuleOf(err); rule != "" {
			var links []string
			p.do(chromedp.Evaluate(`[...document.querySelectorAll('#message .rule-link')].map(b => b.dataset.rule)`, &links))
			if !slices.Equal(links, []string{rule}) || strings.Count(v.Message, rule) != 1 {
				p.t.Errorf("%s: the message %q links the rules %v, want %s once", p.name, v.Message, links, rule)
			}
			// The link opens the rules on the page at that rule.
			p.do(chromedp.Click(`#message .rule-link`, chromedp.ByQuery))
			var shown string
			deadline := time.Now().Add(5 * time.Second)
			for shown == "" && time.Now().Before(deadline) {
				p.do(chromedp.Evaluate(`(() => {
					const el = document.getElementById('rule-`+rule+`');
					if (!el || !document.getElementById('rules-box').open) return '';
					const r = el.getBoundingClientRect();
					return r.top >= 0 && r.top < innerHeight ? el.textContent : '';
				})()`, &shown))
				time.Sleep(25 * time.Millisecond)
			}
			if !strings.HasPrefix(shown, rule+" ") {
				p.t.Errorf("%s: the link to rule %s shows %q", p.name, rule, shown)
			}
			p.do(chromedp.Evaluate(`document.getElementById('rules-box').open = false`, nil))
		}
		if v.Clicks != "" {
			p.t.Errorf("%s: after the refused click the page holds the clicks %q", p.name, v.Clicks)
		}
		return
	}
	p.t.Fatalf("%s: every square may be clicked first", p.name)
}

// ended reports whether the page shows a game that is over.
func ended(v view) bool { return v.Status == "over" || v.Status == "closed" }

// takeTurn plays one move if it is the page's turn, and reports whether
// it did.
func (p *page) takeTurn(choose chooser, illegal bool) bool {
	p.t.Helper()
	v := p.read()
	if v.Turn != "you" || v.Phase != "idle" {
		return false
	}
	b := builderOf(p.t, v)
	if illegal {
		p.tryIllegal(b)
	}
	p.playClicks(b, choose(p.t, v, b), v.Ply)
	return true
}

// checkOver checks that the page announces the end of the game.
func (p *page) checkOver() view {
	p.t.Helper()
	// The event stream ends after the game's last state.
	v := p.waitFor("the result", 10*time.Second, func(v view) bool { return ended(v) && v.Phase == "over" && v.Stream == "closed" })
	if v.Status != "over" {
		p.t.Fatalf("%s: the game ended %s, not won: %q", p.name, v.Status, v.Text)
	}
	if !strings.Contains(v.Text, "win") {
		p.t.Errorf("%s: the page does not announce the winner: %q", p.name, v.Text)
	}
	var moves int
	p.do(chromedp.Evaluate(`document.querySelectorAll('#moves .move').length`, &moves))
	if fmt.Sprint(moves) != v.Ply {
		p.t.Errorf("%s: the page lists %d moves after ply %s", p.name, moves, v.Ply)
	}
	return v
}

// TestAgainstTheComputer plays a whole game of each game by clicks
// against the server's computer player, which answers through the event
// stream.
func TestAgainstTheComputer(t *testing.T) {
	for i, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			p := newPage(t, "player of "+name)
			p.midShot = "computer-" + name + "-building"
			id := p.createGame(name, "medium")
			p.youSay(fmt.Sprintf("You play %s, against the computer (medium).", p.read().You))
			choose := randomClicks(rand.New(rand.NewPCG(uint64(i)+1, 3)))
			start := time.Now()
			for first := true; ; {
				v := p.waitFor("my turn or the end", 60*time.Second, func(v view) bool {
					return ended(v) || v.Turn == "you" && v.Phase == "idle"
				})
				if ended(v) {
					break
				}
				p.takeTurn(choose, first)
				first = false
			}
			v := p.checkOver()
			shot := p.screenshot("computer-" + name)
			if i == 0 {
				// A rematch: a new game against the same computer
				// player, sides swapped.
				p.do(chromedp.Click("#rematch", chromedp.ByQuery))
				r := p.waitFor("the rematch", 20*time.Second, func(r view) bool {
					return r.Hash != "#game="+id && r.Status == "playing" && r.Ply != "" && r.Phase != "busy"
				})
				if r.You == v.You || r.Game != name {
					t.Errorf("the rematch of %s as %s is %s as %s", name, v.You, r.Game, r.You)
				}
				p.youSay(fmt.Sprintf("You play %s, against the computer (medium): a rematch, sides swapped.", r.You))
			}
			t.Logf("%s: %s after %s plies in %v; %s", name, v.Text, v.Ply, time.Since(start).Round(time.Millisecond), shot)
			seen := map[string]bool{}
			for _, pr := range p.prompts {
				seen[pr] = true
			}
			t.Logf("%s: the prompts shown while building moves: %q", name, slices.Sorted(maps.Keys(seen)))
			if g, _ := games.ByName(name); games.Hidden(g) {
				side, err := g.ParseSide(v.You)
				if err != nil {
					t.Fatal(err)
				}
				checkHidden(t, p, id, side)
			}
		})
	}
}

// youSay waits for the line under the game's title, which says whom
// the player plays, to say want.
func (p *page) youSay(want string) {
	p.t.Helper()
	var said string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if p.do(chromedp.Text("#you", &said, chromedp.ByQuery)); said == want {
			return
		}
	}
	p.t.Errorf("the page says %q, want %q", said, want)
}

// TestTwoPeople plays a whole game of each game between two people,
// each in a browser profile of his own: the first creates the game and
// sends the link, the second joins through it. Each follows the other's
// moves through the event stream; in Brouillard neither page ever holds
// the other's hidden pawns. One of the two plays the searching player's
// moves and the other random ones, so that the games end soon; they take
// the strong part in turn from game to game.
func TestTwoPeople(t *testing.T) {
	for i, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			playTwoPeople(t, name, i%2)
		})
	}
}

// playTwoPeople plays one game of name between two pages, the strong
// player being the creator (0) or the joiner (1).
func playTwoPeople(t *testing.T, name string, strong int) {
	a := newPage(t, name+" creator")
	b := newPage(t, name+" joiner")
	var arrangement []string
	if name == "brouillard" {
		arrangement = []string{"KQJTNXX"} // each places his own pawns (B3)
	}
	id := a.createGame(name, "person", arrangement...)
	link := a.invitationLink()
	a.screenshot("people-" + name + "-invitation")
	if !strings.HasPrefix(link, serverURL+"/#join="+id+".") {
		t.Fatalf("the invitation link is %q", link)
	}
	b.do(chromedp.Navigate(link))
	if name == "brouillard" {
		// The joiner places his pawns before he joins: a wrong set of
		// letters is refused with the rule, and the form stays.
		b.waitFor("the form to place the pawns", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
		b.screenshot("people-brouillard-join")
		b.do(chromedp.SendKeys(`#arrangement`, "KQJTNX", chromedp.ByQuery), chromedp.Click(`#start`, chromedp.ByQuery))
		var said string
		for deadline := time.Now().Add(10 * time.Second); said == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			b.do(chromedp.Evaluate(`document.getElementById('lobby-message').textContent`, &said))
		}
		if !strings.Contains(said, "seven letters") {
			t.Errorf("six letters for seven pawns are answered %q", said)
		}
		b.do(chromedp.SendKeys(`#arrangement`, "X", chromedp.ByQuery), chromedp.Click(`#start`, chromedp.ByQuery))
	}
	b.waitFor("the joined game", 10*time.Second, func(v view) bool { return v.Status == "playing" && v.Phase != "busy" })
	if name == "brouillard" {
		// Each sees his own pawns where he placed them.
		av, bv := a.read(), b.read()
		if !strings.Contains(av.Position, "/T1NFX1X/1K1Q1J1 ") || !strings.HasPrefix(bv.Position, "1k1q1j1/t1nfx1x/") {
			t.Errorf("the pawns placed KQJTNXX show as %q (White) and %q (Red)", av.Position, bv.Position)
		}
	}
	if got := b.gameID(); got != id {
		t.Fatalf("the joiner shows game %s, want %s", got, id)
	}
	a.waitFor("the opponent", 10*time.Second, func(v view) bool { return v.Status == "playing" })
	// The page sends its creation and its join with a request key, so
	// that a retry after a lost answer gets the same game and seat: the
	// journal keeps the key's hash with each.
	if lines := journal(t, id); len(lines) < 2 || !strings.Contains(lines[0], `"request":"`) || !strings.Contains(lines[1], `"request":"`) {
		t.Errorf("the creation and the join were not sent with a request key:\n%s", strings.Join(lines[:min(2, len(lines))], "\n"))
	}
	va, vb := a.read(), b.read()
	if va.You == vb.You || va.Game != name || vb.Game != name {
		t.Fatalf("the creator plays %s of %q, the joiner %s of %q", va.You, va.Game, vb.You, vb.Game)
	}

	pages := []*page{a, b}
	var choosers [2]chooser
	choosers[strong] = searchClicks(uint64(11 + strong))
	choosers[1-strong] = randomClicks(rand.New(rand.NewPCG(5, uint64(5+strong))))
	start := time.Now()
	deadline := start.Add(time.Minute)
	first := [2]bool{true, true}
	for !ended(a.read()) {
		moved := false
		for i, p := range pages {
			if p.takeTurn(choosers[i], first[i]) {
				first[i], moved = false, true
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game goes on after a minute: %+v", a.read())
		}
		if !moved {
			time.Sleep(25 * time.Millisecond)
		}
	}
	va, vb = a.checkOver(), b.checkOver()
	if va.Ply != vb.Ply {
		t.Errorf("the pages end at plies %s and %s", va.Ply, vb.Ply)
	}
	// Each page tells its player whether he won: the winner's page says
	// so, the loser's names the winner.
	winner, loser := va, vb
	if strings.HasPrefix(vb.Text, "You win") {
		winner, loser = vb, va
	}
	if !strings.HasPrefix(winner.Text, "You win") || strings.HasPrefix(loser.Text, "You win") {
		t.Errorf("the pages announce %q and %q: one, and only one, must say \"You win\"", va.Text, vb.Text)
	}
	t.Logf("%s: creator (%s): %s; joiner (%s): %s (%s plies in %v); %s, %s", name, va.You, va.Text, vb.You, vb.Text, va.Ply,
		time.Since(start).Round(time.Millisecond), a.screenshot("people-"+name+"-creator"), b.screenshot("people-"+name+"-joiner"))
	if g, _ := games.ByName(name); games.Hidden(g) {
		for _, p := range pages {
			v := p.read()
			side, err := g.ParseSide(v.You)
			if err != nil {
				t.Fatal(err)
			}
			checkHidden(t, p, id, side)
		}
	}
}

// checkHidden checks that the page of side's player in Brouillard game
// id never received nor showed anything of the other's hidden pawns: the
// positions, diagrams and pictures in every answer it got (the event
// stream included) are side's views of the game's true states, which
// the test reads from the referee's journal, and no true position text
// appears in any answer or in the page.
func checkHidden(t *testing.T, p *page, id string, side hops.Side) {
	t.Helper()
	var start string
	var moves []string
	for _, line := range journal(t, id) {
		fields := strings.SplitN(line, " ", 3)
		if len(fields) != 3 {
			t.Fatalf("journal line %q", line)
		}
		var e struct{ Type, Start, Move string }
		if err := json.Unmarshal([]byte(fields[2]), &e); err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case "join":
			start = e.Start
		case "move":
			moves = append(moves, e.Move)
		}
	}
	s, err := brouillard.Game.Parse(start)
	if err != nil {
		t.Fatalf("the journal's start %q: %v", start, err)
	}
	positions, diagrams, svgs := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var secrets []string
	var lastSVG string
	for k := 0; ; k++ {
		v, err := games.ViewOf(s, side)
		if err != nil {
			t.Fatal(err)
		}
		positions[v.String()], diagrams[v.Diagram()] = true, true
		last := ""
		if k > 0 {
			last = moves[k-1]
		}
		d, err := v.Drawing(last)
		if err != nil {
			t.Fatal(err)
		}
		d.Flipped = side == hops.Second // the server draws the board as the player sees it
		lastSVG = d.SVG()
		svgs[lastSVG] = true
		if board, _, _ := strings.Cut(s.String(), " "); !strings.HasPrefix(v.String(), board+" ") {
			secrets = append(secrets, board)
		}
		if k == len(moves) {
			break
		}
		if s, err = s.Play(moves[k]); err != nil {
			t.Fatalf("the journal's move %d %q: %v", k+1, moves[k], err)
		}
	}
	if len(secrets) == 0 {
		t.Fatalf("the game hid nothing from %s: the check would prove nothing", brouillard.Game.SideName(side))
	}

	var check func(where string, x any)
	check = func(where string, x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, val := range x {
				text, isText := val.(string)
				switch {
				case isText && (k == "position" || k == "start") && !positions[text]:
					t.Errorf("%s: %s has %s %q, not a view of %s", p.name, where, k, text, brouillard.Game.SideName(side))
				case isText && k == "diagram" && !diagrams[text]:
					t.Errorf("%s: %s has a diagram that is not a view of %s:\n%s", p.name, where, brouillard.Game.SideName(side), text)
				default:
					check(where, val)
				}
			}
		case []any:
			for _, val := range x {
				check(where, val)
			}
		}
	}
	counts := map[string]int{}
	for _, r := range p.bodies() {
		if !strings.HasPrefix(r.url, serverURL+"/games") {
			continue
		}
		if r.err != nil {
			t.Errorf("%s: the answer to %s could not be read: %v", p.name, r.url, r.err)
			continue
		}
		body := string(r.body)
		if strings.Contains(r.url, "/replay") && overReplay(r.body) {
			// Once the game is over its true positions are public, to
			// its players as to anyone: a replay then shows them.
			counts["over-replay"]++
			continue
		}
		for _, secret := range secrets {
			if strings.Contains(body, secret) {
				t.Errorf("%s: the answer to %s holds the true position %q", p.name, r.url, secret)
			}
		}
		switch {
		case strings.HasSuffix(r.url, "/svg"):
			counts["svg"]++
			if !svgs[body] {
				t.Errorf("%s: the picture %s is not one of %s's views:\n%s", p.name, r.url, brouillard.Game.SideName(side), body)
			}
		case strings.HasSuffix(r.url, "/events"):
			counts["events"]++
			for _, block := range strings.Split(body, "\n\n") {
				for _, line := range strings.Split(block, "\n") {
					if data, ok := strings.CutPrefix(line, "data: "); ok {
						counts["event"]++
						var x any
						if err := json.Unmarshal([]byte(data), &x); err != nil {
							t.Errorf("%s: an event of %s: %v", p.name, r.url, err)
						}
						check("an event of "+r.url, x)
					}
				}
			}
		default:
			counts["json"]++
			var x any
			if err := json.Unmarshal(r.body, &x); err != nil {
				t.Errorf("%s: the answer to %s: %v", p.name, r.url, err)
			}
			check("the answer to "+r.url, x)
		}
	}
	if counts["svg"] == 0 || counts["events"] == 0 || counts["event"] < 2 || counts["json"] == 0 {
		t.Errorf("%s: too few answers were checked: %v", p.name, counts)
	}

	// The page itself: no true position, and the board shows the labels
	// of side's view of the last position, no more.
	html := p.html()
	for _, secret := range secrets {
		if strings.Contains(html, secret) {
			t.Errorf("%s: the page holds the true position %q", p.name, secret)
		}
	}
	var board string
	p.do(chromedp.Evaluate(`document.getElementById('board').innerHTML`, &board))
	if got, want := labels(board), labels(lastSVG); !slices.Equal(got, want) {
		t.Errorf("%s: the board shows the labels %q, %s's view has %q", p.name, got, brouillard.Game.SideName(side), want)
	}
	t.Logf("%s: checked %v answers and the page against %d hidden states", p.name, counts, len(secrets))
}

var labelRE = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// labels returns the texts of an SVG picture, in order: the coordinates,
// the pawns' letters and the caption.
func labels(svg string) []string {
	var out []string
	for _, m := range labelRE.FindAllStringSubmatch(svg, -1) {
		out = append(out, m[1])
	}
	return out
}

// overReplay reports whether body is the answer to a replay of a game
// that is over (or closed at its ply bound).
func overReplay(body []byte) bool {
	var frame struct{ Status string }
	return json.Unmarshal(body, &frame) == nil && (frame.Status == "over" || frame.Status == "closed")
}

// TestComputerThinkingShown: while the computer player works out its
// reply, the page says so, with a turning ring beside the words (still
// for a person who asks for less motion), and its prompt waits for the
// computer's move; it said "Red to move…", and nothing showed that
// anything was under way. The state the page gets as the person's move
// is stored, the computer to move, is shown again, as the reply takes a
// few milliseconds here and up to three seconds at its hardest.
func TestComputerThinkingShown(t *testing.T) {
	p := newPage(t, "waiting for the computer")
	p.createGame("catchit", "hard")
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	var shown struct {
		Status, Class, Prompt, Animation string
	}
	think := `(() => {
		const st = { ...state, to_move: state.computer };
		state = st;
		showStatus(st);
		showBuild();
		const s = document.getElementById('status');
		return { status: s.textContent, class: s.className, prompt: document.getElementById('prompt').textContent,
			animation: getComputedStyle(s, '::after').animationName };
	})()`
	p.do(chromedp.Evaluate(think, &shown))
	if shown.Status != "The computer (Red) is thinking…" || shown.Class != "thinking" || shown.Prompt != "Waiting for the computer's move." || shown.Animation != "thinking" {
		t.Errorf("while the computer thinks the page shows %+v", shown)
	}
	p.screenshot("computer-thinking")
	p.do(emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}),
		chromedp.Evaluate(think, &shown))
	if shown.Animation != "none" || shown.Status != "The computer (Red) is thinking…" {
		t.Errorf("asked for less motion, the page shows %+v", shown)
	}
}
