package referee

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
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
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: best.String()}), nil); code != http.StatusOK {
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
		if code, raw := c.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: move}), nil); code != http.StatusOK {
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

// TestBallTakenFromFramed (K5): a Catch'it move that takes the ball
// frames the pawn it took it from, where that pawn stands after the move;
// a move that takes no ball, or carries it, frames nothing.
func TestBallTakenFromFramed(t *testing.T) {
	cases := []struct {
		position, move string
		want           []string
	}{
		// K12, Fig. 5 bis: Red takes the ball from Blue's D2.
		{"rrr2rr/7/1r5/7/2b3b/3Br2/bb3bb r", "E2xC2-C4-A6 G7-G6", []string{"D2"}},
		// The same path without taking it, then the carrier's own move.
		{"rrr2rr/7/1r5/7/2b3b/3Br2/bb3bb r", "E2-C2-C4-A6 G7-G6", nil},
		{"rrrrrrr/7/7/7/7/7/bbbBbbb b", "D1-D2 C1-C2", nil},
		// Blue takes the ball from its own C1, which then steps to B1
		// (K7: the former carrier may make the other displacement).
		{"rrrrrrr/7/7/7/7/bbbbb2/1bB4 b", "B1xD1 C1-B1", []string{"B1"}},
		// Taken in the second displacement: the first moved another pawn.
		{"rrrrrrr/7/7/7/7/bbbbb2/1bB4 b", "A2-A3 B1xD1", []string{"C1"}},
		// K6: taken on the last rank and carried off in the same jump.
		{"rrrrrr1/7/7/7/7/3r3/bbbBbbb r", "D2xout", []string{"D1"}},
	}
	for _, c := range cases {
		st, err := games.Parse("catchit", c.position)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Play(c.move); err != nil {
			t.Fatalf("%s in %s: %v", c.move, c.position, err)
		}
		if got := squareNames(framedBy(st, c.move)); !slices.Equal(got, c.want) {
			t.Errorf("%s in %s frames %v, want %v", c.move, c.position, got, c.want)
		}
	}
}

// TestBallTakenFromFramedInPlay plays a Catch'it game through the API,
// taking the ball whenever a move can (K5), and checks that the picture
// and the replay frame one square after a move marked 'x', holding the
// former carrier's colour without the ball, and nothing after any other.
func TestBallTakenFromFramedInPlay(t *testing.T) {
	c := newClient(t)
	h := c.create("catchit", "")
	path := "/games/" + h.ID
	r := rand.New(rand.NewPCG(6, 6))
	taken := 0
	for ply := 1; ply <= 60; ply++ {
		var st stateJSON
		c.do("GET", path, h.Tokens[anySide(h)], "", &st)
		if st.Status != StatusPlaying {
			break
		}
		before, err := catchit.Parse(st.Position)
		if err != nil {
			t.Fatal(err)
		}
		token := h.Tokens[st.ToMove]
		moves := c.allMoves(path, token)
		var taking []string
		for _, m := range moves {
			if strings.Contains(m, "x") {
				taking = append(taking, m)
			}
		}
		move := moves[r.IntN(len(moves))]
		if len(taking) > 0 {
			move = taking[r.IntN(len(taking))]
			taken++
		}
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: move}), nil); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", move, code, raw)
		}
		var after stateJSON
		c.do("GET", path, token, "", &after)
		q, err := catchit.Parse(after.Position)
		if err != nil {
			t.Fatal(err)
		}
		_, svg := c.svg(path+"/svg", token)
		var f frameJSON
		c.do("GET", fmt.Sprintf("%s/replay?ply=%d", path, ply), token, "", &f)
		got := framed(svg)
		if !slices.Equal(framed(f.SVG), got) {
			t.Errorf("ply %d, %s: the replay frames %v, the picture %v", ply, move, framed(f.SVG), got)
		}
		if !strings.Contains(move, "x") {
			if len(got) != 0 {
				t.Errorf("ply %d, %s took no ball, and frames %v", ply, move, got)
			}
			continue
		}
		owner, _, _ := before.Pawn(before.Carrier())
		if len(got) != 1 {
			t.Fatalf("ply %d, %s took the ball, and frames %v", ply, move, got)
		}
		sq, err := hops.Board7.ParseSquare(got[0])
		if err != nil {
			t.Fatal(err)
		}
		if side, carrier, ok := q.Pawn(sq); !ok || side != owner || carrier {
			t.Errorf("ply %d, %s: the framed %s holds %v %v %v, want the former carrier's colour without the ball", ply, move, sq, side, carrier, ok)
		}
	}
	t.Logf("%d moves took the ball", taken)
	if taken < 5 {
		t.Errorf("%d moves took the ball: the test did not look", taken)
	}
}
