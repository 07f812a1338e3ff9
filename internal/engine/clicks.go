package engine

import (
	"fmt"

	"github.com/hopsgames/hops"
)

// Prompts that Builders share (see hops.Built.Prompt).
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

// ClickError returns the error a hops.Builder gives for the click at index i
// (counted from 0) of the clicks it was given: an illegal-move *hops.Error
// located at "click <i+1> <click>", under the rule the click breaks.
func ClickError(i int, c hops.Click, rule, format string, args ...any) *hops.Error {
	return hops.Errorf(hops.ErrIllegal, rule, ClickWhere(i, c), format, args...)
}

// OffBoardClick is the error of the click at index i on a square that is
// not on the game's board b (G1): a syntax error, worded as
// Board.ParseSquare words a square off the board in a move text.
func OffBoardClick(i int, c hops.Click, b *hops.Board) *hops.Error {
	n := b.Size()
	return hops.Errorf(hops.ErrSyntax, "G1", ClickWhere(i, c), "square %s is off the %dx%d board (A1..%c%d)", c.Square, n, n, 'A'+n-1, n)
}

// ClickWhere names the click at index i (counted from 0) in an error,
// as "click 3 D5"; a Builder passes it to hops.ErrorIn to locate the error of
// a move check in the click that caused it.
func ClickWhere(i int, c hops.Click) string { return fmt.Sprintf("click %d %s", i+1, c) }

// AppendClicks appends the clicks that build path p to dst: its start
// square, then each landing, marked where the hop is written 'x' (G12).
func AppendClicks(dst []hops.Click, p hops.Path) []hops.Click {
	for i := 0; i < p.Len(); i++ {
		dst = append(dst, hops.Click{Square: p.At(i), Mark: i > 0 && p.Marked(i)})
	}
	return dst
}

// ClickSet is a set of clicks, in which a Builder gathers its Next.
// The zero ClickSet is empty.
type ClickSet struct {
	plain, marked       hops.Bitboard
	outPlain, outMarked bool
}

// Add puts c in the set. Squares that are neither on a board nor Outside
// are ignored.
func (s *ClickSet) Add(c hops.Click) {
	switch {
	case c.Square == hops.Outside && c.Mark:
		s.outMarked = true
	case c.Square == hops.Outside:
		s.outPlain = true
	case c.Mark:
		s.marked |= c.Square.Bit()
	default:
		s.plain |= c.Square.Bit()
	}
}

// AddSquares puts an unmarked click on every square of b in the set.
func (s *ClickSet) AddSquares(b hops.Bitboard) { s.plain |= b }

// Has reports whether c is in the set.
func (s *ClickSet) Has(c hops.Click) bool {
	switch {
	case c.Square == hops.Outside && c.Mark:
		return s.outMarked
	case c.Square == hops.Outside:
		return s.outPlain
	case c.Square < 0 || c.Square > hops.Outside:
		return false
	case c.Mark:
		return s.marked.Has(c.Square)
	}
	return s.plain.Has(c.Square)
}

// Squares returns the squares of the board that some click of the set
// names, marked or not; hops.Outside is left out.
func (s *ClickSet) Squares() hops.Bitboard { return s.plain | s.marked }

// Empty reports whether the set holds no click.
func (s *ClickSet) Empty() bool {
	return s.plain == 0 && s.marked == 0 && !s.outPlain && !s.outMarked
}

// Clicks lists the set in the order of hops.Built.Next: by square, an
// unmarked click before the marked one, hops.Outside last. It returns nil for
// an empty set.
func (s *ClickSet) Clicks() []hops.Click {
	if s.Empty() {
		return nil
	}
	out := make([]hops.Click, 0, (s.plain|s.marked).Count()+s.marked.Count()+2)
	for b := s.plain | s.marked; b != 0; b &= b - 1 {
		sq := b.First()
		if s.plain.Has(sq) {
			out = append(out, hops.Click{Square: sq})
		}
		if s.marked.Has(sq) {
			out = append(out, hops.Click{Square: sq, Mark: true})
		}
	}
	if s.outPlain {
		out = append(out, hops.Click{Square: hops.Outside})
	}
	if s.outMarked {
		out = append(out, hops.Click{Square: hops.Outside, Mark: true})
	}
	return out
}

// ClickSteps is a decision under construction, click by click: what a
// game implements so that BuildFrom can serve as its Build method.
type ClickSteps[M any] interface {
	// Click applies click i (counted from 0) to the decision, or
	// returns the error that says why it is not offered (ClickError).
	Click(i int, c hops.Click) error
	// Next returns the clicks that may follow those applied.
	Next() ClickSet
	// Built returns the decision the clicks applied make, in canonical
	// form, with complete = true, when they make a whole one.
	Built() (m M, complete bool, err error)
	// Preview returns the position as the clicks applied leave it (see
	// hops.Built.Preview), and what the next click is for, given the clicks
	// Next returned: "" when none may follow. BuildFrom adds to the
	// prompt of a complete decision that it may be played.
	Preview(next *ClickSet) (pos hops.Drawable[M], prompt string)
}

// BuildFrom applies clicks to steps and reports the result as a game's
// Build method does (see hops.Builder): the error of the first click refused,
// or the clicks that may follow and, when the clicks make a whole
// decision, that decision.
func BuildFrom[M any](steps ClickSteps[M], clicks []hops.Click) (hops.Built[M], error) {
	for i, c := range clicks {
		if err := steps.Click(i, c); err != nil {
			return hops.Built[M]{}, err
		}
	}
	m, complete, err := steps.Built()
	if err != nil {
		return hops.Built[M]{}, err
	}
	next := steps.Next()
	out := hops.Built[M]{Next: next.Clicks(), Complete: complete}
	out.Preview, out.Prompt = steps.Preview(&next)
	if len(clicks) == 0 && len(out.Next) == 0 {
		// Nothing to click at the start of a decision: the side to move
		// has no legal move, and the game is over (G6), whatever the
		// game's own test of its end saw.
		out.Prompt = PromptOver
	}
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

// OffPath is the message of a path whose square i (counted from 0), s,
// is not on board b: every game writes it so.
func OffPath(i int, s hops.Square, b *hops.Board) string {
	n := b.Size()
	return fmt.Sprintf("square %d of the path, %s, is off the %dx%d board (A1..%c%d)", i+1, s, n, n, 'A'+n-1, n)
}
