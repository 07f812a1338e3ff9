package catchit

import (
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

var fuzzPositions = append([]string{
	"rrrrrrr/7/7/7/7/7/bbbBbbb b",
	"rr1rrrr/7/r6/7/7/7/bbb1bbb r",
	"rrrrrrr/7/7/7/7/7/bbbBbbb",
	"rrrrrrr/7/7/7/7/16/bbbBbbb b",
	"rRrrrrr/7/7/7/7/7/bbbBbbb b",
	"",
}, sheetPositions...)

var fuzzMoves = []string{
	"D1-D2 C1-C2", "E2xC2-C4-A6 G7-G6", "D6xD4-B2-out", "C7-out", "D2xout",
	"d1-d2 c1xe3", "A1-A3-A1 B1-B2", "D1-out A1-A2", "D1", "", " ", "D1-D2  C1-C2",
	"Z9-A1", "D1-D44", "OUT-D1", "D1xXD2",
}

// checkErr fails unless err is nil or an *hops.Error of the given kinds.
func checkErr(t *testing.T, err error, kinds ...error) {
	t.Helper()
	if err == nil {
		return
	}
	var e *hops.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not an *hops.Error", err)
	}
	for _, k := range kinds {
		if errors.Is(err, k) {
			return
		}
	}
	t.Fatalf("error %v of an unexpected kind", err)
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		checkErr(t, err, hops.ErrSyntax, hops.ErrPosition)
		if err != nil {
			return
		}
		if p.String() != text {
			t.Fatalf("Parse(%q).String() = %q", text, p.String())
		}
		_ = p.Diagram()
		_ = p.Outcome()
	})
}

// FuzzParseMove (G12, K10): ParseMove never panics, fails only with a
// syntax error, prints what it reads canonically and reads the normalised
// input as the same turn.
func FuzzParseMove(f *testing.F) {
	for _, s := range fuzzMoves {
		f.Add(s)
	}
	for _, s := range []string{" d1–d2\t\tc1—c2 ", "D6×D4−B2-OUT", "E2XC2‐C4-A6  G7-G6", "D1→D2", "D1-D2 C1-C2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.CheckParseMove(t, text, ParseMove)
	})
}

func FuzzValidate(f *testing.F) {
	for i, p := range fuzzPositions {
		f.Add(p, fuzzMoves[i%len(fuzzMoves)])
	}
	f.Add("rrr1rrr/3r3/3B3/7/2b4/6b/b3bbb r", "D6xD4-B2-out")
	f.Add("rrrrrr1/7/7/7/7/3r3/bbbBbbb r", "D2xout")
	f.Fuzz(func(t *testing.T, pos, move string) {
		p, err := Parse(pos)
		if err != nil {
			return
		}
		m, err := ParseMove(move)
		if err != nil {
			return
		}
		before := p
		q, err := p.Play(m)
		checkErr(t, err, hops.ErrIllegal, hops.ErrSyntax)
		if p != before {
			t.Fatal("Play changed its receiver")
		}
		if verr := p.Validate(m); (verr == nil) != (err == nil) {
			t.Fatalf("Validate and Play disagree: %v / %v", verr, err)
		}
		if err != nil {
			return
		}
		if _, err := Parse(q.String()); err != nil {
			t.Fatalf("%s after %s: successor %s does not parse: %v", pos, move, q, err)
		}
		// A legal move reaches a successor that the generator also reaches.
		found := false
		for g := range p.Moves() {
			if r, _ := p.Play(g); r == q {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: %s is legal but no generated move reaches %s", pos, move, q)
		}
	})
}
