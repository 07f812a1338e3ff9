package hops

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// commentRun returns a record whose first move is followed by n comment
// lines, the shape that used to be read in quadratic time and memory.
func commentRun(n int) string {
	var b strings.Builder
	b.WriteString("[Game \"nim\"]\n[Start \"5 0\"]\n\n1. 1\n")
	for i := range n {
		fmt.Fprintf(&b, "{comment line %6d of a long run}\n", i)
	}
	b.WriteString("*\n")
	return b.String()
}

// manyTags returns a record with n distinct tags.
func manyTags(n int) string {
	var b strings.Builder
	b.WriteString("[Game \"nim\"]\n[Start \"5 0\"]\n")
	for i := range n {
		fmt.Fprintf(&b, "[Tag%d \"value %d\"]\n", i, i)
	}
	b.WriteString("\n1. 1\n*\n")
	return b.String()
}

// manyMoves returns a record of n moves, each with a comment.
func manyMoves(n int) string {
	var b strings.Builder
	b.WriteString("[Game \"nim\"]\n[Start \"5 0\"]\n\n")
	for i := range n {
		fmt.Fprintf(&b, "%d. 1 {move %d}\n", i+1, i+1)
	}
	b.WriteString("*\n")
	return b.String()
}

// bytesAllocated returns the bytes that f allocates, on average over a
// few runs.
func bytesAllocated(f func()) uint64 {
	const runs = 4
	f() // warm up
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / runs
}

// TestReadRecordLinear: reading 8 times more lines costs less than 10
// times as many allocations and bytes, for a run of comment lines, for
// many tags and for many moves: reading is linear in the input.
func TestReadRecordLinear(t *testing.T) {
	const n = 1024
	for _, tt := range []struct {
		name string
		text func(int) string
	}{
		{"comment run", commentRun},
		{"many tags", manyTags},
		{"many moves", manyMoves},
	} {
		small, large := tt.text(n), tt.text(8*n)
		read := func(text string) func() {
			return func() {
				if _, err := ReadRecord(text); err != nil {
					t.Fatal(err)
				}
			}
		}
		a1, a8 := testing.AllocsPerRun(4, read(small)), testing.AllocsPerRun(4, read(large))
		if a8 > 10*a1 {
			t.Errorf("%s: %v allocations for %d lines, %v for %d", tt.name, a1, n, a8, 8*n)
		}
		b1, b8 := bytesAllocated(read(small)), bytesAllocated(read(large))
		if b8 > 10*b1 {
			t.Errorf("%s: %d bytes allocated for %d lines, %d for %d", tt.name, b1, n, b8, 8*n)
		}
		t.Logf("%s: %v allocs, %d bytes for %d lines; %v allocs, %d bytes for %d", tt.name, a1, b1, n, a8, b8, 8*n)
	}
}

func benchmarkRead(b *testing.B, text string) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadRecord(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadRecord(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		b.Run(fmt.Sprintf("comments=%d", n), func(b *testing.B) { benchmarkRead(b, commentRun(n)) })
		b.Run(fmt.Sprintf("tags=%d", n), func(b *testing.B) { benchmarkRead(b, manyTags(n)) })
		b.Run(fmt.Sprintf("moves=%d", n), func(b *testing.B) { benchmarkRead(b, manyMoves(n)) })
	}
}
