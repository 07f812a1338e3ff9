package players

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/zapita"
)

// playoutPlies is the length of the random playouts that compare the
// typed API, hops.State and the random Agent.
const playoutPlies = 40

// typedPlayout plays up to plies random moves from p through the typed
// API, the index of each move drawn with rng.IntN over the legal moves,
// and returns the position reached and the buffer for reuse.
func typedPlayout[P hops.Position[P, M], M hops.Move](p P, rng *rand.Rand, plies int, buf []M) (P, []M) {
	for range plies {
		buf = p.AppendMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		next, err := p.Play(buf[rng.IntN(len(buf))])
		if err != nil {
			panic(err)
		}
		p = next
	}
	return p, buf
}

// statePlayout plays the same playout through hops.State: CountMoves,
// then PlayIndex.
func statePlayout(s hops.State, rng *rand.Rand, plies int) hops.State {
	for range plies {
		n := s.CountMoves()
		if n == 0 {
			break
		}
		next, err := s.PlayIndex(rng.IntN(n))
		if err != nil {
			panic(err)
		}
		s = next
	}
	return s
}

// textPlayout plays the same playout through hops.State as texts: every
// move text built by Moves, the chosen one parsed again by Play.
func textPlayout(s hops.State, rng *rand.Rand, plies int) hops.State {
	for range plies {
		moves := s.Moves()
		if len(moves) == 0 {
			break
		}
		next, err := s.Play(moves[rng.IntN(len(moves))])
		if err != nil {
			panic(err)
		}
		s = next
	}
	return s
}

// agentPlayout plays up to plies moves chosen by a, each played as text.
func agentPlayout(a Agent, s hops.State, plies int) hops.State {
	for range plies {
		m, err := a.Choose(s)
		if errors.Is(err, ErrNoMove) {
			break
		}
		if err != nil {
			panic(err)
		}
		if s, err = s.Play(m); err != nil {
			panic(err)
		}
	}
	return s
}

// playoutCase is one game's three playouts from its start (a dealt one
// for Brouillard), all drawing with the generator of seed.
type playoutCase struct {
	game  *hops.Game
	start hops.State
	typed func(s hops.State, seed uint64, b *testing.B) string
}

func typedCase[P hops.Position[P, M], M hops.Move](g *hops.Game) playoutCase {
	s, err := games.Deal(g, hops.First, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		panic(err)
	}
	return playoutCase{game: g, start: s, typed: func(s hops.State, seed uint64, b *testing.B) string {
		p, _ := hops.As[P](s)
		var buf []M
		var q P
		if b == nil {
			q, _ = typedPlayout(p, newRand(seed), playoutPlies, buf)
			return q.String()
		}
		for i := 0; i < b.N; i++ {
			q, buf = typedPlayout(p, newRand(playoutSeed(i)), playoutPlies, buf)
		}
		return q.String()
	}}
}

// playoutSeed returns the seed of a benchmark's i-th playout: the
// benchmarks cycle through the same 64 playouts, so that they time the
// same moves whatever their number of iterations.
func playoutSeed(i int) uint64 { return uint64(i % 64) }

func playoutCases() []playoutCase {
	return []playoutCase{
		typedCase[zapita.Position, zapita.Move](zapita.Game),
		typedCase[catchit.Position, catchit.Move](catchit.Game),
		typedCase[coir.Position, coir.Move](coir.Game),
		typedCase[brouillard.Position, brouillard.Move](brouillard.Game),
	}
}

// TestPlayoutsAgree: the typed playout, the State playout and the random
// Agent's playout, drawing from the same generator, play the same moves.
func TestPlayoutsAgree(t *testing.T) {
	for _, c := range playoutCases() {
		for seed := range uint64(20) {
			want := c.typed(c.start, seed, nil)
			if got := statePlayout(c.start, newRand(seed), playoutPlies).String(); got != want {
				t.Errorf("%s seed %d: the State playout ends in %s, the typed one in %s", c.game, seed, got, want)
			}
			if got := textPlayout(c.start, newRand(seed), playoutPlies).String(); got != want {
				t.Errorf("%s seed %d: the playout through move texts ends in %s, the typed one in %s", c.game, seed, got, want)
			}
			a, err := New(c.game, KindRandom, Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if got := agentPlayout(a, c.start, playoutPlies).String(); got != want {
				t.Errorf("%s seed %d: the random Agent's playout ends in %s, the typed one in %s", c.game, seed, got, want)
			}
		}
	}
}

// BenchmarkPlayout plays random playouts of 40 plies (or to the end of
// the game) from each game's start, through the typed API, through
// hops.State (CountMoves and PlayIndex), through hops.State's move texts
// (Moves, then Play of the text chosen) and through the random Agent that
// New builds (its move text played with State.Play).
func BenchmarkPlayout(b *testing.B) {
	for _, c := range playoutCases() {
		b.Run(c.game.Name+"/typed", func(b *testing.B) {
			b.ReportAllocs()
			c.typed(c.start, 0, b)
		})
		b.Run(c.game.Name+"/state", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				statePlayout(c.start, newRand(playoutSeed(i)), playoutPlies)
			}
		})
		b.Run(c.game.Name+"/texts", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				textPlayout(c.start, newRand(playoutSeed(i)), playoutPlies)
			}
		})
		b.Run(c.game.Name+"/agent", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				a, _ := New(c.game, KindRandom, Options{Seed: playoutSeed(i)})
				agentPlayout(a, c.start, playoutPlies)
			}
		})
	}
}

// BenchmarkPlayoutRatio times the same three playouts interleaved, one
// after the other in every iteration, so that the load of a shared
// machine weighs on all three alike, and reports the time of each
// (typed-ns, state-ns, agent-ns, per playout) and the ratios to the typed
// one (state/typed, agent/typed).
func BenchmarkPlayoutRatio(b *testing.B) {
	for _, c := range playoutCases() {
		b.Run(c.game.Name, func(b *testing.B) {
			var spent [3]time.Duration // typed, state, agent
			for i := 0; i < b.N; i++ {
				seed := playoutSeed(i)
				a, _ := New(c.game, KindRandom, Options{Seed: seed})
				run := [3]func(){
					func() { c.typed(c.start, seed, nil) },
					func() { statePlayout(c.start, newRand(seed), playoutPlies) },
					func() { agentPlayout(a, c.start, playoutPlies) },
				}
				for k := range 3 { // each takes its turn at going first
					j := (i + k) % 3
					t := time.Now()
					run[j]()
					spent[j] += time.Since(t)
				}
			}
			typed, state, agent := spent[0], spent[1], spent[2]
			n := float64(b.N)
			b.ReportMetric(float64(typed.Nanoseconds())/n, "typed-ns")
			b.ReportMetric(float64(state.Nanoseconds())/n, "state-ns")
			b.ReportMetric(float64(agent.Nanoseconds())/n, "agent-ns")
			b.ReportMetric(float64(state)/float64(typed), "state/typed")
			b.ReportMetric(float64(agent)/float64(typed), "agent/typed")
		})
	}
}
