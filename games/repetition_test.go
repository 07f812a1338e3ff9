package games_test

import (
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// TestRepetitionsOverViews (G7, B12): Red's pawns go round and come home
// with his hidden Jack and Queen swapped. White sees the start again: his
// count over his views says 2, where the count over true positions says 1
// and so tells the swap; his views read back from his own record count
// the same.
func TestRepetitionsOverViews(t *testing.T) {
	red := []string{"A6-B5 D6-E5", "B5-C4 E5-D6", "C6-B5 D6-E5", "B5-A6 E5-D6", "C4-B5 D6-E5", "B5-C6 E5-D6"}
	white := []string{"D2-E3", "E3-D2"}
	s := brouillard.Game.Start(hops.First)
	rec := hops.NewRecorder(s)
	states := []hops.State{s}
	for i := range red {
		for _, m := range []string{white[i%2], red[i]} {
			next, err := rec.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			states = append(states, next)
		}
	}
	var views []games.View
	for _, st := range states {
		v, err := games.ViewOf(st, hops.First)
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, v)
	}
	if views[len(views)-1].String() != views[0].String() || states[len(states)-1].String() == states[0].String() {
		t.Fatalf("want White's view back at the start, the true position not: %s, %s", views[len(views)-1], states[len(states)-1])
	}
	if got := rec.Repetitions(); got != 1 {
		t.Errorf("Recorder.Repetitions = %d, want 1 (true positions)", got)
	}
	byView := hops.Repetitions(views)
	if got := byView[len(byView)-1]; got != 2 {
		t.Errorf("White's count over his views: %d, want 2", got)
	}
	if got := hops.Repetitions(states); got[len(got)-1] != 1 {
		t.Errorf("the count over true states: %v", got)
	}
	// His own record, read back as views, counts the same.
	mine, err := brouillard.PlayerRecord(rec.Record(), hops.First)
	if err != nil {
		t.Fatal(err)
	}
	typed, err := brouillard.ReplayView(mine)
	if err != nil {
		t.Fatal(err)
	}
	if got := hops.Repetitions(typed); !slices.Equal(got, byView) {
		t.Errorf("over the typed views of his record: %v, want %v", got, byView)
	}
	// The zero View holds no position and counts 0.
	if got := hops.Repetitions([]games.View{{}, views[0], {}}); !slices.Equal(got, []int{0, 1, 0}) {
		t.Errorf("with zero Views: %v", got)
	}
}
