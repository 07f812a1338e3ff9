package brouillard

// CanWinNow reports whether the side to move can win with its next
// decision (B5): only when its target is the King can a decision win,
// by a Fou move that turns the King over, so every other position is
// answered without looking at a move. Players use it to spot wins and
// threats cheaply. A win because the opponent is left without a legal
// move (G6) is not looked for.
func (p Position) CanWinNow() bool {
	side := p.ToMove()
	if t, ok := p.Target(side); !ok || t != King {
		return false
	}
	for m := range p.Moves() {
		if !m.Turns() {
			continue
		}
		if c, err := p.Play(m); err == nil {
			if o := c.Outcome(); o.Over && o.Winner == side {
				return true
			}
		}
	}
	return false
}
