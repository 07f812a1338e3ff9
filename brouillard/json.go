package brouillard

import (
	"encoding/json"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// viewJSON is the JSON form of a View.
type viewJSON struct {
	// Game is read, not written: the generic form of a view
	// (games.View) names its game, which must be this one.
	Game   *string `json:"game,omitempty"`
	Viewer string  `json:"viewer"`
	Text   string  `json:"text"`
}

// MarshalJSON writes the view as {"viewer":"White","text":"<view text>"}:
// the viewer's name and the view text of B12, all a client needs to
// rebuild the view with ParseView (a text alone could not say whose
// knowledge it holds when no pawn is hidden any more). The zero View (no
// view) is written as null, which leaves a View unchanged when read.
func (v View) MarshalJSON() ([]byte, error) {
	if v == (View{}) {
		return []byte("null"), nil
	}
	return json.Marshal(viewJSON{Viewer: SideName(v.viewer), Text: v.String()})
}

// UnmarshalJSON reads what MarshalJSON writes, checking the view text as
// ParseView does; the viewer may be named in any case ("White", "red") or
// by its initial. It also reads what a games.View writes, the same with
// "game":"brouillard" (any other game is an error). JSON null leaves the
// view unchanged.
func (v *View) UnmarshalJSON(data []byte) error {
	var j viewJSON
	if ok, err := hops.DecodeJSON(data, &j, "view"); !ok {
		return err
	}
	if j.Game != nil && *j.Game != Game.Name {
		return hops.Errorf(hops.ErrSyntax, "", `view: key "game"`, "a Brouillard view is of the game %q, not %s", Game.Name, hops.Quote(*j.Game))
	}
	viewer, err := Game.ParseSide(j.Viewer)
	if err != nil {
		return hops.ErrorIn(err, `view: key "viewer"`)
	}
	w, err := ParseView(j.Text, viewer)
	if err != nil {
		return hops.ErrorIn(err, `view: key "text"`)
	}
	*v = w
	return nil
}

// MarshalText writes the reveal as its String does: "-" for nothing
// turned over, or the square, the face and "captured" when it was
// ("D5 Ten captured"). A Reveal built by hand whose text would not read
// back as itself (no face, a square of no board) is refused with an
// error of kind ErrSyntax.
func (r Reveal) MarshalText() ([]byte, error) {
	return engine.Readable(r, []byte(r.String()), ParseReveal, "B8", "reveal")
}

// UnmarshalText reads a reveal text, as ParseReveal.
func (r *Reveal) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(r, text, ParseReveal)
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender.
func (r Reveal) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, r.MarshalText)
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender.
func (k Kind) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, k.MarshalText)
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender.
func (a Arrangement) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, a.MarshalText)
}
