package gametest

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// The checks below are the bodies of tests every game package has under
// the same names (TestG9_Canonical, TestG12_TolerantInput, ...): each
// package keeps its own cases and positions and passes them in.

// Suite is what the shared checks need of one game, gathered once in
// each game package's tests.
type Suite[P Playable[P, M], M ClickedMove, PM textMove[M]] struct {
	// Game, Parse and ParseMove are the game's text-level entry point and
	// its readers of position and move texts.
	Game      *hops.Game
	Parse     func(string) (P, error)
	ParseMove func(string) (M, error)
	// Random draws a random position.
	Random func(*rapid.T) P
	// TypedForms returns texts of up to n moves of a position beyond the
	// generated ones: re-routed, reordered, disguised as people type.
	TypedForms func(p P, rng *rand.Rand, n int) []string
	// WrittenForms lists moves of a position in the many written forms
	// the builder tests enumerate from every path.
	WrittenForms func(P) []M
}

// Playable is a game's position that builds moves from clicks.
type Playable[P any, M ClickedMove] interface {
	hops.Position[P, M]
	hops.Builder[M]
}

// NewSuite returns the Suite of a game, in the order of its fields.
func NewSuite[P Playable[P, M], M ClickedMove, PM textMove[M]](g *hops.Game, parse func(string) (P, error), parseMove func(string) (M, error), random func(*rapid.T) P, typedForms func(P, *rand.Rand, int) []string, writtenForms func(P) []M) Suite[P, M, PM] {
	return Suite[P, M, PM]{Game: g, Parse: parse, ParseMove: parseMove, Random: random, TypedForms: typedForms, WrittenForms: writtenForms}
}

// MustParse reads a position, failing t when it does not read.
func (s Suite[P, M, PM]) MustParse(t Fataler, text string) P {
	t.Helper()
	p, err := s.Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return p
}

// CheckCanonicals runs CheckCanonical on the known positions, which
// must have moves with other legal written forms so that the check
// cannot pass vacuously, then on random ones, over the typed forms of
// their moves and a sample of their written forms (G9, G12).
func (s Suite[P, M, PM]) CheckCanonicals(t *testing.T, known ...string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 9))
	others := 0
	for _, text := range known {
		p, err := s.Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		others += s.checkCanonical(t, p, rng, 40)
	}
	if others == 0 {
		t.Error("no legal written form other than the canonical one was tried")
	}
	others = 0
	rapid.Check(t, func(t *rapid.T) {
		p := s.Random(t)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 9))
		others += s.checkCanonical(t, p, rng, canonicalMoves())
	})
	t.Logf("random positions: %d legal written forms other than the canonical one", others)
}

// checkCanonical runs CheckCanonical on the written forms of n of p's
// moves and returns how many legal non-canonical forms it met.
func (s Suite[P, M, PM]) checkCanonical(t Fataler, p P, rng *rand.Rand, n int) int {
	t.Helper()
	st, err := s.Game.Parse(p.String())
	if err != nil {
		t.Fatalf("Game.Parse(%s): %v", p, err)
	}
	c := CanonicalCase[P, M]{Pos: p, State: st, ParseMove: s.ParseMove}
	// Besides re-routed and disguised generated moves, a sample of the
	// written forms the builder tests enumerate from every path.
	texts := append(s.TypedForms(p, rng, n), SampleTexts(rng, s.WrittenForms(p), n)...)
	return CheckCanonical(t, c, texts)
}

// canonicalMoves says how many moves of each random position
// CheckCanonicals rewrites: checking a form plays every generated move.
func canonicalMoves() int {
	if testing.Short() {
		return 6
	}
	return 16
}

// TolerantCase is a move text as people type it (In), what is unusual
// about it (Form), and the canonical text it must read as (Want).
type TolerantCase struct {
	In, Form, Want string
}

// textMove is a move that reads itself from text, as encoding does.
type textMove[M hops.Move] interface {
	*M
	encoding.TextUnmarshaler
}

