package zapita

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Setup describes a Zapita position by its pieces, for building one in
// code: Setup.Position checks it and gives the Position, and
// Position.Setup gives a position's pieces back. The other ways to get
// a position are Start and StartWith (the start of Z2) and Parse (a
// position text, Z8).
type Setup struct {
	// Pawns[side][power-1] holds the squares of that side's pawns of that
	// power (1, 2 or 3): two of each (Z1).
	Pawns [2][3]hops.Bitboard `json:"pawns"`
	// Bomb is the bomb's square.
	Bomb hops.Square `json:"bomb"`
	// ToMove is the side to move.
	ToMove hops.Side `json:"to_move"`
}

// Setup returns the position's pieces and side to move.
func (p Position) Setup() Setup { return Setup{Pawns: p.pw, Bomb: p.bomb, ToMove: p.side} }

// Position returns the position the setup describes, checked as Parse
// checks a text: every piece on the board and on its own square, and the
// material and placement of Z1, Z3 and Z4. An impossible setup is an
// *hops.Error of kind hops.ErrPosition.
func (s Setup) Position() (Position, error) {
	w, k := s.Pawns[White], s.Pawns[Khaki]
	if err := engine.CheckSetup(board, s.ToMove, "Z8", "Z1", w[0], w[1], w[2], k[0], k[1], k[2]); err != nil {
		return Position{}, err
	}
	if !board.Contains(s.Bomb) {
		return Position{}, hops.Errorf(hops.ErrPosition, "G1", "bomb", "the bomb is off the board")
	}
	if (w[0] | w[1] | w[2] | k[0] | k[1] | k[2]).Has(s.Bomb) {
		return Position{}, hops.Errorf(hops.ErrPosition, "Z4", "bomb", "the bomb shares %s with a pawn", s.Bomb)
	}
	return engine.ParseSetupText(Parse, Position{pw: s.Pawns, bomb: s.Bomb, side: s.ToMove}.String())
}

// UnmarshalJSON reads the JSON form of a Setup, its keys written exactly
// as encoding/json writes them, each once and none missing (see
// hops.DecodeJSON), so that a misspelt or lost key is an error rather
// than a field left empty; a Setup that does not read is left as it was.
// It checks the form only: Position checks the pieces.
func (s *Setup) UnmarshalJSON(data []byte) error {
	type plain Setup
	return engine.DecodeComplete(data, (*plain)(s), "setup")
}
