package catchit

import (
	"fmt"
	"testing"

	"github.com/hopsgames/hops/internal/gametest"
)

// BenchmarkBuild measures the builder in the worst positions of
// testdata/worst.txt: the first click, and a whole click-by-click build
// of the longest move (see gametest.BenchBuild).
func BenchmarkBuild(b *testing.B) {
	for i, w := range gametest.ReadWorst(b, Parse) {
		first, long := gametest.BenchBuild(w.P)
		b.Run(fmt.Sprintf("%d/first", i+1), first)
		b.Run(fmt.Sprintf("%d/long", i+1), long)
	}
}
