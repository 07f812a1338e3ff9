package brouillard

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

var fuzzPositions = []string{
	startText,
	"1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 r 0 0 -",
	midgame1,
	midgame2,
	"1k3t!F/x6/3j!1q!1/4X!1x!/3K!1Q!1/N3J!1X!/2f2T1 w 1 0 +",
	"1j!1q!1x!1/2x!4/F2T!3/2K!4/6f/4X!1Q!/1X!1J!1k!1 w 2 1 +",
	"7/x5x!/2F4/2J!4/3K!3/2X!1Q!fX!/5T1 r 5 1 -",
	"1x!3k!1/4x!2/7/X!6/7/1f4X!/F2K3 w 4 4 -",
	"1x1p1P1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -",
	"",
	"7/7/7/7/7/7/7 w 0 0 -",
}

// Two positions of random games after 12 decisions (used by the
// benchmarks too).
const (
	midgame1 = "5j1/t1k1x2/1X3n1/2qfx2/1KF4/2J1T1Q/1N3X1 w 0 0 -"
	midgame2 = "4Fj1/t1J1x!2/7/X!6/f2q1x1/k!3X1Q/1N1K1T1 r 1 0 -"
)

func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !(errors.Is(err, hops.ErrSyntax) || errors.Is(err, hops.ErrPosition)) {
				t.Fatalf("Parse(%q): error %v of the wrong kind", text, err)
			}
			return
		}
		if p.String() != text {
			t.Fatalf("Parse(%q).String() = %q", text, p.String())
		}
		n := 0
		for m := range p.Moves() {
			if _, err := p.Play(m); err != nil {
				t.Fatalf("%s in %s: %v", m, p, err)
			}
			if n++; n > 50 {
				break
			}
		}
		if (p.CountMoves() == 0) != p.Outcome().Over {
			t.Fatalf("%s: %d moves, outcome %v", p, p.CountMoves(), p.Outcome())
		}
		for s := White; s <= Red; s++ {
			v := p.View(s)
			w, err := ParseView(v.String(), s)
			if err != nil || w != v {
				t.Fatalf("view %s: %v", v, err)
			}
		}
		_ = p.Diagram()
	})
}

func FuzzParseView(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Add("1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", false)
	f.Add("1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -", true)
	f.Fuzz(func(t *testing.T, text string, red bool) {
		viewer := White
		if red {
			viewer = Red
		}
		v, err := ParseView(text, viewer)
		if err != nil {
			if !errors.Is(err, hops.ErrSyntax) && !errors.Is(err, hops.ErrPosition) {
				t.Fatalf("ParseView(%q): error %v of the wrong kind", text, err)
			}
			return
		}
		if v.String() != text || v.Viewer() != viewer {
			t.Fatalf("ParseView(%q).String() = %q", text, v.String())
		}
		rng := rand.New(rand.NewPCG(uint64(len(text)), 1))
		p := v.Sample(rng)
		if _, err := Parse(p.String()); err != nil || p.View(viewer) != v {
			t.Fatalf("sample %s of %s: %v", p, v, err)
		}
		if v.Consistent() < 1 {
			t.Fatalf("%s: %d consistent states", v, v.Consistent())
		}
		moves := v.AppendMoves(nil)
		if len(moves) != v.CountMoves() {
			t.Fatal("CountMoves")
		}
		for _, m := range moves {
			q, rev, err := p.PlayReveal(m)
			if err != nil {
				t.Fatalf("%s: %v", m, err)
			}
			w, err := v.Play(m, rev)
			if err != nil || w != q.View(viewer) {
				t.Fatalf("view after %s: %v %v", m, w, err)
			}
		}
	})
}

// FuzzParseMove (G12, B10): ParseMove never panics, fails only with a
// syntax error, prints what it reads canonically and reads the normalised
// input as the same decision; what it reads is legal at the start or
// rejected as illegal.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"D3-E2 E3-E5xC5", "D2-B2-B4-B6", "a3xa1", "D3-E2  E3", "D3-out", "", "D2-C3 ", "B1-D3-F5-D7 D2-B2xB4",
		" d3‐e2\te3–e5×c5", "D2—B2−B4-B6", "D3→E2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckParseMove(t, text, ParseMove)
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		if err := Start().Validate(m); err != nil && !errors.Is(err, hops.ErrIllegal) {
			t.Fatalf("%s: %v", m, err)
		}
	})
}

func FuzzValidate(f *testing.F) {
	for _, s := range fuzzPositions {
		for _, m := range []string{"D2-E3", "D3-E2 E3-E5xC5", "C4-B3 C5xC7", "A2-B3 D2-B2-B4", "F5-E4 D3xD5", "D2-D2"} {
			f.Add(s, m)
		}
	}
	f.Fuzz(func(t *testing.T, posText, moveText string) {
		p, err := Parse(posText)
		if err != nil {
			return
		}
		m, err := ParseMove(moveText)
		if err != nil {
			return
		}
		before := p
		q, err := p.Play(m)
		if p != before {
			t.Fatal("Play changed its receiver")
		}
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) || e.Rule == "" {
				t.Fatalf("%s in %s: %v", m, p, err)
			}
			if v := p.View(p.ToMove() ^ 1); errText(v.Validate(m)) != err.Error() {
				t.Fatalf("the view's error differs: %v", v.Validate(m))
			}
			return
		}
		all, turning := successors(p)
		if !all[q] {
			t.Fatalf("%s is legal in %s but its successor %s is not generated", m, p, q)
		}
		// B8: a marked last jump turns over an opposing pawn only.
		if m.Turns() {
			if msg := checkMarked(p, m, all, turning); msg != "" {
				t.Fatal(msg)
			}
		}
	})
}
