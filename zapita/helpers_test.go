package zapita

import (
	"errors"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
)

// sq reads a square name or fails the test.
func sq(t testing.TB, name string) hops.Square {
	t.Helper()
	s, err := board.ParseSquare(name)
	if err != nil {
		t.Fatalf("square %q: %v", name, err)
	}
	return s
}

// build makes a position from the pieces a test cares about, written as
// square and letter ("F2B" is White's 2 on F2), with the bomb on the given
// square and the given side ('w' or 'k') to move. The rest of the
// material is parked on the A file (Khaki) and G file (White), away from
// the action, then on the B and F files.
func build(t testing.TB, side byte, bomb string, pieces ...string) Position {
	t.Helper()
	var grid [64]byte
	grid[sq(t, bomb)] = '*'
	count := map[byte]int{}
	for _, pc := range pieces {
		s := sq(t, pc[:2])
		if grid[s] != 0 {
			t.Fatalf("build: %s used twice", pc[:2])
		}
		grid[s] = pc[2]
		count[pc[2]]++
	}
	park := map[bool][]string{
		true:  {"G7", "G1", "G6", "G2", "G5", "G3", "F7", "F1"},
		false: {"A7", "A1", "A6", "A2", "A5", "A3", "B7", "B1"},
	}
	for _, c := range []byte("CBAcba") {
		white := c < 'a'
		for count[c] < 2 {
			placed := false
			for i, name := range park[white] {
				s := sq(t, name)
				if grid[s] == 0 {
					grid[s] = c
					count[c]++
					park[white] = park[white][i+1:]
					placed = true
					break
				}
			}
			if !placed {
				t.Fatalf("build: no parking square left for %c", c)
			}
		}
		if count[c] > 2 {
			t.Fatalf("build: %d pawns %c", count[c], c)
		}
	}
	var rows []string
	for r := 6; r >= 0; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < 7; f++ {
			c := grid[hops.SquareAt(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		rows = append(rows, b.String())
	}
	text := strings.Join(rows, "/") + " " + string(side)
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("build: Parse(%q): %v", text, err)
	}
	return p
}

// mv parses a move text or fails the test.
func mv(t testing.TB, text string) Move {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	return m
}

// legal checks that the move text is legal in p and returns the successor.
func legal(t testing.TB, p Position, text string) Position {
	t.Helper()
	m := mv(t, text)
	if err := p.Validate(m); err != nil {
		t.Fatalf("%s in %s: %v", text, p, err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("Play %s in %s: %v", text, p, err)
	}
	return q
}

// rejected checks that the move text is illegal in p under the given rule,
// and that the message mentions each of the given words.
func rejected(t testing.TB, p Position, text, rule string, words ...string) *hops.Error {
	t.Helper()
	m := mv(t, text)
	err := p.Validate(m)
	if err == nil {
		t.Fatalf("%s in %s: accepted, want a %s error", text, p, rule)
	}
	var e *hops.Error
	if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) {
		t.Fatalf("%s: error %v is not an illegal-move *hops.Error", text, err)
	}
	if e.Rule != rule {
		t.Fatalf("%s: error %q has rule %s, want %s", text, err, e.Rule, rule)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Fatalf("%s: error %q does not mention %q", text, err, w)
		}
	}
	if _, perr := p.Play(m); perr == nil || perr.Error() != err.Error() {
		t.Fatalf("%s: Play error %v, Validate error %v", text, perr, err)
	}
	return e
}

// moveTexts lists the texts of p's moves.
func moveTexts(p Position) []string {
	var out []string
	for m := range p.Moves() {
		out = append(out, m.String())
	}
	return out
}

// generated reports whether p generates the move text.
func generated(p Position, text string) bool {
	for _, s := range moveTexts(p) {
		if s == text {
			return true
		}
	}
	return false
}
