package games

import "github.com/hopsgames/hops/zapita"

func init() {
	register(typed[zapita.Position, zapita.Move](zapita.Game))
}
