package zapita

import (
	"fmt"
	"strings"
	"unicode"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// MaxThrows is the most throws a move can make: each of the mover's six
// pawns throws at most once (Z6).
const MaxThrows = 6

// Move is one Zapita move (Z4..Z7): the moving pawn's path (a step or a
// multi-jump) and, when the path ends on the bomb, the landing square of
// each throw of the chain, the last one being where the bomb comes to
// rest. Its text is the path followed by '*' and each landing square, as
// "D2-B2*D4*G4" (Z7). Move is a small comparable value; the zero Move is
// empty and never legal.
type Move struct {
	path   hops.Path
	throws [MaxThrows]hops.Square
	n      uint8
}

// NewMove returns the move of the given path and throw landings. Throws
// past MaxThrows are dropped (no legal move has that many), as are path
// marks ('x' means nothing in Zapita).
func NewMove(path hops.Path, throws ...hops.Square) Move {
	var m Move
	for i := 0; i < path.Len(); i++ {
		m.path.Push(path.At(i), false)
	}
	for _, t := range throws {
		if int(m.n) == MaxThrows {
			break
		}
		m.throws[m.n] = t
		m.n++
	}
	return m
}

// Path returns the moving pawn's path.
func (m Move) Path() hops.Path { return m.path }

// From returns the moving pawn's start square (NoSquare for the zero
// Move).
func (m Move) From() hops.Square { return m.path.From() }

// To returns the moving pawn's end square (NoSquare for the zero Move).
func (m Move) To() hops.Square { return m.path.To() }

// NumThrows returns the number of throws.
func (m Move) NumThrows() int { return int(m.n) }

// Throw returns the landing square of throw i (0 for the first), or
// NoSquare when there is no such throw.
func (m Move) Throw(i int) hops.Square {
	if i < 0 || i >= int(m.n) {
		return hops.NoSquare
	}
	return m.throws[i]
}

// Rest returns where the bomb comes to rest (the last throw's landing),
// or NoSquare for a move that does not throw.
func (m Move) Rest() hops.Square { return m.Throw(int(m.n) - 1) }

// Mirror returns the move reflected top to bottom (rank r becomes rank
// 8-r), the move that Position.Mirror's position plays in its place.
func (m Move) Mirror() Move {
	q := Move{path: m.path.Map(mirrorSquare)}
	for i := 0; i < int(m.n); i++ {
		q.throws[i] = mirrorSquare(m.throws[i])
	}
	q.n = m.n
	return q
}

// String returns the move text of Z7, such as "D2-B2*D4*G4".
func (m Move) String() string {
	var buf [3*hops.MaxPath + 3*MaxThrows]byte
	return string(m.AppendTo(buf[:0]))
}

// AppendTo appends the move text (Z7) to b and returns the extended
// slice; String and MarshalText are built on it.
func (m Move) AppendTo(b []byte) []byte {
	b = m.path.AppendTo(b)
	for i := 0; i < int(m.n); i++ {
		b = append(b, '*')
		b = m.throws[i].AppendTo(b)
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

// ParseMove reads a move text (Z7, G12): the pawn's path, squares in
// either case joined by '-', then for each throw '*' and its landing
// square. White space around the text and around each '*', Unicode
// dashes for '-' and the other forms hops.NormalizeMoveText lists are
// accepted; String gives the
// canonical text back. It checks the form only; Position.Validate checks
// the rules. A text with more than MaxThrows throws is rejected as illegal
// under Z6 (some pawn would throw twice).
func ParseMove(text string) (Move, error) {
	var m Move
	norm, err := hops.NormalizeMoveText(text)
	if err != nil {
		return Move{}, engine.ErrorInText(err, "move", text)
	}
	if norm == "" {
		return Move{}, hops.Errorf(hops.ErrSyntax, "Z7", "", "empty move")
	}
	// White space may stand around the throw marks; nowhere else inside.
	norm = strings.ReplaceAll(strings.ReplaceAll(norm, " *", "*"), "* ", "*")
	if strings.IndexByte(norm, ' ') >= 0 {
		return Move{}, hops.Errorf(hops.ErrSyntax, "Z7", "move "+hops.Quote(text), "a Zapita move is one path and its throws, with no space inside a path")
	}
	parts := strings.Split(norm, "*")
	path, err := hops.ParsePath(board, parts[0])
	if err != nil {
		return Move{}, err
	}
	if path.HasMarks() {
		return Move{}, hops.Errorf(hops.ErrSyntax, "Z7", "path "+hops.Quote(parts[0]), "squares are joined by '-' in Zapita ('x' takes nothing)")
	}
	if path.To() == hops.Outside {
		return Move{}, hops.Errorf(hops.ErrSyntax, "Z7", "path "+hops.Quote(parts[0]), "no Zapita move leaves the board")
	}
	m.path = path
	if len(parts)-1 > MaxThrows {
		return Move{}, hops.Errorf(hops.ErrIllegal, "Z6", "throws", "%d throws: each of the mover's %d pawns throws at most once", len(parts)-1, MaxThrows)
	}
	for i, t := range parts[1:] {
		// A throw's fault quotes the text around it: its square
		// follows the (i+1)th '*' of the text as typed, after any
		// white space.
		faultAt := func(err *hops.Error) error {
			at := 0
			for range i + 1 {
				at += strings.IndexByte(text[at:], '*') + 1
			}
			at = len(text) - len(strings.TrimLeftFunc(text[at:], unicode.IsSpace))
			return err.In(fmt.Sprintf("throw %d", i+1)).In("move " + hops.QuoteAt(text, at))
		}
		switch t = strings.TrimSpace(t); {
		case t == "":
			return Move{}, faultAt(hops.Errorf(hops.ErrSyntax, "Z7", "", "nothing after '*': each '*' is followed by the square the bomb reaches"))
		case strings.ContainsAny(t, "-xX"):
			return Move{}, faultAt(hops.Errorf(hops.ErrSyntax, "Z7", "", "a throw names one square, where the bomb lands, not a path"))
		}
		s, err := board.ParseSquare(t)
		if err != nil {
			return Move{}, faultAt(err.(*hops.Error))
		}
		m.throws[i] = s
		m.n++
	}
	return m, nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (m Move) AppendText(b []byte) ([]byte, error) { return engine.AppendMarshaled(b, m.MarshalText) }
