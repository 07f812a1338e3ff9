package catchit

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// randomPosition plays a random number of random turns from the start,
// with a random side starting (G8).
func randomPosition(t *rapid.T) Position {
	p := StartWith(rapid.SampledFrom([]hops.Side{Blue, Red}).Draw(t, "first"))
	p, _ = gametest.RandomPlay(t, p, 40)
	return p
}

// candidates lists texts of displacements of the pawn on from, straight
// from the wording of K4..K6 and with coordinates only: a superset of the
// legal ones (every step to a neighbouring square, every chain of jumps
// over pawns onto empty squares that never lands twice on a square, with
// any one jump over the carrier marked or not, and each of these
// followed by "out", marked or not).
func candidates(pawns hops.Bitboard, from hops.Square) []string {
	var out []string
	on := func(f, r int) bool { return f >= 0 && r >= 0 && f < 7 && r < 7 }
	name := func(f, r int) string { return string([]byte{byte('A' + f), byte('1' + r)}) }
	f0, r0 := from.File(), from.Rank()
	start := name(f0, r0)
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			if (df != 0 || dr != 0) && on(f0+df, r0+dr) {
				out = append(out, start+"-"+name(f0+df, r0+dr))
			}
		}
	}
	out = append(out, start+"-out", start+"xout")
	occupied := func(f, r int) bool { return pawns.Has(hops.SquareAt(f, r)) && !(f == f0 && r == r0) }
	var walk func(text string, f, r int, visited map[[2]int]bool, marked bool)
	walk = func(text string, f, r int, visited map[[2]int]bool, marked bool) {
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 || !on(f+df, r+dr) || !occupied(f+df, r+dr) {
					continue
				}
				lf, lr := f+2*df, r+2*dr
				if !on(lf, lr) || occupied(lf, lr) || visited[[2]int{lf, lr}] {
					continue
				}
				visited[[2]int{lf, lr}] = true
				for _, sep := range []string{"-", "x"} {
					if sep == "x" && marked {
						continue
					}
					t := text + sep + name(lf, lr)
					out = append(out, t, t+"-out", t+"xout")
					walk(t, lf, lr, visited, marked || sep == "x")
				}
				visited[[2]int{lf, lr}] = false
			}
		}
	}
	walk(start, f0, r0, map[[2]int]bool{{f0, r0}: true}, false)
	return out
}

// naiveSuccessors validates every candidate turn text and returns the
// texts of the successors of the legal ones.
func naiveSuccessors(t fataler, p Position) map[string]bool {
	succ := map[string]bool{}
	side := p.ToMove()
	all := p.pawns[Blue] | p.pawns[Red]
	for a := range p.pawns[side].Squares() {
		for _, first := range candidates(all, a) {
			m, err := ParseMove(first)
			if err != nil {
				t.Fatalf("candidate %q: %v", first, err)
			}
			q, err := p.Play(m)
			if err == nil {
				succ[q.String()] = true
				continue
			}
			if hops.RuleOf(err) != "K7" || strings.HasSuffix(first, "out") {
				continue // the first displacement itself is illegal
			}
			end, _ := board.ParseSquare(first[len(first)-2:])
			after := all.Without(a).With(end)
			for b := range p.pawns[side].Without(a).Squares() {
				for _, second := range candidates(after, b) {
					m, err := ParseMove(first + " " + second)
					if err != nil {
						t.Fatalf("candidate %q: %v", first+" "+second, err)
					}
					q, err := p.Play(m)
					if err == nil {
						succ[q.String()] = true
					} else if !errors.Is(err, hops.ErrIllegal) {
						t.Fatalf("candidate %q: error of the wrong kind: %v", m, err)
					}
				}
			}
		}
	}
	return succ
}

// fataler is what the checks need of *testing.T and *rapid.T.
type fataler interface {
	Fatalf(format string, args ...any)
	Fatal(args ...any)
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestG9_MovesMatchNaiveValidation checks the generator against an
// independent computation: validating every candidate turn text built
// from the wording of the rules gives exactly the successors of the
// generated moves.
func TestG9_MovesMatchNaiveValidation(t *testing.T) {
	check := func(t fataler, p Position) {
		want := naiveSuccessors(t, p)
		got := map[string]bool{}
		for m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated %s: %v", p, m, err)
			}
			got[q.String()] = true
		}
		if diff := cmp.Diff(sortedKeys(want), sortedKeys(got)); diff != "" {
			t.Fatalf("%s: successors differ (-naive +generated):\n%s", p, diff)
		}
	}
	for _, text := range sheetPositions {
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		check(t, p)
	}
	// Positions of seeded random games, with either side starting.
	rng := rand.New(rand.NewPCG(3, 5))
	var buf []Move
	for game := range 6 {
		p := StartWith(hops.Side(game & 1))
		for ply := 0; ply < 30 && !p.Outcome().Over; ply++ {
			buf = p.AppendMoves(buf[:0])
			p, _ = p.Play(buf[rng.IntN(len(buf))])
			if ply%6 == 3 {
				check(t, p)
			}
		}
	}
}

