package players

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/zapita"
)

// TestKinds holds the exact list of kinds, in order: New's registry and
// its error message read it.
func TestKinds(t *testing.T) {
	if got, want := Kinds(), []string{"random", "search", "baseline", "mcts"}; !slices.Equal(got, want) {
		t.Errorf("Kinds() = %q, want %q", got, want)
	}
}

// kindsBuilt checks which typed player New builds for each kind of game
// g: the Baseline keeps the first evaluation, the random player the
// seed, and Brouillard's search kind alone is a FogSearcher.
func kindsBuilt[P hops.Position[P, M], M hops.Move](t *testing.T, g *hops.Game, first Eval[P], fog bool) {
	t.Helper()
	pl := func(kind string) Player[P, M] {
		a, err := New(g, kind, Options{Seed: 7, Nodes: 100})
		if err != nil {
			t.Fatalf("%s: New(%s): %v", g.Name, kind, err)
		}
		e, ok := a.(erased[P, M])
		if !ok {
			t.Fatalf("%s: New(%s) = %T, not an erased player", g.Name, kind, a)
		}
		return e.pl
	}
	if r, ok := pl(KindRandom).(*Random[P, M]); !ok || r.seed != 7 {
		t.Errorf("%s: random kind = %#v, want a *Random seeded 7", g.Name, pl(KindRandom))
	}
	if b, ok := pl(KindBaseline).(*Baseline[P, M]); !ok || reflect.ValueOf(b.eval).Pointer() != reflect.ValueOf(first).Pointer() {
		t.Errorf("%s: baseline kind = %T, want a *Baseline with the first evaluation", g.Name, pl(KindBaseline))
	}
	if _, ok := pl(KindMCTS).(*MCTS[P, M]); !ok {
		t.Errorf("%s: mcts kind = %T, want an *MCTS", g.Name, pl(KindMCTS))
	}
	s := pl(KindSearch)
	if _, isFog := any(s).(*FogSearcher); fog != isFog {
		t.Errorf("%s: search kind = %T (FogSearcher wanted: %v)", g.Name, s, fog)
	}
	if _, isS := s.(*Searcher[P, M]); !fog && !isS {
		t.Errorf("%s: search kind = %T, want a *Searcher", g.Name, s)
	}
}

// TestNewBuildsEachKind holds the registry of kinds per game (New's doc:
// which player each kind is).
func TestNewBuildsEachKind(t *testing.T) {
	byName := map[string]*hops.Game{}
	for _, g := range games.All() {
		byName[g.Name] = g
	}
	kindsBuilt[zapita.Position, zapita.Move](t, byName["zapita"], firstZapitaEval, false)
	kindsBuilt[catchit.Position, catchit.Move](t, byName["catchit"], firstCatchitEval, false)
	kindsBuilt[coir.Position, coir.Move](t, byName["coir"], firstCoirEval, false)
	kindsBuilt[bPos, bMove](t, byName["brouillard"], firstBrouillardEval, true)
	for _, g := range games.All() {
		if a, err := New(g, "", Options{}); a != nil || !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("%s: New with an empty kind = %v, %v; want an ErrSyntax (no default kind)", g.Name, a, err)
		}
	}
}

// TestZeroStateError holds that Choose answers the zero State with the
// library's "no state" error, not a type mismatch.
func TestZeroStateError(t *testing.T) {
	for _, g := range games.All() {
		for _, kind := range Kinds() {
			a, _ := New(g, kind, Options{Nodes: 50})
			_, err := a.Choose(games.State{})
			if err == nil || err.Error() != engine.ErrNoState().Error() {
				t.Errorf("%s %s: Choose(zero State) = %v, want %v", g.Name, kind, err, engine.ErrNoState())
			}
		}
	}
}

// TestZeroRandom holds that the zero Random plays as NewRandom(0) (its
// seed field is 0).
func TestZeroRandom(t *testing.T) {
	z, r := new(Random[pile, take]), NewRandom[pile, take](0)
	for i := range 40 {
		p := pile{stones: 3 + i}
		a, err1 := z.Move(p)
		b, err2 := r.Move(p)
		if a != b || err1 != nil || err2 != nil {
			t.Fatalf("move %d: zero Random %v %v, NewRandom(0) %v %v", i, a, err1, b, err2)
		}
	}
}

