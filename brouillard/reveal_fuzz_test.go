package brouillard

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
)

// FuzzParseReveal: ParseReveal never panics; what it reads writes back
// as a text it reads as the same Reveal, in any case and white space
// (B8); what it refuses is an *hops.Error of kind ErrSyntax, of bounded
// size, citing the rule of the part that is wrong.
func FuzzParseReveal(f *testing.F) {
	for _, s := range []string{"-", " - ", "D5 Ten", "d5 queen captured", "D5 TEN CAPTURED", "\tD5  Ten\n", "D5\u00a0Queen \t captured ",
		"", "D5", "D9 Ten", "D5 Ten caught", "D5 Ten captured now", "D5 hidden pawn", "D5 no pawn", "-- ", "D5 Ten\xff", "Z0 King"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseReveal(text)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) || e.Rule == "" {
				t.Fatalf("ParseReveal(%q): error %#v, want an *hops.Error of kind ErrSyntax citing a rule", text, err)
			}
			if len(err.Error()) > 400 {
				t.Fatalf("ParseReveal of %d bytes: an error of %d bytes", len(text), len(err.Error()))
			}
			return
		}
		if r.Turned && (r.Kind < Blank || r.Kind > King || !bd.Contains(r.Square)) {
			t.Fatalf("ParseReveal(%q) = %+v: no pawn's face on a square of the board", text, r)
		}
		if !r.Turned && r != (Reveal{}) {
			t.Fatalf("ParseReveal(%q) = %+v: nothing turned over, yet more", text, r)
		}
		back, err := ParseReveal(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseReveal(%q) = %+v, whose text %q reads back as %+v, %v", text, r, r.String(), back, err)
		}
		if !strings.EqualFold(strings.Join(strings.Fields(text), " "), r.String()) {
			t.Fatalf("ParseReveal(%q) = %q: not the text read", text, r.String())
		}
		data, err := r.MarshalText()
		var u Reveal
		if err != nil || u.UnmarshalText(data) != nil || u != r {
			t.Fatalf("%+v: MarshalText %q, %v, reads back as %+v", r, data, err, u)
		}
	})
}
