package games

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// View is what one player of a game with hidden pieces (Brouillard au
// Palais) knows of a state: ViewOf gives it from the true state on a
// server, ParseView reads it from its text on a client, and Play follows
// the game from there with each move and what the move revealed. Like a
// hops.State it is an immutable value handled through text, whatever the
// game: a program can list and check moves, build one from clicks, draw
// the view and play on without importing the game's package. Its
// methods are those of a hops.State that a player's knowledge allows,
// with Viewer and Play (given what the move revealed) in place of
// Value, PlayIndex and Successors, which would play a move without it;
// it has no CanWinNow (see HasMoves). Sample draws a true state the view
// allows, for code written for a hops.State.
//
// The zero View holds no view: its methods return errors or zero values
// and never panic.
type View struct {
	game *hops.Game
	impl viewImpl
}

// viewImpl is what a game with hidden pieces gives the View of its
// typed views.
type viewImpl interface {
	viewer() hops.Side
	text() string
	diagram() string
	drawing(move string) (hops.Drawing, error)
	toMove() hops.Side
	outcome() hops.Outcome
	hash() uint64
	key() hops.StateKey
	mirror() View
	hasMoves() bool
	moves() []string
	movesPage(offset, limit int) []string
	countMoves() int
	validate(move string) error
	canonical(move string) (string, error)
	build(clicks []hops.Click) (hops.Built[string], error)
	at(sq hops.Square) (hops.Piece, bool)
	destinations(from hops.Square) hops.Bitboard
	play(move, reveal string) (View, error)
	sample(r *rand.Rand) (hops.State, error)
}

// noView is the error of the zero View's methods.
func noView() error {
	return hops.Errorf(hops.ErrSyntax, "", "view", "the zero View holds no view; make one with ViewOf or ParseView")
}

// ViewOf returns side's view of s. It returns an error for a game without
// hidden pieces.
func ViewOf(s hops.State, side hops.Side) (View, error) {
	e, err := lookupState(s)
	if err != nil {
		return View{}, err
	}
	if e.view == nil {
		return View{}, noViews(s.Game())
	}
	if err := engine.CheckSide("side", side, s.Game().SideName); err != nil {
		return View{}, err
	}
	return e.view(s, side)
}

// ParseView reads the view text of the player viewer in the game with the
// given short name, with the same checks and the same errors as the game
// package's own ParseView (brouillard.ParseView: B12, B4 ...). A game
// without hidden pieces has no views: ParseView returns an *hops.Error
// of kind ErrSyntax that says so (read its positions with Parse).
func ParseView(name, text string, viewer hops.Side) (View, error) {
	g, err := find(name)
	if err != nil {
		return View{}, err
	}
	e := registry[g.Name]
	if e.parseView == nil {
		return View{}, noViews(g)
	}
	if err := engine.CheckSide("side", viewer, g.SideName); err != nil {
		return View{}, err
	}
	return e.parseView(text, viewer)
}

func noViews(g *hops.Game) error {
	return hops.Errorf(hops.ErrSyntax, "", "game", "%s has no hidden pieces, so no player's views: every player sees the position itself (read it with Parse)", g.Title)
}

// PlayReveal plays a move text in a true state s, as s.Play does, and
// also returns the text of what the move made public beyond its text, for
// the players' views (View.Play): in Brouillard the reveal "D5 Ten" or
// "D5 Nine captured" when the Fou turned a pawn over, "" otherwise. In a
// game without hidden pieces the reveal is always "".
func PlayReveal(s hops.State, move string) (next hops.State, reveal string, err error) {
	e, err := lookupState(s)
	if err != nil {
		return nil, "", err
	}
	if e.playReveal == nil {
		next, err := s.Play(move)
		return next, "", err
	}
	return e.playReveal(s, move)
}

// Game returns the game the view belongs to (nil for the zero View).
func (v View) Game() *hops.Game { return v.game }

// Viewer returns the side whose view it is.
func (v View) Viewer() hops.Side {
	if v.impl == nil {
		return hops.First
	}
	return v.impl.viewer()
}

