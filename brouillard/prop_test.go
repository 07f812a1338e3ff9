package brouillard

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

var allowState = cmp.AllowUnexported(Position{}, View{}, state{})

// game is a random game: random arrangements, either side first, and
// random decisions (turning pawns over often, to reach captures). It
// follows both players' views from public information along the way and
// checks them against the truth.
func game(t *rapid.T) Position {
	seed := rapid.Uint64().Draw(t, "seed")
	rng := rand.New(rand.NewPCG(seed, 7))
	first := rapid.SampledFrom([]hops.Side{White, Red}).Draw(t, "first")
	p, err := NewPositionWith(RandomArrangement(rng), RandomArrangement(rng), first)
	if err != nil {
		t.Fatal(err)
	}
	views := [2]View{p.View(White), p.View(Red)}
	plies := rapid.IntRange(0, 120).Draw(t, "plies")
	var buf []Move
	for range plies {
		buf = p.AppendMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[rng.IntN(len(buf))]
		if rng.IntN(3) > 0 { // prefer turning pawns over
			for _, x := range buf {
				if x.Turns() && rng.IntN(2) == 0 {
					m = x
					break
				}
			}
		}
		q, rev, err := p.PlayReveal(m)
		if err != nil {
			t.Fatalf("generated %s does not play in %s: %v", m, p, err)
		}
		for s := range views {
			v, err := views[s].Play(m, rev)
			if err != nil {
				t.Fatalf("%s's view %s rejects %s (%v): %v", SideName(hops.Side(s)), views[s], m, rev, err)
			}
			if want := q.View(hops.Side(s)); v != want {
				t.Fatalf("after %s (%v) in %s, %s's view from public information is\n%s, the truth gives\n%s",
					m, rev, p, SideName(hops.Side(s)), v, want)
			}
			views[s] = v
		}
		p = q
	}
	return p
}

func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		checkPosition(t, p)
		checkViews(t, p)
	})
}

