package brouillard

import (
	"iter"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// View is what one player knows of a game (B4, B12): everything public
// (where every piece stands, which pawns were turned over and what they
// showed, the captured counts, the side to move and the phase) and the
// faces of his own pawns. The faces of the opposing pawns never turned
// over are not stored in a View at all, so no method, text, hash or error
// of a View can depend on them: two true positions that differ only there
// give equal Views.
//
// A client follows a game from public information alone with View.Play,
// given each move and what it revealed (Position.PlayReveal on the
// server). Like a Position, a View is an immutable value; the zero View,
// like the zero Position, has no pieces and no moves.
type View struct {
	st     state
	viewer hops.Side
}

// Viewer returns the side whose knowledge the view holds.
func (v View) Viewer() hops.Side { return v.viewer }

// ToMove returns the side whose decision it is.
func (v View) ToMove() hops.Side { return v.st.side }

// Continuing reports whether the side to move must move its Fou again
// (phase '+', B9).
func (v View) Continuing() bool { return v.st.plus }

// Captured returns how many opposing figures side s has captured.
func (v View) Captured(s hops.Side) int { return int(v.st.captured[s&1]) }

// Target returns the opposing figure side s must capture next (B5), or
// ok = false when it has captured the King.
func (v View) Target(s hops.Side) (k Kind, ok bool) {
	k = v.st.target(s)
	return k, k != 0
}

// Fou returns the square of side s's Fou (NoSquare in the zero View).
func (v View) Fou(s hops.Side) hops.Square { return v.st.fouSquare(s) }

// Pawns returns the squares of side s's pawns.
func (v View) Pawns(s hops.Side) hops.Bitboard { return v.st.pawns[s&1] }

// Moves yields the legal moves: the same as the true position's, in the
// same order (legality never depends on a hidden face).
func (v View) Moves() iter.Seq[Move] { return v.st.moves() }

// AppendMoves appends the moves Moves yields to dst.
func (v View) AppendMoves(dst []Move) []Move { return v.st.appendMoves(dst) }

// CountMoves returns the number of legal moves.
func (v View) CountMoves() int { return v.st.countMoves() }

// Validate returns nil when m is legal, or the *hops.Error the true
// position gives.
func (v View) Validate(m Move) error {
	if _, err := v.st.check(m); err != nil {
		return v.st.refused(err)
	}
	return nil
}

// Outcome says whether the game is over, as the true position does.
func (v View) Outcome() hops.Outcome { return v.st.outcome() }

// Hash returns a Zobrist hash of the view; equal views hash equal, and
// the hash depends only on what the view holds.
func (v View) Hash() uint64 {
	h := v.st.hash()
	if v.viewer == Red {
		h ^= zobrist[zViewer]
	}
	return h
}

// Key returns the whole view, its viewer included, packed into a
// hops.StateKey: two views have the same key exactly when they are
// equal, so a key identifies what a player knows at a point of the game
// (a table of the views a player has met, say) without the collisions
// a Hash may have.
func (v View) Key() hops.StateKey {
	k := v.st.key()
	k[2] |= uint64(v.viewer&1) << 62 // above the captured counts
	return k
}

// Mirror returns the view reflected left to right, as Position.Mirror
// reflects a position: the same viewer's view of the reflected position,
// where the reflection of each of this view's decisions (Move.Mirror) is
// legal, though its written form may differ from the one the reflection
// generates (Canonical gives that one). The zero View mirrors to itself.
func (v View) Mirror() View {
	return View{st: Position{st: v.st}.Mirror().st, viewer: v.viewer}
}

// String returns the view text (B12): the position text with the
// opposing pawns never turned over written P (White's) or p (Red's).
func (v View) String() string {
	var buf [96]byte
	return string(v.st.appendText(buf[:0]))
}

// Diagram draws the view for a person, hidden pawns as P or p.
func (v View) Diagram() string { return v.st.diagram() }

// ParseView reads the view text (B12) of the given viewer. Besides the
// checks of Parse, it requires every pawn of the viewer to show its face
// (B4), and every opposing pawn to be hidden unless turned over.
func ParseView(text string, viewer hops.Side) (View, error) {
	if err := engine.CheckSide("viewer", viewer, SideName); err != nil {
		return View{}, err
	}
	st, err := parseState(text, true, viewer&1)
	if err != nil {
		return View{}, err
	}
	return View{st: st, viewer: viewer & 1}, nil
}

// Play returns the view after move m, given what the move revealed (the
// Reveal that Position.PlayReveal returned for it). The reveal must agree
// with what the view already knows; it supplies the face of a hidden pawn
// the Fou turned over.
func (v View) Play(m Move, r Reveal) (View, error) {
	c, err := v.st.check(m)
	if err != nil {
		return v, v.st.refused(err)
	}
	k := v.st.kind(c.turn)
	if c.turn == hops.NoSquare {
		if r.Turned {
			return v, illegal("B8", at("reveal "+hops.Quote(r.String())), "the move %s turns no pawn over that was not already known", m)
		}
	} else {
		if !r.Turned || r.Square != c.turn {
			return v, illegal("B8", at("reveal "+hops.Quote(r.String())), "the move %s turns over the pawn on %s", m, c.turn)
		}
		if k == Hidden {
			if ks := v.hiddenKinds(); !ks.has(r.Kind) {
				return v, illegal("B8", at("reveal "+hops.Quote(r.String())), "no hidden %s pawn can be a %s", SideName(v.st.side^1), r.Kind)
			}
			k = r.Kind
		} else if r.Kind != k {
			return v, illegal("B8", at("reveal "+hops.Quote(r.String())), "the pawn on %s is known to be a %s", c.turn, k)
		}
		if r.Captured != (k == v.st.target(v.st.side)) {
			return v, illegal("B8", at("reveal "+hops.Quote(r.String())), "a %s is captured exactly when it is the target, the %s", k, v.st.target(v.st.side))
		}
	}
	w := v
	w.st.apply(c, k)
	if c.turn != hops.NoSquare && w.st.sq[c.turn] != 0 {
		w.st.sq[c.turn] = code(v.st.side^1, k) // now known to both
	}
	return w, nil
}

// kindSet is a multiset of at most seven pawn faces.
type kindSet struct {
	k [7]Kind
	n int
}

func (ks *kindSet) has(k Kind) bool {
	for i := 0; i < ks.n; i++ {
		if ks.k[i] == k {
			return true
		}
	}
	return false
}

// hiddenKinds returns the faces of the opposing pawns the viewer has not
// seen: the opponent's blanks and uncaptured figures, less those shown.
func (v View) hiddenKinds() kindSet {
	var ks kindSet
	if !v.st.sane() {
		return ks // the zero View: no pawns, none hidden
	}
	opp := v.viewer ^ 1
	var shown [8]int
	for b := v.st.pawns[opp] & v.st.revealed; b != 0; b &= b - 1 {
		shown[v.st.kind(b.First())]++
	}
	add := func(k Kind, n int) {
		for ; n > 0 && ks.n < len(ks.k); n-- {
			ks.k[ks.n] = k
			ks.n++
		}
	}
	add(Blank, 2-shown[Blank])
	for k := Nine + Kind(min(v.st.captured[v.viewer], 5)); k <= King; k++ {
		add(k, 1-shown[k])
	}
	return ks
}

// Unseen counts, by kind, the faces of the opposing pawns on the board
// that the viewer has not seen (B4): the opponent's two blanks and the
// figures not yet captured, less those turned over. Their total is the
// number of opposing pawns still hidden; dividing a count by it gives the
// chance that a given hidden pawn bears that face. The zero View has
// none.
func (v View) Unseen() (counts [King + 1]int) {
	ks := v.hiddenKinds()
	for _, k := range ks.k[:ks.n] {
		counts[k]++
	}
	return counts
}

// Consistent returns the number of true positions consistent with the
// view: the ways to give the hidden pawns the faces still unseen, two
// blanks being alike. The zero View holds no game: none is consistent
// with it.
func (v View) Consistent() int {
	if !v.st.sane() {
		return 0
	}
	ks := v.hiddenKinds()
	n, blanks := 1, 0
	for i := 0; i < ks.n; i++ {
		n *= i + 1
		if ks.k[i] == Blank {
			blanks++
		}
	}
	if blanks == 2 {
		n /= 2
	}
	return n
}

// Sample draws a true position consistent with the view, uniformly among
// the Consistent() ones, with the caller's random source (the global one
// of math/rand/v2 when r is nil): the unseen faces are shuffled onto the
// hidden pawns. The result's View(Viewer()) is the view itself.
func (v View) Sample(r *rand.Rand) Position {
	ks := v.hiddenKinds()
	for i := ks.n - 1; i > 0; i-- {
		j := intN(r, i+1)
		ks.k[i], ks.k[j] = ks.k[j], ks.k[i]
	}
	p := Position{st: v.st}
	opp := v.viewer ^ 1
	i := 0
	for b := v.st.pawns[opp] &^ v.st.revealed; b != 0 && i < ks.n; b &= b - 1 {
		p.st.sq[b.First()] = code(opp, ks.k[i])
		i++
	}
	return p
}

// intN draws from the caller's source, or from the global one when the
// caller gives none.
func intN(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}
