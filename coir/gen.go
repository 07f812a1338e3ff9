package coir

import (
	"iter"
	"math"
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
// mover's pawns and the opponent's), the shortest written path that
// reaches it with the search order of that path, the group of the
// sequences that turned the same pawns, and which of the steps that may
// follow it give a successor met for the first time (bit k for the k-th
// step in the order of the package doc).
type jumpEntry struct {
	path     hops.Path
	own, opp hops.Bitboard
	seq      int32
	group    int32
	keep     [2]uint64
}

// scratch is the reusable working memory of move generation.
type scratch struct {
	entries []jumpEntry
	keys    keyMap   // jump effect -> entry
	groups  keyMap   // pawns turned -> group
	seen    keyMap   // the mover's pawns after a step, within one group
	canon   []uint64 // entry indices in canonical order, above their sort keys
	start   []int32  // first slot of each group in order
	order   []int32  // entries grouped, each group in generation order
}

// entryBits is the number of low bits of a canon word holding the entry
// index.
const (
	entryBits = 26
	entryMask = 1<<entryBits - 1
)

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// keyMap maps a 64-bit key to an int32. It is an open-addressing table
// emptied in constant time.
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
//
// Two turns can only leave the same board when they turn the same pawns
// (the opponent keeps the others), so the jump sequences are put in
// groups by the pawns they turn, and the boards after their steps are
// compared within a group only, each group in the canonical order, with
// a table that stays small; steps alone join the group that turns
// nothing. The moves are then written out in the canonical order.
func (p Position) gen(dst []Move, build bool) ([]Move, int) {
	return p.genWindow(dst, build, window{to: math.MaxInt})
}

// window selects the moves to build by their index in the canonical
// order: from included, to excluded.
type window struct{ i, from, to int }

// take reports whether the next move is in the window, and counts it.
func (w *window) take() bool {
	in := w.i >= w.from && w.i < w.to
	w.i++
	return in
}

// size returns the number of moves of the window among n moves, of
// which none has been taken yet.
func (w *window) size(n int) int { return max(0, min(n, w.to)-max(w.from, 0)) }

// steps counts the steps alone of the side to move, whose pawns are
// own, or the slides of its Dame (no two leave the same board), and
// appends to dst those in the window w when w is not nil, in the
// canonical order.
func steps(dst []Move, own, empty hops.Bitboard, dame bool, w *window) ([]Move, int) {
	n := 0
	if dame {
		d := own.First()
		for dir := hops.Dir(0); dir < 8; dir++ {
			for t := board.Step(d, dir); t != hops.NoSquare && empty.Has(t); t = board.Step(t, dir) {
				n++ // a slide turns nothing: no other move gives its board
				if w != nil && w.take() {
					dst = append(dst, stepMove(d, t))
				}
			}
		}
		return dst, n
	}
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		ts := neighbours[s] & empty
		n += ts.Count()
		for ; w != nil && ts != 0; ts &= ts - 1 {
			if w.take() {
				dst = append(dst, stepMove(s, ts.First()))
			}
		}
	}
	return dst, n
}

