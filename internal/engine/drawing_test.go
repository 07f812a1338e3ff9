package engine_test

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

func TestSymmetries(t *testing.T) {
	for _, b := range []*hops.Board{hops.Board6, hops.Board7} {
		n := b.Size() - 1
		a1 := hops.SquareAt(0, 0)
		if b.MirrorFiles(a1) != hops.SquareAt(n, 0) || b.MirrorRanks(a1) != hops.SquareAt(0, n) || b.Rotate180(a1) != hops.SquareAt(n, n) {
			t.Errorf("%d board: images of A1", b.Size())
		}
		for _, f := range []func(hops.Square) hops.Square{b.MirrorFiles, b.MirrorRanks, b.Rotate180} {
			if engine.MapSquares(b.All(), f) != b.All() {
				t.Errorf("%d board: a symmetry does not map the board onto itself", b.Size())
			}
			for s := range b.All().Squares() {
				if f(f(s)) != s {
					t.Errorf("%d board: symmetry is not an involution at %v", b.Size(), s)
				}
			}
		}
		if engine.MapSquares(b.Dark(), b.Rotate180) != b.Dark() {
			t.Errorf("%d board: a half turn keeps dark squares dark", b.Size())
		}
	}
}

func TestPathArrows(t *testing.T) {
	p, err := hops.ParsePath(hops.Board6, "A1-A3xC3-C5-out")
	if err != nil {
		t.Fatal(err)
	}
	got := engine.PathArrows(hops.Board6, p, true)
	want := []hops.Arrow{{FromFile: 0, FromRank: 0, ToFile: 0, ToRank: 2, Dashed: true}, {FromFile: 0, FromRank: 2, ToFile: 2, ToRank: 2, Dashed: true}, {FromFile: 2, FromRank: 2, ToFile: 2, ToRank: 4, Dashed: true}, {FromFile: 2, FromRank: 4, ToFile: 2, ToRank: 6, Dashed: true}}
	if len(got) != len(want) {
		t.Fatalf("PathArrows = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("arrow %d = %+v, want %+v (the exit one square above C6)", i, got[i], want[i])
		}
	}
	low, _ := hops.ParsePath(hops.Board6, "B2-out")
	if a := engine.PathArrows(hops.Board6, low, false); len(a) != 1 || a[0].ToRank != -1 || a[0].ToFile != 1 {
		t.Errorf("exit from the lower half %+v, want one square below B1", a)
	}
}
