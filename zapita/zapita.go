package zapita

import (
	"fmt"
	"strings"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// The two sides (Z1). White sets up on the G file and moves first by
// default (Z2); Khaki sets up on the A file.
const (
	White = hops.First
	Khaki = hops.Second
)

// board is the 7×7 geometry of Zapita.
var board = hops.Board7

// The headquarters (Z1): A4 is Khaki's, G4 is White's.
const (
	KhakiHQ hops.Square = 3*8 + 0 // A4
	WhiteHQ hops.Square = 3*8 + 6 // G4
)

// hqs holds both headquarters.
var hqs = KhakiHQ.Bit() | WhiteHQ.Bit()

// HQ returns the headquarters of side s (Z1): G4 for White, A4 for Khaki.
// The bomb wins when it comes to rest on the opponent's HQ (Z3).
func HQ(s hops.Side) hops.Square {
	if s&1 == White {
		return WhiteHQ
	}
	return KhakiHQ
}

// SideName returns the game's name for a side: "White" or "Khaki".
func SideName(s hops.Side) string {
	if s&1 == White {
		return "White"
	}
	return "Khaki"
}

// Game describes Zapita to programs that handle every game of the series
// through text (servers, record readers, tools).
var Game = hops.NewGame("zapita", "Zapita", [2]string{"White", "Khaki"}, StartWith, Parse, ParseMove)

// Position is a Zapita position: the pawns of each side by power, the
// bomb's square and the side to move. It is a small immutable value, safe
// to copy and to share. The zero Position holds no pawn (its bomb is on
// A1) and is a game lost by White for want of a move (G6); Start and Parse
// give real positions.
type Position struct {
	pw   [2][3]hops.Bitboard // pw[side][power-1]: that side's pawns of that power
	bomb hops.Square
	side hops.Side
}

var _ hops.Position[Position, Move] = Position{}

// Start returns the start of Z2 with White to move.
func Start() Position { return StartWith(White) }

// StartWith returns the start of Z2 with the given side to move (G8).
func StartWith(first hops.Side) Position {
	var p Position
	for r, pow := range [7]int{1, 2, 3, 0, 3, 2, 1} {
		if pow == 0 {
			continue
		}
		p.pw[Khaki][pow-1] |= hops.SquareAt(0, r).Bit()
		p.pw[White][pow-1] |= hops.SquareAt(6, r).Bit()
	}
	p.bomb = hops.SquareAt(3, 3)
	p.side = first & 1
	return p
}

// ToMove returns the side whose turn it is.
func (p Position) ToMove() hops.Side { return p.side }

// Bomb returns the bomb's square.
func (p Position) Bomb() hops.Square { return p.bomb }

// Pawns returns the squares of side s's pawns.
func (p Position) Pawns(s hops.Side) hops.Bitboard {
	a := &p.pw[s&1]
	return a[0] | a[1] | a[2]
}

// PawnsOfPower returns the squares of side s's pawns of the given power
// (1, 2 or 3); the empty set for any other power.
func (p Position) PawnsOfPower(s hops.Side, power int) hops.Bitboard {
	if power < 1 || power > 3 {
		return 0
	}
	return p.pw[s&1][power-1]
}

// Pawn returns the pawn on square sq: its side and power, or ok = false
// when no pawn stands there (the bomb, which may share no square with a
// pawn, is on Bomb). At gives the same in every game's terms, the bomb
// included.
func (p Position) Pawn(sq hops.Square) (side hops.Side, power int, ok bool) {
	b := sq.Bit()
	for s := range 2 {
		for k := range 3 {
			if p.pw[s][k]&b != 0 {
				return hops.Side(s), k + 1, true
			}
		}
	}
	return 0, 0, false
}

// occupied returns every pawn's square.
func (p Position) occupied() hops.Bitboard { return p.Pawns(White) | p.Pawns(Khaki) }

// powerOf returns the power of side s's pawn on sq, 0 if there is none.
func (p *Position) powerOf(s hops.Side, sq hops.Square) int {
	b := sq.Bit()
	a := &p.pw[s&1]
	switch {
	case a[0]&b != 0:
		return 1
	case a[1]&b != 0:
		return 2
	case a[2]&b != 0:
		return 3
	}
	return 0
}

// Outcome says whether the game is over: the bomb rests on a headquarters
// (Z3), won by the side whose opponent's HQ it is, or the side to move has
// no legal move and loses (G6).
func (p Position) Outcome() hops.Outcome {
	switch p.bomb {
	case KhakiHQ:
		return hops.Win(White, "White", "Z3", "the bomb reached Khaki's headquarters")
	case WhiteHQ:
		return hops.Win(Khaki, "Khaki", "Z3", "the bomb reached White's headquarters")
	}
	if !p.hasMove() {
		return hops.Win(p.side.Other(), SideName(p.side.Other()), "G6", noMove[p.side&1])
	}
	return hops.Outcome{}
}

// noMove is the reason of a loss under G6, by side, written once so that
// asking whether a game is over never allocates.
var noMove = engine.BySide(SideName, "%s has no legal move")

// over reports whether the bomb rests on a headquarters (Z3).
func (p *Position) over() bool { return hqs.Has(p.bomb) }

// zobrist holds one key per side, power and square, then one per bomb
// square, then the side key.
var zobrist = func() (k [6*64 + 64 + 1]uint64) {
	engine.ZobristKeys(0x2A917A, k[:])
	return k
}()

// Hash returns the Zobrist hash of the position; equal positions hash
// equal.
func (p Position) Hash() uint64 {
	var h uint64
	for s := range 2 {
		for k := range 3 {
			for b := p.pw[s][k]; b != 0; b &= b - 1 {
				h ^= zobrist[(s*3+k)*64+int(b.First())]
			}
		}
	}
	if board.Contains(p.bomb) {
		h ^= zobrist[6*64+int(p.bomb)]
	}
	if p.side&1 == Khaki {
		h ^= zobrist[6*64+64]
	}
	return h
}

// letter returns the Z8 letter of the piece on sq (0 for an empty square).
func (p *Position) letter(sq hops.Square) byte {
	if s, pow, ok := p.Pawn(sq); ok {
		if s == White {
			return byte('A' + pow - 1)
		}
		return byte('a' + pow - 1)
	}
	if sq == p.bomb {
		return '*'
	}
	return 0
}

// String returns the position text of Z8, such as
// "a5A/b5B/c5C/3*3/c5C/b5B/a5A w".
func (p Position) String() string {
	var buf [48]byte
	return string(p.AppendTo(buf[:0]))
}

// AppendTo appends the position text (Z8) to b and returns the
// extended slice; String and MarshalText are built on it.
func (p Position) AppendTo(b []byte) []byte {
	b = engine.AppendRows(b, board, func(s hops.Square) (byte, bool) { return p.letter(s), false })
	if p.side&1 == White {
		return append(b, " w"...)
	}
	return append(b, " k"...)
}

// MarshalText returns the position text; the zero Position (no position
// set) gives the empty text. It refuses a position that Parse would not
// read back: one in the middle of a move, as a Build preview shows it
// (a pawn on a headquarters it jumps through, Z4, or holding the bomb it
// is about to throw, Z5), which the rules never stop in.
func (p Position) MarshalText() ([]byte, error) {
	text, err := engine.MarshalText(p, p.AppendTo)
	if err == nil && p.midMove() {
		return nil, hops.Errorf(hops.ErrSyntax, "Z8", "position "+hops.Quote(string(text)), "has no text: it is in the middle of a move, %s", p.midMoveWhy())
	}
	return text, err
}

// midMoveWhy says why a position is one a move only passes through.
func (p Position) midMoveWhy() string {
	occ := p.occupied()
	if occ.Has(p.bomb) {
		side, power, _ := p.Pawn(p.bomb)
		return fmt.Sprintf("the %s pawn of power %d on %s holds the bomb it is about to throw (Z5)", SideName(side), power, p.bomb)
	}
	on := (occ & hqs).First()
	side, _, _ := p.Pawn(on)
	return fmt.Sprintf("the %s pawn on %s stands on %s's headquarters, which it jumps through (Z4)", SideName(side), on, SideName(hqOwner(on)))
}

// midMove reports whether a pawn stands on a headquarters or on the
// bomb: a position only a move in progress passes through.
func (p Position) midMove() bool {
	occ := p.occupied()
	return occ&hqs != 0 || occ.Has(p.bomb)
}

// UnmarshalText reads a position text with Parse; the empty text gives
// the zero Position.
func (p *Position) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(p, text, Parse)
}

