package catchit

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (K10).
func TestG12_TolerantInput(t *testing.T) {
	for _, c := range []struct{ in, form, want string }{
		{"  d1–d2   c1 ‐ c2 ", "spaces around dashes", "D1-D2 C1-C2"},
		{"E2 × C2 - C4 - A6", "spaces around every hop", "E2xC2-C4-A6"},
		{" D1-D2 C1-C2 ", "surrounding spaces", "D1-D2 C1-C2"},
		{"D1-D2   C1-C2", "run of spaces between displacements", "D1-D2 C1-C2"},
		{"D1-D2\t\tC1-C2", "tabs between displacements", "D1-D2 C1-C2"},
		{"d1‐d2 c1‑c2", "hyphens U+2010 and U+2011", "D1-D2 C1-C2"},
		{"E2xC2–C4—A6", "en and em dashes", "E2xC2-C4-A6"},
		{"E2×C2-C4-A6", "'×' for x", "E2xC2-C4-A6"},
		{"D6XD4−B2−Out", "minus signs, X and Out", "D6xD4-B2-out"},
	} {
		m, err := ParseMove(c.in)
		if err != nil || m.String() != c.want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", c.form, c.in, m, err, c.want)
			continue
		}
		var u Move
		if err := u.UnmarshalText([]byte(c.in)); err != nil || u != m {
			t.Errorf("%s: UnmarshalText(%q) = %v, %v", c.form, c.in, u, err)
		}
	}
}

// TestG12_BadCharacters: a character no move text holds is named as
// itself with its column, not as one of its bytes; other faults cite the
// game's rule.
func TestG12_BadCharacters(t *testing.T) {
	for _, c := range []struct{ in, rule, msg string }{
		{"D1–D2 C1→C2", "G12", "unexpected character '→' at column 9"},
		{"D1-D2;C1-C2", "G12", "unexpected character ';' at column 6"},
		{"D1-D2 C1-C2 E1-E2", "K10", "3 displacements"},
	} {
		_, err := ParseMove(c.in)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Rule != c.rule || !strings.Contains(e.Error(), c.msg) {
			t.Errorf("ParseMove(%q) error %v; want a syntax error (%s) saying %q", c.in, err, c.rule, c.msg)
		}
	}
}

// BenchmarkParseMove reads a canonical move text, the common case of a
// server or record reader: the normaliser only scans it.
func BenchmarkParseMove(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseMove("E2xC2-C4-A6 G7-G6"); err != nil {
			b.Fatal(err)
		}
	}
}