// checkPosition: texts round-trip, every generated move validates and
// plays, successors are distinct, and the receiver never changes.
func checkPosition(t *rapid.T, p Position) {
	before, hash, copyP := p.String(), p.Hash(), p
	q, err := Parse(before)
	if err != nil || q != p || q.Hash() != hash {
		t.Fatalf("Parse(%s) = %v, %v", before, q, err)
	}
	moves := p.AppendMoves(nil)
	if p.CountMoves() != len(moves) || !slices.Equal(slices.Collect(p.Moves()), moves) {
		t.Fatalf("%s: CountMoves %d, %d moves", p, p.CountMoves(), len(moves))
	}
	if (len(moves) == 0) != p.Outcome().Over {
		t.Fatalf("%s: %d moves, outcome %v", p, len(moves), p.Outcome())
	}
	seen := map[string]Move{}
	for _, m := range moves {
		text := m.String()
		if pm, err := ParseMove(text); err != nil || pm != m {
			t.Fatalf("ParseMove(%q) = %v, %v", text, pm, err)
		}
		if err := p.Validate(m); err != nil {
			t.Fatalf("generated %s invalid in %s: %v", m, p, err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		// B8: the pawn a generated move turns over is the one its reveal
		// names, read off the move alone.
		sq, turns := m.TurnedSquare()
		if _, rev, _ := p.PlayReveal(m); turns != m.Turns() || turns != rev.Turned || turns && sq != rev.Square {
			t.Fatalf("%s in %s: TurnedSquare %s, %v; reveal %v", m, p, sq, turns, rev)
		}
		if prev, dup := seen[q.String()]; dup {
			t.Fatalf("%s: %s and %s give the same successor", p, prev, m)
		}
		seen[q.String()] = m
		if r, err := Parse(q.String()); err != nil || r != q {
			t.Fatalf("successor %s of %s does not round-trip: %v", q, m, err)
		}
		// Invariants: a continuation only after a capture, by the same side.
		if q.Continuing() && (q.ToMove() != p.ToMove() || q.Captured(p.ToMove()) != p.Captured(p.ToMove())+1) {
			t.Fatalf("%s after %s: bad continuation", q, m)
		}
	}
	if p.String() != before || p.Hash() != hash || !cmp.Equal(p, copyP, allowState) {
		t.Fatalf("playing changed the position %s", before)
	}
}

// checkViews: a view round-trips, has the truth's moves and errors, and
// every sample agrees with it.
func checkViews(t *rapid.T, p Position) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := p.AppendMoves(nil)
	for s := White; s <= Red; s++ {
		v := p.View(s)
		w, err := ParseView(v.String(), s)
		if err != nil || w != v || w.Hash() != v.Hash() {
			t.Fatalf("ParseView(%s) = %v, %v", v, w, err)
		}
		if !slices.Equal(v.AppendMoves(nil), moves) || v.CountMoves() != len(moves) || v.Outcome() != p.Outcome() {
			t.Fatalf("%s's view %s has other moves than the truth", SideName(s), v)
		}
		if v.ToMove() != p.ToMove() || v.Continuing() != p.Continuing() || v.Viewer() != s {
			t.Fatal("view accessors")
		}
		// Key tells views apart exactly, the viewer too; Mirror is the
		// view of the mirrored position, and its decisions the mirrored
		// ones.
		if o := p.View(s.Other()); (o.Key() == v.Key()) != (o == v) {
			t.Fatalf("the views %s and %s: keys equal %v, views equal %v", v, o, o.Key() == v.Key(), o == v)
		}
		if mv := v.Mirror(); mv != p.Mirror().View(s) || mv.Mirror() != v || (mv.Key() == v.Key()) != (mv == v) {
			t.Fatalf("%s's view %s mirrors to %s, want %s", SideName(s), v, mv, p.Mirror().View(s))
		}
		// (A mirrored move is legal there, in the written form the
		// generator gives for its effect, G9.)
		var mirrored []Move
		for _, m := range moves {
			c, err := v.Mirror().Canonical(m.Mirror())
			if err != nil {
				t.Fatalf("%s mirrored, in the mirrored view %s: %v", m, v.Mirror(), err)
			}
			mirrored = append(mirrored, c)
		}
		if got := v.Mirror().AppendMoves(nil); !sameMoves(got, mirrored) {
			t.Fatalf("the mirrored view %s: moves %v, want the mirrored %v", v.Mirror(), got, mirrored)
		}
		// B4: Unseen counts the true faces of the pawns the viewer has
		// not seen.
		var hidden [King + 1]int
		for sq := range p.Pawns(s.Other()).Squares() {
			if _, vk, _, _ := v.Pawn(sq); vk == Hidden {
				_, k, _, _ := p.Pawn(sq)
				hidden[k]++
			}
		}
		if u := v.Unseen(); u != hidden {
			t.Fatalf("%s's view %s: Unseen %v, the hidden faces are %v", SideName(s), v, u, hidden)
		}
		n := v.Consistent()
		if n < 1 || n > 2520 {
			t.Fatalf("%d consistent states", n)
		}
		for range 4 {
			x := v.Sample(rng)
			if x.View(s) != v {
				t.Fatalf("sample %s of %s's view %s is not consistent", x, SideName(s), v)
			}
			if _, err := Parse(x.String()); err != nil {
				t.Fatalf("sample %s: %v", x, err)
			}
			if n == 1 && x != p {
				t.Fatalf("the only consistent state is the truth")
			}
		}
		for i, m := range moves {
			if i%3 != 0 {
				continue
			}
			q, rev, _ := p.PlayReveal(m)
			vq, err := v.Play(m, rev)
			if err != nil || vq != q.View(s) {
				t.Fatalf("view after %s: %v, %v", m, vq, err)
			}
		}
	}
}

// TestLeak: two true positions that differ only in the faces of pawns one
// side has not seen give that side equal views, texts, hashes, moves,
// errors, counts and samples.
func TestLeak(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		viewer := rapid.SampledFrom([]hops.Side{White, Red}).Draw(t, "viewer")
		opp := viewer ^ 1
		var hidden []hops.Square
		for b := p.Pawns(opp); b != 0; b &= b - 1 {
			if _, _, turned, _ := p.Pawn(b.First()); !turned {
				hidden = append(hidden, b.First())
			}
		}
		if len(hidden) < 2 {
			t.Skip("fewer than two hidden pawns")
		}
		i := rapid.IntRange(0, len(hidden)-1).Draw(t, "i")
		j := rapid.IntRange(0, len(hidden)-1).Draw(t, "j")
		a, b := hidden[i], hidden[j]
		if p.st.sq[a] == p.st.sq[b] {
			t.Skip("same faces")
		}
		q := p
		q.st.sq[a], q.st.sq[b] = q.st.sq[b], q.st.sq[a]
		if _, err := Parse(q.String()); err != nil || q == p {
			t.Fatalf("swapped position %s: %v", q, err)
		}
		vp, vq := p.View(viewer), q.View(viewer)
		if vp != vq || vp.String() != vq.String() || vp.Hash() != vq.Hash() || vp.Diagram() != vq.Diagram() ||
			vp.Consistent() != vq.Consistent() {
			t.Fatalf("views differ:\n%s\n%s", vp, vq)
		}
		r1, r2 := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
		if vp.Sample(r1) != vq.Sample(r2) {
			t.Fatal("samples differ")
		}
		// The errors of the view for any move text are the same, and are
		// the truth's errors for both true positions.
		for _, m := range p.AppendMoves(nil) {
			for _, bad := range mutations(m) {
				e1, e2 := errText(vp.Validate(bad)), errText(vq.Validate(bad))
				if e1 != e2 || e1 != errText(p.Validate(bad)) || e1 != errText(q.Validate(bad)) {
					t.Fatalf("%s: errors differ: %q %q", bad, e1, e2)
				}
			}
		}
	})
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// mutations returns variants of a legal move: marks toggled, parts dropped
// or swapped, squares shifted.
func mutations(m Move) []Move {
	out := []Move{}
	fou, pawn := m.Fou(), m.Pawn()
	toggled := fou
	toggled.SetMark(fou.Len()-1, !fou.Marked(fou.Len()-1))
	out = append(out, NewMove(pawn, toggled), NewMove(hops.Path{}, fou), NewMove(fou, pawn), NewMove(pawn, hops.Path{}))
	if fou.Len() > 2 {
		first := fou
		first.SetMark(1, true)
		out = append(out, NewMove(pawn, first), NewMove(pawn, fou.Prefix(fou.Len()-1)))
	}
	for _, shift := range []hops.Square{1, -1, 8, -8, 9, 7} {
		for _, which := range []int{0, 1} {
			p := [2]hops.Path{pawn, fou}[which]
			if p.Len() == 0 {
				continue
			}
			var q hops.Path
			for i := 0; i < p.Len(); i++ {
				s := p.At(i)
				if i == p.Len()-1 {
					s += shift
				}
				if !bd.Contains(s) {
					s = p.At(i)
				}
				q.Push(s, p.Marked(i))
			}
			if which == 0 {
				out = append(out, NewMove(q, fou))
			} else {
				out = append(out, NewMove(pawn, q))
				q2 := clean(q)
				q2.Push(p.At(0), false)
				out = append(out, NewMove(pawn, q2))
			}
		}
	}
	return out
}

