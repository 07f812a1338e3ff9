package hops

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Side is one of the two players. Each game names its sides (zapita.White
// and zapita.Khaki, catchit.Blue and catchit.Red, ...); First is the side
// the rule sheet sets up on the lower ranks (or, in Zapita, on the G file)
// and lets move first by default.
//
// A Side alone does not know its game, so its text (String, and
// MarshalText for JSON) is "first" or "second". Values that know their
// game use the game's names: an Outcome's WinnerName, the games' position
// and view texts, records and Brouillard's View in JSON.
//
// Only First and Second are sides. A function that takes a Side and
// cannot refuse (a position's Captured, a game's Start ...) reads its
// lowest bit, so Side(5) acts as Second; String writes another value as
// "Side(5)", MarshalText refuses it, and the functions that return an
// error (games.ViewOf, games.ParseView ...) refuse it.
type Side uint8

// The two sides.
const (
	First  Side = 0
	Second Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

// String returns "first" or "second"; the game packages print their own
// names for the sides.
func (s Side) String() string {
	switch s {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Outcome says whether a game is over and, if so, who won and by which
// rule. The rules know no draw (G7): a game goes on until a side wins.
//
// In JSON an outcome reads {"over":false} while the game goes on, and
// {"over":true,"winner":"Red","side":"second","rule":"K3","reason":"..."}
// once it is decided: "winner" is the game's name for the side, "side"
// the Side itself, which decoding restores from it.
type Outcome struct {
	Over       bool   // the game is finished
	Winner     Side   // the winning side, when Over
	WinnerName string // the game's name for the winner, such as "Red", when Over; empty if unknown
	Rule       string // the rule id that decided the game, such as "K3" or "G6"
	Reason     string // a short English sentence, such as "Red carried the ball beyond rank 1"
}

// Ongoing is the outcome of a game that goes on: the zero Outcome. The
// library returns the zero Outcome itself, not this variable, so that an
// assignment to it changes no outcome the library gives; Outcome.Over
// tells a finished game.
var Ongoing = Outcome{}

// Win returns the outcome of a game won by the given side under a rule;
// name is the game's name for the winner ("Red"), which String and JSON
// print.
func Win(winner Side, name, rule, reason string) Outcome {
	return Outcome{Over: true, Winner: winner, WinnerName: name, Rule: rule, Reason: reason}
}

// String describes the outcome in the game's own words, such as "Khaki
// wins: the bomb reached White's headquarters (Z3)"; an outcome built
// without the winner's name says "first side wins: ...".
func (o Outcome) String() string {
	if !o.Over {
		return "game goes on"
	}
	who := o.winner()
	if o.Rule == "" { // a win outside the rules, such as a resignation
		return fmt.Sprintf("%s wins: %s", who, o.Reason)
	}
	return fmt.Sprintf("%s wins: %s (%s)", who, o.Reason, o.Rule)
}

// Err returns nil while the game goes on, and once it is over the error
// of a move played after its end: an *Error of kind ErrIllegal under the
// rule that ended it, such as "the game is over: Red wins: Red carried
// the ball beyond rank 1 (K3)".
func (o Outcome) Err() error {
	if !o.Over {
		return nil
	}
	return Errorf(ErrIllegal, o.Rule, "", "the game is over: %s wins: %s", o.winner(), o.Reason)
}

// winner names the winning side: the game's name for it, or "first
// side" when the outcome does not say it.
func (o Outcome) winner() string {
	if o.WinnerName != "" {
		return o.WinnerName
	}
	return o.Winner.String() + " side"
}

// The kinds of error the library returns. Every error it returns wraps
// exactly one of them, so a caller can sort failures with errors.Is, and
// is an *Error, so errors.As gives the rule that was broken. In JSON a
// kind is its name, "syntax", "position" or "illegal", as in an Error's
// JSON.
var (
	// ErrSyntax: a position, move or square text does not have the
	// required form.
	ErrSyntax error = &errorKind{"malformed text", "syntax"}
	// ErrPosition: a position text is well formed but describes a state
	// the game cannot reach (wrong material, two carriers, ...).
	ErrPosition error = &errorKind{"impossible position", "position"}
	// ErrIllegal: a move is well formed but breaks a rule in the position
	// it is played in.
	ErrIllegal error = &errorKind{"illegal move", "illegal"}
)

// errorKind is the type of the three kinds of error.
type errorKind struct{ text, name string }

func (k *errorKind) Error() string { return k.text }

// Error is the error type of the whole library. Its text reads
// "<where>: <what> (<rule>)", for instance
// "second displacement C1xE3: jump 1 C1-E3: the ball was already moved
// this turn (K8)".
type Error struct {
	Kind  error  // ErrSyntax, ErrPosition or ErrIllegal
	Rule  string // the rule id in the rule book, such as "G5"; may be empty
	Where string // which part of the input is at fault; may be empty
	Msg   string // what is wrong

	at int // 1 + the byte offset of the fault in the text being read, 0 if unknown
}

// Errorf builds an *Error of the given kind; the game packages use it so
// that all errors share one shape.
func Errorf(kind error, rule, where, format string, args ...any) *Error {
	return &Error{Kind: kind, Rule: rule, Where: where, Msg: fmt.Sprintf(format, args...)}
}

func syntaxErrorf(rule, where, format string, args ...any) *Error {
	return Errorf(ErrSyntax, rule, where, format, args...)
}

// Error returns the message.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Rule != "" {
		b.WriteString(" (")
		b.WriteString(e.Rule)
		b.WriteString(")")
	}
	return b.String()
}

// Unwrap returns the kind, so that errors.Is(err, ErrIllegal) works.
func (e *Error) Unwrap() error { return e.Kind }

// In returns a copy of the error whose Where is prefixed with the given
// context, as "second displacement C1-C3: square B2: ...".
func (e *Error) In(where string) *Error {
	c := *e
	if c.Where == "" {
		c.Where = where
	} else if where != "" {
		c.Where = where + ": " + c.Where
	}
	return &c
}

// ErrorIn locates err in a part of a larger input: an *Error, or the
// *Error that err wraps (without the errors wrapped around it), comes
// back as a copy with where prefixed to its Where (see Error.In); any
// other error, and nil, come back unchanged.
func ErrorIn(err error, where string) error {
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e.In(where)
	}
	return err
}

// ErrorInMove locates err, an error about the text of move number n of a
// game or record, as Replay does: `move 12 "D1-D3": ...`. An error that
// is located in the move already (its Where begins with "move": the
// move's text quoted around its fault, a part of the move such as
// `move: path "..."`, or the move's text itself, unquoted, in any case)
// gets the number alone, so that the text is quoted once. Like ErrorIn,
// it returns a copy of the *Error that err is or wraps, and any other
// error, and nil, unchanged.
func ErrorInMove(err error, n int, text string) error {
	var e *Error
	if !errors.As(err, &e) || e == nil {
		return err
	}
	// The move named by its text (as Coir names a path that is the whole
	// move): its number and the quoted text replace it.
	if rest, ok := strings.CutPrefix(e.Where, "move "); ok && text != "" && strings.EqualFold(rest, text) {
		c := *e
		c.Where = "move " + strconv.Itoa(n) + " " + Quote(text)
		return &c
	}
	// An error located in the move already ("move", then the quote of
	// its text, or of its part around the fault with "…" before it, or
	// a part of the move after a colon) gets the number after "move".
	if rest, ok := strings.CutPrefix(e.Where, "move"); ok && (rest == "" || strings.HasPrefix(rest, ":") ||
		strings.HasPrefix(rest, ` "`) || strings.HasPrefix(rest, ` …"`)) {
		c := *e
		c.Where = "move " + strconv.Itoa(n) + rest
		if rest == "" {
			c.Where += " " + Quote(text)
		}
		return &c
	}
	return e.In("move " + strconv.Itoa(n) + " " + Quote(text))
}

// RuleOf returns the rule id carried by err, or "" if err is not (and
// does not wrap) an *Error.
func RuleOf(err error) string {
	var e *Error
	if errors.As(err, &e) && e != nil {
		return e.Rule
	}
	return ""
}

// Move is what every game's move type provides: its canonical text.
type Move interface {
	comparable
	String() string
}

// Position is the behaviour that every game's position type P, with move
// type M, has in common. Positions are immutable values: Play returns a
// new position and leaves its receiver unchanged. Generic tools (Perft,
// Divide, the players in the examples) are written against it.
type Position[P any, M Move] interface {
	// ToMove returns the side whose decision it is.
	ToMove() Side
	// Moves yields the legal moves: exactly one per distinct successor
	// (G9), in a deterministic order. A finished game has none. It may
	// allocate (some games generate every move before the first);
	// AppendMoves into a reused slice is the form that does not.
	Moves() iter.Seq[M]
	// AppendMoves appends the moves that Moves yields, in the same order,
	// to dst and returns the extended slice; with enough capacity it does
	// not allocate.
	AppendMoves(dst []M) []M
	// CountMoves returns the number of moves Moves would yield.
	CountMoves() int
	// Validate returns nil if m is legal here, or an *Error that says
	// which part of it breaks which rule. In a finished game every move
	// is refused under the rule that ended it (Outcome.Err), unless its
	// text could not be a move at all (ErrSyntax).
	Validate(m M) error
	// Play returns the position after m, or the error Validate gives.
	Play(m M) (P, error)
	// Outcome says whether the game is over and who won.
	Outcome() Outcome
	// String returns the position text, which the game's Parse reads.
	String() string
	// Hash returns a 64-bit hash of the position; equal positions hash
	// equal.
	Hash() uint64
}

// Analysis is what every game's position has, beside Position, for
// programs that study the games: an exact key, the game's symmetry and
// quick questions a search asks at every node. It is kept apart from
// Position so that a position type of your own needs none of it to work
// with Perft and the players; code that wants both constrains its type
// parameter by both:
//
//	func solve[P interface {
//		hops.Position[P, M]
//		hops.Analysis[P]
//	}, M hops.Move](p P) { ... }
type Analysis[P any] interface {
	// Key returns the whole position packed into a StateKey: equal keys,
	// equal positions, without the collisions of Hash.
	Key() StateKey
	// Mirror returns the position reflected by the game's symmetry, which
	// keeps the rules: its moves are the reflections of this position's.
	Mirror() P
	// HasMoves reports whether the side to move has a legal move,
	// stopping at the first one.
	HasMoves() bool
	// CanWinNow reports whether the side to move can win by the game's
	// goal with its next move, cheaply, without playing the moves.
	CanWinNow() bool
}

// Perft counts the leaf nodes of the game tree of the given depth below
// p (G10): 1 at depth 0 (or below), otherwise the sum over p's moves of
// the perft of the successors at depth-1. The last level is counted with CountMoves,
// without playing the moves. A generated move that fails to play is a bug
// in the game package, and Perft panics on it rather than return a wrong
// count.
func Perft[P Position[P, M], M Move](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One move buffer a level, made as the count goes down: a depth far
	// beyond any tree counted (a depth read from a user) costs nothing
	// where the moves run out.
	bufs := make([][]M, 0, min(depth, 32))
	return perft(p, depth, 0, &bufs)
}

// perft counts the tree of depth depth below p, level levels below the
// root, with (*bufs)[level] as its move buffer.
func perft[P Position[P, M], M Move](p P, depth, level int, bufs *[][]M) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	if level == len(*bufs) {
		*bufs = append(*bufs, nil)
	}
	moves := p.AppendMoves((*bufs)[level][:0])
	(*bufs)[level] = moves
	var n uint64
	for i := range moves {
		next, err := p.Play(moves[i])
		if err != nil {
			panic(fmt.Sprintf("hops: generated move %s does not play in %s: %v", moves[i], p, err))
		}
		n += perft(next, depth-1, level+1, bufs)
	}
	return n
}

