package catchit

import (
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Move is one whole turn (K7): two displacements by two different pawns,
// or a single displacement that carries the ball off the board and wins.
// Each displacement is a hops.Path; a jump that takes the ball is marked
// 'x' (K5) and leaving the board is the landing hops.Outside, written
// "out" (K6, K10). Move is a comparable value.
type Move struct {
	first, second hops.Path
}

// NewMove returns the turn made of the given displacements: two, or one
// winning displacement. It does not check legality (see Validate);
// displacements past the second are ignored.
func NewMove(displacements ...hops.Path) Move {
	var m Move
	if len(displacements) > 0 {
		m.first = displacements[0]
	}
	if len(displacements) > 1 {
		m.second = displacements[1]
	}
	return m
}

// First returns the first displacement.
func (m Move) First() hops.Path { return m.first }

// Second returns the second displacement, an empty path when the first
// one won the game.
func (m Move) Second() hops.Path { return m.second }

// Displacements returns the number of displacements, 0 to 2.
func (m Move) Displacements() int {
	switch {
	case m.first.Len() == 0:
		return 0
	case m.second.Len() == 0:
		return 1
	}
	return 2
}

// Wins reports whether the move is written as leaving the board.
func (m Move) Wins() bool { return m.first.To() == hops.Outside || m.second.To() == hops.Outside }

// AppendTo appends the move text (K10) to b.
func (m Move) AppendTo(b []byte) []byte {
	b = m.first.AppendTo(b)
	if m.second.Len() > 0 {
		b = append(b, ' ')
		b = m.second.AppendTo(b)
	}
	return b
}

// String returns the move text of K10, such as "D1-D2 C1-C2" or
// "D6xD4-B2-out". The zero Move prints as the empty string.
func (m Move) String() string {
	var buf [2*3*hops.MaxPath + 1]byte
	return string(m.AppendTo(buf[:0]))
}

// MarshalText returns the move text; the zero Move (no move) gives the
// empty text. A move built by hand whose text would not read back as
// the same move (a square off the board, "out" in the middle of a path)
// is refused with an error of kind ErrSyntax.
func (m Move) MarshalText() ([]byte, error) {
	return engine.MarshalReadable(m, m.AppendTo, ParseMove, "move")
}

// UnmarshalText reads a move text (see ParseMove); the empty text gives
// the zero Move.
func (m *Move) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(m, text, ParseMove)
}

// ParseMove reads a move text (K10, G12): one or two paths separated by
// white space, squares in either case joined by '-' or 'x', "out" (in any
// case) as the last landing of a displacement that leaves the board. A
// displacement that leaves the board ends the turn, so only the last one
// may. White space around the text, Unicode dashes for '-', '×' for 'x'
// and the other forms hops.NormalizeMoveText lists are accepted; String
// gives the canonical text back. ParseMove checks the form only; Validate
// checks the rules.
func ParseMove(text string) (Move, error) {
	var m Move
	norm, err := hops.NormalizeMoveText(text)
	if err != nil {
		return m, engine.ErrorInText(err, "move", text)
	}
	if norm == "" {
		return m, hops.Errorf(hops.ErrSyntax, "K10", "", "empty move")
	}
	parts := strings.Split(norm, " ")
	if len(parts) > 2 {
		return m, hops.Errorf(hops.ErrSyntax, "K10", "move "+hops.Quote(text), "%d displacements: a turn has two, or one that wins", len(parts))
	}
	for i, part := range parts {
		where := ordinal[i] + " displacement"
		p, err := hops.ParsePath(board, part)
		if err != nil {
			if e, ok := err.(*hops.Error); ok {
				return Move{}, e.In(where)
			}
			return Move{}, hops.Errorf(hops.ErrSyntax, "G12", where, "%v", err)
		}
		if i == 0 {
			m.first = p
		} else {
			m.second = p
		}
	}
	if m.second.Len() > 0 && m.first.To() == hops.Outside {
		return Move{}, hops.Errorf(hops.ErrSyntax, "K10", "first displacement "+m.first.String(),
			"leaving the board ends the turn: nothing may follow it")
	}
	return m, nil
}

var ordinal = [2]string{"first", "second"}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (m Move) AppendText(b []byte) ([]byte, error) { return engine.AppendMarshaled(b, m.MarshalText) }
