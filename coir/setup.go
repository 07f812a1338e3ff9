package coir

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Setup describes a Coir Circuit position by its pieces, for building
// one in code: Setup.Position checks it and gives the Position (as
// NewPosition does, which takes the same fields as arguments), and
// Position.Setup gives a position's pieces back. The other ways to get a
// position are Start, StartWith, StartVariant and StartVariantWith (the
// two starts of C2) and Parse (a position text, C8).
type Setup struct {
	// Pawns[side] holds the squares of the pawns showing that side's
	// colour (C1).
	Pawns [2]hops.Bitboard `json:"pawns"`
	// ToMove is the side to move (in a finished game, the loser).
	ToMove hops.Side `json:"to_move"`
}

// Setup returns the position's pawns and side to move.
func (p Position) Setup() Setup {
	return Setup{Pawns: [2]hops.Bitboard{p.white, p.black}, ToMove: p.side}
}

// Position returns the position the setup describes, checked as
// NewPosition checks it.
func (s Setup) Position() (Position, error) {
	return NewPosition(s.Pawns[White], s.Pawns[Black], s.ToMove)
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
