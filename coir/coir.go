package coir

import (
	"strings"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// The two sides (C1). White sets up on rank 1 and moves first by default.
const (
	White = hops.First
	Black = hops.Second
)

// Game describes Coir Circuit to programs that handle the games of the
// series alike through text (see hops.Game); it starts from the main
// start of C2.
var Game = hops.NewGame("coir", "Coir Circuit", [2]string{"White", "Black"}, StartWith, Parse, ParseMove)

// Pawns is the number of pawns on the board, which never changes (C1).
const Pawns = 12

// board is the 6×6 geometry of Coir Circuit.
var board = hops.Board6

// SideName returns the game's name for a side: "White" or "Black".
func SideName(s hops.Side) string {
	if s&1 == White {
		return "White"
	}
	return "Black"
}

// Position is a Coir Circuit position: which squares hold a pawn showing
// White, which a pawn showing Black, and whose turn it is. It is a small
// immutable value; the zero Position has no pawns and is a finished
// game: White, to move, has no move and has lost (G6), as in every game.
type Position struct {
	white, black hops.Bitboard
	side         hops.Side
}

var _ hops.Position[Position, Move] = Position{}

// Start returns the main start of C2 (White on rank 1, Black on rank 6)
// with White to move.
func Start() Position { return StartWith(White) }

// StartWith returns the main start of C2 with the given side to move (G8).
func StartWith(first hops.Side) Position {
	return Position{white: board.RankSquares(0), black: board.RankSquares(5), side: first & 1}
}

// StartVariant returns the variant start of C2 (White A1 C1 E1 B2 D2 F2,
// Black B6 D6 F6 A5 C5 E5) with White to move.
func StartVariant() Position { return StartVariantWith(White) }

// StartVariantWith returns the variant start of C2 with the given side to
// move (G8).
func StartVariantWith(first hops.Side) Position {
	var w, b hops.Bitboard
	for _, s := range []string{"A1", "C1", "E1", "B2", "D2", "F2"} {
		sq, _ := board.ParseSquare(s)
		w |= sq.Bit()
	}
	for _, s := range []string{"B6", "D6", "F6", "A5", "C5", "E5"} {
		sq, _ := board.ParseSquare(s)
		b |= sq.Bit()
	}
	return Position{white: w, black: b, side: first & 1}
}

// NewPosition returns the position with the given pawns and side to move, checked
// as Parse checks a text (C1, C8): twelve pawns, no square of both colours,
// all on the board, and the side not to move owning at least one pawn.
func NewPosition(white, black hops.Bitboard, toMove hops.Side) (Position, error) {
	if err := engine.CheckSetup(board, toMove, "C8", "C1", white, black); err != nil {
		return Position{}, err
	}
	p := Position{white: white, black: black, side: toMove}
	return p, engine.InSetup(p.check())
}

// check verifies the material of C1 and the side rule of C8.
func (p Position) check() error {
	if n := (p.white | p.black).Count(); n != Pawns {
		return hops.Errorf(hops.ErrPosition, "C1", "rows", "%s on the board, want %d", engine.Count(n, "pawn"), Pawns)
	}
	if p.pawns(p.side.Other()) == 0 {
		return hops.Errorf(hops.ErrPosition, "C8", "side", "%s, not to move, has no pawn: the game ended on %s's own turn, which cannot happen",
			SideName(p.side.Other()), SideName(p.side.Other()))
	}
	return nil
}

// ToMove returns the side whose turn it is.
func (p Position) ToMove() hops.Side { return p.side }

// Pawns returns the squares of the pawns showing the given side's colour.
func (p Position) Pawns(s hops.Side) hops.Bitboard { return p.pawns(s) }

func (p Position) pawns(s hops.Side) hops.Bitboard {
	if s == White {
		return p.white
	}
	return p.black
}

// sides returns the mover's pawns and the opponent's.
func (p Position) sides() (own, opp hops.Bitboard) {
	if p.side == White {
		return p.white, p.black
	}
	return p.black, p.white
}

// withSides returns the position with the mover's and the opponent's
// pawns replaced and the other side to move.
func (p Position) withSides(own, opp hops.Bitboard) Position {
	if p.side == White {
		return Position{white: own, black: opp, side: Black}
	}
	return Position{white: opp, black: own, side: White}
}

// Pawn returns the pawn on square s: the colour it shows (C1), or ok =
// false for an empty square. At gives the same in every game's terms.
func (p Position) Pawn(s hops.Square) (side hops.Side, ok bool) {
	switch {
	case p.white.Has(s):
		return White, true
	case p.black.Has(s):
		return Black, true
	}
	return White, false
}

// HasDame reports whether the side to move owns exactly one pawn, which
// is then a Dame for this turn (C6).
func (p Position) HasDame() bool {
	own, _ := p.sides()
	return own.Count() == 1
}

// Outcome says whether the game is over. The side to move has lost when
// it owns no pawn (C3: all twelve show the opponent's colour) or when it
// has no legal move (G6).
func (p Position) Outcome() hops.Outcome {
	own, opp := p.sides()
	// The zero Position, with no pawn at all, has lost for want of a
	// move (G6) below, not by C3.
	if own == 0 && opp != 0 {
		return hops.Win(p.side.Other(), SideName(p.side.Other()), "C3", allShow[p.side.Other()&1])
	}
	if !p.hasMove() {
		return hops.Win(p.side.Other(), SideName(p.side.Other()), "G6", noMove[p.side&1])
	}
	return hops.Outcome{}
}

// The reasons Outcome gives, by side, written once so that asking
// whether a game is over never allocates.
var (
	allShow = engine.BySide(SideName, "all twelve pawns show %s's colour")
	noMove  = engine.BySide(SideName, "%s has no legal move")
)

// zobrist holds one key per colour and square, then the side key.
var zobrist = func() (k [2*64 + 1]uint64) {
	engine.ZobristKeys(0xC0112C1C, k[:])
	return k
}()

// Hash returns the Zobrist hash of the position; equal positions hash
// equal.
func (p Position) Hash() uint64 {
	var h uint64
	for b := p.white; b != 0; b &= b - 1 {
		h ^= zobrist[b.First()]
	}
	for b := p.black; b != 0; b &= b - 1 {
		h ^= zobrist[64+int(b.First())]
	}
	if p.side == Black {
		h ^= zobrist[128]
	}
	return h
}

// String returns the position text of C8, such as
// "bbbbbb/6/6/6/6/wwwwww w".
func (p Position) String() string {
	var buf [48]byte
	return string(p.AppendTo(buf[:0]))
}

// AppendTo appends the position text (C8) to b and returns the
// extended slice; String and MarshalText are built on it.
func (p Position) AppendTo(b []byte) []byte {
	b = engine.AppendRows(b, board, func(s hops.Square) (byte, bool) {
		switch {
		case p.white.Has(s):
			return 'w', false
		case p.black.Has(s):
			return 'b', false
		}
		return 0, false
	})
	if p.side == White {
		return append(b, " w"...)
	}
	return append(b, " b"...)
}

// MarshalText returns the position text; the zero Position (no position
// set) gives the empty text.
func (p Position) MarshalText() ([]byte, error) { return engine.MarshalText(p, p.AppendTo) }

// UnmarshalText reads a position text with Parse; the empty text gives
// the zero Position.
func (p *Position) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(p, text, Parse)
}

