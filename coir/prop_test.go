package coir

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

var starts = []Position{Start(), StartWith(Black), StartVariant(), StartVariantWith(Black)}

// genPlayed draws a position reached by random play from one of the
// starts, either side first.
func genPlayed(t *rapid.T) Position {
	p, _ := gametest.RandomPlay(t, rapid.SampledFrom(starts).Draw(t, "start"), 80)
	return p
}

// genScattered draws twelve pawns anywhere, often with the side to move
// down to one pawn (a Dame) or a few.
func genScattered(t *rapid.T) Position {
	movers := rapid.SampledFrom([]int{1, 1, 1, 2, 3, 6, 10, 11}).Draw(t, "movers")
	all := slices.Collect(board.All().Squares())
	perm := rapid.Permutation(all).Draw(t, "squares")
	var own, opp hops.Bitboard
	for i, s := range perm[:Pawns] {
		if i < movers {
			own |= s.Bit()
		} else {
			opp |= s.Bit()
		}
	}
	side := rapid.SampledFrom([]hops.Side{White, Black}).Draw(t, "side")
	if side == White {
		return Position{white: own, black: opp, side: White}
	}
	return Position{white: opp, black: own, side: Black}
}

func genAny(t *rapid.T) Position {
	if rapid.IntRange(0, 3).Draw(t, "kind") == 0 {
		return genScattered(t)
	}
	return genPlayed(t)
}

// grid is a board for the naive reference: +1 a pawn of the mover's
// colour, -1 an opposing pawn, 0 empty; indexed [file][rank].
type grid [6][6]int8

var compass = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func on(f, r int) bool { return f >= 0 && r >= 0 && f < 6 && r < 6 }

func name(f, r int) string { return string([]byte{byte('A' + f), byte('1' + r)}) }

// naiveMoves computes the successors of p straight from the wording of
// C3 to C6 and G4, G5, with coordinates and recursion, independently of
// the shared search: each successor's text, with one written move that
// reaches it.
func naiveMoves(p Position) map[string]string {
	out := map[string]string{}
	own, opp := p.sides()
	if own == 0 {
		return out
	}
	var g grid
	for f := 0; f < 6; f++ {
		for r := 0; r < 6; r++ {
			s := hops.SquareAt(f, r)
			if own.Has(s) {
				g[f][r] = 1
			} else if opp.Has(s) {
				g[f][r] = -1
			}
		}
	}
	record := func(g grid, text string) {
		var o, x hops.Bitboard
		for f := 0; f < 6; f++ {
			for r := 0; r < 6; r++ {
				switch g[f][r] {
				case 1:
					o |= hops.SquareAt(f, r).Bit()
				case -1:
					x |= hops.SquareAt(f, r).Bit()
				}
			}
		}
		key := p.withSides(o, x).String()
		if _, ok := out[key]; !ok {
			out[key] = text
		}
	}
	steps := func(g grid, prefix string) {
		for f := 0; f < 6; f++ {
			for r := 0; r < 6; r++ {
				if g[f][r] != 1 {
					continue
				}
				for _, d := range compass {
					nf, nr := f+d[0], r+d[1]
					if on(nf, nr) && g[nf][nr] == 0 {
						h := g
						h[f][r], h[nf][nr] = 0, 1
						record(h, prefix+name(f, r)+"-"+name(nf, nr))
					}
				}
			}
		}
	}
	// afterJumps ends a jump sequence with the pawn on (f, r): a win, or
	// every step.
	afterJumps := func(g grid, f, r int, path string) {
		g[f][r] = 1
		for _, col := range g {
			for _, c := range col {
				if c == -1 {
					steps(g, path+" ")
					return
				}
			}
		}
		record(g, path)
	}
	if own.Count() == 1 {
		s := own.First()
		f0, r0 := s.File(), s.Rank()
		for _, d := range compass {
			for k := 1; on(f0+k*d[0], r0+k*d[1]) && g[f0+k*d[0]][r0+k*d[1]] == 0; k++ {
				h := g
				h[f0][r0], h[f0+k*d[0]][r0+k*d[1]] = 0, 1
				record(h, name(f0, r0)+"-"+name(f0+k*d[0], r0+k*d[1]))
			}
		}
		var fly func(g grid, f, r int, visited map[[2]int]bool, path string)
		fly = func(g grid, f, r int, visited map[[2]int]bool, path string) {
			for _, d := range compass {
				k := 1
				for on(f+k*d[0], r+k*d[1]) && g[f+k*d[0]][r+k*d[1]] == 0 {
					k++
				}
				of, or := f+k*d[0], r+k*d[1]
				if !on(of, or) || g[of][or] != -1 {
					continue // the board's edge, or a pawn of the Dame's colour
				}
				for j := k + 1; on(f+j*d[0], r+j*d[1]) && g[f+j*d[0]][r+j*d[1]] == 0; j++ {
					lf, lr := f+j*d[0], r+j*d[1]
					if visited[[2]int{lf, lr}] {
						continue
					}
					h := g
					h[of][or] = 1
					visited[[2]int{lf, lr}] = true
					afterJumps(h, lf, lr, path+"-"+name(lf, lr))
					fly(h, lf, lr, visited, path+"-"+name(lf, lr))
					visited[[2]int{lf, lr}] = false
				}
			}
		}
		h := g
		h[f0][r0] = 0
		fly(h, f0, r0, map[[2]int]bool{{f0, r0}: true}, name(f0, r0))
		return out
	}
	steps(g, "")
	var jump func(g grid, f, r int, visited map[[2]int]bool, attacked bool, path string)
	jump = func(g grid, f, r int, visited map[[2]int]bool, attacked bool, path string) {
		for _, d := range compass {
			of, or, lf, lr := f+d[0], r+d[1], f+2*d[0], r+2*d[1]
			if !on(lf, lr) || g[of][or] == 0 || g[lf][lr] != 0 || visited[[2]int{lf, lr}] {
				continue
			}
			h := g
			attack := attacked
			if g[of][or] == 1 {
				if attacked {
					continue // no tactical jump after an attack
				}
			} else {
				h[of][or], attack = 1, true
			}
			visited[[2]int{lf, lr}] = true
			afterJumps(h, lf, lr, path+"-"+name(lf, lr))
			jump(h, lf, lr, visited, attack, path+"-"+name(lf, lr))
			visited[[2]int{lf, lr}] = false
		}
	}
	for f := 0; f < 6; f++ {
		for r := 0; r < 6; r++ {
			if g[f][r] == 1 {
				h := g
				h[f][r] = 0
				jump(h, f, r, map[[2]int]bool{{f, r}: true}, false, name(f, r))
			}
		}
	}
	return out
}

