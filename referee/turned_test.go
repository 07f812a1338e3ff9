package referee

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"testing"
	"time"

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

// turnedLast replays moves from start and returns the pawns the last
// one turned (C5), where they stand after it, sorted.
func turnedLast(t *testing.T, start string, moves []string) []string {
	t.Helper()
	p, err := coir.Parse(start)
	if err != nil {
		t.Fatal(err)
	}
	var turned hops.Bitboard
	for _, text := range moves {
		m, err := coir.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if turned, err = p.Turns(m); err != nil {
			t.Fatal(err)
		}
		if from, to, ok := m.Step(); ok && turned.Has(from) {
			turned = turned&^from.Bit() | to.Bit()
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return squareNames(turned)
}

// TestTurnedPawnsFramedAfterTakeback: after a takeback against the
// computer, the picture frames the pawns that the move now last turned (C5),
// the computer's reply before, not those of the move taken back. The
// person plays at random, and takes his turn back whenever the reply
// before it turned pawns.
func TestTurnedPawnsFramedAfterTakeback(t *testing.T) {
	c := newClient(t)
	created := c.createOnly(createRequest{Game: "coir", Opponent: OpponentMedium, Side: "White"})
	me := hosted{ID: created.ID, Tokens: map[string]string{created.You: created.Token}}
	path := "/games/" + created.ID
	r := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for turn := 0; turn < 200 && checked < 3; turn++ {
		var st stateJSON
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			c.do("GET", path, created.Token, "", &st)
			if st.ToMove == created.You || st.Status != StatusPlaying || time.Now().After(deadline) {
				break
			}
		}
		if st.Status != StatusPlaying || st.ToMove != created.You {
			break
		}
		h := c.history(me)
		if n := len(h.Moves); n >= 3 && len(turnedLast(t, h.Start, h.Moves[:n-2])) > 0 {
			if code, raw := c.do("POST", path+"/takeback", created.Token, "", nil); code != http.StatusOK {
				t.Fatalf("the takeback: %d %s", code, raw)
			}
			h = c.history(me)
			want := turnedLast(t, h.Start, h.Moves)
			if _, svg := c.svg(path+"/svg", created.Token); !slices.Equal(framed(svg), want) {
				t.Errorf("after the takeback to %d moves, the picture frames %v, want %v", len(h.Moves), framed(svg), want)
			}
			checked++
		}
		moves := c.allMoves(path, created.Token)
		move := moves[r.IntN(len(moves))]
		if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{move}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", move, code, raw)
		}
	}
	if checked == 0 {
		t.Error("no reply turned a pawn before a turn of the person's: the test did not look")
	}
}

// BenchmarkPictureAfterTurns measures GET /games/{id}/svg of a Coir game
// of 400 moves, which frames the pawns the last move turned from the
// state kept before it.
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
