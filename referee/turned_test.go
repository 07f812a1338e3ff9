package referee

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

var highlighted = regexp.MustCompile(`data-highlight="([A-G][1-7])"`)

// framed returns the squares a picture frames, sorted.
func framed(svg string) []string {
	var out []string
	for _, m := range highlighted.FindAllStringSubmatch(svg, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

func squareNames(b hops.Bitboard) []string {
	var out []string
	for sq := range b.Squares() {
		out = append(out, sq.String())
	}
	slices.Sort(out)
	return out
}

// TestTurnedPawnsFramed plays a Coir game through the API, each move the
// one that turns the most pawns, and checks that the picture of the
// position after it, and the replay's picture of that ply, frame exactly
// the pawns it turned (C5), where they stand after it: not the pawns of
// the mover it jumped, which stay his, nor anything at the start.
func TestTurnedPawnsFramed(t *testing.T) {
	c := newClient(t)
	h := c.create("coir", "")
	path := "/games/" + h.ID
	turning, stepped := 0, 0
	for ply := 1; ply <= 40; ply++ {
		var st stateJSON
		c.do("GET", path, h.Tokens[anySide(h)], "", &st)
		if st.Status != StatusPlaying {
			break
		}
		if ply == 1 {
			if _, svg := c.svg(path+"/svg", h.Tokens[st.ToMove]); len(framed(svg)) != 0 {
				t.Fatalf("the start frames %v", framed(svg))
			}
		}
		p, err := coir.Parse(st.Position)
		if err != nil {
			t.Fatal(err)
		}
		var best coir.Move
		var turned hops.Bitboard
		most := -1
		for m := range p.Moves() {
			if b, err := p.Turns(m); err == nil && b.Count() > most {
				best, turned, most = m, b, b.Count()
			}
		}
		if most > 0 {
			turning++
		}
		token := h.Tokens[st.ToMove]
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{best.String()}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", best, code, raw)
		}
		// A pawn turned and then moved by the turn's step is framed where
		// the step took it.
		if from, to, ok := best.Step(); ok && turned.Has(from) {
			turned = turned&^from.Bit() | to.Bit()
			stepped++
		}
		want := squareNames(turned)
		var after stateJSON
		c.do("GET", path, token, "", &after)
		q, err := coir.Parse(after.Position)
		if err != nil {
			t.Fatal(err)
		}
		for sq := range turned.Squares() {
			if side, ok := q.Pawn(sq); !ok || side != p.ToMove() {
				t.Errorf("ply %d, %s: %s, framed, holds no pawn of the mover", ply, best, sq)
			}
		}
		if _, svg := c.svg(path+"/svg", token); !slices.Equal(framed(svg), want) {
			t.Errorf("ply %d, %s: the picture frames %v, want the pawns turned %v", ply, best, framed(svg), want)
		}
		if ply%2 == 0 {
			// As after a takeback: no state before the last move is
			// kept, and the game is replayed.
			m := c.server().games[h.ID]
			m.mu.Lock()
			m.before = nil
			m.mu.Unlock()
			if _, svg := c.svg(path+"/svg", token); !slices.Equal(framed(svg), want) {
				t.Errorf("ply %d, %s, replayed: the picture frames %v, want %v", ply, best, framed(svg), want)
			}
		}
		var f frameJSON
		c.do("GET", fmt.Sprintf("%s/replay?ply=%d", path, ply), token, "", &f)
		if !slices.Equal(framed(f.SVG), want) {
			t.Errorf("ply %d, %s: the replay frames %v, want %v", ply, best, framed(f.SVG), want)
		}
	}
	if turning < 5 || stepped == 0 {
		t.Errorf("%d moves turned a pawn, %d stepped one it turned: the test did not look", turning, stepped)
	}
}

// BenchmarkPictureAfterTurns measures GET /games/{id}/svg of a Coir game
// of 400 moves, which frames the pawns the last move turned from the
// state kept before it (a replay of the game only after a takeback).
func BenchmarkPictureAfterTurns(b *testing.B) {
	c := newClient(b)
	h := c.create("coir", "")
	c.playRandomly(h, rand.New(rand.NewPCG(4, 4)), 400)
	path := "/games/" + h.ID
	token := h.Tokens[anySide(h)]
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if code, _, _ := c.raw("GET", path+"/svg", token); code != http.StatusOK {
			b.Fatal(code)
		}
	}
	b.ReportMetric(float64(len(c.history(h).Moves)), "plies")
}