// TestMovesMatchNaive checks C3 to C6, G4, G5 and G9: the generator
// yields exactly one move for each successor of the naive reference, and
// every written move of the reference validates to its successor.
func TestMovesMatchNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genAny(t)
		want := naiveMoves(p)
		got := map[string]string{}
		for _, m := range p.AppendMoves(nil) {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated %s: %v", p, m, err)
			}
			if prev, dup := got[q.String()]; dup {
				t.Fatalf("%s: %s and %s give the same successor (G9)", p, prev, m)
			}
			got[q.String()] = m.String()
			if _, ok := want[q.String()]; !ok {
				t.Fatalf("%s: generated %s gives %s, which the reference lacks", p, m, q)
			}
		}
		for succ, text := range want {
			if _, ok := got[succ]; !ok {
				t.Fatalf("%s: the generator misses %s (%s)", p, text, succ)
			}
			m, err := ParseMove(text)
			if err != nil {
				t.Fatalf("reference text %q: %v", text, err)
			}
			q, err := p.Play(m)
			if err != nil || q.String() != succ {
				t.Fatalf("%s: %s gives %s, %v; reference %s", p, text, q, err, succ)
			}
		}
		if n := p.CountMoves(); n != len(want) {
			t.Fatalf("%s: CountMoves %d, want %d", p, n, len(want))
		}
	})
}

