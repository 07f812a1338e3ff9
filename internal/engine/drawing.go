package engine

import (
	"fmt"

	"github.com/hopsgames/hops"
)

// ArrowOf returns the arrow from square a to square b.
func ArrowOf(a, b hops.Square, dashed bool) hops.Arrow {
	return hops.Arrow{FromFile: a.File(), FromRank: a.Rank(), ToFile: b.File(), ToRank: b.Rank(), Dashed: dashed}
}

// PathArrows returns one arrow per hop of a path on board b. A hop to
// hops.Outside is drawn straight over the nearer edge, one square off the board
// (the written move does not say which file it crosses at).
func PathArrows(b *hops.Board, p hops.Path, dashed bool) []hops.Arrow {
	var out []hops.Arrow
	for i := 1; i < p.Len(); i++ {
		a, t := p.At(i-1), p.At(i)
		if t != hops.Outside {
			out = append(out, ArrowOf(a, t, dashed))
			continue
		}
		tr := -1
		if 2*a.Rank() >= b.Size() {
			tr = b.Size()
		}
		out = append(out, hops.Arrow{FromFile: a.File(), FromRank: a.Rank(), ToFile: a.File(), ToRank: tr, Dashed: dashed})
	}
	return out
}

// AsPart returns arrows, each set to be of the given part of its move
// (hops.Arrow.Part).
func AsPart(arrows []hops.Arrow, part int) []hops.Arrow {
	for i := range arrows {
		arrows[i].Part = part
	}
	return arrows
}

// DrawnMove is a move that can be drawn as arrows: every game's Move.
type DrawnMove interface {
	Arrows() []hops.Arrow
}

// AppendArrows appends the arrows of each move to dst, in order, and
// returns the extended slice: the body of the games' Drawing methods.
func AppendArrows[M DrawnMove](dst []hops.Arrow, moves ...M) []hops.Arrow {
	for _, m := range moves {
		dst = append(dst, m.Arrows()...)
	}
	return dst
}

// MapSquares returns the image of a set under a square mapping such as
// hops.Board.MirrorFiles.
func MapSquares(set hops.Bitboard, f func(hops.Square) hops.Square) hops.Bitboard {
	var out hops.Bitboard
	for s := range set.Squares() {
		out |= f(s).Bit()
	}
	return out
}

// Status returns the last line of a game's diagram, without its newline:
// "White to move", or once the game is over "game over: Red won, <why>
// (<rule>)". Every game writes it so, so that a program reading diagrams
// of several games finds the same words.
func Status(o hops.Outcome, toMove string) string {
	if !o.Over {
		return toMove + " to move"
	}
	if o.Rule == "" {
		return "game over: " + o.WinnerName + " won, " + o.Reason
	}
	return "game over: " + o.WinnerName + " won, " + o.Reason + " (" + o.Rule + ")"
}

// Caption returns a drawing's caption: "White to move", or once the game
// is over "Red won: <why>".
func Caption(o hops.Outcome, toMove string) string {
	if !o.Over {
		return toMove + " to move"
	}
	return o.WinnerName + " won: " + o.Reason
}

// BySide returns format filled with each side's name, First then Second:
// a game's reasons and messages written once, so that giving one does
// not allocate.
func BySide(name func(hops.Side) string, format string) [2]string {
	return [2]string{fmt.Sprintf(format, name(hops.First)), fmt.Sprintf(format, name(hops.Second))}
}
