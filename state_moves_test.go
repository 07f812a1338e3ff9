package hops_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

// typedView reads, through the typed API, the moves of the position
// behind a State of one game: their number by CountMoves, and their texts
// in generation order.
type typedView func(s hops.State) (count int, texts []string, ok bool)

func viewOf[P hops.Position[P, M], M hops.Move]() typedView {
	return func(s hops.State) (int, []string, bool) {
		p, ok := hops.As[P](s)
		if !ok {
			return 0, nil, false
		}
		var texts []string
		for _, m := range p.AppendMoves(nil) {
			texts = append(texts, m.String())
		}
		return p.CountMoves(), texts, true
	}
}

var stateGames = []struct {
	game  *hops.Game
	typed typedView
}{
	{zapita.Game, viewOf[zapita.Position, zapita.Move]()},
	{catchit.Game, viewOf[catchit.Position, catchit.Move]()},
	{coir.Game, viewOf[coir.Position, coir.Move]()},
	{brouillard.Game, viewOf[brouillard.Position, brouillard.Move]()},
}

// TestStateMovesAgree (G9): on random positions of every game, reached
// with PlayIndex, CountMoves is the typed count and len(Moves()), the
// texts of Moves are the typed moves' texts in the same order, the i-th
// page of one move is Moves()[i], PlayIndex(i) and the i-th state of
// Successors lead where Play(Moves()[i]) does, and pages of any size
// concatenate to Moves().
func TestStateMovesAgree(t *testing.T) {
	for _, c := range stateGames {
		t.Run(c.game.Name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := c.game.Start(hops.Side(rapid.IntRange(0, 1).Draw(t, "first")))
				for ply := range rapid.IntRange(0, 60).Draw(t, "plies") {
					n := s.CountMoves()
					if n == 0 {
						break
					}
					next, err := s.PlayIndex(rapid.IntRange(0, n-1).Draw(t, "index"))
					if err != nil {
						t.Fatalf("ply %d: %v", ply, err)
					}
					s = next
				}
				moves := s.Moves()
				count, texts, ok := c.typed(s)
				if !ok {
					t.Fatalf("As does not give the typed position of %s", s)
				}
				if n := s.CountMoves(); n != len(moves) || n != count {
					t.Fatalf("%s: CountMoves %d, len(Moves) %d, typed CountMoves %d", s, n, len(moves), count)
				}
				if !slices.Equal(moves, texts) {
					t.Fatalf("%s: Moves %v, typed %v", s, moves, texts)
				}
				if len(moves) > 0 {
					i := rapid.IntRange(0, len(moves)-1).Draw(t, "i")
					if page := s.MovesPage(i, 1); len(page) != 1 || page[0] != moves[i] {
						t.Fatalf("%s: MovesPage(%d, 1) = %v, Moves()[%d] = %s", s, i, page, i, moves[i])
					}
					byIndex, err := s.PlayIndex(i)
					if err != nil {
						t.Fatal(err)
					}
					byText, err := s.Play(moves[i])
					if err != nil {
						t.Fatal(err)
					}
					if byIndex.String() != byText.String() || byIndex.Game() != c.game {
						t.Fatalf("%s: PlayIndex(%d) gives %s, Play(%s) %s", s, i, byIndex, moves[i], byText)
					}
				}
				// Successors: every move's number in order, and the state
				// Play of its text gives; a range stopped early stops.
				n := 0
				for i, next := range s.Successors() {
					if i != n {
						t.Fatalf("%s: Successors yields number %d after %d", s, i, n-1)
					}
					if byText, err := s.Play(moves[i]); err != nil || next.String() != byText.String() || next.Game() != c.game {
						t.Fatalf("%s: Successors' state %d is %s, Play(%s) gives %v, %v", s, i, next, moves[i], byText, err)
					}
					n++
				}
				if n != len(moves) {
					t.Fatalf("%s: Successors yields %d states, Moves %d texts", s, n, len(moves))
				}
				stop := rapid.IntRange(0, len(moves)).Draw(t, "stop")
				n = 0
				for i := range s.Successors() {
					if i == stop {
						break
					}
					n++
				}
				if n != stop {
					t.Fatalf("%s: a range of Successors broken at %d ran %d times", s, stop, n)
				}
				size := rapid.IntRange(1, len(moves)+2).Draw(t, "page size")
				var all []string
				for off := 0; ; off += size {
					page := s.MovesPage(off, size)
					if want := moves[min(off, len(moves)):min(off+size, len(moves))]; !slices.Equal(page, want) {
						t.Fatalf("%s: MovesPage(%d, %d) = %v, want %v", s, off, size, page, want)
					}
					if len(page) == 0 {
						break
					}
					all = append(all, page...)
				}
				if !slices.Equal(all, moves) {
					t.Fatalf("%s: pages of %d give %v, Moves %v", s, size, all, moves)
				}
				if got := s.MovesPage(-3, size); !slices.Equal(got, moves[:min(size, len(moves))]) {
					t.Fatalf("%s: MovesPage(-3, %d) = %v", s, size, got)
				}
				if got := s.MovesPage(0, math.MaxInt); !slices.Equal(got, moves) {
					t.Fatalf("%s: MovesPage(0, MaxInt) = %v", s, got)
				}
				if got := s.MovesPage(math.MaxInt, math.MaxInt); got == nil || len(got) != 0 {
					t.Fatalf("%s: MovesPage(MaxInt, MaxInt) = %#v, want an empty list", s, got)
				}
				if got := s.MovesPage(0, 0); got == nil || len(got) != 0 {
					t.Fatalf("%s: MovesPage(0, 0) = %#v, want an empty list", s, got)
				}
				// Out of range: the moves are numbered in the generator's
				// order (G9); with none, the game is over, and the rule
				// that ended it (G6 for a side left without a move) says
				// why.
				rule := "G9"
				if len(moves) == 0 {
					rule = s.Outcome().Rule
				}
				for _, i := range []int{-1, len(moves), len(moves) + 5} {
					if _, err := s.PlayIndex(i); !errors.Is(err, hops.ErrIllegal) || hops.RuleOf(err) != rule {
						t.Fatalf("%s: PlayIndex(%d) of %d moves: %v, want rule %s", s, i, len(moves), err, rule)
					}
				}
			})
		})
	}
}

