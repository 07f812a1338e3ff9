package hops_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
)

// G7: a position that comes back is counted, never declared a draw.
func TestRecorderRepetitionsG7(t *testing.T) {
	r := hops.NewRecorder(coir.Game.Start(hops.First))
	if n := r.Repetitions(); n != 1 {
		t.Fatalf("start: Repetitions = %d, want 1", n)
	}
	circle := []string{"A1-A2", "A6-A5", "A2-A1", "A5-A6"}
	want := []int{1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4} // every position of the circle comes back
	for i := range want {
		s, err := r.Play(circle[i%4])
		if err != nil {
			t.Fatal(err)
		}
		if n := r.Repetitions(); n != want[i] {
			t.Errorf("after move %d (%s): Repetitions = %d, want %d", i+1, s, n, want[i])
		}
		if s.Outcome().Over {
			t.Fatalf("after move %d the game is over: %s (G7: no draw)", i+1, s.Outcome())
		}
	}
	// The same counts from the replayed record, the start included.
	states, err := r.Record().Replay(coir.Game)
	if err != nil {
		t.Fatal(err)
	}
	if got := hops.Repetitions(states); !slices.Equal(got, append([]int{1}, want...)) {
		t.Errorf("Repetitions(replayed) = %v, want 1 then %v", got, want)
	}
	if got := hops.Repetitions([]hops.State{nil}); !slices.Equal(got, []int{0}) {
		t.Errorf("Repetitions(nil state) = %v", got)
	}
	if n := hops.NewRecorder(nil).Repetitions(); n != 0 {
		t.Errorf("a recorder with no position: Repetitions = %d", n)
	}
}

// colliding gives every position the same hash: counts must still tell
// positions apart by their texts.
type colliding struct{ hops.State }

func (colliding) Hash() uint64 { return 42 }

func (c colliding) Play(move string) (hops.State, error) {
	next, err := c.State.Play(move)
	if err != nil {
		return nil, err
	}
	return colliding{next}, nil
}

func TestRepetitionsHashCollision(t *testing.T) {
	r := hops.NewRecorder(colliding{coir.Game.Start(hops.First)})
	for i, m := range []string{"A1-A2", "A6-A5", "A2-A1", "A5-A6"} {
		if _, err := r.Play(m); err != nil {
			t.Fatal(err)
		}
		if want := 1 + i/3; r.Repetitions() != want {
			t.Errorf("after move %d: Repetitions = %d, want %d", i+1, r.Repetitions(), want)
		}
	}
}

// A host applies its own rule on repetitions; the rules know no draw (G7).
func ExampleRecorder_Repetitions() {
	r := hops.NewRecorder(coir.Game.Start(hops.First))
	for _, m := range []string{"A1-A2", "A6-A5", "A2-A1", "A5-A6", "A1-A2", "A6-A5", "A2-A1", "A5-A6"} {
		if _, err := r.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(r.Repetitions(), "times:", r.State())
	fmt.Println(r.State().Outcome())
	// Output:
	// 3 times: bbbbbb/6/6/6/6/wwwwww w
	// game goes on
}

// BenchmarkRecorderPlay records a Catch'it game of 40 turns, each move
// checked, written canonically and counted for repetitions.
func BenchmarkRecorderPlay(b *testing.B) {
	start := catchit.Game.Start(hops.First)
	var moves []string
	for s := start; len(moves) < 40 && !s.Outcome().Over; {
		m := s.Moves()[len(moves)%7]
		moves = append(moves, m)
		s, _ = s.Play(m)
	}
	b.ReportAllocs()
	for b.Loop() {
		r := hops.NewRecorder(start)
		for _, m := range moves {
			if _, err := r.Play(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRepetitions counts along 41 replayed positions.
func BenchmarkRepetitions(b *testing.B) {
	s := catchit.Game.Start(hops.First)
	states := []hops.State{s}
	for len(states) < 41 && !s.Outcome().Over {
		s, _ = s.Play(s.Moves()[len(states)%7])
		states = append(states, s)
	}
	b.ReportAllocs()
	for b.Loop() {
		hops.Repetitions(states)
	}
}

// Counting repetitions along a replayed record: the start comes back
// after four moves.
func ExampleRepetitions() {
	text := `[Game "coir"]
[Start "bbbbbb/6/6/6/6/wwwwww w"]

1. A1-A2
2. A6-A5
3. A2-A1
4. A5-A6
*
`
	rec, _ := hops.ReadRecord(text)
	states, err := rec.Replay(coir.Game)
	fmt.Println(hops.Repetitions(states), err)
	// Output:
	// [1 1 1 1 2] <nil>
}
