package coir

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestAppendMovesPage: a page of the moves is the same slice of the list
// AppendMoves builds, at any offset and limit, in any position.
func TestAppendMovesPage(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genAny(t)
		all := p.AppendMoves(nil)
		offset := rapid.IntRange(-2, len(all)+2).Draw(t, "offset")
		limit := rapid.IntRange(-1, len(all)+3).Draw(t, "limit")
		got := p.AppendMovesPage(nil, offset, limit)
		var want []Move
		if limit > 0 {
			from := min(max(offset, 0), len(all))
			want = all[from:min(from+limit, len(all))]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: page(%d, %d) = %v, want %v", p, offset, limit, got, want)
		}
		// It appends to what dst holds.
		if pre := p.AppendMovesPage([]Move{{}}, offset, limit); len(pre) != len(want)+1 {
			t.Fatalf("%d moves after one already there, want %d", len(pre), len(want)+1)
		}
	})
}

// BenchmarkMovesPageWorst: one move of the position with the most moves
// (244 591), against all of them.
func BenchmarkMovesPageWorst(b *testing.B) {
	p := mustParse(b, "w1b3/4b1/b1bbbb/2b3/1b2b1/2b3 w")
	buf := make([]Move, 0, 300000)
	b.Run("page-of-1", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			buf = p.AppendMovesPage(buf[:0], 0, 1)
		}
	})
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			buf = p.AppendMoves(buf[:0])
		}
	})
}
