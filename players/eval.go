package players

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// ZapitaEval scores a Zapita position by where the bomb lies (Z3): how
// much nearer it is to the opponent's headquarters than to the side's
// own, in king steps, 100 a step.
func ZapitaEval(p zapita.Position, side hops.Side) int {
	b := p.Bomb()
	return 100 * (distance(b, zapita.HQ(side)) - distance(b, zapita.HQ(side.Other())))
}

// CatchitEval scores a Catch'it position by the ball (K3): who carries it
// and how far it has come towards the edge its carrier's side aims at,
// 100 a rank, plus 100 for holding it at all.
func CatchitEval(p catchit.Position, side hops.Side) int {
	c := p.Carrier()
	owner, _, ok := p.At(c)
	if !ok {
		return 0
	}
	advance := c.Rank() // Blue carries it up, beyond rank 7
	if owner == catchit.Red {
		advance = 6 - c.Rank() // Red down, beyond rank 1
	}
	v := 100 + 100*advance
	if owner != side {
		v = -v
	}
	return v
}

// CoirEval scores a Coir Circuit position by the pawns each side owns
// (C1, C3), 100 a pawn.
func CoirEval(p coir.Position, side hops.Side) int {
	return 100 * (p.Pawns(side).Count() - p.Pawns(side.Other()).Count())
}

// BrouillardEval scores a Brouillard position (a true state, or one drawn
// from a player's view) by the figures each side has captured (B5), 1000
// each, then by how close each Fou stands to the figure it must capture
// next, 10 a king step.
func BrouillardEval(p brouillard.Position, side hops.Side) int {
	opp := side.Other()
	v := 1000 * (p.Captured(side) - p.Captured(opp))
	v -= 10 * targetDistance(p, side)
	v += 10 * targetDistance(p, opp)
	return v
}

// targetDistance is the number of king steps from side's Fou to the
// opposing pawn it must capture next, or 0.
func targetDistance(p brouillard.Position, side hops.Side) int {
	t, ok := p.Target(side)
	if !ok {
		return 0
	}
	for sq := range p.Pawns(side.Other()).Squares() {
		if _, k, _, _ := p.At(sq); k == t {
			return distance(p.Fou(side), sq)
		}
	}
	return 0
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
