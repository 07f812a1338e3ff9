package allgames

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/zapita"
)

func init() {
	register(typed[zapita.Position, zapita.Move](zapita.Game, zapitaEval))
}

// zapitaEval scores a Zapita position by where the bomb lies (Z3): how
// much nearer it is to the opponent's headquarters than to the side's
// own, in king steps.
func zapitaEval(p zapita.Position, side hops.Side) int {
	b := p.Bomb()
	return 100 * (distance(b, zapita.HQ(side)) - distance(b, zapita.HQ(side.Other())))
}

// distance is the number of king steps between two squares.
func distance(a, b hops.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
