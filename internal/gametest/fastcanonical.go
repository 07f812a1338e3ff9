package gametest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// Canonicalizing is a position (or view) whose Canonical works a move's
// canonical form out of the move itself (its Canonical method), with what
// the naive reference needs to check it.
type Canonicalizing[P any, M hops.Move] interface {
	Canonical(m M) (M, error)
	AppendMoves(dst []M) []M
	Validate(m M) error
	String() string
}

// NaiveCanonical is the reference the fast Canonical methods are checked
// against (G9): it plays every generated move of p and returns, for each
// successor text, the first generated move that leads there. The
// canonical form of a legal move m is then the entry of m's successor.
func NaiveCanonical[P Canonicalizing[P, M], M hops.Move, Q interface{ String() string }](t Fataler, p P, play func(P, M) (Q, error)) map[string]M {
	t.Helper()
	first := map[string]M{}
	for _, c := range p.AppendMoves(nil) {
		q, err := play(p, c)
		if err != nil {
			t.Fatalf("%s: generated %s does not play: %v", p, c, err)
		}
		if _, ok := first[q.String()]; !ok {
			first[q.String()] = c
		}
	}
	return first
}

// CheckFastCanonical checks p.Canonical on each move of forms against
// NaiveCanonical: a legal form gives the generated move with its
// successor, an illegal one an *hops.Error of the same kind, rule and
// text as Validate's. It returns how many forms were legal and differ
// from their canonical form.
func CheckFastCanonical[P Canonicalizing[P, M], M hops.Move, Q interface{ String() string }](t Fataler, p P, forms []M, play func(P, M) (Q, error)) int {
	t.Helper()
	naive := NaiveCanonical(t, p, play)
	others := 0
	for _, m := range forms {
		got, gerr := p.Canonical(m)
		if werr := p.Validate(m); werr != nil {
			var we, ge *hops.Error
			if !errors.As(werr, &we) || !errors.As(gerr, &ge) || we.Kind != ge.Kind || we.Rule != ge.Rule || werr.Error() != gerr.Error() {
				t.Fatalf("%s: Canonical(%s) = %s, %v; Validate says %v", p, m, got, gerr, werr)
			}
			continue
		}
		next, err := play(p, m)
		if err != nil {
			t.Fatalf("%s: %s validates but does not play: %v", p, m, err)
		}
		want, ok := naive[next.String()]
		if !ok {
			t.Fatalf("%s: no generated move leads where %s does (%s)", p, m, next)
		}
		if gerr != nil || got != want {
			t.Fatalf("%s: Canonical(%s) = %s, %v; the generated move with its successor is %s", p, m, got, gerr, want)
		}
		if got != m {
			others++
		}
	}
	return others
}

// PickForms returns up to n legal and n illegal moves drawn from forms
// (the written forms a game's tests enumerate), legal ones judged by
// validate.
func PickForms[M any](rng *rand.Rand, forms []M, n int, validate func(M) error) []M {
	var legal, illegal []M
	for _, i := range rng.Perm(len(forms)) {
		if len(legal) >= n && len(illegal) >= n {
			break
		}
		if validate(forms[i]) == nil {
			if len(legal) < n {
				legal = append(legal, forms[i])
			}
		} else if len(illegal) < n {
			illegal = append(illegal, forms[i])
		}
	}
	return append(legal, illegal...)
}

// CheckFastCanonicals runs CheckFastCanonical on random positions, over
// the typed forms of their moves (re-routed, reordered, disguised) and a
// sample of legal and illegal written forms, and fails if no legal form
// other than a canonical one was ever tried.
func (s Suite[P, M, PM]) CheckFastCanonicals(t *testing.T) {
	t.Helper()
	n := canonicalMoves()
	others := TriedOthers(t, func(t *rapid.T) int {
		p := s.Random(t)
		cp, ok := any(p).(Canonicalizing[P, M])
		if !ok {
			t.Fatalf("%T has no Canonical method", p)
		}
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 11))
		var typed []M
		for _, text := range s.TypedForms(p, rng, n) {
			m, err := s.ParseMove(text)
			if err != nil {
				t.Fatalf("%s: ParseMove(%q): %v", p, text, err)
			}
			typed = append(typed, m)
		}
		forms := PickForms(rng, typed, 4*n, p.Validate)
		forms = append(forms, PickForms(rng, s.WrittenForms(p), 4*n, p.Validate)...)
		return CheckFastCanonical(t, cp, forms, func(_ Canonicalizing[P, M], m M) (P, error) { return p.Play(m) })
	})
	t.Logf("%d legal written forms other than the canonical one", others)
}

