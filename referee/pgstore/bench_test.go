package pgstore

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

// BenchmarkAppend stores moves, each committed before the next, in
// games of their own (one per goroutine with -cpu).
func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
	s := openB(b)
	var n atomic.Int32
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		id := fmt.Sprintf("bench%d", n.Add(1))
		if err := s.Create(ctx, id, create()); err != nil {
			b.Error(err)
			return
		}
		for seq := 2; pb.Next(); seq++ {
			if err := s.Append(ctx, id, seq, move(seq-1, "D1-D2 C1-C2")); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkLoadNothingNew is what a node pays before each answer about
// a game it holds up to date: Load from the next event, which finds none.
func BenchmarkLoadNothingNew(b *testing.B) {
	ctx := context.Background()
	s := openB(b)
	if err := s.Create(ctx, "g", create()); err != nil {
		b.Fatal(err)
	}
	for seq := 2; seq <= 100; seq++ {
		if err := s.Append(ctx, "g", seq, move(seq-1, "D1-D2 C1-C2")); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if ev, err := s.Load(ctx, "g", 101); err != nil || len(ev) != 0 {
			b.Fatal(ev, err)
		}
	}
}

func openB(b *testing.B) *Store {
	b.Helper()
	if server == nil {
		b.Skip("no PostgreSQL")
	}
	s, err := Open(context.Background(), server.Database(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkCount is what a node pays before each creation, with a shared
// limit on the games (referee.Counter): the count of 10,000 games.
func BenchmarkCount(b *testing.B) {
	ctx := context.Background()
	s := openB(b)
	if _, err := s.pool.Exec(ctx, `INSERT INTO hops_games (game) SELECT 'g' || n FROM generate_series(1, 10000) n`); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if n, err := s.Count(ctx); err != nil || n != 10000 {
			b.Fatal(n, err)
		}
	}
}
