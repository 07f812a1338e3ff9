package players

import (
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/gametest"
	"github.com/hopsgames/hops/zapita"
)

// winningMoves returns the moves of p that win at once, found the slow
// and sure way: by playing every move and asking Outcome.
func winningMoves[P hops.Position[P, M], M hops.Move](t *testing.T, p P) []M {
	t.Helper()
	var out []M
	for m := range p.Moves() {
		c, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %s: %v", p, m, err)
		}
		if o := c.Outcome(); o.Over && o.Winner == p.ToMove() {
			out = append(out, m)
		}
	}
	return out
}

// allowsWin reports whether the opponent can win at once after m.
func allowsWin[P hops.Position[P, M], M hops.Move](t *testing.T, p P, m M) bool {
	t.Helper()
	c, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s: %s: %v", p, m, err)
	}
	return c.ToMove() != p.ToMove() && !c.Outcome().Over && hasWin(t, c)
}

// wonBy says whether c, just reached by a move of side, is won by side.
// For Catch'it it looks only at the ball having left the board (K3),
// for Coir at the loser having no pawn left (C3), which spares
// Outcome's search for a legal move (G6) on every reply.
func wonBy[P hops.Position[P, M], M hops.Move](c P, side hops.Side) bool {
	switch k := any(c).(type) {
	case catchit.Position:
		return k.Carrier() == hops.NoSquare
	case coir.Position:
		return k.Pawns(k.ToMove()) == 0
	}
	o := c.Outcome()
	return o.Over && o.Winner == side
}

// hasWin reports whether the side to move in p can win at once, by
// playing its moves until one wins.
func hasWin[P hops.Position[P, M], M hops.Move](t *testing.T, p P) bool {
	t.Helper()
	for m := range p.Moves() {
		c, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %s: %v", p, m, err)
		}
		if wonBy(c, p.ToMove()) {
			return true
		}
	}
	return false
}

// chooser is one player under test: it returns its move in p.
type chooser[P any, M any] struct {
	name   string
	choose func(p P) (M, error)
}

