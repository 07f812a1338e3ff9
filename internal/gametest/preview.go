package gametest

import (
	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// Previewing describes, for CheckPreview, how to read a game's preview
// (a value of type Q: the game's Position, or Brouillard's View).
type Previewing[M hops.Move, Q comparable] struct {
	// Play returns the position the complete move m plays to, as a
	// preview shows it, or ok = false when the preview cannot know it
	// (a View's hidden face).
	Play func(m M) (q Q, ok bool)
	// At says what stands on square s of q: a piece of the side to move
	// in q (mine), or of the other side (occupied but not mine).
	At func(q Q, s hops.Square) (mine, occupied bool)
	// Repick reports whether the piece being moved may be clicked again
	// to begin the next part of the move (Coir's jumping pawn steps
	// itself, C4).
	Repick bool
	// Partial, if set, checks what else the preview q of a partial build
	// after clicks must show (where a ball or a bomb is), returning "" or
	// what is wrong.
	Partial func(clicks []hops.Click, q Q) string
}

// CheckPreview checks the Preview of p's builds (hops.Built):
//  1. with no click, the preview is p itself (start, as a Q);
//  2. after the last click of a complete build, it is the position the
//     move plays to (pv.Play), for each generated move (a sample with
//     -short) and along random walks through Next;
//  3. a partial build offers no click that moves a piece the built part
//     did not move, unless it begins a new part: every click in Next is
//     off the board (Outside), on a square empty in the preview (a
//     landing of the piece being moved, or a throw), or on a piece of the
//     mover's that has not moved in this decision (the next part's
//     piece, a relay), the piece being moved itself only when pv.Repick;
//  4. in the preview of a partial build, each piece clicked stands on
//     the square it was last clicked to;
//  5. every build has a prompt;
//  6. pv.Partial, if set, accepts the preview of every partial build.
func CheckPreview[P Buildable[M], M ClickedMove, Q comparable](t *rapid.T, p P, start Q, pv Previewing[M, Q]) {
	preview := func(clicks []hops.Click) (hops.Built[M], Q) {
		b, err := p.Build(clicks)
		if err != nil {
			t.Fatalf("%v: Build(%v): %v", p, clicks, err)
		}
		q, ok := b.Preview.(Q)
		if !ok {
			t.Fatalf("%v: Build(%v): the preview is a %T", p, clicks, b.Preview)
		}
		if b.Prompt == "" {
			t.Fatalf("%v: Build(%v): no prompt", p, clicks)
		}
		if b.Complete {
			if want, ok := pv.Play(b.Move); ok && q != want {
				t.Fatalf("%v: Build(%v) completes %s and previews\n%v\nnot the position it plays to\n%v", p, clicks, b.Move, q, want)
			}
		}
		return b, q
	}
	_, q := preview(nil)
	if q != start {
		t.Fatalf("%v: Build(nil) previews %v, not the position itself", p, q)
	}
	// walk follows clicks, checking what each partial build offers.
	walk := func(clicks []hops.Click, more func(b hops.Built[M]) (hops.Click, bool)) {
		var moved hops.Bitboard // the pieces moved in earlier parts
		cur := hops.NoSquare    // the piece being moved
		for i := 0; ; i++ {
			b, q := preview(clicks[:i])
			if !b.Complete {
				if pv.Partial != nil {
					if msg := pv.Partial(clicks[:i], q); msg != "" {
						t.Fatalf("%v: Build(%v) previews\n%v\n%s", p, clicks[:i], q, msg)
					}
				}
				for s := range (moved | cur.Bit()).Squares() {
					if mine, _ := pv.At(q, s); !mine {
						t.Fatalf("%v: Build(%v) previews\n%v\nwith no piece of the mover's on %s, where a piece was clicked to", p, clicks[:i], q, s)
					}
				}
				for _, c := range b.Next {
					if c.Square == hops.Outside {
						continue
					}
					mine, occupied := pv.At(q, c.Square)
					switch {
					case !occupied:
					case !mine:
						t.Fatalf("%v: Build(%v) previews\n%v\nand offers %s, an opposing piece", p, clicks[:i], q, c)
					case moved.Has(c.Square) || c.Square == cur && !pv.Repick:
						t.Fatalf("%v: Build(%v) previews\n%v\nand offers %s, a piece already moved in this decision", p, clicks[:i], q, c)
					}
				}
			}
			if i == len(clicks) {
				c, ok := more(b)
				if !ok {
					return
				}
				clicks = append(clicks, c)
			}
			c := clicks[i]
			if c.Square == hops.Outside {
				continue
			}
			if mine, _ := pv.At(q, c.Square); mine && (c.Square != cur || i == 0) {
				if cur != hops.NoSquare {
					moved |= cur.Bit()
				}
			}
			cur = c.Square
		}
	}
	moves := p.AppendMoves(nil)
	check := moves
	if len(moves) > shortMoves {
		check = make([]M, shortMoves)
		for i := range check {
			check[i] = moves[rapid.IntRange(0, len(moves)-1).Draw(t, "checked move")]
		}
	}
	none := func(hops.Built[M]) (hops.Click, bool) { return hops.Click{}, false }
	for _, m := range check {
		walk(m.Clicks(), none)
	}
	for range rapid.IntRange(1, 4).Draw(t, "walks") {
		walk(nil, func(b hops.Built[M]) (hops.Click, bool) {
			if len(b.Next) == 0 || b.Complete && rapid.IntRange(0, 2).Draw(t, "stop") == 0 {
				return hops.Click{}, false
			}
			return b.Next[rapid.IntRange(0, len(b.Next)-1).Draw(t, "click")], true
		})
	}
}

// Plays returns, for Previewing.Play, the position each move plays to
// from p by p's Play method.
func Plays[P interface{ Play(m M) (P, error) }, M hops.Move](p P) func(m M) (P, bool) {
	return func(m M) (P, bool) {
		q, err := p.Play(m)
		return q, err == nil
	}
}

// AtOf returns, for Previewing.At, what stands on a square of a position
// whose At method (passed as a method expression, such as Position.At)
// gives the side of the piece there, something more, and whether a
// piece is there.
func AtOf[Q interface{ ToMove() hops.Side }, X any](at func(Q, hops.Square) (hops.Side, X, bool)) func(Q, hops.Square) (mine, occupied bool) {
	return func(q Q, s hops.Square) (mine, occupied bool) {
		side, _, ok := at(q, s)
		return ok && side == q.ToMove(), ok
	}
}