// TestPropertyMutations: mutated moves never panic; each is either legal,
// and then gives one of the generated successors, or rejected with an
// *hops.Error of kind ErrIllegal.
func TestPropertyMutations(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		succ := map[Position]bool{}
		moves := p.AppendMoves(nil)
		for _, m := range moves {
			q, _ := p.Play(m)
			succ[q] = true
		}
		for _, m := range moves {
			for _, bad := range mutations(m) {
				q, err := p.Play(bad)
				if err == nil {
					if !succ[q] {
						t.Fatalf("%s accepted in %s but its successor %s is not generated", bad, p, q)
					}
					continue
				}
				var e *hops.Error
				if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) || e.Rule == "" {
					t.Fatalf("%s in %s: error %v", bad, p, err)
				}
			}
		}
		// Random texts.
		text := rapid.StringMatching(`[A-Ha-h0-9xX\- ]{0,20}`).Draw(t, "text")
		if m, err := ParseMove(text); err == nil {
			if err := p.Validate(m); err != nil && !errors.Is(err, hops.ErrIllegal) && !errors.Is(err, hops.ErrPosition) {
				t.Fatalf("%q: %v", text, err)
			}
		} else if !errors.Is(err, hops.ErrSyntax) {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
	})
}

// naiveMoves enumerates the legal decisions straight from the wording of
// B6..B9, with coordinates and recursion instead of the shared search,
// and returns every written form it finds (several per effect).
func naiveMoves(p Position) []string {
	st := p.st
	me := st.side
	type xy struct{ f, r int }
	on := func(f, r int) bool { return f >= 0 && r >= 0 && f < 7 && r < 7 }
	at := func(f, r int) hops.Square { return hops.SquareAt(f, r) }
	name := func(f, r int) string { return at(f, r).String() }
	var out []string
	if st.over() {
		return nil
	}
	fouPaths := func(pawns map[hops.Square]bool) []string {
		var res []string
		f0 := st.fou[me]
		other := st.fou[me^1]
		ff, fr := f0.File(), f0.Rank()
		for _, d := range []xy{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
			if on(ff+d.f, fr+d.r) && at(ff+d.f, fr+d.r) != other {
				res = append(res, name(ff, fr)+"-"+name(ff+d.f, fr+d.r))
			}
		}
		var walk func(text string, f, r int, visited map[hops.Square]bool)
		walk = func(text string, f, r int, visited map[hops.Square]bool) {
			for _, d := range []xy{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				of, or := f+d.f, r+d.r
				lf, lr := f+2*d.f, r+2*d.r
				if !on(lf, lr) || !pawns[at(of, or)] || visited[at(lf, lr)] || at(lf, lr) == other {
					continue
				}
				res = append(res, text+"-"+name(lf, lr))
				if st.pawns[me^1].Has(at(of, or)) {
					res = append(res, text+"x"+name(lf, lr))
				}
				visited[at(lf, lr)] = true
				walk(text+"-"+name(lf, lr), lf, lr, visited)
				visited[at(lf, lr)] = false
			}
		}
		walk(name(ff, fr), ff, fr, map[hops.Square]bool{f0: true})
		return res
	}
	pawns := map[hops.Square]bool{}
	for b := st.pawns[0] | st.pawns[1]; b != 0; b &= b - 1 {
		pawns[b.First()] = true
	}
	for _, f := range fouPaths(pawns) {
		out = append(out, f)
	}
	if st.plus {
		return out
	}
	for b := st.pawns[me]; b != 0; b &= b - 1 {
		from := b.First()
		var paths []string
		ff, fr := from.File(), from.Rank()
		for _, d := range []xy{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
			if on(ff+d.f, fr+d.r) && !pawns[at(ff+d.f, fr+d.r)] {
				paths = append(paths, name(ff, fr)+"-"+name(ff+d.f, fr+d.r))
			}
		}
		var ends []hops.Square
		var walk func(text string, f, r int, visited map[hops.Square]bool)
		walk = func(text string, f, r int, visited map[hops.Square]bool) {
			for _, d := range []xy{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}} {
				of, or := f+d.f, r+d.r
				lf, lr := f+2*d.f, r+2*d.r
				if !on(lf, lr) || !pawns[at(of, or)] || at(of, or) == from || pawns[at(lf, lr)] || visited[at(lf, lr)] {
					continue
				}
				paths = append(paths, text+"-"+name(lf, lr))
				ends = append(ends, at(lf, lr))
				visited[at(lf, lr)] = true
				walk(text+"-"+name(lf, lr), lf, lr, visited)
				visited[at(lf, lr)] = false
			}
		}
		walk(name(ff, fr), ff, fr, map[hops.Square]bool{from: true})
		for _, pp := range paths {
			to, _ := bd.ParseSquare(pp[len(pp)-2:])
			moved := map[hops.Square]bool{}
			for s := range pawns {
				moved[s] = true
			}
			delete(moved, from)
			moved[to] = true
			for _, f := range fouPaths(moved) {
				out = append(out, pp+" "+f)
			}
		}
	}
	return out
}

