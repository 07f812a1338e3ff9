package catchit

import (
	"iter"
	"math/bits"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// The two sides (K1). Blue sets up on rank 1 and moves first in the
// standard start (K2).
const (
	Blue = hops.First
	Red  = hops.Second
)

// SideName returns the game's name for a side: "Blue" or "Red".
func SideName(s hops.Side) string {
	if s&1 == Red {
		return "Red"
	}
	return "Blue"
}

// Game describes Catch'it to programs that handle every game of the
// series through text (see hops.Game).
var Game = hops.NewGame("catchit", "Catch'it", [2]string{"Blue", "Red"}, StartWith, Parse, ParseMove)

var _ hops.Position[Position, Move] = Position{}

// board is the 7×7 board every Catch'it position is played on (K1).
var board = hops.Board7

// Position is a Catch'it position: where the blue and red pawns stand,
// which pawn carries the ball, and whose turn it is. It is a small value
// with no references, safe to copy and to share between goroutines; Play
// returns a new Position and never changes its receiver.
//
// The zero Position has no pawns at all and is not a legal position;
// its methods do not panic on it, and its side to move, with no turn,
// has lost (G6), as in every game.
type Position struct {
	pawns [2]hops.Bitboard // Blue's and Red's pawns
	ball  uint8            // carrier square + 1; 0 once the ball has left (K9)
	side  hops.Side        // side to move
}

// Start returns the start position of K2: Blue on A1..G1, Red on
// A7..G7, the ball on D1, Blue to move.
func Start() Position { return StartWith(Blue) }

// StartWith returns the start position with the given side to move first
// (G8): the same pawns, and the ball on the centre pawn of the side that
// starts (D1 for Blue, D7 for Red, K2).
func StartWith(first hops.Side) Position {
	first &= 1
	p := Position{side: first}
	p.pawns[Blue] = board.RankSquares(0)
	p.pawns[Red] = board.RankSquares(6)
	if first == Blue {
		p.ball = uint8(hops.SquareAt(3, 0)) + 1
	} else {
		p.ball = uint8(hops.SquareAt(3, 6)) + 1
	}
	return p
}

// carrier returns the square of the pawn with the ball, or NoSquare once
// the ball has left the board.
func (p Position) carrier() hops.Square {
	if p.ball == 0 || p.ball > 64 {
		return hops.NoSquare
	}
	return hops.Square(p.ball - 1)
}

// Carrier returns the square of the pawn that carries the ball, or
// hops.NoSquare when the ball has left the board and the game is over
// (K9).
func (p Position) Carrier() hops.Square { return p.carrier() }

// Pawns returns the squares of the given side's pawns.
func (p Position) Pawns(s hops.Side) hops.Bitboard { return p.pawns[s&1] }

// Pawn returns the pawn on square s: its side and whether it carries the
// ball (K1), or ok = false when no pawn stands there. At gives the same
// in every game's terms.
func (p Position) Pawn(s hops.Square) (side hops.Side, carrier bool, ok bool) {
	switch {
	case p.pawns[Blue].Has(s):
		return Blue, s == p.carrier(), true
	case p.pawns[Red].Has(s):
		return Red, s == p.carrier(), true
	}
	return Blue, false, false
}

// ToMove returns the side whose turn it is. In a finished game it is the
// side that lost (K11).
func (p Position) ToMove() hops.Side { return p.side & 1 }

// Moves yields the legal moves, one per distinct successor position
// (G9), in the deterministic order described in the package doc.
func (p Position) Moves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		g := gen{paths: true, yield: yield}
		p.generate(&g)
	}
}

// AppendMoves appends the moves Moves yields, in the same order, to dst
// and returns the extended slice. With enough capacity in dst it does
// not allocate once its working memory, kept in a pool between calls,
// is warm (a garbage collection may empty the pool, and the next call
// then makes it again).
func (p Position) AppendMoves(dst []Move) []Move {
	g := gen{paths: true, dst: dst}
	p.generate(&g)
	return g.dst
}

// CountMoves returns the number of moves Moves would yield: the number
// of distinct successor positions. It does not build the moves' paths.
func (p Position) CountMoves() int { return p.countMoves() }

// HasMoves reports whether the side to move has a legal move. It stops
// at the first one found.
func (p Position) HasMoves() bool {
	if p.twoSteps() {
		return true
	}
	g := gen{first: true}
	p.generate(&g)
	return g.count > 0
}

