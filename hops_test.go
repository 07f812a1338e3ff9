package hops

import (
	"errors"
	"fmt"
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
