// Package zapita implements Zapita, the HOPS game of the bomb (rule book
// section Z, with the common rules G: [RULES.md] at the root of the
// module).
//
// Two players, White and Khaki, each have six pawns of power 1, 1, 2, 2,
// 3 and 3 on a 7×7 board with two headquarters (HQ) and one bomb. A turn
// moves one pawn: a step to a neighbouring square, or a multi-jump over
// pawns of either side. A pawn that lands on the bomb throws it in a
// straight line as far as its power, either to rest on a square empty of
// pawns or to another of its side's pawns, which throws it again (a relay).
// The bomb coming to rest on the opponent's HQ wins.
//
// # Using the package
//
// [Start] and [StartWith] set up the game, [Parse] reads a position text
// and [Setup] builds a position from its pieces; a [Position] is an
// immutable value. [Position.Moves] and
// [Position.AppendMoves] generate the legal moves, [Position.Validate]
// explains why a move is illegal and [Position.Play] plays it. For a user
// interface, [Position.At] says what stands on a square (the bomb
// included; [Position.Pawn] gives a pawn's power as a number),
// [Position.Destinations] gives the squares a pawn may end on, and
// [Position.Build] builds a move click by click (the pawn, its landings,
// then each throw), offering at each click only what leads to a legal
// move. For a program that plays, [Move.Wins] tells a winning move
// without playing it, and [Position.Takers], [Position.BombRests] and
// [Position.CanWinNow] say what either side could do with the bomb on
// its next move without generating the moves. [Game] handles the game
// through text, as the other games of the series.
//
// # Sides and squares
//
// White is [hops.First] and Khaki [hops.Second]. Khaki starts on the A
// file and its HQ is A4; White starts on the G file and its HQ is G4
// (Z1). The rule book settles which HQ is whose (decision): the sheet's
// Fig. 8 throws the bomb to G4 as the opposing HQ of Khaki. The start
// (Z2, decision on the order) puts each side's pawns on its file in the
// order 1, 2, 3, HQ, 3, 2, 1 from rank 1 upwards, the bomb on D4, and
// White moves first; [StartWith] lets either side begin (G8).
//
// # Position text (Z8)
//
// Seven ranks from rank 7 down to rank 1, separated by '/', each from file
// A rightwards: 'A', 'B', 'C' for White pawns of power 1, 2, 3, 'a', 'b',
// 'c' for Khaki ones, '*' for the bomb, a digit for a run of empty squares
// (an HQ is written like any empty square). Then one space and the side to
// move, 'w' or 'k'. The start is
//
//	a5A/b5B/c5C/3*3/c5C/b5B/a5A w
//
// Parsing is strict and the round trip with String is exact: each side
// must have two pawns of each power, no pawn may stand on an HQ, there is
// exactly one bomb, and the bomb stands on an HQ only in a finished game,
// where the side to move is the one that lost (the winner cannot be the
// one to move, as the winning throw ended its turn).
//
// # Move text (Z7)
//
// The moving pawn's path, its squares joined by '-', then for each throw
// '*' and the throw's landing square: "D2-B2*D4*G4" is a jump from D2 over
// C2 onto the bomb on B2, a throw to the own pawn on D4 and a throw from
// there to G4. A step is "G1-F1". Input accepts either case, white space
// around the text and around each '*', and Unicode dashes for '-'
// ([hops.NormalizeMoveText]);
// output is the canonical text, in upper case. A text of more than six throws is rejected at once under Z6
// (one of the six pawns would throw twice).
//
// # Rules as implemented
//
//   - A step goes to a neighbouring square (8 directions) with no pawn,
//     never to an HQ. A multi-jump (G4, G5) goes over pawns of either
//     side, never over the bomb, and lands on squares with no pawn; it may
//     cross an HQ but not end on one. Steps never combine with jumps.
//   - The bomb's square can be the landing of a step, of a single jump or
//     of the last jump, never of an earlier one (Z4). A pawn that gets
//     there takes the bomb's place and must throw it; a move that reaches
//     the bomb without any legal throw chain is illegal.
//   - A throw (Z5) by a pawn of power p flies 1 to p squares in one of the
//     8 directions. It is blocked by an opposing pawn of power p or more
//     on a square it passes over; own pawns, weaker opposing pawns, empty
//     squares and HQs do not block. It lands either on a square with no
//     pawn, where the bomb rests and the move ends, or on one of the
//     mover's pawns, which throws again (Z6). It never lands on an
//     opposing pawn, nor on the mover's own HQ (decision: a bomb resting
//     there could never be reached again). The mover's vacated start
//     square is empty and a valid resting square.
//   - Each pawn throws at most once in a turn, the first thrower included
//     (decision; it changes no outcome, since a pawn's second throw could
//     have been its first): a pawn that has thrown cannot take the bomb
//     again, though the bomb may fly over it. Every thrower of a chain
//     uses the mover's own HQ for the ban above.
//   - No square twice (G5, decision): within one multi-jump the pawn
//     never lands on a square it already occupied in the move, its start
//     included; it may jump the same pawn more than once.
//   - The game ends when the bomb comes to rest on an HQ: the side whose
//     opponent's HQ it is wins (Z3). A side to move with no legal move
//     loses (G6, decision). There are no draws (G7).
//
// # Points this package settles
//
// The rule book leaves a few details to the implementation; this package
// decides them as follows.
//
//   - A position text with the bomb on an HQ is a finished game and must
//     name the loser as the side to move; the other way round is an
//     impossible position (Z3).
//   - A move text of more than six throws is refused by ParseMove with an
//     illegal-move error under Z6, since one pawn would throw twice.
//   - Moving a pawn of the side not to move, or from an empty square, is
//     an error under Z4 (a move is one of the mover's own pawns); any
//     move in a finished game is an error under the rule that ended it
//     (Z3, or G6 for a side left without a move); a hand-built Move with
//     a square off the board is an error under G1.
//   - Position.Build offers as relays only the pawns from which the bomb
//     can still be brought to rest, an HQ only when a jump leads on from
//     it, and the bomb only when some throw chain rests it, so that a move
//     built click by click never runs into a dead end.
//   - The canonical relay chain and the order of moves follow the search
//     order described below.
//
// # Moves and their canonical form (G9)
//
// Two moves are the same when they lead to the same position: here, when
// they move the same pawn to the same square and leave the bomb on the
// same square. The generator yields one move per such successor, written
// in canonical form:
//
//   - the path is the step when the end square is a neighbour (a jump
//     keeps the parity of both file and rank, so no jump ends next to its
//     start), otherwise a multi-jump of the fewest jumps, as rebuilt by
//     [hops.Reach.Path] (ties broken by direction, N first and clockwise,
//     from the end square backwards);
//   - the throw chain, for a move onto the bomb, has the fewest throws.
//     Ties are broken by a breadth-first search over the mover's pawns:
//     the first thrower, then the pawns it can pass the bomb to in square
//     order (A1, B1, ..., G1, A2, ..., G7), then the pawns those can pass
//     it to, and so on, each pawn taken once; a resting square is credited
//     to the first thrower in this order that can throw the bomb there.
//
// [Position.Canonical] turns any legal written form of a move into that
// canonical form from the move's effect, without generating the others.
//
// Moves come in a fixed order: the moving pawns by square (A1, B1, ...,
// G7), each pawn's end squares in the same order, and a move onto the
// bomb once for each resting square of the bomb, again in square order.
// Validate and Play accept every legal written form, not only the
// canonical one, in time proportional to the move's length.
//
// # Errors
//
// Every error is an [*hops.Error]. Parse reports ErrSyntax (bad text) or
// ErrPosition (impossible material, a pawn on an HQ, no bomb or two bombs,
// a finished game with the winner to move). Validate reports ErrIllegal
// with the rule broken and the part at fault: "path F2-D2-B4", "throw 2
// D4*G4". Among them: a move ending on an HQ, jumping the bomb or landing
// on it before its last jump (Z4); a throw too long for the thrower's
// power, out of line, blocked (naming the blocking pawn and its square),
// landing on an opposing pawn or on the mover's own HQ (Z5); a relay pawn
// that takes the bomb a second time, a chain that ends on a relay pawn, a
// throw after the bomb came to rest (Z6); a path that reaches the bomb with
// no throw, or throws without reaching it (Z7). Faults of the jump geometry
// keep the common rule ids (G4, G5). A move in a finished game is refused
// under the rule that ended it (Z3 or G6), whatever else is wrong with it.
//
// # Symmetry
//
// Both HQs lie on rank 4, so reflecting the board top to bottom (rank r
// becomes rank 8-r) maps the game onto itself: [Position.Mirror] and
// [Move.Mirror] give the reflected position and move: the reflection of
// each legal move is legal in the reflected position and leads to the
// reflection of where the move leads. The reflected position generates
// one move per effect, like any other, so its written form may differ
// from the reflected text ([Position.Canonical] gives it). Reflecting
// left to right (file A becomes G) while swapping the colours and the side
// to move is a symmetry too: the HQs trade places with the sides.
//
// # Perft (G10)
//
// Leaf counts from the start, White first (Khaki first gives the same
// numbers, the game seen in a mirror):
//
//	depth  leaves
//	1      16
//	2      256
//	3      5696
//	4      126736
//	5      3511308
//	6      99877280
//	7      3495713720
//
// [RULES.md]: https://github.com/hopsgames/hops/blob/main/RULES.md
package zapita
