package brouillard

import (
	"fmt"
	"iter"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// The two sides (B2). White sets up on ranks 1 and 2 and moves first by
// default (B3).
const (
	White = hops.First
	Red   = hops.Second
)

// Game describes Brouillard au Palais to programs that handle every game
// of the series alike through texts (see hops.Game). It works on true
// positions: a host that must keep faces secret gives each player a View.
var Game = hops.NewGame("brouillard", "Brouillard au Palais", [2]string{"White", "Red"}, StartWith, Parse, ParseMove)

// SideName returns "White" or "Red".
func SideName(s hops.Side) string {
	if s&1 == White {
		return "White"
	}
	return "Red"
}

// Kind is what is printed on the hidden face of a pawn (B2): a blank or
// one of the five figures. Hidden stands, in a View only, for an opposing
// pawn whose face the viewer has not seen.
type Kind uint8

// The kinds of pawn. The zero Kind is not a pawn.
const (
	Blank Kind = iota + 1
	Nine
	Ten
	Jack
	Queen
	King
	Hidden
)

var kindLetters = [...]byte{0, 'X', 'N', 'T', 'J', 'Q', 'K', 'P'}
var kindNames = [...]string{"no pawn", "Blank", "Nine", "Ten", "Jack", "Queen", "King", "hidden pawn"}

// String returns the kind's English name, such as "Queen".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText writes the kind's name, as String does ("Queen"; "no pawn"
// for the zero Kind, "hidden pawn" for Hidden), so that JSON shows it
// as a person reads it.
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= len(kindNames) {
		return nil, hops.Errorf(hops.ErrSyntax, "B2", "kind", "Kind(%d) is no kind of pawn", uint8(k))
	}
	return []byte(kindNames[k]), nil
}

// UnmarshalText reads what MarshalText writes, in any case.
func (k *Kind) UnmarshalText(text []byte) error {
	for i, name := range kindNames {
		if strings.EqualFold(string(text), name) {
			*k = Kind(i)
			return nil
		}
	}
	return hops.Errorf(hops.ErrSyntax, "B2", "kind", "%s: want Blank, Nine, Ten, Jack, Queen, King, \"hidden pawn\" or \"no pawn\"", hops.Quote(string(text)))
}

// Letter returns the kind's upper-case letter in position texts (B11,
// B12): X, N, T, J, Q, K, or P for Hidden; 0 for an invalid kind.
func (k Kind) Letter() byte {
	if int(k) < len(kindLetters) {
		return kindLetters[k]
	}
	return 0
}

// Figure reports whether the kind is one of the five figures, which are
// captured in the order Nine, Ten, Jack, Queen, King (B5).
func (k Kind) Figure() bool { return k >= Nine && k <= King }

// board geometry shared by every function of the package.
var (
	bd    = hops.Board7
	light = hops.Board7.Light()
	dark  = hops.Board7.Dark()
)

var diagDirs = [4]hops.Dir{hops.NorthEast, hops.SouthEast, hops.SouthWest, hops.NorthWest}

// A pawn is stored on its square as kind | side<<3.
func code(s hops.Side, k Kind) uint8 { return uint8(k) | uint8(s&1)<<3 }

// state is the board shared by the true Position and by a View: in a
// View, opposing pawns that were never turned over have kind Hidden.
// Everything the move rules need is public, so both generate and check
// moves with the same code and the same error texts.
type state struct {
	sq       [64]uint8 // pawn code on each square, 0 when there is none
	pawns    [2]hops.Bitboard
	revealed hops.Bitboard // pawns turned over and still on the board
	fou      [2]hops.Square
	captured [2]uint8 // captured[s]: opposing figures side s has captured
	side     hops.Side
	plus     bool // the side to move must move its Fou again (B9)
}

func (st *state) kind(s hops.Square) Kind { return Kind(st.sq[s&63] & 7) }

// target returns the kind of the lowest opposing figure side s has not
// captured yet (B5), or 0 when it has captured all five.
func (st *state) target(s hops.Side) Kind {
	if st.captured[s&1] >= 5 {
		return 0
	}
	return Nine + Kind(st.captured[s&1])
}

// sane reports whether the state can be used for move generation: the
// zero value (both Fous on A1) cannot.
func (st *state) sane() bool {
	return st.fou[0] != st.fou[1] && dark.Has(st.fou[0]) && dark.Has(st.fou[1])
}

// fouAt reports which side's Fou stands on s. The zero state has none:
// its Fous, both on A1, are no pieces.
func (st *state) fouAt(s hops.Square) (hops.Side, bool) {
	switch {
	case !st.sane():
		return 0, false
	case s == st.fou[White]:
		return White, true
	case s == st.fou[Red]:
		return Red, true
	}
	return 0, false
}

// fouSquare returns the square of side s's Fou, NoSquare in the zero
// state.
func (st *state) fouSquare(s hops.Side) hops.Square {
	if !st.sane() {
		return hops.NoSquare
	}
	return st.fou[s&1]
}

