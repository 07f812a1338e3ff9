package hops

import (
	"fmt"
	"iter"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Game describes one game of the series to programs that handle several
// games alike and exchange moves as text: a game server, a record reader,
// a command-line tool. Each game package exports its Game as the package
// variable Game (catchit.Game, zapita.Game, ...). The typed API of the
// game packages is faster; a Game trades speed for uniformity.
//
// A program that knows its game goes between the two APIs without
// looking at names: hops.As[catchit.Position](s) gives the typed position
// behind a State (and false for a State of another game), and
// catchit.Game.State(p) the State of a typed position.
//
// The zero Game, and a nil *Game, is no game: it has no positions, so
// Start returns nil and Parse an error, and no sides, so ParseSide fails;
// none of its pointer methods panics. MarshalJSON, whose receiver is a
// value so that a Game value refuses too, cannot be called through a nil
// *Game (json.Marshal writes null for one without calling it).
//
// A game's *Game is one value shared by all its States and by the games
// package's registry: read its fields, never assign to them (a State's
// game found again by a changed Name is no registered game).
type Game struct {
	Name  string    // short lower-case name: "zapita", "catchit", "coir", "brouillard"
	Title string    // the game's name as printed: "Catch'it"
	Sides [2]string // the sides' names, First then Second: "Blue", "Red"

	start func(first Side) State
	parse func(text string) (State, error)
	of    func(p any) (State, error)
}

// State is a position of some game, handled through text. It is an
// immutable value like the positions it wraps. A State made by a Game
// writes itself in JSON as {"game":"catchit","position":"<text>"}; read
// it back with games.State, which finds the game by its name. Two States
// are == only when one is a copy of the other: to ask whether two States
// hold the same position, compare their Keys (or their texts).
//
// Moves builds the text of every legal move, which a position with many
// moves makes costly; CountMoves, MovesPage, PlayIndex and Successors
// reach the same moves, in the same order, building no text but those
// asked for, so that a random playout through a State runs within a few
// tens of percent of the typed API (see the benchmarks in the players
// package).
type State interface {
	// Game returns the game the position belongs to.
	Game() *Game
	// ToMove returns the side whose decision it is.
	ToMove() Side
	// Outcome says whether the game is over.
	Outcome() Outcome
	// String returns the position text.
	String() string
	// Hash returns the position's hash.
	Hash() uint64
	// Key returns the whole position packed into a StateKey (see
	// Analysis): equal keys, equal positions, without the collisions of
	// Hash. ok is false for a game whose position type has no Key method
	// (each of the four games has one).
	Key() (key StateKey, ok bool)
	// Mirror returns the position reflected by the game's symmetry, which
	// keeps the rules: its moves are the reflections of this position's
	// (see each game's Position.Mirror). ok is false, and the State nil,
	// for a game whose position type has no Mirror method (each of the
	// four games has one).
	Mirror() (mirrored State, ok bool)
	// Diagram returns a multi-line text picture of the board.
	Diagram() string
	// Moves returns the canonical texts of the legal moves (G9), in the
	// game's generation order. It builds one string per move; CountMoves,
	// MovesPage and PlayIndex reach the same moves without building them.
	Moves() []string
	// CountMoves returns len(Moves()), counted by the game's own counter
	// without generating the moves' texts (nor, in most games, the moves).
	CountMoves() int
	// HasMoves reports whether the side to move has a legal move, as
	// CountMoves() > 0 does, stopping at the first one where the game can.
	HasMoves() bool
	// CanWinNow reports whether the side to move can win by the game's
	// goal with its next move (Z3, K3, C3, B5), as the game's own
	// Position.CanWinNow answers it, without playing the moves; a win
	// because the opponent is left without a legal move (G6) is not
	// looked for. For a position type without a CanWinNow method it
	// plays each legal move and looks for one after which the side that
	// played it has won under another rule than G6.
	CanWinNow() bool
	// MovesPage returns Moves()[offset:offset+limit], cut at the end of the
	// list: at most limit texts, fewer (or none) past the last move. It
	// builds only the texts it returns; the moves are generated into a
	// reused buffer, without allocating. A negative offset counts as 0; a
	// limit of 0 or less gives an empty page. With CountMoves it answers a
	// request for one page of a long list of moves.
	MovesPage(offset, limit int) []string
	// PlayIndex plays the i-th legal move, Moves()[i], without building
	// or parsing its text: with CountMoves it is the quick way to play
	// one move through a State (a random playout, a player that picks by
	// index). Each call generates the moves, as CountMoves does at least:
	// to visit every successor, use Successors, which generates them once.
	// An index out of range is an *Error of kind ErrIllegal, citing G9
	// (the generator's order numbers the moves) or, in a finished game,
	// the rule that ended it (Outcome.Err).
	PlayIndex(i int) (State, error)
	// Successors yields, in the generator's order, each legal move's
	// number (its index in Moves, as PlayIndex takes it) and the state
	// it leads to. The moves are generated once, when the sequence is
	// ranged over, into a buffer the State's game reuses, and no text is
	// built: the way to visit every successor (a perft, a search one ply
	// deep), where calling PlayIndex for each number would generate every
	// move again each time. A finished game yields nothing.
	Successors() iter.Seq2[int, State]
	// Validate returns nil if a move text is a legal move here, in any of
	// its legal written forms (G9, G12), or the error Play would give
	// (an *Error naming the rule broken), without playing it: a server's
	// check of a move a client submitted.
	Validate(move string) error
	// Play parses, validates and plays a move text.
	Play(move string) (State, error)
	// Canonical returns the canonical text of a legal move written in any
	// of its legal forms (G9, G12), or the error Play would give.
	Canonical(move string) (string, error)
	// Build says, for the squares a person has clicked so far, what may
	// be clicked next and the move they make, if complete (see Builder).
	Build(clicks []Click) (Built[string], error)
	// Drawing returns a picture of the position (render it with its SVG
	// method), with arrows along move, a move text such as the one that led
	// here; "" draws no arrows.
	Drawing(move string) (Drawing, error)
	// At says what stands on square sq, or ok = false for an empty
	// square (see UI.At).
	At(sq Square) (p Piece, ok bool)
	// Destinations returns the squares where the piece on from can end
	// its part of the move: the squares to light up when a person clicks
	// it (see UI.Destinations).
	Destinations(from Square) Bitboard
	// Value returns the game package's own Position value.
	Value() any
}

// NewGame builds the Game of a game package from its typed functions:
// start sets up the initial position with the given side to move first
// (G8), parse reads a position text, parseMove a move text.
//
// P is a value type, as each game's Position is, a pointer type or an
// interface type. Its States use its optional methods (Diagram, Key,
// Mirror, HasMoves, CanWinNow, Canonical, Build, Drawing, At,
// Destinations, and a pager of moves, AppendMovesPage) where it has them:
// for a value type only the methods of its values, never one with a
// pointer receiver, which could change the position that a State, shared
// between goroutines, holds; for an interface type those of each value.
func NewGame[P Position[P, M], M Move](name, title string, sides [2]string,
	start func(first Side) P, parse func(string) (P, error), parseMove func(string) (M, error)) *Game {
	g := &Game{Name: name, Title: title, Sides: sides}
	k := &kit[M]{parseMove: parseMove, has: methodsOf[P, M]()}
	k.bufs.New = func() any { return new([]M) }
	wrap := func(p P) State { return &erased[P, M]{g: g, p: p, k: k} }
	g.start = func(first Side) State { return wrap(start(first)) }
	g.parse = func(text string) (State, error) {
		p, err := parse(text)
		if err != nil {
			return nil, err
		}
		return wrap(p), nil
	}
	g.of = func(v any) (State, error) {
		p, ok := v.(P)
		if !ok {
			return nil, Errorf(ErrSyntax, "", "", "a %T is not a %s position", v, title)
		}
		// A State's text travels (JSON, a record's Start tag) and is
		// read back: it must be one Parse reads as the same position.
		text := p.String()
		if q, err := parse(text); err != nil {
			return nil, ErrorIn(err, "position "+Quote(text))
		} else if q.String() != text {
			return nil, Errorf(ErrPosition, "G11", "position "+Quote(text), "reads back as another position, %s", Quote(q.String()))
		}
		return wrap(p), nil
	}
	return g
}

// State returns the State of a position of the game's own package (a
// catchit.Position for catchit.Game ...), so that a program holding typed
// positions can use what works on States, such as a Recorder. A State
// of the game (a games.State read from JSON, say) gives the State of the
// position it holds. Any other value is an error, and so is a position
// whose text the game's Parse does not read back, as a State's text
// must be: the zero position, or a Zapita Build preview in the middle of
// a move (a pawn on a headquarters, or holding the bomb).
func (g *Game) State(p any) (State, error) {
	if g == nil || g.of == nil {
		return nil, Errorf(ErrSyntax, "", "", "the zero Game has no positions")
	}
	if s, ok := p.(State); ok {
		if noState(s) {
			return nil, Errorf(ErrSyntax, "", "", "a %T holding no state is not a %s position", p, g.Title)
		}
		p = s.Value()
	}
	return g.of(p)
}

// Start returns the initial position with the given side to move (G8),
// or nil for the zero Game, which has no positions.
func (g *Game) Start(first Side) State {
	if g == nil || g.start == nil {
		return nil
	}
	return g.start(first)
}

// Parse reads a position text of this game. The zero Game reads none and
// returns an *Error of kind ErrSyntax.
func (g *Game) Parse(text string) (State, error) {
	if g == nil || g.parse == nil {
		return nil, Errorf(ErrSyntax, "", "", "the zero Game reads no positions; use a game package's Game, such as catchit.Game")
	}
	return g.parse(text)
}

// SideName returns the game's name for a side, such as "Blue" ("" for
// the zero Game).
func (g *Game) SideName(s Side) string {
	if g == nil {
		return ""
	}
	return g.Sides[s&1]
}

// ParseSide reads a side by its name in this game, in any case, or by its
// first letter as position texts write it, or as "first" or "second"
// (the text of a Side alone), with white space around it as the other
// parsers take it.
func (g *Game) ParseSide(text string) (Side, error) {
	if g == nil || g.Sides[0] == "" {
		return First, Errorf(ErrSyntax, "", "", "the zero Game has no sides, so no side %s", Quote(text))
	}
	text = strings.TrimSpace(text)
	switch strings.ToLower(text) {
	case "first":
		return First, nil
	case "second":
		return Second, nil
	}
	for s, name := range g.Sides {
		if name != "" && (strings.EqualFold(text, name) || len(text) == 1 && strings.EqualFold(text, name[:1])) {
			return Side(s), nil
		}
	}
	return First, Errorf(ErrSyntax, "", "", "%s has no side %s (want %s or %s, or first or second)", g.Title, Quote(text), g.Sides[0], g.Sides[1])
}

// String returns the game's short name ("" for a nil Game).
func (g *Game) String() string {
	if g == nil {
		return ""
	}
	return g.Name
}

// erased is the State of a typed position p of game g. A State holds it
// by pointer, so that asking the position for a method of its own (Key,
// HasMoves, a pager ...) puts a pointer in an interface rather than copy
// the position to the heap at every call (see own); it is never changed
// once made.
type erased[P Position[P, M], M Move] struct {
	g *Game
	p P
	k *kit[M]
}

// kit is what every State of one game shares: the game's move parser, a
// pool of move buffers, so that PlayIndex does not allocate one, and
// which optional methods its position type has.
type kit[M Move] struct {
	parseMove func(string) (M, error)
	bufs      sync.Pool // of *[]M
	has       methods
}

// methods says which optional methods a position type may have, found
// once per game: the methods of its values (a value type's methods with
// a pointer receiver, which could change the position a State holds, are
// not among them) or, for a pointer type, of its pointers. An interface
// type's values may each have any of them: each value is asked.
type methods struct {
	direct                                        bool // a pointer or an interface type: own gives the position itself
	diagram, pager, key, mirror, hasMoves, canWin bool
	canonical, build, drawing, at, destinations   bool
}

// methodsOf finds the optional methods of P.
func methodsOf[P Position[P, M], M Move]() methods {
	var zero P
	v := any(zero)
	_, diagram := v.(interface{ Diagram() string })
	_, pg := v.(pager[M])
	_, key := v.(interface{ Key() StateKey })
	_, mirror := v.(interface{ Mirror() P })
	_, hasMoves := v.(interface{ HasMoves() bool })
	_, canWin := v.(interface{ CanWinNow() bool })
	_, canonical := v.(canonicalizer[M])
	_, build := v.(Builder[M])
	_, drawing := v.(interface{ Drawing(...M) Drawing })
	_, at := v.(interface{ At(Square) (Piece, bool) })
	_, destinations := v.(interface{ Destinations(Square) Bitboard })
	kind := reflect.TypeFor[P]().Kind()
	each := kind == reflect.Interface // the zero value, nil, has none
	return methods{
		direct:  kind == reflect.Pointer || each,
		diagram: diagram || each, pager: pg || each, key: key || each, mirror: mirror || each,
		hasMoves: hasMoves || each, canWin: canWin || each, canonical: canonical || each,
		build: build || each, drawing: drawing || each, at: at || each, destinations: destinations || each,
	}
}

// own returns the position to ask for one of its optional methods
// without copying it to the heap: a pointer to it, whose method set holds
// the value's methods, or the position itself when its type is a pointer
// or an interface. Each method asks it only when e.k.has says the type
// may have the method, with an assertion written in place: one made by a
// generic helper cost a few nanoseconds more.
func (e *erased[P, M]) own() any {
	if e.k.has.direct {
		return any(e.p)
	}
	return any(&e.p)
}

func (e *erased[P, M]) Game() *Game      { return e.g }
func (e *erased[P, M]) ToMove() Side     { return e.p.ToMove() }
func (e *erased[P, M]) Outcome() Outcome { return e.p.Outcome() }
func (e *erased[P, M]) String() string   { return e.p.String() }
func (e *erased[P, M]) Hash() uint64     { return e.p.Hash() }
func (e *erased[P, M]) Value() any       { return e.p }

func (e *erased[P, M]) Diagram() string {
	if e.k.has.diagram {
		if d, ok := e.own().(interface{ Diagram() string }); ok {
			return d.Diagram()
		}
	}
	return e.p.String() + "\n"
}

func (e *erased[P, M]) Moves() []string {
	var out []string
	e.withMoves(func(moves []M) {
		if len(moves) > 0 {
			out = make([]string, len(moves))
		}
		for i, m := range moves {
			out[i] = m.String()
		}
	})
	return out
}

func (e *erased[P, M]) Play(move string) (State, error) {
	m, err := e.k.parseMove(move)
	if err != nil {
		return nil, err
	}
	next, err := e.p.Play(m)
	if err != nil {
		return nil, err
	}
	return &erased[P, M]{g: e.g, p: next, k: e.k}, nil
}

func (e *erased[P, M]) CountMoves() int { return e.p.CountMoves() }

func (e *erased[P, M]) MovesPage(offset, limit int) []string {
	if limit <= 0 {
		return []string{}
	}
	// The moves go into a buffer of the game's pool: only the page's
	// slice and its texts are allocated.
	buf := e.k.bufs.Get().(*[]M)
	defer e.k.bufs.Put(buf)
	var moves []M
	paged := false
	if e.k.has.pager {
		if pg, ok := e.own().(pager[M]); ok {
			*buf = pg.AppendMovesPage((*buf)[:0], offset, limit)
			moves, paged = *buf, true
		}
	}
	if !paged {
		*buf = e.p.AppendMoves((*buf)[:0])
		moves = (*buf)[min(max(offset, 0), len(*buf)):]
		moves = moves[:min(limit, len(moves))]
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// pager is implemented by the positions of a game whose generator can
// build a page of the moves without the others (coir.Position), which
// MovesPage then uses.
type pager[M Move] interface {
	AppendMovesPage(dst []M, offset, limit int) []M
}

func (e *erased[P, M]) PlayIndex(i int) (State, error) {
	var m M
	n := 0
	e.withMoves(func(moves []M) {
		if n = len(moves); i >= 0 && i < n {
			m = moves[i]
		}
	})
	switch {
	case n == 0:
		if err := e.p.Outcome().Err(); err != nil {
			return nil, ErrorIn(err, fmt.Sprintf("move %d", i))
		}
		return nil, Errorf(ErrIllegal, "G6", fmt.Sprintf("move %d", i), "the position has no legal move")
	case i < 0 || i >= n:
		if n == 1 {
			return nil, Errorf(ErrIllegal, "G9", fmt.Sprintf("move %d", i), "the position has 1 legal move, numbered 0")
		}
		return nil, Errorf(ErrIllegal, "G9", fmt.Sprintf("move %d", i), "the position has %d legal moves, numbered from 0", n)
	}
	next, err := e.p.Play(m)
	if err != nil {
		return nil, err
	}
	return &erased[P, M]{g: e.g, p: next, k: e.k}, nil
}

func (e *erased[P, M]) Successors() iter.Seq2[int, State] {
	return func(yield func(int, State) bool) {
		e.withMoves(func(moves []M) {
			for i, m := range moves {
				// A generated move always plays; the error cannot happen.
				next, err := e.p.Play(m)
				if err != nil || !yield(i, &erased[P, M]{g: e.g, p: next, k: e.k}) {
					return
				}
			}
		})
	}
}

// withMoves calls f with the legal moves, generated into a buffer of the
// game's pool, which f must not keep.
func (e *erased[P, M]) withMoves(f func(moves []M)) {
	buf := e.k.bufs.Get().(*[]M)
	*buf = e.p.AppendMoves((*buf)[:0])
	f(*buf)
	e.k.bufs.Put(buf)
}

func (e *erased[P, M]) Key() (StateKey, bool) {
	if e.k.has.key {
		if k, ok := e.own().(interface{ Key() StateKey }); ok {
			return k.Key(), true
		}
	}
	return StateKey{}, false
}

func (e *erased[P, M]) Mirror() (State, bool) {
	if e.k.has.mirror {
		if m, ok := e.own().(interface{ Mirror() P }); ok {
			return &erased[P, M]{g: e.g, p: m.Mirror(), k: e.k}, true
		}
	}
	return nil, false
}

func (e *erased[P, M]) HasMoves() bool {
	if e.k.has.hasMoves {
		if h, ok := e.own().(interface{ HasMoves() bool }); ok {
			return h.HasMoves()
		}
	}
	return anyMove(e.p.Moves())
}

// anyMove reports whether moves yields one. It is a function of its own
// because a loop that returns from inside a range over an iterator keeps
// its state on the heap, which HasMoves would pay even when the position
// answers by its own method.
func anyMove[M any](moves iter.Seq[M]) bool {
	for range moves {
		return true
	}
	return false
}

func (e *erased[P, M]) CanWinNow() bool {
	if e.k.has.canWin {
		if w, ok := e.own().(interface{ CanWinNow() bool }); ok {
			return w.CanWinNow()
		}
	}
	mover := e.p.ToMove()
	for _, next := range e.Successors() {
		if o := next.Outcome(); o.Over && o.Winner == mover && o.Rule != "G6" {
			return true
		}
	}
	return false
}

func (e *erased[P, M]) Validate(move string) error {
	m, err := e.k.parseMove(move)
	if err != nil {
		return err
	}
	return e.p.Validate(m)
}

func (e *erased[P, M]) Canonical(move string) (string, error) {
	m, err := e.k.parseMove(move)
	if err != nil {
		return "", err
	}
	var c M
	asked := false
	if e.k.has.canonical {
		if cn, ok := e.own().(canonicalizer[M]); ok {
			c, err = cn.Canonical(m)
			asked = true
		}
	}
	if !asked {
		c, err = canonicalByMoves(e.p, m)
	}
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

func (e *erased[P, M]) Build(clicks []Click) (Built[string], error) {
	var b Builder[M]
	ok := false
	if e.k.has.build {
		b, ok = e.own().(Builder[M])
	}
	if !ok {
		return Built[string]{}, Errorf(ErrIllegal, "", "", "%s positions cannot be built click by click", e.g.Title)
	}
	got, err := b.Build(clicks)
	if err != nil {
		return Built[string]{}, err
	}
	return BuiltText(got, e.k.parseMove), nil
}

// BuiltText returns a typed build as move texts, the form State.Build
// gives: the move as its text, and the preview drawn with arrows along
// move texts read by parseMove (the game's ParseMove).
func BuiltText[M Move](b Built[M], parseMove func(string) (M, error)) Built[string] {
	// Next is copied: the text form is the caller's to change, and the
	// typed build he passed stays as it was.
	out := Built[string]{Next: slices.Clone(b.Next), Complete: b.Complete, Prompt: b.Prompt}
	if b.Preview != nil {
		// A pointer, so that two previews compare (a func does not).
		out.Preview = &textPreview[M]{b.Preview, parseMove}
	}
	if b.Complete {
		out.Move = b.Move.String()
	}
	return out
}

// textPreview is a typed preview seen through move texts: the preview of
// State.Build.
type textPreview[M Move] struct {
	Drawable[M]
	parseMove func(string) (M, error)
}

// Drawing draws the preview with arrows along the moves that parse; a
// text that does not parse draws no arrow.
func (t *textPreview[M]) Drawing(last ...string) Drawing {
	var moves []M
	for _, text := range last {
		if m, err := t.parseMove(text); err == nil {
			moves = append(moves, m)
		}
	}
	return t.Drawable.Drawing(moves...)
}

func (e *erased[P, M]) Drawing(move string) (Drawing, error) {
	var m M
	var err error
	if move != "" {
		m, err = e.k.parseMove(move)
	}
	if e.k.has.drawing {
		if draw, ok := e.own().(interface{ Drawing(...M) Drawing }); ok {
			// The position draws the move itself, as it sees it: Catch'it's
			// jump off the board goes over the pawn the position has there.
			if move == "" || err != nil {
				return draw.Drawing(), err
			}
			return draw.Drawing(m), nil
		}
	}
	d := Drawing{Caption: e.g.Title}
	if move == "" || err != nil {
		return d, err
	}
	if a, ok := any(m).(interface{ Arrows() []Arrow }); ok {
		d.Arrows = a.Arrows()
	}
	return d, nil
}

func (e *erased[P, M]) At(sq Square) (Piece, bool) {
	if e.k.has.at {
		if u, ok := e.own().(interface{ At(Square) (Piece, bool) }); ok {
			return u.At(sq)
		}
	}
	return Piece{}, false
}

func (e *erased[P, M]) Destinations(from Square) Bitboard {
	if e.k.has.destinations {
		if u, ok := e.own().(interface{ Destinations(Square) Bitboard }); ok {
			return u.Destinations(from)
		}
	}
	return 0
}

// noState reports whether s holds no state: it is nil, or a value that
// says it is zero through a method IsZero() bool, as the zero games.State
// (what JSON null decodes to) does. The functions of this module that
// take a State treat such a value as they treat nil.
func noState(s State) bool {
	if s == nil {
		return true
	}
	z, ok := s.(interface{ IsZero() bool })
	return ok && z.IsZero()
}

// GoString identifies the state in %#v output.
func (e *erased[P, M]) GoString() string { return fmt.Sprintf("%s.Parse(%q)", e.g.Name, e.p.String()) }

// As returns the typed position behind s, as a value of the game
// package's own Position type P (catchit.Position for a State of
// catchit.Game ...), and whether s holds one: the way back from a State
// to the typed API. Game.State goes the other way.
func As[P any](s State) (P, bool) {
	var p P
	if noState(s) {
		return p, false
	}
	p, ok := s.Value().(P)
	return p, ok
}
