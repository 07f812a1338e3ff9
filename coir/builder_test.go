package coir

import (
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

// TestBuildWrittenForms: every legal written form of a turn can be built,
// not only the generated one (G9): each jump path of each pawn (a Dame's
// flying jumps among them), followed by each step.
func TestBuildWrittenForms(t *testing.T) {
	gametest.CheckWrittenFormsRandom(t, func(t *rapid.T) Position {
		p := genPlayed(t)
		if rapid.Bool().Draw(t, "scattered") {
			p = genScattered(t)
		}
		return p
	}, writtenForms)
}

// writtenForms lists turns in many written forms: every step or slide
// alone, and every jump path of every pawn followed by every step of
// every pawn (or alone, when it wins).
func writtenForms(p Position) []Move {
	const most = 50000
	own, opp := p.sides()
	var out []Move
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		for t := p.slides(own, opp, s); t != 0; t &= t - 1 {
			out = append(out, NewMove(hops.PathOf(s, t.First()), hops.NoSquare, hops.NoSquare))
		}
		rules := jumpRules(own, opp, s)
		var js hops.JumpSearch
		js.Reset(&rules, s)
		for js.Next() && len(out) < most {
			path := js.Path()
			own2 := own&^s.Bit() | js.End().Bit() | js.Turned()
			opp2 := opp &^ js.Turned()
			if opp2 == 0 {
				out = append(out, NewMove(path, hops.NoSquare, hops.NoSquare))
				continue
			}
			empty := board.All() &^ (own2 | opp2)
			for a := own2; a != 0; a &= a - 1 {
				for b := neighbours[a.First()] & empty; b != 0; b &= b - 1 {
					out = append(out, NewMove(path, a.First(), b.First()))
				}
			}
		}
	}
	return out
}

// TestBuildPreview: the preview of a build (hops.Built.Preview) is the
// position itself before any click and the position the turn plays to
// after its last click; in between, the jumping pawn stands where its
// jumps end with the pawns it jumped turned (C5), and the pawn that steps
// after the jumps may be any of the mover's, the jumping one too (C4).
func TestBuildPreview(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPlayed(t)
		if rapid.Bool().Draw(t, "scattered") {
			p = genScattered(t)
		}
		gametest.CheckPreview(t, p, p, gametest.Previewing[Move, Position]{
			Play: gametest.Plays[Position, Move](p),
			At: func(q Position, s hops.Square) (mine, occupied bool) {
				side, ok := q.At(s)
				return ok && side == q.ToMove(), ok
			},
			Repick: true,
		})
	})
}

// The preview of a turn: after the jump A1-C1 the pawn stands on C1 and
// the pawn it jumped shows White; then a pawn steps.
func ExamplePosition_Build_preview() {
	p, err := Parse("bbb1bb/3b2/2b3/6/6/wb1www w")
	if err != nil {
		fmt.Println(err)
		return
	}
	var clicks []hops.Click
	for _, text := range strings.Fields("A1 C1 F1 F2") {
		sq, _ := hops.Board6.ParseSquare(text)
		clicks = append(clicks, hops.Click{Square: sq})
		b, _ := p.Build(clicks)
		fmt.Printf("%v: %s\n", clicks, b.Prompt)
		if len(clicks) == 2 {
			fmt.Print(b.Preview.Diagram())
		}
	}
	// Output:
	// [A1]: click where the pawn on A1 goes
	// [A1 C1]: click the pawn that steps
	// 6 b b b . b b
	// 5 . . . b . .
	// 4 . . b . . .
	// 3 . . . . . .
	// 2 . . . . . .
	// 1 . w w w w w
	//   A B C D E F
	// White to move
	// [A1 C1 F1]: click where the pawn on F1 steps
	// [A1 C1 F1 F2]: the move is complete
}
