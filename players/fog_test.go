package players

import (
	"math"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// fogMove returns the decision a FogSearcher makes, from its view, in
// the position of text.
func fogMove(t *testing.T, text string) (brouillard.Position, brouillard.Move) {
	t.Helper()
	p, err := brouillard.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewFogSearcher(Options{Nodes: 2000, Seed: 3}).Move(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Validate(m); err != nil {
		t.Fatalf("%s in %s: %v", m, p, err)
	}
	return p, m
}

// TestFogTakesAShot (B5, B8): with its target unknown and nothing of its
// own in danger, the FogSearcher turns over a hidden opposing pawn, the
// one way to find the Nine.
func TestFogTakesAShot(t *testing.T) {
	p, m := fogMove(t, "1x1n2f/t1j4/1q1k3/x2F3/7/X1Q1J1K/1N1T1X1 w 0 0 -")
	sq, ok := m.TurnedSquare()
	if !ok {
		t.Fatalf("in %s the FogSearcher plays %s, which turns nothing over", p, m)
	}
	if side, _, turned, _ := p.Pawn(sq); side != brouillard.Red || turned {
		t.Fatalf("in %s the FogSearcher plays %s, which turns over %s, not a hidden Red pawn", p, m, sq)
	}
}

// safeFrom reports whether, after m in p, no reply of the opponent turns
// over the pawn on target.
func safeFrom(t *testing.T, p brouillard.Position, m brouillard.Move, target hops.Square) bool {
	t.Helper()
	c, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	for r := range c.Moves() {
		if sq, ok := r.TurnedSquare(); ok && sq == target {
			return false
		}
	}
	return true
}

// TestFogGuardsItsTarget (B5, B8): Red's Fou on C3 can jump over White's
// Nine on D3 and turn it over. Red does not know it is the Nine, but the
// FogSearcher guards it as if he did: it chooses a decision after which
// no Red decision turns the Nine over.
func TestFogGuardsItsTarget(t *testing.T) {
	const text = "1x1n1t1/j1q1k1x/7/6X/2fN1X1/1F2J1Q/3K1T1 w 0 0 -"
	p, m := fogMove(t, text)
	nine := hops.SquareAt(3, 2)
	if safeFrom(t, p, mustParseMove(t, "B2-A3"), nine) {
		t.Fatalf("the case is wrong: in %s the Nine is safe after B2-A3", p)
	}
	// Follow the Nine if the decision moved it.
	if pawn := m.Pawn(); pawn.Len() > 0 && pawn.From() == nine {
		nine = pawn.To()
	}
	if !safeFrom(t, p, m, nine) {
		t.Fatalf("in %s the FogSearcher plays %s, after which Red can turn over the Nine", p, m)
	}
}

// TestFogAvoidsBeingStalled (G6): White's Fou on B2 may step into the
// corner A1, where Red's Fou, stepping from C3 to B2, would leave it
// without a move and White without a decision. The FogSearcher never
// steps there.
func TestFogAvoidsBeingStalled(t *testing.T) {
	const text = "1x1n1t1/j1q1k1x/7/6X/2fK1X1/1F2J1Q/3N1T1 w 0 0 -"
	p, m := fogMove(t, text)
	// The trap is real: after B2-A1 and C3-B2 White cannot move.
	trap, err := p.Play(mustParseMove(t, "B2-A1"))
	if err != nil {
		t.Fatal(err)
	}
	if trap, err = trap.Play(mustParseMove(t, "C3-B2")); err != nil {
		t.Fatal(err)
	}
	if o := trap.Outcome(); !o.Over || o.Winner != brouillard.Red || o.Rule != "G6" {
		t.Fatalf("the case is wrong: after B2-A1 C3-B2 the outcome is %v", o)
	}
	if m.Fou().To() == hops.SquareAt(0, 0) {
		t.Fatalf("in %s the FogSearcher plays %s into the corner, where Red stalls it", p, m)
	}
}

func mustParseMove(t *testing.T, text string) brouillard.Move {
	t.Helper()
	m, err := brouillard.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFogWinsAtOnceCancelled (B5, G6): Red's D6-F6 leaves White's Fou on
// G7 without a move, and White loses at once. The FogSearcher plays it
// even when its Cancel is closed before it starts, as it does with a
// budget, and scores it a win in one: the check for a win at once comes
// before any budget.
func TestFogWinsAtOnceCancelled(t *testing.T) {
	p, err := brouillard.Parse("3j2F/q2fx2/1X!1x3/k6/3X1Q1/4K!2/1J1T3 r 2 1 -")
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	close(closed)
	for _, opt := range []Options{{Nodes: 500, Seed: 2}, {Nodes: 500, Seed: 2, Cancel: closed}, {Time: 1, Seed: 2}} {
		r, err := NewFogSearcher(opt).SearchView(p.View(p.ToMove()))
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.Play(r.Move)
		if err != nil {
			t.Fatal(err)
		}
		if o := c.Outcome(); !o.Over || o.Winner != brouillard.Red {
			t.Errorf("cancelled %v, time %v: %s does not win at once (D6-F6 does): %v", opt.Cancel != nil, opt.Time, r.Move, o)
		}
		if r.Score != Win-1 || r.Depth != 1 {
			t.Errorf("cancelled %v, time %v: %s scores %d at depth %d, want a win in one, %d at depth 1", opt.Cancel != nil, opt.Time, r.Move, r.Score, r.Depth, Win-1)
		}
	}
}

// TestFogCountsNodes: Result.Nodes of a FogSearcher's look at every
// decision counts the views it visited: at least one for each decision
// of the start, which it looks at with the replies to each (Depth 2);
// it said 0.
func TestFogCountsNodes(t *testing.T) {
	p := brouillard.Start()
	v := p.View(p.ToMove())
	for _, opt := range []Options{{Nodes: 5000}, {Time: time.Second}} {
		r, err := NewFogSearcher(opt).SearchView(v)
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth != 2 || r.Nodes < v.CountMoves() {
			t.Errorf("%+v: the look at the start's %d decisions reports depth %d, %d nodes", opt, v.CountMoves(), r.Depth, r.Nodes)
		}
	}
}

// fogWorst is the position of brouillard/testdata/worst.txt with the
// most Fou jump paths after every pawn move: 517 decisions, whose
// complete look visits 8 million views (8 s).
const fogWorst = "7/7/1J1X1x1/q3N1K/1x1X1k1/T1nfQ2/Fj1t3 w 0 0 -"

// fogView returns the view of the side to move in the position of text.
func fogView(t *testing.T, text string) brouillard.View {
	t.Helper()
	p, err := brouillard.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return p.View(p.ToMove())
}

// TestFogKeepsItsNodes: a FogSearcher visits no more views than
// Options.Nodes, besides those of the glance at every decision, which
// always completes: in the position of the most decisions it stopped
// only once it had looked at all of them with their replies, 8 million
// views for a budget of 1, and said 0.
func TestFogKeepsItsNodes(t *testing.T) {
	v := fogView(t, fogWorst)
	glance, err := NewFogSearcher(Options{Nodes: 1}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if glance.Depth != 1 || glance.Nodes < v.CountMoves() || glance.Nodes > 6*v.CountMoves() {
		t.Fatalf("with a budget of 1 view the glance at %d decisions reports depth %d, %d views", v.CountMoves(), glance.Depth, glance.Nodes)
	}
	for _, budget := range []int{glance.Nodes + 1, glance.Nodes + 5000, 40000} {
		r, err := NewFogSearcher(Options{Nodes: budget}).SearchView(v)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes < budget || r.Nodes > budget+2 {
			t.Errorf("a budget of %d views visits %d", budget, r.Nodes)
		}
		if err := v.Validate(r.Move); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFogGlancesAgainAfterACutLook: a FogSearcher whose look its budget
// cut glances at every decision of its next search in full, as a new one
// does: the views it visits do not depend on the order of the decisions,
// so both count the same. The mark of a spent budget, left from the cut
// look, made the next glance give up on every shot at a hidden pawn.
func TestFogGlancesAgainAfterACutLook(t *testing.T) {
	v := fogView(t, fogWorst)
	fresh, err := NewFogSearcher(Options{Nodes: 1}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	reused := NewFogSearcher(Options{Nodes: 1})
	for i := range 2 {
		r, err := reused.SearchView(v)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes != fresh.Nodes {
			t.Fatalf("search %d of a reused FogSearcher visits %d views, a new one %d", i+1, r.Nodes, fresh.Nodes)
		}
	}
}

// TestFogKeepsItsTime: with 10 ms a decision, the FogSearcher decides in
// the position of the most decisions within a generous bound; it took
// 8 s, looking at every decision with every reply whatever its time.
func TestFogKeepsItsTime(t *testing.T) {
	v := fogView(t, fogWorst)
	start := time.Now()
	r, err := NewFogSearcher(Options{Time: 10 * time.Millisecond}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("a search of 10 ms took %v (%d views)", d, r.Nodes)
	}
}

// TestFogLookCutShort: the FogSearcher whose look is cut short plays the
// best decision of its glance (Depth 1) when it has looked at none with
// the replies, and the best of those it looked at (Depth 2) otherwise;
// when the budget lets it look at every decision it plays what a
// FogSearcher without budget plays, with the same seed.
func TestFogLookCutShort(t *testing.T) {
	const text = "1j3x1/n1J1xfq/3kF2/2X!4/3t3/Q3K1X/3T1N1 w 0 0 -"
	v := fogView(t, text)
	closed := make(chan struct{})
	close(closed)
	cut, err := NewFogSearcher(Options{Seed: 4, Cancel: closed}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	glance, err := NewFogSearcher(Options{Seed: 4, Nodes: 1}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if cut.Depth != 1 || cut != glance {
		t.Errorf("cancelled: %+v; with a budget of 1 view: %+v; want the same glance, at depth 1", cut, glance)
	}
	whole, err := NewFogSearcher(Options{Seed: 4, Nodes: math.MaxInt}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if whole.Depth != 2 {
		t.Fatalf("the whole look: %+v", whole)
	}
	some, err := NewFogSearcher(Options{Seed: 4, Nodes: glance.Nodes + 3000}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if some.Depth != 2 || some.Nodes >= whole.Nodes {
		t.Errorf("a look cut after 3000 views: %+v; the whole look: %+v", some, whole)
	}
	enough, err := NewFogSearcher(Options{Seed: 4, Nodes: whole.Nodes + 1}).SearchView(v)
	if err != nil {
		t.Fatal(err)
	}
	if enough != whole {
		t.Errorf("a budget of all the views it needs: %+v; no budget: %+v", enough, whole)
	}
}

// TestFogChaseKeepsItsNodes: once a target is known (B8: White's Ten,
// turned over before the Nine was taken, is now White's target), the
// FogSearcher hands the decision to its Searcher with what its look for
// a win at once left of Options.Nodes: the views of both count, within
// the budget.
func TestFogChaseKeepsItsNodes(t *testing.T) {
	v := fogView(t, "1x3t!1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -")
	if !targetKnown(v, hops.First) {
		t.Fatal("White's target should be known")
	}
	for _, n := range []int{1000, 2000} {
		r, err := NewFogSearcher(Options{Nodes: n, Seed: 1}).SearchView(v)
		if err != nil {
			t.Fatal(err)
		}
		if r.Nodes > n || r.Depth < 2 {
			t.Errorf("a chase with a budget of %d nodes: %+v", n, r)
		}
	}
}
