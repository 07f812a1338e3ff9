package brouillard

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (B10).
func TestG12_TolerantInput(t *testing.T) {
	for _, c := range []struct{ in, form, want string }{
		{"d3 ‐ e2  e3 – e5 × c5", "spaces around dashes and ×", "D3-E2 E3-E5xC5"},
		{" D3-E2 E3-E5xC5 ", "surrounding spaces", "D3-E2 E3-E5xC5"},
		{"D3-E2\t E3-E5xC5", "tab and space between parts", "D3-E2 E3-E5xC5"},
		{"d3–e2 e3—e5×c5", "dashes and '×', lower case", "D3-E2 E3-E5xC5"},
		{"D2−B2‐B4‑B6", "minus and hyphens", "D2-B2-B4-B6"},
		{"E3-E5XC5", "upper-case X", "E3-E5xC5"},
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
		{"D3→E2", "G12", "unexpected character '→' at column 3"},
		{"D3-E2 E3-E5+", "G12", "unexpected character '+' at column 12"},
		{"D3-E2 E3-E5 C5-C7", "B10", "3 parts"},
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
		if _, err := ParseMove("D3-E2 E3-E5xC5"); err != nil {
			b.Fatal(err)
		}
	}
}
