package hops

import (
	"errors"
	"fmt"
	"testing"
)

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
