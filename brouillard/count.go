package brouillard

import (
	"github.com/hopsgames/hops"
)

// Counting. Perft counts the last ply with CountMoves, so counting the
// decisions must not build them: it works on whole sets of squares with
// shifts of the board's bitboard (8 bits a rank, the eighth file and rank
// off the board), and counts exactly what generate yields (tests compare
// the two on random positions).

var (
	onBoard = hops.Board7.All()
	// pawnSteps[s]: the diagonal neighbours of s, where a pawn steps (B6).
	pawnSteps = fouSteps
)

// jumpStep[i] is the step of direction i in the order N, E, S, W of
// fouFill.by, on squares numbered 8 a rank.
var jumpStep = [4]hops.Square{8, 1, -8, -1}

// The four orthogonal shifts of a set, squares leaving the board dropped.
func north(b hops.Bitboard) hops.Bitboard { return b << 8 & onBoard }
func south(b hops.Bitboard) hops.Bitboard { return b >> 8 }
func east(b hops.Bitboard) hops.Bitboard  { return b << 1 & onBoard }
func west(b hops.Bitboard) hops.Bitboard  { return b >> 1 & onBoard }

// fouFill is the flood fill of a Fou's jumps (B7) on one board, kept as
// sets: the squares reached (the Fou's own included), the squares at
// most k jumps away for each k, and for each direction the squares first
// reached by a jump in that direction from a square one jump nearer to
// the Fou (the jump's middle square holds a pawn). multi holds the
// squares first reached that way from two directions or more.
type fouFill struct {
	reach  hops.Bitboard
	within [16]hops.Bitboard // within[k]: at most k jumps away
	by     [4]hops.Bitboard  // N, E, S, W
	multi  hops.Bitboard
}

// jumpsFrom returns the squares one orthogonal jump from a square of
// front, over a pawn of occ (landing not checked).
func jumpsFrom(front, occ hops.Bitboard) hops.Bitboard {
	return north(north(front)&occ) | east(east(front)&occ) | south(south(front)&occ) | west(west(front)&occ)
}

// fill floods the jumps of the Fou on f among the pawns occ, the other
// Fou standing on other. A Fou's jumps reach at most 16 squares (one of
// the two sets of dark squares a jump keeps to), so 16 levels suffice.
func (ff *fouFill) fill(f, other hops.Square, occ hops.Bitboard) {
	seen := f.Bit()
	land := dark &^ other.Bit() &^ seen
	front := seen
	var by0, by1, by2, by3, multi hops.Bitboard
	k := 0
	ff.within[0] = seen
	for front != 0 && k < len(ff.within)-1 {
		n := north(north(front)&occ) & land
		e := east(east(front)&occ) & land
		s := south(south(front)&occ) & land
		w := west(west(front)&occ) & land
		by0 |= n
		by1 |= e
		by2 |= s
		by3 |= w
		multi |= n&(e|s|w) | e&(s|w) | s&w
		front = n | e | s | w
		land &^= front
		seen |= front
		k++
		ff.within[k] = seen
	}
	ff.reach = seen
	ff.by = [4]hops.Bitboard{by0, by1, by2, by3}
	ff.multi = multi
}

// around reports whether the Fou reaches before without landing on e,
// where e is before's only neighbour nearer to the Fou. The jumps between
// reached squares go both ways, so it searches from before, avoiding e:
// a square m other than e no farther than e has a shortest path that
// avoids e (its squares are nearer than e), so meeting one closes a path
// from the Fou to before that avoids e.
func (ff *fouFill) around(before, e hops.Square, occ hops.Bitboard) bool {
	k := 0
	for !ff.within[k].Has(e) {
		k++
	}
	goal := ff.within[k] &^ e.Bit()
	land := ff.reach &^ e.Bit() &^ before.Bit()
	front := before.Bit()
	for front != 0 {
		front = jumpsFrom(front, occ) & land
		if front&goal != 0 {
			return true
		}
		land &^= front
	}
	return false
}

