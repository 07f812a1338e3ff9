package hops

import (
	"fmt"
	"strings"
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
	// once Complete it is the position the move plays to (Play), with the
	// other side to move; before that the side to move is still the
	// mover. It is nil only when Build returns an error.
	Preview Drawable
	// Prompt says in a few words what the next click is for, such as
	// "second displacement: move another pawn" or "throw the bomb up to
	// 2 squares"; a complete move that may go on ends with ", or play
	// the move", and one that cannot reads "the move is complete".
	Prompt string
}

// Drawable is a position as a person sees it: its text, its diagram
// and its picture. Every game's Position is one, and so is Brouillard's
// View; Built.Preview holds one.
type Drawable interface {
	// String returns the position text.
	String() string
	// Diagram returns a multi-line text picture of the board.
	Diagram() string
	// Drawing returns a picture of the position (render it with its SVG
	// method).
	Drawing() Drawing
}

// Prompts that Builders share (see Built.Prompt).
const (
	// PromptStart is the prompt before the first click.
	PromptStart = "click a pawn to move"
	// PromptOver is the prompt of a position where the game is over.
	PromptOver = "the game is over"
	// PromptDone is the prompt of a complete move that cannot go on.
	PromptDone = "the move is complete"
	// PromptJump is the prompt of a path that may jump on.
	PromptJump = "jump on"
)

// Builder builds a move click by click. Build returns an *Error that
// says which click breaks which rule when the clicks so far cannot be
// the beginning of any legal move: its Where starts with the click, as
// "click 3 D5" (see ClickWhere), and every click of Next is accepted, so
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
	return string(c.AppendText(buf[:0]))
}

// AppendText appends the click's text (see String) to b.
func (c Click) AppendText(b []byte) []byte {
	if c.Mark {
		b = append(b, 'x')
	}
	return c.Square.AppendText(b)
}

// MarshalText returns the click's text, so that clicks travel in JSON
// as strings such as "xD5".
func (c Click) MarshalText() ([]byte, error) { return c.AppendText(nil), nil }

// UnmarshalText reads a click text with ParseClick.
func (c *Click) UnmarshalText(text []byte) error {
	return UnmarshalText(c, text, ParseClick)
}

// ParseClick reads a click text: a square of the largest board (G1) or
// "out", in either case, after an optional 'x' for a marked click. The
// game's Build says whether the square is on its board.
func ParseClick(text string) (Click, error) {
	var c Click
	rest := text
	if len(rest) > 0 && (rest[0] == 'x' || rest[0] == 'X') {
		c.Mark, rest = true, rest[1:]
	}
	if strings.EqualFold(rest, "out") {
		c.Square = Outside
		return c, nil
	}
	s, err := Board7.ParseSquare(rest)
	if err != nil {
		return Click{}, err.(*Error).In(fmt.Sprintf("click %q", text))
	}
	c.Square = s
	return c, nil
}

// ClickError returns the error a Builder gives for the click at index i
// (counted from 0) of the clicks it was given: an illegal-move *Error
// located at "click <i+1> <click>", under the rule the click breaks.
func ClickError(i int, c Click, rule, format string, args ...any) *Error {
	return Errorf(ErrIllegal, rule, ClickWhere(i, c), format, args...)
}

// ClickWhere names the click at index i (counted from 0) in an error,
// as "click 3 D5"; a Builder passes it to ErrorIn to locate the error of
// a move check in the click that caused it.
func ClickWhere(i int, c Click) string { return fmt.Sprintf("click %d %s", i+1, c) }

// AppendClicks appends the clicks that build path p to dst: its start
// square, then each landing, marked where the hop is written 'x' (G12).
func AppendClicks(dst []Click, p Path) []Click {
	for i := 0; i < p.Len(); i++ {
		dst = append(dst, Click{Square: p.At(i), Mark: i > 0 && p.Marked(i)})
	}
	return dst
}

// ClickSet is a set of clicks, in which a Builder gathers its Next.
// The zero ClickSet is empty.
type ClickSet struct {
	plain, marked       Bitboard
	outPlain, outMarked bool
}