// TestErrNoMoveIdentity holds that every player returns the one ErrNoMove
// value, an ErrIllegal of rule G6 (its doc).
func TestErrNoMoveIdentity(t *testing.T) {
	var he *hops.Error
	if !errors.As(ErrNoMove, &he) || he.Kind != hops.ErrIllegal || he.Rule != "G6" || he.Where != "players" {
		t.Fatalf("ErrNoMove = %#v, want ErrIllegal, G6, players", ErrNoMove)
	}
	done := pile{}
	for name, move := range map[string]func() error{
		"Random":   func() error { _, err := NewRandom[pile, take](1).Move(done); return err },
		"Searcher": func() error { _, err := NewSearcher[pile, take](flat, Options{}).Move(done); return err },
		"Baseline": func() error { _, err := NewBaseline[pile, take](flat, Options{}).Move(done); return err },
		"MCTS": func() error {
			_, err := NewMCTS[pile, take](flat, Tactics[pile, take]{}, Options{}).Move(done)
			return err
		},
	} {
		if err := move(); err != ErrNoMove {
			t.Errorf("%s: %v, want the value ErrNoMove itself", name, err)
		}
	}
}

// TestConstructorDefaults holds the documented resolution of Options by
// each constructor: DefaultNodes only when neither Nodes nor Time is set,
// MaxDepth 0 → 64 and ≤ 1000, TableBits 0 → 14 and ≤ 24, Quiescence < 0 →
// 0.
func TestConstructorDefaults(t *testing.T) {
	tac := Tactics[pile, take]{Quiescence: 3}
	s := NewTacticalSearcher(flat, tac, Options{})
	if s.opt.Nodes != DefaultNodes || s.opt.MaxDepth != 64 || s.opt.TableBits != 14 || len(s.tt) != 1<<14 || s.opt.Quiescence != 3 {
		t.Errorf("Searcher, zero Options: %+v, table %d", s.opt, len(s.tt))
	}
	s = NewTacticalSearcher(flat, tac, Options{Time: time.Second, MaxDepth: math.MaxInt, TableBits: 30, Quiescence: -1})
	if s.opt.Nodes != 0 || s.opt.MaxDepth != 1000 || s.opt.TableBits != 24 || s.opt.Quiescence != 0 {
		t.Errorf("Searcher, Time only and clamps: %+v", s.opt)
	}
	s = NewTacticalSearcher(flat, tac, Options{Nodes: -5, MaxDepth: -1, TableBits: -1})
	if s.opt.Nodes != DefaultNodes || s.opt.MaxDepth != 64 || s.opt.TableBits != 14 {
		t.Errorf("Searcher, negative Options: %+v", s.opt)
	}
	b := NewBaseline[pile, take](flat, Options{})
	if b.opt.Nodes != DefaultNodes || b.opt.MaxDepth != 64 || b.opt.TableBits != 14 || len(b.tt) != 1<<14 {
		t.Errorf("Baseline, zero Options: %+v", b.opt)
	}
	b = NewBaseline[pile, take](flat, Options{Time: time.Second, MaxDepth: math.MaxInt, TableBits: 30})
	if b.opt.Nodes != 0 || b.opt.MaxDepth != 1000 || b.opt.TableBits != 24 {
		t.Errorf("Baseline, Time only and clamps: %+v", b.opt)
	}
	if m := NewMCTS(flat, tac, Options{}); m.opt.Nodes != DefaultNodes {
		t.Errorf("MCTS, zero Options: %+v", m.opt)
	}
	if m := NewMCTS(flat, tac, Options{Time: time.Second}); m.opt.Nodes != 0 {
		t.Errorf("MCTS, Time only: %+v", m.opt)
	}
	if f := NewFogSearcher(Options{}); f.opt.Nodes != DefaultNodes || f.chaser.opt.Nodes != DefaultNodes {
		t.Errorf("FogSearcher, zero Options: %+v, chaser %+v", f.opt, f.chaser.opt)
	}
	if f := NewFogSearcher(Options{Time: time.Second}); f.opt.Nodes != 0 || f.chaser.opt.Nodes != 0 {
		t.Errorf("FogSearcher, Time only: %+v, chaser %+v", f.opt, f.chaser.opt)
	}
}