// TestPropertyNaiveReference checks the generator against the naive
// enumeration: every written form the naive rules allow validates, and
// the successors they lead to are exactly the generated ones.
func TestPropertyNaiveReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		gen := map[Position]string{}
		for _, m := range p.AppendMoves(nil) {
			q, _ := p.Play(m)
			gen[q] = m.String()
		}
		naive := map[Position]string{}
		for _, text := range naiveMoves(p) {
			m, err := ParseMove(text)
			if err != nil {
				t.Fatalf("naive text %q: %v", text, err)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("naive move %s rejected in %s: %v", text, p, err)
			}
			naive[q] = text
		}
		if len(naive) != len(gen) {
			t.Fatalf("%s: %d naive successors, %d generated", p, len(naive), len(gen))
		}
		for q, text := range naive {
			if _, ok := gen[q]; !ok {
				t.Fatalf("%s: %s gives %s, which no generated move gives", p, text, q)
			}
		}
	})
}

// mirrorText reflects a position text left to right (files A..G to
// G..A), which keeps the colours of the squares (B1).
func mirrorText(text string) string {
	fields := strings.Split(text, " ")
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		ranks[i] = joinRank(reverseRank(expandRank(r)))
	}
	fields[0] = strings.Join(ranks, "/")
	return strings.Join(fields, " ")
}

