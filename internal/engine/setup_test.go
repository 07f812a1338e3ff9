package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// TestCheckSetup: the checks every Setup starts with name the side, a
// piece off the board (G1) and two pieces on one square, each under its
// rule.
func TestCheckSetup(t *testing.T) {
	a1, b2 := hops.SquareAt(0, 0), hops.SquareAt(1, 1)
	if err := engine.CheckSetup(hops.Board6, hops.Second, "T11", "T1", a1.Bit(), b2.Bit()); err != nil {
		t.Errorf("a legal setup: %v", err)
	}
	tests := []struct {
		name  string
		side  hops.Side
		sets  []hops.Bitboard
		rule  string
		words string
	}{
		{"side", 2, nil, "T11", "neither the first nor the second"},
		{"off the board", hops.First, []hops.Bitboard{hops.SquareAt(6, 6).Bit()}, "G1", "off the 6x6 board"},
		{"shared square", hops.First, []hops.Bitboard{a1.Bit(), a1.Bit() | b2.Bit()}, "T1", "two pieces on A1"},
	}
	for _, tt := range tests {
		err := engine.CheckSetup(hops.Board6, tt.side, "T11", "T1", tt.sets...)
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != tt.rule || err == nil || !strings.Contains(err.Error(), tt.words) {
			t.Errorf("%s: %v, want a position error under %s about %q", tt.name, err, tt.rule, tt.words)
		}
	}
}

// TestErrorInText: a fault located in a move text by NormalizeMoveText
// is quoted around its column; other errors pass unchanged.
func TestErrorInText(t *testing.T) {
	text := "D1-D2 +"
	_, err := hops.NormalizeMoveText(text)
	got := engine.ErrorInText(err, "move", text)
	if !errors.Is(got, hops.ErrSyntax) || !strings.HasPrefix(got.Error(), `move "D1-D2 +"`) {
		t.Errorf("ErrorInText = %v, want it located in move %q", got, text)
	}
	plain := errors.New("plain")
	if engine.ErrorInText(plain, "move", text) != plain || engine.ErrorInText(nil, "move", text) != nil {
		t.Error("a foreign error or nil was changed")
	}
}

// TestUnmarshalText: the value is stored on success and left as it was
// on error.
func TestUnmarshalText(t *testing.T) {
	s := hops.SquareAt(2, 2)
	parse := func(text string) (hops.Square, error) { return hops.Board7.ParseSquare(text) }
	if err := engine.UnmarshalText(&s, []byte("d4"), parse); err != nil || s != hops.SquareAt(3, 3) {
		t.Errorf("d4: %v, %v", s, err)
	}
	if err := engine.UnmarshalText(&s, []byte("z9"), parse); err == nil || s != hops.SquareAt(3, 3) {
		t.Errorf("z9: %v, %v; want an error and D4 kept", s, err)
	}
}

// TestZobristKeys: the same seed gives the same keys, another seed other
// keys, and no key repeats.
func TestZobristKeys(t *testing.T) {
	a, b, c := make([]uint64, 256), make([]uint64, 256), make([]uint64, 256)
	engine.ZobristKeys(7, a)
	engine.ZobristKeys(7, b)
	engine.ZobristKeys(8, c)
	seen := map[uint64]bool{}
	for i := range a {
		if a[i] != b[i] || a[i] == c[i] || seen[a[i]] {
			t.Fatalf("key %d: %#x %#x %#x", i, a[i], b[i], c[i])
		}
		seen[a[i]] = true
	}
}

// TestParseSetupText: a Setup has squares, not a text, so the errors of
// the text it is checked through name the square, or the pieces, not a
// rank of the text or its rows; other errors come back as they were.
func TestParseSetupText(t *testing.T) {
	fail := func(where string) func(string) (int, error) {
		return func(string) (int, error) {
			return 0, hops.Errorf(hops.ErrPosition, "T4", where, "wrong")
		}
	}
	for where, want := range map[string]string{
		"rank 4, square A4": "square A4: wrong (T4)",
		"rows":              "pieces: wrong (T4)",
		"side":              "side: wrong (T4)",
		"":                  "wrong (T4)",
	} {
		_, err := engine.ParseSetupText(fail(where), "text")
		if err == nil || err.Error() != want || !errors.Is(err, hops.ErrPosition) {
			t.Errorf("located at %q: %v, want %s", where, err, want)
		}
	}
	if n, err := engine.ParseSetupText(func(string) (int, error) { return 7, nil }, "text"); n != 7 || err != nil {
		t.Errorf("a text that reads: %d, %v", n, err)
	}
	// The error itself is not changed: it may be shared.
	shared := hops.Errorf(hops.ErrPosition, "T4", "rank 1, square B1", "wrong")
	engine.ParseSetupText(func(string) (int, error) { return 0, shared }, "text")
	if shared.Where != "rank 1, square B1" {
		t.Errorf("the parser's error was changed: %v", shared)
	}
}
