package coir

import (
	"math/rand/v2"
	"testing"
)

// TestCanWinNowAgreesWithPlay checks CanWinNow (C3) against playing
// every move, on positions of random games, and on a position built by
// hand where a jump turns Black's last pawn.
func TestCanWinNowAgreesWithPlay(t *testing.T) {
	slow := func(p Position) bool {
		for m := range p.Moves() {
			if c, err := p.Play(m); err == nil && c.Pawns(c.ToMove()) == 0 {
				return true
			}
		}
		return false
	}
	p, err := Parse("wwwwww/wwww2/6/6/1b4/w5 w")
	if err != nil {
		t.Fatal(err)
	}
	if !p.CanWinNow() {
		t.Errorf("%s: A1 over B2 turns the last black pawn", p)
	}
	wins := 0
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 5))
		p := Start()
		for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
			want := slow(p)
			if got := p.CanWinNow(); got != want {
				t.Fatalf("%s: CanWinNow %v, playing the moves says %v", p, got, want)
			}
			if want {
				wins++
			}
			moves := p.AppendMoves(nil)
			p, _ = p.Play(moves[r.IntN(len(moves))])
		}
	}
	if wins < 5 {
		t.Errorf("only %d positions with a win in one were met", wins)
	}
	t.Logf("%d positions with a win in one", wins)
}
