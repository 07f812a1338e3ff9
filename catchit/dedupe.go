package catchit

import (
	"math/bits"
	"sync"

	"github.com/hopsgames/hops"
)

// A turn only moves the mover's pawns (nothing is captured), so the
// successor of a turn is known from the mover's pawns and the ball.
// Let the first displacement take the pawn on A to E and the second the
// pawn on B to F. The mover's pawns afterwards are the ones before,
// minus A and B, plus E and F, except when F is A (the second pawn
// steps into the square the first left): then they are the ones before
// minus B plus E. So a successor falls in exactly one of these classes,
// each a small direct-address table instead of a hash set:
//
//   - two pawns moved off their squares: identified by the pair {A, B}
//     and the set {E, F}, and by where the ball ends: on one of the two
//     (the pair (ball square, other square)) or where it was;
//   - one pawn moved off its square: identified by B, E and the ball
//     square;
//   - a first displacement that wins: by its pawn A;
//   - a second displacement that wins: by {A, B} and E.
//
// Different keys in these tables are different successors, and equal
// keys equal successors (G9), so the tables count exactly.
type dedupe struct {
	two     [maxPairs][2][64]hops.Bitboard // [pair][0]: ball unmoved, row min(E,F), bit max(E,F); [1]: ball on the pair, row its square, bit the other
	twoRows [maxPairs][2]hops.Bitboard
	one     [7][64]hops.Bitboard // [second pawn][E]: ball squares
	oneRows [7]hops.Bitboard
	exit1   uint8                   // first pawns that won alone
	exit2   [maxPairs]hops.Bitboard // squares where the first pawn stands when the second wins
	pairs   uint32                  // pairs with a row or an exit in use
	ones    uint8                   // second pawns with a row in use
	n       int                     // successors recorded by addAll, addExit1 and addExit2

	// The outcomes of the pawns' displacements, working memory of
	// generate kept with the tables so that it is not cleared per call.
	base  [7]outcomes
	fresh outcomes
}

const maxPairs = 21

// pairIndex numbers the unordered pairs of two different pawns out of 7.
var pairIndex = func() (t [8][8]uint8) {
	n := uint8(0)
	for i := range 7 {
		for j := i + 1; j < 7; j++ {
			t[i][j], t[j][i] = n, n
			n++
		}
	}
	return t
}()

var dedupes = sync.Pool{New: func() any { return new(dedupe) }}

// release empties the tables (only the rows in use) and returns them to
// the pool.
func (d *dedupe) release() {
	for ps := d.pairs; ps != 0; ps &= ps - 1 {
		p := trailing(ps)
		for k := range 2 {
			for r := d.twoRows[p][k]; r != 0; r &= r - 1 {
				d.two[p][k][r.First()] = 0
			}
			d.twoRows[p][k] = 0
		}
		d.exit2[p] = 0
	}
	for os := d.ones; os != 0; os &= os - 1 {
		j := trailing(uint32(os))
		for r := d.oneRows[j]; r != 0; r &= r - 1 {
			d.one[j][r.First()] = 0
		}
		d.oneRows[j] = 0
	}
	d.pairs, d.ones, d.exit1, d.n = 0, 0, 0, 0
	dedupes.Put(d)
}

func trailing(x uint32) int { return bits.TrailingZeros32(x) }

// set adds bit to row r of a table and reports whether it was new.
func set(row *hops.Bitboard, rows *hops.Bitboard, r hops.Square, bit hops.Bitboard) bool {
	if *row&bit != 0 {
		return false
	}
	*row |= bit
	*rows |= r.Bit()
	return true
}

// add records the turn "pawn i from a to e, then pawn j from b to f"
// with the ball ending on ball, and reports whether its successor is new.
func (d *dedupe) add(i, j int, a, e, f, ball hops.Square) bool {
	if f == a {
		d.ones |= 1 << uint(j)
		return set(&d.one[j][e], &d.oneRows[j], e, ball.Bit())
	}
	p := pairIndex[i][j]
	d.pairs |= 1 << p
	switch {
	case ball == e:
		return set(&d.two[p][1][e], &d.twoRows[p][1], e, f.Bit())
	case ball == f:
		return set(&d.two[p][1][f], &d.twoRows[p][1], f, e.Bit())
	case e < f:
		return set(&d.two[p][0][e], &d.twoRows[p][0], e, f.Bit())
	}
	return set(&d.two[p][0][f], &d.twoRows[p][0], f, e.Bit())
}

// addExit1 records that pawn i wins by its first displacement.
func (d *dedupe) addExit1(i int) bool {
	if d.exit1&(1<<uint(i)) != 0 {
		return false
	}
	d.exit1 |= 1 << uint(i)
	d.n++
	return true
}

// addExit2 records that pawn j wins after pawn i went to e.
func (d *dedupe) addExit2(i, j int, e hops.Square) bool {
	p := pairIndex[i][j]
	if d.exit2[p].Has(e) {
		return false
	}
	d.pairs |= 1 << p
	d.exit2[p] |= e.Bit()
	d.n++
	return true
}

