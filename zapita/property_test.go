package zapita

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// randomPosition plays random moves from the start (either side first)
// and returns the position reached, with the moves played.
func randomPosition(t *rapid.T) (Position, []Move) {
	p := StartWith(rapid.SampledFrom([]hops.Side{White, Khaki}).Draw(t, "first"))
	return gametest.RandomPlay(t, p, 120)
}

// checkInvariants: 6+6 pawns with powers 1,1,2,2,3,3, one bomb, no pawn on
// an HQ, the bomb never under a pawn, the bomb on an HQ only with the
// loser to move (Z1, Z3, Z4, Z8).
func checkInvariants(t fataler, p Position) {
	t.Helper()
	var all hops.Bitboard
	for s := range 2 {
		for k := range 3 {
			b := p.pw[s][k]
			if b.Count() != 2 || all&b != 0 || b&^board.All() != 0 {
				t.Fatalf("%s: bad material %v", p, b)
			}
			all |= b
		}
	}
	if all&hqs != 0 || all.Has(p.bomb) || !board.Contains(p.bomb) {
		t.Fatalf("%s: pawn on an HQ or on the bomb", p)
	}
	if p.over() && hqOwner(p.bomb) != p.side {
		t.Fatalf("%s: the winner is to move", p)
	}
}

// fataler is what the helpers need of *testing.T and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func successors(t fataler, p Position) map[string]Move {
	t.Helper()
	out := map[string]Move{}
	for m := range p.Moves() {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("generated %s does not play in %s: %v", m, p, err)
		}
		if old, dup := out[q.String()]; dup {
			t.Fatalf("%s: %s and %s lead to the same position", p, old, m)
		}
		out[q.String()] = m
	}
	return out
}

func TestPropertyRandomPlay(t *testing.T) {
	for range 5 { // 5 x 100 random games
		propertyRandomPlay(t)
	}
}

func propertyRandomPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		checkInvariants(t, p)
		before, hash := p.String(), p.Hash()
		snapshot := p
		// Texts round-trip; equal positions hash equal.
		q, err := Parse(before)
		if err != nil || q != p || q.Hash() != hash {
			t.Fatalf("Parse(%s) = %v, %v", before, q, err)
		}
		moves := p.AppendMoves(nil)
		if p.CountMoves() != len(moves) {
			t.Fatalf("%s: CountMoves %d, AppendMoves %d", p, p.CountMoves(), len(moves))
		}
		var again []Move
		for m := range p.Moves() {
			again = append(again, m)
		}
		if !cmp.Equal(moves, again, cmp.AllowUnexported(Move{}, hops.Path{})) {
			t.Fatalf("%s: Moves and AppendMoves differ", p)
		}
		o := p.Outcome()
		switch {
		case p.over():
			if !o.Over || o.Rule != "Z3" || len(moves) != 0 {
				t.Fatalf("%s: %v with %d moves", p, o, len(moves))
			}
		case len(moves) == 0:
			if !o.Over || o.Rule != "G6" || o.Winner != p.side.Other() {
				t.Fatalf("%s: %v with no move", p, o)
			}
		default:
			if o.Over {
				t.Fatalf("%s: %v with moves", p, o)
			}
		}
		succ := successors(t, p)
		for _, m := range moves {
			if err := p.Validate(m); err != nil {
				t.Fatalf("generated %s invalid in %s: %v", m, p, err)
			}
			pm, err := ParseMove(m.String())
			if err != nil || pm != m {
				t.Fatalf("move %s: ParseMove gives %v, %v", m, pm, err)
			}
			next, _ := p.Play(m)
			checkInvariants(t, next)
			if next.ToMove() != p.ToMove().Other() {
				t.Fatalf("%s: side did not change", m)
			}
			if dests := p.Destinations(m.From()); !dests.Has(m.To()) {
				t.Fatalf("%s: %v not among Destinations %v", m, m.To(), dests)
			}
		}
		// The receiver never changes.
		if p.String() != before || p.Hash() != hash || !cmp.Equal(p, snapshot, cmp.AllowUnexported(Position{})) {
			t.Fatalf("position changed by generating or playing: %s -> %s", before, p)
		}
		// Against the naive reference: the same successors, each written
		// with the fewest hops and then the fewest throws.
		ref := naiveSuccessors(before)
		if len(ref) != len(succ) {
			t.Fatalf("%s: %d moves, reference %d\nmoves %v", p, len(succ), len(ref), moveTexts(p))
		}
		for s, m := range succ {
			b, ok := ref[s]
			if !ok {
				t.Fatalf("%s: move %s leads to %s, unknown to the reference", p, m, s)
			}
			if m.Path().Hops() != b.hops || m.NumThrows() != b.throws {
				t.Fatalf("%s: move %s is not canonical (reference: %d hops, %d throws)", p, m, b.hops, b.throws)
			}
		}
	})
}

