// Package gametest holds test support shared by the game packages
// zapita, catchit, coir and brouillard: the hill climb that searches for
// worst-case positions, the reader of the testdata/worst.txt files that
// record them, checks every generated move must pass, and benchmark
// bodies. Only tests import it.
package gametest

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// Climb describes a hill climb over positions of type P: Runs climbs of
// Steps steps each, every step mutating the current position and keeping
// the mutant when it scores at least as well.
type Climb[P any] struct {
	// Runs and Steps give the number of climbs and the steps of each.
	Runs, Steps int
	// Random returns a random starting position.
	Random func(*rand.Rand) P
	// Mutate returns a small random change of a position.
	Mutate func(*rand.Rand, P) P
	// Score says how good a position is; higher is better.
	Score func(P) int
	// FromBest makes every second climb start from the best position
	// found so far instead of a random one.
	FromBest bool
	// Twice, when positive, makes one step in Twice mutate twice.
	Twice int
	// Down, when positive, makes one step in Down accept a worse
	// mutant, to leave a local maximum.
	Down int
}

// Run performs the climbs with rng and returns the best position found:
// the first to reach the highest score.
func (c Climb[P]) Run(rng *rand.Rand) P {
	var best P
	bestS := -1
	for run := range c.Runs {
		p := c.Random(rng)
		if c.FromBest && run%2 == 1 {
			p = best
		}
		s := c.Score(p)
		if s > bestS {
			best, bestS = p, s
		}
		for range c.Steps {
			q := c.Mutate(rng, p)
			if c.Twice > 0 && rng.IntN(c.Twice) == 0 {
				q = c.Mutate(rng, q)
			}
			if qs := c.Score(q); qs >= s || c.Down > 0 && rng.IntN(c.Down) == 0 {
				p, s = q, qs
			}
			if s > bestS {
				best, bestS = p, s
			}
		}
	}
	return best
}

// WorstFile is where a game package records its worst cases, relative to
// the package directory.
const WorstFile = "testdata/worst.txt"

// WorstCase is one recorded worst case: what was searched for, the counts
// recorded for the position, and the position.
type WorstCase[P any] struct {
	What, Counts, Text string
	P                  P
}

// FormatWorst returns the text of one worst case in the format ReadWorst
// reads: a comment line "# <what>: <counts>", then the position text.
func FormatWorst(what, counts, text string) string {
	return fmt.Sprintf("# %s: %s\n%s\n", what, counts, text)
}

// WriteWorst writes WorstFile: a header comment line, then the cases,
// each made by FormatWorst.
func WriteWorst(header string, cases []string) error {
	text := "# " + header + "\n" + strings.Join(cases, "")
	return os.WriteFile(filepath.FromSlash(WorstFile), []byte(text), 0o644)
}

// ReadWorst reads WorstFile with parse. Every position line follows a
// comment "# <what>: <counts>"; comment lines without ": " (the header)
// name no case. It fails tb when the file cannot be read, a position does
// not parse or lacks its comment, or the file holds no position.
func ReadWorst[P any](tb testing.TB, parse func(string) (P, error)) []WorstCase[P] {
	tb.Helper()
	f, err := os.Open(filepath.FromSlash(WorstFile))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []WorstCase[P]
	var what, counts string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if c, ok := strings.CutPrefix(line, "#"); ok {
			what, counts, _ = strings.Cut(strings.TrimSpace(c), ": ")
			continue
		}
		if line == "" {
			continue
		}
		if counts == "" {
			tb.Fatalf("%s: %s follows no comment with its counts", WorstFile, line)
		}
		p, err := parse(line)
		if err != nil {
			tb.Fatalf("%s: %s: %v", WorstFile, line, err)
		}
		out = append(out, WorstCase[P]{What: what, Counts: counts, Text: line, P: p})
		what, counts = "", ""
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s holds no position", WorstFile)
	}
	return out
}

// CheckMoves checks the moves generated in p and returns them:
// CountMoves counts as many as AppendMoves lists, every move validates
// and plays, and no two give the same successor (G9).
func CheckMoves[P interface {
	hops.Position[P, M]
	comparable
}, M hops.Move](tb testing.TB, p P) []M {
	tb.Helper()
	moves := p.AppendMoves(nil)
	if n := p.CountMoves(); n != len(moves) {
		tb.Errorf("%s: CountMoves %d, AppendMoves lists %d", p, n, len(moves))
	}
	seen := make(map[P]bool, len(moves))
	for _, m := range moves {
		if err := p.Validate(m); err != nil {
			tb.Fatalf("%s: generated %s: %v", p, m, err)
		}
		q, err := p.Play(m)
		if err != nil {
			tb.Fatalf("%s: generated %s does not play: %v", p, m, err)
		}
		if seen[q] {
			tb.Fatalf("%s: two moves give %s (G9)", p, q)
		}
		seen[q] = true
	}
	return moves
}

