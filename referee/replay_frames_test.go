package referee

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// TestReplayFrameNamesItsOwnMoveAndReveal: each frame of a Brouillard
// game's replay names the move that led to it and what that move made
// public, not those of the game's last move.
func TestReplayFrameNamesItsOwnMoveAndReveal(t *testing.T) {
	c := newClient(t)
	h := c.create("brouillard", "")
	playRandom(t, c, h, rand.New(rand.NewPCG(5, 5)), 30)
	hist := c.history(h)
	if !slices.ContainsFunc(hist.Reveals, func(r string) bool { return r != "" }) ||
		!slices.Contains(hist.Reveals, "") {
		t.Fatalf("the game's reveals %q do not tell frames apart", hist.Reveals)
	}
	for ply := 1; ply <= len(hist.Moves); ply++ {
		var f frameJSON
		if code, raw := c.do("GET", fmt.Sprintf("/games/%s/replay?ply=%d", h.ID, ply), "", "", &f); code != http.StatusOK {
			t.Fatalf("replay %d: %d %s", ply, code, raw)
		}
		if f.Move != hist.Moves[ply-1] || f.Reveal != hist.Reveals[ply-1] {
			t.Errorf("frame %d: move %q reveal %q, want %q %q", ply, f.Move, f.Reveal, hist.Moves[ply-1], hist.Reveals[ply-1])
		}
	}
}

// TestReplayOfTheCurrentPlyIsThePlayersView: while a Brouillard game
// goes on, a player's replay of the position reached shows what his
// state and his picture show, his own view, and nothing of the
// opponent's hidden pawns.
func TestReplayOfTheCurrentPlyIsThePlayersView(t *testing.T) {
	c := newClient(t)
	h := c.create("brouillard", "")
	playRandom(t, c, h, rand.New(rand.NewPCG(7, 7)), 6)
	for side, token := range h.Tokens {
		var st stateJSON
		c.do("GET", "/games/"+h.ID, token, "", &st)
		if st.Status != StatusPlaying {
			t.Fatalf("the game is %s, want it going on", st.Status)
		}
		_, pic := c.svg("/games/"+h.ID+"/svg", token)
		var f frameJSON
		if code, raw := c.do("GET", "/games/"+h.ID+"/replay", token, "", &f); code != http.StatusOK {
			t.Fatalf("replay: %d %s", code, raw)
		}
		if f.Position != st.Position || f.Diagram != st.Diagram {
			t.Errorf("%s's replay shows %q\n%s\nhis state %q\n%s", side, f.Position, f.Diagram, st.Position, st.Diagram)
		}
		if f.SVG != pic {
			t.Errorf("%s's replay picture is not his picture of the position", side)
		}
	}
}

var squareA1 = regexp.MustCompile(`data-square="A1" x="(\d+)"`)

// a1Left reports whether a picture has the square A1 in the left-hand
// column, as the first side sees the board.
func a1Left(t *testing.T, svg string) bool {
	t.Helper()
	m := squareA1.FindStringSubmatch(svg)
	if m == nil {
		t.Fatalf("no square A1 in the picture")
	}
	return m[1] == "36" // the picture's margin: A1 in the first column
}

// TestPicturesTurnedForTheSecondSide: the second side's player sees every
// picture of the board turned half round, as he sits (/svg, /replay and
// the builder's preview); the first side's player and a spectator see A1
// at the bottom left.
func TestPicturesTurnedForTheSecondSide(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	path := "/games/" + h.ID
	c.play(h, 1)
	var st stateJSON
	c.do("GET", path, "", "", &st)
	second := catchit.Game.SideName(hops.Second)
	for _, who := range []string{catchit.Game.SideName(hops.First), second, ""} {
		token := h.Tokens[who]
		left := who != second
		_, pic := c.svg(path+"/svg", token)
		var f frameJSON
		c.do("GET", path+"/replay?ply=1", token, "", &f)
		if a1Left(t, pic) != left || a1Left(t, f.SVG) != left {
			t.Errorf("%q: A1 on the left in /svg %v, in /replay %v; want %v", who, a1Left(t, pic), a1Left(t, f.SVG), left)
		}
		if who != st.ToMove {
			continue
		}
		var b builtJSON
		if code, raw := c.do("POST", path+"/build", token, `{"clicks": []}`, &b); code != http.StatusOK || b.SVG == "" {
			t.Fatalf("build: %d %s", code, raw)
		}
		if a1Left(t, b.SVG) != left {
			t.Errorf("%q: A1 on the left in the preview %v, want %v", who, a1Left(t, b.SVG), left)
		}
	}
}
