package hops

// CheckSetup makes the checks every game's Setup.Position starts with:
// toMove is one of the two sides (else an error under textRule, the rule
// of the game's position text), every set of pieces lies on board b (G1),
// and no two sets share a square (else an error under materialRule, the
// game's rule of one piece a square). The errors are of kind ErrPosition;
// the game goes on to check its material and placement.
func CheckSetup(b *Board, toMove Side, textRule, materialRule string, sets ...Bitboard) error {
	if toMove > Second {
		return Errorf(ErrPosition, textRule, "side", "side %d is neither the first nor the second", toMove)
	}
	var all Bitboard
	for _, set := range sets {
		if off := set &^ b.All(); off != 0 {
			return Errorf(ErrPosition, "G1", "pieces", "pieces off the %dx%d board", b.Size(), b.Size())
		}
		if both := set & all; both != 0 {
			return Errorf(ErrPosition, materialRule, "pieces", "two pieces on %s", both.First())
		}
		all |= set
	}
	return nil
}
