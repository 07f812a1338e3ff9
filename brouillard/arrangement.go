package brouillard

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/charname"
	"github.com/hopsgames/hops/internal/engine"
)

// Arrangement is how a player sets up his seven pawns face down on his
// seven light home squares (B3): the kind on each square of HomeSquares,
// the back rank first (files B, D, F), then the second rank (files A, C,
// E, G). A valid arrangement has two blanks and each of the five figures
// once; there are 7!/2! = 2520 of them. The zero Arrangement is invalid.
type Arrangement [7]Kind

// NumArrangements is the number of valid arrangements.
const NumArrangements = 2520

var homeSquares = [2][7]hops.Square{
	{hops.SquareAt(1, 0), hops.SquareAt(3, 0), hops.SquareAt(5, 0), hops.SquareAt(0, 1), hops.SquareAt(2, 1), hops.SquareAt(4, 1), hops.SquareAt(6, 1)},
	{hops.SquareAt(1, 6), hops.SquareAt(3, 6), hops.SquareAt(5, 6), hops.SquareAt(0, 5), hops.SquareAt(2, 5), hops.SquareAt(4, 5), hops.SquareAt(6, 5)},
}

// HomeSquares returns the seven light squares where side s sets up its
// pawns, in the order of an Arrangement (B3): White B1 D1 F1 A2 C2 E2 G2,
// Red B7 D7 F7 A6 C6 E6 G6.
func HomeSquares(s hops.Side) [7]hops.Square { return homeSquares[s&1] }

// The arrangements of the rule book's example start (B11).
var (
	startWhite = Arrangement{Nine, Ten, Blank, Blank, Queen, Jack, King}
	startRed   = Arrangement{Blank, Nine, Ten, Jack, Queen, King, Blank}
)

// StartArrangement returns side s's arrangement in the example start of
// the rule book (B11).
func StartArrangement(s hops.Side) Arrangement {
	if s&1 == White {
		return startWhite
	}
	return startRed
}

// Validate returns nil for a valid arrangement (B2, B3), or an error of
// kind ErrPosition saying what is wrong.
func (a Arrangement) Validate() error {
	var n [8]int
	for i, k := range a {
		if k < Blank || k > King {
			return posErr("B3", fmt.Sprintf("arrangement, pawn %d", i+1), "%s is not a pawn face", k)
		}
		n[k]++
	}
	if n[Blank] != 2 {
		return posErr("B2", "arrangement", "%s, want 2", engine.Count(n[Blank], "blank"))
	}
	for k := Nine; k <= King; k++ {
		if n[k] != 1 {
			return posErr("B2", "arrangement", "%d pawns show the %s, want 1", n[k], k)
		}
	}
	return nil
}

// String returns the arrangement's text: the seven letters (X N T J Q K,
// '?' for an invalid kind) in the order of HomeSquares, such as
// "NTXXQJK" (White's in the example start).
func (a Arrangement) String() string {
	var b [7]byte
	for i, k := range a {
		b[i] = k.Letter()
		if b[i] == 0 || k == Hidden {
			b[i] = '?'
		}
	}
	return string(b[:])
}

// MarshalText returns the arrangement's text; the zero Arrangement (none
// chosen) gives the empty text. An arrangement built by hand that is no
// arrangement (B3: seven blanks, say) is refused with an error of kind
// ErrSyntax, as its text would not read back.
func (a Arrangement) MarshalText() ([]byte, error) {
	if a == (Arrangement{}) {
		return []byte{}, nil
	}
	return engine.Readable(a, []byte(a.String()), ParseArrangement, "B3", "arrangement")
}

// UnmarshalText reads an arrangement, as ParseArrangement; the empty
// text gives the zero Arrangement.
func (a *Arrangement) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(a, text, ParseArrangement)
}

// ParseArrangement reads an arrangement's text: seven letters among
// X N T J Q K, in either case, forming a valid arrangement, with white
// space around the text ignored as in the game's other texts.
func ParseArrangement(text string) (Arrangement, error) {
	var a Arrangement
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) != 7 {
		return a, syntaxErr("B3", "arrangement", "%s: want seven letters, one per home square", hops.Quote(text))
	}
	for i, j := 0, 0; i < 7; i++ {
		c := text[j]
		k := letterKind[c&127]
		if k == 0 || k == Hidden || c > 127 {
			name, _ := charname.At(text, j)
			return a, syntaxErr("B3", "arrangement", "%s: %s is not a pawn face (X N T J Q K)", hops.Quote(text), name)
		}
		a[i] = k
		j++
	}
	return a, a.Validate()
}

// Arrangements yields the 2520 valid arrangements in increasing order of
// their kinds (Blank < Nine < ... < King), square by square.
func Arrangements() iter.Seq[Arrangement] {
	return func(yield func(Arrangement) bool) {
		a := Arrangement{Blank, Blank, Nine, Ten, Jack, Queen, King}
		for {
			if !yield(a) {
				return
			}
			// Next permutation of the multiset in lexicographic order.
			i := len(a) - 2
			for i >= 0 && a[i] >= a[i+1] {
				i--
			}
			if i < 0 {
				return
			}
			j := len(a) - 1
			for a[j] <= a[i] {
				j--
			}
			a[i], a[j] = a[j], a[i]
			for l, r := i+1, len(a)-1; l < r; l, r = l+1, r-1 {
				a[l], a[r] = a[r], a[l]
			}
		}
	}
}

// RandomArrangement draws one of the 2520 arrangements uniformly with the
// caller's random source (the global one of math/rand/v2 when r is nil).
func RandomArrangement(r *rand.Rand) Arrangement {
	a := Arrangement{Blank, Blank, Nine, Ten, Jack, Queen, King}
	for i := len(a) - 1; i > 0; i-- {
		j := intN(r, i+1)
		a[i], a[j] = a[j], a[i]
	}
	return a
}

// NewPosition sets up a game (B3): White's and Red's pawns as arranged, the
// Fous on D2 and D6, White to move.
func NewPosition(white, red Arrangement) (Position, error) {
	return NewPositionWith(white, red, White)
}

// NewPositionWith sets up a game as NewPosition, with the given side to move
// first (G8).
func NewPositionWith(white, red Arrangement, first hops.Side) (Position, error) {
	if err := engine.CheckSide("first", first, SideName); err != nil {
		return Position{}, err
	}
	var p Position
	for s, a := range [2]Arrangement{white, red} {
		if err := a.Validate(); err != nil {
			return Position{}, err.(*hops.Error).In(SideName(hops.Side(s)))
		}
		for i, k := range a {
			sq := homeSquares[s][i]
			p.st.sq[sq] = code(hops.Side(s), k)
			p.st.pawns[s] |= sq.Bit()
		}
	}
	p.st.fou = [2]hops.Square{hops.SquareAt(3, 1), hops.SquareAt(3, 5)}
	p.st.side = first & 1
	return p, nil
}

// Start returns the example start of the rule book (B11),
// "1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -", White to move.
func Start() Position { return StartWith(White) }

// StartWith returns the example start with the given side to move first
// (G8). It cannot refuse a side, so it reads first's lowest bit, as
// hops.Side says.
func StartWith(first hops.Side) Position {
	p, _ := NewPositionWith(startWhite, startRed, first&1)
	return p
}
