package hops_test

import (
	"encoding"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/internal/engine"
	"github.com/hopsgames/hops/internal/gametest"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

// uniformPosition is what every game's Position has beside hops.Position
// and hops.UI.
type uniformPosition[P any, M uniformMove[M]] interface {
	hops.Position[P, M]
	hops.UI[M]
	AppendTo(b []byte) []byte
	MarshalText() ([]byte, error)
	HasMoves() bool
	CanWinNow() bool
	Key() hops.StateKey
	Mirror() P
	Canonical(m M) (M, error)
}

// uniformMove is what every game's Move has.
type uniformMove[M any] interface {
	comparable
	String() string
	AppendTo(b []byte) []byte
	MarshalText() ([]byte, error)
	Arrows() []hops.Arrow
	Mirror() M
}

// uniformGame is one game under test.
type uniformGame[P uniformPosition[P, M], M uniformMove[M]] struct {
	game      *hops.Game
	start     func(t *rapid.T) P
	parse     func(string) (P, error)
	parseMove func(string) (M, error)
	// wins are positions with a win in one, rare in random games, that
	// the test also starts from (with a few plies at most).
	wins []string
	// setup rebuilds a position from its Setup.
	setup func(P) (P, error)
}

// position draws a position: a random game from a start, or a few plies
// from one of wins.
func (g uniformGame[P, M]) position(t *rapid.T) P {
	if i := rapid.IntRange(-1, len(g.wins)-1).Draw(t, "win"); i >= 0 {
		p, err := g.parse(g.wins[i])
		if err != nil {
			t.Fatal(err)
		}
		p, _ = gametest.RandomPlay(t, p, 2)
		return p
	}
	p, _ := gametest.RandomPlay(t, g.start(t), 40)
	return p
}

// letters reads the letter on each square of a position (or view) text.
func letters(t *rapid.T, b *hops.Board, text string) map[hops.Square]byte {
	out := map[hops.Square]byte{}
	rows, _, _ := strings.Cut(text, " ")
	if err := engine.ParseRows(b, rows, func(s hops.Square, c byte, _ bool) error {
		out[s] = c
		return nil
	}); err != nil {
		t.Fatalf("rows of %q: %v", text, err)
	}
	return out
}

// checkAt checks At against the position text: a piece exactly where the
// text has a letter, with that letter.
func checkAt[M hops.Move](t *rapid.T, p hops.UI[M]) {
	b := p.Drawing().Board
	want := letters(t, b, p.String())
	for s := range b.All().Squares() {
		pc, ok := p.At(s)
		if c, there := want[s]; ok != there || ok && (pc.Letter != c || pc.Name == "") {
			t.Fatalf("%s: At(%s) = %+v, %v; the text has %q", p, s, pc, ok, c)
		}
	}
	if _, ok := p.At(hops.NoSquare); ok {
		t.Fatalf("%s: At(NoSquare) finds a piece", p)
	}
}

// check tests the uniform methods on a random position of the game:
// the texts (G11, G12), HasMoves, CanWinNow, Key, Mirror, At and Drawing.
func (g uniformGame[P, M]) check(t *rapid.T) {
	p := g.position(t)
	text := p.String()
	if got := string(p.AppendTo([]byte("x"))); got != "x"+text {
		t.Fatalf("AppendTo gives %q, String %q", got, text)
	}
	if got, _ := p.MarshalText(); string(got) != text {
		t.Fatalf("MarshalText gives %q, String %q", got, text)
	}
	back, err := g.parse(text)
	if err != nil || back.Key() != p.Key() {
		t.Fatalf("%s reads back as %v (key %v, want %v), %v", text, back, back.Key(), p.Key(), err)
	}
	checkAt[M](t, p)
	if q, err := g.setup(p); err != nil || q.Key() != p.Key() {
		t.Fatalf("%s: its Setup gives %v, %v", p, q, err)
	}

	moves := p.AppendMoves(nil)
	if p.HasMoves() != (len(moves) > 0) {
		t.Fatalf("%s: HasMoves %v with %d moves", p, p.HasMoves(), len(moves))
	}
	mp := p.Mirror()
	if mp.Mirror().Key() != p.Key() {
		t.Fatalf("%s: mirrored twice gives %s", p, mp.Mirror())
	}
	if mp.CountMoves() != len(moves) || mp.Outcome() != p.Outcome() {
		t.Fatalf("%s: %d moves and %v, mirrored %s: %d and %v", p, len(moves), p.Outcome(), mp, mp.CountMoves(), mp.Outcome())
	}
	mirrored := mp.AppendMoves(nil)
	mover := p.ToMove()
	wins := false
	keys := map[hops.StateKey]string{}
	for i, m := range moves {
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: generated %s does not play: %v", p, m, err)
		}
		o := q.Outcome()
		if q.HasMoves() == o.Over { // a finished game has no moves (G6, G10)
			t.Fatalf("%s: HasMoves %v, outcome %v", q, q.HasMoves(), o)
		}
		// CanWinNow looks for a win by the game's goal, not by leaving
		// the opponent without a move (G6).
		wins = wins || o.Over && o.Winner == mover && o.Rule != "G6"
		qt := q.String()
		if prev, dup := keys[q.Key()]; dup {
			t.Fatalf("%s: successors %s and %s have the same key", p, prev, qt)
		}
		keys[q.Key()] = qt
		if i >= 40 { // the rest only for CanWinNow and the keys
			continue
		}
		if got := string(m.AppendTo([]byte("x"))); got != "x"+m.String() {
			t.Fatalf("move AppendTo gives %q, String %q", got, m.String())
		}
		if got, _ := m.MarshalText(); string(got) != m.String() {
			t.Fatalf("move MarshalText gives %q, String %q", got, m)
		}
		if back, err := g.parseMove(m.String()); err != nil || back != m {
			t.Fatalf("move %s reads back as %s, %v", m, back, err)
		}
		mq, err := mp.Play(m.Mirror())
		if err != nil || mq.Key() != q.Mirror().Key() {
			t.Fatalf("%s: %s mirrored (%s in %s) gives %v, %v; want %s", p, m, m.Mirror(), mp, mq, err, q.Mirror())
		}
		// The reflection's own written form of that move, which may
		// differ from the reflected text, is one it generates.
		if c, err := mp.Canonical(m.Mirror()); err != nil || !slices.Contains(mirrored, c) {
			t.Fatalf("%s: %s mirrored (%s in %s): Canonical gives %s, %v, not a generated move", p, m, m.Mirror(), mp, c, err)
		}
		d := q.Drawing(m)
		if !sameHops(d.Arrows, m.Arrows()) || len(d.Arrows) == 0 {
			t.Fatalf("%s: Drawing(%s) has arrows %v, want %v", q, m, d.Arrows, m.Arrows())
		}
		if svg := d.SVG(); strings.Count(svg, "<line ") != len(d.Arrows) {
			t.Fatalf("%s: the SVG of Drawing(%s) does not draw its %d arrows", q, m, len(d.Arrows))
		}
	}
	if p.CanWinNow() != wins {
		t.Fatalf("%s: CanWinNow %v, playing the moves says %v", p, p.CanWinNow(), wins)
	}
	g.checkState(t, p, mp, wins)
}