// TestMovesProperties checks generation, play and text on random play.
func TestMovesProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genAny(t)
		before, hash := p.String(), p.Hash()
		orig := p
		moves := slices.Collect(p.Moves())
		if !slices.Equal(moves, p.AppendMoves(nil)) || !slices.Equal(moves, slices.Collect(p.Moves())) {
			t.Fatalf("%s: Moves and AppendMoves disagree or vary", p)
		}
		if p.CountMoves() != len(moves) {
			t.Fatalf("%s: CountMoves %d, %d moves", p, p.CountMoves(), len(moves))
		}
		if o := p.Outcome(); o.Over != (len(moves) == 0) {
			t.Fatalf("%s: outcome %v with %d moves", p, o, len(moves))
		}
		q, err := Parse(p.String())
		if err != nil || q != p || q.Hash() != p.Hash() {
			t.Fatalf("%s: text round trip gives %v, %v", p, q, err)
		}
		var r Position
		if txt, _ := p.MarshalText(); r.UnmarshalText(txt) != nil || r != p {
			t.Fatalf("%s: MarshalText round trip", p)
		}
		own, opp := p.sides()
		succ := map[Position]bool{}
		for _, m := range moves {
			if err := p.Validate(m); err != nil {
				t.Fatalf("%s: generated %s invalid: %v", p, m, err)
			}
			mm, err := ParseMove(m.String())
			if err != nil || mm != m {
				t.Fatalf("move text round trip %s: %v %v", m, mm, err)
			}
			var um Move
			if txt, _ := m.MarshalText(); um.UnmarshalText(txt) != nil || um != m {
				t.Fatalf("move MarshalText round trip %s", m)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if succ[q] {
				t.Fatalf("%s: two moves give %s", p, q)
			}
			succ[q] = true
			// Invariants: twelve pawns; the mover's count never falls,
			// the opponent's never grows; the turn passes.
			qOwn, qOpp := q.pawns(p.side), q.pawns(p.side.Other())
			if (q.white|q.black).Count() != Pawns || q.white&q.black != 0 ||
				qOwn.Count() < own.Count() || qOpp.Count() > opp.Count() || q.side != p.side.Other() {
				t.Fatalf("%s: %s gives %s", p, m, q)
			}
			turned, _ := p.Turns(m)
			if j := p.Jumped(m); j != turned {
				t.Fatalf("%s: %s turns %v, Jumped says %v", p, m, turned, j)
			}
			if path := m.Path(); m.From() != path.From() || m.To() != path.To() {
				t.Fatalf("%s: From %s To %s, path %s", m, m.From(), m.To(), path)
			}
			if turned&^opp != 0 || turned.Count() != qOwn.Count()-own.Count() {
				t.Fatalf("%s: %s turns %v", p, m, turned)
			}
			if q.Outcome().Over && q.Outcome().Rule == "C3" && qOpp != 0 {
				t.Fatalf("C3 outcome with pawns left")
			}
		}
		if p.String() != before || p.Hash() != hash || !cmp.Equal(p, orig, cmp.AllowUnexported(Position{})) {
			t.Fatalf("generation or play changed the position")
		}
	})
}

func rot(s hops.Square) hops.Square { return hops.SquareAt(5-s.File(), 5-s.Rank()) }

func rotBoard(b hops.Bitboard) hops.Bitboard {
	var r hops.Bitboard
	for s := range b.Squares() {
		r |= rot(s).Bit()
	}
	return r
}

// mirror swaps the colours and turns the board by 180 degrees.
func mirror(p Position) Position {
	return Position{white: rotBoard(p.black), black: rotBoard(p.white), side: p.side.Other()}
}

func mirrorMove(m Move) Move {
	var r Move = m
	for i := 0; i < int(m.n); i++ {
		r.sq[i] = rot(m.sq[i])
	}
	if m.hasStep {
		r.from, r.to = rot(m.from), rot(m.to)
	}
	return r
}

// TestSymmetry: swapping the colours and turning the board maps the game
// onto itself.
func TestSymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genAny(t)
		mp := mirror(p)
		if mirror(mp) != p {
			t.Fatal("mirror is not an involution")
		}
		if p.CountMoves() != mp.CountMoves() {
			t.Fatalf("%s: %d moves, mirrored %s: %d", p, p.CountMoves(), mp, mp.CountMoves())
		}
		po, mo := p.Outcome(), mp.Outcome()
		if po.Over != mo.Over || (po.Over && (po.Winner != mo.Winner.Other() || po.Rule != mo.Rule)) {
			t.Fatalf("outcomes %v and %v", po, mo)
		}
		want := map[Position]bool{}
		for m := range p.Moves() {
			q, _ := p.Play(m)
			want[mirror(q)] = true
			mq, err := mp.Play(mirrorMove(m))
			if err != nil || mq != mirror(q) {
				t.Fatalf("%s: mirrored %s: %v", p, m, err)
			}
		}
		for m := range mp.Moves() {
			q, _ := mp.Play(m)
			if !want[q] {
				t.Fatalf("mirrored position has an extra successor by %s", m)
			}
		}
	})
}

