// Package catchit implements Catch'it, the HOPS game of the ball
// (rule book section K, common rules G: [RULES.md] at the root of the
// module).
//
// Two players, Blue and Red, have seven pawns each on a 7×7 board, Blue
// on rank 1 and Red on rank 7 (K1, K2). One pawn carries the ball.
// A turn moves two different pawns of the player (K7), each by a step to
// an adjacent empty square or by a chain of jumps over pawns of either
// side onto empty squares (K4, G4, G5). Jumping over the carrier may take
// the ball (K5). The ball moves at most once a turn, and the player whose
// pawn carries it at the start of the turn must move it exactly once
// (K8). Blue wins by carrying the ball off the board beyond rank 7, Red
// beyond rank 1 (K3, K6).
//
// # Positions
//
// A [Position] is an immutable value. Its text (K11, G11) lists the ranks
// from rank 7 down to rank 1, separated by '/', each from file A: 'b' a
// blue pawn, 'r' a red pawn, 'B' or 'R' the carrier, a digit a run of
// empty squares; then a space and the side to move, 'b' or 'r'. The
// start is
//
//	rrrrrrr/7/7/7/7/7/bbbBbbb b
//
// [Parse] is strict: the text of the result is exactly the input. A game
// in progress has seven pawns a side and exactly one carrier. A text
// without a carrier is a finished game: the side not to move has won and
// its winning pawn has left the board with the ball, so it has six pawns
// and the loser seven (K9, K11); anything else is rejected as an
// impossible position.
//
// # Moves
//
// A [Move] is a whole turn. Its text (K10, G12) is the two displacements
// separated by one space, each written as the squares the pawn occupies,
// joined by '-', or by 'x' before the landing of the jump that takes the
// ball: "D1-D2 C1-C2", "E2xC2-C4-A6 G7-G6". Leaving the board is the
// landing "out": "D6xD4-B2-out". A displacement that leaves the board
// wins and ends the turn, so it is the whole move if it comes first.
// [ParseMove] accepts squares, 'x' and "out" in either case, white space
// around the text and between the displacements, Unicode dashes for '-'
// and '×' for 'x' ([hops.NormalizeMoveText]); String writes the canonical
// text: upper-case squares, lower-case 'x' and "out", one space.
//
// [Position.Validate] and [Position.Play] accept any legal written form
// of a turn and report errors as *hops.Error values naming the
// displacement and the rule, such as
//
//	second displacement C1xE3: jump 1 C1-E3: the ball was already moved this turn (K8)
//
// For a user interface, [Position.At] says what stands on a square,
// [Position.Destinations] where a pawn can end the first displacement of
// a legal turn, and [Position.Build] builds a turn click by click,
// offering at each click only what leads to a legal turn.
// [Position.CanWinNow] says whether the side to move can carry the ball
// off the board this turn, [Setup] builds a position from its pawns and
// carrier, and [Position.Mirror] and [Move.Mirror] reflect the board left
// to right, which maps the game onto itself.
//
// # Generated moves and their canonical form
//
// [Position.Moves] yields one move per distinct successor position (G9),
// in a fixed order: the first displacement's pawn from A1 upwards (by
// rank, then file), then its outcomes (steps, then jumps that do not take
// the ball, then jumps that take it, each by end square from A1 upwards,
// then leaving the board), then, in the same order, every second
// displacement on the board the first one left. The first turn in that
// order that reaches a successor is the one yielded, so a turn whose
// two displacements could be played in either order is written with the
// pawn that comes first in that order first. Within a displacement, a step is preferred to
// jumps that end on the same square, and paths are shortest: for jumps
// that do not take the ball, a shortest path as the shared flood fill
// rebuilds it; for jumps that take it, the first shortest path of the
// shared jump search; for leaving the board, the shortest route, a step
// when the carrier stands on the last rank.
//
// [Position.Canonical] turns any legal written form of a turn into that
// generated turn from the turn's effect (the displacements in the other
// order, other routes to the same squares), without generating the
// others.
//
// # Rules the package follows
//
// Where the rule sheet is silent, the package follows the rule book's
// decisions, and a few points of its own:
//
//   - No square twice (G5): in one displacement a pawn never lands twice
//     on the same square, its start included; this is the sheet's ban on
//     jumping back and forth over a pawn, made general.
//   - A player who has no legal turn loses (G6); the rules know no draw
//     (G7). Either side may move first (G8, [StartWith]); the ball then
//     starts on that side's centre pawn.
//   - The two displacements of a turn are made by two different pawns
//     (K7). After a displacement that takes the ball, the former carrier
//     is an ordinary pawn and may make the other displacement.
//   - The ball moves once (K8): once it has moved, the carrier cannot be
//     displaced and no pawn may take it. A displacement of the carrier
//     always moves the ball. The defender may take it in either
//     displacement, or not at all; a defender who takes it may carry it
//     off the board in the same displacement.
//   - Leaving the board (K6): only a pawn carrying the ball leaves, by a
//     step from the last rank or a final jump from the rank before it over
//     a pawn of either side on the last rank; the landing may lie past a
//     corner. The text "out" does not say which pawn was jumped: it is a
//     step from the last rank, and from the rank before it a jump over
//     any pawn ahead of the mover, which all give the same result. A jump
//     written "xout" takes the ball from a carrier on the last rank and
//     leaves in the same jump. A step never follows jumps.
//   - After a win the pawn that left is off the board with the ball
//     (K9): the finished position has 13 pawns, no carrier, and the loser
//     to move. It has no moves, and its outcome names the winner (K3).
//   - A position in play is accepted with any placement of the fourteen
//     pawns and the carrier; only the material is checked.
//   - Moves that give the same successor are the same move (G9): for
//     instance two independent displacements in either order.
//
// # Perft
//
// Leaf counts of the game tree from the start (G10), the same with
// either side to move first:
//
//	depth  leaves
//	1      100
//	2      21600
//	3      6917480
//
// [Position.CountMoves] counts the distinct successors without building
// any move, and hops.Perft counts its last level with it: perft(3) from
// the start takes about 68 ms on one core of an AMD EPYC server, some
// 100 million leaves a second (BenchmarkPerftCatchit).
//
// [RULES.md]: https://github.com/hopsgames/hops/blob/main/RULES.md
package catchit
