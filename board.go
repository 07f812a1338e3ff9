package hops

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hopsgames/hops/internal/charname"
)

// Square is one square of a board (G1). Squares are numbered rank*8+file,
// with files and ranks counted from 0, whatever the board's size: the same
// Square value means the same place on the 6×6 and the 7×7 board, and a
// board fits in the 64 bits of a Bitboard with at least one unused column
// to the right, which keeps bitboard shifts from wrapping around an edge.
type Square int8

// NoSquare is the zero-information square: the result of a step off the
// board, or "none" in a field that may be empty.
const NoSquare Square = -1

// Outside stands for the landing beyond a board's edge (Catch'it's exit,
// written "out"). It is never on a board and has no bit in a Bitboard.
const Outside Square = 64

// maxSize is the side length of the largest board (7×7).
const maxSize = 7

// SquareAt returns the square on the given file and rank (both from 0).
// It does not check that they lie on a particular board.
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 for A.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s) >> 3 }

// Bit returns the bitboard that holds just this square. NoSquare and
// Outside give the empty bitboard.
func (s Square) Bit() Bitboard {
	return 1 << uint8(s) // a shift by 64 or more (NoSquare, Outside) gives 0
}

// String returns the square's name, such as "D4" (G1), or "out" for
// Outside and "-" for NoSquare; a value that is none of these, which no
// function of the library returns, is written as "Square(99)".
func (s Square) String() string {
	if s >= 0 && s < Outside {
		return string([]byte{byte('A' + s.File()), byte('1' + s.Rank())})
	}
	return string(s.AppendTo(nil))
}

// AppendTo appends the square's name (see String) to b.
func (s Square) AppendTo(b []byte) []byte {
	switch {
	case s == Outside:
		return append(b, "out"...)
	case s == NoSquare:
		return append(b, '-')
	case s < 0 || s > Outside:
		return append(strconv.AppendInt(append(b, "Square("...), int64(s), 10), ')')
	}
	return append(b, byte('A'+s.File()), byte('1'+s.Rank()))
}

// Dir is one of the eight directions of G2, numbered clockwise from north
// (towards higher ranks): N, NE, E, SE, S, SW, W, NW.
type Dir int8

// The eight directions.
const (
	North Dir = iota
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

var dirNames = [8]string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// dirDelta holds (file, rank) offsets, and dirShift the matching change of
// square index.
var (
	dirDelta = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
	dirShift = [8]int{8, 9, 1, -7, -8, -9, -1, 7}
)

// String returns the direction's compass name, such as "NE".
func (d Dir) String() string {
	if d < 0 || d > 7 {
		return fmt.Sprintf("Dir(%d)", int8(d))
	}
	return dirNames[d]
}

// delta returns the file and rank offsets of one step in the direction.
func (d Dir) delta() (file, rank int) { return dirDelta[d&7][0], dirDelta[d&7][1] }

// Opposite returns the direction pointing the other way.
func (d Dir) Opposite() Dir { return (d + 4) & 7 }

// Diagonal reports whether the direction is one of the four diagonals.
func (d Dir) Diagonal() bool { return d&1 == 1 }

// DirSet is a set of directions, bit d for direction d.
type DirSet uint8

// The direction sets the games use.
const (
	AllDirs        DirSet = 0xFF
	OrthogonalDirs DirSet = 0x55
	DiagonalDirs   DirSet = 0xAA
)

// Has reports whether d is in the set; a value that is no direction (not
// 0 to 7) is in none.
func (s DirSet) Has(d Dir) bool { return uint8(d) < 8 && s&(1<<uint8(d)) != 0 }

// String lists the set's directions clockwise from North, such as
// "{N E S W}".
func (s DirSet) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for d := Dir(0); d < 8; d++ {
		if s.Has(d) {
			if b.Len() > 1 {
				b.WriteByte(' ')
			}
			b.WriteString(d.String())
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Bitboard is a set of squares, bit s for Square s.
type Bitboard uint64

// Has reports whether the square is in the set.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// With returns the set with s added.
func (b Bitboard) With(s Square) Bitboard { return b | s.Bit() }

// Without returns the set with s removed.
func (b Bitboard) Without(s Square) Bitboard { return b &^ s.Bit() }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of the set, or NoSquare if it is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Squares yields the squares of the set from the lowest (A1) upwards.
func (b Bitboard) Squares() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		// A copy of its own, so that the sequence can be ranged over
		// again, and from several goroutines at once.
		for b := b; b != 0; {
			s := Square(bits.TrailingZeros64(uint64(b)))
			b &= b - 1
			if !yield(s) {
				return
			}
		}
	}
}

// String lists the set's squares, such as "{A1 C3}".
func (b Bitboard) String() string {
	out := []byte{'{'}
	for s := range b.Squares() {
		if len(out) > 1 {
			out = append(out, ' ')
		}
		out = s.AppendTo(out)
	}
	return string(append(out, '}'))
}

// Board is the geometry of an N×N board: which squares exist, their
// neighbours and jump targets in each direction, and bitboard shifts.
// The two boards are the package values Board6 and Board7; a Board is
// read-only and safe to share.
type Board struct {
	size        int
	all         Bitboard
	light, dark Bitboard
	step        [64][8]Square // neighbour in each direction, or NoSquare
	jump        [64][8]Square // square two steps away, or NoSquare
	// the same squares as sets, empty off the board, so that the jump
	// search tests a direction with two masks
	stepSet, jumpSet [64][8]Bitboard
	rank             [maxSize]Bitboard
	file             [maxSize]Bitboard
}

// The two boards of the series: 6×6 (Coir Circuit) and 7×7 (the others).
var (
	Board6 = newBoard(6)
	Board7 = newBoard(7)
)

func newBoard(n int) *Board {
	b := &Board{size: n}
	for s := range b.step {
		for d := range b.step[s] {
			b.step[s][d], b.jump[s][d] = NoSquare, NoSquare
		}
	}
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			s := SquareAt(f, r)
			b.all |= s.Bit()
			b.rank[r] |= s.Bit()
			b.file[f] |= s.Bit()
			if (f+r)%2 == 0 {
				b.dark |= s.Bit()
			} else {
				b.light |= s.Bit()
			}
			for d := Dir(0); d < 8; d++ {
				df, dr := d.delta()
				if b.inside(f+df, r+dr) {
					b.step[s][d] = SquareAt(f+df, r+dr)
					b.stepSet[s][d] = b.step[s][d].Bit()
				}
				if b.inside(f+2*df, r+2*dr) {
					b.jump[s][d] = SquareAt(f+2*df, r+2*dr)
					b.jumpSet[s][d] = b.jump[s][d].Bit()
				}
			}
		}
	}
	return b
}