// sheetPositions are hand-built positions with takes and exits nearby.
var sheetPositions = []string{
	"rrrrrrr/7/7/7/7/7/bbbBbbb b",
	"rrrRrrr/7/7/7/7/7/bbbbbbb r",
	"1rrr1rr/3R3/7/2bbr2/1b5/2b1b2/bb5 r",
	"rr2rrr/1b5/2B4/1r1b3/7/b1b4/1b1r1b1 b",
	"bb5/1bB3r/7/2r1r2/1r1r3/3b3/rr1b2b r",
	"2r1r2/r1bBb1r/1r3r1/3r3/3b3/3b3/b5b b",
	"7/7/r1r1r1r/1r1b1r1/1b1b1b1/b3R1b/3b3 r",
	"rrrrrr1/7/7/7/7/3r3/bbbBbbb r",
}

func TestPropertiesOfGeneratedMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		before, hash := p.String(), p.Hash()
		orig := p
		seen := map[hops.StateKey]Move{}
		moves := p.AppendMoves(nil)
		if n := p.CountMoves(); n != len(moves) {
			t.Fatalf("%s: CountMoves %d, AppendMoves %d", p, n, len(moves))
		}
		if o := p.Outcome(); o.Over != (len(moves) == 0) {
			t.Fatalf("%s: outcome %v with %d moves", p, o, len(moves))
		}
		var i int
		for m := range p.Moves() {
			if i >= len(moves) || moves[i] != m {
				t.Fatalf("%s: Moves and AppendMoves differ at %d", p, i)
			}
			i++
		}
		for _, m := range moves {
			if err := p.Validate(m); err != nil {
				t.Fatalf("%s: generated %s does not validate: %v", p, m, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated %s does not play: %v", p, m, err)
			}
			if prev, dup := seen[q.Key()]; dup {
				t.Fatalf("%s: %s and %s give the same successor (G9)", p, prev, m)
			}
			seen[q.Key()] = m
			// Texts round-trip.
			mt := m.String()
			if m2, err := ParseMove(mt); err != nil || m2 != m {
				t.Fatalf("move %q does not round-trip: %v", mt, err)
			}
			if q2, err := Parse(q.String()); err != nil || q2 != q || q2.Hash() != q.Hash() {
				t.Fatalf("position %q does not round-trip: %v", q, err)
			}
			checkInvariants(t, q)
			if q.ToMove() == p.ToMove() {
				t.Fatalf("%s: side to move unchanged after %s", p, m)
			}
		}
		if p.String() != before || p.Hash() != hash || !cmp.Equal(p, orig, cmp.AllowUnexported(Position{})) {
			t.Fatalf("playing changed the receiver")
		}
	})
}

// checkInvariants checks K1 and K9: 14 pawns and one carrier while the
// game lasts, 13 pawns and no carrier after a win.
func checkInvariants(t *rapid.T, q Position) {
	nb, nr := q.Pawns(Blue).Count(), q.Pawns(Red).Count()
	if q.pawns[Blue]&q.pawns[Red] != 0 || (q.pawns[Blue]|q.pawns[Red])&^board.All() != 0 {
		t.Fatalf("%s: overlapping or off-board pawns", q)
	}
	if c := q.Carrier(); c == hops.NoSquare {
		w := q.ToMove().Other()
		if nb+nr != 13 || q.Pawns(w).Count() != 6 {
			t.Fatalf("%s: finished game with %d+%d pawns", q, nb, nr)
		}
		if o := q.Outcome(); !o.Over || o.Winner != w || o.Rule != "K3" {
			t.Fatalf("%s: outcome %v", q, o)
		}
	} else if nb != 7 || nr != 7 || !(q.pawns[Blue] | q.pawns[Red]).Has(c) {
		t.Fatalf("%s: %d+%d pawns, carrier %s", q, nb, nr, c)
	}
}

