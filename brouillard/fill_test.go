package brouillard

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
	"pgregory.net/rapid"
)

// The generator finds the Fou's jumps with flood fills. fouJumpsSearch
// finds them by walking every jump path with the shared search, and
// picks the same written forms; the test below checks that both agree.

// fouJumpsSearch finds the Fou's jump moves on a board whose pawns are occ.
// The shared jump search gives every end square and, for each, which
// turnable pawns can be the last one jumped (B8). Their paths come from
// flood fills: the shortest path to the end, and for turning over the
// pawn o next to the end e, the shortest path to the square beyond o
// that avoids e, followed by the marked jump over o.
func (st *state) fouJumpsSearch(fj *fouJumps, occ, turnable hops.Bitboard) {
	me := st.side
	f := st.fou[me]
	r := fouRules(occ, f, st.fou[me^1])
	fj.ends, fj.n = 0, 0
	var s hops.JumpSearch
	s.Reset(&r, f)
	for s.Next() {
		e := s.End()
		var fe *fouEnd
		if !fj.ends.Has(e) {
			if fj.n == len(fj.rec) {
				continue // cannot happen: see the size of rec
			}
			fj.ends |= e.Bit()
			fj.slot[e] = uint8(fj.n)
			fe = &fj.rec[fj.n]
			fj.n++
			fe.have = 0
		} else {
			fe = &fj.rec[fj.slot[e]]
		}
		if o := s.LastOver(); turnable.Has(o) {
			fe.have |= 1 << turnSlot(e, o)
		}
	}
	fj.reach = fj.ends | f.Bit()
	rc := r.Reach(f)
	for ends := fj.ends; ends != 0; ends &= ends - 1 {
		e := ends.First()
		fe := &fj.rec[fj.slot[e]]
		fe.plain = rc.Path(&r, e)
		if fe.have == 0 {
			continue
		}
		avoid := r
		avoid.Land &^= e.Bit()
		rcAvoid := avoid.Reach(f)
		for i := 0; i < 4; i++ {
			if fe.have&(1<<i) == 0 {
				continue
			}
			before := e + 2*slotOffset[i] // the square the last jump starts from
			var q hops.Path
			if before == f {
				q.Push(f, false)
			} else {
				q = rcAvoid.Path(&avoid, before)
			}
			q.Push(e, true)
			fe.turn[i] = q
		}
	}
}

// TestFouJumpsFillMatchesSearch checks the flood fills of fouJumps
// against the enumeration of every jump path (B7, B8, G5, G9): the same
// end squares, the same pawns that can be turned over from each, and the
// same written paths, before and after every pawn move.
func TestFouJumpsFillMatchesSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := game(t)
		st := &p.st
		if !st.sane() || st.over() {
			return
		}
		compareAllFouJumps(t, st)
	})
}

// TestFouJumpsFillWorst runs the same comparison on the worst cases and
// the midgame positions.
func TestFouJumpsFillWorst(t *testing.T) {
	var positions []Position
	for _, w := range gametest.ReadWorst(t, Parse) {
		positions = append(positions, w.P)
	}
	for _, text := range []string{startText, midgame1, midgame2} {
		positions = append(positions, parsed(t, text))
	}
	for _, p := range positions {
		for _, s := range []hops.Side{White, Red} {
			st := p.st
			st.side = s
			compareAllFouJumps(t, &st)
		}
	}
}

type fataler interface {
	Fatalf(format string, args ...any)
}

// compareAllFouJumps compares the fills with the search before and after
// every pawn move of the side to move.
func compareAllFouJumps(t fataler, st *state) {
	turnable := st.turnable()
	occs := []hops.Bitboard{st.pawns[0] | st.pawns[1]}
	for b := st.pawns[st.side]; b != 0; b &= b - 1 {
		from := b.First()
		r := pawnRules(occs[0], from)
		rc := r.Reach(from)
		ends := rc.Ends()
		for _, d := range diagDirs {
			if to := bd.Step(from, d); to != hops.NoSquare && !occs[0].Has(to) {
				ends |= to.Bit()
			}
		}
		for ; ends != 0; ends &= ends - 1 {
			occs = append(occs, occs[0]&^from.Bit()|ends.First().Bit())
		}
	}
	for _, occ := range occs {
		compareFouJumps(t, st, occ, turnable)
	}
}

func compareFouJumps(t fataler, st *state, occ, turnable hops.Bitboard) {
	var got, want fouJumps
	st.fouJumps(&got, occ, turnable)
	st.fouJumpsSearch(&want, occ, turnable)
	if got.ends != want.ends || got.reach != want.reach {
		t.Fatalf("pawns %v: ends %v, want %v", occ, got.ends, want.ends)
	}
	turns := 0
	for e := want.ends; e != 0; e &= e - 1 {
		g, w := &got.rec[got.slot[e.First()]], &want.rec[want.slot[e.First()]]
		if g.have != w.have || g.plain != w.plain {
			t.Fatalf("pawns %v, end %v: have %b %v, want %b %v", occ, e.First(), g.have, g.plain, w.have, w.plain)
		}
		for i := range 4 {
			if w.have&(1<<i) != 0 {
				turns++
				if g.turn[i] != w.turn[i] {
					t.Fatalf("pawns %v, end %v, slot %d: %v, want %v", occ, e.First(), i, g.turn[i], w.turn[i])
				}
			}
		}
	}
	// The count with sets of squares (count.go).
	var ff fouFill
	f, other := st.fou[st.side], st.fou[st.side^1]
	ff.fill(f, other, occ)
	if ff.reach != want.reach {
		t.Fatalf("pawns %v: the set fill reaches %v, want %v", occ, ff.reach, want.reach)
	}
	if n := ff.jumpMoves(f, occ, turnable); n != want.ends.Count()+turns {
		t.Fatalf("pawns %v: the set count gives %d jump moves, want %d", occ, n, want.ends.Count()+turns)
	}
}

// turnSlot orders a pawn next to the end square: below, left, right,
// above, which is the order of their squares.
func turnSlot(end, over hops.Square) int {
	switch over - end {
	case -8:
		return 0
	case -1:
		return 1
	case 1:
		return 2
	}
	return 3
}
