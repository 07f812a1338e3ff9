package brouillard

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// TestPerft pins the perft counts from the rule book's start (G10); the
// package documentation lists them.
func TestPerft(t *testing.T) {
	want := []uint64{1, 70, 5540, 643646}
	for d, n := range want {
		if got := hops.Perft(Start(), d); got != n {
			t.Errorf("perft(%d) = %d, want %d", d, got, n)
		}
	}
	// Divide adds up to perft.
	var sum uint64
	for _, e := range hops.Divide(Start(), 2) {
		sum += e.Nodes
	}
	if sum != want[2] {
		t.Errorf("divide(2) sums to %d", sum)
	}
	wantRed := []uint64{1, 70, 5540, 644424}
	for d, n := range wantRed {
		if got := hops.Perft(StartWith(Red), d); got != n {
			t.Errorf("Red first: perft(%d) = %d, want %d", d, got, n)
		}
	}
	if testing.Short() {
		return
	}
	for _, c := range []struct {
		first hops.Side
		want  uint64
	}{{White, 83335512}, {Red, 83384907}} {
		if got := hops.Perft(StartWith(c.first), 4); got != c.want {
			t.Errorf("%s first: perft(4) = %d, want %d", SideName(c.first), got, c.want)
		}
	}
}

func BenchmarkPerftBrouillard(b *testing.B) {
	p := Start()
	gametest.BenchPerft(b, p, 3)
}

// BenchmarkPerft4 runs perft(4) from the start (83,335,512 leaves), the
// figure the README gives in leaves per second.
func BenchmarkPerft4(b *testing.B) {
	gametest.BenchPerft(b, Start(), 4)
}

// BenchmarkPerftMidgame runs perft(3) from two midgame positions, where
// the Fous have room and pawns have been turned over.
func BenchmarkPerftMidgame(b *testing.B) {
	for i, text := range []string{midgame1, midgame2} {
		p := parsed(b, text)
		b.Run([]string{"mid1", "mid2"}[i], func(b *testing.B) {
			gametest.BenchPerft(b, p, 3)
		})
	}
}

func BenchmarkPerft2(b *testing.B) {
	p := Start()
	gametest.BenchPerft(b, p, 2)
}

func benchMoves(b *testing.B, p Position) {
	buf := make([]Move, 0, 1024)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = p.AppendMoves(buf[:0])
		n += len(buf)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkAppendMovesStart(b *testing.B)    { benchMoves(b, Start()) }
func BenchmarkAppendMovesMidgame1(b *testing.B) { benchMoves(b, parsed(b, midgame1)) }
func BenchmarkAppendMovesMidgame2(b *testing.B) { benchMoves(b, parsed(b, midgame2)) }

func BenchmarkCountMovesMidgame1(b *testing.B) {
	p := parsed(b, midgame1)
	b.ReportAllocs()
	for b.Loop() {
		p.CountMoves()
	}
}

func BenchmarkPlay(b *testing.B) {
	p := parsed(b, midgame1)
	moves := p.AppendMoves(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := p.Play(moves[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(moves) {
			i = 0
		}
	}
}

func BenchmarkViewPlay(b *testing.B) {
	p := parsed(b, midgame1)
	v := p.View(Red)
	moves := p.AppendMoves(nil)
	reveals := make([]Reveal, len(moves))
	for i, m := range moves {
		_, reveals[i], _ = p.PlayReveal(m)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := v.Play(moves[i], reveals[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(moves) {
			i = 0
		}
	}
}

func BenchmarkSample(b *testing.B) {
	v := Start().View(White)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		v.Sample(rng)
	}
}

// TestZeroAllocs pins what the benchmarks show: generating into a buffer
// with room, counting, validating and playing do not allocate.
func TestZeroAllocs(t *testing.T) {
	for _, text := range []string{startText, midgame1, midgame2} {
		p := parsed(t, text)
		moves := p.AppendMoves(nil)
		gametest.CheckNoAllocs(t, p)
		if n := testing.AllocsPerRun(20, func() { p.CountMoves() }); n != 0 {
			t.Errorf("%s: CountMoves allocates %v times", text, n)
		}
		if n := testing.AllocsPerRun(5, func() {
			for _, m := range moves {
				if err := p.Validate(m); err != nil {
					t.Fatal(err)
				}
				if _, err := p.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}); n != 0 {
			t.Errorf("%s: Validate and Play allocate %v times", text, n)
		}
	}
}

// TestB5_CanWinNowCheap: CanWinNow, asked at every node of a search's
// horizon, allocates nothing where Red's target is the King, and agrees
// with the decisions that turn the King over (B5), in a position where
// one of them does and in positions of a random game where the answer
// varies.
func TestB5_CanWinNowCheap(t *testing.T) {
	p := parsed(t, "1n5/2j!1x!F1/3k!3/4K!2/1x!1t!3/2q1X!2/4fX!1 r 0 4 -")
	if tg, _ := p.Target(p.ToMove()); tg != King {
		t.Fatalf("%s: the target is %v, want the King", p, tg)
	}
	if !p.CanWinNow() {
		t.Fatalf("%s: CanWinNow false, but a decision turns the King over", p)
	}
	if n := testing.AllocsPerRun(20, func() { p.CanWinNow() }); n != 0 {
		t.Errorf("%s: CanWinNow allocates %v times", p, n)
	}
	seen := map[bool]int{}
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 40; game++ {
		q, err := NewPositionWith(RandomArrangement(rng), RandomArrangement(rng), hops.Side(game&1))
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120 && !q.Outcome().Over; ply++ {
			moves := q.AppendMoves(nil)
			if tg, _ := q.Target(q.ToMove()); tg == King {
				want := false
				for _, m := range moves {
					c, err := q.Play(m)
					if err != nil {
						t.Fatal(err)
					}
					want = want || c.Outcome().Over && c.Outcome().Rule == "B5" && c.Outcome().Winner == q.ToMove()
				}
				if got := q.CanWinNow(); got != want {
					t.Fatalf("%s: CanWinNow %v, playing the decisions says %v", q, got, want)
				}
				seen[want]++
				if n := testing.AllocsPerRun(2, func() { q.CanWinNow() }); n != 0 {
					t.Fatalf("%s: CanWinNow allocates %v times", q, n)
				}
			}
			q, _ = q.Play(moves[rng.IntN(len(moves))])
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("positions with the King as target: %d with a win, %d without; want some of each", seen[true], seen[false])
	}
}

// TestG6_OutcomeNoAlloc: Outcome of a game lost for want of a move (G6)
// allocates nothing, as in a game that goes on; it built its reason, one
// allocation at every such node of a search.
func TestG6_OutcomeNoAlloc(t *testing.T) {
	gametest.CheckOutcomeNoAlloc(t, parsed(t, "F6/1f5/3k1Q!1/4q!1J!/3x3/X!1K!4/1X!1x!3 w 3 2 -"), "G6", "White has no legal move")
}
