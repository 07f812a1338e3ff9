package hops

// Piece is what stands on a square, in the terms every game shares; a
// position's At returns it. Each game keeps a richer typed accessor,
// Pawn, that gives the same facts in the game's own types (a Zapita
// pawn's power as an int, a Brouillard pawn's Kind ...).
type Piece struct {
	// Side owns the piece; it is First for a piece no side owns
	// (Neutral).
	Side Side
	// Neutral is true for a piece that belongs to neither side: Zapita's
	// bomb.
	Neutral bool
	// Letter is the piece's letter in the position text (G11), such as
	// 'C' for a White pawn of power 3 in Zapita, 'R' for Red's carrier in
	// Catch'it, 'q' for Red's Queen in Brouillard, or 'P' and 'p' for a
	// pawn whose face a Brouillard View does not know.
	Letter byte
	// Name says what the piece is in the game's words, for people:
	// "pawn 3", "bomb", "carrier", "pawn", "Fou", "Queen", "Queen, turned
	// over", "hidden pawn".
	Name string
}

// UI is what a user interface needs from a position of any game, beside
// the rules of Position: text and pictures to show, what stands where,
// and a move built from a person's clicks. Every game's Position
// satisfies UI[its Move], and so does a Brouillard View (which is not a
// Position, since playing a move on it needs what the move revealed), so
// generic code can draw and build moves in every game:
//
//	func show[M hops.Move](p hops.UI[M], last M) string { return p.Drawing(last).SVG() }
type UI[M Move] interface {
	// Builder builds a move click by click (see Builder).
	Builder[M]
	// ToMove returns the side whose decision it is.
	ToMove() Side
	// Outcome says whether the game is over and who won.
	Outcome() Outcome
	// String returns the position text, which the game's Parse reads.
	String() string
	// Diagram returns a text picture of the board, for terminals: one
	// line a rank from the top, the files' letters, then a line that
	// begins, in every game alike, with whose turn it is ("White to
	// move") or, once the game is over, with who won, why and by which
	// rule ("game over: Red won, <why> (<rule>)"); a game may add more
	// (Coir: "with a Dame"; Brouillard: the captured counts). A
	// drawing's caption says the same in short: "White to move", or
	// "Red won: <why>".
	Diagram() string
	// Drawing returns a picture of the position (render it with SVG),
	// with arrows along the given moves, in order: usually the move that
	// led here. The moves are not checked against the position.
	Drawing(last ...M) Drawing
	// At says what stands on square sq, or ok = false for an empty
	// square (and a square off the board).
	At(sq Square) (p Piece, ok bool)
	// Destinations returns the squares where the piece on from can end
	// its part of the move (the first thing a person does is click a
	// piece: these are the squares to light up). It is empty for a
	// square whose piece cannot move now.
	Destinations(from Square) Bitboard
}
