package allgames

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

func init() {
	register(typed[coir.Position, coir.Move](coirGame, coirEval))
}

// coirGame describes Coir Circuit as a hops.Game, starting from the main
// start (C2).
var coirGame = hops.NewGame("coir", "Coir Circuit", [2]string{"White", "Black"}, coir.StartWith, coir.Parse, coir.ParseMove)

// coirEval scores a Coir Circuit position by the pawns each side owns
// (C1, C3).
func coirEval(p coir.Position, side hops.Side) int {
	return 100 * (p.Pawns(side).Count() - p.Pawns(side.Other()).Count())
}