func (b *Board) inside(f, r int) bool { return f >= 0 && r >= 0 && f < b.size && r < b.size }

// Size returns N for an N×N board.
func (b *Board) Size() int { return b.size }

// String names the board by its size, such as "7x7 board".
func (b *Board) String() string {
	if b == nil {
		return "no board"
	}
	return fmt.Sprintf("%dx%d board", b.size, b.size)
}

// All returns the set of the board's squares.
func (b *Board) All() Bitboard { return b.all }

// Contains reports whether the square is on the board.
func (b *Board) Contains(s Square) bool { return b.all.Has(s) }

// OffBoard returns the index in p of its first square that is not on the
// board (NoSquare, Outside, or a square of a larger board), or -1 when
// every square is on it: the check of G1 that a game makes on a move
// built by hand before reading its squares.
func (b *Board) OffBoard(p Path) int {
	for i := range p.Len() {
		if !b.all.Has(p.sq[i]) {
			return i
		}
	}
	return -1
}

// Dark returns the dark squares: (file + rank) even, A1 dark (B1).
func (b *Board) Dark() Bitboard { return b.dark }

// Light returns the light squares, those that are not dark (B1).
func (b *Board) Light() Bitboard { return b.light }

// RankSquares returns the squares of rank r (0 for rank 1), or the empty
// set when r is off the board.
func (b *Board) RankSquares(r int) Bitboard {
	if r < 0 || r >= b.size {
		return 0
	}
	return b.rank[r]
}

// Step returns the neighbour of s in direction d (G2), or NoSquare when
// it is off the board or s is not on it.
func (b *Board) Step(s Square, d Dir) Square {
	if !b.Contains(s) {
		return NoSquare
	}
	return b.step[s][d&7]
}

// JumpTarget returns the square two steps from s in direction d, where a
// jump over Step(s, d) lands (G4), or NoSquare when it is off the board.
func (b *Board) JumpTarget(s Square, d Dir) Square {
	if !b.Contains(s) {
		return NoSquare
	}
	return b.jump[s][d&7]
}

// Neighbours returns the squares adjacent to s (G2).
func (b *Board) Neighbours(s Square) Bitboard {
	var n Bitboard
	if b.Contains(s) {
		for _, t := range b.step[s] {
			n |= t.Bit()
		}
	}
	return n
}

