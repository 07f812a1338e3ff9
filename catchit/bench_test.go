package catchit

import (
	"fmt"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// Midgame positions reached by random play from the start.
var midgames = []string{
	"1r1r2r/1r1rr2/1r5/7/5b1/2b1Bb1/bb4b b",
	"3r3/4r2/2r2b1/1r1r3/4r2/b2rb1b/Bb1b3 b",
	"3r1b1/3r1B1/3r3/1r5/6r/b3bbb/1b2r1r b",
}

func benchPositions(b *testing.B) []struct {
	name string
	p    Position
} {
	out := []struct {
		name string
		p    Position
	}{{"start", Start()}}
	for i, text := range midgames {
		p, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, struct {
			name string
			p    Position
		}{"midgame" + string(rune('1'+i)), p})
	}
	return out
}

func BenchmarkAppendMoves(b *testing.B) {
	for _, c := range benchPositions(b) {
		b.Run(c.name, func(b *testing.B) {
			buf := c.p.AppendMoves(nil)
			b.ReportAllocs()
			for b.Loop() {
				buf = c.p.AppendMoves(buf[:0])
			}
			b.ReportMetric(float64(len(buf)), "moves")
		})
	}
}

func BenchmarkCountMoves(b *testing.B) {
	for _, c := range benchPositions(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.p.CountMoves()
			}
		})
	}
}

// BenchmarkCanWinNow compares CanWinNow with CountMoves: at the start,
// in the midgames, and in a midgame of 2,505 turns where many first
// displacements leave the ball and every one must be followed (the
// costliest position for it met in random games).
func BenchmarkCanWinNow(b *testing.B) {
	cases := benchPositions(b)
	p, err := Parse("1b1r2r/b1rrbr1/7/1br2B1/2r4/4b1b/7 r")
	if err != nil {
		b.Fatal(err)
	}
	cases = append(cases, struct {
		name string
		p    Position
	}{"costliest", p})
	for _, c := range cases {
		b.Run(c.name+"/CanWinNow", func(b *testing.B) {
			for b.Loop() {
				c.p.CanWinNow()
			}
		})
		b.Run(c.name+"/CountMoves", func(b *testing.B) {
			for b.Loop() {
				c.p.CountMoves()
			}
		})
	}
}

// BenchmarkOutcome measures the check every searched position gets: is
// the game over (K3), and has the side to move a turn (G6)?
func BenchmarkOutcome(b *testing.B) {
	for _, c := range benchPositions(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.p.Outcome()
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, c := range benchPositions(b) {
		b.Run(c.name, func(b *testing.B) {
			moves := c.p.AppendMoves(nil)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := c.p.Play(moves[i]); err != nil {
					b.Fatal(err)
				}
				i++
				if i == len(moves) {
					i = 0
				}
			}
		})
	}
}

// perftCases are the perft benchmarks: each runs at a depth with at
// least a million leaves, so that the count of the last level by
// CountMoves weighs as it does in deep searches. The midgames were
// reached by random play: Blue attacking, Red defending, Red attacking.
// TestPerftCases checks the leaf counts.
var perftCases = []struct {
	name, text string
	depth      int
	leaves     uint64
}{
	{"start", "rrrrrrr/7/7/7/7/7/bbbBbbb b", 3, 6917480},
	{"midgame4", "r6/r3r2/2r1r2/7/1bBrb2/r3bb1/3b2b b", 2, 1478414},
	{"midgame5", "r1r3r/1r3r1/2r4/4r2/b1bB3/bb1b2b/7 r", 2, 1270683},
	{"midgame6", "3rr2/2b1rb1/4rr1/2b1R2/bb1rb2/7/6b r", 2, 1380875},
}

func BenchmarkPerftCatchit(b *testing.B) {
	for _, c := range perftCases {
		p, err := Parse(c.text)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/depth%d", c.name, c.depth), func(b *testing.B) {
			gametest.BenchPerft(b, p, c.depth)
		})
	}
}