// TestRandomMoveTexts: random and mutated move texts never panic; they
// are legal (and then give a generated successor) or rejected with an
// *hops.Error.
func TestRandomMoveTexts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genAny(t)
		var text string
		moves := p.AppendMoves(nil)
		if len(moves) > 0 && rapid.Bool().Draw(t, "mutate") {
			b := []byte(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "i")].String())
			for range rapid.IntRange(1, 3).Draw(t, "edits") {
				i := rapid.IntRange(0, len(b)-1).Draw(t, "at")
				switch rapid.IntRange(0, 3).Draw(t, "edit") {
				case 0:
					b[i] = rapid.SampledFrom([]byte("ABCDEFG1234567 -x")).Draw(t, "c")
				case 1:
					b = append(b[:i:i], b[i+1:]...)
				case 2:
					b = append(b, []byte(" "+moves[0].String())...)
				case 3:
					b = append(b[:i:i], append([]byte("-"+name(rapid.IntRange(0, 5).Draw(t, "f"), rapid.IntRange(0, 5).Draw(t, "r"))), b[i:]...)...)
				}
				if len(b) == 0 {
					b = []byte("A1")
				}
			}
			text = string(b)
		} else {
			text = rapid.StringMatching(`[A-Ga-g0-8 x-]{0,24}`).Draw(t, "text")
		}
		checkText(t, p, text)
	})
}

func checkText(t interface{ Fatalf(string, ...any) }, p Position, text string) {
	m, err := ParseMove(text)
	if err != nil {
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) {
			t.Fatalf("ParseMove(%q): %v is not a syntax *hops.Error", text, err)
		}
		return
	}
	if m.String() != tidyMoveText(text) {
		t.Fatalf("ParseMove(%q) prints as %q", text, m)
	}
	q, err := p.Play(m)
	if err != nil {
		var e *hops.Error
		if !errors.As(err, &e) || e.Rule == "" {
			t.Fatalf("%s: %q: %v is not an *hops.Error with a rule", p, text, err)
		}
		if q != p {
			t.Fatalf("a failed Play returns another position")
		}
		return
	}
	for g := range p.Moves() {
		if r, _ := p.Play(g); r == q {
			return
		}
	}
	t.Fatalf("%s: %q is accepted but no generated move gives %s", p, text, q)
}

// tidyMoveText is a move text as a legal move prints: upper case, no
// space around a dash, one space between the parts (G12 lets a text
// have white space around and between its parts).
func tidyMoveText(text string) string {
	// Every white space is a space, and every dash a hyphen (G12), before
	// the expressions, whose \s is ASCII white space without \v.
	s := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case r >= '\u2010' && r <= '\u2014' || r == '\u2212':
			return '-'
		}
		return r
	}, text)
	s = strings.ToUpper(strings.TrimSpace(s))
	s = aroundDash.ReplaceAllString(s, "-")
	return spaces.ReplaceAllString(s, " ")
}

var aroundDash, spaces = regexp.MustCompile(` *- *`), regexp.MustCompile(` +`)

// TestBuild checks the turn builder against the generator (G5, G9,
// C3..C6), in positions reached by play and in scattered ones where
// Dames are frequent: every turn is reachable click by click, every
// complete build is a legal generated turn, and a click not offered is
// refused.
func TestBuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genPlayed(t)
		if rapid.Bool().Draw(t, "scattered") {
			p = genScattered(t)
		}
		gametest.CheckBuild(t, p)
	})
}

// TestZeroMoveEnds: the zero Move starts and ends nowhere (C7).
func TestZeroMoveEnds(t *testing.T) {
	var m Move
	if m.From() != hops.NoSquare || m.To() != hops.NoSquare || Start().Jumped(m) != 0 {
		t.Errorf("zero move: From %s To %s Jumped %v", m.From(), m.To(), Start().Jumped(m))
	}
}

// TestBuiltMovesNeverPanic: a move built by hand from any squares, off
// the board, NoSquare and Outside included, gets an answer from every
// method that takes a move, never a panic (Jumped indexed its table with
// NoSquare).
func TestBuiltMovesNeverPanic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		square := rapid.Custom(func(t *rapid.T) hops.Square {
			return hops.Square(rapid.IntRange(-2, 66).Draw(t, "square"))
		})
		squares := rapid.SliceOfN(square, 0, hops.MaxPath+2).Draw(t, "path")
		m := NewMove(hops.PathOf(squares...), square.Draw(t, "from"), square.Draw(t, "to"))
		p := Start()
		if rapid.Bool().Draw(t, "variant") {
			p = StartVariant()
		}
		_ = p.Jumped(m)
		_, _ = p.Turns(m)
		_ = p.Validate(m)
		_, _ = p.Play(m)
		_, _ = p.Canonical(m)
		_ = m.String() + m.Mirror().String()
		_ = m.Arrows()
		_ = m.Clicks()
		_ = p.Drawing(m)
	})
}
