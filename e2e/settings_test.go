package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/hopsgames/hops/games"
)

// setting is what a person has set in his browser.
type setting struct {
	width        int64 // a touch phone's screen, in CSS px (0: the window)
	font         int64 // the default font size, in px (0: the browser's 16)
	forcedColors bool  // forced colours, as Windows' high contrast themes
}

// emulate gives the page's browser the setting s.
func (p *page) emulate(s setting) {
	p.t.Helper()
	var a []chromedp.Action
	if s.width > 0 {
		a = append(a, emulation.SetDeviceMetricsOverride(s.width, 800, 2, true),
			emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
	}
	if s.font > 0 {
		a = append(a, cdppage.SetFontSizes(&cdppage.FontSizes{Standard: s.font, Fixed: s.font * 13 / 16}))
	}
	if s.forcedColors {
		a = append(a, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}}))
	}
	p.do(a...)
}

// viewShot saves a picture of what the screen shows under the
// screenshots folder: the screen only, as a picture of the whole page
// would undo the emulated screen and font size.
func (p *page) viewShot(name string) {
	p.t.Helper()
	var png []byte
	p.do(chromedp.CaptureScreenshot(&png))
	if err := os.WriteFile(filepath.Join(shotsDir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// watch opens the replay of game id afresh and waits until it shows
// the game's plies moves.
func (p *page) watch(id, plies string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(serverURL+"/#watch="+id))
	p.waitFor("the replay", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Ply == plies })
}

// zapitaFourMoves is a game of Zapita two moves of each side in.
func zapitaFourMoves(t *testing.T) apiGame {
	t.Helper()
	g := newAPIGame(t, "zapita")
	playAPIMoves(t, g, [2]string{"White", "Khaki"}, "G5-F4", "A7-B7", "F4-E4", "B7-C7")
	return g
}

// In forced colours (a high contrast theme) the browser drops the
// yellow background that marks, in a replay, the move the board shows,
// and the rule a rule link opens: both are outlined instead, so that
// they still stand out, and the move on show is said to be the current
// step to a screen reader, which sees no colour either.
func TestForcedColoursShowTheMoveAndTheRule(t *testing.T) {
	g := zapitaFourMoves(t)
	p := newPage(t, "watching in forced colours")
	p.emulate(setting{forcedColors: true})
	p.watch(g.id, "4")
	p.do(chromedp.Click(`#moves .move[data-ply="2"]`, chromedp.ByQuery),
		chromedp.Poll(`document.getElementById('status').dataset.frame === '2'`, nil))
	var marks []string
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#moves .move')].map((m) => m.dataset.ply +
		(getComputedStyle(m).outlineStyle !== 'none' ? ' outlined' : '') +
		(m.hasAttribute('aria-current') ? ' aria-current=' + m.getAttribute('aria-current') : ''))`, &marks))
	if fmt.Sprint(marks) != "[1 2 outlined aria-current=step 3 4]" {
		t.Errorf("at the second move the replay's moves are %q; want the second alone outlined and aria-current=step", marks)
	}
	p.viewShot("forced-colours-replay")

	// As a player, a refused click's rule link opens the rule, which
	// flashes for two seconds.
	p.seat(g.id, "zapita", "White", g.tokens["White"])
	p.waitFor("my turn", 10*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.clickOn("D5")
	p.do(chromedp.WaitVisible(`#message .rule-link`, chromedp.ByQuery), chromedp.Click(`#message .rule-link`, chromedp.ByQuery))
	var flash struct{ ID, Outline string }
	p.do(chromedp.Poll(`(() => { const f = document.querySelector('#rules .flash');
		return f && {id: f.id, outline: getComputedStyle(f).outlineStyle}; })()`, &flash))
	p.viewShot("forced-colours-rule")
	if flash.Outline == "none" {
		t.Errorf("the rule a link opens, %s, is not outlined in forced colours", flash.ID)
	}
}

// On a phone 320 px wide, and on one 390 px wide with the browser's
// font set to 32 px, the lobby fits the screen whichever game is
// chosen: the game's picture and its description beside it no longer
// push the page wider than the screen, cutting off its right side.
func TestLobbyFitsAPhone(t *testing.T) {
	for _, c := range []struct {
		phone string
		s     setting
	}{
		{"a phone 320 px wide", setting{width: 320}},
		{"a phone 390 px wide, its font 32 px", setting{width: 390, font: 32}},
	} {
		p := newPage(t, "the lobby on "+c.phone)
		p.emulate(c.s)
		p.do(chromedp.Navigate(serverURL + "/"))
		p.waitFor("the lobby", 10*time.Second, func(v view) bool { return v.Phase == "lobby" })
		for _, name := range games.Names() {
			p.do(chromedp.Click(`input[name="game"][value="`+name+`"]`, chromedp.ByQuery),
				chromedp.Poll(`document.getElementById('lobby-picture').src.endsWith('/`+name+`/start.svg')`, nil),
				chromedp.Evaluate(`scrollTo(0, 0)`, nil))
			var w struct{ Page, Screen int }
			p.do(chromedp.Evaluate(`({Page: document.documentElement.scrollWidth, Screen: document.documentElement.clientWidth})`, &w))
			if w.Page > w.Screen {
				t.Errorf("on %s, %s chosen, the lobby is %d px wide on a screen of %d", c.phone, name, w.Page, w.Screen)
			}
			if c.s.width == 320 && name == "zapita" {
				p.viewShot("phone-320-lobby-zapita")
			}
		}
	}
}