// jumpMoves counts the Fou's jump moves on the board of ff: one per end
// square, and one per end and turnable pawn next to it that the Fou can
// jump last to reach that end (B8). It decides as fouJumps and route do.
//
// The jump graph on the dark squares is bipartite (a jump changes one of
// file/2 and rank/2 by one), so the square before, beyond the pawn o
// next to the end e, is one jump nearer to the Fou than e or one jump
// farther. Nearer (before first reached before e): a shortest path to
// before avoids e, and e is in by[d], d the direction of the last jump.
// Farther: e is one of before's nearest neighbours; another one (before
// in multi) gives a path to before that avoids e; if e is the only one,
// a search from before tells (see around).
func (ff *fouFill) jumpMoves(f hops.Square, occ, turnable hops.Bitboard) int {
	r := ff.reach
	ends := r &^ f.Bit()
	n := ends.Count()
	// cand: the ends with a turnable pawn on the side the last jump comes
	// from and a reached square beyond it.
	t := turnable & (north(r) | east(r) | south(r) | west(r))
	if t == 0 {
		return n
	}
	c0 := ends & north(t) & north(north(r))
	c1 := ends & east(t) & east(east(r))
	c2 := ends & south(t) & south(south(r))
	c3 := ends & west(t) & west(west(r))
	m := ff.multi
	n0 := c0 & (ff.by[0] | north(north(m)))
	n1 := c1 & (ff.by[1] | east(east(m)))
	n2 := c2 & (ff.by[2] | south(south(m)))
	n3 := c3 & (ff.by[3] | west(west(m)))
	n += n0.Count() + n1.Count() + n2.Count() + n3.Count()
	for i, rest := range [4]hops.Bitboard{c0 &^ n0, c1 &^ n1, c2 &^ n2, c3 &^ n3} {
		for ; rest != 0; rest &= rest - 1 {
			e := rest.First()
			if ff.around(e-2*jumpStep[i], e, occ) {
				n++
			}
		}
	}
	return n
}

// pawnJumpEnds returns the squares where the pawn on from can end a
// multi-jump (B6) among the pawns occ, which hold it.
func pawnJumpEnds(from hops.Square, occ hops.Bitboard) hops.Bitboard {
	over := occ &^ from.Bit()
	seen := from.Bit()
	land := light &^ occ
	front := seen
	for front != 0 {
		ne := (front << 9 & over) << 9
		nw := (front << 7 & over) << 7
		se := (front >> 7 & over) >> 7
		sw := (front >> 9 & over) >> 9
		front = (ne | nw | se | sw) & land
		land &^= front
		seen |= front
	}
	return seen &^ from.Bit()
}

// count returns the number of legal decisions, as generate yields them.
func (st *state) count() int {
	if !st.sane() || st.over() {
		return 0
	}
	me := st.side
	f, other := st.fou[me], st.fou[me^1]
	occ := st.pawns[0] | st.pawns[1]
	turnable := st.turnable()
	steps := (fouSteps[f] &^ other.Bit()).Count()
	var ff fouFill
	ff.fill(f, other, occ)
	base := steps + ff.jumpMoves(f, occ, turnable)
	if st.plus {
		return base
	}
	n := base
	// A pawn move that neither leaves nor enters a square next to one the
	// Fou reaches changes none of its moves (see generate).
	r := ff.reach
	near := north(r) | east(r) | south(r) | west(r)
	for b := st.pawns[me]; b != 0; b &= b - 1 {
		from := b.First()
		rest := occ &^ from.Bit()
		tos := pawnSteps[from]&^occ | pawnJumpEnds(from, occ)
		if !near.Has(from) {
			n += base * (tos &^ near).Count()
			tos &= near
		}
		for ; tos != 0; tos &= tos - 1 {
			o := rest | tos.First().Bit()
			ff.fill(f, other, o)
			n += steps + ff.jumpMoves(f, o, turnable)
		}
	}
	return n
}

// follow checks a written multi-jump path quickly: each hop a jump of
// two squares, orthogonal (a Fou) or diagonal (a pawn), over a square of
// over, onto a square of land never landed on before, the start
// included (G4, G5). It returns the end and the square jumped last, or
// ok = false at the first fault, which the shared jump rules then name.
func follow(p hops.Path, diagonal bool, over, land hops.Bitboard) (end, last hops.Square, ok bool) {
	a := p.From()
	visited := a.Bit()
	if !onBoard.Has(a) {
		return a, hops.NoSquare, false
	}
	for i := 1; i < p.Len(); i++ {
		b := p.At(i)
		if !land.Has(b) || visited.Has(b) {
			return a, hops.NoSquare, false
		}
		df, dr := b&7-a&7, b>>3-a>>3
		if diagonal {
			if (df != 2 && df != -2) || (dr != 2 && dr != -2) {
				return a, hops.NoSquare, false
			}
		} else if !(df == 0 && (dr == 2 || dr == -2) || dr == 0 && (df == 2 || df == -2)) {
			return a, hops.NoSquare, false
		}
		last = a + (b-a)/2
		if !over.Has(last) {
			return a, hops.NoSquare, false
		}
		visited |= b.Bit()
		a = b
	}
	return a, last, p.Len() > 1
}
