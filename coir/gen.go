package coir

import (
	"cmp"
	"iter"
	"slices"
	"sync"

	hops "github.com/hopsgames/hops"
)

// neighbours[s] is the set of squares adjacent to s (G2).
var neighbours = func() (n [64]hops.Bitboard) {
	for s := range board.All().Squares() {
		n[s] = board.Neighbours(s)
	}
	return n
}()

// jumpEntry is one distinct jump sequence: the board it leaves (the
// mover's pawns and the opponent's) and the shortest written path that
// reaches it, with the search order of that path.
type jumpEntry struct {
	path     hops.Path
	own, opp hops.Bitboard
	seq      int32
}

// scratch is the reusable working memory of move generation.
type scratch struct {
	entries []jumpEntry
	keys    keyMap
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// keyMap maps a jump sequence's effect (start, end, pawns turned, packed
// in one word) to its index in scratch.entries. It is an open-addressing
// table emptied in constant time.
type keyMap struct {
	keys []uint64
	vals []int32
	gen  []uint32
	cur  uint32
	n    int
}

func (m *keyMap) reset() {
	m.n = 0
	m.cur++
	if m.cur == 0 {
		clear(m.gen)
		m.cur = 1
	}
}

// lookup returns the value stored for k; when k is new it stores v and
// returns v, true.
func (m *keyMap) lookup(k uint64, v int32) (int32, bool) {
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := len(m.keys) - 1
	for i := int((k*0x9E3779B97F4A7C15)>>40) & mask; ; i = (i + 1) & mask {
		if m.gen[i] != m.cur {
			m.gen[i], m.keys[i], m.vals[i] = m.cur, k, v
			m.n++
			return v, true
		}
		if m.keys[i] == k {
			return m.vals[i], false
		}
	}
}

func (m *keyMap) grow() {
	oldKeys, oldVals, oldGen, cur := m.keys, m.vals, m.gen, m.cur
	size := max(256, 2*len(oldKeys))
	m.keys, m.vals, m.gen, m.cur, m.n = make([]uint64, size), make([]int32, size), make([]uint32, size), 1, 0
	for i, k := range oldKeys {
		if oldGen[i] == cur {
			m.lookup(k, oldVals[i])
		}
	}
}

// jumpRules returns the rules of the multi-jump of the mover's pawn on
// from: ordinary jumps (C4, C5) over any other pawn, attacks turning the
// opponent's, or a Dame's flying jumps over opposing pawns only (C6).
func jumpRules(own, opp hops.Bitboard, from hops.Square) hops.JumpRules {
	empty := board.All() &^ (own | opp)
	if own&(own-1) == 0 {
		return hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: opp, Turn: opp,
			Land: empty | from.Bit(), Flying: true}
	}
	return hops.JumpRules{Board: board, Dirs: hops.AllDirs, Over: (own | opp) &^ from.Bit(), Turn: opp,
		Land: empty | from.Bit()}
}

func stepMove(from, to hops.Square) Move {
	var m Move
	m.sq[0], m.sq[1], m.n = from, to, 2
	return m
}

// gen enumerates the legal moves, one per distinct successor (G9), in
// the canonical order described in the package documentation. It appends
// them to dst when build is set and returns the number of moves.
func (p Position) gen(dst []Move, build bool) ([]Move, int) {
	own, opp := p.sides()
	if own == 0 {
		return dst, 0
	}
	all := board.All()
	empty := all &^ (own | opp)
	set := hops.GetStateSet()
	sc := scratchPool.Get().(*scratch)
	count := 0
	dame := own&(own-1) == 0

	// Steps alone, or a Dame's slides (C4, C6).
	if dame {
		d := own.First()
		for dir := hops.Dir(0); dir < 8; dir++ {
			for t := board.Step(d, dir); t != hops.NoSquare && empty.Has(t); t = board.Step(t, dir) {
				count++ // a slide turns nothing: no other move gives its board
				if build {
					dst = append(dst, stepMove(d, t))
				}
			}
		}
	} else {
		for q := own; q != 0; q &= q - 1 {
			s := q.First()
			for ts := neighbours[s] & empty; ts != 0; ts &= ts - 1 {
				t := ts.First()
				set.Add(hops.StateKey{uint64(own&^s.Bit() | t.Bit()), uint64(opp)})
				count++
				if build {
					dst = append(dst, stepMove(s, t))
				}
			}
		}
	}

	// Jump sequences, one per distinct effect, each by a shortest path.
	sc.entries = sc.entries[:0]
	sc.keys.reset()
	var js hops.JumpSearch
	var seq int32
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		rules := jumpRules(own, opp, s)
		js.Reset(&rules, s)
		for js.Next() {
			end, turned := js.End(), js.Turned()
			key := uint64(turned) | uint64(s)<<52 | uint64(end)<<58
			idx, isNew := sc.keys.lookup(key, int32(len(sc.entries)))
			if isNew {
				sc.entries = append(sc.entries, jumpEntry{path: js.Path(),
					own: own&^s.Bit() | end.Bit() | turned, opp: opp &^ turned, seq: seq})
			} else if e := &sc.entries[idx]; js.Jumps() < e.path.Hops() {
				e.path, e.seq = js.Path(), seq
			}
			seq++
		}
	}
	slices.SortFunc(sc.entries, func(a, b jumpEntry) int {
		if c := cmp.Compare(a.path.Len(), b.path.Len()); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	})

	// Each jump sequence, then every step of an own pawn (C4), unless the
	// jumps turned the opponent's last pawn (C3).
	for i := range sc.entries {
		e := &sc.entries[i]
		if e.opp == 0 {
			// Distinct entries leave distinct boards, and a won board
			// comes from no step.
			count++
			if build {
				dst = append(dst, NewMove(e.path, hops.NoSquare, hops.NoSquare))
			}
			continue
		}
		emp := all &^ (e.own | e.opp)
		for q := e.own; q != 0; q &= q - 1 {
			s := q.First()
			for ts := neighbours[s] & emp; ts != 0; ts &= ts - 1 {
				t := ts.First()
				if !set.Add(hops.StateKey{uint64(e.own&^s.Bit() | t.Bit()), uint64(e.opp)}) {
					continue
				}
				count++
				if build {
					dst = append(dst, NewMove(e.path, s, t))
				}
			}
		}
	}
	hops.PutStateSet(set)
	scratchPool.Put(sc)
	return dst, count
}

// AppendMoves appends the legal moves to dst, in the order of Moves, and
// returns the extended slice. It does not allocate when dst has room.
func (p Position) AppendMoves(dst []Move) []Move {
	dst, _ = p.gen(dst, true)
	return dst
}

// CountMoves returns the number of legal moves, without building them.
func (p Position) CountMoves() int {
	_, n := p.gen(nil, false)
	return n
}

// Moves yields the legal moves: one per distinct successor (G9), in the
// canonical order and written form described in the package doc.
func (p Position) Moves() iter.Seq[Move] { return slices.Values(p.AppendMoves(nil)) }

// hasMove reports whether the side to move has a legal move (G6).
func (p Position) hasMove() bool {
	own, opp := p.sides()
	empty := board.All() &^ (own | opp)
	for q := own; q != 0; q &= q - 1 {
		if neighbours[q.First()]&empty != 0 {
			return true // a step, or a one-square slide
		}
	}
	var js hops.JumpSearch
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		rules := jumpRules(own, opp, s)
		js.Reset(&rules, s)
		if js.Next() {
			return true // jumps, then a step that always exists (C4)
		}
	}
	return false
}
