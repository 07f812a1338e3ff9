// Package hops implements the rules of the four games of the HOPS series
// (Max Gerchambeau, 1983): Zapita, Catch'it, Coir Circuit and Brouillard
// au Palais. It validates a move a player submits and says which rule an
// illegal one breaks, generates legal moves fast (without allocating,
// into a reused slice), reads and writes positions, moves and whole game
// records as text, and draws positions as SVG.
//
// All four are played on a small square board (7×7, or 6×6 for Coir) by
// pieces that step to a neighbouring square like a chess king, or jump
// over an adjacent piece onto the free square beyond, chaining jumps in
// one move. The rule book, [RULES.md] at the root of the module, gives the
// rules of each game in full with stable ids (G1 … G12 for the common
// rules, Z… for Zapita, K… for Catch'it, C… for Coir, B… for Brouillard);
// docs, errors and tests cite the same ids. A program can show it too:
// RuleBook returns its text and RuleSection one game's rules.
//
// # Where to start
//
//   - The game packages: zapita, catchit, coir and brouillard. Each has
//     Start, Parse (a position text) and ParseMove (a move text), and a
//     Position value with Moves, Validate, Play, Outcome, Build (a move
//     click by click), Drawing and more. This is the fast, typed API.
//   - Package games: the registry of the four games by name, for programs
//     that handle every game alike (a server, a record reader).
//   - Package players: computer players for any game (random, searching,
//     and the search over sampled hidden states for Brouillard).
//   - [Game] and [State]: any game through text. A State checks and
//     plays move texts (any legal written form), gives the canonical
//     text of a move ([State.Canonical]), the legal moves, a diagram and
//     a picture, and the questions of [Analysis] (Key, Mirror, HasMoves,
//     CanWinNow).
//   - [Record]: a whole game as text, read, written and replayed.
//   - For user interfaces, the same names in every game, gathered in the
//     generic interface [UI] (which every game's Position and a Brouillard
//     View satisfy): a position's Drawing(last...) pictures it with the
//     move that led there, At says what stands on a square (a [Piece]),
//     Destinations where the piece on a square can end its part of the
//     move, and Build ([Builder]) builds a move from a person's clicks
//     ([Click]), offering at each click only what leads to a legal move,
//     with a preview of the position as the clicks leave it and a prompt
//     for the next click ([Built]); a move's Clicks lists the clicks that
//     build it.
//   - The same names for the same things in every game beyond the rules:
//     HasMoves, CanWinNow, Key (the exact position as a [StateKey]),
//     Mirror (the board's reflection that keeps the rules), the texts
//     (String; AppendTo, the same text appended to a buffer without
//     allocating; and the encoding interfaces AppendText, MarshalText and
//     UnmarshalText, which refuse a value built by hand whose text would
//     not read back), and Setup, a plain struct of a position's pieces
//     from which Setup.Position builds a position, checked as Parse
//     checks a text. What only one game has
//     (Zapita's bomb, Catch'it's carrier, Brouillard's Fous ...) has a
//     name of its own.
//   - Errors: every error the library makes is an [*Error] that wraps
//     one of [ErrSyntax], [ErrPosition] or [ErrIllegal], and one about a
//     game (a position, a move, a square) names the rule broken,
//     so a server can answer "second displacement C1xE3: jump 1 C1-E3:
//     the ball was already moved this turn (K8)" and still sort errors with
//     errors.Is and errors.As; [RuleOf] gives the rule's id. The rule book
//     has no rules for the library's own formats, so an error about a
//     record's form, a JSON value's shape or an unknown name cites none
//     (but a record's draw result, which the rules do not know, cites G7);
//     an error of the reader or writer a record is read from or written
//     to is returned as it is. An error
//     quotes at most [MaxQuote] bytes of its input ([Quote], [QuoteAt]),
//     around the fault, so its message stays short whatever the input.
//   - [Side], [Outcome] (which names the winner in the game's words and
//     has a JSON form), the [Position] interface that every game's
//     position satisfies, [Perft] and [Divide] (G10), [Canonical] (G9):
//     the generated form of any legal written move.
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
//     use [Recorder.Repetitions] (how many times the current position has
//     occurred), [Repetitions] over replayed positions, Hash and a ply
//     count.
//   - Either side may be set to move first (G8).
//   - Moves are their effects (G9): two written moves that lead to the
//     same successor are the same move. Move generators yield exactly one
//     move per distinct successor, in a canonical written form and a
//     deterministic order; validation accepts every legal written form.
//
// # Game records
//
// A [Record] stores a whole game of any of the four games as text, as PGN
// does for chess; [RecordReader] reads a stream of them (and says on
// which line each record and each of its moves is written) and
// [Record.Replay] checks every move. A [Recorder] builds a record as the
// game is played, checking each move. The format, in EBNF (one item a
// line, of at most [MaxRecordLine] bytes; spaces, tabs and carriage
// returns at the end of a line are ignored, and so is a byte order mark
// at the start of a line, where files were put end to end):
//
//	stream   = { blank | note } { record { blank | note } } .
//	record   = tag { tag } { blank } { comment | blank | note }
//	           { move { comment | blank | note } } result .
//	tag      = "[" name " " '"' value '"' "]" .            (Game and Start first)
//	name     = letter { letter | digit | "_" } .
//	value    = { char | '\"' | "\\" | "\n" | "\r" } .      (no bare '"' or '\')
//	move     = number ". " movetext [ " = " reveal ] [ " {" text "}" ] .
//	comment  = "{" text "}" .
//	text     = { char | "\}" | "\\" | "\n" | "\r" } .       (no bare '}' or '\')
//	note     = ";" { char } .                               (ignored)
//	result   = "1-0" | "0-1" | "*" .
//
// The Game tag holds the game's short name ([Game.Name]: zapita, catchit,
// coir, brouillard) and the Start tag the position text the game starts
// from; other tags (names of the players, Date, Event ...) are free, each
// name at most once. The writer puts Game and Start first; the reader
// also takes them among the other tags. The result says who won only
// when the last position says so ([Record.CheckResult]): a game ended
// otherwise, by a resignation say, ends with "*", and a tag such as
// Termination can say how. In tag values and comments a backslash starts an
// escape: \n for a line break and \r for a carriage return (which
// the writer escapes, so that no line end hides in a text), \\ for a
// backslash, and \" (in values) or \} (in comments) for the character
// that would end the text.
//
// Each move line holds one move in its game's move text (a Catch'it turn,
// a Brouillard decision), numbered 1, 2, 3 ... in the order played. A
// move text and a reveal hold no braces, no control characters and no
// Unicode line or paragraph separator; a move text does not contain
// " = ", nor end with " =" or a space, and a reveal does not begin or end
// with a space. A reveal says what a move made public beyond its text;
// only Brouillard records kept by one player need it (see the brouillard
// package).
//
// A comment line belongs to the move before it, or to the whole game
// ([Record.Comment]) before the first move. Comment lines are joined to
// the comment before them with one space, so a long comment can be
// written over several lines; the writer does so, splitting at spaces,
// when one line cannot hold it.
//
// The result says which side won: "1-0" the first side (White, Blue),
// "0-1" the second, "*" a game not finished. A record ends with a blank
// line when written, so records concatenate:
//
//	[Game "catchit"]
//	[Start "rrrrrrr/7/7/7/7/7/bbbBbbb b"]
//	[Blue "Ann"]
//
//	{a friendly game}
//	1. C1-C2 D1-D2 {the ball moves up}
//	2. ...
//	*
//
// [Record.Write] refuses, with an [*Error], a record whose text would not
// read back as the same record: a tag name that is not a name, a Game or
// Start tag among the other tags, a tag named twice, a move text or
// reveal the move line cannot hold, a line longer than [MaxRecordLine]
// (a comment too, if it has no space to split it at), or a result other
// than the three. Whatever the reader accepts, Write writes back. Reading
// takes time and memory linear in the length of the text.
//
// # JSON
//
// Every value of the library that a program may want to send encodes as
// JSON and reads back equal, or refuses to encode: positions, moves,
// paths ([Path]) and clicks ([Click]) as their texts; a [Side] as
// "first" or "second"; an [Outcome], an [*Error] (with its kind by name:
// "syntax", "position", "illegal", restored on reading so that errors.Is
// works), a [Built], a [Record] with the keys their documentation gives;
// a [State] as {"game":"catchit","position":"..."}. A State is read back
// through the registry of package games (games.State), as this package
// keeps no list of games. The zero value of a position, a move or a path
// (a field left empty: no move played yet) is written as the empty text,
// which reads back as the zero value; a parser (ParseMove, Parse) still
// refuses the empty text. What has no JSON form, a [Game] (send its
// Name), a [Board], a [Drawing] (send its SVG), the move search's
// working values and the computer players, makes json.Marshal fail with
// an *Error (see [NoJSON]) rather than write {}.
//
// Keys are in lower case, with an underscore between words ("to_move"),
// in every struct the library sends (each game's Setup, [Arrow], [Token],
// [DivideEntry], the players' Options and Result ...). Every value of
// the library read from JSON (records, setups, options, states ...)
// takes its keys exactly as written and each once, and a fixed number of
// entries where it has one (a side's pawns), where encoding/json alone
// matches keys in any case, ignores unknown ones and fills a short array
// with zero values, so that a misspelt key or a lost entry is an error
// rather than a field left empty.
//
// # Diagrams
//
// Each game draws its positions as a [Drawing] (the board, its special
// squares, the pieces, arrows along a move, highlighted squares), which
// [Drawing.SVG] renders as a standalone SVG 1.1 picture:
// p.Drawing(last).SVG() draws position p with the arrows of the move
// last.
//
// # Values, not objects
//
// Positions are immutable values: Play returns a new position and never
// changes the one it was called on, so any position can be shared by
// goroutines without locking, and so can the States, views, moves,
// records and errors. What holds working memory is for one goroutine at a
// time, and its documentation says so: a Recorder, a RecordReader, a
// JumpSearch, a Reach that ReachInto fills, and the players of the
// players package. Bad input never
// panics: malformed texts and illegal moves are reported as errors.
//
// # The engine the games share
//
// The rest of this package is the machinery the four game packages are
// built on and that a program reading positions and moves may also use;
// a program that only plays the games does not need it. (The games' own
// helpers for position texts, click building and drawing live in an
// internal package and are not part of the API.)
//
//   - Board geometry (G1, G2): [Square], [Dir], [Bitboard] and the two
//     boards [Board6] and [Board7], with neighbour and jump tables computed
//     once. Squares are written "D4"; input accepts either case.
//   - The multi-jump search that every game uses (G4, G5): [JumpRules]
//     describes what a game allows for one moving piece, [JumpSearch]
//     enumerates every legal path without allocating (a search guided by
//     its goal narrows the jumps of each landing with
//     [JumpSearch.Limit]), [JumpRules.Reach] finds the ends of a
//     multi-jump by flood fill when the path does not matter,
//     [Board.JumpLandings] is one level of such a flood fill for any set
//     of squares, and [JumpRules.Follow] checks a written path hop by
//     hop, saying which step fails with a [JumpError].
//   - Paths and their text (G12): [Path] (at most [MaxPath] squares),
//     [ParsePath], and [NormalizeMoveText], which every game's move parser
//     calls first so that white space, Unicode dashes and '×' are read as
//     people type them; output is always the canonical text.
//   - [StateKey], the exact key of a state that tells distinct successors
//     apart (G9), which every game's Key returns.
//   - [NewGame], which turns a typed game package into a [Game].
//
// [RULES.md]: https://github.com/hopsgames/hops/blob/main/RULES.md
package hops
