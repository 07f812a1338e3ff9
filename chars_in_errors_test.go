package hops_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// TestPositionTextNamesTheCharacterTyped (G11): a position text with a
// character outside ASCII is refused naming that character, not the
// first byte of its encoding read as a character of its own, in every
// game and in a view.
func TestPositionTextNamesTheCharacterTyped(t *testing.T) {
	for _, c := range []struct {
		name  string
		parse func(string) error
		text  string
		want  string
	}{
		{"catchit é", func(s string) error { _, e := catchit.Parse(s); return e }, "rrrrrrr/7/7/7/7/7/bbbBbbé b", "unexpected character 'é' in"},
		{"catchit BOM", func(s string) error { _, e := catchit.Parse(s); return e }, "\ufeffrrrrrrr/7/7/7/7/7/bbbBbbb b", "unexpected character U+FEFF in"},
		{"catchit 中", func(s string) error { _, e := catchit.Parse(s); return e }, "rrrrrrr/7/7/7/中/7/bbbBbbb b", "unexpected character '中' in"},
		{"catchit 0xff", func(s string) error { _, e := catchit.Parse(s); return e }, "rrrrrrr/7/7/7/7/7/bbbBbbb\xff b", "unexpected invalid UTF-8 byte 0xff in"},
		{"zapita é", func(s string) error { _, e := zapita.Parse(s); return e }, "a5A/b5B/c5C/3*3/c5C/b5B/a5é w", "unexpected character 'é' in"},
		{"coir é", func(s string) error { _, e := coir.Parse(s); return e }, "wwwwww/6/6/6/6/bbbbbé w", "unexpected character 'é' in"},
		{"brouillard é", func(s string) error { _, e := brouillard.Parse(s); return e }, "1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1Xé w 0 0 -", "unexpected character 'é' in"},
		{"view é", func(s string) error { _, e := brouillard.ParseView(s, brouillard.White); return e }, "1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1Xé w 0 0 -", "unexpected character 'é' in"},
	} {
		err := c.parse(c.text)
		var he *hops.Error
		if !errors.As(err, &he) || he.Rule != "G11" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want G11 and %q", c.name, err, c.want)
		}
	}
}

// TestArrangementText (B3): an arrangement is read with the white space
// around it ignored, its letters counted as characters, and a character
// that is no face named as typed.
func TestArrangementText(t *testing.T) {
	for _, in := range []string{" NTXXQJK", "NTXXQJK ", "NTXXQJK\r\n", "\tntxxqjk\n"} {
		if a, err := brouillard.ParseArrangement(in); err != nil || a.String() != "NTXXQJK" {
			t.Errorf("ParseArrangement(%q) = %v, %v", in, a, err)
		}
	}
	for in, want := range map[string]string{
		"NTXXQé":     `arrangement: "NTXXQé": want seven letters, one per home square (B3)`,
		"NTXXQJé":    `arrangement: "NTXXQJé": character 'é' is not a pawn face (X N T J Q K) (B3)`,
		"NTXXQJ😀":    `arrangement: "NTXXQJ😀": character '😀' is not a pawn face (X N T J Q K) (B3)`,
		"NTX\xffQJK": `arrangement: "NTX\xffQJK": invalid UTF-8 byte 0xff is not a pawn face (X N T J Q K) (B3)`,
		"NTXZQJK":    `arrangement: "NTXZQJK": character 'Z' is not a pawn face (X N T J Q K) (B3)`,
		"NT XQJK":    `arrangement: "NT XQJK": character ' ' is not a pawn face (X N T J Q K) (B3)`,
	} {
		if _, err := brouillard.ParseArrangement(in); err == nil || err.Error() != want {
			t.Errorf("ParseArrangement(%q): %v\nwant %s", in, err, want)
		}
	}
}

