package games

import "github.com/hopsgames/hops/coir"

func init() {
	register(typed[coir.Position, coir.Move](coir.Game))
}