// TestDeadlineAndInterrupted holds deadlineIn (no deadline for d ≤ 0) and
// interrupted (deadline passed or Cancel closed).
func TestDeadlineAndInterrupted(t *testing.T) {
	if !deadlineIn(0).IsZero() || !deadlineIn(-time.Second).IsZero() {
		t.Error("deadlineIn(d ≤ 0) is not the zero time")
	}
	if d := deadlineIn(time.Hour); d.IsZero() || time.Until(d) < 59*time.Minute {
		t.Errorf("deadlineIn(1h) = %v", d)
	}
	var o Options
	if o.interrupted(time.Time{}) || o.interrupted(time.Now().Add(time.Hour)) {
		t.Error("interrupted with no deadline passed and no Cancel")
	}
	if !o.interrupted(time.Now().Add(-time.Millisecond)) {
		t.Error("not interrupted after the deadline")
	}
	c := make(chan struct{})
	o.Cancel = c
	if o.interrupted(time.Time{}) {
		t.Error("interrupted by an open Cancel")
	}
	close(c)
	if !o.interrupted(time.Time{}) {
		t.Error("not interrupted by a closed Cancel")
	}
}

// TestSearchNodeBudgetExact holds that the node budget binds from the
// second iteration on, to the node: the first iteration completes, and the
// search stops at exactly Options.Nodes.
func TestSearchNodeBudgetExact(t *testing.T) {
	p := catchit.Start()
	first, err := NewSearcher(CatchitEval, Options{MaxDepth: 1, Nodes: math.MaxInt, Seed: 1}).Search(p)
	if err != nil || first.Depth != 1 || first.Nodes <= 0 {
		t.Fatalf("first iteration: %+v, %v", first, err)
	}
	budget := first.Nodes + 5
	r, err := NewSearcher(CatchitEval, Options{Nodes: budget, Seed: 1}).Search(p)
	if err != nil || r.Nodes != budget {
		t.Errorf("Nodes %d after a first iteration of %d: %d positions, %v", budget, first.Nodes, r.Nodes, err)
	}
	r, err = NewSearcher(CatchitEval, Options{Nodes: 1, Seed: 1}).Search(p)
	if err != nil || r.Depth != 1 || r.Nodes != first.Nodes+1 {
		t.Errorf("Nodes 1: %+v, %v; want the whole first iteration, %d positions, and the one that stops the second", r, err, first.Nodes)
	}
}

// TestForcedAndImmediateWin holds Search's documented results: a forced
// move with Depth 0 and no positions, a win at once with Score Win-1 and
// Depth 1.
func TestForcedAndImmediateWin(t *testing.T) {
	s := NewSearcher[pile, take](flat, Options{Seed: 2})
	if r, err := s.Search(pile{stones: 1}); err != nil || r != (Result[take]{Move: 1}) {
		t.Errorf("forced move: %+v, %v", r, err)
	}
	for _, n := range []int{2, 3} {
		if r, err := s.Search(pile{stones: n}); err != nil || r != (Result[take]{Move: take(n), Score: Win - 1, Depth: 1}) {
			t.Errorf("win at once from %d: %+v, %v", n, r, err)
		}
	}
}

