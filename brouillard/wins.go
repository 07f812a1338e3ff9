package brouillard

import "github.com/hopsgames/hops"

// CanWinNow reports whether the side to move can win with its next
// decision (B5): only when its target is the King can a decision win, by
// a Fou move that turns the King over, so every other position is
// answered without looking at a move; otherwise the Fou's jumps are
// searched, after each pawn move that changes them, until one turns over
// the King, with no move built or played and nothing allocated. Players
// use it to spot wins and threats cheaply. A win because the opponent is left without a
// legal move (G6) is not looked for.
func (p Position) CanWinNow() bool {
	side := p.ToMove()
	if t, ok := p.Target(side); !ok || t != King {
		return false
	}
	king := hops.NoSquare
	for b := p.st.pawns[side^1]; b != 0; b &= b - 1 {
		if p.st.kind(b.First()) == King {
			king = b.First()
		}
	}
	if king == hops.NoSquare {
		return false
	}
	return p.st.turnsOver(king)
}
