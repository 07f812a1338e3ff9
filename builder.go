package hops

// A user interface lets a person build a move by clicking squares: the
// piece, then each square it goes to, and so on for the other parts of the
// move (Catch'it's second pawn, Coir's step, Zapita's throws, Brouillard's
// Fou). Every game's Position is a Builder: given the clicks so far it
// says what may be clicked next and whether the clicks already make a
// legal move. A person can build every legal move this way, and nothing
// else.

// Click is one click of a person building a move: a square, and whether
// the hop onto it also acts on the piece it jumps over, as 'x' does in a
// move text (G12): Catch'it's pawn takes the ball (K5), Brouillard's Fou
// turns the pawn over (B8). Square is Outside for Catch'it's way off the
// board (K6).
type Click struct {
	Square Square
	Mark   bool
}

// Built is what a Builder says of the clicks made so far. M is the move
// type of the game (a string for a State).
type Built[M any] struct {
	// Next lists the clicks that may come next, in square order, an
	// unmarked click before the marked one on the same square; Outside
	// comes last.
	Next []Click
	// Complete reports whether the clicks so far make a whole legal move.
	// A complete build may still go on (a jump that could continue): the
	// interface then offers both.
	Complete bool
	// Move is the move the clicks make when Complete, in its canonical
	// form, the one the game's move generator yields (G9).
	Move M
}

// Builder builds a move click by click. Build returns an *Error that
// says which click breaks which rule when the clicks so far cannot be
// the beginning of any legal move.
type Builder[M Move] interface {
	Build(clicks []Click) (Built[M], error)
}
