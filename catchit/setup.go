package catchit

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Setup describes a Catch'it position by its pieces, for building one in
// code: Setup.Position checks it and gives the Position, and
// Position.Setup gives a position's pieces back. The other ways to get
// a position are Start and StartWith (the start of K2) and Parse (a
// position text, K11).
type Setup struct {
	// Pawns[side] holds the squares of that side's pawns.
	Pawns [2]hops.Bitboard `json:"pawns"`
	// Carrier is the square of the pawn that carries the ball (K1), or
	// hops.NoSquare once the ball has left the board (K9).
	Carrier hops.Square `json:"carrier"`
	// ToMove is the side to move (in a finished game, the loser).
	ToMove hops.Side `json:"to_move"`
}

// Setup returns the position's pieces and side to move.
func (p Position) Setup() Setup {
	return Setup{Pawns: p.pawns, Carrier: p.carrier(), ToMove: p.ToMove()}
}

// Position returns the position the setup describes, checked as Parse
// checks a text: every pawn on the board and on its own square, the
// carrier one of them, and the material of K1 and K9. An impossible
// setup is an *hops.Error of kind hops.ErrPosition.
func (s Setup) Position() (Position, error) {
	if err := engine.CheckSetup(board, s.ToMove, "K11", "K1", s.Pawns[Blue], s.Pawns[Red]); err != nil {
		return Position{}, err
	}
	if s.Carrier != hops.NoSquare && !(s.Pawns[Blue] | s.Pawns[Red]).Has(s.Carrier) {
		return Position{}, hops.Errorf(hops.ErrPosition, "K1", "carrier", "no pawn on %s to carry the ball", s.Carrier)
	}
	p := Position{pawns: s.Pawns, side: s.ToMove}
	if s.Carrier != hops.NoSquare {
		p.ball = uint8(s.Carrier) + 1
	}
	return engine.ParseSetupText(Parse, p.String())
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
