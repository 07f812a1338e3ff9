package brouillard

import (
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
