package allgames

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

func init() {
	register(typed[coir.Position, coir.Move](coir.Game, coirEval))
}

// coirEval scores a Coir Circuit position by the pawns each side owns
// (C1, C3).
func coirEval(p coir.Position, side hops.Side) int {
	return 100 * (p.Pawns(side).Count() - p.Pawns(side.Other()).Count())
}