// Parse reads a position text (C8, G11): six ranks from rank 6 down, 'w'
// for a White pawn, 'b' for a Black one, digits for runs of empty squares,
// then the side to move, 'w' or 'b'. It is strict: the text must be the
// one String writes, with exactly twelve pawns, and the side not to move
// must own a pawn.
func Parse(text string) (Position, error) {
	fields, err := engine.SplitFields(text, 2, 2)
	if err != nil {
		return Position{}, err
	}
	var p Position
	err = engine.ParseRows(board, fields[0], func(s hops.Square, c byte, marked bool) error {
		if marked {
			return hops.Errorf(hops.ErrSyntax, "C8", "", "'!' has no meaning in Coir Circuit")
		}
		switch c {
		case 'w':
			p.white |= s.Bit()
		case 'b':
			p.black |= s.Bit()
		default:
			return hops.Errorf(hops.ErrSyntax, "C8", "", "unknown pawn letter %q (want 'w' or 'b')", c)
		}
		return nil
	})
	if err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return Position{}, hops.Errorf(hops.ErrSyntax, "C8", "side", "side to move %s: want 'w' or 'b'", hops.Quote(fields[1]))
	}
	if err := p.check(); err != nil {
		return Position{}, err
	}
	return p, nil
}

// Diagram draws the board with 'w' and 'b' for the pawns, then says whose
// turn it is.
func (p Position) Diagram() string {
	var sb strings.Builder
	sb.WriteString(board.Diagram(func(s hops.Square) string {
		switch {
		case p.white.Has(s):
			return "w"
		case p.black.Has(s):
			return "b"
		}
		return ""
	}))
	o := p.Outcome()
	sb.WriteString(engine.Status(o, SideName(p.side)))
	if !o.Over && p.HasDame() {
		sb.WriteString(" with a Dame")
	}
	sb.WriteString("\n")
	return sb.String()
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (p Position) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, p.MarshalText)
}