// TestSampledBudget holds SearchSampled's accounting: each of the k
// searches gets Nodes/k, the Nodes of all add up, Depth is the deepest, k
// < 1 counts as 1, and a closed Cancel still lets the first search vote.
func TestSampledBudget(t *testing.T) {
	deep := Sampler[pile](func(*rand.Rand) (pile, error) { return pile{stones: 60}, nil })
	r, err := NewSearcher[pile, take](flat, Options{Nodes: 400, Seed: 4}).SearchSampled(deep, 4)
	s, sum := NewSearcher[pile, take](flat, Options{Nodes: 400, Seed: 4}), 0
	for range 4 {
		one, err := s.search(pile{stones: 60}, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		sum += one.Nodes
	}
	if err != nil || r.Nodes != sum {
		t.Errorf("4 searches of 400 nodes: %d positions, %v; want %d, the sum of 4 searches of 100", r.Nodes, err, sum)
	}
	i := 0
	mixed := Sampler[pile](func(*rand.Rand) (pile, error) {
		i++
		if i == 1 {
			return pile{stones: 60}, nil
		}
		return pile{stones: 1}, nil
	})
	r, err = NewSearcher[pile, take](flat, Options{Nodes: 400, Seed: 4}).SearchSampled(mixed, 3)
	if err != nil || r.Depth < 2 {
		t.Errorf("a deep search then forced moves: depth %d, %v; want the deepest", r.Depth, err)
	}
	for _, k := range []int{0, -3} {
		if r, err := NewSearcher[pile, take](flat, Options{Seed: 4}).SearchSampled(deep, k); err != nil || r.Move < 1 || r.Move > 3 || r.Nodes == 0 {
			t.Errorf("k = %d: %+v, %v; want one search", k, r, err)
		}
		if r, err := NewBaseline[pile, take](flat, Options{Seed: 4}).SearchSampled(deep, k); err != nil || r.Move < 1 || r.Move > 3 || r.Nodes == 0 {
			t.Errorf("Baseline, k = %d: %+v, %v; want one search", k, r, err)
		}
	}
	c := make(chan struct{})
	close(c)
	if r, err := NewSearcher[pile, take](flat, Options{Nodes: 400, Cancel: c}).SearchSampled(deep, 4); err != nil || r.Move < 1 || r.Move > 3 {
		t.Errorf("cancelled: %+v, %v; want the first search's move", r, err)
	}
}

// TestHiddenSearchIsSureWinThenSamples holds that Search of a hidden
// position is sureWin then SearchSampled of BrouillardSamples views, the
// views sureWin visited counted among the nodes and taken out of the
// budget of SearchSampled.
func TestHiddenSearchIsSureWinThenSamples(t *testing.T) {
	p := brouillard.Start()
	v := p.View(p.ToMove())
	draw := Sampler[bPos](func(r *rand.Rand) (bPos, error) { return v.Sample(r), nil })
	opt := Options{Nodes: 800, Seed: 5}
	got, err := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt).Search(p)
	s := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt)
	_, nodes, won, err1 := sureWin[bPos, bMove](p, s.rng)
	s.opt.Nodes -= nodes
	want, err2 := s.SearchSampled(draw, BrouillardSamples)
	want.Nodes += nodes
	if err != nil || err1 != nil || err2 != nil || won || nodes == 0 || got != want {
		t.Errorf("Searcher: %+v %v; want %+v (sureWin: %d views, won %v, %v, %v)", got, err, want, nodes, won, err1, err2)
	}
	gotB, err := NewBaseline(BrouillardEval, opt).Search(p)
	b := NewBaseline(BrouillardEval, opt)
	_, nodes, _, _ = sureWin[bPos, bMove](p, b.rng)
	b.opt.Nodes -= nodes
	wantB, err2 := b.SearchSampled(draw, BrouillardSamples)
	wantB.Nodes += nodes
	if err != nil || err2 != nil || gotB != wantB {
		t.Errorf("Baseline: %+v %v; want %+v", gotB, err, wantB)
	}
}

// TestNoJSON holds that players and agents refuse to be encoded (json.go)
// rather than encode as something.
func TestNoJSON(t *testing.T) {
	g := games.All()[0]
	for name, v := range map[string]any{
		"FogSearcher": NewFogSearcher(Options{}),
		"Agent":       Erase[pile, take](NewRandom[pile, take](1)),
		"Random":      NewRandom[pile, take](1),
		"Searcher":    NewSearcher[pile, take](flat, Options{}),
		"Baseline":    NewBaseline[pile, take](flat, Options{}),
		"MCTS":        NewMCTS[pile, take](flat, Tactics[pile, take]{}, Options{}),
		"Tactics":     Tactics[pile, take]{},
		"AgentFunc":   AgentFunc(func(hops.State) (string, error) { return "", nil }),
		"Eval":        Eval[pile](flat),
		"Sampler":     Sampler[pile](func(*rand.Rand) (pile, error) { return pile{}, nil }),
	} {
		if data, err := json.Marshal(v); err == nil {
			t.Errorf("%s encodes as %s", name, data)
		}
	}
	for _, kind := range Kinds() {
		a, _ := New(g, kind, Options{})
		if data, err := json.Marshal(a); err == nil {
			t.Errorf("New(%s, %s) encodes as %s", g.Name, kind, data)
		}
	}
}

// TestHiddenOnlyWhenSomethingIsHidden holds that a Brouillard position
// whose view has one consistent state is searched as it is, not sampled.
func TestHiddenOnlyWhenSomethingIsHidden(t *testing.T) {
	p, err := brouillard.Parse("f2x!1X!1/2X3T!/3K!1J!1/N1Q!4/5k!1/x!4F1/7 w 4 0 -")
	if err != nil || p.View(p.ToMove()).Consistent() != 1 {
		t.Fatalf("%v: the view should have one consistent state", err)
	}
	opt := Options{Nodes: 1500, Seed: 3}
	got, err1 := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt).Search(p)
	want, err2 := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt).SearchOmniscient(p)
	if err1 != nil || err2 != nil || got != want {
		t.Errorf("Search %+v %v, want SearchOmniscient's %+v %v", got, err1, want, err2)
	}
}

