package zapita

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