// twoSteps reports whether the side to move surely has a turn of two
// plain steps (K4, K7, K8), which is nearly always the case and much
// cheaper to see than a generated turn: one pawn with a free neighbour
// (the carrier, for the attacker, who must move the ball) and another
// with two, of which the first step can fill at most one. A false
// result proves nothing.
func (p Position) twoSteps() bool {
	c := p.carrier()
	if c == hops.NoSquare {
		return false
	}
	own := p.pawns[p.side&1]
	empty := allSquares &^ uint64(p.pawns[Blue]|p.pawns[Red])
	ones, twos := 0, 0 // pawns other than the carrier with one free neighbour, with two or more
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		if s == c {
			continue
		}
		switch bits.OnesCount64(neighbourTable[s] & empty) {
		case 0:
		case 1:
			ones++
		default:
			twos++
		}
	}
	if own.Has(c) { // the attacker: the carrier steps, and another pawn
		return twos > 0 && neighbourTable[c]&empty != 0
	}
	return twos > 0 && ones+twos >= 2
}

// The reasons Outcome gives, by side, written once so that asking
// whether a game is over never allocates.
var (
	carriedBeyond = [2]string{SideName(Blue) + " carried the ball beyond rank 7", SideName(Red) + " carried the ball beyond rank 1"}
	noTurn        = engine.BySide(SideName, "%s has no legal turn")
)

// Outcome says whether the game is over: the ball has left the board
// beyond the goal edge (K3, K9), won by the side that moved it there, or
// the side to move has no legal turn and loses (G6).
func (p Position) Outcome() hops.Outcome {
	// The zero Position, with no pawn at all, has no carrier either: no
	// ball left the board there, and the side to move has lost for want
	// of a turn (G6).
	if p.carrier() == hops.NoSquare && p.pawns[Blue]|p.pawns[Red] != 0 {
		w := p.ToMove().Other()
		return hops.Win(w, SideName(w), "K3", carriedBeyond[w&1])
	}
	if !p.HasMoves() {
		w := p.ToMove().Other()
		return hops.Win(w, SideName(w), "G6", noTurn[p.ToMove()&1])
	}
	return hops.Outcome{}
}

var zobrist struct {
	pawn [2][64]uint64
	ball [64]uint64
	side uint64
}

func init() {
	var keys [3*64 + 1]uint64
	engine.ZobristKeys(0xCA7C417, keys[:])
	copy(zobrist.pawn[0][:], keys[0:64])
	copy(zobrist.pawn[1][:], keys[64:128])
	copy(zobrist.ball[:], keys[128:192])
	zobrist.side = keys[192]
}

// Hash returns a Zobrist hash of the position (pawns, carrier and side to
// move): equal positions hash equal.
func (p Position) Hash() uint64 {
	var h uint64
	for side := range 2 {
		for b := p.pawns[side]; b != 0; b &= b - 1 {
			h ^= zobrist.pawn[side][b.First()]
		}
	}
	if c := p.carrier(); c != hops.NoSquare {
		h ^= zobrist.ball[c]
	}
	if p.ToMove() == Red {
		h ^= zobrist.side
	}
	return h
}

// Key returns the exact identity of the position, as the move generator
// compares successors (G9).
func (p Position) Key() hops.StateKey {
	return hops.StateKey{uint64(p.pawns[Blue]), uint64(p.pawns[Red]), uint64(p.ball) | uint64(p.side&1)<<8}
}

// String returns the position text of K11, such as
// "rrrrrrr/7/7/7/7/7/bbbBbbb b".
func (p Position) String() string {
	var buf [64]byte
	return string(p.AppendTo(buf[:0]))
}

// MarshalText returns the position text of K11; the zero Position (no
// position set) gives the empty text.
func (p Position) MarshalText() ([]byte, error) { return engine.MarshalText(p, p.AppendTo) }

// AppendTo appends the position text (K11) to out and returns the
// extended slice; String and MarshalText are built on it.
func (p Position) AppendTo(out []byte) []byte {
	c := p.carrier()
	out = engine.AppendRows(out, board, func(s hops.Square) (byte, bool) {
		switch {
		case p.pawns[Blue].Has(s):
			if s == c {
				return 'B', false
			}
			return 'b', false
		case p.pawns[Red].Has(s):
			if s == c {
				return 'R', false
			}
			return 'r', false
		}
		return 0, false
	})
	if p.ToMove() == Red {
		out = append(out, " r"...)
	} else {
		out = append(out, " b"...)
	}
	return out
}

