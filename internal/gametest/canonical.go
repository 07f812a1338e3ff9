package gametest

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Occupied returns the squares that hold something in a position text
// (G11): every letter of its <rows> field, and '*'.
func Occupied(b *hops.Board, positionText string) hops.Bitboard {
	rows, _, _ := strings.Cut(positionText, " ")
	var occ hops.Bitboard
	_ = engine.ParseRows(b, rows, func(s hops.Square, _ byte, _ bool) error {
		occ = occ.With(s)
		return nil
	})
	return occ
}

// AltRoutes returns other routes of the piece that follows p, from p's
// start to p's end, each a chain of jumps (G4) over occupied squares
// (occ, p's start excluded) onto empty ones that never lands twice on a
// square (G5): the written forms a multi-jump may take besides the
// generated one. With flying, a jump may pass over empty squares before
// and after the piece it jumps (Coir's Dame). The last landing may be
// occupied (Zapita's bomb); a path that ends outside the board is
// re-routed up to its last square on the board and keeps its exit. Each
// route comes unmarked and with each single hop marked 'x', for the games
// where a mark means something. At most limit routes are returned, none
// equal to p.
func AltRoutes(b *hops.Board, occ hops.Bitboard, p hops.Path, flying bool, limit int) []hops.Path {
	if p.Len() < 2 {
		return nil
	}
	exit := p.To() == hops.Outside
	target := p.To()
	if exit {
		target = p.At(p.Len() - 2)
	}
	from := p.From()
	occ = occ.Without(from)
	maxLen := min(p.Len()+4, hops.MaxPath-1)
	var out []hops.Path
	var cur hops.Path
	cur.Push(from, false)
	nodes := 0
	emit := func() {
		q := cur
		if exit {
			q.Push(hops.Outside, p.Marked(p.Len()-1))
		}
		for m := -1; m < q.Len() && len(out) < limit; m++ {
			v := q
			for i := 1; i < v.Len(); i++ {
				v.SetMark(i, i == m)
			}
			if m != 0 && v != p {
				out = append(out, v)
			}
		}
	}
	var walk func(at hops.Square)
	walk = func(at hops.Square) {
		if nodes++; nodes > 20000 || len(out) >= limit || cur.Len() >= maxLen {
			return
		}
		for d := hops.Dir(0); d < 8; d++ {
			over := b.Step(at, d)
			for over != hops.NoSquare && flying && !occ.Has(over) {
				over = b.Step(over, d)
			}
			if over == hops.NoSquare || !occ.Has(over) {
				continue
			}
			for land := b.Step(over, d); land != hops.NoSquare; land = b.Step(land, d) {
				if cur.Contains(land) || (occ.Has(land) && land != target) {
					break
				}
				cur.Push(land, false)
				if land == target {
					emit()
				} else if !occ.Has(land) {
					walk(land)
				}
				cur.Pop()
				if !flying || occ.Has(land) {
					break
				}
			}
		}
	}
	walk(from)
	return out
}

// Disguise rewrites a canonical move text in one of the forms people
// type and the parsers accept (G12): lower-case squares, Unicode dashes,
// '×' for 'x', tabs and runs of spaces between parts, white space around.
func Disguise(rng *rand.Rand, text string) string {
	var b strings.Builder
	if rng.IntN(2) == 0 {
		b.WriteString([]string{" ", "\t", "  \t"}[rng.IntN(3)])
	}
	dashes := []string{"-", "\u2010", "\u2013", "\u2014", "\u2212"}
	lower := rng.IntN(2) == 0
	for _, r := range text {
		switch {
		case r == '-':
			b.WriteString(dashes[rng.IntN(len(dashes))])
		case r == 'x':
			b.WriteString([]string{"x", "X", "×"}[rng.IntN(3)])
		case r == ' ':
			b.WriteString([]string{" ", "  ", "\t", " \t "}[rng.IntN(4)])
		case lower && r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r >= 'a' && r <= 'z' && rng.IntN(3) == 0:
			b.WriteRune(r - 'a' + 'A') // "out" in any case
		default:
			b.WriteRune(r)
		}
	}
	if rng.IntN(2) == 0 {
		b.WriteString([]string{" ", "\n", "\t "}[rng.IntN(3)])
	}
	return b.String()
}

