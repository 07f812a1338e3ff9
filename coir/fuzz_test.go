package coir

import (
	"errors"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

var fuzzPositions = []string{
	"bbbbbb/6/6/6/6/wwwwww w",
	"1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 b",
	"bbb1bb/3b2/1b2w1/6/3w2/w1w2w w",
	"bbbbbb/bb3b/4b1/2b3/6/w5 w",
	"2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w",
	"6/6/6/6/wwwwww/wwwwww b",
	"3bbb/3bb1/6/b1b3/bb4/wbb3 w",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Add("bbbbbb/6/6/6/6/wwwwww")
	f.Add("bbbbbb/6/6/6/33/wwwwww w")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !(errors.Is(err, hops.ErrSyntax) || errors.Is(err, hops.ErrPosition)) {
				t.Fatalf("Parse(%q): %v is not a syntax or position *hops.Error", text, err)
			}
			return
		}
		if p.String() != text {
			t.Fatalf("Parse(%q).String() = %q", text, p.String())
		}
		if (p.white | p.black).Count() != Pawns {
			t.Fatalf("%q: wrong material accepted", text)
		}
		_ = p.Diagram()
		_ = p.Outcome()
	})
}

// FuzzParseMove (G12, C7): ParseMove never panics, fails only with a
// syntax error, prints what it reads canonically and reads the normalised
// input as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"C1-E3-E5-C5-A3 A3-A4", "A3-A4", "A1-D4", "A1-C3-C6 C6-D6", "E5-C5-A3", "a1-b2", "A1xC3", "A1-A2 A2", "F6-F7",
		"\tc1–e3–e5  a3—a4 ", "A1−D4", "A1×C3", "A1→C3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckParseMove(t, text, ParseMove)
	})
}

func FuzzValidate(f *testing.F) {
	moves := []string{"C1-E3-E5-C5-A3 A3-A4", "A1-D4-F4 E4-E5", "A1-A2", "A1-C3", "D2-D4 D4-D5", "C1-E3-E5-C5-A3"}
	for i, s := range fuzzPositions {
		f.Add(s, moves[i%len(moves)])
	}
	f.Fuzz(func(t *testing.T, pos, move string) {
		p, err := Parse(pos)
		if err != nil {
			p = Start()
		}
		checkText(t, p, move)
	})
}
