package brouillard

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// FuzzParseArrangement (B2, B3): ParseArrangement reads any text without
// panicking; what it reads is valid and writes back as the text in upper
// case without the white space around it, through String and
// MarshalText; what it refuses gets an
// *hops.Error of kind ErrSyntax or ErrPosition citing B2 or B3, whose
// message stays short whatever the text's length.
func FuzzParseArrangement(f *testing.F) {
	for _, s := range []string{"NTXXQJK", "xntjqkx", "NTXXQJ", "NTXXQJKK", "NNXXQJK", "XXXXXXX", "NTXXQJ?", "NTXXQJ\xff", "NT XQJK", "", " NTXXQJK\r\n", "NTXXQJ😀", "NTXXQé"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseArrangement(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !(errors.Is(err, hops.ErrSyntax) || errors.Is(err, hops.ErrPosition)) || e.Rule != "B2" && e.Rule != "B3" {
				t.Fatalf("ParseArrangement(%q): error %#v, want an *hops.Error of kind ErrSyntax or ErrPosition citing B2 or B3", text, err)
			}
			if len(err.Error()) > 300 {
				t.Fatalf("ParseArrangement of %d bytes: an error of %d bytes", len(text), len(err.Error()))
			}
			return
		}
		if verr := a.Validate(); verr != nil {
			t.Fatalf("ParseArrangement(%q) = %v, which Validate refuses: %v", text, a, verr)
		}
		if a.String() != strings.ToUpper(strings.TrimSpace(text)) {
			t.Fatalf("ParseArrangement(%q).String() = %q", text, a.String())
		}
		data, err := a.MarshalText()
		if err != nil || string(data) != a.String() {
			t.Fatalf("%v: MarshalText = %q, %v", a, data, err)
		}
		var back Arrangement
		if err := back.UnmarshalText(data); err != nil || back != a {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", data, back, err, a)
		}
	})
}

// FuzzArrangementValidate (B2, B3): Validate accepts an arrangement
// built by hand exactly when it holds two blanks and each figure once,
// and then its text reads back to it; otherwise it answers an
// *hops.Error of kind ErrPosition, and MarshalText refuses it unless it
// is the zero Arrangement (none chosen), which writes nothing.
func FuzzArrangementValidate(f *testing.F) {
	f.Add([]byte{byte(Nine), byte(Ten), byte(Blank), byte(Blank), byte(Queen), byte(Jack), byte(King)})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{byte(Blank), byte(Blank), byte(Blank), byte(Ten), byte(Queen), byte(Jack), byte(King)})
	f.Add([]byte{byte(Hidden), byte(Ten), byte(Blank), byte(Blank), byte(Queen), byte(Jack), byte(King)})
	f.Add([]byte{255, 1, 2, 3, 4, 5, 6})
	f.Fuzz(func(t *testing.T, kinds []byte) {
		var a Arrangement
		for i := 0; i < len(a) && i < len(kinds); i++ {
			a[i] = Kind(kinds[i])
		}
		var count [256]int
		for _, k := range a {
			count[byte(k)]++
		}
		valid := count[byte(Blank)] == 2
		for k := Nine; k <= King; k++ {
			valid = valid && count[byte(k)] == 1
		}
		err := a.Validate()
		if valid != (err == nil) {
			t.Fatalf("%v: Validate = %v; want valid %v", a[:], err, valid)
		}
		data, merr := a.MarshalText()
		switch {
		case valid:
			if back, err := ParseArrangement(a.String()); err != nil || back != a || merr != nil || string(data) != a.String() {
				t.Fatalf("%v: ParseArrangement(%q) = %v, %v; MarshalText %q, %v", a[:], a.String(), back, err, data, merr)
			}
		case !errors.Is(err, hops.ErrPosition):
			t.Fatalf("%v: Validate = %v, want an error of kind ErrPosition", a[:], err)
		case a == Arrangement{}:
			if merr != nil || len(data) != 0 {
				t.Fatalf("the zero Arrangement: MarshalText = %q, %v; want nothing", data, merr)
			}
		case merr == nil:
			t.Fatalf("%v: MarshalText = %q for an invalid arrangement", a[:], data)
		}
	})
}
