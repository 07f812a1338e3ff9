package players

import (
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// ZapitaEval scores a Zapita position by where the bomb lies and who
// can move it (Z3-Z6):
//   - how much nearer the bomb is to the opponent's headquarters than to
//     the side's own, in king steps, 100 a step;
//   - what the side to move can do with the bomb on its move: half of
//     the best gain of the squares where it can bring the bomb to rest
//     (zapita.Position.BombRests), scored as above;
//   - 250 against the side to move when its opponent, had it the move,
//     could throw the bomb into the side's headquarters: a threat that
//     the move has to parry;
//   - the pawns next to the bomb, which may land on it next move and
//     throw it as far as their power: 25 a point of power, the
//     opponent's counted against;
//   - the pawns within two steps of the opponent's headquarters, relays
//     for a throw into it (Z6): 15 each, the opponent's near the side's
//     own headquarters counted against.
//
// The search settles the positions where the side to move can win at
// once (zapita.Position.CanWinNow) before it asks the evaluation.
func ZapitaEval(p zapita.Position, side hops.Side) int {
	b := p.Bomb()
	opp := side.Other()
	v := bombPlace(b, side)
	for _, s := range [2]hops.Side{side, opp} {
		sign := 1
		if s != side {
			sign = -1
		}
		goal := zapita.HQ(s.Other())
		for sq := range p.Pawns(s).Squares() {
			if distance(sq, b) == 1 {
				_, power, _ := p.Pawn(sq)
				v += sign * 25 * power
			}
			if distance(sq, goal) <= 2 {
				v += sign * 15
			}
		}
	}
	if t := zapitaThrows(p); side == p.ToMove() {
		v += t
	} else {
		v -= t
	}
	return v
}

// bombPlace scores the bomb on b for side s: 100 a king step that it
// lies nearer to the opponent's headquarters than to s's own (Z3).
func bombPlace(b hops.Square, s hops.Side) int {
	return 100 * (distance(b, zapita.HQ(s)) - distance(b, zapita.HQ(s.Other())))
}

// zapitaThrows scores, for the side to move, the throws the next move
// allows: half the gain of its best one, less 250 when the opponent
// threatens to throw the bomb into the side's headquarters.
func zapitaThrows(p zapita.Position) int {
	s := p.ToMove()
	v := 0
	if rests := p.BombRests(s); rests != 0 {
		here := bombPlace(p.Bomb(), s)
		gain := 0
		for r := range rests.Squares() {
			gain = max(gain, bombPlace(r, s)-here)
		}
		v += gain / 2
	}
	if p.BombRests(s.Other()).Has(zapita.HQ(s)) {
		v -= 250
	}
	return v
}

// CatchitEval scores a Catch'it position by the ball (K1, K3), for the
// side that carries it (the score is negated for the other side):
//   - 100 for holding it, and 100 a rank it has come towards the goal
//     edge, 50 more a rank for the last three ranks, where an attack
//     becomes hard to stop;
//   - an exit in view (K6): 300 when the carrier stands on the last
//     rank, from where it steps out, or on the rank before it with a
//     pawn of either side in front of it to jump over;
//   - 60 less for each opposing pawn that could jump the carrier and
//     take the ball (K5): next to it, with the square beyond the
//     carrier empty;
//   - what the side to move can do with the ball at once: 40 a rank the
//     carrier can come forward in one displacement when its side has the
//     move, 250 less when the defender has it and one of its pawns can
//     come next to the carrier with the square beyond free, to take the
//     ball.
func CatchitEval(p catchit.Position, side hops.Side) int {
	c := p.Carrier()
	owner, _, ok := p.Pawn(c)
	if !ok {
		return 0
	}
	adv := progress(c, owner)
	v := 100 + 100*adv + 50*max(0, adv-3)
	all := p.Pawns(catchit.Blue) | p.Pawns(catchit.Red)
	switch {
	case adv == 6:
		v += 300
	case adv == 5 && inFront(c, owner)&all != 0:
		v += 300
	}
	v -= 60 * acrossCarrier(c, p.Pawns(owner.Other()), hops.Board7.All()&^all).Count()
	v += catchitTempo(p, c, owner, all)
	if owner != side {
		v = -v
	}
	return v
}

// catchitTempo is what the side to move can do with the ball at once,
// for the carrier's side: the carrier's owner, to move, gains 40 a rank
// that its carrier can come forward in one displacement (K4: a step or
// a multi-jump over any pawns); the defender, to move, takes 250 from it
// if one of its pawns can come next to the carrier, standing there or by
// jumps, with the square beyond the carrier free to land on (K5).
func catchitTempo(p catchit.Position, c hops.Square, owner hops.Side, all hops.Bitboard) int {
	empty := hops.Board7.All() &^ all
	if p.ToMove() == owner {
		r := hops.JumpRules{Board: hops.Board7, Dirs: hops.AllDirs, Over: all &^ c.Bit(), Land: empty}
		reach := r.ReachEnds(c) | hops.Board7.Neighbours(c)&empty
		best := progress(c, owner)
		for s := range reach.Squares() {
			best = max(best, progress(s, owner))
		}
		return 40 * (best - progress(c, owner))
	}
	near := acrossCarrier(c, hops.Board7.All()&^p.Pawns(owner), empty)
	if near == 0 {
		return 0
	}
	for d := range p.Pawns(owner.Other()).Squares() {
		if near.Has(d) {
			return -250
		}
		r := hops.JumpRules{Board: hops.Board7, Dirs: hops.AllDirs, Over: all &^ (c.Bit() | d.Bit()), Land: empty}
		if r.ReachEnds(d)&near != 0 {
			return -250
		}
	}
	return 0
}

// acrossCarrier returns the squares next to the carrier square c that
// belong to from and face, across c, a square of to: where a pawn
// jumping over the carrier would stand to land on to (K4, K5).
func acrossCarrier(c hops.Square, from, to hops.Bitboard) hops.Bitboard {
	b := hops.Board7
	var out hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		a, l := b.Step(c, d.Opposite()), b.Step(c, d)
		if a != hops.NoSquare && l != hops.NoSquare && from.Has(a) && to.Has(l) {
			out |= a.Bit()
		}
	}
	return out
}

