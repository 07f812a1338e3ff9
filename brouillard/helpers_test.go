package brouillard

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// rowsOf builds the <rows> field from pieces such as "D3:N C4:x E6:k! D2:F":
// a square, a colon and a letter (upper case White), '!' when turned over.
func rowsOf(t testing.TB, pieces string) string {
	t.Helper()
	var grid [7][7]string
	for _, f := range strings.Fields(pieces) {
		sq, letter, ok := strings.Cut(f, ":")
		s, err := bd.ParseSquare(sq)
		if !ok || err != nil || letter == "" {
			t.Fatalf("bad piece %q", f)
		}
		if grid[s.Rank()][s.File()] != "" {
			t.Fatalf("two pieces on %s", s)
		}
		grid[s.Rank()][s.File()] = letter
	}
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		empty := 0
		for f := 0; f < 7; f++ {
			if grid[r][f] == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(grid[r][f])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// parsed reads a position text, failing the test if it does not read.
func parsed(t testing.TB, text string) Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return p
}

// build parses the position made of pieces and the fields tail
// ("w 0 0 -"), failing the test if it is not valid.
func build(t testing.TB, pieces, tail string) Position {
	t.Helper()
	text := rowsOf(t, pieces) + " " + tail
	p := parsed(t, text)
	if p.String() != text {
		t.Fatalf("Parse(%q).String() = %q", text, p.String())
	}
	return p
}

func mustMove(t testing.TB, text string) Move {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	return m
}

// play plays the move text, failing the test if it is illegal.
func play(t testing.TB, p Position, text string) Position {
	t.Helper()
	q, err := p.Play(mustMove(t, text))
	if err != nil {
		t.Fatalf("%s in %s: %v", text, p, err)
	}
	return q
}

// reject checks that the move text is illegal in p under the given rule,
// with an error of kind ErrIllegal, and that p is unchanged.
func reject(t testing.TB, p Position, text, rule string) {
	t.Helper()
	before := p.String()
	m := mustMove(t, text)
	err := p.Validate(m)
	var e *hops.Error
	if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) || e.Rule != rule {
		t.Errorf("%s in %s: error %v, want an illegal move under %s", text, p, err, rule)
		return
	}
	if _, err2 := p.Play(m); err2 == nil || err2.Error() != err.Error() {
		t.Errorf("%s: Play error %v differs from Validate error %v", text, err2, err)
	}
	if p.String() != before {
		t.Errorf("%s: the position changed", text)
	}
}

// generated reports whether the generator yields the move text.
func generated(p Position, text string) bool {
	for m := range p.Moves() {
		if m.String() == text {
			return true
		}
	}
	return false
}

func sq(t testing.TB, name string) hops.Square {
	t.Helper()
	s, err := bd.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
