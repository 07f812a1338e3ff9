package hops

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestStateSet(t *testing.T) {
	s := getStateSet()
	defer putStateSet(s)
	for round := 0; round < 3; round++ {
		for i := uint64(0); i < 1000; i++ {
			if !s.Add(StateKey{i, i * 7, round2(i)}) {
				t.Fatalf("round %d: key %d reported as seen", round, i)
			}
		}
		for i := uint64(0); i < 1000; i++ {
			if s.Add(StateKey{i, i * 7, round2(i)}) {
				t.Fatalf("round %d: key %d added twice", round, i)
			}
		}
		if s.Len() != 1000 {
			t.Fatalf("Len = %d", s.Len())
		}
		s.Reset()
		if s.Len() != 0 {
			t.Fatal("Reset left keys")
		}
	}
}

func round2(i uint64) uint64 { return i % 3 }

func TestErrorShape(t *testing.T) {
	err := Errorf(ErrIllegal, "K8", "second displacement C1-C3", "the ball was already moved this turn")
	if got := err.Error(); got != "second displacement C1-C3: the ball was already moved this turn (K8)" {
		t.Errorf("Error() = %q", got)
	}
	wrapped := fmt.Errorf("game 3: %w", err)
	if !errors.Is(wrapped, ErrIllegal) || errors.Is(wrapped, ErrSyntax) || RuleOf(wrapped) != "K8" {
		t.Errorf("errors.Is/As through wrapping: %v", wrapped)
	}
	if RuleOf(errors.New("plain")) != "" {
		t.Error("RuleOf of a foreign error")
	}
	if got := err.In("move 4").Error(); got != "move 4: second displacement C1-C3: the ball was already moved this turn (K8)" {
		t.Errorf("In = %q", got)
	}
}

func TestSplitFieldsG11(t *testing.T) {
	if f, err := SplitFields("a b c", 2, 3); err != nil || len(f) != 3 {
		t.Errorf("%v %v", f, err)
	}
	for _, bad := range []string{"", "a  b", " a b", "a b ", "a", "a b c d"} {
		if _, err := SplitFields(bad, 2, 3); !errors.Is(err, ErrSyntax) || RuleOf(err) != "G11" {
			t.Errorf("SplitFields(%q) error %v", bad, err)
		}
	}
}

func TestRowsG11(t *testing.T) {
	pieces := map[Square]byte{}
	marks := map[Square]bool{}
	err := ParseRows(Board7, "a5A/b5B/c5C/3*3/c5C/b5B/x!5A", func(s Square, c byte, m bool) error {
		if c == 'z' {
			return Errorf(ErrSyntax, "Z8", "", "unknown piece letter %q", c)
		}
		pieces[s], marks[s] = c, m
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pieces[SquareAt(3, 3)] != '*' || pieces[SquareAt(0, 6)] != 'a' || !marks[SquareAt(0, 0)] || len(pieces) != 13 {
		t.Errorf("pieces %v marks %v", pieces, marks)
	}
	out := AppendRows(nil, Board7, func(s Square) (byte, bool) { return pieces[s], marks[s] })
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
	}
	for text, want := range bad {
		err := ParseRows(Board7, text, func(s Square, c byte, m bool) error {
			if c == 'z' {
				return Errorf(ErrSyntax, "Z8", "", "unknown piece letter %q", c)
			}
			return nil
		})
		if err == nil || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRows(%q) = %v, want an error about %q", text, err, want)
		}
	}
}