// expandRank lists a rank's seven cells ("" for empty, "n!" for a
// turned Red Nine).
func expandRank(r string) []string {
	var cells []string
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c >= '1' && c <= '7':
			for range int(c - '0') {
				cells = append(cells, "")
			}
		case i+1 < len(r) && r[i+1] == '!':
			cells = append(cells, r[i:i+2])
			i++
		default:
			cells = append(cells, r[i:i+1])
		}
	}
	return cells
}

func reverseRank(cells []string) []string {
	slices.Reverse(cells)
	return cells
}

func joinRank(cells []string) string {
	var b strings.Builder
	empty := 0
	for _, c := range cells {
		if c == "" {
			empty++
			continue
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
			empty = 0
		}
		b.WriteString(c)
	}
	if empty > 0 {
		b.WriteByte(byte('0' + empty))
	}
	return b.String()
}

// swapText exchanges the sides: the board turned upside down (ranks
// 1..7 to 7..1, which keeps the colours), letters' cases swapped, the
// captured counts and the side to move exchanged.
func swapText(text string) string {
	fields := strings.Split(text, " ")
	ranks := strings.Split(fields[0], "/")
	slices.Reverse(ranks)
	rows := strings.Join(ranks, "/")
	var b strings.Builder
	for _, c := range []byte(rows) {
		switch {
		case c >= 'a' && c <= 'z':
			c -= 0x20
		case c >= 'A' && c <= 'Z':
			c += 0x20
		}
		b.WriteByte(c)
	}
	side := map[string]string{"w": "r", "r": "w"}[fields[1]]
	return strings.Join([]string{b.String(), side, fields[3], fields[2], fields[4]}, " ")
}