// over reports whether the game ended by a capture of a King (B5).
func (st *state) over() bool { return st.captured[0] >= 5 || st.captured[1] >= 5 }

// fouCanMove reports whether the Fou of side s has a legal move (B7) on
// a board where occ holds the pawns.
func (st *state) fouCanMove(s hops.Side, occ hops.Bitboard) bool {
	f := st.fou[s&1]
	free := dark &^ st.fou[s&1^1].Bit()
	for _, d := range diagDirs {
		if free.Has(bd.Step(f, d)) {
			return true
		}
	}
	for d := hops.North; d <= hops.NorthWest; d += 2 {
		if occ.Has(bd.Step(f, d)) && free.Has(bd.JumpTarget(f, d)) {
			return true
		}
	}
	return false
}

// turnable returns the opposing pawns whose turning over changes the
// state (B8, G9): those never turned over, and the mover's target if it
// is already known.
func (st *state) turnable() hops.Bitboard {
	opp := st.pawns[st.side^1]
	t := opp &^ st.revealed
	if tk := st.target(st.side); tk != 0 {
		for b := opp & st.revealed; b != 0; b &= b - 1 {
			s := b.First()
			if st.kind(s) == tk {
				t |= s.Bit()
			}
		}
	}
	return t
}

// Zobrist keys: pawn codes (16) x squares, revealed marks, the two Fous,
// the side to move, the phase, and the captured counts.
const (
	zRevealed = 16 * 64
	zFou      = zRevealed + 64
	zSide     = zFou + 2*64
	zPlus     = zSide + 1
	zCaptured = zPlus + 1
	zViewer   = zCaptured + 12
	zKeys     = zViewer + 1
)

var zobrist = func() (k [zKeys]uint64) {
	engine.ZobristKeys(0x42726f75696c6c61, k[:])
	return k
}()

func (st *state) hash() uint64 {
	var h uint64
	for b := st.pawns[0] | st.pawns[1]; b != 0; b &= b - 1 {
		s := b.First()
		h ^= zobrist[int(st.sq[s])*64+int(s)]
	}
	for b := st.revealed; b != 0; b &= b - 1 {
		h ^= zobrist[zRevealed+int(b.First())]
	}
	h ^= zobrist[zFou+int(st.fou[0]&63)] ^ zobrist[zFou+64+int(st.fou[1]&63)]
	if st.side&1 == Red {
		h ^= zobrist[zSide]
	}
	if st.plus {
		h ^= zobrist[zPlus]
	}
	h ^= zobrist[zCaptured+int(min(st.captured[0], 5))] ^ zobrist[zCaptured+6+int(min(st.captured[1], 5))]
	return h
}

// outcome applies B5 and G6: the zero state, which has no pieces and so
// no move, is the side to move's loss.
func (st *state) outcome() hops.Outcome {
	switch {
	case st.captured[White] >= 5:
		return hops.Win(White, "White", "B5", "White captured the Red King")
	case st.captured[Red] >= 5:
		return hops.Win(Red, "Red", "B5", "Red captured the White King")
	case !st.hasMove():
		return hops.Win(st.side^1, SideName(st.side^1), "G6", noMove[st.side&1])
	}
	return hops.Outcome{}
}

// noMove is the reason of a loss under G6, by side, written once so that
// asking whether a game is over never allocates.
var noMove = engine.BySide(SideName, "%s has no legal move")

// Position is the true state of a game (B11): every pawn's face, where
// the pieces stand, which pawns were turned over, the captured counts,
// the side to move and whether it is in the middle of its turn. It is a
// small value: Play returns a new Position and never changes its
// receiver. The zero Position is not a game: it has no pieces and no
// moves, so White, to move, has lost (G6); use Start,
// NewPosition or Parse.
type Position struct {
	st state
}

var (
	_ hops.Position[Position, Move] = Position{}
	_ hops.Analysis[Position]       = Position{}
)

// ToMove returns the side whose decision it is.
func (p Position) ToMove() hops.Side { return p.st.side }

// Continuing reports whether the side to move is in the middle of its
// turn after a capture and must move its Fou again (phase '+', B9).
func (p Position) Continuing() bool { return p.st.plus }

// Captured returns how many opposing figures side s has captured (0..5).
func (p Position) Captured(s hops.Side) int { return int(p.st.captured[s&1]) }

// Target returns the opposing figure side s must capture next (B5), or
// ok = false when it has captured the King.
func (p Position) Target(s hops.Side) (k Kind, ok bool) {
	k = p.st.target(s)
	return k, k != 0
}

// Fou returns the square of side s's Fou (NoSquare in the zero Position,
// which has no pieces).
func (p Position) Fou(s hops.Side) hops.Square { return p.st.fouSquare(s) }

