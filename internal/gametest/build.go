package gametest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// Buildable is what CheckBuild needs of a game's position (or of any
// value that generates and validates moves, such as Brouillard's View):
// a move builder, the generated moves and the validation of a move.
type Buildable[M hops.Move] interface {
	hops.Builder[M]
	AppendMoves(dst []M) []M
	Validate(m M) error
}

// ClickedMove is a move that knows the clicks that build it.
type ClickedMove interface {
	hops.Move
	Clicks() []hops.Click
}

// CheckBuild checks the move builder of p against its move generator:
//  1. every generated move is reachable click by click: each prefix of
//     its Clicks builds without error, each next click is in Next, and
//     the whole gives Complete with the move itself (with -short, for a
//     drawn sample of the moves of a position that has many);
//  2. every build is legal: on a random walk through Next, every
//     complete build gives a move that validates and is generated, and a
//     build that is not complete always offers a next click (only a
//     position without moves offers no first click);
//  3. a click not in Next gives an *hops.Error that names the click and
//     a rule.
func CheckBuild[P Buildable[M], M ClickedMove](t *rapid.T, p P) {
	moves := p.AppendMoves(nil)
	generated := make(map[M]bool, len(moves))
	for _, m := range moves {
		generated[m] = true
	}
	cache := map[string]hops.Built[M]{}
	build := func(clicks []hops.Click) hops.Built[M] {
		key := fmt.Sprint(clicks)
		if b, ok := cache[key]; ok {
			return b
		}
		b, err := p.Build(clicks)
		if err != nil {
			t.Fatalf("%v: Build(%v): %v", p, clicks, err)
		}
		if b.Complete {
			if err := p.Validate(b.Move); err != nil {
				t.Fatalf("%v: Build(%v) completes the illegal %s: %v", p, clicks, b.Move, err)
			}
			if !generated[b.Move] {
				t.Fatalf("%v: Build(%v) completes %s, which is not a generated move (G9)", p, clicks, b.Move)
			}
		} else if len(b.Next) == 0 && (len(clicks) > 0 || len(moves) > 0) {
			t.Fatalf("%v: Build(%v) is a dead end: not complete and no next click", p, clicks)
		}
		for i := 1; i < len(b.Next); i++ {
			if !clickLess(b.Next[i-1], b.Next[i]) {
				t.Fatalf("%v: Build(%v): Next %v is not in order", p, clicks, b.Next)
			}
		}
		cache[key] = b
		return b
	}

	// 1. Every generated move is reachable. Each complete build looks for
	// its canonical form among all the moves, so with -short a position
	// with many moves has a drawn sample of them checked.
	check := moves
	if testing.Short() && len(moves) > shortMoves {
		check = make([]M, shortMoves)
		for i := range check {
			check[i] = moves[rapid.IntRange(0, len(moves)-1).Draw(t, "checked move")]
		}
	}
	for _, m := range check {
		clicks := m.Clicks()
		for i := 0; i <= len(clicks); i++ {
			b := build(clicks[:i])
			if i < len(clicks) && !hasClick(b.Next, clicks[i]) {
				t.Fatalf("%v: move %s: click %d %s is not in Next %v after %v", p, m, i+1, clicks[i], b.Next, clicks[:i])
			}
			if i == len(clicks) && (!b.Complete || b.Move != m) {
				t.Fatalf("%v: move %s: its clicks %v build %+v, want the complete move", p, m, clicks, b)
			}
		}
	}

	// 2. Random walks complete only legal moves, and 3. clicks outside
	// Next are refused.
	walks := rapid.IntRange(1, 4).Draw(t, "walks")
	for range walks {
		var clicks []hops.Click
		for {
			b := build(clicks)
			if rapid.IntRange(0, 3).Draw(t, "stray") == 0 {
				checkStray(t, p, clicks, b.Next)
			}
			if len(b.Next) == 0 || b.Complete && rapid.IntRange(0, 2).Draw(t, "stop") == 0 {
				break
			}
			clicks = append(clicks, b.Next[rapid.IntRange(0, len(b.Next)-1).Draw(t, "click")])
		}
	}
}

