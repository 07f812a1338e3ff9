package zapita

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// TestG12_TolerantInput: ParseMove reads the forms people type (white
// space around and between parts, Unicode dashes, '×', either case) and
// prints the canonical text (Z7).
func TestG12_TolerantInput(t *testing.T) {
	for _, c := range []struct{ in, form, want string }{
		{"d2 – b2 * d4 *g4", "spaces around dashes and throws", "D2-B2*D4*G4"},
		{" D2-B2*D4*G4 ", "surrounding spaces", "D2-B2*D4*G4"},
		{"\tD2-B2*D4*G4\n", "tab and newline around", "D2-B2*D4*G4"},
		{"d2-b2*d4*g4", "lower case", "D2-B2*D4*G4"},
		{"D2‐B2*D4", "hyphen U+2010", "D2-B2*D4"},
		{"F2–D2–B4", "en dash", "F2-D2-B4"},
		{"F2—D2", "em dash", "F2-D2"},
		{"F2−D2", "minus sign", "F2-D2"},
		{"D2-B2 * D4\t*\tG4", "white space around the throw marks", "D2-B2*D4*G4"},
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
		{"D2 B2*D4", "Z7", "no space inside a path"},
		{"D2-B2*D4 G4", "Z7", "no space inside a path"},
		{"D2→B2", "G12", "unexpected character '→' at column 3"},
		{"D2-B2∗D4", "G12", "unexpected character '∗' at column 6"},
		{"D2×B2", "Z7", "'x' takes nothing"},
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
		if _, err := ParseMove("D2-B2*D4*G4"); err != nil {
			b.Fatal(err)
		}
	}
}
