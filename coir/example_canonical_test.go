package coir_test

import (
	"fmt"

	"github.com/hopsgames/hops/coir"
)

// A move written in another legal form comes back as the move the
// generator yields for the same effect (G9), found from the move itself.
func ExamplePosition_Canonical() {
	p, _ := coir.Parse("2bb1b/bb4/b1b3/1wb3/1bb3/2b3 w")
	m, _ := coir.ParseMove("B3-D1-A1 A1-A2")
	c, err := p.Canonical(m)
	fmt.Println(c, err)
	// Output: B3-D1-B1 B1-A2 <nil>
}
