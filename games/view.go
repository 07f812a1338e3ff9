package games

import (
	"encoding/json"

	"github.com/hopsgames/hops"
)

// View is what one player of a game with hidden pieces (Brouillard au
// Palais) knows of a state: ViewOf gives it from the true state on a
// server, ParseView reads it from its text on a client, and Play follows
// the game from there with each move and what the move revealed. Like a
// hops.State it is an immutable value handled through text, whatever the
// game: a program can list and check moves, build one from clicks, draw
// the view and play on without importing the game's package.
//
// The fields are computed once, when the view is made. The zero View
// holds no view: its methods return errors or zero values and never
// panic.
type View struct {
	Side    hops.Side // whose view it is
	Text    string    // the view's text, which hides the opponent's secrets
	Diagram string    // a picture of the view
	// Drawing is the view as a picture for hops.Drawing.SVG, with the
	// opponent's hidden pawns face down.
	Drawing hops.Drawing
	Moves   []string // the legal moves, the same as those of the true state
	// Check validates a move text from this player's knowledge alone, so
	// that its error cannot tell anything hidden; nil if the move is legal.
	// It is the same as the method Validate.
	Check func(move string) error

	game *hops.Game
	impl viewImpl
}

// viewImpl is what a game with hidden pieces gives the View of its
// typed views.
type viewImpl interface {
	toMove() hops.Side
	outcome() hops.Outcome
	hash() uint64
	validate(move string) error
	build(clicks []hops.Click) (hops.Built[string], error)
	play(move, reveal string) (View, error)
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

// String returns the view text (Text).
func (v View) String() string { return v.Text }

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
		return hops.Ongoing
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
	return json.Marshal(viewJSON{Game: v.game.Name, Viewer: v.game.SideName(v.Side), Text: v.Text})
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
	g, err := find(j.Game)
	if err != nil {
		return err
	}
	viewer, err := g.ParseSide(j.Viewer)
	if err != nil {
		return hops.ErrorIn(err, "viewer")
	}
	w, err := ParseView(g.Name, j.Text, viewer)
	if err != nil {
		return err
	}
	*v = w
	return nil
}