// addAll records, for counting only, every second displacement of pawn
// j (from b) to a square of ends after pawn i went from a to e; ball is
// where the ball stands after the first displacement and second tells
// whether the second displacement moves it (then it ends on the second
// pawn). Whole rows are merged where the table's layout allows. The
// successors not recorded before are added to n.
func (d *dedupe) addAll(i, j int, a, e, ball hops.Square, ends hops.Bitboard, second bool) {
	a, e, ball = a&63, e&63, ball&63 // squares of the board: no bound checks below
	if ab := hops.Bitboard(bit(a)); ends&ab != 0 {
		ends &^= ab
		b := ball
		if second {
			b = a
		}
		d.ones |= 1 << uint(j&7)
		row := &d.one[j&7][e]
		d.n += bits.OnesCount64(bit(b) &^ uint64(*row))
		*row |= hops.Bitboard(bit(b))
		d.oneRows[j&7] |= hops.Bitboard(bit(e))
	}
	if ends == 0 {
		return
	}
	p := pairIndex[i&7][j&7] % maxPairs
	d.pairs |= 1 << p
	eb := hops.Bitboard(bit(e))
	switch {
	case !second && ball == e:
		row := &d.two[p][1][e]
		d.n += bits.OnesCount64(uint64(ends &^ *row))
		*row |= ends
		d.twoRows[p][1] |= eb
	case !second:
		if hi := ends &^ (eb<<1 - 1); hi != 0 {
			row := &d.two[p][0][e]
			d.n += bits.OnesCount64(uint64(hi &^ *row))
			*row |= hi
			d.twoRows[p][0] |= eb
		}
		lo := ends & (eb - 1)
		d.twoRows[p][0] |= lo
		tab := &d.two[p][0]
		for ; lo != 0; lo &= lo - 1 {
			row := &tab[bits.TrailingZeros64(uint64(lo))&63]
			d.n += int(*row>>uint(e)&1 ^ 1)
			*row |= eb
		}
	default:
		d.twoRows[p][1] |= ends
		tab := &d.two[p][1]
		for ; ends != 0; ends &= ends - 1 {
			row := &tab[bits.TrailingZeros64(uint64(ends))&63]
			d.n += int(*row>>uint(e)&1 ^ 1)
			*row |= eb
		}
	}
}

// The three ways countMoves adds second displacements, each the case of
// addAll it uses, for the pair p of the first pawn (gone from a to e)
// and the second pawn j. The caller marks p in pairs.

// addAfterBall adds the plain second displacements to ends when the
// first displacement moved the ball, which stays on e.
func (d *dedupe) addAfterBall(p uint8, j int, a, e hops.Square, ends uint64) {
	a, e, j, p = a&63, e&63, j&7, p%maxPairs
	if ab := bit(a); ends&ab != 0 {
		ends &^= ab
		d.addOne(j, e, e)
	}
	row := &d.two[p][1][e]
	d.n += bits.OnesCount64(ends &^ uint64(*row))
	*row |= hops.Bitboard(ends)
	d.twoRows[p][1] |= hops.Bitboard(bit(e))
}

// addBallSecond adds the second displacements to ends that move the
// ball, which then ends on the second pawn.
func (d *dedupe) addBallSecond(p uint8, j int, a, e hops.Square, ends uint64) {
	a, e, j, p = a&63, e&63, j&7, p%maxPairs
	if ab := bit(a); ends&ab != 0 {
		ends &^= ab
		d.addOne(j, e, a)
	}
	eb := hops.Bitboard(bit(e))
	d.twoRows[p][1] |= hops.Bitboard(ends)
	tab := &d.two[p][1]
	for ; ends != 0; ends &= ends - 1 {
		row := &tab[bits.TrailingZeros64(ends)&63]
		d.n += int(*row>>uint(e)&1 ^ 1)
		*row |= eb
	}
}

// addPlain adds the plain second displacements to ends when neither
// displacement moves the ball, which stays on ball.
func (d *dedupe) addPlain(p uint8, j int, a, e, ball hops.Square, ends uint64) {
	a, e, p = a&63, e&63, p%maxPairs
	if ab := bit(a); ends&ab != 0 {
		ends &^= ab
		d.addOne(j, e, ball)
	}
	eb := bit(e)
	if hi := ends &^ (eb<<1 - 1); hi != 0 {
		row := &d.two[p][0][e]
		d.n += bits.OnesCount64(hi &^ uint64(*row))
		*row |= hops.Bitboard(hi)
		d.twoRows[p][0] |= hops.Bitboard(eb)
	}
	lo := ends & (eb - 1)
	d.twoRows[p][0] |= hops.Bitboard(lo)
	tab := &d.two[p][0]
	for ; lo != 0; lo &= lo - 1 {
		row := &tab[bits.TrailingZeros64(lo)&63]
		d.n += int(*row>>uint(e)&1 ^ 1)
		*row |= hops.Bitboard(eb)
	}
}

// addOne records that pawn j went to the square the first pawn left,
// the first pawn being on e and the ball on ball.
func (d *dedupe) addOne(j int, e, ball hops.Square) {
	j, e = j&7, e&63
	d.ones |= 1 << uint(j)
	row := &d.one[j][e]
	d.n += int(uint64(*row)>>(uint(ball)&63)&1 ^ 1)
	*row |= hops.Bitboard(bit(ball))
	d.oneRows[j] |= hops.Bitboard(bit(e))
}

// count returns the number of successors recorded.
func (d *dedupe) count() int {
	n := bits.OnesCount8(d.exit1)
	for ps := d.pairs; ps != 0; ps &= ps - 1 {
		p := trailing(ps)
		for k := range 2 {
			for r := d.twoRows[p][k]; r != 0; r &= r - 1 {
				n += d.two[p][k][r.First()].Count()
			}
		}
		n += d.exit2[p].Count()
	}
	for os := d.ones; os != 0; os &= os - 1 {
		j := trailing(uint32(os))
		for r := d.oneRows[j]; r != 0; r &= r - 1 {
			n += d.one[j][r.First()].Count()
		}
	}
	return n
}