// CanonicalCase is what CheckCanonical needs of one game: a position, its
// text-level State, and the move parser.
type CanonicalCase[P hops.Position[P, M], M hops.Move] struct {
	Pos       P
	State     hops.State
	ParseMove func(string) (M, error)
}

// Fataler is the part of *testing.T and *rapid.T the checks use.
type Fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// CanonicalExample is a written form of a move and the canonical text it
// must come back as, in a position; an empty Want means the form is
// illegal and must give Validate's error, whose rule is Rule.
type CanonicalExample struct {
	Position, Text, Want, Rule string
}

// CheckCanonicalExamples checks hops.Canonical through the game's State
// on fixed examples.
func CheckCanonicalExamples(t Fataler, g *hops.Game, examples []CanonicalExample) {
	t.Helper()
	for _, e := range examples {
		st, err := g.Parse(e.Position)
		if err != nil {
			t.Fatalf("Parse(%q): %v", e.Position, err)
		}
		got, err := st.Canonical(e.Text)
		if e.Want == "" {
			if err == nil || hops.RuleOf(err) != e.Rule || !errors.Is(err, hops.ErrIllegal) {
				t.Fatalf("%s: Canonical(%q) = %q, %v; want an illegal move (%s)", e.Position, e.Text, got, err, e.Rule)
			}
			continue
		}
		if err != nil || got != e.Want {
			t.Fatalf("%s: Canonical(%q) = %q, %v; want %s", e.Position, e.Text, got, err, e.Want)
		}
	}
}

// CheckCanonical checks hops.Canonical and State.Canonical (G9, G12) on
// the written forms texts of moves of c.Pos: a generated move is its own
// canonical form; any other form that Validate accepts
// must come back as the generated move with the same successor, from
// both; a form Validate rejects must give Validate's error, from both. It
// returns how many of the texts were legal forms that differ from their
// canonical text.
func CheckCanonical[P hops.Position[P, M], M hops.Move](t Fataler, c CanonicalCase[P, M], texts []string) int {
	t.Helper()
	p := c.Pos
	gen := map[string]bool{}
	for m := range p.Moves() {
		gen[m.String()] = true
	}
	legalOther := 0
	for _, text := range texts {
		m, err := c.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: ParseMove(%q): %v", p, text, err)
		}
		got, cerr := hops.Canonical(p, m)
		if gen[m.String()] && (cerr != nil || got != m) {
			t.Fatalf("%s: Canonical(%s) = %s, %v; a generated move is its own canonical form", p, m, got, cerr)
		}
		stext, serr := c.State.Canonical(text)
		verr := p.Validate(m)
		if verr != nil {
			if cerr == nil || cerr.Error() != verr.Error() || !errors.Is(cerr, hops.ErrIllegal) {
				t.Fatalf("%s: Canonical(%q) = %s, %v; Validate says %v", p, text, got, cerr, verr)
			}
			if serr == nil || serr.Error() != verr.Error() {
				t.Fatalf("%s: State.Canonical(%q) = %q, %v; Validate says %v", p, text, stext, serr, verr)
			}
			continue
		}
		if cerr != nil || !gen[got.String()] {
			t.Fatalf("%s: Canonical(%q) = %s, %v: not a generated move", p, text, got, cerr)
		}
		want, _ := p.Play(m)
		next, _ := p.Play(got)
		if next.String() != want.String() {
			t.Fatalf("%s: Canonical(%q) = %s leads to %s, the move to %s", p, text, got, next, want)
		}
		if serr != nil || stext != got.String() {
			t.Fatalf("%s: State.Canonical(%q) = %q, %v; want %s", p, text, stext, serr, got)
		}
		if m.String() != got.String() {
			legalOther++
		}
	}
	return legalOther
}