// TestAs (G11): As gives the typed position behind a State of its game,
// and Game.State the State of a typed position; a State of another game,
// or no State, gives false.
func TestAs(t *testing.T) {
	s := catchit.Game.Start(hops.First)
	p, ok := hops.As[catchit.Position](s)
	if !ok || p != catchit.Start() {
		t.Fatalf("As[catchit.Position](start) = %v, %v", p, ok)
	}
	back, err := catchit.Game.State(p)
	if err != nil || back.String() != s.String() {
		t.Fatalf("State(As(start)) = %v, %v", back, err)
	}
	if _, ok := hops.As[coir.Position](s); ok {
		t.Error("As[coir.Position] of a Catch'it state")
	}
	if _, ok := hops.As[catchit.Position](nil); ok {
		t.Error("As of a nil State")
	}
}

// worstState reads the first position of a game package's
// testdata/worst.txt.
func worstState(b *testing.B, g *hops.Game, text string) hops.State {
	s, err := g.Parse(text)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkStateMovesWorst compares, in the Coir and Catch'it positions
// with the most moves, building every move text (Moves) with what a
// server needs to answer for one page of 50 moves: the count
// (CountMoves) and the page (MovesPage, first and last page).
func BenchmarkStateMovesWorst(b *testing.B) {
	for _, c := range []struct {
		game *hops.Game
		text string
	}{
		{coir.Game, "2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w"},
		{catchit.Game, "3r3/1r1r1r1/7/bB1b1bb/7/1r1b1r1/2b2r1 b"},
	} {
		s := worstState(b, c.game, c.text)
		n := s.CountMoves()
		b.Run(c.game.Name+"/Moves", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				s.Moves()
			}
		})
		b.Run(c.game.Name+"/CountMoves", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				s.CountMoves()
			}
		})
		b.Run(c.game.Name+"/MovesPage-first", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				s.MovesPage(0, 50)
			}
		})
		b.Run(c.game.Name+"/MovesPage-last", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				s.MovesPage(n-50, 50)
			}
		})
	}
}

// BenchmarkSuccessors visits every successor of a Catch'it position with
// thousands of moves: through Successors, which generates the moves
// once, and through PlayIndex for each number, which generates them
// again for each (quadratic in the number of moves).
func BenchmarkSuccessors(b *testing.B) {
	s, err := catchit.Game.Parse("2r4/1b1brb1/1r4r/3B1b1/2r2r1/1b1br2/7 r")
	if err != nil {
		b.Fatal(err)
	}
	n := s.CountMoves()
	b.Run("Successors", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for range s.Successors() {
			}
		}
	})
	b.Run("PlayIndex", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range n {
				if _, err := s.PlayIndex(i); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