// checkState checks that a State answers Key, Mirror, HasMoves and
// CanWinNow as the typed position p does (mp is p.Mirror(), wins what
// playing p's moves said of CanWinNow).
func (g uniformGame[P, M]) checkState(t *rapid.T, p, mp P, wins bool) {
	s, err := g.game.State(p)
	if err != nil {
		t.Fatalf("%s: no State: %v", p, err)
	}
	if k, ok := s.Key(); !ok || k != p.Key() {
		t.Fatalf("%s: the State's key %v, %v; typed %v", p, k, ok, p.Key())
	}
	ms, ok := s.Mirror()
	if !ok || ms.String() != mp.String() || ms.Game() != g.game {
		t.Fatalf("%s: the State mirrors to %v, %v; typed %s", p, ms, ok, mp)
	}
	if k, _ := ms.Key(); k != mp.Key() {
		t.Fatalf("%s: the mirrored State's key %v, typed %v", p, k, mp.Key())
	}
	if s.HasMoves() != p.HasMoves() || s.CanWinNow() != wins {
		t.Fatalf("%s: the State says HasMoves %v, CanWinNow %v; typed %v, %v", p, s.HasMoves(), s.CanWinNow(), p.HasMoves(), wins)
	}
}

func side(t *rapid.T) hops.Side {
	return rapid.SampledFrom([]hops.Side{hops.First, hops.Second}).Draw(t, "first")
}