// TriedOthers runs rapid checks of random positions, each returning how
// many legal written forms other than the canonical one it tried, and
// fails t if none was tried. A round of positions may meet none by
// chance (in Brouillard about one round of twenty positions in 750), so
// rounds are run until one was tried, four at most: a writer of forms
// that never yields one still fails, and a round met by bad luck does
// not. It returns the number tried.
func TriedOthers(t *testing.T, check func(t *rapid.T) int) int {
	t.Helper()
	others := 0
	for round := 0; round < 4 && others == 0; round++ {
		rapid.Check(t, func(t *rapid.T) { others += check(t) })
	}
	if others == 0 {
		t.Error("no legal written form other than the canonical one was tried")
	}
	return others
}

// LongestOther returns, of the legal forms that are not generated, the
// one with the longest text (the most work for Canonical), or the
// generated move with the longest text when every legal form is
// generated; ok is false when no form is legal.
func LongestOther[P Buildable[M], M ClickedMove](p P, forms []M) (m M, ok bool) {
	gen := map[M]bool{}
	for _, g := range p.AppendMoves(nil) {
		gen[g] = true
	}
	best, bestGen := -1, -1
	var other, generated M
	for _, f := range forms {
		if p.Validate(f) != nil {
			continue
		}
		n := len(f.String())
		if gen[f] {
			if n > bestGen {
				bestGen, generated = n, f
			}
		} else if n > best {
			best, other = n, f
		}
	}
	switch {
	case best >= 0:
		return other, true
	case bestGen >= 0:
		return generated, true
	}
	return m, false
}

// Named is a position with a name for a benchmark.
type Named[P any] struct {
	Name string
	P    P
}

// BenchCanonicals measures Play and Canonical of the same move, as
// sub-benchmarks <position>/Play and <position>/Canonical, in the named
// positions and in each position of the package's WorstFile (worst1,
// worst2, ...): the move is the legal non-generated written form with the
// longest text (LongestOther of the game's written forms). A third,
// <position>/Ratio, times the two in alternate batches of 16 calls and
// reports the ratio of their times (canonical/play): on a machine whose
// speed drifts, a ratio taken over the same moments moves less than one
// of two benchmarks run one after the other. It also reports the ratio
// of the fastest batch of each (fastest-canonical/play): a disturbance
// from outside the process only ever adds time, so the fastest batches
// are the nearest to the calls' own cost, and the two ratios differ when
// a run was disturbed.
func (s Suite[P, M, PM]) BenchCanonicals(b *testing.B, named ...Named[P]) {
	for i, w := range ReadWorst(b, s.Parse) {
		named = append(named, Named[P]{fmt.Sprintf("worst%d", i+1), w.P})
	}
	for _, c := range named {
		p := c.P
		m, ok := LongestOther(p, s.WrittenForms(p))
		if !ok {
			b.Fatalf("%s: no legal move", p)
		}
		cp, ok := any(p).(interface{ Canonical(M) (M, error) })
		if !ok {
			b.Fatalf("%T has no Canonical method", p)
		}
		b.Logf("%s: %s", c.Name, m)
		b.Run(c.Name+"/Play", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Play(m); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Name+"/Canonical", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := cp.Canonical(m); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.Name+"/Ratio", func(b *testing.B) {
			const batch = 16
			var play, canon time.Duration
			minPlay, minCanon := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
			for b.Loop() {
				start := time.Now()
				for range batch {
					if _, err := p.Play(m); err != nil {
						b.Fatal(err)
					}
				}
				mid := time.Now()
				for range batch {
					if _, err := cp.Canonical(m); err != nil {
						b.Fatal(err)
					}
				}
				dp, dc := mid.Sub(start), time.Since(mid)
				play, canon = play+dp, canon+dc
				minPlay, minCanon = min(minPlay, dp), min(minCanon, dc)
			}
			b.ReportMetric(float64(canon)/float64(play), "canonical/play")
			b.ReportMetric(float64(minCanon)/float64(minPlay), "fastest-canonical/play")
		})
	}
}