// Parse reads a position text (Z8, G11): seven ranks from rank 7 down,
// 'A', 'B', 'C' for White pawns of power 1, 2, 3, 'a', 'b', 'c' for Khaki
// ones, '*' for the bomb, digits for runs of empty squares, then the side
// to move, 'w' or 'k'. It is strict: the text must be the one String
// writes; each side must have two pawns of each power (Z1), no pawn may
// stand on a headquarters (Z4), there must be exactly one bomb, and a
// bomb on a headquarters must have been thrown there by the side that is
// not to move (Z3).
func Parse(text string) (Position, error) {
	fields, err := engine.SplitFields(text, 2, 2)
	if err != nil {
		return Position{}, err
	}
	var p Position
	bombs := 0
	err = engine.ParseRows(board, fields[0], func(s hops.Square, c byte, marked bool) error {
		if marked {
			return hops.Errorf(hops.ErrSyntax, "Z8", "", "'!' has no meaning in Zapita")
		}
		switch {
		case c >= 'A' && c <= 'C':
			p.pw[White][c-'A'] |= s.Bit()
		case c >= 'a' && c <= 'c':
			p.pw[Khaki][c-'a'] |= s.Bit()
		case c == '*':
			bombs++
			p.bomb = s
		default:
			return hops.Errorf(hops.ErrSyntax, "Z8", "", "unknown letter %q (want A, B, C for White, a, b, c for Khaki, * for the bomb)", c)
		}
		if s == KhakiHQ || s == WhiteHQ {
			if c != '*' {
				return hops.Errorf(hops.ErrPosition, "Z4", "", "a pawn stands on %s's headquarters; no pawn may stop there", SideName(hqOwner(s)))
			}
		}
		return nil
	})
	if err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "k":
		p.side = Khaki
	default:
		return Position{}, hops.Errorf(hops.ErrSyntax, "Z8", "side", "side to move %s: want 'w' or 'k'", hops.Quote(fields[1]))
	}
	for s := range 2 {
		for k := range 3 {
			if n := p.pw[s][k].Count(); n != 2 {
				return Position{}, hops.Errorf(hops.ErrPosition, "Z1", "rows", "%s has %s of power %d, want 2", SideName(hops.Side(s)), engine.Count(n, "pawn"), k+1)
			}
		}
	}
	switch {
	case bombs == 0:
		return Position{}, hops.Errorf(hops.ErrPosition, "Z1", "rows", "no bomb: the board holds exactly one")
	case bombs > 1:
		return Position{}, hops.Errorf(hops.ErrPosition, "Z1", "rows", "%d bombs: the board holds exactly one", bombs)
	}
	if p.over() {
		winner := hqOwner(p.bomb).Other()
		if p.side == winner {
			return Position{}, hops.Errorf(hops.ErrPosition, "Z3", "side",
				"the bomb rests on %s's headquarters, so %s won with the last move and cannot be the side to move",
				SideName(hqOwner(p.bomb)), SideName(winner))
		}
	}
	return p, nil
}

