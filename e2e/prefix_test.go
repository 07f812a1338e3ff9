package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/hopsgames/hops/referee"
)

// TestUnderAPrefix: a program that serves the referee under a path of
// its own (/hops/, beside its own handlers, as the referee's example
// does) gets a page that works there: it creates and plays a game
// against the computer, follows it through the event stream, and hands
// out links under the prefix. No request of the page reaches the site's
// root, which belongs to the program (and would be sent the players'
// tokens).
func TestUnderAPrefix(t *testing.T) {
	srv, err := referee.NewServer(referee.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var strays []string
	mux := http.NewServeMux()
	mux.Handle("/hops/", http.StripPrefix("/hops", srv))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		strays = append(strays, r.Method+" "+r.URL.Path)
		mu.Unlock()
		http.Error(w, "the program's own page", http.StatusNotFound)
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.EndStreams() // the page's event streams end, so that Close returns
		ts.Close()
		srv.Close()
	})
	base := ts.URL + "/hops"

	p := newPage(t, "player under /hops/")
	p.createGameAt(base, "coir", "easy")
	choose := randomClicks(rand.New(rand.NewPCG(5, 6)))
	for turns := 0; turns < 3; {
		v := p.waitFor("my turn or the end", 30*time.Second, func(v view) bool {
			return ended(v) || v.Turn == "you" && v.Phase == "idle"
		})
		if ended(v) {
			break
		}
		if p.takeTurn(choose, false) {
			turns++
		}
	}
	// The computer answered the last move through the event stream.
	v := p.waitFor("the computer's answer", 30*time.Second, func(v view) bool { return ended(v) || v.Turn == "you" && v.Phase == "idle" })
	if v.Ply == "" || v.Ply == "0" {
		t.Errorf("no move played under the prefix: %+v", v)
	}
	p.screenshot("under-a-prefix")

	q := newPage(t, "inviter under /hops/")
	id := q.createGameAt(base, "zapita", "person")
	link := q.invitationLink()
	if !strings.HasPrefix(link, base+"/#join="+id+".") {
		t.Errorf("the invitation link is %q, want it under %s/", link, base)
	}
	var home string
	q.do(chromedp.AttributeValue(`#new-game`, "href", &home, nil, chromedp.ByQuery))
	if home != "./" {
		t.Errorf("the new game link is %q, want ./", home)
	}

	mu.Lock()
	defer mu.Unlock()
	if len(strays) > 0 {
		t.Errorf("the page sent requests outside its prefix: %q", strays)
	}
}

// TestGoneGameSaid: a page waiting in a game that the server deletes (a
// game nobody joined, expired) says that the game has gone, rather than
// wait for ever.
func TestGoneGameSaid(t *testing.T) {
	srv, url, advance := clockedReferee(t, referee.Config{WaitingTTL: 15 * time.Minute})
	p := newPage(t, "a player nobody joins")
	p.createGameAt(url, "catchit", "person")
	p.waitFor("the invitation", 10*time.Second, func(v view) bool { return v.Status == "waiting" && v.Stream != "" })
	advance(time.Hour)
	if n := srv.Sweep(); n != 1 {
		t.Fatalf("Sweep deleted %d games, want the one nobody joined", n)
	}
	v := p.waitFor("the news", 15*time.Second, func(v view) bool { return strings.Contains(v.Message, "has gone") })
	p.screenshot("game-gone")
	if !strings.Contains(v.Message, "nobody joins") || v.Text != "This game has gone." {
		t.Errorf("the page says %q, and %q", v.Text, v.Message)
	}
	var inviteHidden bool
	p.do(chromedp.Evaluate(`document.getElementById('invite').hidden`, &inviteHidden))
	if !inviteHidden {
		t.Error("the page still offers the invitation link of the gone game")
	}
}

// TestFinishedGameGone: the page of a finished game, which asks now and
// then for a rematch, says that the game has gone once the server
// deletes it, and offers no rematch of it any more.
func TestFinishedGameGone(t *testing.T) {
	srv, url, advance := clockedReferee(t, referee.Config{FinishedTTL: time.Hour})
	var c struct{ ID, You, Token, Invitation string }
	callAt(t, url, "POST", "/games", "", map[string]string{"game": "coir"}, &c)
	var j struct{ Token string }
	callAt(t, url, "POST", "/games/"+c.ID+"/join", "", map[string]string{"invitation": c.Invitation}, &j)
	callAt(t, url, "POST", "/games/"+c.ID+"/resign", j.Token, nil, nil)
	p := newPage(t, "a player of a finished game")
	g, _ := json.Marshal(map[string]string{"id": c.ID, "token": c.Token, "you": c.You, "game": "coir", "invitation": "", "opponent": "person"})
	p.do(chromedp.Navigate(url+"/"),
		chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem(%q, %q)`, "hops:"+c.ID, g), nil),
		chromedp.Navigate(url+"/#game="+c.ID))
	p.waitFor("the end", 10*time.Second, func(v view) bool { return v.Status == "over" })
	advance(2 * time.Hour)
	if n := srv.Sweep(); n != 1 {
		t.Fatalf("Sweep deleted %d games, want the finished one", n)
	}
	v := p.waitFor("the news", 15*time.Second, func(v view) bool { return v.Text == "This game has gone." })
	var rematchHidden bool
	p.do(chromedp.Evaluate(`document.getElementById('rematch').hidden`, &rematchHidden))
	if !rematchHidden || !strings.Contains(v.Message, "has gone") {
		t.Errorf("the page of the deleted game: %q, rematch button hidden %v", v.Message, rematchHidden)
	}
	p.screenshot("finished-game-gone")
}

// clockedReferee serves a referee of cfg in this process, on a clock of
// its own that advance moves on, and stops it when the test ends.
func clockedReferee(t *testing.T, cfg referee.Config) (srv *referee.Server, url string, advance func(time.Duration)) {
	t.Helper()
	var mu sync.Mutex
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	srv, err := referee.NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.EndStreams() // the page's event streams end, so that Close returns
		ts.Close()
		srv.Close()
	})
	return srv, ts.URL, func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
}