// TestMirrorSymmetry: mirroring the board left to right maps the set of
// successors onto the mirrored position's set of successors.
func TestMirrorSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		m := p.Mirror()
		if m.Mirror() != p {
			t.Fatalf("mirror is not an involution")
		}
		want := map[string]bool{}
		for mv := range p.Moves() {
			q, _ := p.Play(mv)
			want[q.Mirror().String()] = true
		}
		got := map[string]bool{}
		for mv := range m.Moves() {
			q, _ := m.Play(mv)
			got[q.String()] = true
		}
		if diff := cmp.Diff(sortedKeys(want), sortedKeys(got)); diff != "" {
			t.Fatalf("%s: mirrored successors differ:\n%s", p, diff)
		}
	})
}

// TestColourSymmetry: a half turn of the board with the colours swapped
// maps the successors of a position onto those of its image.
func TestColourSymmetry(t *testing.T) {
	flip := func(p Position) Position {
		q := Position{side: p.side ^ 1}
		q.pawns[Blue] = engine.MapSquares(p.pawns[Red], board.Rotate180)
		q.pawns[Red] = engine.MapSquares(p.pawns[Blue], board.Rotate180)
		if c := p.carrier(); c != hops.NoSquare {
			q.ball = uint8(board.Rotate180(c)) + 1
		}
		return q
	}
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		want := map[string]bool{}
		for mv := range p.Moves() {
			q, _ := p.Play(mv)
			want[flip(q).String()] = true
		}
		f := flip(p)
		got := map[string]bool{}
		for mv := range f.Moves() {
			q, _ := f.Play(mv)
			got[q.String()] = true
		}
		if diff := cmp.Diff(sortedKeys(want), sortedKeys(got)); diff != "" {
			t.Fatalf("%s: colour-swapped successors differ:\n%s", p, diff)
		}
	})
}

// TestMutationsNeverPanic: random texts and mutations of legal moves are
// either legal or rejected with an *hops.Error.
func TestMutationsNeverPanic(t *testing.T) {
	alphabet := []string{"A", "b", "C", "d", "G", "H", "1", "4", "7", "8", "0", "-", "x", "X", " ", "out", "OUT", "o"}
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		var text string
		moves := p.AppendMoves(nil)
		if len(moves) > 0 && rapid.Bool().Draw(t, "mutate") {
			text = moves[rapid.IntRange(0, len(moves)-1).Draw(t, "m")].String()
			for k := rapid.IntRange(1, 3).Draw(t, "edits"); k > 0; k-- {
				i := rapid.IntRange(0, len(text)).Draw(t, "at")
				switch rapid.IntRange(0, 2).Draw(t, "op") {
				case 0:
					text = text[:i] + rapid.SampledFrom(alphabet).Draw(t, "ins") + text[i:]
				case 1:
					if i < len(text) {
						text = text[:i] + text[i+1:]
					}
				case 2:
					if i < len(text) {
						text = text[:i] + rapid.SampledFrom(alphabet).Draw(t, "rep") + text[i+1:]
					}
				}
			}
		} else {
			for k := rapid.IntRange(0, 12).Draw(t, "len"); k > 0; k-- {
				text += rapid.SampledFrom(alphabet).Draw(t, "c")
			}
		}
		m, err := ParseMove(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) {
				t.Fatalf("ParseMove(%q): %v is not a syntax *hops.Error", text, err)
			}
			return
		}
		if err := p.Validate(m); err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || e.Rule == "" || e.Msg == "" {
				t.Fatalf("Validate(%q): %v is not a ruled *hops.Error", text, err)
			}
			return
		}
		if _, err := p.Play(m); err != nil {
			t.Fatalf("%q validates but does not play: %v", text, err)
		}
	})
}

// TestOutcomeReuse checks that reusing the outcomes of second
// displacements that a first displacement cannot affect changes neither
// the moves nor their order.
func TestOutcomeReuse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		with := p.AppendMoves(nil)
		reuseOutcomes = false
		without := p.AppendMoves(nil)
		reuseOutcomes = true
		if !slices.Equal(with, without) {
			t.Fatalf("%s: reuse changes the moves", p)
		}
	})
}

// TestBuild checks the turn builder against the generator (G5, G9, K4..K8):
// every turn is reachable click by click, every complete build is a
// legal generated turn, and a click not offered is refused.
func TestBuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		gametest.CheckBuild(t, p)
	})
}
