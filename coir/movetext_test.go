package coir

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (C7).
func TestG12_TolerantInput(t *testing.T) {
	for _, c := range []struct{ in, form, want string }{
		{"c1 – e3 - e5-c5 ‐ a3   a3 — a4", "spaces around dashes", "C1-E3-E5-C5-A3 A3-A4"},
		{" C1-E3-E5-C5-A3 A3-A4 ", "surrounding spaces", "C1-E3-E5-C5-A3 A3-A4"},
		{"C1-E3-E5-C5-A3 \t A3-A4", "spaces and a tab between parts", "C1-E3-E5-C5-A3 A3-A4"},
		{"c1–e3–e5–c5–a3 a3–a4", "en dashes, lower case", "C1-E3-E5-C5-A3 A3-A4"},
		{"A1—D4", "em dash", "A1-D4"},
		{"A3−A4", "minus sign", "A3-A4"},
		{"A3‐A4", "hyphen U+2010", "A3-A4"},
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
		{"A3→A4", "G12", "unexpected character '→' at column 3"},
		{"A1×C3 C3-C4", "C7", "'-' only"},
		{"A1-A2 A2-A3 A3-A4", "C7", "more than two parts"},
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
		if _, err := ParseMove("C1-E3-E5-C5-A3 A3-A4"); err != nil {
			b.Fatal(err)
		}
	}
}
