package zapita

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// BenchmarkBuild measures the builder in the worst positions of
// testdata/worst.txt: the first click, and a whole click-by-click build
// of the longest move (see gametest.BenchBuild).
func BenchmarkBuild(b *testing.B) {
	suite.BenchBuildWorst(b)
}

// TestBuildWrittenForms: every legal written form of a move can be
// built, not only the generated one (G9): each path of a pawn, through
// the headquarters too, and each chain of throws.
func TestBuildWrittenForms(t *testing.T) {
	gametest.CheckWrittenFormsRandom(t, playedPosition, writtenForms)
}

// playedPosition is a position of randomPosition, without the moves
// played to reach it.
func playedPosition(t *rapid.T) Position {
	p, _ := randomPosition(t)
	return p
}

// writtenForms lists moves in many written forms: every step and jump
// path of every pawn of the side to move and, for a path onto the bomb,
// every chain of throws that a partial check lets through.
func writtenForms(p Position) []Move {
	const most = 20000
	var out []Move
	var throws func(m Move)
	throws = func(m Move) {
		for s := range board.All().Squares() {
			if len(out) >= most || m.n == MaxThrows {
				return
			}
			m2 := m
			m2.throws[m2.n] = s
			m2.n++
			if _, err := p.check(m2, true); err == nil {
				throws(m2)
			} else {
				out = append(out, m2)
			}
		}
	}
	for own := p.Pawns(p.side); own != 0; own &= own - 1 {
		from := own.First()
		var paths []hops.Path
		for n := neighbours[from]; n != 0; n &= n - 1 {
			paths = append(paths, hops.PathOf(from, n.First()))
		}
		rules := p.jumpRules(from)
		var js hops.JumpSearch
		js.Reset(&rules, from)
		for js.Next() && len(paths) < most {
			paths = append(paths, js.Path())
		}
		for _, path := range paths {
			if path.To() == p.bomb {
				throws(NewMove(path))
				continue
			}
			out = append(out, NewMove(path))
		}
	}
	return out
}

// TestBuildPreview: the preview of a build (hops.Built.Preview) is the
// position itself before any click and the position the move plays to
// after its last click; in between, the pawn stands where its path ends
// and the bomb where the last throw sent it, and no pawn that moved or
// threw already is offered again (Z6: each pawn throws at most once).
func TestBuildPreview(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		gametest.CheckPreview(t, p, p, gametest.Previewing[Move, Position]{
			Play: gametest.Plays[Position, Move](p),
			At:   gametest.AtOf(Position.Pawn),
			// Once the pawn reached the bomb, the bomb is where the
			// last click sent it: on the pawn, then on each relay.
			Partial: func(clicks []hops.Click, q Position) string {
				want, reached := p.Bomb(), false
				for i, c := range clicks {
					reached = reached || i > 0 && c.Square == p.Bomb()
					if reached {
						want = c.Square
					}
				}
				if q.Bomb() != want {
					return fmt.Sprintf("with the bomb on %s, not %s", q.Bomb(), want)
				}
				return ""
			},
		})
	})
}

// The preview of Fig. 7's move: once the pawn steps onto the bomb it
// stands there holding it, and the prompt asks for the throw; after the
// throw to the relay on E5, the bomb is there.
func ExamplePosition_Build_preview() {
	p, _ := Parse("c5C/a5A/4A2/7/4b2/aBc1*2/b3C1B w")
	var clicks []hops.Click
	for _, s := range []string{"E1", "E2", "E5", "E6"} {
		c, _ := hops.ParseClick(s)
		clicks = append(clicks, c)
		b, _ := p.Build(clicks)
		q := b.Preview.(Position)
		e2 := "empty"
		if side, power, ok := q.Pawn(hops.SquareAt(4, 1)); ok {
			e2 = fmt.Sprintf("%s's %d", SideName(side), power)
		}
		fmt.Printf("%v: %s (E2: %s; the bomb on %s)\n", clicks, b.Prompt, e2, q.Bomb())
	}
	// Output:
	// [E1]: click where the pawn on E1 goes (E2: empty; the bomb on E2)
	// [E1 E2]: click where the bomb lands, up to 3 squares in a line (a pawn of yours there throws it on) (E2: White's 3; the bomb on E2)
	// [E1 E2 E5]: click where the bomb lands, 1 square away (a pawn of yours there throws it on) (E2: White's 3; the bomb on E5)
	// [E1 E2 E5 E6]: the move is complete (E2: White's 3; the bomb on E6)
}

