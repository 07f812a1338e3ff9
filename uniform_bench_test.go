package hops_test

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// quick is what the benchmarks below measure in every game.
type quick interface {
	HasMoves() bool
	CanWinNow() bool
	Key() hops.StateKey
	CountMoves() int
}

// BenchmarkUniform measures HasMoves, CanWinNow and Key at each game's
// start and in a position with a win in one, against CountMoves (which
// HasMoves must beat).
func BenchmarkUniform(b *testing.B) {
	must := func(p quick, err error) quick {
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name string
		p    quick
	}{
		{"zapita/start", zapita.Start()},
		{"catchit/start", catchit.Start()},
		{"catchit/win", must(catchit.Parse("rrr1rrr/3B3/7/7/7/3r3/bbb1bbb b"))},
		{"coir/start", coir.Start()},
		{"coir/win", must(coir.Parse("wwwwww/wwww2/6/6/1b4/w5 w"))},
		{"brouillard/start", brouillard.Start()},
		{"brouillard/win", must(brouillard.Parse("1x3x1/3f3/7/7/3k3/X1NFT1J/1Q1K1X1 w 4 0 -"))},
	}
	for _, c := range cases {
		b.Run(c.name+"/HasMoves", func(b *testing.B) {
			for b.Loop() {
				c.p.HasMoves()
			}
		})
		b.Run(c.name+"/CountMoves", func(b *testing.B) {
			for b.Loop() {
				c.p.CountMoves()
			}
		})
		b.Run(c.name+"/CanWinNow", func(b *testing.B) {
			for b.Loop() {
				c.p.CanWinNow()
			}
		})
		b.Run(c.name+"/Key", func(b *testing.B) {
			for b.Loop() {
				c.p.Key()
			}
		})
	}
}
