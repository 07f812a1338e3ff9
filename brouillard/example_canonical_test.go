package brouillard_test

import (
	"fmt"

	"github.com/hopsgames/hops/brouillard"
)

// A move written in another legal form comes back as the move the
// generator yields for the same effect (G9), found from the move itself.
func ExamplePosition_Canonical() {
	p, _ := brouillard.Parse("1t1kfx1/2j1x1q/1n5/7/1KFQ3/4J1N/1X1T1X1 r 0 0 -")
	m, _ := brouillard.ParseMove("F7-D5 E7-E5-C5-C7")
	c, err := p.Canonical(m)
	fmt.Println(c, err)
	// Output: F7-D5 E7-C7 <nil>
}