// TestRecordEscapeNamesTheCharacter (G13): a backslash before something
// that is no escape, in a tag or a comment, is refused naming what
// follows it as typed, with no raw control character in the message.
func TestRecordEscapeNamesTheCharacter(t *testing.T) {
	head := "[Game \"catchit\"]\n[Start \"rrrrrrr/7/7/7/7/7/bbbBbbb b\"]\n"
	for in, want := range map[string]string{
		head + "[Event \"caf\\é\"]\n\n*\n":       `not \ before character 'é'`,
		head + "\n1. D1-D2 C1-C2 {caf\\é}\n*\n":  `not \ before character 'é'`,
		head + "\n{\\中}\n*\n":                    `not \ before character '中'`,
		head + "[Event \"a\\\x00\"]\n\n*\n":      `not \ before character U+0000`,
		head + "\n1. D1-D2 C1-C2 {a\\\x7f}\n*\n": `not \ before character U+007F`,
		head + "[Event \"a\\t\"]\n\n*\n":         `not \ before character 't'`,
		head + "\n1. D1-D2 C1-C2 {a\\\xff}\n*\n": `not \ before invalid UTF-8 byte 0xff`,
	} {
		_, err := hops.ReadRecord(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v; want %q", in, err, want)
			continue
		}
		for _, r := range err.Error() {
			if r < ' ' || r == 0x7f {
				t.Errorf("the message holds the control character %U: %q", r, err)
			}
		}
	}
}

// TestStateKeyCountsCharacters: a key's text is measured in characters.
func TestStateKeyCountsCharacters(t *testing.T) {
	var k hops.StateKey
	if err := k.UnmarshalText([]byte("é")); err == nil || !strings.Contains(err.Error(), `"é" has 1 characters, want 48`) {
		t.Errorf("é: %v", err)
	}
	text := strings.Repeat("0", 47) + "é"
	if err := k.UnmarshalText([]byte(text)); err == nil || !strings.Contains(err.Error(), "character 48 is not a hexadecimal digit") {
		t.Errorf("47 zeros and é: %v", err)
	}
	text = "é" + strings.Repeat("0", 47)
	if err := k.UnmarshalText([]byte(text)); err == nil || !strings.Contains(err.Error(), "character 1 is not a hexadecimal digit") {
		t.Errorf("é and 47 zeros: %v", err)
	}
	want := hops.StateKey{1, 2, 0xabcdef}
	data, _ := want.MarshalText()
	var back hops.StateKey
	if err := back.UnmarshalText(data); err != nil || back != want {
		t.Errorf("%s reads back as %v, %v", data, back, err)
	}
}

// TestZapitaThrowQuotedAroundTheFault (Z7, G1): a long move whose throw
// square is off the board is quoted around that throw, not from its start.
func TestZapitaThrowQuotedAroundTheFault(t *testing.T) {
	for _, in := range []string{
		"A3-B4*" + strings.Repeat(" ", 80) + "B9",
		"A3-B4*C3*" + strings.Repeat(" ", 80) + "B9",
		strings.Repeat(" ", 80) + "A3-B4 * B9",
	} {
		_, err := zapita.ParseMove(in)
		var he *hops.Error
		if !errors.As(err, &he) || he.Rule != "G1" {
			t.Fatalf("%q: %v", in, err)
		}
		i, j := strings.Index(he.Where, `"`), strings.LastIndex(he.Where, `"`)
		excerpt, uerr := strconv.Unquote(he.Where[i : j+1])
		if uerr != nil || !strings.Contains(excerpt, "B9") {
			t.Errorf("%q: %v: the excerpt %q does not show B9", in, err, excerpt)
		}
	}
}

// TestParsePathQuotesItsText (G12): ParsePath quotes the text it refuses
// around the fault, as the move parsers do.
func TestParsePathQuotesItsText(t *testing.T) {
	_, err := hops.ParsePath(hops.Board7, "d1→d2")
	if want := `path "d1→d2": unexpected character '→' at column 3 (G12)`; err == nil || err.Error() != want {
		t.Errorf("ParsePath: %v, want %s", err, want)
	}
	var p hops.Path
	long := strings.Repeat("d1-d2-", 20000) + "→"
	err = p.UnmarshalText([]byte(long))
	if err == nil || !strings.Contains(err.Error(), "→") || len(err.Error()) > 300 {
		t.Errorf("a long path: %.400v", err)
	}
}

// TestNilRecordReaderError: the error of a RecordReader of a nil
// io.Reader is an *hops.Error, as every error the library makes.
func TestNilRecordReaderError(t *testing.T) {
	_, err := hops.NewRecordReader(nil).Next()
	var he *hops.Error
	if !errors.As(err, &he) || !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "nil io.Reader") {
		t.Errorf("NewRecordReader(nil).Next(): %T %v", err, err)
	}
}
