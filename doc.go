// Package hops implements what the four games of the HOPS series (Max
// Gerchambeau, 1983) have in common: Zapita, Catch'it, Coir Circuit and
// Brouillard au Palais. Each game lives in its own package (zapita,
// catchit, coir, brouillard) built on this one.
//
// All four are played on a small square board (7×7, or 6×6 for Coir) by
// pieces that step to a neighbouring square like a chess king, or jump
// over an adjacent piece onto the free square beyond, chaining jumps in
// one move. The rule book the library follows cites its rules by stable
// ids (G1 … G12 for the common rules, Z… for Zapita, K… for Catch'it, C…
// for Coir, B… for Brouillard); docs, errors and tests use the same ids.
//
// # What this package provides
//
//   - Board geometry (G1, G2): [Square], [Dir], [Bitboard] and the two
//     boards [Board6] and [Board7], with neighbour and jump tables computed
//     once. Squares are written "D4"; input accepts either case.
//   - The multi-jump search that every game uses (G4, G5): [JumpRules]
//     describes what a game allows for one moving piece, [JumpSearch]
//     enumerates every legal path without allocating, [JumpRules.Reach]
//     finds the ends of a multi-jump by flood fill when the path does not
//     matter, and [JumpRules.Follow] checks a written path hop by hop.
//   - Paths and their text (G12): [Path], [ParsePath].
//   - What the games share: [Side], [Outcome], the [Position] interface
//     that every game's position satisfies, [Perft] and [Divide] (G10),
//     the position text helpers [SplitFields], [ParseRows] and
//     [AppendRows] (G11), Zobrist keys, and [StateSet] to keep one move
//     per distinct successor (G9).
//   - [Game] and [State]: any game through text, for servers, record
//     readers and command-line tools; each game package exports its Game
//     (catchit.Game, zapita.Game, coir.Game, brouillard.Game).
//   - Game records ([Record]) and pictures ([Drawing]), described below.
//   - For user interfaces, the same names in every game: a position's At
//     says what stands on a square, Destinations where the piece on a
//     square can end its part of the move, and Build ([Builder]) builds a
//     move from a person's clicks ([Click]), offering at each click only
//     what leads to a legal move; a move's Clicks lists the clicks that
//     build it.
//   - Errors: every error the library returns is an [*Error] that wraps
//     one of [ErrSyntax], [ErrPosition] or [ErrIllegal] and names the rule
//     broken, so a server can answer "second displacement C1-C3: the ball
//     was already moved this turn (K8)" and still sort errors with
//     errors.Is and errors.As.
//
// # Rules the library settles
//
// Where the original rule sheets leave a point open, the library follows
// the rule book's decision; the points common to all games are:
//
//   - No square twice (G5): in one multi-jump a piece never lands on a
//     square it already occupied during the move, its start included. A
//     piece may still be jumped over more than once.
//   - A player with no legal move loses (G6); the rules know no draw (G7),
//     so a game runs until someone wins. Hosts that want a draw rule can
//     use Hash and a ply count.
//   - Either side may be set to move first (G8).
//   - Moves are their effects (G9): two written moves that lead to the
//     same successor are the same move. Move generators yield exactly one
//     move per distinct successor, in a canonical written form and a
//     deterministic order; validation accepts every legal written form.
//
// # Game records
//
// A [Record] stores a whole game of any of the four games as text, as PGN
// does for chess; [RecordReader] reads a stream of them and
// [Record.Replay] checks every move. The format, in EBNF (one item a line;
// trailing spaces are ignored):
//
//	stream  = { blank | note } { record { blank | note } } .
//	record  = tag { tag } { blank } { move | comment | blank | note } result .
//	tag     = "[" name " " value "]" .                  (first Game, then Start)
//	name    = letter { letter | digit | "_" } .
//	value   = '"' { char | '\"' | '\\' } '"' .
//	move    = number ". " movetext [ " = " reveal ] [ " {" text "}" ] .
//	comment = "{" text "}" .                           (joins the previous move's)
//	note    = ";" text .                               (ignored)
//	result  = "1-0" | "0-1" | "*" .
//
// The Game tag holds the game's short name ([Game.Name]: zapita, catchit,
// coir, brouillard) and the Start tag the position text the game starts
// from; other tags (names of the players, Date, Event ...) are free. Each
// move line holds one move in its game's move text (a Catch'it turn, a
// Brouillard decision), numbered from 1 in the order played. The result
// Move numbers count 1, 2, 3 ... A reveal says what a move made public
// beyond its text; only Brouillard records kept by one player need it
// (see the brouillard package). The result
// says which side won: "1-0" the first side (White, Blue), "0-1" the
// second, "*" a game not finished. Text in braces may not contain '}'.
// A record ends with a blank line when written, so records concatenate:
//
//	[Game "catchit"]
//	[Start "rrrrrrr/7/7/7/7/7/bbbBbbb b"]
//	[Blue "Ann"]
//
//	1. D1-D2 C1-C2 {the ball moves up}
//	2. ...
//	*
//
// # Diagrams
//
// Each game draws its positions as a [Drawing] (the board, its special
// squares, the pieces, arrows along a move, highlighted squares), which
// [Drawing.SVG] renders as a standalone SVG 1.1 picture.
//
// # Values, not objects
//
// Positions are immutable values: Play returns a new position and never
// changes the one it was called on, so any position can be shared by
// goroutines without locking. Bad input never panics: malformed texts and
// illegal moves are reported as errors.
package hops
