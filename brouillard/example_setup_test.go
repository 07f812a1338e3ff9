package brouillard_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// Change one piece of a position: turn the Red Queen on C6 over.
func ExampleSetup() {
	s := brouillard.Start().Setup()
	c6 := hops.SquareAt(2, 5)
	fmt.Println(s.Kinds[c6], s.Fous)
	s.Turned |= c6.Bit()
	p, err := s.Position()
	fmt.Println(p, err)
	pc, _ := p.At(c6)
	fmt.Println(pc.Name)
	// Output:
	// Queen [D2 D6]
	// 1x1n1t1/j1q!fk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 - <nil>
	// Queen, turned over
}