// TestPropertySymmetry: the rules know no left or right, and treat both
// sides alike: mirrored and side-swapped positions have as many moves,
// whose successors are the mirrored (swapped) successors.
func TestPropertySymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		for _, f := range []func(string) string{mirrorText, swapText} {
			q, err := Parse(f(p.String()))
			if err != nil {
				t.Fatalf("transformed %s: %v", p, err)
			}
			if f(q.String()) != p.String() {
				t.Fatalf("the transformation is not an involution on %s", p)
			}
			want := map[string]bool{}
			for m := range p.Moves() {
				s, _ := p.Play(m)
				want[f(s.String())] = true
			}
			got := map[string]bool{}
			for m := range q.Moves() {
				s, _ := q.Play(m)
				got[s.String()] = true
			}
			if !maps_equal(want, got) {
				t.Fatalf("%s and %s: successors differ", p, q)
			}
			if q.Outcome().Over != p.Outcome().Over {
				t.Fatal("outcomes differ")
			}
		}
	})
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []Move) bool {
	count := map[Move]int{}
	for _, m := range a {
		count[m]++
	}
	for _, m := range b {
		count[m]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

func maps_equal(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestSampleUniform draws many samples of White's view of the start
// (2520 consistent states) and checks that every state comes up about
// equally often (chi-square, fixed seed).
func TestSampleUniform(t *testing.T) {
	v := Start().View(White)
	if v.Consistent() != 2520 {
		t.Fatalf("%d consistent states", v.Consistent())
	}
	rng := rand.New(rand.NewPCG(11, 13))
	const per = 40
	counts := map[uint64]int{}
	for range 2520 * per {
		counts[v.Sample(rng).Hash()]++
	}
	if len(counts) != 2520 {
		t.Fatalf("%d distinct samples", len(counts))
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c - per)
		chi += d * d / per
	}
	// 2519 degrees of freedom: mean 2519, standard deviation about 71.
	if chi > 2519+6*71 {
		t.Errorf("chi-square %.0f: samples are not uniform", chi)
	}
	// A view whose hidden pawns are all known has one consistent state.
	p := build(t, "B1:X D1:X F1:N A2:T C2:J E2:Q G2:K A3:F A4:k! B7:x! F7:x F6:f", "w 4 0 -")
	w := p.View(White)
	if w.Consistent() != 1 || w.Sample(rng) != p {
		t.Errorf("single consistent state: %d", w.Consistent())
	}
}

// TestPropertyArbitraryMoves: moves built from any squares, on or off the
// board, never panic and are judged like any other.
func TestPropertyArbitraryMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		var paths [2]hops.Path
		for i := range paths {
			for range rapid.IntRange(0, 5).Draw(t, "len") {
				paths[i].Push(hops.Square(rapid.IntRange(-2, 70).Draw(t, "sq")), rapid.IntRange(0, 4).Draw(t, "x") == 0)
			}
		}
		m := NewMove(paths[0], paths[1])
		_ = m.String()
		for _, v := range []interface{ Validate(Move) error }{p, p.View(White), p.View(Red)} {
			if err := v.Validate(m); err != nil {
				var e *hops.Error
				if !errors.As(err, &e) || e.Rule == "" {
					t.Fatalf("%s: %v", m, err)
				}
			}
		}
		var r Reveal
		r.Turned, r.Square, r.Kind = rapid.Bool().Draw(t, "turned"), hops.Square(rapid.IntRange(-2, 70).Draw(t, "rsq")), Kind(rapid.IntRange(0, 9).Draw(t, "kind"))
		_, _ = p.View(White).Play(m, r)
		_ = r.String()
	})
}

// TestZeroValues: the zero values of the package's types do not panic.
func TestZeroValues(t *testing.T) {
	var p Position
	var v View
	var m Move
	var a Arrangement
	_ = p.String() + p.Diagram() + v.String() + v.Diagram() + m.String() + a.String() + Reveal{}.String()
	if p.CountMoves() != 0 || v.CountMoves() != 0 || p.Validate(m) == nil || v.Validate(m) == nil {
		t.Error("the zero position has moves")
	}
	_, _ = p.Play(mustMove(t, "A1-B2"))
	_, _ = v.Play(mustMove(t, "A1-B2"), Reveal{})
	_ = p.Outcome()
	_ = v.Sample(nil)
	_ = v.Consistent()
	_ = RandomArrangement(nil).Validate()
	_ = p.View(hops.Side(7)).Hash()
	_, _, _, _ = p.Pawn(hops.Square(-5))
}

// TestLeakStart: White's view of two starts that differ only in Red's
// arrangement is the same.
func TestLeakStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a, _ := NewPosition(StartArrangement(White), RandomArrangement(rng))
	b, _ := NewPosition(StartArrangement(White), RandomArrangement(rng))
	if a == b {
		t.Fatal("same arrangements")
	}
	va, vb := a.View(White), b.View(White)
	if va != vb || va.String() != vb.String() || va.Hash() != vb.Hash() {
		t.Errorf("views differ: %s %s", va, vb)
	}
	if a.View(Red) == b.View(Red) {
		t.Error("Red knows his own pawns")
	}
}

// TestBuild checks the decision builder against the generator (G5, G9,
// B6..B9) in positions of random games, for the true position and for
// the view of the side to move: every decision is reachable click by
// click, every complete build is a legal generated decision, and a
// click not offered is refused.
func TestBuild(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		gametest.CheckBuild(t, p)
		gametest.CheckBuild(t, p.View(p.ToMove()))
	})
}

