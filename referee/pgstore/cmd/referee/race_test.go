package main

import (
	"net/http"
	"sync"
	"testing"

	"github.com/hopsgames/hops/referee/pgstore/pgtest"
)

// TestSameMoment: a player sends a move to two nodes at the same moment
// (two different moves when he has two), each node holding the game up to
// date: exactly one is accepted, and the history holds it alone.
func TestSameMoment(t *testing.T) {
	srv := pgtest.Start(t)
	db := srv.Database(t)
	bin := build(t)
	nodes := []*node{start(t, bin, "node 1", "-postgres", db), start(t, bin, "node 2", "-postgres", db)}
	l := &load{t: t, nodes: nodes}
	const rounds = 30
	accepted := 0
	for i := range rounds {
		g, ok := l.newGame([]string{"catchit", "zapita", "brouillard"}[i%3], 0, 1)
		if !ok {
			t.Fatalf("no game: %v", l.problems)
		}
		// Both nodes read the game, and so hold it at ply 0.
		var m movesAnswer
		p := 0
		for k, n := range nodes {
			r := call(n.url, "GET", "/games/"+g.id+"/moves", g.tokens[0], nil)
			if r.status != http.StatusOK {
				t.Fatalf("moves on node %d: %s", k+1, r)
			}
			r.decode(t, &m)
		}
		if m.ToMove != g.sides[0] {
			p = 1
			call(nodes[0].url, "GET", "/games/"+g.id, g.tokens[p], nil)
			r := call(nodes[1].url, "GET", "/games/"+g.id+"/moves", g.tokens[p], nil)
			r.decode(t, &m)
		}
		moves := []string{m.Moves[0], m.Moves[len(m.Moves)-1]}
		answers := make([]answer, 2)
		var wg sync.WaitGroup
		ready := make(chan struct{})
		for k, n := range nodes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-ready
				answers[k] = call(n.url, "POST", "/games/"+g.id+"/moves", g.tokens[p], map[string]string{"move": moves[k]})
			}()
		}
		close(ready)
		wg.Wait()
		won := -1
		for k, a := range answers {
			switch {
			case a.status == http.StatusOK:
				if won >= 0 {
					t.Errorf("game %s: both nodes accepted a move of ply 1: %q and %q", g.id, moves[0], moves[1])
				}
				won = k
			case a.status == http.StatusForbidden || a.status == http.StatusConflict:
			default:
				t.Errorf("game %s, node %d: %s", g.id, k+1, a)
			}
		}
		if won < 0 {
			t.Errorf("game %s: neither node accepted the move: %s; %s", g.id, answers[0], answers[1])
			continue
		}
		accepted++
		for k, n := range nodes {
			var h history
			r := call(n.url, "GET", "/games/"+g.id+"/history", g.tokens[p], nil)
			if r.decode(t, &h); len(h.Moves) != 1 || h.Moves[0] != moves[won] {
				t.Errorf("game %s: node %d's history %q, want [%q]", g.id, k+1, h.Moves, moves[won])
			}
		}
	}
	t.Logf("%d games: each time one node of two accepted the move", accepted)
}