// tacticalCases finds positions by random play from the deal of a few
// seeds: positions where the side to move can win at once, and
// positions without such a win where some moves let the opponent win at
// once and others do not (a threat with a parry). It adds the positions
// of the texts given, which must be of one kind or the other, and returns
// at most max of each kind.
//
// The random players prefer the moves prefer rates highest, if given, to
// reach the positions sought sooner; interesting, if given, skips the
// positions that cannot be either kind without asking the slow oracle.
func tacticalCases[P hops.Position[P, M], M hops.Move](t *testing.T, g *hops.Game, texts []string, parse func(string) (P, error), max int,
	prefer func(P, M) int, interesting func(P) bool) (wins, threats []P) {
	t.Helper()
	classify := func(p P) (win, threat bool) {
		if hasWin(t, p) {
			return true, false
		}
		bad, good := 0, 0
		for m := range p.Moves() {
			if allowsWin(t, p, m) {
				bad++
			} else {
				good++
			}
		}
		return false, bad > 0 && good > 0
	}
	for _, text := range texts {
		p, err := parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		switch w, th := classify(p); {
		case w:
			wins = append(wins, p)
		case th:
			threats = append(threats, p)
		default:
			t.Fatalf("%s has neither a win in one nor a threat with a parry", text)
		}
	}
	for seed := uint64(1); seed <= 200 && (len(wins) < max || len(threats) < max); seed++ {
		r := rand.New(rand.NewPCG(seed, 77))
		s, err := games.Deal(g, hops.Side(seed&1), r)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Value().(P)
		var buf []M
		for ply := 0; ply < 120 && !p.Outcome().Over; ply++ {
			if interesting == nil || interesting(p) {
				w, th := classify(p)
				if w && len(wins) < max {
					wins = append(wins, p)
				}
				if th && len(threats) < max {
					threats = append(threats, p)
				}
			}
			buf = p.AppendMoves(buf[:0])
			m := buf[r.IntN(len(buf))]
			if prefer != nil {
				for _, n := range buf {
					if prefer(p, n) > prefer(p, m) {
						m = n
					}
				}
			}
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(wins) < max || len(threats) < max {
		t.Fatalf("%s: found %d positions with a win in one and %d with a threat, want %d of each", g.Name, len(wins), len(threats), max)
	}
	return wins, threats
}

// checkTactics asks every player for its move in every case: in a
// position with a win in one it must win at once; in a position with a
// threat it must choose a move after which the opponent cannot win at
// once.
func checkTactics[P hops.Position[P, M], M hops.Move](t *testing.T, wins, threats []P, players []chooser[P, M]) {
	t.Helper()
	for _, pl := range players {
		for _, p := range wins {
			m, err := pl.choose(p)
			if err != nil {
				t.Fatalf("%s in %s: %v", pl.name, p, err)
			}
			c, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s in %s plays %s: %v", pl.name, p, m, err)
			}
			if o := c.Outcome(); !o.Over || o.Winner != p.ToMove() {
				t.Errorf("%s in %s plays %s and misses the win %v", pl.name, p, m, winningMoves(t, p))
			}
		}
		for _, p := range threats {
			m, err := pl.choose(p)
			if err != nil {
				t.Fatalf("%s in %s: %v", pl.name, p, err)
			}
			if allowsWin(t, p, m) {
				t.Errorf("%s in %s plays %s, after which the opponent wins at once", pl.name, p, m)
			}
		}
	}
}

// typedPlayers returns the searching player and the Monte Carlo player of
// a game whose whole state is public, with small node budgets.
func typedPlayers[P hops.Position[P, M], M hops.Move](eval Eval[P], tac Tactics[P, M]) []chooser[P, M] {
	s := NewTacticalSearcher(eval, tac, Options{Nodes: 300, Seed: 1})
	m := NewMCTS(eval, tac, Options{Nodes: 300, Seed: 1})
	return []chooser[P, M]{{"search", s.Move}, {"mcts", m.Move}}
}

// TestZapitaTakesWinAndParries: the bomb thrown into the opposing
// headquarters (Z3, Z5) is taken, and a throw into one's own is
// prevented where a move prevents it.
func TestZapitaTakesWinAndParries(t *testing.T) {
	wins, threats := tacticalCases(t, zapita.Game, []string{
		// White's 3 on E4 lands on the bomb on D4 and throws it three
		// squares west into A4, Khaki's headquarters.
		"a5A/b5B/c5C/3*C2/c6/b5B/a5A w",
	}, zapita.Parse, 6, nil, nil)
	checkTactics(t, wins, threats, typedPlayers(ZapitaEval, ZapitaTactics()))
}

// skipWhenSlow skips a test of one goroutine's play under the race
// detector, which finds nothing there, and as WebAssembly, whose run
// checks that searches stop on one thread: the slowest tactical tests
// would take most of the package's time there; a native run keeps them.
func skipWhenSlow(t *testing.T) {
	if gametest.Slow {
		t.Skip("one goroutine's play: run natively without -race")
	}
}

// TestCatchitTakesWinAndParries: the ball carried off the board (K3, K6)
// is taken, and the opponent's exit is prevented where a move prevents
// it.
func TestCatchitTakesWinAndParries(t *testing.T) {
	skipWhenSlow(t)
	n := 4
	if testing.Short() {
		n = 1 // the slow oracle plays every reply to every move
	}
	wins, threats := tacticalCases(t, catchit.Game, []string{
		// Blue's carrier on D7 steps out beyond rank 7.
		"rrrBrr1/5rr/7/7/7/7/bbb1bbb b",
	}, catchit.Parse, n, nil, func(p catchit.Position) bool {
		// Only where Move.Wins sees a win for either side after some
		// move is there anything to find; the slow oracle decides.
		wins := func(q catchit.Position) bool {
			for m := range q.Moves() {
				if m.Wins() {
					return true
				}
			}
			return false
		}
		if wins(p) {
			return true
		}
		for m := range p.Moves() {
			if c, err := p.Play(m); err == nil && wins(c) {
				return true
			}
		}
		return false
	})
	checkTactics(t, wins, threats, typedPlayers(CatchitEval, CatchitTactics()))
}

// TestCoirTakesWinAndParries: turning the opponent's last pawns (C3, C5)
// is taken, and the loss of one's own last pawns is prevented where a
// move prevents it.
func TestCoirTakesWinAndParries(t *testing.T) {
	skipWhenSlow(t)
	n := 6
	if testing.Short() {
		n = 3
	}
	wins, threats := tacticalCases(t, coir.Game, []string{
		// White's A1 jumps over Black's last pawn on B2 and turns it.
		"wwwwww/wwww2/6/6/1b4/w5 w",
	}, coir.Parse, n, CoirTactics().Priority,
		// A win in one needs few opposing pawns in practice.
		func(p coir.Position) bool { return min(p.Pawns(coir.White).Count(), p.Pawns(coir.Black).Count()) <= 3 })
	checkTactics(t, wins, threats, typedPlayers(CoirEval, CoirTactics()))
}

// TestBrouillardTakesWinAndParries: turning over the King when it is
// the target (B5, B8) is taken, and the capture of one's own King is
// prevented where a move prevents it. The searchers see the true state
// here; the players built by New, which see only their view, are asked
// to parry (their own King is known to them).
func TestBrouillardTakesWinAndParries(t *testing.T) {
	// Random players that capture whenever they can reach the King
	// sooner; only a side whose target is the King can win at once.
	wins, threats := tacticalCases(t, brouillard.Game, nil, brouillard.Parse, 6, BrouillardTactics().Priority,
		func(p brouillard.Position) bool {
			return p.Captured(brouillard.White) == 4 || p.Captured(brouillard.Red) == 4
		})
	// A player sees only its view (B4): it can be sure of a win at once
	// only where it knows the square of the opposing King.
	var seen []brouillard.Position
	for _, p := range wins {
		v := p.View(p.ToMove())
		if _, known := figureSquare(v, p.ToMove().Other(), brouillard.King); known || v.Consistent() == 1 {
			seen = append(seen, p)
		}
	}
	t.Logf("%d positions with a win at once, %d of them seen from the view; %d threats", len(wins), len(seen), len(threats))
	if len(seen) == 0 {
		t.Fatal("no win at once that the side to move can see")
	}
	players := typedPlayers(BrouillardEval, BrouillardTactics())
	checkTactics(t, seen, threats, players)
	var viewers []chooser[brouillard.Position, brouillard.Move]
	for _, kind := range []string{KindSearch, KindMCTS} {
		a, err := New(brouillard.Game, kind, Options{Nodes: 400, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		viewers = append(viewers, chooser[brouillard.Position, brouillard.Move]{kind + " from its view", func(p brouillard.Position) (brouillard.Move, error) {
			s, err := brouillard.Game.Parse(p.String())
			if err != nil {
				return brouillard.Move{}, err
			}
			text, err := a.Choose(s)
			if err != nil {
				return brouillard.Move{}, err
			}
			return brouillard.ParseMove(text)
		}})
	}
	checkTactics(t, nil, threats, viewers)
}

// agreeWithPlay checks a game's fast win detectors against playing every
// move, on the positions of random games: CanWinNow must say whether a
// move wins at once by the game's goal, and MoveWins must pick out
// exactly the moves that do. goal tells a win by the game's goal from a
// win because the loser has no move (G6), which the detectors leave out.
func agreeWithPlay[P hops.Position[P, M], M hops.Move](t *testing.T, g *hops.Game, tac Tactics[P, M], goal func(c P) bool, games int) {
	t.Helper()
	found := 0
	for seed := range uint64(games) {
		r := rand.New(rand.NewPCG(seed, 9))
		s, err := dealSeed(g, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Value().(P)
		var buf []M
		for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
			want := false
			buf = p.AppendMoves(buf[:0])
			for _, m := range buf {
				c, err := p.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				wins := c.Outcome().Over && c.Outcome().Winner == p.ToMove() && goal(c)
				want = want || wins
				if tac.MoveWins != nil && tac.MoveWins(m) != wins {
					t.Fatalf("%s: MoveWins(%s) = %v, playing it says %v", p, m, !wins, wins)
				}
			}
			if tac.CanWinNow != nil {
				if got := tac.CanWinNow(p); got != want {
					t.Fatalf("%s: CanWinNow %v, playing the moves says %v", p, got, want)
				}
			}
			if tac.Decided != nil {
				if w, ok := tac.Decided(p); ok && w == p.ToMove() && !want {
					t.Fatalf("%s: Decided says the side to move wins at once, but no move does", p)
				}
			}
			if want {
				found++
			}
			p, _ = p.Play(buf[r.IntN(len(buf))])
		}
	}
	if found < 3 {
		t.Errorf("%s: only %d positions with a win in one were met", g.Name, found)
	}
}

func dealSeed(g *hops.Game, seed uint64) (hops.State, error) {
	return games.Deal(g, hops.Side(seed&1), rand.New(rand.NewPCG(seed, 10)))
}

// TestWinDetectorsAgreeWithPlay: Zapita's Move.Wins and CanWinNow (Z3),
// Catch'it's Move.Wins (K3), Coir's CanWinNow (C3) and Brouillard's
// CanWinNow (B5) against playing the moves, and the games' Decided
// where it names the side to move.
func TestWinDetectorsAgreeWithPlay(t *testing.T) {
	n := 20
	if testing.Short() || gametest.Race {
		n = 6
	}
	agreeWithPlay(t, zapita.Game, ZapitaTactics(), func(c zapita.Position) bool {
		return c.Bomb() == zapita.KhakiHQ || c.Bomb() == zapita.WhiteHQ
	}, n)
	agreeWithPlay(t, catchit.Game, CatchitTactics(), func(c catchit.Position) bool { return c.Carrier() == hops.NoSquare }, n/2)
	agreeWithPlay(t, coir.Game, CoirTactics(), func(c coir.Position) bool { return c.Pawns(c.ToMove()) == 0 }, n)
	agreeWithPlay(t, brouillard.Game, BrouillardTactics(), func(c brouillard.Position) bool { return c.Outcome().Rule == "B5" }, n)
}

// TestCoirCanWinNowByHand: White's A1 jumps over Black's last pawn on B2
// and turns it (C3); Black, to move instead, cannot turn eleven.
func TestCoirCanWinNowByHand(t *testing.T) {
	for text, want := range map[string]bool{
		"wwwwww/wwww2/6/6/1b4/w5 w": true,
		"wwwwww/wwww2/6/6/1b4/w5 b": false, // Black's lone Dame cannot turn eleven
	} {
		p, err := coir.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.CanWinNow(); got != want {
			t.Errorf("%s: CanWinNow %v, want %v", text, got, want)
		}
	}
}

// settled says who wins within a turn in p, the slow and sure way: the
// side to move if one of its moves wins at once (K3), its opponent if
// every move of the side to move gives it such a move; ok is false
// otherwise.
func settled(t *testing.T, p catchit.Position) (hops.Side, bool) {
	t.Helper()
	side := p.ToMove()
	if hasWin(t, p) {
		return side, true
	}
	for _, m := range p.AppendMoves(nil) {
		c, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %s: %v", p, m, err)
		}
		if c.Outcome().Over || !hasWin(t, c) {
			return 0, false
		}
	}
	return side.Other(), true
}

// TestCatchitDecided: the carrier on its last rank, or on the rank before
// with an attacking pawn in front to jump out over (K6), wins with the
// move, and without it when no jump over the carrier can take the ball
// (K5); the cases are checked against settled too.
func TestCatchitDecided(t *testing.T) {
	type verdict struct {
		winner hops.Side
		ok     bool
	}
	blue, none := verdict{catchit.Blue, true}, verdict{}
	for text, want := range map[string]verdict{
		"B6/7/7/rrrrrrr/7/7/bbbbbb1 b":     blue, // steps out
		"B6/7/7/rrrrrrr/7/7/bbbbbb1 r":     blue, // a corner: no jump over it
		"3B3/7/7/rrrrrrr/7/7/bbbbbb1 r":    none, // C7 and E7 free: Red may take
		"2bb3/2bB3/2b4/7/7/rrrrrrr/bb5 r":  blue, // D7 to jump out over, each line across D6 closed
		"3b3/2bB3/2b4/7/7/rrrrrrr/bbb4 r":  none, // C7-E5 open across D6
		"3r3/2bB3/2bbb2/7/7/1rrrrrr/bb5 r": none, // Red may move D7 away
		"3r3/2bB3/2bbb2/7/7/1rrrrrr/bb5 b": blue, // Blue jumps out over D7
		"7/3B3/7/rrrrrrr/7/7/bbbbbb1 b":    none, // D6 with nothing in front
		"rrrrrr1/7/7/b6/7/7/bbbbbbR r":     {catchit.Red, true},
		"rrrrrr1/7/7/b6/7/7/bbbbRbb b":     none, // D1 may jump E1 to F1 once F1 has moved
	} {
		p, err := catchit.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		w, ok := catchitDecided(p)
		if got := (verdict{w, ok}); !ok && want.ok || ok && got != want {
			t.Errorf("%s: decided %v, want %v", text, got, want)
		}
		if ok {
			if tw, tok := settled(t, p); !tok || tw != w {
				t.Errorf("%s: decided for %v, but the moves say %v %v", text, w, tw, tok)
			}
		}
	}
}

// TestCatchitDecidedAgreesWithPlay: over random games, every position
// catchitDecided settles is settled so by its moves (K3, K5, K6), and
// enough of them are met to make the check worth something.
func TestCatchitDecidedAgreesWithPlay(t *testing.T) {
	n := 30
	if testing.Short() || gametest.Race {
		n = 8
	}
	met := [2]int{} // settled for the side to move, for its opponent
	for seed := range uint64(n) {
		s, err := dealSeed(catchit.Game, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Value().(catchit.Position)
		r := rand.New(rand.NewPCG(seed, 11))
		var buf []catchit.Move
		for ply := 0; ply < 200 && !p.Outcome().Over; ply++ {
			if w, ok := catchitDecided(p); ok {
				if tw, tok := settled(t, p); !tok || tw != w {
					t.Fatalf("%s: decided for %v, but the moves say %v %v", p, w, tw, tok)
				}
				if w == p.ToMove() {
					met[0]++
				} else {
					met[1]++
				}
			}
			buf = p.AppendMoves(buf[:0])
			p, _ = p.Play(buf[r.IntN(len(buf))])
		}
	}
	if met[0] < 3 || met[1] < 3 {
		t.Errorf("only %v settled positions met", met)
	}
}

// TestCatchitTempo: what the side to move can do with the ball at once,
// for the carrier's side: Red, to move, takes the ball from D3 by jumping
// it from D4 (K5), or cannot reach it; Blue, to move, jumps its carrier
// from D3 over D4 to D5, two ranks on (K4).
func TestCatchitTempo(t *testing.T) {
	for text, want := range map[string]int{
		"rrrrrr1/7/7/3r3/3B3/7/bbbbbb1 r": -250,
		"rrrrrr1/3r3/7/7/3B3/7/bbbbbb1 r": 0, // D6 is too far
		"rrrrrr1/7/7/3r3/3B3/7/bbbbbb1 b": 80,
		"rrrrrr1/7/7/7/3B3/7/bbbbbbr r":   0,
		"rrrrrr1/7/r6/1b5/3B3/7/bbbbb2 r": -250, // A5 jumps B4 to C3, next to D3
	} {
		p, err := catchit.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		c := p.Carrier()
		if got := catchitTempo(p, c, catchit.Blue, p.Pawns(catchit.Blue)|p.Pawns(catchit.Red)); got != want {
			t.Errorf("%s: tempo %d, want %d", text, got, want)
		}
	}
}

// TestMCTSParriesG6: MCTS never lets the opponent win at once when
// another move avoids it, a win because the player is left without a
// legal move (G6) included, which the games' win detectors do not look
// for. In this Brouillard position 8 of Red's 209 moves let White leave
// Red without a move (such as A6-C4 G5-G7-E7-E5-C5-C3-C1-E1xG1, then
// F1-E2 B2-D2-F2); the tree, with so many moves at each level, played
// one of them at 2,000 and at 20,000 nodes.
func TestMCTSParriesG6(t *testing.T) {
	const text = "3n1t1/q3x1k/1x1j!2f/7/3Q1J1/XFX4/1K1N1T1 r 0 0 -"
	p, err := brouillard.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	losing := 0
	for m := range p.Moves() {
		q, _ := p.Play(m)
		if lost, _ := replyWins(q, p.ToMove()); lost {
			losing++
		}
	}
	if losing == 0 || losing == p.CountMoves() {
		t.Fatalf("%d of %d moves lose at once: the case is not one of choice", losing, p.CountMoves())
	}
	s, err := brouillard.Game.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	// A search cancelled before it starts checks almost none of the
	// root's moves (it has no time left for them) and runs one
	// iteration: the check of the move it plays must still hold.
	cancelled := make(chan struct{})
	close(cancelled)
	for seed := range uint64(106) {
		opt := Options{Nodes: 2000, Seed: seed + 10}
		if seed >= 6 {
			opt.Cancel = cancelled // a hundred quick searches
		}
		a, err := New(brouillard.Game, KindMCTS, opt)
		if err != nil {
			t.Fatal(err)
		}
		move, err := a.Choose(s)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := brouillard.ParseMove(move)
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if lost, reply := replyWins(q, p.ToMove()); lost {
			t.Errorf("seed %d: MCTS plays %s, after which White wins at once with %s", seed+10, move, reply)
		}
	}
}

// replyWins reports whether the opponent of side, to move in q, has a
// move that wins at once, and names it.
func replyWins(q brouillard.Position, side hops.Side) (bool, brouillard.Move) {
	if q.ToMove() == side {
		return false, brouillard.Move{}
	}
	for r := range q.Moves() {
		if x, _ := q.Play(r); x.Outcome().Over && x.Outcome().Winner != side {
			return true, r
		}
	}
	return false, brouillard.Move{}
}

// TestMCTSScore: MCTS scores a win in one Win-1, as Searcher does, and any
// other choice by its mean reward within ±MaxEval (its documentation).
func TestMCTSScore(t *testing.T) {
	win, err := zapita.Parse("a5A/b5B/c5C/3*C2/c6/b5B/a5A w")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMCTS(ZapitaEval, ZapitaTactics(), Options{Nodes: 300, Seed: 1})
	r, err := m.Search(win)
	if err != nil || r.Score != Win-1 {
		t.Errorf("a win in one: score %d, %v; want Win-1 (%d)", r.Score, err, Win-1)
	}
	for _, p := range []zapita.Position{zapita.Start(), zapita.Start().Mirror()} {
		r, err := m.Search(p)
		if err != nil || r.Score < -MaxEval || r.Score > MaxEval {
			t.Errorf("%s: score %d, %v; want within ±MaxEval", p, r.Score, err)
		}
	}
}