// TestBuildViewHidesFaces: the view of either side builds exactly as the
// true position does, Next and errors included, so building reveals no
// hidden face (B4).
func TestBuildViewHidesFaces(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		v := p.View(rapid.SampledFrom([]hops.Side{White, Red}).Draw(t, "viewer"))
		var clicks []hops.Click
		for {
			b, err := p.Build(clicks)
			bv, errv := v.Build(clicks)
			// The view previews the view of the position's preview, but
			// a complete decision's turned pawn, whose face it learns only
			// when the decision is played.
			if err == nil && errv == nil && !b.Complete && b.Preview.(Position).View(v.Viewer()) != bv.Preview.(View) {
				t.Fatalf("%s after %v: the position previews %s, the view %s", p, clicks, b.Preview, bv.Preview)
			}
			b.Preview, bv.Preview = nil, nil
			if fmt.Sprint(b, err) != fmt.Sprint(bv, errv) {
				t.Fatalf("%s after %v: the position builds %+v %v, the view %+v %v", p, clicks, b, err, bv, errv)
			}
			if err != nil {
				break
			}
			c := hops.Click{Square: hops.Square(rapid.IntRange(0, 63).Draw(t, "square")), Mark: rapid.Bool().Draw(t, "mark")}
			if len(b.Next) > 0 && rapid.IntRange(0, 3).Draw(t, "stray") > 0 {
				c = b.Next[rapid.IntRange(0, len(b.Next)-1).Draw(t, "click")]
			}
			clicks = append(clicks, c)
		}
	})
}

// successors returns the successors of the generated moves of p: all of
// them, and those of the moves that turn a pawn over.
func successors(p Position) (all, turning map[Position]bool) {
	all, turning = map[Position]bool{}, map[Position]bool{}
	for _, g := range p.AppendMoves(nil) {
		q, err := p.Play(g)
		if err != nil {
			continue
		}
		all[q] = true
		if g.Turns() {
			turning[q] = true
		}
	}
	return all, turning
}

// checkMarked judges a move text whose Fou's last jump is marked 'x'
// (B8, B10) and returns what is wrong, or "" when nothing is. Both views
// must give the true position's verdict. When the move is legal, the pawn
// jumped last must be an opposing one on the board after the pawn move
// (never the mover's own, wherever it came from), and the move must be a
// generated turning move under another written form (G9), or, when that
// pawn was already known to both and is not the target, the same move as
// the unmarked text, since turning it changes nothing.
func checkMarked(p Position, m Move, all, turning map[Position]bool) string {
	err := p.Validate(m)
	for _, s := range []hops.Side{White, Red} {
		if got := errText(p.View(s).Validate(m)); got != errText(err) {
			return fmt.Sprintf("%s in %s: %s's view says %q, the position %q", m, p, SideName(s), got, errText(err))
		}
	}
	if err != nil {
		return ""
	}
	q, _ := p.Play(m)
	fou, pawn := m.Fou(), m.Pawn()
	a, b := fou.At(fou.Len()-2), fou.At(fou.Len()-1)
	d, dist, ok := hops.Direction(a, b)
	if !ok || dist != 2 {
		return fmt.Sprintf("%s accepted in %s: its marked last hop %s-%s is no jump", m, p, a, b)
	}
	over := bd.Step(a, d)
	me := p.ToMove()
	side, k, turned, there := p.Pawn(over)
	switch {
	case pawn.Len() > 0 && pawn.To() == over:
		return fmt.Sprintf("%s accepted in %s: it turns over the pawn %s has just moved to %s", m, p, SideName(me), over)
	case pawn.Len() > 0 && pawn.From() == over, !there:
		return fmt.Sprintf("%s accepted in %s: no pawn on %s after the pawn move", m, p, over)
	case side != me^1:
		return fmt.Sprintf("%s accepted in %s: it turns over %s's own pawn on %s", m, p, SideName(me), over)
	case turning[q]:
		return ""
	}
	target, _ := p.Target(me)
	plain := fou
	plain.SetMark(fou.Len()-1, false)
	if r, err := p.Play(NewMove(pawn, plain)); turned && k != target && err == nil && r == q && all[q] {
		return ""
	}
	return fmt.Sprintf("%s accepted in %s, but no generated move turns the pawn on %s over to give %s", m, p, over, q)
}

