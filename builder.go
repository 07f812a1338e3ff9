package hops

import (
	"strings"
	"unicode"
)

// A user interface lets a person build a move by clicking squares: the
// piece, then each square it goes to, and so on for the other parts of the
// move (Catch'it's second pawn, Coir's step, Zapita's throws, Brouillard's
// Fou). Every game's Position is a Builder: given the clicks so far it
// says what may be clicked next and whether the clicks already make a
// legal move. A person can build every legal move this way, and nothing
// else.

// Click is one click of a person building a move: a square, and whether
// the hop onto it also acts on the piece it jumps over, as 'x' does in a
// move text (G12): Catch'it's pawn takes the ball (K5), Brouillard's Fou
// turns the pawn over (B8). Square is Outside for Catch'it's way off the
// board (K6).
type Click struct {
	Square Square
	Mark   bool
}

// Built is what a Builder says of the clicks made so far. M is the move
// type of the game (a string for a State).
type Built[M any] struct {
	// Next lists the clicks that may come next, in square order, an
	// unmarked click before the marked one on the same square; Outside
	// comes last.
	Next []Click
	// Complete reports whether the clicks so far make a whole legal move.
	// A complete build may still go on (a jump that could continue): the
	// interface then offers both.
	Complete bool
	// Move is the move the clicks make when Complete, in its canonical
	// form, the one the game's move generator yields (G9).
	Move M
	// Preview is the position as the clicks so far leave it, for an
	// interface to draw in place of the position while the move is being
	// built: the pieces moved to where they now stand, Catch'it's ball
	// and Zapita's bomb where they now are, Coir's pawns turned. Its
	// dynamic type is the game's Position (brouillard.View for a View's
	// Build), so a typed caller may assert it; generic code draws it
	// with its Drawing method. With no click it is the position itself;
	// once Complete it is the position the move plays to (Play), with
	// whichever side Play gives the move (the other side, but in
	// Brouillard after a capture, when the mover's Fou moves again, B9);
	// before that the side to move is still the mover. It is nil only
	// when Build returns an error.
	Preview Drawable[M]
	// Prompt says in a few words what the next click is for, such as
	// "second displacement: move another pawn" or "click where the bomb
	// lands, up to 2 squares in a line (...)"; a complete move that may go
	// on ends with ", or play the move", and one that cannot reads "the
	// move is complete".
	Prompt string

	previewText string // the preview's text, for a Built read from JSON
}

// Drawable is a position as a person sees it, M being its game's move
// type: its text, its diagram and its picture. Every game's Position is
// one, and so is Brouillard's View; Built.Preview holds one. The preview
// of State.Build is a Drawable[string], whose Drawing reads move texts.
type Drawable[M any] interface {
	// String returns the position text.
	String() string
	// Diagram returns a multi-line text picture of the board.
	Diagram() string
	// Drawing returns a picture of the position (render it with its SVG
	// method), with arrows along the given moves.
	Drawing(last ...M) Drawing
}

// Builder builds a move click by click. Build returns an *Error that
// says which click breaks which rule when the clicks so far cannot be
// the beginning of any legal move: its Where starts with the click, as
// "click 3 D5" (the third click, on D5), and every click of Next is accepted, so
// an interface that offers only Next never meets an error. A click is in
// Next exactly when some legal move, in any of its written forms (G9),
// is built by clicks that begin with the clicks so far and it; the move
// a complete build gives is the canonical one, whose Clicks need not be
// the clicks made.
type Builder[M Move] interface {
	Build(clicks []Click) (Built[M], error)
}

// String returns the click as a move text writes it (G12): the square,
// "out" for Outside, after an 'x' when the click is marked, as "xD5".
func (c Click) String() string {
	var buf [4]byte
	return string(c.AppendTo(buf[:0]))
}

// AppendTo appends the click's text (see String) to b.
func (c Click) AppendTo(b []byte) []byte {
	if c.Mark {
		b = append(b, 'x')
	}
	return c.Square.AppendTo(b)
}

// MarshalText returns the click's text, so that clicks travel in JSON
// as strings such as "xD5". A click on no square (NoSquare, or a value
// that is no square of the 7×7 board nor Outside) has no text that
// reads back, and is refused.
func (c Click) MarshalText() ([]byte, error) {
	if c.Square != Outside && !Board7.Contains(c.Square) {
		return nil, Errorf(ErrSyntax, "G1", "click", "a click on no square has no text form")
	}
	return c.AppendTo(nil), nil
}

// UnmarshalText reads a click text with ParseClick.
func (c *Click) UnmarshalText(text []byte) error {
	v, err := ParseClick(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseClick reads a click text: a square of the largest board (G1) or
// "out", in either case, after an optional 'x' (or '×', as in a move
// text) for a marked click; white space around the text is ignored. The
// game's Build says whether the square is on its board.
func ParseClick(text string) (Click, error) {
	var c Click
	rest := strings.TrimSpace(text)
	if m, ok := cutMark(rest); ok {
		c.Mark, rest = true, strings.TrimSpace(m)
	}
	if strings.EqualFold(rest, "out") {
		c.Square = Outside
		return c, nil
	}
	s, err := Board7.ParseSquare(rest)
	if err != nil {
		if len(rest) == 2 && unicode.IsLetter(rune(rest[0])) && unicode.IsDigit(rune(rest[1])) {
			// A square's name that no board of the series has: the
			// game's Build says which squares its own board has.
			return Click{}, syntaxErrorf("G1", "click "+Quote(text), "square %s is on no board of the series (the largest is 7x7, A1..G7)", Quote(rest))
		}
		return Click{}, err.(*Error).In("click " + Quote(text))
	}
	c.Square = s
	return c, nil
}

// cutMark returns text without its leading mark of a marked click ('x',
// 'X' or '×') and whether it had one.
func cutMark(text string) (string, bool) {
	for _, mark := range []string{"x", "X", "×"} {
		if rest, ok := strings.CutPrefix(text, mark); ok {
			return rest, true
		}
	}
	return text, false
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (c Click) AppendText(b []byte) ([]byte, error) { return appendMarshaled(b, c.MarshalText) }
