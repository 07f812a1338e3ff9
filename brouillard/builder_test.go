package brouillard

import (
	"fmt"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// BenchmarkBuild measures the builder in the worst positions of
// testdata/worst.txt: the first click, and a whole click-by-click build
// of the longest move (see gametest.BenchBuild).
func BenchmarkBuild(b *testing.B) {
	suite.BenchBuildWorst(b)
}

// TestBuildWrittenForms: every legal written form of a decision can be
// built, from the true position and from each player's view, not only
// the generated one (G9): each pawn path, then each Fou path, its last
// jump marked or not (B8).
func TestBuildWrittenForms(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		forms := writtenForms(&p.st)
		gametest.CheckWrittenForms(t, p, forms)
		gametest.CheckWrittenForms(t, p.View(rapid.SampledFrom([]hops.Side{White, Red}).Draw(t, "viewer")), forms)
	})
}

// writtenForms lists decisions in many written forms: no pawn move or
// every step and jump path of every pawn of the side to move, then every
// Fou step and jump path, the jump paths also with their last hop marked.
func writtenForms(st *state) []Move {
	const most = 50000
	if !st.sane() {
		return nil
	}
	me := st.side
	occ := st.pawns[0] | st.pawns[1]
	pawnPaths := []hops.Path{{}}
	for own := st.pawns[me]; own != 0; own &= own - 1 {
		from := own.First()
		for _, d := range diagDirs {
			if s := bd.Step(from, d); s != hops.NoSquare {
				pawnPaths = append(pawnPaths, hops.PathOf(from, s))
			}
		}
		r := pawnRules(occ, from)
		var js hops.JumpSearch
		js.Reset(&r, from)
		for js.Next() {
			pawnPaths = append(pawnPaths, js.Path())
		}
	}
	var out []Move
	f, other := st.fou[me], st.fou[me^1]
	for _, pp := range pawnPaths {
		occ2 := occ
		if pp.Len() > 0 {
			occ2 = occ&^pp.From().Bit() | pp.To().Bit()
		}
		for _, d := range diagDirs {
			if s := bd.Step(f, d); s != hops.NoSquare {
				out = append(out, NewMove(pp, hops.PathOf(f, s)))
			}
		}
		r := fouRules(occ2, f, other)
		var js hops.JumpSearch
		js.Reset(&r, f)
		for js.Next() && len(out) < most {
			fp := js.Path()
			out = append(out, NewMove(pp, fp))
			fp.SetMark(fp.Len()-1, true)
			out = append(out, NewMove(pp, fp))
		}
	}
	return out
}

// TestB8_NoMarkOnOwnMovedPawn: a Fou never turns over an own pawn, not
// even the one that moved in the same decision; the builder does not
// offer that mark either.
func TestB8_NoMarkOnOwnMovedPawn(t *testing.T) {
	p, err := Parse("1k1x1n1/q1jft1x/7/7/7/N1XFX1Q/1J1T1K1 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	reject(t, p, "B1-D3 D2xD4", "B8")
	clicks := mustMove(t, "B1-D3 D2xD4").Clicks()
	if _, err := p.Build(clicks); hops.RuleOf(err) != "B8" {
		t.Errorf("Build(%v) = %v, want a B8 error", clicks, err)
	}
	if err := p.Validate(mustMove(t, "B1-D3 D2-D4")); err != nil {
		t.Errorf("the same Fou jump unmarked: %v", err)
	}
}

// TestB9_OnePawnATurn: once a pawn has moved, a click on another of the
// player's pawns is refused under B9, one pawn move a turn, and says the
// Fou moves next (it was told that the move made "cannot join jumps",
// B6, of a click meant to choose another pawn).
func TestB9_OnePawnATurn(t *testing.T) {
	clicks := []hops.Click{{Square: hops.SquareAt(2, 1)}, {Square: hops.SquareAt(3, 2)}, {Square: hops.SquareAt(4, 1)}}
	const want = "click 3 E2: a turn moves one pawn, and C2-D3 has moved: now move the Fou (B9)"
	if _, err := Start().Build(clicks); err == nil || err.Error() != want {
		t.Errorf("C2 D3 then E2: %v, want %q", err, want)
	}
}

// TestBuildPreview: the preview of a build (hops.Built.Preview) is the
// position itself before any click and the position the decision plays
// to after its last click, the pawn turned over captured or not (B8); in
// between, the pawn stands where its path ends, and once it has moved
// only the Fou is offered (B6, B7). A view previews as the true position
// does, except the face of a pawn it does not know, which it leaves as
// it was.
func TestBuildPreview(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		at := func(st *state, s hops.Square) (mine, occupied bool) {
			if s == st.fou[st.side] {
				return true, true
			}
			side, _, _, ok := st.pawn(s)
			return ok && side == st.side, ok || s == st.fou[st.side^1]
		}
		gametest.CheckPreview(t, p, p, gametest.Previewing[Move, Position]{
			Play: gametest.Plays[Position, Move](p),
			At:   func(q Position, s hops.Square) (bool, bool) { return at(&q.st, s) },
		})
		v := p.View(p.ToMove())
		gametest.CheckPreview(t, v, v, gametest.Previewing[Move, View]{
			Play: func(m Move) (View, bool) {
				q, r, err := p.PlayReveal(m)
				if err != nil || r.Turned && v.st.kind(r.Square) == Hidden {
					return View{}, false
				}
				return q.View(v.viewer), true
			},
			At: func(q View, s hops.Square) (bool, bool) { return at(&q.st, s) },
		})
	})
}

// The preview of a decision, as White's view shows it: the pawn moved,
// then the Fou on its way.
func ExampleView_Build_preview() {
	v := Start().View(White)
	var clicks []hops.Click
	for _, s := range []string{"C2", "D3", "D2", "E1"} {
		c, _ := hops.ParseClick(s)
		clicks = append(clicks, c)
		b, _ := v.Build(clicks)
		fmt.Printf("%v: %s\n", clicks, b.Prompt)
		if len(clicks) == 3 {
			fmt.Print(b.Preview.Diagram())
		}
	}
	// Output:
	// [C2]: click where the pawn on C2 goes
	// [C2 D3]: click the Fou to move it
	// [C2 D3 D2]: click where the Fou goes
	// 7 . p . p . p .
	// 6 p . p f p . p
	// 5 . . . . . . .
	// 4 . . . . . . .
	// 3 . . . Q . . .
	// 2 X . . F J . K
	// 1 . N . T . X .
	//   A B C D E F G
	// White to move; White captured 0, Red captured 0
	// [C2 D3 D2 E1]: the move is complete
}
