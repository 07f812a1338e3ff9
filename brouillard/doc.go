// Package brouillard implements Brouillard au Palais, the HOPS game with
// hidden pieces, following sections G and B of the rule book, [RULES.md]
// at the root of the module (rule ids
// such as B8 are cited in errors, tests and below).
//
// Two players, White and Red, each set up seven pawns face down on the
// light squares of their two home ranks: two blanks and the five figures
// Nine, Ten, Jack, Queen, King. Each also has a Fou (bishop) on the dark
// squares. A turn is an optional pawn move and a compulsory Fou move; a
// Fou whose last jump goes over an opposing pawn may turn it over. The
// goal is to capture the opponent's five figures in the order Nine, Ten,
// Jack, Queen, King: a turned-over pawn that is the mover's current
// target is captured and the Fou moves again; any other pawn stays,
// shown to both players, and the turn ends.
//
// # Truth and views
//
// A Position is the true state, with every pawn's face; a server keeps
// it. A View (Position.View) is what one player knows (B4): his own
// pawns, the pawns turned over, and everything public. It does not hold
// the faces it does not know, so nothing it offers (text, hash, errors,
// methods) can reveal them. The moves of a View are those of the truth,
// in the same order, since legality never depends on a hidden face.
// Position.PlayReveal plays a move and returns a Reveal, the information
// it made public (which pawn was turned over, its face, whether it was
// captured); View.Play updates a view from the move and the Reveal, so a
// client follows the game from public information alone. View.Sample
// draws a true position consistent with a view, uniformly among the
// View.Consistent ones, for players that search hidden states.
//
// For a user interface, At says what stands on a square, Destinations
// where a pawn or the Fou can end its part of a decision, and Build
// builds a decision click by click, offering at each click only what
// leads to a legal decision; a View answers all three from public facts
// and its own pawns, as the Position does.
//
// # Setting up
//
// An Arrangement is the seven faces a player puts on his home squares
// (HomeSquares: the back rank B, D, F first, then the second rank A, C,
// E, G), written as seven letters such as "NTXXQJK". There are 2520
// (Arrangements, RandomArrangement). NewPosition and NewPositionWith set up a
// game from two arrangements; Start is the example start of the rule book
// and StartWith the same with either side first (G8). Setup describes any
// true position by its pieces (where each pawn stands and its face, which
// were turned over, the Fous, the captures, the phase), and
// Setup.Position builds it, checked as Parse checks a text.
//
// Reflecting the board left to right (file A becomes G) keeps the
// chequer, the home squares and the Fous' start squares, so it maps the
// game onto itself: Position.Mirror and Move.Mirror give the reflected
// position and decision.
//
// # Texts
//
// Position text (B11), fields separated by one space: the rows from rank
// 7 down to rank 1 (G11), the side to move (w or r), the number of Red
// figures White has captured, the number of White figures Red has
// captured, and the phase: '+' when the side to move must move its Fou
// again after a capture, '-' otherwise. Letters: F Fou, X blank, N Nine,
// T Ten, J Jack, Q Queen, K King, upper case for White and lower case for
// Red, a pawn turned over and still on the board followed by '!'. The
// start is
//
//	1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -
//
// View text (B12): the same, with the opposing pawns never turned over
// written P (White's) or p (Red's). White's view of the start is
// "1p1p1p1/p1pfp1p/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -". ParseView needs to
// be told whose view a text is: when every opposing pawn has been turned
// over, the text alone does not say.
//
// Move text (B10): the pawn's path, one space, the Fou's path, or the
// Fou's path alone; the Fou's last jump is written with 'x' instead of
// '-' when it turns the jumped pawn over: "D3-E2 E3-E5xC5",
// "D2-B2-B4-B6". Input accepts either case, white space around the text
// and between the parts, Unicode dashes for '-' and '×' for 'x'
// ([hops.NormalizeMoveText]); output is the canonical text.
//
// In JSON a [View] is its viewer's name and its view text,
// {"viewer":"Red","text":"..."}; positions and moves are their texts.
//
// # Records
//
// A complete record of a game (hops.Record) starts from the true position,
// so it holds both arrangements; hops.Record.Replay with Game checks it.
// PlayerRecord turns it into the record one player may keep: the Start
// tag holds that player's view, a View tag names the player, and each
// move that turned a pawn over carries what it revealed after " = " in the
// Reveal text ("D5 Ten captured"; see ParseReveal). ReplayView replays
// such a record from public information only. A player's record holds no
// hidden identity of the other side.
//
// # Canonical moves and their order
//
// One move per distinct successor (G9). A decision is determined by where
// the pawn goes (if one moves), where the Fou goes, and which pawn it
// turns over, so each such effect is written once:
//
//   - a pawn's step, or its shortest jump path to the end square (ties
//     broken by the shared flood fill's rule: direction order N, NE, ...
//     from the end backwards);
//   - a Fou's step, or its shortest jump path to the end square (same tie
//     rule) without turning over;
//   - for each opposing pawn that can be jumped last into that end square
//     and whose turning over changes something, the shortest path to the
//     square before the last jump that avoids the end square, then the
//     last jump marked 'x'.
//
// Order: first the Fou moves without a pawn move; then for each pawn of
// the side to move, from A1 upwards (A1, B1, ..., G1, A2, ...), its steps
// (NE, SE, SW, NW) and then its jumps by end square, each followed by the
// Fou moves it allows. Fou moves come as steps (NE, SE, SW, NW), then
// jumps by end square from A1 upwards, each end first without turning
// over, then turning over the pawn below, left of, right of and above the
// end square, in that order.
//
// [Position.Canonical] and [View.Canonical] turn any legal written form
// of a decision into that canonical form from its effect, without
// generating the others.
//
// Validate and Play accept every legal written form, in time
// proportional to its length (paths are checked with the shared
// hops.JumpRules.Follow), and report what is wrong with an *hops.Error
// that names the rule: for instance "Fou move D2-B4: jump 1 D2-B4 jumps
// over the other Fou: a Fou never does (B7)".
//
// # Decisions
//
// Where the original sheet is silent or ambiguous, the package follows
// the rule book's decisions:
//
//   - B1: A1 is dark; a square is dark when its file and rank indices
//     (from 0) add up to an even number. Pawns live on the 24 light
//     squares, Fous on the 25 dark ones.
//   - B3: the Fous start on D2 and D6.
//   - B4: a player knows the faces of all his own pawns.
//   - B9: after a capture, if the Fou cannot move, the turn simply ends.
//     A pawn move after which the Fou cannot move is not legal, and a
//     side that cannot move its Fou after any of its decisions loses
//     (G6).
//   - G5: within one jump path a piece never lands twice on a square, its
//     start included; it applies to each Fou move of a turn separately.
//   - G9: turning over a pawn already known to both players that is not
//     the target changes nothing: it is the same move as not turning it,
//     so it is accepted but never generated. A pawn turned over earlier
//     that has become the target is captured when turned over again.
//
// Points this package settles itself:
//
//   - A move is one decision (B9): in the middle of a turn (phase '+')
//     the same side moves again, with a Fou move only.
//   - After the King's capture the game is over, the loser is to move
//     with phase '-' (B11), and no move is legal.
//   - A Position text with phase '+' must belong to a side that has
//     captured at least one figure (a continuation follows a capture), in
//     addition to its Fou being able to move (B11).
//   - Parsing checks material exactly: each side has its two blanks and
//     the figures its opponent has not captured, each once; captured
//     figures are the first ones of the order (B5, B11); and no Nine is
//     turned over on the board, since a target turned over is captured
//     (B8).
//   - Move texts: ParseMove checks only the form; a mark 'x' anywhere but
//     on the Fou's last jump is judged by Validate (B8), as is a Fou path
//     written before a pawn path (B9). "out" is not a Brouillard square.
//   - View.Play checks the Reveal against what the view knows: it must
//     name the pawn the move turns over, a face that pawn can have, and
//     say "captured" exactly when the face is the mover's target.
//   - Outcome: the capture of the King wins (rule B5); a side to move
//     without a legal decision loses (rule G6). The rules know no draw
//     (G7); Hash lets a host count repetitions. A count shown to a
//     player is taken over his views (hops.Repetitions of the Views
//     ReplayView returns): two true positions that differ only by hidden
//     faces are one position to him (B12).
//
// # Perft
//
// Perft from the start (G10). The two arrangements of the start are not
// mirror images of each other, so the counts depend on who moves first:
//
//	depth  White first  Red first
//	1      70           70
//	2      5540         5540
//	3      643646       644424
//	4      83335512     83384907
//
// [RULES.md]: https://github.com/hopsgames/hops/blob/main/RULES.md
package brouillard
