package players

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// The evaluations of the first searching player, which Baseline players
// built by New keep, so that the ladder measures the present players
// against the first ones as they were.

// firstZapitaEval scores a Zapita position by where the bomb lies (Z3): how
// much nearer it is to the opponent's headquarters than to the side's
// own, in king steps, 100 a step.
func firstZapitaEval(p zapita.Position, side hops.Side) int {
	return bombPlace(p.Bomb(), side)
}

// firstCatchitEval scores a Catch'it position by the ball (K3): who carries it
// and how far it has come towards the edge its carrier's side aims at,
// 100 a rank, plus 100 for holding it at all.
func firstCatchitEval(p catchit.Position, side hops.Side) int {
	c := p.Carrier()
	owner, _, ok := p.Pawn(c)
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

// firstCoirEval scores a Coir Circuit position by the pawns each side owns
// (C1, C3), 100 a pawn.
func firstCoirEval(p coir.Position, side hops.Side) int {
	return 100 * (p.Pawns(side).Count() - p.Pawns(side.Other()).Count())
}

// firstBrouillardEval scores a Brouillard position (a true state, or one drawn
// from a player's view) by the figures each side has captured (B5), 1000
// each, then by how close each Fou stands to the figure it must capture
// next, 10 a king step.
func firstBrouillardEval(p brouillard.Position, side hops.Side) int {
	opp := side.Other()
	v := 1000 * (p.Captured(side) - p.Captured(opp))
	v -= 10 * targetDistance(p, side)
	v += 10 * targetDistance(p, opp)
	return v
}
