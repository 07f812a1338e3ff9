package catchit

import hops "github.com/hopsgames/hops"

var (
	_ hops.UI[Move]           = Position{}
	_ hops.Analysis[Position] = Position{}
)

// At says what stands on square s in every game's terms (see hops.UI): a
// pawn named "pawn", or "carrier" when it carries the ball, with its
// letter in the position text ('b', 'B', 'r' or 'R', K11). Pawn gives the
// same as a side and a flag.
func (p Position) At(s hops.Square) (hops.Piece, bool) {
	side, carrier, ok := p.Pawn(s)
	if !ok {
		return hops.Piece{}, false
	}
	pc := hops.Piece{Side: side, Letter: "br"[side], Name: "pawn"}
	if carrier {
		pc.Letter, pc.Name = "BR"[side], "carrier"
	}
	return pc, true
}

// CanWinNow reports whether the side to move has a turn that wins at
// once by carrying the ball off the board beyond its goal edge (K3, K6):
// the carrier leaving, in its own displacement or after another pawn's,
// or a pawn that jumps the carrier, takes the ball and leaves with it. A
// win because the opponent is left without a legal turn (G6) is not
// looked for. It generates no turn: it looks at what each pawn's
// displacement can do with the ball, first on the board as it is, then
// after each first displacement that leaves the ball where it is, only
// for the pawns whose displacements that one can change. That costs
// about twice CountMoves at the start (2 µs, every turn ruled out), from
// a tenth of it to twice it in the midgames benchmarked, and up to about
// five times it where many first displacements leave the ball and each
// must be followed (the costliest position met in random games, 2,505
// turns: 0.15 ms against 0.03 ms; BenchmarkCanWinNow).
func (p Position) CanWinNow() bool {
	st0 := p.stage()
	if st0.ball == hops.NoSquare || !(st0.pawns[Blue] | st0.pawns[Red]).Has(st0.ball) {
		return false
	}
	var (
		o, o2 outcomes
		sq    [7]hops.Square
		dep   [7]hops.Bitboard
		n     int
	)
	// A winning first displacement is the whole turn (K6, K7).
	for own := st0.pawns[st0.side]; own != 0 && n < len(sq); own &= own - 1 {
		sq[n] = own.First()
		o.compute(&st0, sq[n], false, true)
		if o.exit {
			return true
		}
		dep[n] = o.region()
		n++
	}
	// Otherwise a first displacement that does not move the ball, then
	// another pawn carries it out (K8: the ball moves once a turn). Only
	// a pawn whose outcomes depend on the two squares the first one
	// changes can do what it could not before.
	for i := range n {
		a := sq[i]
		if a == st0.ball {
			continue
		}
		o.compute(&st0, a, false, false)
		for ends := o.ends[kindStep] | o.ends[kindJump]; ends != 0; ends &= ends - 1 {
			e := ends.First()
			st1 := st0.after(a, e, false)
			changed := a.Bit() | e.Bit()
			for j := range n {
				if j == i || dep[j]&changed == 0 {
					continue
				}
				o2.compute(&st1, sq[j], false, true)
				if o2.exit {
					return true
				}
			}
		}
	}
	return false
}

// Mirror returns the move reflected left to right (file A to file G), the
// move that Position.Mirror's position plays in its place. Leaving the
// board stays "out".
func (m Move) Mirror() Move {
	return Move{first: m.first.Map(board.MirrorFiles), second: m.second.Map(board.MirrorFiles)}
}