func TestUniformMethodsZapita(t *testing.T) {
	rapid.Check(t, uniformGame[zapita.Position, zapita.Move]{
		game:  zapita.Game,
		start: func(t *rapid.T) zapita.Position { return zapita.StartWith(side(t)) },
		parse: zapita.Parse, parseMove: zapita.ParseMove,
		setup: func(p zapita.Position) (zapita.Position, error) { return p.Setup().Position() },
	}.check)
}

func TestUniformMethodsCatchit(t *testing.T) {
	rapid.Check(t, uniformGame[catchit.Position, catchit.Move]{
		game:  catchit.Game,
		start: func(t *rapid.T) catchit.Position { return catchit.StartWith(side(t)) },
		parse: catchit.Parse, parseMove: catchit.ParseMove,
		setup: func(p catchit.Position) (catchit.Position, error) { return p.Setup().Position() },
	}.check)
}

func TestUniformMethodsCoir(t *testing.T) {
	rapid.Check(t, uniformGame[coir.Position, coir.Move]{
		game: coir.Game,
		start: func(t *rapid.T) coir.Position {
			if rapid.Bool().Draw(t, "variant") {
				return coir.StartVariantWith(side(t))
			}
			return coir.StartWith(side(t))
		},
		parse: coir.Parse, parseMove: coir.ParseMove,
		setup: func(p coir.Position) (coir.Position, error) { return p.Setup().Position() },
		// White's A1 jumps Black's last pawn (C3).
		wins: []string{"wwwwww/wwww2/6/6/1b4/w5 w", "wwwwww/wwww2/6/6/1b4/w5 b"},
	}.check)
}

// randomBrouillard sets up a game from random arrangements.
func randomBrouillard(t *rapid.T) brouillard.Position {
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
	p, err := brouillard.NewPositionWith(brouillard.RandomArrangement(r), brouillard.RandomArrangement(r), side(t))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestUniformMethodsBrouillard(t *testing.T) {
	rapid.Check(t, uniformGame[brouillard.Position, brouillard.Move]{
		game:  brouillard.Game,
		start: randomBrouillard,
		parse: brouillard.Parse, parseMove: brouillard.ParseMove,
		setup: func(p brouillard.Position) (brouillard.Position, error) { return p.Setup().Position() },
		// The King is the target and White's Fou turns it over from D2
		// (B5, B8); with Red to move, no win.
		wins: []string{"1x3x1/3f3/7/7/3k3/X1NFT1J/1Q1K1X1 w 4 0 -", "1x3x1/3f3/7/7/3k3/X1NFT1J/1Q1K1X1 r 4 0 -"},
	}.check)
}

// TestUniformMethodsBrouillardView: a View's At shows what its text
// shows (hidden pawns as P or p, B12), and its HasMoves and Drawing
// agree with the true position's.
func TestUniformMethodsBrouillardView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, played := gametest.RandomPlay(t, randomBrouillard(t), 40)
		for _, s := range []hops.Side{brouillard.White, brouillard.Red} {
			v := p.View(s)
			checkAt[brouillard.Move](t, v)
			if v.HasMoves() != p.HasMoves() {
				t.Fatalf("%s: the view of %v says HasMoves %v", p, s, v.HasMoves())
			}
			if len(played) > 0 {
				last := played[len(played)-1]
				if got := v.Drawing(last).Arrows; !slices.Equal(got, last.Arrows()) {
					t.Fatalf("%s: the view draws %s as %v", p, last, got)
				}
			}
		}
	})
}

