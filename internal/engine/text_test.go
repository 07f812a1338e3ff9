package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

func TestSplitFieldsG11(t *testing.T) {
	if f, err := engine.SplitFields("a b c", 2, 3); err != nil || len(f) != 3 {
		t.Errorf("%v %v", f, err)
	}
	for _, bad := range []string{"", "a  b", " a b", "a b ", "a", "a b c d"} {
		if _, err := engine.SplitFields(bad, 2, 3); !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "G11" {
			t.Errorf("engine.SplitFields(%q) error %v", bad, err)
		}
	}
}

// TestSplitFieldsCountG11: the count of fields in the error reads as a
// person would write it, singular for one.
func TestSplitFieldsCountG11(t *testing.T) {
	for text, want := range map[string]string{"a": "1 field, want 2 to 3", "a b c d": "4 fields, want 2 to 3"} {
		if _, err := engine.SplitFields(text, 2, 3); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("engine.SplitFields(%q) error %v, want it to say %q", text, err, want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 blanks", 1: "1 blank", 2: "2 blanks", 11: "11 blanks"} {
		if got := engine.Count(n, "blank"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestRowsG11(t *testing.T) {
	pieces := map[hops.Square]byte{}
	marks := map[hops.Square]bool{}
	err := engine.ParseRows(hops.Board7, "a5A/b5B/c5C/3*3/c5C/b5B/x!5A", func(s hops.Square, c byte, m bool) error {
		if c == 'z' {
			return hops.Errorf(hops.ErrSyntax, "Z8", "", "unknown piece letter %q", c)
		}
		pieces[s], marks[s] = c, m
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pieces[hops.SquareAt(3, 3)] != '*' || pieces[hops.SquareAt(0, 6)] != 'a' || !marks[hops.SquareAt(0, 0)] || len(pieces) != 13 {
		t.Errorf("pieces %v marks %v", pieces, marks)
	}
	out := engine.AppendRows(nil, hops.Board7, func(s hops.Square) (byte, bool) { return pieces[s], marks[s] })
	if string(out) != "a5A/b5B/c5C/3*3/c5C/b5B/x!5A" {
		t.Errorf("AppendRows = %s", out)
	}
	bad := map[string]string{
		"7/7/7/7/7/7":         "6 ranks",
		"7/7/7/7/7/7/8":       "rank 1",
		"7/7/7/7/7/7/61":      "two digits",
		"7/7/7/7/7/7/6aa":     "longer",
		"7/7/7/7/7/7/5a":      "covers 6",
		"7/7/7/7/7/7/6?":      "unexpected",
		"7/7/7/7/7/7/6z":      "rank 1, square G1: unknown piece letter",
		"7/7/7/7/7/7/7/7":     "8 ranks",
		"7/7/7/7/7/7/a!a!a!a": "covers 4",
		"7":                   "1 rank, want 7",
	}
	for text, want := range bad {
		err := engine.ParseRows(hops.Board7, text, func(s hops.Square, c byte, m bool) error {
			if c == 'z' {
				return hops.Errorf(hops.ErrSyntax, "Z8", "", "unknown piece letter %q", c)
			}
			return nil
		})
		if err == nil || !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("engine.ParseRows(%q) = %v, want an error about %q", text, err, want)
		}
	}
}
