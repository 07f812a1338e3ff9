package coir

import (
	"strings"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Move is one turn as written (C7): a first part (a step, a Dame slide,
// or the squares of a multi-jump: start then each landing), and for a
// turn with jumps the step that follows them. A Move is a comparable
// value; its meaning (step, slide or jumps) depends on the position it is
// played in. The zero Move is empty and never legal.
type Move struct {
	sq       [hops.MaxPath]hops.Square
	n        uint8
	hasStep  bool
	from, to hops.Square
}

// NewMove builds a move from its first part and its step; pass
// hops.NoSquare for stepFrom and stepTo when there is no step. Squares of
// the path past its length, or a half-given step, are ignored.
func NewMove(path hops.Path, stepFrom, stepTo hops.Square) Move {
	var m Move
	for i := 0; i < path.Len(); i++ {
		m.sq[i] = path.At(i)
	}
	m.n = uint8(path.Len())
	if stepFrom != hops.NoSquare && stepTo != hops.NoSquare {
		m.hasStep, m.from, m.to = true, stepFrom, stepTo
	}
	return m
}

// Path returns the move's first part: the squares of the step, the slide
// or the jumps.
func (m Move) Path() hops.Path {
	var p hops.Path
	for i := 0; i < int(m.n); i++ {
		p.Push(m.sq[i], false)
	}
	return p
}

// From returns the square the move's pawn starts from: the first square
// of Path, or hops.NoSquare for the zero Move.
func (m Move) From() hops.Square {
	if m.n == 0 {
		return hops.NoSquare
	}
	return m.sq[0]
}

// To returns the square the move's first part ends on: the last square
// of Path, or hops.NoSquare for the zero Move.
func (m Move) To() hops.Square {
	if m.n == 0 || int(m.n) > hops.MaxPath {
		return hops.NoSquare
	}
	return m.sq[m.n-1]
}

// Step returns the step that follows the jumps, with ok = false when the
// move has none (a step or slide alone, or jumps that win the game).
func (m Move) Step() (from, to hops.Square, ok bool) {
	if !m.hasStep {
		return hops.NoSquare, hops.NoSquare, false
	}
	return m.from, m.to, true
}

// String returns the move text of C7, such as "C1-E3-E5-C5-A3 A3-A4";
// the zero Move gives "".
func (m Move) String() string {
	var buf [3*hops.MaxPath + 6]byte
	return string(m.AppendTo(buf[:0]))
}

// AppendTo appends the move text (C7) to b and returns the extended
// slice; String and MarshalText are built on it.
func (m Move) AppendTo(b []byte) []byte {
	for i := 0; i < int(m.n); i++ {
		if i > 0 {
			b = append(b, '-')
		}
		b = m.sq[i].AppendTo(b)
	}
	if m.hasStep {
		b = append(b, ' ')
		b = m.from.AppendTo(b)
		b = append(b, '-')
		b = m.to.AppendTo(b)
	}
	return b
}

// MarshalText returns the move text; the zero Move (no move) gives the
// empty text. A move built by hand whose text would not read back as
// the same move (a square off the board, "out" in the middle of a path)
// is refused with an error of kind ErrSyntax.
func (m Move) MarshalText() ([]byte, error) {
	return engine.MarshalReadable(m, m.AppendTo, ParseMove, "move")
}

// UnmarshalText reads a move text with ParseMove; the empty text gives
// the zero Move.
func (m *Move) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(m, text, ParseMove)
}

// ParseMove reads a move text (C7): a path of squares joined by '-', then
// optionally white space and a step of two squares. Squares may be
// written in either case; white space around the text, Unicode dashes for
// '-' and the other forms hops.NormalizeMoveText lists are accepted, and
// String gives the canonical text back. It checks the form only; whether
// the move is legal is for Position.Validate to say.
func ParseMove(text string) (Move, error) {
	var m Move
	norm, err := hops.NormalizeMoveText(text)
	if err != nil {
		return m, engine.ErrorInText(err, "move", text)
	}
	if norm == "" {
		return m, hops.Errorf(hops.ErrSyntax, "C7", "", "empty move")
	}
	first, rest, two := strings.Cut(norm, " ")
	p, err := parsePart(first, "move")
	if err != nil {
		return Move{}, err
	}
	m = NewMove(p, hops.NoSquare, hops.NoSquare)
	if !two {
		return m, nil
	}
	if strings.Contains(rest, " ") {
		return Move{}, hops.Errorf(hops.ErrSyntax, "C7", "move "+hops.Quote(text), "more than two parts: a turn is jumps then one step")
	}
	s, err := parsePart(rest, "step")
	if err != nil {
		return Move{}, err
	}
	if s.Len() != 2 {
		return Move{}, hops.Errorf(hops.ErrSyntax, "C7", "step "+hops.Quote(rest), "a step is written as two squares")
	}
	m.hasStep, m.from, m.to = true, s.At(0), s.At(1)
	return m, nil
}

func parsePart(text, what string) (hops.Path, error) {
	p, err := hops.ParsePath(board, text)
	if err != nil {
		if e, ok := err.(*hops.Error); ok {
			return p, e.In(what) // the path's error quotes the text already
		}
		return p, err
	}
	if p.HasMarks() {
		return p, hops.Errorf(hops.ErrSyntax, "C7", what+" "+hops.Quote(text), "Coir Circuit joins squares with '-' only, attacks included")
	}
	if p.To() == hops.Outside {
		return p, hops.Errorf(hops.ErrSyntax, "C7", what+" "+hops.Quote(text), "no move leaves the board in Coir Circuit")
	}
	return p, nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (m Move) AppendText(b []byte) ([]byte, error) { return engine.AppendMarshaled(b, m.MarshalText) }