// TestPropertyB8_MarkedLastJump: a move text marking the Fou's last jump
// is legal only when it describes a turning move the generator yields
// (B8, G9), or a turning over of a pawn already known to both that
// changes nothing. The texts are the generated turning moves and every
// generated jump move with its last jump marked: among them the moves
// whose pawn move puts the mover's own pawn under the Fou's last jump.
func TestPropertyB8_MarkedLastJump(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		all, turning := successors(p)
		for _, g := range p.AppendMoves(nil) {
			fou := g.Fou()
			if _, dist, _ := hops.Direction(fou.At(0), fou.At(1)); dist != 2 {
				continue // a step: B8 is TestPropertyMutations' business
			}
			marked := fou
			marked.SetMark(fou.Len()-1, true)
			if msg := checkMarked(p, NewMove(g.Pawn(), marked), all, turning); msg != "" {
				t.Fatal(msg)
			}
		}
	})
}

// TestPropertyQuickFollow: the quick path check of Validate and Play
// accepts exactly the jump paths the shared jump rules accept (G4, G5,
// B6, B7), with the same end and the same square jumped last: generated
// paths, their variants, and random ones.
func TestPropertyQuickFollow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		st := p.st
		me := st.side
		f, other := st.fou[me], st.fou[me^1]
		occ := st.pawns[0] | st.pawns[1]
		var paths []hops.Path
		for _, m := range p.AppendMoves(nil) {
			paths = append(paths, m.Fou(), m.Pawn())
			for _, v := range mutations(m) {
				paths = append(paths, v.Fou(), v.Pawn())
			}
		}
		var rnd hops.Path
		for range rapid.IntRange(1, 6).Draw(t, "len") {
			rnd.Push(hops.Square(rapid.IntRange(-2, 70).Draw(t, "sq")), false)
		}
		paths = append(paths, rnd)
		for _, q := range paths {
			if q.Len() < 2 {
				continue
			}
			rules := [2]hops.JumpRules{fouRules(occ, f, other), pawnRules(occ, q.From())}
			for i, r := range rules {
				diagonal := i == 1
				over, land := occ, dark&^other.Bit()
				if diagonal {
					over, land = occ&^q.From().Bit(), light&^occ
				}
				end, last, ok := follow(q, diagonal, over, land)
				res, jerr := r.Follow(q)
				if ok != (jerr == nil) || ok && (end != res.End || last != res.LastOver) {
					t.Fatalf("%s in %s (diagonal %v): quick check %v %s %s, jump rules %v %v", q, p, diagonal, ok, end, last, res, jerr)
				}
			}
		}
	})
}

// TestPropertyCount: CountMoves, which counts with sets of squares,
// gives the number of moves the generator builds, on positions of random
// games and on pieces scattered at random (where the Fou's jumps make
// rings and long detours more often), for either side to move.
func TestPropertyCount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		positions := []Position{game(t)}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "scatter"), 3))
		s := scatter(rng)
		for range rapid.IntRange(0, 20).Draw(t, "mutations") {
			s = mutate(s, rng)
		}
		positions = append(positions, s)
		s.st.side = Red
		positions = append(positions, s)
		for _, p := range positions {
			if n, want := p.CountMoves(), len(p.AppendMoves(nil)); n != want {
				t.Fatalf("%s: CountMoves %d, %d moves generated", p, n, want)
			}
		}
	})
}

// TestViewKeyNamesTheViewer (B4, B12): with every pawn turned over, both
// players know everything, and their views hold the same pieces; they
// are still two views, told apart by Key as by ==.
func TestViewKeyNamesTheViewer(t *testing.T) {
	p, err := Parse("1x!3t!1/j!1q!fk!1x!/7/7/7/X!1Q!FJ!1K!/3T!1X!1 w 1 1 -")
	if err != nil {
		t.Fatal(err)
	}
	w, r := p.View(White), p.View(Red)
	if w.String() != r.String() || w == r {
		t.Fatalf("views %s and %s", w, r)
	}
	if w.Key() == r.Key() {
		t.Errorf("White's and Red's views have the same key %v", w.Key())
	}
	if (View{}).Mirror() != (View{}) {
		t.Error("the zero View does not mirror to itself")
	}
}
