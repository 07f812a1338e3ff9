package catchit_test

import (
	"fmt"

	"github.com/hopsgames/hops/catchit"
)

// A move written in another legal form comes back as the move the
// generator yields for the same effect (G9), found from the move itself.
func ExamplePosition_Canonical() {
	p, _ := catchit.Parse("rrrRrrr/7/7/7/7/7/bbbbbbb r")
	m, _ := catchit.ParseMove("D7-C6 A7-B6")
	c, err := p.Canonical(m)
	fmt.Println(c, err)
	// Output: A7-B6 D7-C6 <nil>
}