// TestMirrorSymmetry: reflecting ranks (r <-> 8-r) keeps the game and
// reflects the successors.
func TestMirrorSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		mp := p.Mirror()
		if mp.Mirror() != p {
			t.Fatalf("%s: mirror twice differs", p)
		}
		checkInvariants(t, mp)
		if mp.Outcome() != p.Outcome() {
			t.Fatalf("%s: outcome %v, mirrored %v", p, p.Outcome(), mp.Outcome())
		}
		want := map[string]bool{}
		for s := range successors(t, p) {
			q, _ := Parse(s)
			want[q.Mirror().String()] = true
		}
		got := successors(t, mp)
		if len(got) != len(want) {
			t.Fatalf("%s: %d moves, mirrored %d", p, len(want), len(got))
		}
		for s := range got {
			if !want[s] {
				t.Fatalf("%s: mirrored successor %s not a mirror", p, s)
			}
		}
		for m := range p.Moves() {
			q, _ := p.Play(m)
			mq, err := mp.Play(m.Mirror())
			if err != nil || mq != q.Mirror() {
				t.Fatalf("%s: mirrored %s gives %v, %v", p, m.Mirror(), mq, err)
			}
		}
	})
}

// TestValidateEveryCandidate builds candidate move texts without the
// generator (every step, every jump path of the shared search, every
// chain of throws to any square) and checks that Validate accepts exactly
// moves whose successors the generator yields, and all of them.
func TestValidateEveryCandidate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		want := successors(t, p)
		got := map[string]bool{}
		accept := func(text string) (bool, error) {
			m, err := ParseMove(text)
			if err != nil {
				return false, err
			}
			if err := p.Validate(m); err != nil {
				var e *hops.Error
				if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) {
					t.Fatalf("%s in %s: error %v is not an illegal-move error", text, p, err)
				}
				return false, err
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s validates but does not play: %v", text, err)
			}
			if _, ok := want[q.String()]; !ok {
				t.Fatalf("%s in %s is accepted but leads to %s, which no generated move does", text, p, q)
			}
			got[q.String()] = true
			return true, nil
		}
		var chain func(prefix string, depth int)
		chain = func(prefix string, depth int) {
			for s := range board.All().Squares() {
				text := prefix + "*" + s.String()
				ok, err := accept(text)
				if !ok && depth < MaxThrows && err != nil && strings.Contains(err.Error(), "must end with the bomb at rest") {
					chain(text, depth+1)
				}
			}
		}
		for from := range p.Pawns(p.side).Squares() {
			var paths []hops.Path
			for to := range board.All().Squares() {
				if to != from {
					paths = append(paths, hops.PathOf(from, to))
				}
			}
			rules := p.jumpRules(from)
			var js hops.JumpSearch
			js.Reset(&rules, from)
			for js.Next() {
				if js.Jumps() > 1 {
					paths = append(paths, js.Path())
				}
			}
			for _, path := range paths {
				text := path.String()
				accept(text)
				if path.To() == p.bomb {
					chain(text, 1)
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: validation accepts %d successors, generator %d", p, len(got), len(want))
		}
	})
}

// TestRandomTextsNeverPanic: random move texts and mutations of legal
// moves are either legal or rejected with an *hops.Error; an accepted one
// leads to a successor of a generated move.
func TestRandomTextsNeverPanic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		succ := successors(t, p)
		var text string
		moves := p.AppendMoves(nil)
		if len(moves) > 0 && rapid.Bool().Draw(t, "mutate") {
			b := []byte(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "m")].String())
			for range rapid.IntRange(1, 3).Draw(t, "edits") {
				i := rapid.IntRange(0, len(b)).Draw(t, "at")
				c := rapid.SampledFrom([]byte("ABCDEFGabcdefg1234567-*x")).Draw(t, "c")
				switch rapid.IntRange(0, 2).Draw(t, "op") {
				case 0:
					b = append(b[:i], append([]byte{c}, b[i:]...)...)
				case 1:
					if i < len(b) {
						b[i] = c
					}
				default:
					if i < len(b) {
						b = append(b[:i], b[i+1:]...)
					}
				}
			}
			text = string(b)
		} else {
			text = rapid.StringOf(rapid.SampledFrom([]rune("ABCDEFGHabcdefgh0123456789-*xo t"))).Draw(t, "text")
		}
		m, err := ParseMove(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseMove(%q): %v is not an *hops.Error", text, err)
			}
			return
		}
		if err := p.Validate(m); err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) {
				t.Fatalf("Validate(%q): %v", text, err)
			}
			return
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := succ[q.String()]; !ok {
			t.Fatalf("%s accepted in %s, successor %s not generated", text, p, q)
		}
	})
}