// genWindow is gen building only the moves of the window w.
func (p Position) genWindow(dst []Move, build bool, w window) ([]Move, int) {
	own, opp := p.sides()
	if own == 0 {
		return dst, 0
	}
	all := board.All()
	empty := all &^ (own | opp)
	sc := scratchPool.Get().(*scratch)
	dame := own&(own-1) == 0

	// Steps alone, or a Dame's slides (C4, C6); no two leave the same
	// board. They are counted here and written out first, once the
	// jump sequences are counted too: dst then grows once, to its size.
	_, count := steps(nil, own, empty, dame, nil)

	// Jump sequences, one per distinct effect, each by a shortest path.
	sc.entries = sc.entries[:0]
	sc.keys.reset()
	sc.groups.reset()
	var js hops.JumpSearch
	var seq, groups int32
	for q := own; q != 0; q &= q - 1 {
		s := q.First()
		rules := jumpRules(own, opp, s)
		js.Reset(&rules, s)
		for js.Next() {
			end, turned := js.End(), js.Turned()
			key := uint64(turned) | uint64(s)<<52 | uint64(end)<<58
			idx, isNew := sc.keys.lookup(key, int32(len(sc.entries)))
			if isNew {
				g, newGroup := sc.groups.lookup(uint64(turned), groups)
				if newGroup {
					groups++
				}
				sc.entries = append(sc.entries, jumpEntry{path: js.Path(),
					own: own&^s.Bit() | end.Bit() | turned, opp: opp &^ turned, seq: seq, group: g})
			} else if e := &sc.entries[idx]; build && js.Jumps() < e.path.Hops() {
				e.path, e.seq = js.Path(), seq
			}
			seq++
		}
	}
	if len(sc.entries) == 0 || len(sc.entries) > entryMask {
		scratchPool.Put(sc)
		if build {
			// more entries than squares and pawns allow cannot happen
			dst, _ = steps(slices.Grow(dst, w.size(count)), own, empty, dame, &w)
		}
		return dst, count
	}
	// The canonical order of the entries: by number of squares, then by
	// search order. Counting needs no order.
	n := len(sc.entries)
	sc.canon = slices.Grow(sc.canon[:0], n)[:n]
	for i := range sc.entries {
		e := &sc.entries[i]
		sc.canon[i] = uint64(i)
		if build {
			sc.canon[i] |= uint64(e.path.Len())<<58 | uint64(uint32(e.seq))<<entryBits
		}
	}
	if build {
		slices.Sort(sc.canon)
	}

	// Entries by group, each group in the order above (a stable counting
	// sort).
	sc.start = slices.Grow(sc.start[:0], int(groups)+1)[:groups+1]
	clear(sc.start)
	for i := range sc.entries {
		sc.start[sc.entries[i].group+1]++
	}
	for g := int32(1); g <= groups; g++ {
		sc.start[g] += sc.start[g-1]
	}
	sc.order = slices.Grow(sc.order[:0], n)[:n]
	for _, c := range sc.canon {
		i := int32(c & entryMask)
		g := sc.entries[i].group
		sc.order[sc.start[g]] = i
		sc.start[g]++
	}

	// Within each group, the steps that reach a board first (C4), unless
	// the jumps turned the opponent's last pawn (C3).
	lo := int32(0)
	for g := int32(0); g < groups; g++ {
		hi := sc.start[g]
		members := sc.order[lo:hi]
		lo = hi
		first := &sc.entries[members[0]]
		if first.opp == 0 {
			// Distinct entries leave distinct boards, and a won board
			// comes from no step.
			count += len(members)
			continue
		}
		alone := first.opp == opp && !dame // steps alone give boards of this group
		if len(members) == 1 && !alone {
			// No other move leaves a board of this group.
			first.keep = [2]uint64{^uint64(0), ^uint64(0)}
			emp := all &^ (first.own | first.opp)
			for q := first.own; q != 0; q &= q - 1 {
				count += (neighbours[q.First()] & emp).Count()
			}
			continue
		}
		sc.seen.reset()
		if alone {
			for q := own; q != 0; q &= q - 1 {
				s := q.First()
				for ts := neighbours[s] & empty; ts != 0; ts &= ts - 1 {
					sc.seen.lookup(uint64(own&^s.Bit()|ts.First().Bit()), 0)
				}
			}
		}
		for _, i := range members {
			e := &sc.entries[i]
			e.keep = [2]uint64{}
			emp := all &^ (e.own | e.opp)
			k := 0
			for q := e.own; q != 0; q &= q - 1 {
				s := q.First()
				for ts := neighbours[s] & emp; ts != 0; ts &= ts - 1 {
					if _, isNew := sc.seen.lookup(uint64(e.own&^s.Bit()|ts.First().Bit()), 0); isNew {
						e.keep[k>>6&1] |= 1 << uint(k&63)
						count++
					}
					k++
				}
			}
		}
	}

	// The steps alone, then each jump sequence and its steps that were
	// kept.
	if build {
		dst, _ = steps(slices.Grow(dst, w.size(count)), own, empty, dame, &w)
		for _, c := range sc.canon {
			if w.i >= w.to {
				break
			}
			e := &sc.entries[c&entryMask]
			if e.opp == 0 {
				if w.take() {
					dst = append(dst, NewMove(e.path, hops.NoSquare, hops.NoSquare))
				}
				continue
			}
			m := NewMove(e.path, hops.NoSquare, hops.NoSquare)
			m.hasStep = true
			emp := all &^ (e.own | e.opp)
			k := 0
			for q := e.own; q != 0; q &= q - 1 {
				s := q.First()
				for ts := neighbours[s] & emp; ts != 0; ts &= ts - 1 {
					if e.keep[k>>6&1]&(1<<uint(k&63)) != 0 && w.take() {
						m.from, m.to = s, ts.First()
						dst = append(dst, m)
					}
					k++
				}
			}
		}
	}
	scratchPool.Put(sc)
	return dst, count
}

// AppendMoves appends the legal moves to dst, in the order of Moves, and
// returns the extended slice. It does not allocate when dst has room and
// the working memory of the search, kept in a pool between calls, is warm
// (a garbage collection may empty the pool; the next call then makes it
// again: up to about 3 MB with a Dame among eleven pawns).
func (p Position) AppendMoves(dst []Move) []Move {
	dst, _ = p.gen(dst, true)
	return dst
}

// AppendMovesPage appends to dst the moves Moves yields from index offset
// on, at most limit of them, and returns the extended slice: a page of the
// moves, without building the others (the search for every jump sequence,
// which the canonical order needs, is still made).
func (p Position) AppendMovesPage(dst []Move, offset, limit int) []Move {
	if limit <= 0 {
		return dst
	}
	offset = max(offset, 0)
	dst, _ = p.genWindow(dst, true, window{from: offset, to: offset + min(limit, math.MaxInt-offset)})
	return dst
}

// CountMoves returns the number of legal moves, without building them.
func (p Position) CountMoves() int {
	_, n := p.gen(nil, false)
	return n
}

// Moves yields the legal moves: one per distinct successor (G9), in the
// canonical order and written form described in the package doc. The
// moves are generated when the sequence is ranged over, all of them
// before the first (the generator keeps one form per successor), into a
// new slice: AppendMoves into a reused buffer allocates nothing.
func (p Position) Moves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, m := range p.AppendMoves(nil) {
			if !yield(m) {
				return
			}
		}
	}
}

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