// inFront returns the squares next to c on the rank beyond it towards
// owner's goal edge in Catch'it: the pawns a carrier on c could jump out
// over (K6).
func inFront(c hops.Square, owner hops.Side) hops.Bitboard {
	r := c.Rank() + 1
	if owner == catchit.Red {
		r = c.Rank() - 1
	}
	return hops.Board7.Neighbours(c) & hops.Board7.RankSquares(r)
}

// CoirEval scores a Coir Circuit position by the pawns each side owns
// (C1, C3), 100 a pawn; 15 less for each pawn that an adjacent opposing
// pawn could jump and turn next (C5), with the square beyond it empty,
// the opponent's such pawns counting for the side; 150 for the side to
// move when it has such a jump, since it strikes first (a turned pawn
// is worth 200 in the count); and, to make the side ahead close in on
// the pawns it still has to turn (C3), 10 less for each king step
// between an opposing pawn and the nearest own pawn (counted against the
// opponent when the opponent is ahead).
func CoirEval(p coir.Position, side hops.Side) int {
	own, opp := p.Pawns(side), p.Pawns(side.Other())
	mine, theirs := hanging(own, opp), hanging(opp, own)
	v := 100*(own.Count()-opp.Count()) + 15*(theirs-mine)
	switch toMove := side == p.ToMove(); {
	case toMove && theirs > 0:
		v += coirTempo
	case !toMove && mine > 0:
		v -= coirTempo
	}
	switch n, m := own.Count(), opp.Count(); {
	case n > m:
		v -= 10 * chase(own, opp)
	case m > n:
		v += 10 * chase(opp, own)
	}
	return v
}

// coirTempo is what CoirEval gives the side to move for a pawn it can
// turn at once.
const coirTempo = 150

// hanging counts the pawns of mine that a pawn of theirs could jump: it
// stands next to one, and the square beyond it in that direction is on
// the 6×6 board and empty.
func hanging(mine, theirs hops.Bitboard) int {
	b := hops.Board6
	empty := b.All() &^ (mine | theirs)
	var hit hops.Bitboard
	for d := hops.Dir(0); d < 8; d++ {
		hit |= mine & b.Shift(theirs, d) & b.Shift(empty, d.Opposite())
	}
	return hit.Count()
}

// BrouillardEval scores a Brouillard position (a true state, or one drawn
// from a player's view) by the figures each side has captured (B5), 1000
// each, then by how close each Fou stands to the figure it must capture
// next, 10 a king step.
func BrouillardEval(p brouillard.Position, side hops.Side) int {
	opp := side.Other()
	v := 1000 * (p.Captured(side) - p.Captured(opp))
	v -= 10 * targetDistance(p, side)
	v += 10 * targetDistance(p, opp)
	return v
}

// targetDistance is the number of king steps from side's Fou to the
// opposing pawn it must capture next, or 0.
func targetDistance(p brouillard.Position, side hops.Side) int {
	t, ok := p.Target(side)
	if !ok {
		return 0
	}
	for sq := range p.Pawns(side.Other()).Squares() {
		if _, k, _, _ := p.Pawn(sq); k == t {
			return distance(p.Fou(side), sq)
		}
	}
	return 0
}

// distance is the number of king steps between two squares.
func distance(a, b hops.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// chase is the sum, over the pawns of prey, of the king steps to the
// nearest pawn of hunter (10 each when hunter has none): how far the side
// ahead is from the pawns it still has to turn. A pawn at distance k is
// outside the hunter's squares grown by k-1 king steps, and inside them
// grown by k.
func chase(hunter, prey hops.Bitboard) int {
	b := hops.Board6
	n, near := 0, hunter
	for range 10 {
		far := prey &^ near
		if far == 0 {
			break
		}
		n += far.Count()
		grown := near
		for d := hops.Dir(0); d < 8; d++ {
			grown |= b.Shift(near, d)
		}
		near = grown
	}
	return n
}
