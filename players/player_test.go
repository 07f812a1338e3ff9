package players

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
)

// pile is a toy game for the tests: a pile of stones, a move takes one to
// three, and a player who cannot move loses (G6). With bonus set, taking
// exactly three stones gives the same player another decision, like
// Brouillard's extra Fou moves.
type pile struct {
	stones int
	side   hops.Side
	bonus  bool
}

type take int

func (m take) String() string { return strconv.Itoa(int(m)) }

var _ hops.Position[pile, take] = pile{}

func (p pile) ToMove() hops.Side { return p.side }
func (p pile) Moves() iter.Seq[take] {
	return func(yield func(take) bool) {
		for _, m := range p.AppendMoves(nil) {
			if !yield(m) {
				return
			}
		}
	}
}
func (p pile) AppendMoves(dst []take) []take {
	for n := 1; n <= min(3, p.stones); n++ {
		dst = append(dst, take(n))
	}
	return dst
}
func (p pile) CountMoves() int { return min(3, p.stones) }
func (p pile) Validate(m take) error {
	if m < 1 || m > 3 || int(m) > p.stones {
		return hops.Errorf(hops.ErrIllegal, "T1", m.String(), "cannot take %d of %d", m, p.stones)
	}
	return nil
}
func (p pile) Play(m take) (pile, error) {
	if err := p.Validate(m); err != nil {
		return p, err
	}
	next := pile{stones: p.stones - int(m), side: p.side.Other(), bonus: p.bonus}
	if p.bonus && m == 3 && next.stones > 0 {
		next.side = p.side
	}
	return next, nil
}
func (p pile) Outcome() hops.Outcome {
	if p.stones == 0 {
		return hops.Win(p.side.Other(), "", "G6", "no legal move")
	}
	return hops.Ongoing
}
func (p pile) String() string { return fmt.Sprintf("%d %d %v", p.stones, p.side, p.bonus) }
func (p pile) Hash() uint64 {
	h := uint64(p.stones)<<2 | uint64(p.side)
	if p.bonus {
		h |= 2
	}
	return h * 0x9E3779B97F4A7C15
}

// wins solves the toy game exactly: whether the side to move wins.
func wins(p pile) bool {
	if p.Outcome().Over {
		return p.Outcome().Winner == p.side
	}
	for m := range p.Moves() {
		c, _ := p.Play(m)
		if w := wins(c); w == (c.side == p.side) {
			return true
		}
	}
	return false
}

func flat(p pile, side hops.Side) int { return 0 }

func TestSearcherSolvesToyGame(t *testing.T) {
	for _, bonus := range []bool{false, true} {
		for stones := 1; stones <= 14; stones++ {
			p := pile{stones: stones, bonus: bonus}
			s := NewSearcher[pile, take](flat, Options{Nodes: 1 << 20, Seed: uint64(stones)})
			r, err := s.Search(p)
			if err != nil {
				t.Fatal(err)
			}
			want := wins(p)
			if r.Depth == 0 { // a forced move is returned unsearched
				continue
			}
			if got := r.Score > 0; got != want {
				t.Errorf("%v: score %d, exact result win=%v", p, r.Score, want)
			}
			if want {
				c, _ := p.Play(r.Move)
				if w := wins(c); w != (c.side == p.side) {
					t.Errorf("%v: chose %v, which does not win", p, r.Move)
				}
			}
		}
	}
}

func TestSearcherDeterministic(t *testing.T) {
	for seed := range uint64(5) {
		var runs [2][]take
		for i := range runs {
			s := NewSearcher[pile, take](func(p pile, side hops.Side) int { return p.stones % 5 }, Options{Nodes: 50, Seed: seed})
			for stones := 4; stones <= 40; stones += 4 { // lost positions: all moves tie
				m, err := s.Move(pile{stones: stones})
				if err != nil {
					t.Fatal(err)
				}
				runs[i] = append(runs[i], m)
			}
		}
		if fmt.Sprint(runs[0]) != fmt.Sprint(runs[1]) {
			t.Errorf("seed %d: %v then %v", seed, runs[0], runs[1])
		}
	}
}