// TestKeysTellPositionsApart: positions that differ in one detail only
// (a power, the carrier, a colour, a face, a mark, a count, the phase,
// the side to move) have different keys; a position's key is its own.
func TestKeysTellPositionsApart(t *testing.T) {
	keyOf := map[string]func(string) (hops.StateKey, error){
		"zapita":     func(s string) (hops.StateKey, error) { p, err := zapita.Parse(s); return p.Key(), err },
		"catchit":    func(s string) (hops.StateKey, error) { p, err := catchit.Parse(s); return p.Key(), err },
		"coir":       func(s string) (hops.StateKey, error) { p, err := coir.Parse(s); return p.Key(), err },
		"brouillard": func(s string) (hops.StateKey, error) { p, err := brouillard.Parse(s); return p.Key(), err },
	}
	texts := map[string][]string{
		"zapita": {
			"a5A/b5B/c5C/3*3/c5C/b5B/a5A w", "a5A/b5B/c5C/3*3/c5C/b5B/a5A k",
			"b5A/a5B/c5C/3*3/c5C/b5B/a5A w", "a5B/b5A/c5C/3*3/c5C/b5B/a5A w",
			"a5A/b5B/c5C/2*4/c5C/b5B/a5A w", "a5A/b5B/c5C/3*3/c5C/b5B/a4A1 w",
		},
		"catchit": {
			"rrrrrrr/7/7/7/7/7/bbbBbbb b", "rrrrrrr/7/7/7/7/7/bbbBbbb r",
			"rrrrrrr/7/7/7/7/7/bbBbbbb b", "rrrRrrr/7/7/7/7/7/bbbbbbb b",
		},
		"coir": {
			"bbbbbb/6/6/6/6/wwwwww w", "bbbbbb/6/6/6/6/wwwwww b",
			"bbbbbb/6/6/6/6/bwwwww w", "bbbbbb/6/6/6/6/wwwwbw w",
		},
		"brouillard": {
			"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", "1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 r 0 0 -",
			"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1T1N1X1 w 0 0 -", "1x1n1t1/j1qfk1x/7/7/7/X!1QFJ1K/1N1T1X1 w 0 0 -",
			"1x3t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 -", "1x3t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 1 0 +",
			"1x1n1t1/j1qfk1x/7/7/2F4/X1Q1J1K/1N1T1X1 w 0 0 -",
		},
	}
	for game, list := range texts {
		seen := map[hops.StateKey]string{}
		for _, text := range list {
			k, err := keyOf[game](text)
			if err != nil {
				t.Errorf("%s: %s: %v", game, text, err)
				continue
			}
			if prev, dup := seen[k]; dup {
				t.Errorf("%s: %s and %s have the same key %v", game, prev, text, k)
			}
			seen[k] = text
			if again, _ := keyOf[game](text); again != k {
				t.Errorf("%s: %s has keys %v and %v", game, text, k, again)
			}
		}
	}
}

// TestZeroMirrorsToItself: the zero Position of every game, no game,
// mirrors to itself, so that what is derived from it writes a text that
// reads back (Zapita's mirrored zero wrote "*6/7/7/7/7/7/7 w", which Z1
// refuses; Brouillard's had another key, and its view for Red a JSON
// that did not read back).
func TestZeroMirrorsToItself(t *testing.T) {
	zeroMirror[zapita.Position](t)
	zeroMirror[catchit.Position](t)
	zeroMirror[coir.Position](t)
	zeroMirror[brouillard.Position](t)
	for _, s := range []hops.Side{hops.First, hops.Second} {
		v := brouillard.Position{}.View(s)
		data, err := json.Marshal(v)
		var back brouillard.View
		if err != nil || json.Unmarshal(data, &back) != nil || back != v {
			t.Errorf("the zero position's view for %v writes %s (%v) and reads back as %v", s, data, err, back)
		}
	}
}

func zeroMirror[P interface {
	comparable
	Mirror() P
	Key() hops.StateKey
	MarshalText() ([]byte, error)
}](t *testing.T) {
	var zero P
	m := zero.Mirror()
	if m != zero || m.Key() != zero.Key() {
		t.Errorf("%T: the zero position mirrors to %v", zero, m)
	}
	text, err := m.MarshalText()
	var back P
	if err != nil || any(&back).(encoding.TextUnmarshaler).UnmarshalText(text) != nil || back != zero {
		t.Errorf("%T: the mirrored zero position writes %q (%v) and reads back as %v", zero, text, err, back)
	}
}

// sameHops reports whether a drawing's arrows are a move's: the same, but
// that a jump off the board may be drawn over a pawn of the last rank
// beside the one straight ahead (Catch'it, K6), two files aside.
func sameHops(drawn, move []hops.Arrow) bool {
	if len(drawn) != len(move) {
		return false
	}
	for i, a := range drawn {
		b := move[i]
		off := b.ToRank < 0 || b.ToRank > 6
		aside := a.ToFile-b.ToFile == 2 || b.ToFile-a.ToFile == 2
		if a != b && !(off && aside && a.FromFile == b.FromFile && a.FromRank == b.FromRank && a.ToRank == b.ToRank) {
			return false
		}
	}
	return true
}