// CheckFastCanonicalsIn runs CheckFastCanonical in the given positions
// and in those of the package's WorstFile, over n legal and n illegal
// written forms of each and the typed forms of n of its moves.
func (s Suite[P, M, PM]) CheckFastCanonicalsIn(t *testing.T, n int, positions ...P) {
	t.Helper()
	for _, w := range ReadWorst(t, s.Parse) {
		positions = append(positions, w.P)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for _, p := range positions {
		cp, ok := any(p).(Canonicalizing[P, M])
		if !ok {
			t.Fatalf("%T has no Canonical method", p)
		}
		var forms []M
		for _, text := range s.TypedForms(p, rng, n) {
			if m, err := s.ParseMove(text); err == nil {
				forms = append(forms, m)
			}
		}
		forms = append(PickForms(rng, forms, n, p.Validate), PickForms(rng, s.WrittenForms(p), n, p.Validate)...)
		CheckFastCanonical(t, cp, forms, func(_ Canonicalizing[P, M], m M) (P, error) { return p.Play(m) })
	}
}

// CheckFastCanonicalsWorst runs CheckFastCanonicalsIn in the positions
// of the package's WorstFile, over 200 forms of each (40 with -short).
func (s Suite[P, M, PM]) CheckFastCanonicalsWorst(t *testing.T) {
	t.Helper()
	n := 200
	if testing.Short() {
		n = 40
	}
	s.CheckFastCanonicalsIn(t, n)
}

// FuzzCanonical is the body of the games' FuzzCanonical: for any
// position text and move text that read, CheckFastCanonical holds.
func (s Suite[P, M, PM]) FuzzCanonical(f *testing.F) {
	f.Fuzz(func(t *testing.T, pos, move string) {
		p, err := s.Parse(pos)
		if err != nil {
			return
		}
		m, err := s.ParseMove(move)
		if err != nil {
			return
		}
		cp, ok := any(p).(Canonicalizing[P, M])
		if !ok {
			t.Fatalf("%T has no Canonical method", p)
		}
		CheckFastCanonical(t, cp, []M{m}, func(_ Canonicalizing[P, M], m M) (P, error) { return p.Play(m) })
	})
}

// BenchCanonicalSpread measures, for every generated move of the given
// positions and of the package's WorstFile (a sample of 2,000 where there
// are more), the cost of Canonical against Play of the same move, each
// the fastest of three batches of eight calls, and reports the spread of
// the ratios over the moves: the median, the 90th and 99th percentiles
// and the largest ("p50-canonical/play" ...). A generated move is the
// form a client that plays what it was offered sends; the search behind
// Canonical must still show that no path before it in the generator's
// order has its effect, which some moves make long. The figures are
// measured once, before the benchmark's loop, which times nothing.
func (s Suite[P, M, PM]) BenchCanonicalSpread(b *testing.B, named ...Named[P]) {
	for i, w := range ReadWorst(b, s.Parse) {
		named = append(named, Named[P]{fmt.Sprintf("worst%d", i+1), w.P})
	}
	for _, c := range named {
		p := c.P
		cp, ok := any(p).(interface{ Canonical(M) (M, error) })
		if !ok {
			b.Fatalf("%T has no Canonical method", p)
		}
		b.Run(c.Name, func(b *testing.B) {
			moves := p.AppendMoves(nil)
			if len(moves) > 2000 {
				rng := rand.New(rand.NewPCG(7, 7))
				rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
				moves = moves[:2000]
			}
			fastest := func(f func()) time.Duration {
				best := time.Duration(math.MaxInt64)
				for range 3 {
					start := time.Now()
					for range 8 {
						f()
					}
					best = min(best, time.Since(start))
				}
				return best
			}
			ratios := make([]float64, 0, len(moves))
			for _, m := range moves {
				play := fastest(func() { _, _ = p.Play(m) })
				canon := fastest(func() { _, _ = cp.Canonical(m) })
				ratios = append(ratios, float64(canon)/float64(play))
			}
			if len(ratios) == 0 {
				b.Skipf("%s has no move", p)
			}
			slices.Sort(ratios)
			at := func(q float64) float64 { return ratios[min(len(ratios)-1, int(q*float64(len(ratios))))] }
			for b.Loop() {
			}
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(float64(len(ratios)), "moves")
			b.ReportMetric(at(0.5), "p50-canonical/play")
			b.ReportMetric(at(0.9), "p90-canonical/play")
			b.ReportMetric(at(0.99), "p99-canonical/play")
			b.ReportMetric(ratios[len(ratios)-1], "max-canonical/play")
		})
	}
}
