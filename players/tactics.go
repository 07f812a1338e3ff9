package players

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// Priorities shared by the games' tactics: a move that wins at once
// comes before everything, a capture (or the ball taken) before the
// quiet moves.
const (
	priorityWin     = 1 << 20
	priorityCapture = 10000
)

// ZapitaTactics: a move that brings the bomb to rest on the opponent's
// headquarters wins (Z3); a throw is rated by how many king steps it
// brings the bomb nearer to that headquarters, and the throws that gain
// ground are the forcing moves. A position where the side to move can
// take the bomb and throw it home (zapita.Position.CanWinNow) is
// settled at the horizon.
func ZapitaTactics() Tactics[zapita.Position, zapita.Move] {
	return Tactics[zapita.Position, zapita.Move]{
		Priority: func(p zapita.Position, m zapita.Move) int {
			if m.Wins() {
				return priorityWin
			}
			r := m.Rest()
			if r == hops.NoSquare {
				return 0
			}
			goal := zapita.HQ(p.ToMove().Other())
			return max(1, 1000+100*(distance(p.Bomb(), goal)-distance(r, goal)))
		},
		Forcing:   1100,
		Key:       func(m zapita.Move) uint64 { return sq(m.From()) | sq(m.To())<<8 | sq(m.Rest())<<16 },
		MoveWins:  zapita.Move.Wins,
		CanWinNow: zapita.Position.CanWinNow,
		Decided:   zapitaDecided,
	}
}

// zapitaDecided settles a Zapita position where the side to move can
// win at once.
func zapitaDecided(p zapita.Position) (hops.Side, bool) {
	return p.ToMove(), p.CanWinNow()
}

// CatchitTactics: a move that carries the ball off the board wins (K3);
// taking the ball from the opposing carrier (K5) is the forcing move;
// the attacker's moves are rated by how far they bring the ball towards
// the goal edge.
func CatchitTactics() Tactics[catchit.Position, catchit.Move] {
	return Tactics[catchit.Position, catchit.Move]{
		Priority: catchitPriority,
		Forcing:  priorityCapture,
		Key: func(m catchit.Move) uint64 {
			a, b := m.First(), m.Second()
			k := sq(a.From()) | sq(a.To())<<8 | sq(b.From())<<16 | sq(b.To())<<24
			if a.HasMarks() || b.HasMarks() {
				k |= 1 << 32
			}
			return k
		},
		MoveWins: catchit.Move.Wins,
		Decided:  catchitDecided,
		Breadth:  24,
	}
}

// catchitDecided settles a Catch'it position where the carrier can
// leave the board at once (K6): standing on its side's last rank, from
// where it steps out, or on the rank before with a pawn in front of it to
// jump out over. With the move the carrier's side wins. Without it, it
// wins next turn if the defender can neither take the ball (K5: no
// square next to the carrier, free of attacking pawns, faces another
// such square across it for a jump) nor clear the way (the pawn to jump
// out over is an attacking one).
func catchitDecided(p catchit.Position) (hops.Side, bool) {
	c := p.Carrier()
	owner, _, ok := p.Pawn(c)
	if !ok {
		return 0, false
	}
	att := p.Pawns(owner)
	switch progress(c, owner) {
	case 6:
	case 5:
		over := att | p.Pawns(owner.Other())
		if owner != p.ToMove() {
			over = att // the defender may move its own pawns away
		}
		if inFront(c, owner)&over == 0 {
			return 0, false
		}
	default:
		return 0, false
	}
	if owner == p.ToMove() {
		return owner, true
	}
	if free := hops.Board7.All() &^ att; acrossCarrier(c, free, free) != 0 {
		return 0, false // a jump over the carrier may take the ball
	}
	return owner, true
}

func catchitPriority(p catchit.Position, m catchit.Move) int {
	if m.Wins() {
		return priorityWin
	}
	side := p.ToMove()
	c := p.Carrier()
	owner, _, _ := p.Pawn(c)
	for _, d := range [2]hops.Path{m.First(), m.Second()} {
		if d.Len() == 0 {
			continue
		}
		if d.HasMarks() || d.From() == c {
			gain := progress(d.To(), side) - progress(c, side)
			if owner != side {
				return priorityCapture + 100*progress(d.To(), side)
			}
			return max(1, 100+10*gain)
		}
	}
	return 0
}

// progress is how many ranks square s lies from the edge where side's
// pawns start in Catch'it: 0 to 6, the goal edge lying beyond 6.
func progress(s hops.Square, side hops.Side) int {
	if side == catchit.Red {
		return 6 - s.Rank()
	}
	return s.Rank()
}

// CoirTactics: a move is rated by the number of opposing pawns it jumps,
// each of which it turns (C5), and moves that turn any are the forcing
// moves; a move that turns the last opposing pawn wins (C3).
func CoirTactics() Tactics[coir.Position, coir.Move] {
	return Tactics[coir.Position, coir.Move]{
		Priority: func(p coir.Position, m coir.Move) int {
			n := p.Jumped(m).Count()
			if n > 0 && n == p.Pawns(p.ToMove().Other()).Count() {
				return priorityWin
			}
			return 1000 * n
		},
		Forcing: 1000,
		Key: func(m coir.Move) uint64 {
			a, b, _ := m.Step()
			return sq(m.From()) | sq(m.To())<<8 | sq(a)<<16 | sq(b)<<24
		},
		CanWinNow: coir.Position.CanWinNow,
		Breadth:   24,
	}
}

// BrouillardTactics: a Fou move that turns over the side's target
// captures it (B8), and is the forcing move, followed two plies past the
// horizon (a capture gives another Fou move, B9, which may capture
// again); turning over the King wins (B5); turning over another pawn
// reveals it and comes next.
func BrouillardTactics() Tactics[brouillard.Position, brouillard.Move] {
	return Tactics[brouillard.Position, brouillard.Move]{
		Priority: func(p brouillard.Position, m brouillard.Move) int {
			mid, turns := m.TurnedSquare()
			if !turns {
				return 0
			}
			_, k, turned, ok := p.Pawn(mid)
			t, has := p.Target(p.ToMove())
			switch {
			case !ok:
				return 0
			case has && k == t && t == brouillard.King:
				return priorityWin
			case has && k == t:
				return priorityCapture
			case !turned:
				return 500
			}
			return 0
		},
		Forcing:    priorityCapture,
		Quiescence: 2,
		Key: func(m brouillard.Move) uint64 {
			a, b := m.Pawn(), m.Fou()
			k := sq(a.From()) | sq(a.To())<<8 | sq(b.From())<<16 | sq(b.To())<<24
			if m.Turns() {
				k |= 1 << 32
			}
			return k
		},
		CanWinNow: brouillard.Position.CanWinNow,
	}
}

// sq is a square as a small unsigned number, for move keys.
func sq(s hops.Square) uint64 { return uint64(uint8(s)) }
