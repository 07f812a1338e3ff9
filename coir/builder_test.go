package coir

import (
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
