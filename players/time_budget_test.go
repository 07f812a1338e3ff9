package players

import (
	"runtime"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
)

// TestMCTSKeepsItsTime: an MCTS of 100 ms, choosing from a player's view
// of Brouillard where its tree grows past 50,000 nodes, spends no more
// than a few milliseconds past its time. Its tree was one array, copied
// whole to a new one each time it grew: the last copy, of megabytes into
// memory never touched before, ran 20 to 56 ms past the deadline in a
// quarter of the searches. The time counted is the processor time of the
// search's thread, which a busy machine does not inflate.
func TestMCTSKeepsItsTime(t *testing.T) {
	if testing.Short() {
		t.Skip("eight searches of 100 ms")
	}
	const budget = 100 * time.Millisecond
	const slack = 10 * time.Millisecond
	v, err := games.ParseView("brouillard", "1j!1q!2F/6x!/1X!1Q!3/7/1P5/4x!1k!/5X!f r 2 3 -", hops.Second)
	if err != nil {
		t.Fatal(err)
	}
	runtime.LockOSThread() // for threadTime
	defer runtime.UnlockOSThread()
	for seed := range uint64(8) {
		a, err := New(v.Game(), KindMCTS, Options{Time: budget, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		start := threadTime()
		if _, err := ChooseView(a, v); err != nil {
			t.Fatal(err)
		}
		if spent := threadTime() - start; spent > budget+slack {
			t.Errorf("seed %d: a search of %v took %v of processor time", seed, budget, spent)
		}
	}
}

// TestBaselineKeepsItsTime: a Baseline of 10 ms in a Catch'it position
// whose inner positions take about 175 µs each to generate their moves
// spends no more than twice its time. It looked at the clock every 256
// positions, 16 to 24 ms apart there, and took up to 30 ms; it now looks
// every 64 positions and as soon as those it visited have generated
// 4,096 moves.
func TestBaselineKeepsItsTime(t *testing.T) {
	if testing.Short() {
		t.Skip("six searches of 10 ms")
	}
	const budget = 10 * time.Millisecond
	s, err := catchit.Game.Parse("2b4/3r1b1/rr2rb1/2b1Rrb/7/2b3r/3b3 b")
	if err != nil {
		t.Fatal(err)
	}
	runtime.LockOSThread() // for threadTime
	defer runtime.UnlockOSThread()
	for seed := range uint64(6) {
		a, err := New(catchit.Game, KindBaseline, Options{Time: budget, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		start := threadTime()
		if _, err := a.Choose(s); err != nil {
			t.Fatal(err)
		}
		if spent := threadTime() - start; spent > 2*budget {
			t.Errorf("seed %d: a search of %v took %v of processor time", seed, budget, spent)
		}
	}
}