// String returns the view text, which hides what the viewer cannot see
// and which ParseView reads ("" for the zero View).
func (v View) String() string {
	if v.impl == nil {
		return ""
	}
	return v.impl.text()
}

// Diagram returns a text picture of the view, as brouillard.View.Diagram
// draws it: the opponent's pawns whose faces the viewer has not seen as
// 'P' or 'p' ("" for the zero View).
func (v View) Diagram() string {
	if v.impl == nil {
		return ""
	}
	return v.impl.diagram()
}

// Drawing returns a picture of the view (render it with its SVG method),
// the opponent's hidden pawns face down, with arrows along move, a move
// text such as the one that led here; "" draws no arrows. A move that
// does not parse is its error, with the drawing without arrows.
func (v View) Drawing(move string) (hops.Drawing, error) {
	if v.impl == nil {
		return hops.Drawing{}, noView()
	}
	return v.impl.drawing(move)
}

// Moves returns the canonical texts of the legal moves, the same as
// those of the true state, in the generator's order (none for the zero
// View).
func (v View) Moves() []string {
	if v.impl == nil {
		return nil
	}
	return v.impl.moves()
}

// MovesPage returns Moves()[offset:offset+limit], cut at the end of the
// list, as hops.State's MovesPage does: it builds only the texts it
// returns; a negative offset counts as 0, and a limit of 0 or less, or
// the zero View, gives an empty page.
func (v View) MovesPage(offset, limit int) []string {
	if v.impl == nil || limit <= 0 {
		return []string{}
	}
	return v.impl.movesPage(offset, limit)
}

// CountMoves returns len(Moves()) without building the texts.
func (v View) CountMoves() int {
	if v.impl == nil {
		return 0
	}
	return v.impl.countMoves()
}

// Canonical returns the canonical text of a legal move written in any of
// its legal forms (G9, G12), or the error Validate gives.
func (v View) Canonical(move string) (string, error) {
	if v.impl == nil {
		return "", noView()
	}
	return v.impl.canonical(move)
}

// At says what stands on square sq as the viewer knows it (see
// hops.UI): an opposing pawn never turned over is a pawn of no known
// kind.
func (v View) At(sq hops.Square) (hops.Piece, bool) {
	if v.impl == nil {
		return hops.Piece{}, false
	}
	return v.impl.at(sq)
}

// Destinations returns the squares where the viewer's piece on from can
// end its part of the move (see hops.UI): the squares to light up when
// it is clicked.
func (v View) Destinations(from hops.Square) hops.Bitboard {
	if v.impl == nil {
		return 0
	}
	return v.impl.destinations(from)
}

// ToMove returns the side whose decision it is.
func (v View) ToMove() hops.Side {
	if v.impl == nil {
		return hops.First
	}
	return v.impl.toMove()
}

// Outcome says whether the game is over, as the true state does.
func (v View) Outcome() hops.Outcome {
	if v.impl == nil {
		return hops.Outcome{}
	}
	return v.impl.outcome()
}

// Hash returns the view's hash: equal views hash equal, and the hash
// depends only on what the viewer knows.
func (v View) Hash() uint64 {
	if v.impl == nil {
		return 0
	}
	return v.impl.hash()
}

// Key returns the whole view, its viewer included, packed into a
// hops.StateKey, as the game's typed view gives it: two views have the
// same key exactly when they are equal. ok is false for the zero View
// only; the signature is hops.State's, whose Key may have no answer.
func (v View) Key() (key hops.StateKey, ok bool) {
	if v.impl == nil {
		return hops.StateKey{}, false
	}
	return v.impl.key(), true
}

// Mirror returns the view reflected by the game's symmetry: the same
// viewer's view of the reflected state, whose moves are the reflections
// of this view's. ok is false, with the zero View, for the zero View.
func (v View) Mirror() (mirrored View, ok bool) {
	if v.impl == nil {
		return View{}, false
	}
	return v.impl.mirror(), true
}

