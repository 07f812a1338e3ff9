// Package coir implements Coir Circuit, the HOPS game of two-coloured
// pawns on a 6×6 board, following section C of the rule book (and the
// common rules G1 … G12), [RULES.md] at the root of the module. Rule ids
// appear in errors, docs and tests.
//
// # The game
//
// Twelve pawns, white on one face and black on the other, stand on a 6×6
// board; a player owns the pawns that show his colour (C1). In the main
// start White owns rank 1 and Black rank 6; in the variant start White
// owns A1 C1 E1 B2 D2 F2 and Black B6 D6 F6 A5 C5 E5 (C2). A turn (C4) is
// either one step of an own pawn to an adjacent empty square (eight
// directions), or a multi-jump of one own pawn followed by a step of any
// own pawn. Jumping an own pawn is a tactical jump; jumping an opposing
// pawn is an attack and turns that pawn to the mover's colour at once.
// Tactical jumps may only come before the first attack (C5), so a pawn
// turned in a move is never jumped again in it. A player whose turn
// starts with a single pawn plays it as a Dame (C6): it slides any
// distance in a straight line, or makes flying jumps, each over exactly
// one opposing pawn with any number of empty squares before and after
// it. A player wins when all twelve pawns show his colour (C3).
//
// Sides are White (hops.First) and Black (hops.Second). [Start],
// [StartWith], [StartVariant] and [StartVariantWith] give the two
// starts with either side to move first (G8); White moves first in the
// rule book.
//
// # Text formats
//
// A position (C8, G11) is written as six ranks from rank 6 down to rank
// 1, separated by '/', each from file A rightwards, with 'w' for a pawn
// showing White, 'b' for a pawn showing Black and a digit for a run of
// empty squares, then a space and the side to move, 'w' or 'b'. The main
// start is "bbbbbb/6/6/6/6/wwwwww w", the variant
// "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 w". [Parse] is strict: it reads only
// what [Position.String] writes, with exactly twelve pawns. A position
// whose side to move owns no pawn is a finished game; one whose other
// side owns no pawn cannot arise (a player's count only falls on the
// opponent's turn) and is refused.
//
// A move (C7, G12) is its first part, squares joined by '-', then for a
// turn with jumps one space and the step:
//
//	A3-A4                   a step alone
//	C1-E3-E5-C5-A3 A3-A4    jumps (start, then each landing), then the step
//	A1-D4                   a Dame's slide
//	A1-C3-C6 C6-D6          a Dame's flying jumps, by their landing squares
//	E5-C5-A3                jumps that win the game: no step follows
//
// Input accepts squares in either case, white space around the text and
// between the parts, and Unicode dashes for '-' ([hops.NormalizeMoveText]);
// output is the canonical text, in upper case. Attacks are
// written with '-' like every other hop: a text with 'x' is refused. A
// [Move] only records what is written, so a bare two-square text may be
// a step, a Dame's slide or a single winning jump: [Position.Validate]
// reads it from the position (a Dame's slide when every square on the way
// is empty, a step when the squares are adjacent, otherwise jumps).
//
// # Moves, validation and the canonical form
//
// [Position.Moves] yields exactly one move per distinct successor (G9):
// written moves that leave the same board are the same move. A multi-jump
// is identified by its pawn, where it ends and which pawns it turned,
// then the step by the board it leaves; a tactical jump and a step back,
// for instance, may give the board of a plain step, and then only the
// plain step is listed. The order, and the written form kept for each
// successor (the first one met in this order), is:
//
//  1. Without a Dame: every step alone, pawns from A1 upwards (A1, B1, …,
//     F1, A2, …), each to its empty neighbours from A1 upwards. With a
//     Dame: its slides, direction by direction (N, NE, E, SE, S, SW, W,
//     NW), nearest square first.
//  2. Then the multi-jumps, each written by one of its shortest paths,
//     ordered by number of squares and then by the order of the shared
//     search (pawns from A1 upwards; directions N first, clockwise; a
//     Dame's nearer landing first). After each, the jumps alone if they
//     win (C3), else every step in the order of item 1, over the board
//     the jumps leave.
//
// [Position.AppendMoves] and [Position.CountMoves] produce the same moves
// without allocating once their working memory is warm.
// [Position.Validate] and [Position.Play] accept any legal written form
// (any jump path, any step) and cost time proportional to the length of
// the written move; [Position.Turns] says which pawns a move turns;
// [Position.Canonical] turns any legal written form into the generated
// move with its effect, searching only the jumps that turn the same
// pawns from the starts that can give the same board.
// Errors are *hops.Error values naming the rule broken: C5 for a tactical
// jump after an attack or a jump over a pawn turned in the move, C4 for a
// missing step or a step that is not one square to an empty neighbour, C6
// for a Dame jump over two pawns or over its own colour, and for a Dame
// move (a long slide or a flying jump) by a player who owns more than one
// pawn, G5 for a square landed on twice, C3 for a step after winning
// jumps, G4 for a jump with nothing to jump over.
//
// For a user interface, [Position.At] says what stands on a square,
// [Position.Destinations] where a pawn can end its step, slide or jumps,
// [Position.Build] builds a turn click by click, offering at each click
// only what leads to a legal turn, and [Position.HasDame] says whether
// the side to move plays a Dame. [Setup] (or [NewPosition]) builds a
// position from its pawns, and [Position.Mirror] and [Move.Mirror]
// reflect the board left to right, which maps the game onto itself (so
// does turning the board half round while swapping the colours).
//
// # Decisions of the rule book, and of this package
//
// The sheet leaves points open; the package follows the rule book's
// decisions, and settled a few more itself:
//
//   - The main start is the sheet's Fig. 1 as the rule book reads it, and
//     the variant start (Fig. 1 bis, missing from the text) is the rule
//     book's reconstruction (C2).
//   - A jump that turns the opponent's last pawn ends the game at once:
//     no further jump, no step (C3).
//   - A multi-jump never lands twice on a square, its start included
//     (G5); the step after the jumps is free of that rule and may, for
//     instance, go back to the jumping pawn's start (C4).
//   - A Dame (C6) may fly over its start square and over squares it
//     landed on earlier in the move, but may not land on them again (G5
//     on landings only). A pawn it turned shows its colour, so it blocks
//     the Dame's flight and can never be jumped again; the package
//     reports such a jump under C6. A one-square slide is a step, and a
//     flying jump with no gap is an ordinary attack.
//   - The sheet's Fig. 4 prints "B6" for the second tactical jump of
//     A2-A4-C6; the rule book reads B5 (C9), and the tests do too.
//   - A player who has to move and has no legal move loses (G6); the
//     rules know no draw (G7). [Position.Outcome] reports C3 when the
//     side to move owns no pawn and G6 when it is stuck (or when no pawn
//     stands on the board, as in the zero Position); a move in a finished
//     game is refused under the rule that ended it.
//   - Package decisions: move texts write attacks with '-' and refuse
//     'x' (C7 prints none); a bare two-square text is read from the
//     position as said above; positions must hold exactly twelve pawns;
//     the canonical form and order are those described above; errors
//     about steps cite C4 and errors about what only a Dame may do cite
//     C6.
//
// # Perft
//
// Perft (G10) counts the leaves of the game tree; the main start gives
// the same counts with either side first, and so does the variant:
//
//	depth   main start     variant start
//	1               16               127
//	2              256            20,391
//	3           24,896         5,022,796
//	4        3,146,510     1,434,672,081
//	5      643,580,560
//
// A Dame among eleven opposing pawns can have over 25,000 jump paths and
// 190,000 distinct moves (the position "2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w");
// the generator lists them in under 10 ms.
//
// [RULES.md]: https://github.com/hopsgames/hops/blob/main/RULES.md
package coir
