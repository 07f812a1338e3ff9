package players

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// entrant is one player of the ladder: a kind of player and its budget.
type entrant struct {
	kind  string
	nodes int
	time  time.Duration
}

func (e entrant) String() string {
	if e.kind == KindRandom {
		return e.kind
	}
	if e.time > 0 {
		return fmt.Sprintf("%s %v", e.kind, e.time)
	}
	return fmt.Sprintf("%s %dn", e.kind, e.nodes)
}

func (e entrant) agent(t *testing.T, g *hops.Game, seed uint64) Agent {
	t.Helper()
	a, err := New(g, e.kind, Options{Nodes: e.nodes, Time: e.time, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// score is the result of a series of games between two entrants.
type score struct {
	wins       [2]int           // games won by entrant 0 and 1
	unfinished int              // games stopped by the ply limit
	plies      int              // moves played in all
	spent      [2]time.Duration // time each entrant took to choose
	moves      [2]int           // moves each entrant chose
}

// series plays n games between a and b in game g, a taking the first side
// in the even games and the second in the odd ones; each game starts from
// the deal of its seed and stops unfinished after maxPlies moves.
func series(t *testing.T, g *hops.Game, a, b entrant, n, maxPlies int) score {
	t.Helper()
	return seriesWith(t, g, func(seed uint64) Agent { return a.agent(t, g, seed) }, b, n, maxPlies)
}

// seriesWith is series with the first player built by a.
func seriesWith(t *testing.T, g *hops.Game, a func(seed uint64) Agent, b entrant, n, maxPlies int) score {
	t.Helper()
	var sc score
	for i := range n {
		seed := uint64(7000 + i)
		ea := hops.Side(i & 1) // the side entrant a plays
		var agents [2]Agent
		agents[ea] = a(seed)
		agents[ea.Other()] = b.agent(t, g, seed+1)
		s, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		ply := 0
		for ; ply < maxPlies && !s.Outcome().Over; ply++ {
			side := s.ToMove()
			who := 0
			if side != ea {
				who = 1
			}
			start := time.Now()
			move, err := agents[side].Choose(s)
			sc.spent[who] += time.Since(start)
			sc.moves[who]++
			if err != nil {
				t.Fatalf("%s seed %d ply %d: %v", g.Name, seed, ply, err)
			}
			if s, err = s.Play(move); err != nil {
				t.Fatalf("%s seed %d ply %d: %s: %v", g.Name, seed, ply, move, err)
			}
		}
		sc.plies += ply
		switch o := s.Outcome(); {
		case !o.Over:
			sc.unfinished++
		case o.Winner == ea:
			sc.wins[0]++
		default:
			sc.wins[1]++
		}
	}
	return sc
}

func perMove(d time.Duration, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1fms", float64(d.Microseconds())/float64(n)/1000)
}

// TestLadder plays the strength ladder: series of games with fixed seeds
// between the players of this package (Searcher, Baseline, MCTS and
// Random, at equal time per move, 20ms, or at node budgets), each side
// in turn, and prints a table of scores. It asserts that
//   - Searcher beats Baseline at equal time per move in at least 75% of
//     the 96 games of every game (72 wins; unfinished games count as not
//     won): enough games that luck, which is large in Brouillard and
//     in who moves first in Zapita, cannot decide it;
//   - Searcher beats the random player in at least 90% of its games.
//
// It takes minutes, so it runs only when HOPS_LADDER=1 is set (and not
// with -short): HOPS_LADDER=1 go test -run TestLadder -v ./players.
// HOPS_LADDER_GAME=coir keeps one game, HOPS_LADDER_PAIRS=0,2 some lines,
// HOPS_LADDER_GAMES=24 plays that many games in every line (the 75% is
// then asserted over them).
func TestLadder(t *testing.T) {
	if os.Getenv("HOPS_LADDER") == "" || testing.Short() {
		t.Skip("the strength ladder takes minutes: run it with HOPS_LADDER=1, without -short")
	}
	const (
		maxPlies = 300
		perMoveT = 20 * time.Millisecond
	)
	type pairing struct {
		a, b entrant
		n    int // games
		need int // the least percentage of games a must win; 0 asserts nothing
	}
	search, baseline, mcts := entrant{kind: KindSearch, time: perMoveT}, entrant{kind: KindBaseline, time: perMoveT}, entrant{kind: KindMCTS, time: perMoveT}
	pairings := []pairing{
		{search, baseline, 96, 75},
		{search, entrant{kind: KindRandom}, 6, 90},
		{mcts, entrant{kind: KindRandom}, 6, 0},
		{mcts, baseline, 6, 0},
		{search, mcts, 6, 0},
		{entrant{kind: KindSearch, nodes: 4000}, entrant{kind: KindBaseline, nodes: 4000}, 6, 0},
		{entrant{kind: KindSearch, nodes: 8000}, entrant{kind: KindSearch, nodes: 1000}, 6, 0},
	}
	if only := os.Getenv("HOPS_LADDER_PAIRS"); only != "" {
		var keep []pairing
		for i, p := range pairings {
			if strings.Contains(","+only+",", fmt.Sprintf(",%d,", i)) {
				keep = append(keep, p)
			}
		}
		pairings = keep
	}
	if n, err := strconv.Atoi(os.Getenv("HOPS_LADDER_GAMES")); err == nil && n > 0 {
		for i := range pairings {
			pairings[i].n = n
		}
	}
	var rows []string
	rows = append(rows, "| game | A | B | games | A wins | B wins | unfinished | moves a game | A per move | B per move |",
		"| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, g := range games.All() {
		if only := os.Getenv("HOPS_LADDER_GAME"); only != "" && !strings.Contains(","+only+",", ","+g.Name+",") {
			continue
		}
		for _, p := range pairings {
			n := p.n
			sc := series(t, g, p.a, p.b, n, maxPlies)
			row := fmt.Sprintf("| %s | %s | %s | %d | %d | %d | %d | %.1f | %s | %s |", g.Name, p.a, p.b,
				n, sc.wins[0], sc.wins[1], sc.unfinished, float64(sc.plies)/float64(n),
				perMove(sc.spent[0], sc.moves[0]), perMove(sc.spent[1], sc.moves[1]))
			t.Log(row)
			rows = append(rows, row)
			if p.need > 0 && sc.wins[0]*100 < p.need*n {
				t.Errorf("%s: %s won %d of %d games against %s, fewer than %d%%", g.Name, p.a, sc.wins[0], n, p.b, p.need)
			}
		}
	}
	t.Logf("ladder, each side in turn, games stopped after %d moves counted unfinished:\n%s", maxPlies, strings.Join(rows, "\n"))
}
