package brouillard

import (
	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// Setup describes a Brouillard au Palais position (a true state, B11)
// by its pieces, for building one in code: Setup.Position checks it and
// gives the Position, and Position.Setup gives a position's pieces back.
// The other ways to get a position are Start and StartWith (the rule
// book's example start), NewPosition and NewPositionWith (a start from
// the two sides' arrangements, B3) and Parse (a position text, B11).
type Setup struct {
	// Pawns[side] holds the squares of that side's pawns.
	Pawns [2]hops.Bitboard `json:"pawns"`
	// Kinds holds the kind of the pawn on each square of Pawns (Blank to
	// King); the other squares' entries are ignored.
	Kinds [64]Kind `json:"kinds"`
	// Turned holds the pawns that have been turned over (B8) and are
	// still on the board.
	Turned hops.Bitboard `json:"turned"`
	// Fous holds each side's Fou square.
	Fous [2]hops.Square `json:"fous"`
	// Captured holds the number of opposing figures each side has
	// captured (B5), 0 to 5.
	Captured [2]int `json:"captured"`
	// ToMove is the side to move.
	ToMove hops.Side `json:"to_move"`
	// Continuing is true when the side to move must move its Fou again
	// after a capture (B9; the phase '+').
	Continuing bool `json:"continuing"`
}

// Setup returns the position's pieces.
func (p Position) Setup() Setup {
	st := &p.st
	s := Setup{Pawns: st.pawns, Turned: st.revealed, Fous: [2]hops.Square{p.Fou(White), p.Fou(Red)},
		ToMove: st.side, Continuing: st.plus, Captured: [2]int{int(st.captured[0]), int(st.captured[1])}}
	for b := st.pawns[0] | st.pawns[1]; b != 0; b &= b - 1 {
		s.Kinds[b.First()] = st.kind(b.First())
	}
	return s
}

// Position returns the position the setup describes, checked as Parse
// checks a text: every piece on the board and on its own square, every
// pawn of a kind from Blank to King, and the placement, material and
// phase of B1, B2, B5, B8, B9 and B11. An impossible setup is an
// *hops.Error of kind hops.ErrPosition.
func (s Setup) Position() (Position, error) {
	if err := engine.CheckSetup(bd, s.ToMove, "B11", "B2", s.Pawns[White], s.Pawns[Red]); err != nil {
		return Position{}, err
	}
	all := s.Pawns[White] | s.Pawns[Red]
	if s.Turned&^all != 0 {
		return Position{}, posErr("B8", "turned", "no pawn on %s to be turned over", (s.Turned &^ all).First())
	}
	var st state
	for side := range 2 {
		f := s.Fous[side]
		switch {
		case !bd.Contains(f):
			return Position{}, posErr("G1", "Fous", "the %s Fou is off the board", SideName(hops.Side(side)))
		case all.Has(f) || side == 1 && f == s.Fous[0]:
			return Position{}, posErr("B2", "Fous", "the %s Fou shares %s with another piece", SideName(hops.Side(side)), f)
		case !dark.Has(f):
			return Position{}, posErr("B7", "Fous", "the %s Fou is on %s: a Fou stands on dark squares only", SideName(hops.Side(side)), f)
		}
		if c := s.Captured[side]; c < 0 || c > 5 {
			return Position{}, posErr("B5", "captured", "%s captured %d figures: want 0 to 5", SideName(hops.Side(side)), c)
		}
		for b := s.Pawns[side]; b != 0; b &= b - 1 {
			sq := b.First()
			k := s.Kinds[sq]
			if k < Blank || k > King {
				return Position{}, posErr("B2", "kinds", "the pawn on %s is of no kind (want Blank to King)", sq)
			}
			st.sq[sq] = code(hops.Side(side), k)
		}
		st.captured[side] = uint8(s.Captured[side])
	}
	st.pawns, st.revealed, st.fou, st.side, st.plus = s.Pawns, s.Turned, s.Fous, s.ToMove, s.Continuing
	return engine.ParseSetupText(Parse, string(st.appendText(nil)))
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