// TestPreviewDrawsTheHeldBomb (Z5): while a pawn that reached the bomb is
// still to throw it, the preview's picture shows that pawn, with its
// power, marked as holding the bomb.
func TestPreviewDrawsTheHeldBomb(t *testing.T) {
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		p := playedPosition(t)
		for m := range p.Moves() {
			if m.NumThrows() == 0 {
				continue
			}
			clicks := m.Clicks()[:m.Path().Len()]
			b, err := p.Build(clicks)
			if err != nil {
				t.Fatalf("%s: Build(%v): %v", p, clicks, err)
			}
			q := b.Preview.(Position)
			tok := q.Drawing().Tokens[m.To()]
			side, power, _ := p.Pawn(m.From())
			if q.Bomb() != m.To() || tok.Marker == "" || tok.Label != fmt.Sprint(power) || tok.Fill == "" {
				t.Fatalf("%s after %v (a %s pawn of power %d on the bomb): token %+v", p, clicks, SideName(side), power, tok)
			}
			checked++
			return
		}
	})
	if checked == 0 {
		t.Fatal("no position with a move onto the bomb")
	}
}

// TestPreviewTextReadsBackOrIsRefused (Z4, Z5, Z8): a preview's
// MarshalText reads back through Parse, or, for a move in progress whose
// pawn stands on a headquarters or holds the bomb (a position the rules
// never stop in), refuses, so that a Position's JSON never carries a
// text Parse will not read (a Built's preview text, there to be shown,
// may: see hops.Built.MarshalJSON).
func TestPreviewTextReadsBackOrIsRefused(t *testing.T) {
	for _, c := range []struct{ pos, clicks, why string }{
		// The pawn holds the bomb.
		{"7/a5B/cb5/3*1C1/c3A1C/b5B/a5A w", "E3 D4", "the White pawn of power 1 on D4 holds the bomb it is about to throw (Z5)"},
		// The pawn stands on White's headquarters.
		{"a5A/6B/cb5/3*1C1/c5C/b5B/a5A w", "G2 G4", "the White pawn on G4 stands on White's headquarters, which it jumps through (Z4)"},
	} {
		p, err := Parse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		var clicks []hops.Click
		for _, f := range strings.Fields(c.clicks) {
			k, err := hops.ParseClick(f)
			if err != nil {
				t.Fatal(err)
			}
			clicks = append(clicks, k)
		}
		b, err := p.Build(clicks)
		if err != nil {
			t.Fatalf("%s: Build(%s): %v", c.pos, c.clicks, err)
		}
		q := b.Preview.(Position)
		text, err := q.MarshalText()
		var e *hops.Error
		if !errors.As(err, &e) || e.Rule != "Z8" || text != nil {
			t.Errorf("%s after %s: preview %s: MarshalText = %q, %v; want a Z8 refusal", c.pos, c.clicks, q, text, err)
		} else if want := "has no text: it is in the middle of a move, " + c.why; e.Msg != want {
			// It said "no bomb (Z1)" of a bomb the pawn holds.
			t.Errorf("%s after %s: MarshalText's message %q, want %q", c.pos, c.clicks, e.Msg, want)
		}
		if _, err := json.Marshal(q); err == nil {
			t.Errorf("%s after %s: json.Marshal of the preview %s succeeded", c.pos, c.clicks, q)
		}
		if _, err := q.AppendText(nil); err == nil {
			t.Errorf("%s after %s: AppendText of the preview %s succeeded", c.pos, c.clicks, q)
		}
	}
	refused, read := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		p := playedPosition(t)
		for m := range p.Moves() {
			clicks := m.Clicks()
			for n := 1; n <= len(clicks); n++ {
				b, err := p.Build(clicks[:n])
				if err != nil {
					t.Fatalf("%s: Build(%v): %v", p, clicks[:n], err)
				}
				q := b.Preview.(Position)
				text, err := q.MarshalText()
				if err != nil {
					if !q.midMove() {
						t.Fatalf("%s after %v: preview %s refused: %v", p, clicks[:n], q, err)
					}
					refused++
					continue
				}
				back, err := Parse(string(text))
				if err != nil || back != q {
					t.Fatalf("%s after %v: preview text %q reads back as %v, %v", p, clicks[:n], text, back, err)
				}
				read++
			}
		}
	})
	if refused == 0 || read == 0 {
		t.Fatalf("%d previews refused, %d read back: want some of each", refused, read)
	}
}

// TestZ4_BuildBombClickedFirst: the bomb clicked first, as a newcomer
// does, is explained: it moves only with a pawn, which is clicked first
// (it said only "no pawn stands on D4").
func TestZ4_BuildBombClickedFirst(t *testing.T) {
	const want = "click 1 D4: D4 holds the bomb, which moves only with a pawn: click one of White's pawns, then the bomb's square to step or jump onto it (Z4)"
	if _, err := Start().Build([]hops.Click{{Square: hops.SquareAt(3, 3)}}); err == nil || err.Error() != want {
		t.Errorf("the bomb clicked first: %v, want %q", err, want)
	}
}
