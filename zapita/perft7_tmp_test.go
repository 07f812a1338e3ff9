//go:build perft7

package zapita
import ("testing";"fmt";"time";hops "github.com/hopsgames/hops")
func TestPerft7Tmp(t *testing.T){
	for _, first := range []hops.Side{White, Khaki} {
	for d:=5; d<=7; d++ { t0:=time.Now(); n:=hops.Perft(StartWith(first),d); fmt.Println(first, d, n, time.Since(t0)) }
	}
}