// Add puts c in the set. Squares that are neither on a board nor Outside
// are ignored.
func (s *ClickSet) Add(c Click) {
	switch {
	case c.Square == Outside && c.Mark:
		s.outMarked = true
	case c.Square == Outside:
		s.outPlain = true
	case c.Mark:
		s.marked |= c.Square.Bit()
	default:
		s.plain |= c.Square.Bit()
	}
}

// AddSquares puts an unmarked click on every square of b in the set.
func (s *ClickSet) AddSquares(b Bitboard) { s.plain |= b }

// Has reports whether c is in the set.
func (s *ClickSet) Has(c Click) bool {
	switch {
	case c.Square == Outside && c.Mark:
		return s.outMarked
	case c.Square == Outside:
		return s.outPlain
	case c.Square < 0 || c.Square > Outside:
		return false
	case c.Mark:
		return s.marked.Has(c.Square)
	}
	return s.plain.Has(c.Square)
}

// Squares returns the squares of the board that some click of the set
// names, marked or not; Outside is left out.
func (s *ClickSet) Squares() Bitboard { return s.plain | s.marked }

// Empty reports whether the set holds no click.
func (s *ClickSet) Empty() bool {
	return s.plain == 0 && s.marked == 0 && !s.outPlain && !s.outMarked
}

// Clicks lists the set in the order of Built.Next: by square, an
// unmarked click before the marked one, Outside last. It returns nil for
// an empty set.
func (s *ClickSet) Clicks() []Click {
	if s.Empty() {
		return nil
	}
	out := make([]Click, 0, (s.plain|s.marked).Count()+s.marked.Count()+2)
	for b := s.plain | s.marked; b != 0; b &= b - 1 {
		sq := b.First()
		if s.plain.Has(sq) {
			out = append(out, Click{Square: sq})
		}
		if s.marked.Has(sq) {
			out = append(out, Click{Square: sq, Mark: true})
		}
	}
	if s.outPlain {
		out = append(out, Click{Square: Outside})
	}
	if s.outMarked {
		out = append(out, Click{Square: Outside, Mark: true})
	}
	return out
}

// ClickSteps is a decision under construction, click by click: what a
// game implements so that BuildFrom can serve as its Build method.
type ClickSteps[M any] interface {
	// Click applies click i (counted from 0) to the decision, or
	// returns the error that says why it is not offered (ClickError).
	Click(i int, c Click) error
	// Next returns the clicks that may follow those applied.
	Next() ClickSet
	// Built returns the decision the clicks applied make, in canonical
	// form, with complete = true, when they make a whole one.
	Built() (m M, complete bool, err error)
	// Preview returns the position as the clicks applied leave it (see
	// Built.Preview), and what the next click is for, given the clicks
	// Next returned: "" when none may follow. BuildFrom adds to the
	// prompt of a complete decision that it may be played.
	Preview(next *ClickSet) (pos Drawable, prompt string)
}

// BuildFrom applies clicks to steps and reports the result as a game's
// Build method does (see Builder): the error of the first click refused,
// or the clicks that may follow and, when the clicks make a whole
// decision, that decision.
func BuildFrom[M any](steps ClickSteps[M], clicks []Click) (Built[M], error) {
	for i, c := range clicks {
		if err := steps.Click(i, c); err != nil {
			return Built[M]{}, err
		}
	}
	m, complete, err := steps.Built()
	if err != nil {
		return Built[M]{}, err
	}
	next := steps.Next()
	out := Built[M]{Next: next.Clicks(), Complete: complete}
	out.Preview, out.Prompt = steps.Preview(&next)
	if complete {
		out.Move = m
		out.Prompt = completePrompt(out.Prompt)
	}
	return out, nil
}

// completePrompt returns the prompt of a complete decision whose next
// click, if any, is for what prompt says.
func completePrompt(prompt string) string {
	if prompt == "" {
		return PromptDone
	}
	return prompt + ", or play the move"
}