// DivideEntry is one line of Divide: a move and the perft of its successor.
type DivideEntry[M Move] struct {
	Move  M      `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// UnmarshalJSON reads the JSON form of a line of Divide, its keys written
// exactly and each once (see DecodeJSON).
func (d *DivideEntry[M]) UnmarshalJSON(data []byte) error {
	type plain DivideEntry[M]
	return decodeWhole(data, (*plain)(d), "divide")
}

// Divide returns, for each move of p in generation order, the perft of
// depth depth-1 of its successor: the per-move breakdown of
// Perft(p, depth) that is used to find where two move generators
// disagree. It returns nil for a depth below 1.
func Divide[P Position[P, M], M Move](p P, depth int) []DivideEntry[M] {
	if depth < 1 {
		return nil
	}
	var out []DivideEntry[M]
	for m := range p.Moves() {
		next, err := p.Play(m)
		if err != nil {
			panic(fmt.Sprintf("hops: generated move %s does not play in %s: %v", m, p, err))
		}
		out = append(out, DivideEntry[M]{Move: m, Nodes: Perft(next, depth-1)})
	}
	return out
}

// Canonical returns the move of p's generator that has the same effect as
// m (G9): the written form the library prints for it, whichever legal
// form m was written in (another route to the same landing, Catch'it's
// displacements in the other order, ...). It returns the error of
// Validate for an illegal m.
//
// When p has a method Canonical(M) (M, error) (every game of this module
// does) Canonical calls it: it works the canonical form
// out of the move's own effect, searching only the moving piece's paths,
// mostly within a few times the cost of Play. For other position types it
// generates p's moves and plays them until one leads where m does.
func Canonical[P Position[P, M], M Move](p P, m M) (M, error) {
	if c, ok := any(p).(canonicalizer[M]); ok {
		return c.Canonical(m)
	}
	return canonicalByMoves(p, m)
}

// canonicalByMoves is Canonical for a position type without a method
// Canonical: it plays p's moves until one leads where m does.
func canonicalByMoves[P Position[P, M], M Move](p P, m M) (M, error) {
	next, err := p.Play(m)
	if err != nil {
		return m, err
	}
	moves := p.AppendMoves(nil)
	if slices.Contains(moves, m) {
		return m, nil // already canonical: no successor to compare
	}
	h, text := next.Hash(), ""
	for _, c := range moves {
		q, err := p.Play(c)
		if err != nil || q.Hash() != h {
			continue
		}
		if text == "" {
			text = next.String()
		}
		if q.String() == text {
			return c, nil
		}
	}
	// Every legal move has the effect of a generated one (G9): reaching
	// here is a bug in the game package, reported rather than hidden.
	return m, Errorf(ErrIllegal, "G9", m.String(), "no generated move has the same effect")
}

// canonicalizer is a position that finds the canonical form of a move
// itself: Canonical(m) validates m and returns the move the position's
// generator yields for the same successor (G9), or Validate's error. The
// positions of the four games (and Brouillard's View) implement it.
type canonicalizer[M Move] interface {
	Canonical(m M) (M, error)
}

// StateKey identifies a game state exactly (not by hash): up to three
// 64-bit words that a game packs its board into. Move generators use it
// to keep one move per distinct successor (G9).
//
// Its text, which JSON carries as a string and which can key a JSON
// object, is the three words in order, each as 16 hexadecimal digits: a
// JSON number would lose bits in a client that reads numbers as doubles
// (53 bits), and two distinct keys could then read the same.
type StateKey [3]uint64

// String returns the key's text: 48 lower-case hexadecimal digits.
func (k StateKey) String() string { return string(k.AppendTo(nil)) }

// AppendTo appends the key's text to b.
func (k StateKey) AppendTo(b []byte) []byte {
	const digits = "0123456789abcdef"
	for _, w := range k {
		for shift := 60; shift >= 0; shift -= 4 {
			b = append(b, digits[w>>uint(shift)&15])
		}
	}
	return b
}

// AppendText appends the key's text to b (encoding.TextAppender).
func (k StateKey) AppendText(b []byte) ([]byte, error) { return k.AppendTo(b), nil }

// MarshalText returns the key's text.
func (k StateKey) MarshalText() ([]byte, error) { return k.AppendTo(nil), nil }

// UnmarshalText reads the key's text: exactly 48 hexadecimal digits,
// in either case. A refused text is an *Error of kind ErrSyntax and
// leaves k as it was.
func (k *StateKey) UnmarshalText(text []byte) error {
	if n := utf8.RuneCount(text); n != 48 {
		return Errorf(ErrSyntax, "", "state key", "%s has %d characters, want 48 hexadecimal digits", Quote(string(text)), n)
	}
	var v StateKey
	i := 0 // counts characters, not bytes
	for _, c := range string(text) {
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = c - '0'
		case 'a' <= c && c <= 'f':
			d = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			d = c - 'A' + 10
		default:
			return Errorf(ErrSyntax, "", "state key", "%s: character %d is not a hexadecimal digit", Quote(string(text)), i+1)
		}
		v[i/16] = v[i/16]<<4 | uint64(d)
		i++
	}
	*k = v
	return nil
}