// CheckNoAllocs checks that AppendMoves in p into a buffer with room for
// all its moves does not allocate.
func CheckNoAllocs[P hops.Position[P, M], M hops.Move](tb testing.TB, p P) {
	tb.Helper()
	buf := make([]M, 0, p.CountMoves())
	if n := testing.AllocsPerRun(10, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		tb.Errorf("%s: AppendMoves allocates %v times", p, n)
	}
}

// BenchPerft measures hops.Perft(p, depth), reporting leaves/s.
func BenchPerft[P hops.Position[P, M], M hops.Move](b *testing.B, p P, depth int) {
	b.ReportAllocs()
	var leaves uint64
	for b.Loop() {
		leaves += hops.Perft(p, depth)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchAppendMoves returns a benchmark of AppendMoves in p into a buffer
// of the given capacity, reporting the number of moves.
func BenchAppendMoves[P hops.Position[P, M], M hops.Move](p P, capacity int) func(*testing.B) {
	return func(b *testing.B) {
		buf := p.AppendMoves(make([]M, 0, capacity))
		b.ReportAllocs()
		for b.Loop() {
			buf = p.AppendMoves(buf[:0])
		}
		b.ReportMetric(float64(len(buf)), "moves")
	}
}

// BenchCountMoves returns a benchmark of CountMoves in p.
func BenchCountMoves[P hops.Position[P, M], M hops.Move](p P) func(*testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p.CountMoves()
		}
	}
}

// BenchValidate returns a benchmark of validating every move generated
// in p, reporting the time per move.
func BenchValidate[P hops.Position[P, M], M hops.Move](p P) func(*testing.B) {
	return func(b *testing.B) {
		moves := p.AppendMoves(nil)
		b.ReportAllocs()
		for b.Loop() {
			for _, m := range moves {
				if err := p.Validate(m); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*max(len(moves), 1)), "ns/move")
	}
}

// Goal is one aim of a worst-case search: its name, written in
// WorstFile, and the score to maximise, computed from a position's
// counts C.
type Goal[C any] struct {
	Name  string
	Score func(C) int
}

// SearchWorst runs the climb c once for every goal, scoring a position p
// by the goal's Score of measure(p), checks that parse reads every
// position found, and writes them with their counts (C's String) to
// WorstFile under the header comment. The Score of c is replaced.
func SearchWorst[P fmt.Stringer, C fmt.Stringer](tb testing.TB, rng *rand.Rand, header string, c Climb[P], measure func(P) C, parse func(string) (P, error), goals []Goal[C]) {
	tb.Helper()
	var out []string
	for _, g := range goals {
		c.Score = func(p P) int { return g.Score(measure(p)) }
		p := c.Run(rng)
		counts := measure(p)
		if _, err := parse(p.String()); err != nil {
			tb.Fatalf("found %s, which does not parse: %v", p, err)
		}
		tb.Logf("%s: %s: %s", g.Name, p, counts)
		out = append(out, FormatWorst(g.Name, counts.String(), p.String()))
	}
	if err := WriteWorst(header, out); err != nil {
		tb.Fatal(err)
	}
}

// CheckOutcomeNoAlloc checks that p is a finished game whose Outcome
// cites rule and gives reason (either left unchecked when empty), and
// that asking for it allocates nothing: a search asks at every finished
// node it meets.
func CheckOutcomeNoAlloc(t *testing.T, p interface {
	Outcome() hops.Outcome
	String() string
}, rule, reason string) {
	t.Helper()
	o := p.Outcome()
	if !o.Over || rule != "" && o.Rule != rule || reason != "" && o.Reason != reason {
		t.Fatalf("%s: %v; want over under %s (%q)", p, o, rule, reason)
	}
	if n := testing.AllocsPerRun(20, func() { _ = p.Outcome() }); n != 0 {
		t.Errorf("%s: Outcome allocates %v times", p, n)
	}
}