// TestThrowsMatchesValidate: the click-by-click query offers exactly the
// next landings that some legal completion uses.
func TestThrowsMatchesValidate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		for m := range p.Moves() {
			if m.NumThrows() == 0 {
				continue
			}
			partial := NewMove(m.Path())
			for i := 0; i < m.NumThrows(); i++ {
				rest, relay, err := p.throws(partial)
				if err != nil {
					t.Fatalf("Throws(%s) in %s: %v", partial, p, err)
				}
				next := m.Throw(i)
				last := i == m.NumThrows()-1
				if last && !rest.Has(next) || !last && !relay.Has(next) || rest&relay != 0 {
					t.Fatalf("Throws(%s) = %v %v, move %s", partial, rest, relay, m)
				}
				for s := range rest.Squares() {
					if err := p.Validate(NewMove(m.Path(), append(throwsOf(partial), s)...)); err != nil {
						t.Fatalf("Throws(%s) offers %v: %v", partial, s, err)
					}
				}
				partial = NewMove(m.Path(), append(throwsOf(partial), next)...)
			}
		}
	})
}

func throwsOf(m Move) []hops.Square {
	var out []hops.Square
	for i := 0; i < m.NumThrows(); i++ {
		out = append(out, m.Throw(i))
	}
	return out
}

func TestGameHandle(t *testing.T) {
	s := Game.Start(Khaki)
	if s.String() != "a5A/b5B/c5C/3*3/c5C/b5B/a5A k" || s.Game().Name != "zapita" {
		t.Fatalf("Game.Start = %v", s)
	}
	moves := s.Moves()
	sort.Strings(moves)
	if len(moves) != 16 {
		t.Fatalf("moves %v", moves)
	}
	next, err := s.Play(moves[0])
	if err != nil || next.ToMove() != White {
		t.Fatalf("Play: %v %v", next, err)
	}
	if _, err := s.Play("G1-F1"); hops.RuleOf(err) != "Z4" {
		t.Fatalf("wrong side: %v", err)
	}
	if SideName(White) != "White" || SideName(Khaki) != "Khaki" || fmt.Sprint(Game.Sides) != "[White Khaki]" {
		t.Fatal("side names")
	}
}

// swapText reflects a position text left to right (file f <-> file G-f)
// and swaps the colours and the side to move: the HQs trade places, so
// this maps the game onto itself with the roles of White and Khaki
// exchanged.
func swapText(text string) string {
	g := gridOf(text)
	var s grid
	for f := 0; f < 7; f++ {
		for r := 0; r < 7; r++ {
			c := g.cell[f][r]
			if c != 0 {
				c ^= 0x20
			}
			s.cell[6-f][r] = c
		}
	}
	s.bf, s.br = 6-g.bf, g.br
	s.side = 'w'
	if g.side == 'w' {
		s.side = 'k'
	}
	return s.text()
}

func TestColourSwapSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		sp, err := Parse(swapText(p.String()))
		if err != nil {
			t.Fatalf("swapped %s: %v", p, err)
		}
		if o, so := p.Outcome(), sp.Outcome(); o.Over != so.Over || o.Over && o.Winner == so.Winner {
			t.Fatalf("%s: outcome %v, swapped %v", p, o, so)
		}
		want := map[string]bool{}
		for s := range successors(t, p) {
			want[swapText(s)] = true
		}
		got := successors(t, sp)
		if len(got) != len(want) {
			t.Fatalf("%s: %d moves, swapped %d", p, len(want), len(got))
		}
		for s := range got {
			if !want[s] {
				t.Fatalf("%s: swapped successor %s not a swap", p, s)
			}
		}
	})
}

// TestBuild checks the move builder against the generator (G5, G9, Z4..Z6):
// every move is reachable click by click, every complete build is a
// legal generated move, and a click not offered is refused.
func TestBuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		gametest.CheckBuild(t, p)
	})
}