// UnmarshalText reads a position text (see Parse); the empty text gives
// the zero Position.
func (p *Position) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(p, text, Parse)
}

// Parse reads a position text (K11, G11): the rows, then the side to
// move, "b" or "r". Parsing is strict: the canonical text of the result
// is the input. A position in play has seven pawns a side and exactly
// one carrier; a position with no carrier is a finished game won by the
// side not to move, which has six pawns left (K9), the loser seven.
func Parse(text string) (Position, error) {
	var p Position
	fields, err := engine.SplitFields(text, 2, 2)
	if err != nil {
		return Position{}, err
	}
	carrier := hops.NoSquare
	err = engine.ParseRows(board, fields[0], func(s hops.Square, c byte, marked bool) error {
		if marked {
			return hops.Errorf(hops.ErrSyntax, "K11", "", "'!' is not used in Catch'it")
		}
		var side hops.Side
		switch c {
		case 'b', 'B':
			side = Blue
		case 'r', 'R':
			side = Red
		default:
			return hops.Errorf(hops.ErrSyntax, "K11", "", "unknown piece letter %q (want b, B, r or R)", c)
		}
		if c == 'B' || c == 'R' {
			if carrier != hops.NoSquare {
				return hops.Errorf(hops.ErrPosition, "K1", "", "a second carrier (the ball is already on %s)", carrier)
			}
			carrier = s
		}
		p.pawns[side] |= s.Bit()
		return nil
	})
	if err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "b":
		p.side = Blue
	case "r":
		p.side = Red
	default:
		return Position{}, hops.Errorf(hops.ErrSyntax, "K11", "side to move", "%s, want b or r", hops.Quote(fields[1]))
	}
	nb, nr := p.pawns[Blue].Count(), p.pawns[Red].Count()
	if carrier == hops.NoSquare {
		winner := p.side.Other()
		if nb+nr != 13 || p.pawns[winner].Count() != 6 {
			return Position{}, hops.Errorf(hops.ErrPosition, "K9", "rows",
				"no carrier, so %s has won and carried a pawn off the board: want 6 %s and 7 %s pawns, found %d Blue and %d Red",
				SideName(winner), SideName(winner), SideName(p.side), nb, nr)
		}
		return p, nil
	}
	for side, n := range [2]int{nb, nr} {
		if n != 7 {
			return Position{}, hops.Errorf(hops.ErrPosition, "K1", "rows",
				"%d %s pawns, want 7 while the game lasts", n, SideName(hops.Side(side)))
		}
	}
	p.ball = uint8(carrier) + 1
	return p, nil
}

// Mirror returns the position reflected left to right (file A to file
// G): the rules are symmetric, so the reflection of each of this
// position's moves (Move.Mirror) is legal there and leads to the
// reflection of the position it leads to, though its written form may
// differ from the one the reflection generates (Canonical gives that
// one: the order of the two displacements, for one).
func (p Position) Mirror() Position {
	q := p
	q.pawns[Blue] = mirrorBits(p.pawns[Blue])
	q.pawns[Red] = mirrorBits(p.pawns[Red])
	if c := p.carrier(); c != hops.NoSquare {
		q.ball = uint8(board.MirrorFiles(c)) + 1
	}
	return q
}

func mirrorBits(b hops.Bitboard) hops.Bitboard { return engine.MapSquares(b, board.MirrorFiles) }

// Diagram draws the board as text, rank 7 at the top: "b" and "r" for
// pawns, "B" or "R" for the carrier, "." for an empty square, followed by
// a line saying whose turn it is or who has won.
func (p Position) Diagram() string {
	c := p.carrier()
	d := board.Diagram(func(s hops.Square) string {
		switch {
		case p.pawns[Blue].Has(s) && s == c:
			return "B"
		case p.pawns[Blue].Has(s):
			return "b"
		case p.pawns[Red].Has(s) && s == c:
			return "R"
		case p.pawns[Red].Has(s):
			return "r"
		}
		return ""
	})
	return d + engine.Status(p.Outcome(), SideName(p.ToMove())) + "\n"
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (p Position) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, p.MarshalText)
}