// CheckTolerantInput checks that ParseMove reads each case as its canonical
// text (G12), and that the move's UnmarshalText reads it as the same
// move.
func (s Suite[P, M, PM]) CheckTolerantInput(t *testing.T, cases []TolerantCase) {
	t.Helper()
	for _, c := range cases {
		m, err := s.ParseMove(c.In)
		if err != nil || m.String() != c.Want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.Form, c.In, m, err, c.Want)
			continue
		}
		var u M
		if err := PM(&u).UnmarshalText([]byte(c.In)); err != nil || u != m {
			t.Errorf("%s: UnmarshalText(%q) = %v, %v", c.Form, c.In, u, err)
		}
	}
}

// BadTextCase is a move text ParseMove must refuse with a syntax error that
// cites Rule and says Msg.
type BadTextCase struct {
	In, Rule, Msg string
}

// CheckBadText checks that ParseMove refuses each case with an *hops.Error
// of kind ErrSyntax citing the case's rule and saying its message.
func (s Suite[P, M, PM]) CheckBadText(t *testing.T, cases []BadTextCase) {
	t.Helper()
	for _, c := range cases {
		_, err := s.ParseMove(c.In)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Rule != c.Rule || !strings.Contains(e.Error(), c.Msg) {
			t.Errorf("ParseMove(%q) error %v; want a syntax error (%s) saying %q", c.In, err, c.Rule, c.Msg)
		}
	}
}

// BenchParseMove measures ParseMove on text.
func (s Suite[P, M, PM]) BenchParseMove(b *testing.B, text string) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.ParseMove(text); err != nil {
			b.Fatal(err)
		}
	}
}

// CheckJSONRandom runs CheckJSON on random positions.
func (s Suite[P, M, PM]) CheckJSONRandom(t *testing.T) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		CheckJSON(t, s.Game, s.Random(t))
	})
}

// CheckOutcomeJSON checks that the outcome of p, a finished game,
// encodes as wantJSON, reads back unchanged, prints as wantText, and that
// p passes CheckJSON.
func (s Suite[P, M, PM]) CheckOutcomeJSON(t *testing.T, p P, wantJSON, wantText string) {
	t.Helper()
	o := p.Outcome()
	data, err := json.Marshal(o)
	if err != nil || string(data) != wantJSON {
		t.Errorf("outcome JSON %s, %v; want %s", data, err, wantJSON)
	}
	var back hops.Outcome
	if err := json.Unmarshal(data, &back); err != nil || back != o {
		t.Errorf("outcome comes back as %+v, %v; want %+v", back, err, o)
	}
	if s := o.String(); s != wantText {
		t.Errorf("outcome %q", s)
	}
	CheckJSON(t, s.Game, p)
}

// CheckMoveJSON checks that a move written in JSON as in (any form
// people type, G12) reads, and writes back as the JSON text want.
func (s Suite[P, M, PM]) CheckMoveJSON(t *testing.T, in, want string) {
	t.Helper()
	var m M
	if err := json.Unmarshal([]byte(in), PM(&m)); err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(m); err != nil || string(data) != want {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
}

// BenchBuildWorst runs the BenchBuild benchmarks in each position of the
// package's WorstFile.
func (s Suite[P, M, PM]) BenchBuildWorst(b *testing.B) {
	for i, w := range ReadWorst(b, s.Parse) {
		first, long := BenchBuild(w.P)
		b.Run(fmt.Sprintf("%d/first", i+1), first)
		b.Run(fmt.Sprintf("%d/long", i+1), long)
	}
}

// CheckWrittenFormsRandom runs CheckWrittenForms on random positions,
// with the written forms that forms lists in each.
func CheckWrittenFormsRandom[P Buildable[M], M ClickedMove](t *testing.T, random func(*rapid.T) P, forms func(P) []M) {
	t.Helper()
	rapid.Check(t, func(t *rapid.T) {
		p := random(t)
		CheckWrittenForms(t, p, forms(p))
	})
}