// CheckWrittenForms checks that every legal written form of a move
// (G9, G12) can be built: forms are moves in any written form, legal or
// not, such as a game's test enumerates from every path of its pieces.
// For each legal one (Validate accepts it), every prefix of its Clicks
// builds with the next click in Next, and the whole builds a complete
// generated move. Illegal forms are skipped. When there are many legal
// forms, a drawn sample of them is checked (smaller with -short).
func CheckWrittenForms[P Buildable[M], M ClickedMove](t *rapid.T, p P, forms []M) {
	var legal []M
	for _, m := range forms {
		if p.Validate(m) == nil {
			legal = append(legal, m)
		}
	}
	most := 2000
	if testing.Short() {
		most = shortMoves
	}
	if len(legal) > most {
		sample := make([]M, most)
		for i := range sample {
			sample[i] = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "checked form")]
		}
		legal = sample
	}
	generated := map[M]bool{}
	for _, m := range p.AppendMoves(nil) {
		generated[m] = true
	}
	cache := map[string]hops.Built[M]{}
	for _, m := range legal {
		clicks := m.Clicks()
		for i := 0; i <= len(clicks); i++ {
			key := fmt.Sprint(clicks[:i])
			b, ok := cache[key]
			if !ok {
				var err error
				if b, err = p.Build(clicks[:i]); err != nil {
					t.Fatalf("%v: the legal %s: Build(%v): %v", p, m, clicks[:i], err)
				}
				cache[key] = b
			}
			if i < len(clicks) && !hasClick(b.Next, clicks[i]) {
				t.Fatalf("%v: the legal %s: click %d %s is not in Next %v after %v", p, m, i+1, clicks[i], b.Next, clicks[:i])
			}
			if i == len(clicks) && (!b.Complete || !generated[b.Move]) {
				t.Fatalf("%v: the legal %s: its clicks %v build %+v, want a complete generated move", p, m, clicks, b)
			}
		}
	}
}

// shortMoves is the number of moves of a position whose reachability
// CheckBuild checks with -short.
const shortMoves = 200

// checkStray draws a click not in next and checks that it is refused
// with an error naming it.
func checkStray[P Buildable[M], M ClickedMove](t *rapid.T, p P, clicks, next []hops.Click) {
	var c hops.Click
	for {
		c = hops.Click{Square: hops.Square(rapid.IntRange(-1, 64).Draw(t, "square")), Mark: rapid.Bool().Draw(t, "mark")}
		if !hasClick(next, c) {
			break
		}
	}
	stray := append(append([]hops.Click(nil), clicks...), c)
	_, err := p.Build(stray)
	var e *hops.Error
	switch {
	case err == nil:
		t.Fatalf("%v: Build(%v) accepts %s, which is not in Next %v", p, stray, c, next)
	case !errors.As(err, &e):
		t.Fatalf("%v: Build(%v): %v is not an *hops.Error", p, stray, err)
	case e.Rule == "":
		t.Fatalf("%v: Build(%v): %v cites no rule", p, stray, err)
	case !strings.HasPrefix(e.Where, fmt.Sprintf("click %d ", len(stray))):
		t.Fatalf("%v: Build(%v): %v does not name click %d", p, stray, err, len(stray))
	}
}

func hasClick(next []hops.Click, c hops.Click) bool {
	for _, n := range next {
		if n == c {
			return true
		}
	}
	return false
}

// clickLess is the order of Built.Next.
func clickLess(a, b hops.Click) bool {
	if a.Square != b.Square {
		return a.Square < b.Square
	}
	return !a.Mark && b.Mark
}

// BenchBuild returns benchmarks of the builder in p, the costliest calls
// a person's clicks can make: "first" builds the empty list of clicks
// (every piece that may move is checked), "long" builds every prefix of
// the clicks of the move with the most clicks, ending with the complete
// move and its canonical form, and reports the time per Build call and
// the slowest call met.
func BenchBuild[P Buildable[M], M ClickedMove](p P) (first, long func(*testing.B)) {
	first = func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.Build(nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	long = func(b *testing.B) {
		var clicks []hops.Click
		for _, m := range p.AppendMoves(nil) {
			if c := m.Clicks(); len(c) > len(clicks) {
				clicks = c
			}
		}
		b.ReportAllocs()
		var slowest time.Duration
		for b.Loop() {
			for i := 0; i <= len(clicks); i++ {
				start := time.Now()
				if _, err := p.Build(clicks[:i]); err != nil {
					b.Fatal(err)
				}
				slowest = max(slowest, time.Since(start))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*(len(clicks)+1)), "ns/build")
		b.ReportMetric(float64(slowest.Microseconds()), "µs-slowest")
	}
	return first, long
}

// Clicks reads clicks written as a person makes them, separated by
// spaces: squares, "x" before a marked one, "out" past the board's edge
// ("E2 xC2 out").
func Clicks(t Fataler, text string) []hops.Click {
	t.Helper()
	var out []hops.Click
	for _, f := range strings.Fields(text) {
		c, err := hops.ParseClick(f)
		if err != nil {
			t.Fatalf("click %q: %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

// CheckAt checks what p's At says stands on squares of b named in want:
// the piece, or for the zero Piece an empty square.
func CheckAt(t testing.TB, b *hops.Board, p interface {
	At(hops.Square) (hops.Piece, bool)
}, want map[string]hops.Piece) {
	t.Helper()
	for name, piece := range want {
		s, err := b.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := p.At(s); got != piece || ok != (piece != hops.Piece{}) {
			t.Errorf("%v: At(%s) = %+v, %v; want %+v", p, name, got, ok, piece)
		}
	}
}
