package allgames

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

func init() {
	register(typed[catchit.Position, catchit.Move](catchit.Game, catchitEval))
}

// catchitEval scores a Catch'it position by the ball (K3): who carries it
// and how far it has come towards the edge its carrier's side aims at,
// counted in ranks.
func catchitEval(p catchit.Position, side hops.Side) int {
	c := p.Carrier()
	owner, ok := p.PawnAt(c)
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