// HasMoves reports whether the side to move has a legal move, as
// CountMoves() > 0 does, stopping at the first one.
//
// A View has no CanWinNow, which a hops.State has: whether the viewer's
// next move wins can depend on faces he has not seen (in Brouillard, which
// face-down pawn is the King his Fou must turn over, B5).
func (v View) HasMoves() bool {
	if v.impl == nil {
		return false
	}
	return v.impl.hasMoves()
}

// Validate checks a move text from the viewer's knowledge alone: nil if
// the move is legal, otherwise the *hops.Error the game's typed view
// gives, which cannot tell anything hidden.
func (v View) Validate(move string) error {
	if v.impl == nil {
		return noView()
	}
	return v.impl.validate(move)
}

// Build says, for the squares the viewer has clicked so far, what may be
// clicked next and the move they make once complete (see hops.Builder).
func (v View) Build(clicks []hops.Click) (hops.Built[string], error) {
	if v.impl == nil {
		return hops.Built[string]{}, noView()
	}
	return v.impl.build(clicks)
}

// Sample draws a true state that the view allows: the faces the viewer
// has not seen are shuffled onto the hidden pieces with r (the global
// source of math/rand/v2 when r is nil), uniformly among the states that
// share the view, and ViewOf(state, v.Viewer()) gives v again. A program
// that knows only its view can so hand a state to code written for a
// hops.State, such as a player of the players package, which looks at a
// state only through the view of its side to move (players.ChooseView
// does it for a player). The faces drawn are a guess, not the opponent's:
// never show them as his. The zero View returns an error.
func (v View) Sample(r *rand.Rand) (hops.State, error) {
	if v.impl == nil {
		return nil, noView()
	}
	return v.impl.sample(r)
}

// Play returns the view after a move, given the text of what the move
// revealed, as PlayReveal (or the game's own PlayReveal) gives it on the
// server: "" (or "-") when it turned nothing over. The move and the
// reveal must agree with what the view knows; the errors are those of
// the game's typed View.Play. The receiver is not changed.
func (v View) Play(move, reveal string) (View, error) {
	if v.impl == nil {
		return v, noView()
	}
	return v.impl.play(move, reveal)
}

// viewJSON is the JSON form of a View.
type viewJSON struct {
	Game   string `json:"game"`
	Viewer string `json:"viewer"`
	Text   string `json:"text"`
}

// MarshalJSON writes the view as
// {"game":"brouillard","viewer":"White","text":"<view text>"}: all that
// UnmarshalJSON needs to rebuild it through ParseView. The zero View
// writes null.
func (v View) MarshalJSON() ([]byte, error) {
	if v.impl == nil {
		return []byte("null"), nil
	}
	return json.Marshal(viewJSON{Game: v.game.Name, Viewer: v.game.SideName(v.Viewer()), Text: v.String()})
}

// UnmarshalJSON reads what MarshalJSON writes: the game by its name, the
// viewer by its name in the game (in any case, or "first"/"second") and
// the view text as ParseView does, returning its errors. JSON null
// leaves the view unchanged.
func (v *View) UnmarshalJSON(data []byte) error {
	var j viewJSON
	if ok, err := hops.DecodeJSON(data, &j, "view"); !ok {
		return err
	}
	if j.Game == "" {
		// A game package's own view (brouillard.View) writes no game.
		return hops.Errorf(hops.ErrSyntax, "", `view: key "game"`, "the view names no game; a View needs it, as MarshalJSON writes it (\"game\":\"brouillard\")")
	}
	g, err := find(j.Game)
	if err != nil {
		return err
	}
	// Located at their key, as the game package's own view does.
	viewer, err := g.ParseSide(j.Viewer)
	if err != nil {
		return hops.ErrorIn(err, `view: key "viewer"`)
	}
	w, err := ParseView(g.Name, j.Text, viewer)
	if err != nil {
		return hops.ErrorIn(err, `view: key "text"`)
	}
	*v = w
	return nil
}