func (st *state) pawn(s hops.Square) (side hops.Side, k Kind, turned bool, ok bool) {
	if !bd.Contains(s) || st.sq[s] == 0 {
		return 0, 0, false, false
	}
	c := st.sq[s]
	return hops.Side(c >> 3), Kind(c & 7), st.revealed.Has(s), true
}

// Pawns returns the squares of side s's pawns.
func (p Position) Pawns(s hops.Side) hops.Bitboard { return p.st.pawns[s&1] }

// Moves yields the legal moves, one per distinct successor (G9), in the
// order described in the package documentation.
func (p Position) Moves() iter.Seq[Move] { return p.st.moves() }

// AppendMoves appends the moves Moves yields to dst, in the same order.
func (p Position) AppendMoves(dst []Move) []Move { return p.st.appendMoves(dst) }

// CountMoves returns the number of legal moves.
func (p Position) CountMoves() int { return p.st.countMoves() }

// Validate returns nil when m is legal here, or an *hops.Error naming the
// rule it breaks. Any legal written form is accepted (G9).
func (p Position) Validate(m Move) error {
	if _, err := p.st.check(m); err != nil {
		return p.st.refused(err)
	}
	return nil
}

// Play returns the position after m, or the error Validate gives.
func (p Position) Play(m Move) (Position, error) {
	c, err := p.st.check(m)
	if err != nil {
		return p, p.st.refused(err)
	}
	q := p
	q.st.apply(c, p.st.kind(c.turn))
	return q, nil
}

// Reveal is what a move made public beyond the move itself: the pawn the
// Fou turned over, its face, and whether it was captured (B8). The zero
// Reveal says that nothing was turned over (or that the pawn turned over
// was already known to both players, which changes nothing).
type Reveal struct {
	Turned   bool        // a pawn was turned over
	Square   hops.Square // where it stood
	Kind     Kind        // its face
	Captured bool        // it was the mover's target and left the board
}

// String describes the reveal, such as "D5 Ten captured" or "-".
func (r Reveal) String() string {
	if !r.Turned {
		return "-"
	}
	s := r.Square.String() + " " + r.Kind.String()
	if r.Captured {
		s += " captured"
	}
	return s
}

// PlayReveal plays m like Play and also returns what it made public, for
// a server to pass on to both players (see View.Play).
func (p Position) PlayReveal(m Move) (Position, Reveal, error) {
	c, err := p.st.check(m)
	if err != nil {
		return p, Reveal{}, p.st.refused(err)
	}
	var r Reveal
	k := p.st.kind(c.turn)
	if c.turn != hops.NoSquare {
		r = Reveal{Turned: true, Square: c.turn, Kind: k, Captured: k == p.st.target(p.st.side)}
	}
	q := p
	q.st.apply(c, k)
	return q, r, nil
}

// Outcome says whether the game is over: a side that captured the King
// wins (B5), a side to move without a legal move loses (G6).
func (p Position) Outcome() hops.Outcome { return p.st.outcome() }

// Hash returns a Zobrist hash of the position; equal positions hash equal.
func (p Position) Hash() uint64 { return p.st.hash() }

// View returns what side s knows of the position (B4, B12): the faces of
// its own pawns and of the opposing pawns turned over, and everything
// public. It holds nothing more: the faces of the other pawns are not in
// the View value at all. The zero Position, no game, gives the zero
// View whichever the side.
func (p Position) View(s hops.Side) View {
	if p == (Position{}) {
		return View{}
	}
	v := View{st: p.st, viewer: s & 1}
	opp := s&1 ^ 1
	for b := p.st.pawns[opp] &^ p.st.revealed; b != 0; b &= b - 1 {
		v.st.sq[b.First()] = code(opp, Hidden)
	}
	return v
}

// Diagram draws the position for a person: pawns by letter (upper case
// White, lower case Red, '!' when turned over), Fous as F and f, then a
// status line.
func (p Position) Diagram() string { return p.st.diagram() }

func (st *state) diagram() string {
	d := bd.Diagram(func(s hops.Square) string {
		if side, ok := st.fouAt(s); ok {
			return "Ff"[side : side+1]
		}
		c, m := st.letter(s)
		if c == 0 {
			return ""
		}
		if m {
			return string([]byte{c, '!'})
		}
		return string(c)
	})
	if o := st.outcome(); o.Over {
		return d + engine.Status(o, "") + fmt.Sprintf("; White captured %d, Red captured %d\n", st.captured[White], st.captured[Red])
	}
	return d + st.status() + "\n"
}

// status says who is to move, whether he moves his Fou again, and the
// captured counts: the last line of a diagram, and a drawing's caption,
// of a game that goes on.
func (st *state) status() string {
	again := ""
	if st.plus {
		again = " (Fou again)"
	}
	return fmt.Sprintf("%s to move%s; White captured %d, Red captured %d", SideName(st.side), again, st.captured[White], st.captured[Red])
}
