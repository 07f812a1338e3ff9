package catchit

import (
	"testing"

	"github.com/hopsgames/hops"
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

func BenchmarkPerftCatchit(b *testing.B) {
	for _, c := range benchPositions(b) {
		b.Run(c.name+"/depth2", func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n += hops.Perft(c.p, 2)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}