// hqOwner returns the side whose headquarters sq is (sq must be one).
func hqOwner(sq hops.Square) hops.Side {
	if sq == WhiteHQ {
		return White
	}
	return Khaki
}

// Mirror returns the position reflected top to bottom (rank r becomes
// rank 8-r), with the same side to move. Both headquarters lie on rank 4,
// so the reflection is again a Zapita position and plays the same game:
// the reflection of each of this position's moves (Move.Mirror) is legal
// there and leads to the reflection of the position it leads to, though
// its written form may differ from the one the reflection generates
// (Canonical gives that one). The zero Position, no game, mirrors to
// itself.
func (p Position) Mirror() Position {
	if p == (Position{}) {
		return p // no game: nothing to reflect, and its text reads back
	}
	q := Position{bomb: mirrorSquare(p.bomb), side: p.side}
	for s := range 2 {
		for k := range 3 {
			q.pw[s][k] = engine.MapSquares(p.pw[s][k], board.MirrorRanks)
		}
	}
	return q
}

func mirrorSquare(s hops.Square) hops.Square {
	if !board.Contains(s) {
		return s
	}
	return board.MirrorRanks(s)
}

// Diagram draws the board: White pawns as W1, W2, W3, Khaki pawns as K1,
// K2, K3, the bomb as *, an empty headquarters as HQ; then says whose turn
// it is, or who won.
func (p Position) Diagram() string {
	var sb strings.Builder
	sb.WriteString(board.Diagram(func(s hops.Square) string {
		if side, pow, ok := p.Pawn(s); ok {
			return fmt.Sprintf("%c%d", "WK"[side&1], pow)
		}
		switch {
		case s == p.bomb:
			return "*"
		case hqs.Has(s):
			return "HQ"
		}
		return ""
	}))
	sb.WriteString(engine.Status(p.Outcome(), SideName(p.side)) + "\n")
	return sb.String()
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (p Position) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, p.MarshalText)
}