// PickMoves returns up to n of the moves, for checks too slow to run on
// every move of a position: the n/2 with the longest texts (the
// multi-jumps, which have other routes) and random others.
func PickMoves[M hops.Move](rng *rand.Rand, moves []M, n int) []M {
	if len(moves) <= n {
		return moves
	}
	ms := slices.Clone(moves)
	slices.SortStableFunc(ms, func(a, b M) int { return len(b.String()) - len(a.String()) })
	long, rest := ms[:n/2], ms[n/2:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(long, rest[:n-n/2]...)
}

// CheckJSON checks that a position, its moves and its outcome come back
// unchanged through encoding/json (positions and moves travel as their
// texts, G11 and G12), and that a finished game's outcome names the
// winner as the game does.
func CheckJSON[P hops.Position[P, M], M hops.Move](t Fataler, g *hops.Game, p P) {
	t.Helper()
	type message struct {
		Position P
		Moves    []M
		Outcome  hops.Outcome
	}
	in := message{Position: p, Moves: p.AppendMoves(nil), Outcome: p.Outcome()}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", p, err)
	}
	var out message
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s: json.Unmarshal(%s): %v", p, data, err)
	}
	if out.Position.String() != p.String() || out.Position.Hash() != p.Hash() {
		t.Fatalf("%s comes back from JSON as %s", p, out.Position)
	}
	if !slices.Equal(out.Moves, in.Moves) {
		t.Fatalf("%s: the moves do not come back from JSON %s", p, data)
	}
	if out.Outcome != in.Outcome {
		t.Fatalf("%s: outcome %+v comes back from JSON as %+v", p, in.Outcome, out.Outcome)
	}
	o := in.Outcome
	if o.Over && (o.WinnerName != g.SideName(o.Winner) || !strings.HasPrefix(o.String(), o.WinnerName+" wins: ")) {
		t.Fatalf("%s: outcome %+v does not name the winner %s", p, o, g.SideName(o.Winner))
	}
}

// CheckParseMove is the body of the games' FuzzParseMove (G12): parse
// never panics and fails only with an *hops.Error of one of the kinds
// (ErrSyntax when none is given); whatever it reads prints canonically
// (plain text that reads back as the same move and prints the same), and
// the normalised input reads as the same move.
func CheckParseMove[M hops.Move](t Fataler, text string, parse func(string) (M, error), kinds ...error) {
	t.Helper()
	if len(kinds) == 0 {
		kinds = []error{hops.ErrSyntax}
	}
	m, err := parse(text)
	norm, nerr := hops.NormalizeMoveText(text)
	if err != nil {
		var e *hops.Error
		if !errors.As(err, &e) || !slices.ContainsFunc(kinds, func(k error) bool { return errors.Is(err, k) }) {
			t.Fatalf("ParseMove(%q): error %v of the wrong kind", text, err)
		}
		if nerr == nil {
			if _, err := parse(norm); err == nil {
				t.Fatalf("ParseMove(%q) fails but its normal form %q reads", text, norm)
			}
		}
		return
	}
	s := m.String()
	if plain, err := hops.NormalizeMoveText(s); err != nil || plain != s {
		t.Fatalf("ParseMove(%q) prints as %q, which is not plain", text, s)
	}
	if m2, err := parse(s); err != nil || m2 != m || m2.String() != s {
		t.Fatalf("ParseMove(%q) = %s does not read back: %v, %v", text, s, m2, err)
	}
	if nerr != nil {
		t.Fatalf("ParseMove(%q) reads, but NormalizeMoveText fails: %v", text, nerr)
	}
	if m3, err := parse(norm); err != nil || m3 != m {
		t.Fatalf("ParseMove(%q) = %s, but its normal form %q reads as %v, %v", text, s, norm, m3, err)
	}
}

// SampleTexts returns the texts of n moves drawn from forms, each as
// printed and disguised as people type it (see Disguise).
func SampleTexts[M hops.Move](rng *rand.Rand, forms []M, n int) []string {
	var out []string
	for range min(n, len(forms)) {
		s := forms[rng.IntN(len(forms))].String()
		out = append(out, s, Disguise(rng, s))
	}
	return out
}
