package hops_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// A Catch'it turn typed with en dashes, lower case and a tab, its first
// displacement going round by C3 and A1: the library names it by the
// route it generates, the one with the fewest squares (G9, G12).
func ExampleCanonical() {
	p, err := catchit.Parse("1rr1rrr/1r5/7/1R5/7/bbb2b1/2b1b1b b")
	if err != nil {
		panic(err)
	}
	m, err := catchit.ParseMove("c1–c3–a1–a3\tf2–g2")
	if err != nil {
		panic(err)
	}
	c, err := hops.Canonical(p, m)
	fmt.Println(m, "is", c, err)

	// The same through text, as a server does.
	st, _ := catchit.Game.Parse(p.String())
	fmt.Println(st.Canonical("F2-G2 C1-A3"))
	if _, err := st.Canonical("C1-C5 F2-G2"); err != nil {
		fmt.Println(err) // an illegal move: the error Validate gives
	}
	// Output:
	// C1-C3-A1-A3 F2-G2 is C1-A3 F2-G2 <nil>
	// C1-A3 F2-G2 <nil>
	// first displacement C1-C5: jump 1 C1-C5 is not a jump: a jump lands two squares away in a straight line (G4)
}
