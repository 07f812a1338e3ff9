package coir

import (
	"fmt"
	"runtime/debug"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// perftTable pins the perft counts of the package documentation (G10).
var perftTable = []struct {
	name  string
	start Position
	want  []uint64 // depths 1, 2, ...
}{
	{"main", Start(), []uint64{16, 256, 24896, 3146510}},
	{"main, Black first", StartWith(Black), []uint64{16, 256, 24896, 3146510}},
	{"variant", StartVariant(), []uint64{127, 20391, 5022796}},
	{"variant, Black first", StartVariantWith(Black), []uint64{127, 20391, 5022796}},
}

func TestG10_Perft(t *testing.T) {
	for _, c := range perftTable {
		for d, want := range c.want {
			if d+1 > 3 && testing.Short() {
				break
			}
			if got := hops.Perft(c.start, d+1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, d+1, got, want)
			}
		}
	}
}

// TestPerftDivideConsistent: Divide adds up to Perft, and each move's
// count is the perft of its successor.
func TestPerftDivideConsistent(t *testing.T) {
	p := StartVariant()
	var sum uint64
	for _, e := range hops.Divide(p, 2) {
		sum += e.Nodes
	}
	if sum != 20391 {
		t.Errorf("divide sums to %d", sum)
	}
}

const (
	midgame  = "bb1b2/3b2/4b1/1b2w1/1bbw2/w2w2 w"
	dameText = "2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w" // a Dame among eleven pawns: 25,694 jump paths
)

func TestDameWorstCase(t *testing.T) {
	p := mustParse(t, dameText)
	if !p.HasDame() {
		t.Fatal("no Dame")
	}
	if n := p.CountMoves(); n != 190310 {
		t.Errorf("%d moves", n)
	}
}

func BenchmarkPerftCoir(b *testing.B) {
	gametest.BenchPerft(b, Start(), 4)
}

// midgames are positions reached by random play from the two starts.
var midgames = []string{
	midgame,
	"2b1bw/4bw/4w1/4wb/1ww1b1/w5 w",
}

func BenchmarkPerftCoirMidgame(b *testing.B) {
	for i, text := range midgames {
		p := mustParse(b, text)
		for _, depth := range []int{2} {
			b.Run(fmt.Sprintf("midgame%d/depth%d", i+1, depth), func(b *testing.B) {
				gametest.BenchPerft(b, p, depth)
			})
		}
	}
}

func BenchmarkPerft3Variant(b *testing.B) {
	gametest.BenchPerft(b, StartVariant(), 3)
}

func benchGen(b *testing.B, p Position) {
	gametest.BenchAppendMoves(p, 1<<18)(b)
}

func BenchmarkGenStart(b *testing.B)   { benchGen(b, Start()) }
func BenchmarkGenVariant(b *testing.B) { benchGen(b, StartVariant()) }
func BenchmarkGenMidgame(b *testing.B) { benchGen(b, mustParse(b, midgame)) }
func BenchmarkGenDame(b *testing.B)    { benchGen(b, mustParse(b, dameText)) }

func BenchmarkCountMidgame(b *testing.B) {
	p := mustParse(b, midgame)
	b.ReportAllocs()
	for b.Loop() {
		p.CountMoves()
	}
}

func BenchmarkPlay(b *testing.B) {
	p := mustParse(b, midgame)
	moves := p.AppendMoves(nil)
	m := moves[len(moves)-1]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateAll(b *testing.B) {
	gametest.BenchValidate(mustParse(b, midgame))(b)
}

func BenchmarkPerft3(b *testing.B) {
	gametest.BenchPerft(b, Start(), 3)
}

// TestMovesGeneratedWhenRanged: Moves generates nothing until its
// sequence is ranged over (it made every move of Coir's worst position,
// 26 MB, at the call), and a range stopped at the first move yields the
// generator's first.
func TestMovesGeneratedWhenRanged(t *testing.T) {
	p := mustParse(t, "w1b3/4b1/b1bbbb/2b3/1b2b1/2b3 w")
	if n := testing.AllocsPerRun(5, func() { _ = p.Moves() }); n > 1 {
		t.Errorf("%s: Moves() allocates %v times before it is ranged over, want at most 1 (the sequence)", p, n)
	}
	first := p.AppendMoves(nil)[0]
	for m := range p.Moves() {
		if m != first {
			t.Errorf("%s: the first move yielded is %s, want %s", p, m, first)
		}
		break
	}
}

// TestC3_OutcomeNoAlloc: Outcome of a finished game (C3) allocates
// nothing; it built its reason, one allocation at every finished node of
// a search.
func TestC3_OutcomeNoAlloc(t *testing.T) {
	gametest.CheckOutcomeNoAlloc(t, mustParse(t, "wwwwww/6/6/6/6/wwwwww b"), "C3", "all twelve pawns show White's colour")
}

// TestAppendMovesGrowsOnce: AppendMoves into a buffer without room
// grows it once, to the number of moves, whatever their number: a Dame
// among eleven pawns has up to 244,591 moves, which a buffer growing by
// append copied some forty times into new memory (60 to 150 ms, against
// 6 ms into a buffer with room), stretching a player's time by as much.
// The count is known before the jump sequences are written out.
func TestAppendMovesGrowsOnce(t *testing.T) {
	// No collection empties the generator's pool of working memory
	// while the allocations are counted.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, text := range []string{"w1b3/4b1/b1bbbb/2b3/1b2b1/2b3 w", "2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w", "3b2/1b1bw1/1b1w2/1b1ww1/1b1ww1/6 w"} {
		p := mustParse(t, text)
		n := p.CountMoves()
		p.AppendMoves(nil) // warm the generator's pool
		if a := testing.AllocsPerRun(3, func() { _ = p.AppendMoves(nil) }); a > 1 && !gametest.Race {
			t.Errorf("%s: AppendMoves(nil) allocates %v times for %d moves, want 1", p, a, n)
		}
		// The allocator rounds the room up to a size it serves.
		if got := p.AppendMoves(nil); len(got) != n || cap(got) > n+n/64+64 {
			t.Errorf("%s: AppendMoves(nil) gives %d moves in room for %d, want %d in room for about as many", p, len(got), cap(got), n)
		}
		page := p.AppendMovesPage(nil, n/2, 100)
		if len(page) != 100 || cap(page) > 2*len(page) {
			t.Errorf("%s: a page of 100 moves: %d moves in room for %d", p, len(page), cap(page))
		}
	}
}
