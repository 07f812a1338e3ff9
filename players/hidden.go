package players

import (
	"math/rand/v2"

	"github.com/hopsgames/hops/brouillard"
)

// hidden returns, when p is a position of a game with hidden pieces
// (Brouillard au Palais) that hides something from its side to move, a
// sampler of the true positions that side cannot tell from p (drawn from
// its view alone) and the number of them a searcher draws; ok is false
// when p hides nothing from the side to move, which may then be searched
// as it is.
//
// Every searching player goes through it before looking at a position,
// so that none can read what its side does not see (B4): their Search
// sees only the view, whatever true position it is given.
func hidden[P any](p P) (sample Sampler[P], k int, ok bool) {
	b, isB := any(p).(brouillard.Position)
	if !isB {
		return nil, 0, false
	}
	v := b.View(b.ToMove())
	if v.Consistent() <= 1 {
		return nil, 0, false // only p itself has this view
	}
	draw := Sampler[brouillard.Position](func(r *rand.Rand) (brouillard.Position, error) { return v.Sample(r), nil })
	return any(draw).(Sampler[P]), BrouillardSamples, true
}
