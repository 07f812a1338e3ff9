package e2e

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// movesListed returns the moves the page lists, in order.
func (p *page) movesListed() []string {
	p.t.Helper()
	var moves []string
	p.do(chromedp.Evaluate(`[...document.querySelectorAll('#moves .move')].map(s => s.childNodes[1].textContent)`, &moves))
	return moves
}

// A takeback made elsewhere, in another tab of the player or by another
// client with his token, and the move played in place of the one taken
// back reach the page, though they bring the game to a ply no higher
// than the one it showed: the page, and a spectator's, show the game as
// the server holds it.
func TestTakebackElsewhere(t *testing.T) {
	p := newPage(t, "player of two tabs")
	id := p.createGame("catchit", "easy")
	p.waitFor("my turn", 20*time.Second, func(v view) bool { return v.Turn == "you" && v.Phase == "idle" })
	p.takeTurn(randomClicks(rand.New(rand.NewPCG(11, 5))), false)
	p.waitFor("the computer's reply", 20*time.Second, func(v view) bool { return v.Ply == "2" && v.Turn == "you" && v.Phase == "idle" })
	spectator := newPage(t, "spectator")
	spectator.do(chromedp.Navigate(serverURL + "/#watch=" + id))
	spectator.waitFor("the game watched", 10*time.Second, func(v view) bool { return v.Phase == "watch" && v.Ply == "2" })

	// What a screen reader is told from now on.
	p.do(chromedp.Evaluate(`window.told = []; new MutationObserver(() => told.push(document.getElementById('announce').textContent))
		.observe(document.getElementById('announce'), {childList: true, characterData: true, subtree: true})`, nil))

	// The other tab: the same token, from the browser's storage.
	var token string
	p.do(chromedp.Evaluate(fmt.Sprintf(`JSON.parse(localStorage.getItem(%q)).token`, "hops:"+id), &token))
	var before struct{ Moves []string }
	call(t, "GET", "/games/"+id+"/history", token, nil, &before)
	var back struct{ Ply int }
	if code := call(t, "POST", "/games/"+id+"/takeback", token, nil, &back); code != http.StatusOK || back.Ply != 0 {
		t.Fatalf("takeback: %d, ply %d", code, back.Ply)
	}
	var legal struct{ Moves []string }
	call(t, "GET", "/games/"+id+"/moves?limit=1000", token, nil, &legal)
	other := legal.Moves[0]
	if other == before.Moves[0] {
		other = legal.Moves[1]
	}
	if code := call(t, "POST", "/games/"+id+"/moves", token, map[string]string{"move": other}, nil); code != http.StatusOK {
		t.Fatalf("the move %s in place of %s: %d", other, before.Moves[0], code)
	}
	// The computer's reply, as the server holds it.
	type stateJSON struct {
		Ply                    int
		Version                int
		To_move, You, Position string
	}
	var st stateJSON
	for deadline := time.Now().Add(20 * time.Second); ; {
		call(t, "GET", "/games/"+id, token, nil, &st)
		if st.Ply == 2 && st.To_move == st.You {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the computer does not reply: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var after struct{ Moves []string }
	call(t, "GET", "/games/"+id+"/history", token, nil, &after)

	v := p.waitFor("the server's position", 10*time.Second, func(v view) bool {
		return v.Position == st.Position && v.Ply == "2" && v.Turn == "you" && v.Phase == "idle"
	})
	if got := p.movesListed(); !slices.Equal(got, after.Moves) {
		t.Errorf("the page lists the moves %q, the server holds %q (%q before the takeback)", got, after.Moves, before.Moves)
	}
	var version string
	p.do(chromedp.Evaluate(`document.getElementById('status').dataset.version`, &version))
	if version != strconv.Itoa(st.Version) {
		t.Errorf("the page shows version %s, the server's is %d", version, st.Version)
	}
	// A screen reader hears that the moves it was told of were taken
	// back, then the reply to the move played in their place.
	var told []string
	p.do(chromedp.Evaluate(`told`, &told))
	if all := strings.Join(told, " | "); strings.Count(all, "2 moves were taken back.") != 1 || len(told) == 0 || !strings.Contains(told[len(told)-1], "Red played ") {
		t.Errorf("after the takeback in another tab a screen reader was told %q", told)
	}
	shot := p.screenshot("takeback-elsewhere")
	t.Logf("the page shows %q at ply %s after a takeback and %s in another tab; %s", v.Position, v.Ply, other, shot)

	spectator.waitFor("the server's position, to the spectator", 10*time.Second, func(v view) bool {
		return v.Phase == "watch" && v.Position == st.Position && v.Ply == "2"
	})
	if got := spectator.movesListed(); !slices.Equal(got, after.Moves) {
		t.Errorf("the spectator's page lists the moves %q, the server holds %q", got, after.Moves)
	}
	spectator.screenshot("takeback-elsewhere-spectator")
}
