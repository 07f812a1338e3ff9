package games

import "github.com/hopsgames/hops/catchit"

func init() {
	register(typed[catchit.Position, catchit.Move](catchit.Game))
}
