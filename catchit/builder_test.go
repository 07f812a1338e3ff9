package catchit

import (
	"fmt"
	"slices"
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

// TestBuildWrittenForms: every legal written form of a turn can be built,
// not only the generated one (G9): each path of each displacement,
// taking the ball or not (K5), leaving the board (K6).
func TestBuildWrittenForms(t *testing.T) {
	gametest.CheckWrittenFormsRandom(t, randomPosition, writtenForms)
}

// writtenForms lists turns in many written forms: every displacement
// path of every pawn, then every displacement path after it.
func writtenForms(p Position) []Move {
	const most = 50000
	st0 := p.stage()
	if st0.ball == hops.NoSquare {
		return nil
	}
	var out []Move
	for own := st0.pawns[st0.side]; own != 0; own &= own - 1 {
		for _, d1 := range displacements(st0, own.First()) {
			st1 := st0
			won, err := st1.displace(d1, 0)
			switch {
			case err != nil:
				continue
			case won:
				out = append(out, NewMove(d1))
				continue
			}
			for own2 := st1.pawns[st1.side].Without(st1.used); own2 != 0; own2 &= own2 - 1 {
				for _, d2 := range displacements(st1, own2.First()) {
					if len(out) >= most {
						return out
					}
					out = append(out, NewMove(d1, d2))
				}
			}
		}
	}
	return out
}

// displacements lists the written displacements of the pawn on from in
// st: its steps, its jump paths with and without taking the ball, and
// each of them (and the start) followed by "out", marked or not.
func displacements(st stage, from hops.Square) []hops.Path {
	occ := st.pawns[Blue] | st.pawns[Red]
	carrier := from == st.ball
	rules := hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: occ &^ from.Bit(), Land: board.All()&^occ | from.Bit(), Taken: carrier}
	if !carrier && !st.moved {
		rules.Take = st.ball.Bit()
	}
	var out []hops.Path
	for n := board.Neighbours(from) &^ occ; n != 0; n &= n - 1 {
		out = append(out, hops.PathOf(from, n.First()))
	}
	exits := func(p hops.Path) {
		for _, mark := range []bool{false, true} {
			q := p
			q.Push(hops.Outside, mark)
			out = append(out, q)
		}
	}
	exits(hops.PathOf(from))
	var js hops.JumpSearch
	js.Reset(&rules, from)
	for js.Next() && len(out) < 5000 {
		out = append(out, js.Path())
		exits(js.Path())
	}
	return out
}

// TestBuildPreview: the preview of a build (hops.Built.Preview) is the
// position itself before any click and the position the turn plays to
// after its last click; in between, no pawn already displaced is offered
// again (K7: the second displacement moves another pawn), and the ball
// travels with its carrier or the pawn that took it (K5).
func TestBuildPreview(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		gametest.CheckPreview(t, p, p, gametest.Previewing[Move, Position]{
			Play: gametest.Plays[Position, Move](p),
			At:   gametest.AtOf(Position.Pawn),
			// The ball stays on its carrier or goes with a pawn clicked
			// to: the carrier displaced, or the pawn that took it (K5).
			Partial: func(clicks []hops.Click, q Position) string {
				if p.Outcome().Over {
					return ""
				}
				carriers := 0
				for s := range hops.Board7.All().Squares() {
					if _, carrier, ok := q.Pawn(s); ok && carrier {
						carriers++
						if s != p.carrier() && !slices.Contains(clicks, hops.Click{Square: s}) && !slices.Contains(clicks, hops.Click{Square: s, Mark: true}) {
							return fmt.Sprintf("with the ball on %s, where no click went", s)
						}
					}
				}
				if carriers != 1 {
					return fmt.Sprintf("with %d carriers", carriers)
				}
				return ""
			},
		})
	})
}

// TestBuildSaysWhy: a click after a turn whose second displacement is a
// step says the turn is complete (K7: a turn is two displacements; it
// cited K4), and "out" clicked first says it ends a jump (K4), where both
// gave messages about other things; a pawn that
// cannot move says so (K4), and one that cannot move the ball says that
// (K8).
func TestBuildSaysWhy(t *testing.T) {
	for clicks, want := range map[string]string{
		"D1 D2 C1 C2 C3": "click 5 C3: the turn is complete: its second displacement, a step, ends it (K7)",
		"out":            "click 1 out: out is where a jump may leave the board: click one of Blue's pawns first (K4)",
	} {
		if _, err := Start().Build(gametest.Clicks(t, clicks)); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", clicks, err, want)
		}
	}
	// A pawn that cannot move at all breaks K4, the displacement rule,
	// not the ball's rule K8 nor the turn's K7: Red holds the ball, and
	// Blue's A1 is walled in by its own pawns and the squares beyond
	// them. A pawn that can move but not the ball, which the attacker
	// must still move, breaks K8.
	walled, err := Parse("3Rrrr/7/7/7/r1r3b/bb4b/bbr3b b")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p            Position
		clicks, want string
	}{
		{walled, "G3 G4 A1", "click 3 A1: the pawn on A1 cannot move after G3-G4: no step or jump of it lands on an empty square (K4)"},
		{walled, "A1", "click 1 A1: the pawn on A1 cannot move: no step or jump of it lands on an empty square (K4)"},
		{Start(), "C1 C2 F1", "click 3 F1: after C1-C2 the attacker must still move the ball, and the pawn on F1 can neither carry nor take it (K8)"},
		// An opponent's pawn once the first displacement, a step, is
		// over is the second pawn, not a landing (K7).
		{Start(), "D1 D2 C7", "click 3 C7: C7 holds a Red pawn: Blue moves only its own pawns (K7)"},
		// An empty square then is no second pawn either: it was told how
		// the first displacement, extended to it, breaks a rule.
		{Start(), "C1 C2 B2", "click 3 B2: there is no pawn on B2: the first displacement, C1-C2, is made; click the pawn of the second (K4)"},
		// Every turn C4 begins leaves Red, the attacker, unable to move
		// the ball (K8), as Validate says of each.
		{mustParse(t, "Rrb4/rrbb3/brr4/bbrb3/7/7/7 r"), "C4", "click 1 C4: the pawn on C4 cannot begin a legal turn: after any displacement of it the ball could no longer be moved, which the attacker must do once (K8)"},
	} {
		if _, err := c.p.Build(gametest.Clicks(t, c.clicks)); err == nil || err.Error() != c.want {
			t.Errorf("%s, %s: %v, want %s", c.p, c.clicks, err, c.want)
		}
	}
}
