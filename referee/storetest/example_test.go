package storetest_test

import (
	"fmt"
	"strings"

	"github.com/hopsgames/hops/referee/storetest"
)

// A store's own tests that go beyond the contract make their game ids as
// the referee does, 32 lower-case hex digits, fresh each time, so that
// they never meet a game another test left in a shared database.
func ExampleNewID() {
	a, b := storetest.NewID(), storetest.NewID()
	fmt.Println(len(a), strings.Trim(a, "0123456789abcdef") == "", a != b)
	// Output: 32 true true
}
