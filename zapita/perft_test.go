package zapita

import (
	"errors"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// perftStart is the perft table of the start (G10), White first.
var perftStart = []uint64{1, 16, 256, 5696, 126736, 3511308}

func TestPerftStart(t *testing.T) {
	depth := len(perftStart) - 1 // 5: about 0.1 s, both sides first
	if testing.Short() {
		depth = 3
	}
	for d := 0; d <= depth; d++ {
		if got := hops.Perft(Start(), d); got != perftStart[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, perftStart[d])
		}
		// Khaki first is the same game seen in a mirror (files and
		// colours swapped).
		if got := hops.Perft(StartWith(Khaki), d); got != perftStart[d] {
			t.Errorf("perft(%d) with Khaki first = %d, want %d", d, got, perftStart[d])
		}
	}
	var sum uint64
	for _, e := range hops.Divide(Start(), 3) {
		sum += e.Nodes
	}
	if sum != perftStart[3] {
		t.Errorf("Divide(3) sums to %d", sum)
	}
}

// Midgame positions reached by random play, with bomb throws and relays.
var midgames = []string{
	"b1*4/2a4/1a2B1C/1cb4/2A2CB/1c5/6A w",
	"5C1/4AC1/2c4/4b2/2A*3/bc1aB2/1B2a2 w",
	"2a4/1c4B/1b2CBC/3bcA1/5*1/6A/a6 w",
}

func benchPositions(b *testing.B) map[string]Position {
	out := map[string]Position{"start": Start()}
	for i, text := range midgames {
		p, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		out[[]string{"mid1", "mid2", "mid3"}[i]] = p
	}
	return out
}

func BenchmarkPerftZapita(b *testing.B) {
	gametest.BenchPerft(b, Start(), 5)
}

func BenchmarkPerft3(b *testing.B) {
	for _, name := range []string{"start", "mid1", "mid2", "mid3"} {
		p := benchPositions(b)[name]
		b.Run(name, func(b *testing.B) {
			gametest.BenchPerft(b, p, 3)
		})
	}
}

func BenchmarkAppendMoves(b *testing.B) {
	for _, name := range []string{"start", "mid1", "mid2", "mid3"} {
		p := benchPositions(b)[name]
		b.Run(name, gametest.BenchAppendMoves(p, 256))
	}
}

func BenchmarkCountMoves(b *testing.B) {
	for _, name := range []string{"start", "mid1", "mid2", "mid3"} {
		p := benchPositions(b)[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.CountMoves()
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	p := benchPositions(b)["mid2"]
	moves := p.AppendMoves(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.Play(moves[i]); err != nil {
			b.Fatal(err)
		}
		i++
		if i == len(moves) {
			i = 0
		}
	}
}

// TestZeroAllocs pins what the benchmarks show: generating into a buffer
// with room, counting and playing do not allocate.
func TestZeroAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, text := range append([]string{startText}, midgames...) {
		p, _ := Parse(text)
		moves := p.AppendMoves(nil)
		gametest.CheckNoAllocs(t, p)
		if n := testing.AllocsPerRun(20, func() { p.CountMoves() }); n != 0 {
			t.Errorf("%s: CountMoves allocates %v times", text, n)
		}
		if n := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				p.Play(m)
			}
		}); n != 0 {
			t.Errorf("%s: Play allocates %v times", text, n)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{startText, "a5A/b5B/c5C/3*3/c5C/b5B/a5A k", "c5C/a5B/6A/3c3/7/a*Ab2B/b5C k",
		"a5A/b5B/c5C/6*/c5C/b5B/a5A w", "a5A/b5B/c5C/3*3/c5C/b5B/a5B w", "7/7/7/7/7/7/7 w", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): %v is not an *hops.Error", text, err)
			}
			return
		}
		if p.String() != text {
			t.Fatalf("Parse(%q).String() = %q", text, p.String())
		}
		checkInvariants(t, p)
		p.Outcome()
		p.Diagram()
	})
}

// FuzzParseMove (G12, Z7): ParseMove never panics, fails only with an
// *hops.Error (ErrIllegal for more throws than pawns, Z6), prints what it
// reads canonically and reads the normalised input as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"D2-B2*D4*G4", "d2-b2*d4*g4", "F2-D2-B4-D6", "G1-F1", "D2-B2*", "*", "D2xB2", "A1-A2*A3*A4*A5*A6*A7*B7*B6", "",
		" d2–b2*d4*g4\t", "F2—D2−B4‐D6", "G1 -F1", "G1→F1", "D2-B2 *D4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckParseMove(t, text, ParseMove, hops.ErrSyntax, hops.ErrIllegal)
	})
}

func FuzzValidate(f *testing.F) {
	f.Add(startText, "G1-F1")
	f.Add("c5C/a5B/6A/3c3/7/a*Ab2B/b5C k", "D2-B2*D4*G4")
	f.Add("c5C/a5A/4A2/7/4b2/aBc1*2/b3C1B w", "E1-E2*B2*B3")
	f.Add("c5C/a5A/4A2/7/4b2/aBc1*2/b3C1B w", "E1-E2*E5*E6")
	f.Add(midgames[1], "C3-D3*D5")
	f.Fuzz(func(t *testing.T, posText, moveText string) {
		p, err := Parse(posText)
		if err != nil {
			// Not a position text: use its bytes to choose random moves
			// from the start, to reach varied positions.
			p = Start()
			var buf []Move
			for _, c := range []byte(posText) {
				buf = p.AppendMoves(buf[:0])
				if len(buf) == 0 {
					break
				}
				p, _ = p.Play(buf[int(c)%len(buf)])
			}
		}
		m, err := ParseMove(moveText)
		if err != nil {
			return
		}
		err = p.Validate(m)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) {
				t.Fatalf("Validate(%s) in %s: %v", m, p, err)
			}
			return
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, q)
		if _, ok := successors(t, p)[q.String()]; !ok {
			t.Fatalf("%s accepted in %s but its successor %s is not generated", m, p, q)
		}
	})
}
