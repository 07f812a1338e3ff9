package zapita

import hops "github.com/hopsgames/hops"

// Setup describes a Zapita position by its pieces, for building one in
// code: Setup.Position checks it and gives the Position, and
// Position.Setup gives a position's pieces back. The other ways to get
// a position are Start and StartWith (the start of Z2) and Parse (a
// position text, Z8).
type Setup struct {
	// Pawns[side][power-1] holds the squares of that side's pawns of that
	// power (1, 2 or 3): two of each (Z1).
	Pawns [2][3]hops.Bitboard
	// Bomb is the bomb's square.
	Bomb hops.Square
	// ToMove is the side to move.
	ToMove hops.Side
}

// Setup returns the position's pieces and side to move.
func (p Position) Setup() Setup { return Setup{Pawns: p.pw, Bomb: p.bomb, ToMove: p.side} }

// Position returns the position the setup describes, checked as Parse
// checks a text: every piece on the board and on its own square, and the
// material and placement of Z1, Z3 and Z4. An impossible setup is an
// *hops.Error of kind hops.ErrPosition.
func (s Setup) Position() (Position, error) {
	if s.ToMove > 1 {
		return Position{}, setupErr("Z8", "side", "side %d is neither White nor Khaki", s.ToMove)
	}
	var all hops.Bitboard
	for side := range 2 {
		for k := range 3 {
			b := s.Pawns[side][k]
			if b&^board.All() != 0 {
				return Position{}, setupErr("G1", "pawns", "%s pawns of power %d off the board", SideName(hops.Side(side)), k+1)
			}
			if b&all != 0 {
				return Position{}, setupErr("Z1", "pawns", "two pawns on %s", (b & all).First())
			}
			all |= b
		}
	}
	if !board.Contains(s.Bomb) {
		return Position{}, setupErr("G1", "bomb", "the bomb is off the board")
	}
	if all.Has(s.Bomb) {
		return Position{}, setupErr("Z4", "bomb", "the bomb shares %s with a pawn", s.Bomb)
	}
	return Parse(Position{pw: s.Pawns, bomb: s.Bomb, side: s.ToMove}.String())
}

func setupErr(rule, where, format string, args ...any) error {
	return hops.Errorf(hops.ErrPosition, rule, where, format, args...)
}
