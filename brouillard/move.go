package brouillard

import (
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Move is one decision (B9): an optional pawn move, then the Fou's move,
// whose last jump may be marked 'x' to turn the jumped pawn over (B8).
// After a capture the same side decides again, with a Fou move only.
// Move is a comparable value; the zero Move has no Fou move and is never
// legal.
type Move struct {
	pawn hops.Path
	fou  hops.Path
}

// NewMove builds a move from a pawn path (the zero Path for none) and a
// Fou path. It does not check legality; Validate does.
func NewMove(pawn, fou hops.Path) Move { return Move{pawn: clean(pawn), fou: clean(fou)} }

// clean copies a path without the squares a shorter path may have left
// behind in its array, so that equal routes compare equal.
func clean(p hops.Path) hops.Path {
	var q hops.Path
	for i := 0; i < p.Len(); i++ {
		q.Push(p.At(i), p.Marked(i))
	}
	return q
}

// Pawn returns the pawn's path, empty when the decision moves no pawn.
func (m Move) Pawn() hops.Path { return m.pawn }

// Fou returns the Fou's path.
func (m Move) Fou() hops.Path { return m.fou }

// Turns reports whether the Fou's last jump is marked to turn the jumped
// pawn over.
func (m Move) Turns() bool { return m.fou.Len() > 1 && m.fou.Marked(m.fou.Len()-1) }

// TurnedSquare returns the square of the pawn that the move turns over
// (B8): the one its Fou's last jump passes over, when Turns is true. It
// reads the move alone; for a move whose marked last hop is not a jump
// (which Validate refuses) the square means nothing.
func (m Move) TurnedSquare() (sq hops.Square, ok bool) {
	if !m.Turns() {
		return hops.NoSquare, false
	}
	return (m.fou.At(m.fou.Len()-2) + m.fou.To()) / 2, true
}

// AppendTo appends the move text (B10) to b.
func (m Move) AppendTo(b []byte) []byte {
	if m.pawn.Len() > 0 {
		b = m.pawn.AppendTo(b)
		b = append(b, ' ')
	}
	return m.fou.AppendTo(b)
}

// String returns the move text (B10), such as "D3-E2 E3-E5xC5" or
// "D2-B2-B4-B6".
func (m Move) String() string {
	var buf [6*hops.MaxPath + 1]byte
	return string(m.AppendTo(buf[:0]))
}

// MarshalText returns the move text; the zero Move (no move) gives the
// empty text. A move built by hand whose text would not read back as
// the same move (a square off the board, "out" in the middle of a path)
// is refused with an error of kind ErrSyntax.
func (m Move) MarshalText() ([]byte, error) {
	return engine.MarshalReadable(m, m.AppendTo, ParseMove, "move")
}

// UnmarshalText reads a move text, as ParseMove; the empty text gives
// the zero Move.
func (m *Move) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(m, text, ParseMove)
}

// ParseMove reads a move text (B10, G12): either a Fou path alone, or a
// pawn path and a Fou path separated by white space. Squares and 'x' may
// be in either case; white space around the text, Unicode dashes for '-',
// '×' for 'x' and the other forms hops.NormalizeMoveText lists are
// accepted, and String gives the canonical text back. Only the form is
// checked here; Validate judges the move in a position (where a mark 'x'
// may stand, for instance).
func ParseMove(text string) (Move, error) {
	var m Move
	norm, err := hops.NormalizeMoveText(text)
	if err != nil {
		return m, engine.ErrorInText(err, "move", text)
	}
	if norm == "" {
		return m, hops.Errorf(hops.ErrSyntax, "B10", "", "empty move")
	}
	parts := strings.Split(norm, " ")
	if len(parts) > 2 {
		return m, hops.Errorf(hops.ErrSyntax, "B10", "move "+hops.Quote(text),
			"%d parts: a move is an optional pawn path and a Fou path, separated by one space", len(parts))
	}
	names := [2]string{"Fou path", "pawn path"}
	if len(parts) == 2 {
		names = [2]string{"pawn path", "Fou path"}
	}
	var paths [2]hops.Path
	for i, part := range parts {
		p, err := hops.ParsePath(bd, part)
		if err != nil {
			return m, err.(*hops.Error).In(names[i])
		}
		if p.To() == hops.Outside {
			return m, hops.Errorf(hops.ErrSyntax, "B10", names[i]+" "+hops.Quote(part),
				"no piece leaves the board in Brouillard au Palais")
		}
		paths[i] = p
	}
	if len(parts) == 2 {
		m.pawn, m.fou = paths[0], paths[1]
	} else {
		m.fou = paths[0]
	}
	return m, nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (m Move) AppendText(b []byte) ([]byte, error) { return engine.AppendMarshaled(b, m.MarshalText) }
