package hops

import (
	"errors"
	"strings"
	"testing"
)

// G12: input is tolerant (white space, Unicode dashes, '×'), and what it
// accepts comes out in the plain form the parsers read.
func TestG12_NormalizeMoveText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"D1-D2", "D1-D2"},
		{"", ""},
		{"   ", ""},
		{" D1-D2 ", "D1-D2"},
		{"\tD1-D2\n", "D1-D2"},
		{"D1-D2   C1-C2", "D1-D2 C1-C2"},
		{"D1-D2\t\tC1-C2", "D1-D2 C1-C2"},
		{"D1-D2\u00a0C1-C2", "D1-D2 C1-C2"}, // no-break space
		{"D1\u2010D2", "D1-D2"},             // hyphen
		{"D1\u2011D2", "D1-D2"},             // non-breaking hyphen
		{"D1\u2012D2", "D1-D2"},             // figure dash
		{"D1–D2", "D1-D2"},                  // en dash
		{"D1—D2", "D1-D2"},                  // em dash
		{"D1−D2", "D1-D2"},                  // minus sign
		{"E2×C2–C4", "E2xC2-C4"},
		{"e2XC2", "e2XC2"}, // case is the parsers' business
		{"D2-B2*D4*G4", "D2-B2*D4*G4"},
		{" d6×d4 – b2 — OUT ", "d6xd4-b2-OUT"},
		{"  d1–d2   c1 ‐ c2 ", "d1-d2 c1-c2"},
		{"E2 x C2 - C4", "E2xC2-C4"},
		{"E2 × C2", "E2xC2"},
		{"D2-B2 * D4 *G4", "D2-B2*D4*G4"},
		{"x D1", "x D1"}, // a lone x at an end joins nothing: the parser says what is wrong
		{"D1 x", "D1 x"},
	} {
		got, err := NormalizeMoveText(c.in)
		if err != nil || got != c.want {
			t.Errorf("NormalizeMoveText(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
		again, err := NormalizeMoveText(got)
		if err != nil || again != got {
			t.Errorf("NormalizeMoveText is not idempotent on %q: %q, %v", got, again, err)
		}
	}
}

// G12: a character no move text holds is named as itself, with its column
// counted in characters, not bytes.
func TestG12_NormalizeMoveTextErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"D1+D2", "unexpected character '+' at column 3"},
		{"D1→D2", "unexpected character '→' at column 3"},
		{"–D1→D2", "unexpected character '→' at column 4"},
		{"é4-D2", "unexpected character 'é' at column 1"},
		{"D1-D2.", "unexpected character '.' at column 6"},
		{"D1\x00D2", "unexpected character U+0000 at column 3"},
		{"D1'D2", `unexpected character "'" at column 3`},
		{"D1-\xffD2", "invalid UTF-8 byte 0xff at column 4"},
		{"D1\u200bD2", "unexpected character U+200B at column 3"}, // zero-width space is not white space
		{"D1\u2015D2", "unexpected character '―' at column 3"},    // horizontal bar is no dash
	} {
		_, err := NormalizeMoveText(c.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || e.Rule != "G12" || e.Msg != c.msg {
			t.Errorf("NormalizeMoveText(%q) error %v, want %q (G12)", c.in, err, c.msg)
		}
	}
}

func TestG12_NormalizeMoveTextNoAlloc(t *testing.T) {
	text := "D6xD4-B2-out C1-C2"
	if n := testing.AllocsPerRun(100, func() { _, _ = NormalizeMoveText(text) }); n != 0 {
		t.Errorf("plain text: %v allocations, want 0", n)
	}
}

// G12: ParsePath reads the same tolerant forms.
func TestG12_ParsePathTolerant(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{" e2–c2—c4−a6 ", "E2-C2-C4-A6"},
		{"E2×C2‐C4", "E2xC2-C4"},
		{"\td6XD4-b2-Out\n", "D6xD4-B2-out"},
	} {
		p, err := ParsePath(Board7, c.in)
		if err != nil || p.String() != c.want {
			t.Errorf("ParsePath(%q) = %v, %v; want %s", c.in, p, err, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"D1 D2", "a path holds no space"},
		{"D1-D2 ", ""},
		{"D1→D2", "unexpected character '→' at column 3"},
		{"D1*D2", "squares must be joined by '-' (or 'x' before a landing, in a game that marks jumps), found '*'"},
		{"D1-", "ends with a separator"},
		{"D1-D2\u2013", "ends with a separator"},
	} {
		p, err := ParsePath(Board7, c.in)
		var e *Error
		if c.msg == "" {
			if err != nil || p.String() != "D1-D2" {
				t.Errorf("ParsePath(%q) = %v, %v", c.in, p, err)
			}
			continue
		}
		if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || e.Msg != c.msg {
			t.Errorf("ParsePath(%q) error %v, want %q", c.in, err, c.msg)
		}
	}
}

// G1: a square name may have white space around it, and a wrong character
// is named as itself, not as one of its bytes.
func TestG1_ParseSquareTolerant(t *testing.T) {
	for _, in := range []string{"d4", " D4", "D4\t"} {
		if s, err := Board7.ParseSquare(in); err != nil || s != SquareAt(3, 3) {
			t.Errorf("ParseSquare(%q) = %v, %v", in, s, err)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"é4", "square \"é4\": 'é' is not a file letter"},
		{"D½", "square \"D½\": '½' is not a rank digit"},
		// Both wrong: the file is named, the first the reader reads (it
		// said "'a' is not a rank digit" of "ta", the start of "take").
		{"ta", "square \"ta\": 't' is not a file of the 7x7 board (A..G)"},
		{"QU", "square \"QU\": 'Q' is not a file of the 7x7 board (A..G)"},
		{"DE", "square \"DE\": 'E' is not a rank digit"},
		{"D", "square \"D\": want a file letter and a rank digit"},
		{"é", "square \"é\": want a file letter and a rank digit"},
		{"D44", "square \"D44\": want a file letter and a rank digit"},
	} {
		_, err := Board7.ParseSquare(c.in)
		var e *Error
		if !errors.As(err, &e) || e.Rule != "G1" || e.Msg != c.msg {
			t.Errorf("ParseSquare(%q) error %v, want %q", c.in, err, c.msg)
		}
	}
}

// FuzzNormalizeMoveText checks that the normaliser never panics, that its
// result is plain (idempotent, ASCII, single inner spaces) and that it
// rejects only texts holding a character outside what it maps.
func FuzzNormalizeMoveText(f *testing.F) {
	for _, s := range []string{"D1-D2 C1-C2", " d1–d2\t\tc1—c2 ", "E2×C2", "D1+D2", "\xff", "D2-B2*D4*G4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, err := NormalizeMoveText(text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) || RuleOf(err) != "G12" {
				t.Fatalf("NormalizeMoveText(%q): error %v", text, err)
			}
			return
		}
		if !plainMoveText(got) {
			t.Fatalf("NormalizeMoveText(%q) = %q is not plain", text, got)
		}
		if again, err := NormalizeMoveText(got); err != nil || again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q, %v", text, got, again, err)
		}
		if strings.Join(strings.Fields(got), " ") != got {
			t.Fatalf("NormalizeMoveText(%q) = %q keeps stray white space", text, got)
		}
	})
}

// BenchmarkNormalizeMoveText: the cost every ParseMove pays on text that
// is already plain (a scan), and on text that must be rewritten.
func BenchmarkNormalizeMoveText(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"plain", "E2xC2-C4-A6 G7-G6"},
		{"typed", " e2×c2–c4–a6\t\tg7—g6 "},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NormalizeMoveText(c.text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
