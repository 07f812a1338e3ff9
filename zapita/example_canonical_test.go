package zapita_test

import (
	"fmt"

	"github.com/hopsgames/hops/zapita"
)

// A move written in another legal form comes back as the move the
// generator yields for the same effect (G9), found from the move itself.
func ExamplePosition_Canonical() {
	p, _ := zapita.Parse("7/*5B/5bc/3c3/Bb3aC/4A1A/a4C1 w")
	m, _ := zapita.ParseMove("G3-G1-E1-E3")
	c, err := p.Canonical(m)
	fmt.Println(c, err)
	// Output: G3-E3 <nil>
}
