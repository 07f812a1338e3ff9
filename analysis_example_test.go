package hops_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// distinct counts the positions reached after the given number of plies
// (each once, by its exact Key), and how many are left when a position
// and its mirror image count as one.
func distinct[P interface {
	hops.Position[P, M]
	hops.Analysis[P]
}, M hops.Move](p P, plies int) (positions, upToMirror int) {
	level := map[hops.StateKey]P{p.Key(): p}
	for range plies {
		next := map[hops.StateKey]P{}
		for _, q := range level {
			for m := range q.Moves() {
				r, _ := q.Play(m)
				next[r.Key()] = r
			}
		}
		level = next
	}
	pairs := map[hops.StateKey]bool{}
	for k, q := range level {
		if !pairs[q.Mirror().Key()] {
			pairs[k] = true
		}
	}
	return len(level), len(pairs)
}

// One generic function serves every game through Position and Analysis:
// exact keys to merge transpositions, the game's symmetry to merge
// mirror images.
func ExampleAnalysis() {
	show := func(name string, positions, upToMirror int) {
		fmt.Printf("%s: %d positions, %d up to mirror images\n", name, positions, upToMirror)
	}
	n, m := distinct(zapita.Start(), 2)
	show("Zapita", n, m)
	n, m = distinct(catchit.Start(), 2)
	show("Catch'it", n, m)
	n, m = distinct(coir.Start(), 2)
	show("Coir Circuit", n, m)
	// The two arrangements of Brouillard's example start are not mirror
	// images of each other: no position reached is the mirror of another.
	n, m = distinct(brouillard.Start(), 1)
	show("Brouillard au Palais", n, m)
	// Output:
	// Zapita: 256 positions, 128 up to mirror images
	// Catch'it: 21600 positions, 10800 up to mirror images
	// Coir Circuit: 256 positions, 128 up to mirror images
	// Brouillard au Palais: 70 positions, 70 up to mirror images
}
