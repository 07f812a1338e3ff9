package hops_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
	"pgregory.net/rapid"
)

// TestRecorderTakeBack: taking back k of n moves leaves the recorder as
// if it had recorded only the first n-k: the same record, position and
// repetition count (G7). Coir's moves come back to the same positions
// often, so the counts are tested on positions met several times.
func TestRecorderTakeBack(t *testing.T) {
	circle := []string{"A1-A2", "A6-A5", "A2-A1", "A5-A6"}
	rapid.Check(t, func(t *rapid.T) {
		var moves []string
		for range rapid.IntRange(0, 14).Draw(t, "moves") {
			if rapid.Bool().Draw(t, "circle") {
				moves = append(moves, circle[len(moves)%4])
			} else {
				moves = append(moves, rapid.SampledFrom([]string{"A1-A2", "B1-B2", "A6-A5", "B6-B5", "A2-A1", "A5-A6"}).Draw(t, "move"))
			}
		}
		full := hops.NewRecorder(coir.Game.Start(hops.First))
		var played []string
		for i, m := range moves {
			if _, err := full.Play(m); err == nil {
				played = append(played, m)
				full.Comment("after move " + strings.Repeat("I", i%3+1))
			}
		}
		k := rapid.IntRange(0, len(played)).Draw(t, "take back")
		for range k {
			if _, err := full.TakeBack(); err != nil {
				t.Fatalf("TakeBack with moves left: %v", err)
			}
		}
		short := hops.NewRecorder(coir.Game.Start(hops.First))
		for i, m := range moves {
			if len(short.Record().Moves) == len(played)-k {
				break
			}
			if _, err := short.Play(m); err == nil {
				short.Comment("after move " + strings.Repeat("I", i%3+1))
			}
		}
		if d := cmp.Diff(short.Record(), full.Record()); d != "" {
			t.Fatalf("record after taking back %d of %d (-want +got):\n%s", k, len(played), d)
		}
		if full.State().String() != short.State().String() || full.Repetitions() != short.Repetitions() {
			t.Fatalf("taking back %d of %d: position %s (%d times), want %s (%d times)", k, len(played),
				full.State(), full.Repetitions(), short.State(), short.Repetitions())
		}
		// The recorder goes on as the short one does.
		for _, m := range circle {
			_, e1 := full.Play(m)
			_, e2 := short.Play(m)
			if (e1 == nil) != (e2 == nil) || full.Repetitions() != short.Repetitions() {
				t.Fatalf("%s after the take-back: %v (%d) vs %v (%d)", m, e1, full.Repetitions(), e2, short.Repetitions())
			}
		}
	})
	r := hops.NewRecorder(coir.Game.Start(hops.First))
	if s, err := r.TakeBack(); !errors.Is(err, hops.ErrSyntax) || s != r.State() {
		t.Errorf("TakeBack with no move: %v, %v", s, err)
	}
}

// TestZeroRecorder: the zero Recorder refuses moves as one of a nil
// State does, and records tags (it panicked on a nil map).
func TestZeroRecorder(t *testing.T) {
	var r hops.Recorder
	if err := r.SetTag("Event", "club"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Play("A1-A2"); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("Play: %v", err)
	}
	if v, ok := r.Record().Tag("Event"); !ok || v != "club" {
		t.Errorf("tag Event = %q, %v", v, ok)
	}
}

// TestRecorderSetTagFits: a tag the record could not write, by its name
// or by its value, is refused when it is set, not when the record is
// written.
func TestRecorderSetTagFits(t *testing.T) {
	r := hops.NewRecorder(coir.Game.Start(hops.First))
	for _, tag := range []hops.Tag{
		{Name: strings.Repeat("A", hops.MaxRecordLine), Value: ""},
		{Name: "Event", Value: strings.Repeat("v", hops.MaxRecordLine)},
		{Name: "Two words", Value: "x"},
	} {
		if err := r.SetTag(tag.Name, tag.Value); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("SetTag(%.20q, %.20q): %v", tag.Name, tag.Value, err)
		}
	}
	if err := r.Record().Check(); err != nil {
		t.Errorf("the record after the refused tags: %v", err)
	}
}

// A player asks to take his move back, and the host allows it.
func ExampleRecorder_TakeBack() {
	r := hops.NewRecorder(coir.Game.Start(hops.First))
	for _, m := range []string{"A1-A2", "A6-A5", "B1-B2"} {
		if _, err := r.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	s, err := r.TakeBack()
	fmt.Println(s, err)
	fmt.Println(len(r.Record().Moves), "moves recorded")
	// Output:
	// 1bbbbb/b5/6/6/w5/1wwwww w <nil>
	// 2 moves recorded
}
