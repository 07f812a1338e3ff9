package hops_test

import (
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
)

// A program shows the rule an error cites: the rule book's text of it.
func ExampleRuleSection() {
	k := hops.RuleSection("K. ")
	fmt.Println(strings.SplitN(k, "\n", 2)[0])
	for _, line := range strings.Split(k, "\n") {
		if strings.HasPrefix(line, "**K3 ") {
			fmt.Println(line)
		}
	}
	fmt.Println(hops.RuleSection("X. ") == "")
	// Output:
	// ## K. Catch'it
	// **K3 Goal.** Each side attacks the far edge: the ball going off the board past rank 7
	// true
}
