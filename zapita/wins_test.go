package zapita

import (
	"math/rand/v2"
	"testing"

	hops "github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// naiveBombRests is the reference for Takers and BombRests (Z4-Z6): generate
// every move of side s and look where its pawn ends and its bomb rests.
func naiveBombRests(p Position, s hops.Side) (takers, rests hops.Bitboard) {
	q := p
	q.side = s & 1
	for m := range q.Moves() {
		if m.NumThrows() > 0 {
			takers |= m.From().Bit()
			rests |= m.Rest().Bit()
		}
	}
	return takers, rests
}

// checkBombRests compares Takers, BombRests and CanWinNow with the
// generated moves, for both sides.
func checkBombRests(t fataler, p Position) {
	t.Helper()
	for _, s := range []hops.Side{White, Khaki} {
		wantT, wantR := naiveBombRests(p, s)
		// A taker that has no throw is no taker of the naive look.
		gotT := p.Takers(s)
		var throwing hops.Bitboard
		q := p
		q.side = s
		for from := range gotT.Squares() {
			if q.Destinations(from).Has(p.bomb) {
				throwing |= from.Bit()
			}
		}
		if throwing != wantT {
			t.Fatalf("%s: Takers(%s) with a throw = %v, want %v", p, SideName(s), throwing, wantT)
		}
		if got := p.BombRests(s); got != wantR {
			t.Fatalf("%s: BombRests(%s) = %v, want %v", p, SideName(s), got, wantR)
		}
	}
	win := false
	for m := range p.Moves() {
		win = win || m.Wins()
	}
	if p.CanWinNow() != win {
		t.Fatalf("%s: CanWinNow = %v, the moves say %v", p, p.CanWinNow(), win)
	}
}

// checkTakersExact: every pawn of Takers can end a move on the bomb's
// square (by Destinations when a throw follows; else by its jump reach),
// and none other can.
func checkTakersExact(t fataler, p Position) {
	t.Helper()
	if p.over() {
		return
	}
	occ := p.occupied()
	for _, s := range []hops.Side{White, Khaki} {
		var want hops.Bitboard
		for from := range p.Pawns(s).Squares() {
			rules := p.jumpRulesOcc(from, occ)
			if neighbours[from].Has(p.bomb) || rules.ReachEnds(from).Has(p.bomb) {
				want |= from.Bit()
			}
		}
		if got := p.Takers(s); got != want {
			t.Fatalf("%s: Takers(%s) = %v, want %v", p, SideName(s), got, want)
		}
	}
}

// TestPropertyBombRests: Takers (Z4), BombRests (Z5, Z6) and CanWinNow
// (Z3) agree with the generated moves over random games.
func TestPropertyBombRests(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, _ := randomPosition(t)
		checkBombRests(t, p)
		checkTakersExact(t, p)
	})
}

// TestBombRestsScattered: the same agreement (Z3-Z6) on crowded and
// unusual placements, where chains of jumps (Z4) and relays (Z6) are
// long.
func TestBombRestsScattered(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 3000 {
		p := scatter(rng)
		p.side = hops.Side(rng.IntN(2))
		checkBombRests(t, p)
		checkTakersExact(t, p)
	}
}

// TestZ3_CanWinNow: nobody can win at once from the start, and a pawn
// of power 3 next to a bomb three squares from the HQ can, unless an
// opposing 3 lies in the throw's way (Z5).
func TestZ3_CanWinNow(t *testing.T) {
	if Start().CanWinNow() || Start().BombRests(Khaki) != 0 {
		t.Fatalf("the start has a win at once or a Khaki throw")
	}
	p := build(t, 'w', "D4", "E4C")
	if !p.CanWinNow() || !p.BombRests(White).Has(KhakiHQ) {
		t.Fatalf("%s: White throws D4 to A4 (Z3, Z5)", p)
	}
	// A Khaki pawn of power 3 on C4 blocks the power-3 throw (Z5).
	p = build(t, 'w', "D4", "E4C", "C4c")
	if p.CanWinNow() {
		t.Fatalf("%s: the throw over C4 is blocked (Z5)", p)
	}
}

// BenchmarkBombRests measures the look at both sides' throws, against
// generating the moves of the side to move.
func BenchmarkBombRests(b *testing.B) {
	var ps []Position
	for _, text := range []string{"a4B1/1b5/3C3/3c3/1c3bC/5B1/a2*AA1 k", "5B1/ba5/2A1A2/2cC3/1bc1C2/1a3B1/4*2 w", "a5A/b5B/6C/1cbB3/4cC1/5*1/a5A w"} {
		p, err := Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.Run("BombRests", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			p := ps[i%len(ps)]
			_ = p.BombRests(White) | p.BombRests(Khaki)
		}
	})
	b.Run("AppendMoves", func(b *testing.B) {
		buf := make([]Move, 0, 256)
		for i := 0; b.Loop(); i++ {
			buf = ps[i%len(ps)].AppendMoves(buf[:0])
		}
	})
}