func TestSearcherBudget(t *testing.T) {
	s := NewSearcher[pile, take](flat, Options{Nodes: 100})
	r, err := s.Search(pile{stones: 60})
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth < 1 || r.Nodes > 100+3 {
		t.Errorf("depth %d nodes %d", r.Depth, r.Nodes)
	}
	if _, err := s.Search(pile{}); !errors.Is(err, ErrNoMove) {
		t.Errorf("finished game: %v", err)
	}
}

func TestRandomAndErase(t *testing.T) {
	game := hops.NewGame("pile", "Pile", [2]string{"North", "South"},
		func(first hops.Side) pile { return pile{stones: 9, side: first} },
		func(string) (pile, error) { return pile{}, errors.New("no") },
		func(text string) (take, error) { n, err := strconv.Atoi(text); return take(n), err })
	agents := []Agent{Erase[pile, take](NewRandom[pile, take](1)), Erase[pile, take](NewSearcher[pile, take](flat, Options{}))}
	for i := range 20 {
		s := game.Start(hops.Side(i & 1))
		for ply := 0; !s.Outcome().Over; ply++ {
			text, err := agents[ply&1].Choose(s)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = s.Play(text); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := agents[0].Choose(game.Start(hops.First)); err != nil {
		t.Fatal(err)
	}
	if _, err := Erase[pile, take](NewRandom[pile, take](1)).Choose(badState{game.Start(0)}); err == nil {
		t.Error("wrong state type accepted")
	}
}

type badState struct{ hops.State }

func (badState) Value() any { return 0 }

func TestSearchSampled(t *testing.T) {
	s := NewSearcher[pile, take](flat, Options{Nodes: 4000, Seed: 3})
	// The hidden state is the exact pile size, 9 to 11 here; 9 is won by
	// taking 1, 10 by 2, 11 by 3. The sampler only draws 9.
	r, err := s.SearchSampled(func(r *rand.Rand) (pile, error) { return pile{stones: 9}, nil }, 4)
	if err != nil || r.Move != 1 {
		t.Errorf("SearchSampled = %v, %v", r.Move, err)
	}
	want := errors.New("cannot draw")
	if _, err := s.SearchSampled(func(*rand.Rand) (pile, error) { return pile{}, want }, 2); err != want {
		t.Errorf("sampler error: %v", err)
	}
}

// TestNilSamplerErrorIsTheCallers: the error of a sampled search given
// no Sampler is the caller's own value: a field changed in it does not
// show in another player's error.
func TestNilSamplerErrorIsTheCallers(t *testing.T) {
	_, err := NewSearcher[pile, take](flat, Options{Nodes: 10}).SearchSampled(nil, 2)
	var e *hops.Error
	if !errors.As(err, &e) {
		t.Fatalf("SearchSampled(nil): %v (%T), want a *hops.Error", err, err)
	}
	want := err.Error()
	e.Msg = "changed by its caller"
	others := map[string]func() error{
		"Searcher": func() error {
			_, err := NewSearcher[pile, take](flat, Options{Nodes: 10}).SearchSampled(nil, 2)
			return err
		},
		"Baseline": func() error {
			_, err := NewBaseline[pile, take](flat, Options{Nodes: 10}).SearchSampled(nil, 2)
			return err
		},
		"MCTS": func() error {
			_, err := NewMCTS[pile, take](flat, Tactics[pile, take]{}, Options{Nodes: 10}).SearchSampled(nil)
			return err
		},
	}
	for name, search := range others {
		if err := search(); err == nil || err.Error() != want {
			t.Errorf("%s.SearchSampled(nil) after another caller changed his error: %v, want %q", name, err, want)
		}
	}
}

func TestSearcherTimeBudget(t *testing.T) {
	s := NewSearcher[pile, take](flat, Options{Time: 5 * time.Millisecond})
	start := time.Now()
	r, err := s.Search(pile{stones: 1000})
	if err != nil || r.Depth < 1 {
		t.Fatalf("%+v %v", r, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("a 5ms search took %v", d)
	}
}

// TestSearcherBreadthKeepsForcingMoves: a selective search (Breadth 1)
// never leaves out a forcing move, at the root or inside the tree, so
// with every move of the toy game forcing it still solves it exactly;
// with none forcing it searches fewer positions at the same depth.
func TestSearcherBreadthKeepsForcingMoves(t *testing.T) {
	forcing := Tactics[pile, take]{Priority: func(pile, take) int { return 1 }, Forcing: 1, Breadth: 1}
	for stones := 4; stones <= 14; stones++ {
		p := pile{stones: stones}
		r, err := NewTacticalSearcher(flat, forcing, Options{Nodes: 1 << 20, Seed: uint64(stones)}).Search(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := r.Score > 0, wins(p); got != want {
			t.Errorf("%v: score %d, exact result win=%v", p, r.Score, want)
		}
	}
	p := pile{stones: 40}
	opt := Options{Nodes: 1 << 20, MaxDepth: 8, Seed: 1}
	full, _ := NewSearcher[pile, take](flat, opt).Search(p)
	quiet := Tactics[pile, take]{Breadth: 1}
	narrow, _ := NewTacticalSearcher(flat, quiet, opt).Search(p)
	if narrow.Depth != full.Depth || narrow.Nodes >= full.Nodes {
		t.Errorf("Breadth 1: depth %d, %d positions; all moves: depth %d, %d positions", narrow.Depth, narrow.Nodes, full.Depth, full.Nodes)
	}
}

// TestBaselineSampledTimeBudget: Baseline's search over drawn positions
// keeps within Options.Time as a whole (each of the k searches gets its
// share of the time left), where it gave each search the whole budget
// and took k times as long: 8 draws of 40ms each took 320ms.
func TestBaselineSampledTimeBudget(t *testing.T) {
	const budget = 40 * time.Millisecond
	b := NewBaseline[pile, take](flat, Options{Time: budget})
	start := time.Now()
	r, err := b.SearchSampled(func(*rand.Rand) (pile, error) { return pile{stones: 1000}, nil }, 8)
	if err != nil || r.Depth < 1 {
		t.Fatalf("%+v %v", r, err)
	}
	// Four times the budget leaves room for a busy machine; the old
	// search took eight times.
	if d := time.Since(start); d > 4*budget {
		t.Errorf("a search of 40ms over 8 draws took %v", d)
	}
}

// TestCancel: closing Options.Cancel ends a search that has no other
// limit (a node budget it would take hours to spend), for every kind of
// player, with a legal move.
func TestCancel(t *testing.T) {
	for _, kind := range []string{KindSearch, KindBaseline, KindMCTS} {
		cancel := make(chan struct{})
		a, err := New(coir.Game, kind, Options{Nodes: math.MaxInt / 2, Cancel: cancel})
		if err != nil {
			t.Fatal(err)
		}
		s := coir.Game.Start(hops.First)
		done := make(chan error, 1)
		go func() {
			move, err := a.Choose(s)
			if err == nil {
				_, err = s.Play(move)
			}
			done <- err
		}()
		time.Sleep(50 * time.Millisecond)
		close(cancel)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: %v", kind, err)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("%s: the search goes on 3s after Cancel was closed", kind)
		}
	}
}

// TestFogSearcherCancel: Brouillard's searching player, while neither
// target is known, looks at its 324 decisions one by one (240 ms); it
// stops when Cancel is closed and plays the best of those it looked at,
// where it looked at all of them. The look cut short must take a small
// part of the whole one, timed in the same run.
func TestFogSearcherCancel(t *testing.T) {
	p, err := brouillard.Parse("1n1t1k1/2x1q1x/1jF2X1/4Q2/5K1/X!2fN1T/5J1 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	s, err := brouillard.Game.State(p)
	if err != nil {
		t.Fatal(err)
	}
	choose := func(opt Options) time.Duration {
		a, err := New(brouillard.Game, KindSearch, opt)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		move, err := a.Choose(s)
		if err == nil {
			_, err = s.Play(move)
		}
		if err != nil {
			t.Fatal(err)
		}
		return time.Since(start)
	}
	whole := choose(Options{Nodes: math.MaxInt}) // a budget it cannot spend lets the look complete
	cancelled := make(chan struct{})
	close(cancelled)
	if cut := choose(Options{Nodes: 1, Cancel: cancelled}); cut*4 > whole {
		t.Errorf("the look cut short took %v, the whole look %v", cut, whole)
	}
}

// TestZeroPlayers: a searching player that was not built by its
// constructor says so in an error, where it panicked; the zero Random
// plays, seeded with 0.
func TestZeroPlayers(t *testing.T) {
	p := catchit.Start()
	for name, move := range map[string]func() error{
		"Searcher":    func() error { _, err := new(Searcher[catchit.Position, catchit.Move]).Move(p); return err },
		"Baseline":    func() error { _, err := new(Baseline[catchit.Position, catchit.Move]).Move(p); return err },
		"MCTS":        func() error { _, err := new(MCTS[catchit.Position, catchit.Move]).Move(p); return err },
		"FogSearcher": func() error { _, err := new(FogSearcher).Move(brouillard.Start()); return err },
		"Searcher.SearchSampled": func() error {
			_, err := new(Searcher[catchit.Position, catchit.Move]).SearchSampled(func(*rand.Rand) (catchit.Position, error) { return p, nil }, 2)
			return err
		},
		"Baseline.SearchSampled": func() error {
			_, err := new(Baseline[catchit.Position, catchit.Move]).SearchSampled(func(*rand.Rand) (catchit.Position, error) { return p, nil }, 2)
			return err
		},
	} {
		err := move()
		if !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "the zero ") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := new(Random[catchit.Position, catchit.Move]).Move(p); err != nil {
		t.Errorf("the zero Random: %v", err)
	}
}

// TestNilPlayers: a nil pointer to a player, called directly or through
// Erase (which cannot tell it from a player), says so in an error, where
// it panicked.
func TestNilPlayers(t *testing.T) {
	type cp = catchit.Position
	type cm = catchit.Move
	p := catchit.Start()
	sample := func(*rand.Rand) (cp, error) { return p, nil }
	calls := map[string]func() error{
		"Searcher.Search":           func() error { _, err := (*Searcher[cp, cm])(nil).Search(p); return err },
		"Searcher.SearchOmniscient": func() error { _, err := (*Searcher[cp, cm])(nil).SearchOmniscient(p); return err },
		"Searcher.SearchSampled":    func() error { _, err := (*Searcher[cp, cm])(nil).SearchSampled(sample, 2); return err },
		"Baseline.Search":           func() error { _, err := (*Baseline[cp, cm])(nil).Search(p); return err },
		"Baseline.SearchSampled":    func() error { _, err := (*Baseline[cp, cm])(nil).SearchSampled(sample, 2); return err },
		"MCTS.Search":               func() error { _, err := (*MCTS[cp, cm])(nil).Search(p); return err },
		"MCTS.SearchSampled":        func() error { _, err := (*MCTS[cp, cm])(nil).SearchSampled(sample); return err },
		"Random.Move":               func() error { _, err := (*Random[cp, cm])(nil).Move(p); return err },
		"FogSearcher.Move":          func() error { _, err := (*FogSearcher)(nil).Move(brouillard.Start()); return err },
		"FogSearcher.SearchView": func() error {
			_, err := (*FogSearcher)(nil).SearchView(brouillard.Start().View(hops.First))
			return err
		},
	}
	start := catchit.Game.Start(hops.First)
	for name, pl := range map[string]Player[cp, cm]{
		"Searcher": (*Searcher[cp, cm])(nil), "Baseline": (*Baseline[cp, cm])(nil),
		"MCTS": (*MCTS[cp, cm])(nil), "Random": (*Random[cp, cm])(nil),
	} {
		calls["Erase("+name+")"] = func() error { _, err := Erase(pl).Choose(start); return err }
	}
	calls["Erase(FogSearcher)"] = func() error {
		_, err := Erase[brouillard.Position, brouillard.Move]((*FogSearcher)(nil)).Choose(brouillard.Game.Start(hops.First))
		return err
	}
	for name, call := range calls {
		if err := call(); !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "a nil *") {
			t.Errorf("%s on a nil player: %v", name, err)
		}
	}
}

// TestOptionsJSON: Options and Result travel in JSON with lower-case keys;
// Options read from JSON refuse a key not written exactly, so that a
// misspelt budget is an error rather than the default.
func TestOptionsJSON(t *testing.T) {
	opt := Options{Nodes: 300, Time: 20 * time.Millisecond, MaxDepth: 6, TableBits: 12, Quiescence: -1, Seed: 9}
	data, err := json.Marshal(opt)
	want := `{"nodes":300,"time":20000000,"max_depth":6,"table_bits":12,"quiescence":-1,"seed":9}`
	if err != nil || string(data) != want {
		t.Fatalf("Options encode as %s, %v; want %s", data, err, want)
	}
	var back Options
	if err := json.Unmarshal(data, &back); err != nil || back != opt {
		t.Errorf("read back %+v, %v", back, err)
	}
	for _, bad := range []string{`{"node":300}`, `{"Nodes":300}`, `{"nodes":1,"nodes":2}`, `{"cancel":1}`} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	// A key left out keeps what the Options held (defaults a program
	// set); a refused value changes nothing.
	over := opt
	if err := json.Unmarshal([]byte(`{"seed":5}`), &over); err != nil || over.Seed != 5 || over.Nodes != 300 || over.Time != opt.Time {
		t.Errorf(`{"seed":5} over %+v: %+v, %v`, opt, over, err)
	}
	over = opt
	if err := json.Unmarshal([]byte(`{"nodes":1,"seed":"x"}`), &over); err == nil || over != opt {
		t.Errorf(`{"nodes":1,"seed":"x"} over %+v: %+v, %v; want an error and the Options unchanged`, opt, over, err)
	}
	res, _ := json.Marshal(Result[catchit.Move]{Score: 5, Depth: 2, Nodes: 40})
	if string(res) != `{"move":"","score":5,"depth":2,"nodes":40}` {
		t.Errorf("Result encodes as %s", res)
	}
}

// TestResultJSONComplete: a Result read from JSON needs every key, as a
// result has no defaults; a refused one leaves the Result as it was.
func TestResultJSONComplete(t *testing.T) {
	r := Result[catchit.Move]{Score: 5, Depth: 2, Nodes: 40}
	for _, bad := range []string{`{"move":"","score":1,"depth":1}`, `{"score":1,"depth":1,"nodes":1}`} {
		got := r
		if err := json.Unmarshal([]byte(bad), &got); err == nil || got != r {
			t.Errorf("%s: %v, %+v; want an error and the Result unchanged", bad, err, got)
		}
	}
}

// TestMaxDepthNoLimit: math.MaxInt, a natural way to ask for no depth
// limit, searches as deep as the default under the same node budget, in
// Searcher and Baseline; it made every score look like a win found and
// stopped both after the first iteration.
func TestMaxDepthNoLimit(t *testing.T) {
	for _, md := range []int{0, 1 << 30, math.MaxInt} {
		opt := Options{Nodes: 20000, MaxDepth: md, Seed: 1}
		r, err := NewSearcher(CatchitEval, opt).Search(catchit.Start())
		if err != nil || r.Depth < 2 {
			t.Errorf("Searcher, MaxDepth %d: depth %d after %d positions, %v", md, r.Depth, r.Nodes, err)
		}
		r, err = NewBaseline(CatchitEval, opt).Search(catchit.Start())
		if err != nil || r.Depth < 2 {
			t.Errorf("Baseline, MaxDepth %d: depth %d after %d positions, %v", md, r.Depth, r.Nodes, err)
		}
	}
}

// TestBallot: the move most chosen by the sampled searches wins, ties
// going to the higher total score, then to the move chosen first; each
// score counts within ±MaxEval, and the score returned is the winner's
// mean.
func TestBallot(t *testing.T) {
	for _, c := range []struct {
		name  string
		votes []Result[take]
		move  take
		score int
	}{
		{"none", nil, 0, 0},
		{"most votes", []Result[take]{{Move: 1, Score: 90}, {Move: 2, Score: 10}, {Move: 2, Score: 20}}, 2, 15},
		{"tie to the higher total", []Result[take]{{Move: 1, Score: 10}, {Move: 2, Score: 30}, {Move: 1, Score: 10}, {Move: 2, Score: -5}}, 2, 12},
		{"tie to the first chosen", []Result[take]{{Move: 3, Score: 7}, {Move: 1, Score: 7}}, 3, 7},
		{"a win counts as MaxEval", []Result[take]{{Move: 1, Score: Win - 1}, {Move: 2, Score: MaxEval}, {Move: 2, Score: 1}, {Move: 1, Score: 1}}, 1, (MaxEval + 1) / 2},
		{"a loss counts as -MaxEval", []Result[take]{{Move: 1, Score: -Win + 2}, {Move: 2, Score: 0}, {Move: 1, Score: MaxEval}, {Move: 2, Score: 0}}, 1, 0},
	} {
		var b ballot[take]
		for _, r := range c.votes {
			b.add(r)
		}
		if m, s := b.winner(); m != c.move || s != c.score {
			t.Errorf("%s: winner %v with %d, want %v with %d", c.name, m, s, c.move, c.score)
		}
	}
}

// TestNilArguments: a player built with a nil Eval, a sampled search
// given a nil Sampler, Erase(nil) and a nil AgentFunc answer an *Error
// of kind ErrSyntax that says what is missing; they panicked.
func TestNilArguments(t *testing.T) {
	start := pile{stones: 9}
	draw := Sampler[pile](func(*rand.Rand) (pile, error) { return start, nil })
	for name, search := range map[string]func() (Result[take], error){
		"Searcher":                  func() (Result[take], error) { return NewSearcher[pile, take](nil, Options{}).Search(start) },
		"Searcher.SearchSampled":    func() (Result[take], error) { return NewSearcher[pile, take](nil, Options{}).SearchSampled(draw, 2) },
		"Searcher.SearchOmniscient": func() (Result[take], error) { return NewSearcher[pile, take](nil, Options{}).SearchOmniscient(start) },
		"Baseline":                  func() (Result[take], error) { return NewBaseline[pile, take](nil, Options{}).Search(start) },
		"Baseline.SearchSampled":    func() (Result[take], error) { return NewBaseline[pile, take](nil, Options{}).SearchSampled(draw, 2) },
		"MCTS": func() (Result[take], error) {
			return NewMCTS[pile, take](nil, Tactics[pile, take]{}, Options{}).Search(start)
		},
		"MCTS.SearchSampled": func() (Result[take], error) {
			return NewMCTS[pile, take](nil, Tactics[pile, take]{}, Options{}).SearchSampled(draw)
		},
		"Searcher.SearchSampled(nil)": func() (Result[take], error) { return NewSearcher[pile, take](flat, Options{}).SearchSampled(nil, 2) },
		"Baseline.SearchSampled(nil)": func() (Result[take], error) { return NewBaseline[pile, take](flat, Options{}).SearchSampled(nil, 2) },
		"MCTS.SearchSampled(nil)": func() (Result[take], error) {
			return NewMCTS[pile, take](flat, Tactics[pile, take]{}, Options{}).SearchSampled(nil)
		},
		"Searcher.SearchSampled(nil, 0)":  func() (Result[take], error) { return NewSearcher[pile, take](flat, Options{}).SearchSampled(nil, 0) },
		"Baseline.SearchSampled(nil, -1)": func() (Result[take], error) { return NewBaseline[pile, take](flat, Options{}).SearchSampled(nil, -1) },
	} {
		if _, err := search(); !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "nil") {
			t.Errorf("%s: %v, want an error that names the nil argument", name, err)
		}
	}
	game := hops.NewGame("pile", "Pile", [2]string{"North", "South"},
		func(first hops.Side) pile { return pile{stones: 9, side: first} },
		func(string) (pile, error) { return pile{}, errors.New("no") },
		func(text string) (take, error) { n, err := strconv.Atoi(text); return take(n), err })
	for name, a := range map[string]Agent{"Erase(nil)": Erase[pile, take](nil), "AgentFunc(nil)": AgentFunc(nil)} {
		if m, err := a.Choose(game.Start(hops.First)); !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "nil") {
			t.Errorf("%s: %q, %v, want an error that names the nil argument", name, m, err)
		}
	}
}