// On a phone 320 px wide the positions written in the rules, long words
// of letters and digits, break to fit the rules' box rather than run
// past its right edge, where their end was cut off.
func TestRulesPositionsFitAPhone(t *testing.T) {
	p := newPage(t, "reading the rules on a phone")
	p.emulate(setting{width: 320})
	for _, name := range games.Names() {
		p.watch(newAPIGame(t, name).id, "0")
		p.do(chromedp.Click(`#rules-title`, chromedp.ByQuery), chromedp.WaitVisible(`#rules p`, chromedp.ByQuery))
		var past []string
		p.do(chromedp.Evaluate(`(() => {
			const box = document.getElementById('rules');
			const right = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
			const codes = [...box.querySelectorAll('code')].filter((c) => !c.closest('pre'));
			codes.reduce((a, c) => c.textContent.length > a.textContent.length ? c : a).scrollIntoView({block: 'center'});
			return codes.filter((c) => c.getBoundingClientRect().right > right + 1).map((c) => c.textContent);
		})()`, &past))
		if len(past) > 0 {
			t.Errorf("at 320 px the rules of %s write %d texts past the box's right edge: %q", name, len(past), past)
		}
		if name == "brouillard" {
			p.viewShot("phone-320-rules-brouillard")
		}
	}
}

// On a touch phone 390 px wide each move in a replay's list, which a
// tap shows on the board, is at least 24 px high: a finger can hit it
// without hitting the move above or below.
func TestReplayMovesAreTouchTargets(t *testing.T) {
	g := zapitaFourMoves(t)
	p := newPage(t, "watching on a touch phone")
	p.emulate(setting{width: 390})
	p.watch(g.id, "4")
	var heights []float64
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#moves .move')].map((m) => m.getBoundingClientRect().height)`, &heights))
	if len(heights) != 4 {
		t.Fatalf("the replay lists %d moves, want 4", len(heights))
	}
	for i, h := range heights {
		if h < 24 {
			t.Errorf("move %d of the replay is %.1f px high, under 24", i+1, h)
		}
	}
}

// On a phone the replay's buttons stay where they are from one move to
// the next: the line saying which move is on show, one line long or
// three as the moves are, goes under them, so that a finger tapping
// Next again and again keeps finding it.
func TestReplayButtonsStayOnAPhone(t *testing.T) {
	g := newAPIGame(t, "catchit")
	g.playAPI(t, rand.New(rand.NewPCG(5, 5)), 8)
	p := newPage(t, "stepping through a replay on a phone")
	p.emulate(setting{width: 390})
	p.watch(g.id, "8")
	p.do(chromedp.Click(`#first`, chromedp.ByQuery), chromedp.Poll(`document.getElementById('status').dataset.frame === '0'`, nil))
	var places []string
	heights := map[int]bool{} // of the line saying which move is on show
	for frame := 0; frame <= 8; frame++ {
		var at struct {
			Next, First, Said int
		}
		p.do(chromedp.Evaluate(`(() => {
			const board = document.getElementById('board').getBoundingClientRect();
			const at = document.getElementById('replay-at');
			return {Next: Math.round(document.getElementById('next').getBoundingClientRect().top - board.bottom),
				First: Math.round(document.getElementById('first').getBoundingClientRect().top - board.bottom),
				Said: Math.round(at.getBoundingClientRect().height)};
		})()`, &at))
		places = append(places, fmt.Sprintf("%d:%d", at.Next, at.First))
		heights[at.Said] = true
		if frame == 1 {
			p.viewShot("phone-390-replay")
		}
		if frame < 8 {
			p.do(chromedp.Click(`#next`, chromedp.ByQuery), chromedp.Poll(fmt.Sprintf(`document.getElementById('status').dataset.frame === '%d'`, frame+1), nil))
		}
	}
	for _, place := range places[1:] {
		if place != places[0] {
			t.Errorf("Next and First below the board, frame by frame: %v; want them to stay put", places)
			break
		}
	}
	if len(heights) < 2 {
		t.Errorf("the line saying which move is on show kept one height, %v: the test did not look", heights)
	}
}