// Direction returns the direction that leads from a to b in a straight
// line (orthogonal or diagonal) and the number of steps, or ok = false
// when the two squares are equal or not aligned, or when either is no
// square of a board (NoSquare, Outside).
func Direction(a, b Square) (d Dir, dist int, ok bool) {
	if a < 0 || a >= Outside || b < 0 || b >= Outside {
		return 0, 0, false
	}
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df == 0 && dr == 0 {
		return 0, 0, false
	}
	ad, ar := abs(df), abs(dr)
	if df != 0 && dr != 0 && ad != ar {
		return 0, 0, false
	}
	dist = max(ad, ar)
	for d := Dir(0); d < 8; d++ {
		if dirDelta[d][0]*dist == df && dirDelta[d][1]*dist == dr {
			return d, dist, true
		}
	}
	return 0, 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Shift moves every square of the set one step in direction d; squares
// that would leave the board are dropped, and so are those the set holds
// beyond the board's edge (which the shift would carry round onto it).
func (b *Board) Shift(set Bitboard, d Dir) Bitboard {
	set &= b.all
	k := dirShift[d&7]
	if k > 0 {
		return (set << uint(k)) & b.all
	}
	return (set >> uint(-k)) & b.all
}

// ParseSquare reads a square name such as "D4" or "d4" (G1) on this
// board; white space around it is ignored. The error says what is wrong
// with the text, naming a wrong character as the character it is.
func (b *Board) ParseSquare(text string) (Square, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return NoSquare, syntaxErrorf("G1", "", "empty square name")
	}
	r0, n0 := utf8.DecodeRuneInString(text)
	r1, n1 := utf8.DecodeRuneInString(text[n0:])
	if n1 == 0 || n0+n1 != len(text) {
		return NoSquare, syntaxErrorf("G1", "", "square %s: want a file letter and a rank digit", Quote(text))
	}
	c := r0 | 0x20
	if c < 'a' || c > 'z' {
		return NoSquare, syntaxErrorf("G1", "", "square %s: %s is not a file letter", Quote(text), charname.Of(r0))
	}
	if r1 < '0' || r1 > '9' {
		if int(c)-'a' >= b.size {
			// Both characters are wrong ("ta" of "take"): the first is
			// the one to name, as the reader reads it first.
			return NoSquare, syntaxErrorf("G1", "", "square %s: %s is not a file of the %dx%d board (A..%c)",
				Quote(text), charname.Of(r0), b.size, b.size, 'A'+b.size-1)
		}
		return NoSquare, syntaxErrorf("G1", "", "square %s: %s is not a rank digit", Quote(text), charname.Of(r1))
	}
	f, r := int(c)-'a', int(r1)-'1'
	if f >= b.size || r < 0 || r >= b.size {
		return NoSquare, syntaxErrorf("G1", "", "square %s is off the %dx%d board (A1..%c%d)",
			Quote(text), b.size, b.size, 'A'+b.size-1, b.size)
	}
	return SquareAt(f, r), nil
}

// Diagram draws a board as text, the top rank first, with rank numbers on
// the left and file letters below: cell returns what stands on a square
// ("" for an empty one, drawn as "."). Cells are padded to the widest.
// A nil cell draws the empty board; a nil Board draws nothing.
func (b *Board) Diagram(cell func(s Square) string) string {
	if b == nil {
		return ""
	}
	if cell == nil {
		cell = func(Square) string { return "" }
	}
	w := 1
	for s := range b.all.Squares() {
		w = max(w, len(cell(s)))
	}
	var out []byte
	for r := b.size - 1; r >= 0; r-- {
		out = append(out, byte('1'+r))
		for f := 0; f < b.size; f++ {
			c := cell(SquareAt(f, r))
			if c == "" {
				c = "."
			}
			out = append(out, ' ')
			out = append(out, c...)
			for i := len(c); i < w; i++ {
				out = append(out, ' ')
			}
		}
		for len(out) > 0 && out[len(out)-1] == ' ' {
			out = out[:len(out)-1]
		}
		out = append(out, '\n')
	}
	out = append(out, ' ')
	for f := 0; f < b.size; f++ {
		out = append(out, ' ', byte('A'+f))
		for i := 1; i < w; i++ {
			out = append(out, ' ')
		}
	}
	for len(out) > 0 && out[len(out)-1] == ' ' {
		out = out[:len(out)-1]
	}
	return string(append(out, '\n'))
}

// MirrorFiles returns the square's image in the board's vertical axis
// (A <-> the last file), for symmetry tests and opening books. A square
// off the board (NoSquare, Outside ...) is returned as it is, as a path's
// Map keeps it, so that it never becomes a square of the board.
func (b *Board) MirrorFiles(s Square) Square {
	if !b.Contains(s) {
		return s
	}
	return SquareAt(b.size-1-s.File(), s.Rank())
}

// MirrorRanks returns the square's image in the board's horizontal axis
// (rank 1 <-> the last rank); a square off the board as it is.
func (b *Board) MirrorRanks(s Square) Square {
	if !b.Contains(s) {
		return s
	}
	return SquareAt(s.File(), b.size-1-s.Rank())
}

// Rotate180 returns the square's image under a half turn of the board; a
// square off the board as it is.
func (b *Board) Rotate180(s Square) Square {
	if !b.Contains(s) {
		return s
	}
	return SquareAt(b.size-1-s.File(), b.size-1-s.Rank())
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (s Square) AppendText(b []byte) ([]byte, error) { return appendMarshaled(b, s.MarshalText) }
