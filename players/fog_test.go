package players

import (
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
// of the start, which it looks at with the replies to each; it said 0.
func TestFogCountsNodes(t *testing.T) {
	p := brouillard.Start()
	v := p.View(p.ToMove())
	for _, opt := range []Options{{Nodes: 5000}, {Time: time.Second}} {
		r, err := NewFogSearcher(opt).SearchView(v)
		if err != nil {
			t.Fatal(err)
		}
		if r.Depth != 1 || r.Nodes < v.CountMoves() {
			t.Errorf("%+v: the look at the start's %d decisions reports depth %d, %d nodes", opt, v.CountMoves(), r.Depth, r.Nodes)
		}
	}
}