// TestSureWinResult holds the sure win of a hidden position: refused by a
// zero player (no generator), and otherwise Win-1 at Depth 1 with the
// views sureWin visited as Nodes.
func TestSureWinResult(t *testing.T) {
	p, err := brouillard.Parse("f2x!1X!1/2X3T!/3K!1J!1/N1Q!4/5k1/x4F1/7 w 4 0 -")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := new(Searcher[bPos, bMove]).Search(p); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("the zero Searcher: %v, want the zero player's error", err)
	}
	if _, err := new(Baseline[bPos, bMove]).Search(p); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("the zero Baseline: %v, want the zero player's error", err)
	}
	opt := Options{Nodes: 500, Seed: 1}
	got, err := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), opt).Search(p)
	m, nodes, won, err1 := sureWin[bPos, bMove](p, newRand(opt.Seed))
	if err != nil || err1 != nil || !won || nodes == 0 || got != (Result[bMove]{Move: m, Score: Win - 1, Depth: 1, Nodes: nodes}) {
		t.Errorf("Search %+v, %v; sureWin %s, %d views, %v, %v", got, err, m, nodes, won, err1)
	}
}

// TestBaselineTimeOnly holds that a Baseline given only Time stops by its
// deadline (no node budget then applies).
func TestBaselineTimeOnly(t *testing.T) {
	done := make(chan Result[catchit.Move], 1)
	go func() {
		r, _ := NewBaseline(CatchitEval, Options{Time: 30 * time.Millisecond, Seed: 1}).Search(catchit.Start())
		done <- r
	}()
	select {
	case r := <-done:
		if r.Nodes <= 0 {
			t.Errorf("time-bound Baseline: %+v", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a Baseline bounded by 30ms of Time still searching after 10s")
	}
}

// TestFogViewOfTheOtherSide holds FogSearcher.SearchView's refusal of a
// view whose viewer is not to move (an ErrIllegal of rule G6).
func TestFogViewOfTheOtherSide(t *testing.T) {
	p := brouillard.Start()
	r, err := NewFogSearcher(Options{Nodes: 100}).SearchView(p.View(p.ToMove().Other()))
	var he *hops.Error
	if !errors.As(err, &he) || he.Kind != hops.ErrIllegal || he.Rule != "G6" || r != (Result[bMove]{}) {
		t.Errorf("the other side's view: %+v, %v", r, err)
	}
}

// TestFogChaseCountsTheLook holds that a chase's Nodes are the views the
// look for a win at once visited plus those of the chaser's search, which
// gets what the look left of the budget.
func TestFogChaseCountsTheLook(t *testing.T) {
	v := fogView(t, "1x3t!1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -")
	opt := Options{Nodes: 1500, Seed: 2}
	got, err := NewFogSearcher(opt).SearchView(v)
	f := NewFogSearcher(opt)
	f.me = v.Viewer()
	_, won, err1 := f.winNow(v, v.AppendMoves(nil))
	if err != nil || err1 != nil || won || f.nodes == 0 {
		t.Fatalf("%v %v: want a chase after a look at some views (won %v, %d views)", err, err1, won, f.nodes)
	}
	c := NewTacticalSearcher(BrouillardEval, BrouillardTactics(), Options{Nodes: opt.Nodes - f.nodes, Seed: opt.Seed})
	var want Result[bMove]
	if v.Consistent() == 1 {
		want, err = c.SearchOmniscient(v.Sample(newRand(0)))
	} else {
		want, err = c.SearchSampled(func(r *rand.Rand) (bPos, error) { return v.Sample(r), nil }, BrouillardSamples)
	}
	want.Nodes += f.nodes
	if err != nil || got != want {
		t.Errorf("chase %+v, want %+v (%v)", got, want, err)
	}
}

// TestMCTSStopsAtItsBudget holds that MCTS stops at the first iteration
// that reaches Options.Nodes: given as budget the nodes a search ended
// with, the same search ends there again.
func TestMCTSStopsAtItsBudget(t *testing.T) {
	for seed := range uint64(6) {
		a, err1 := NewMCTS(flat, Tactics[pile, take]{}, Options{Nodes: 40 + int(seed)*7, Seed: seed}).Search(pile{stones: 30})
		b, err2 := NewMCTS(flat, Tactics[pile, take]{}, Options{Nodes: a.Nodes, Seed: seed}).Search(pile{stones: 30})
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("seed %d: %+v, then with Nodes %d: %+v (%v %v)", seed, a, a.Nodes, b, err1, err2)
		}
	}
}
