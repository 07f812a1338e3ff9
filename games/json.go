package games

import (
	"encoding/json"

	"github.com/hopsgames/hops"
)

// State is a hops.State of any registered game that also reads itself
// from JSON. A hops.State writes itself as
// {"game":"catchit","position":"<position text>"}, but cannot be read
// back by itself: the root package keeps no list of games, and JSON
// cannot fill an interface. Decode into a State instead, which finds the
// game by name in this registry and parses the position with it:
//
//	var s games.State
//	err := json.Unmarshal(data, &s) // s.Moves(), s.Play(...) ...
//
// State embeds the hops.State, so it has all its methods; the zero State
// holds none and encodes as null. JSON null decodes to the zero State
// too, whose methods but String and IsZero are those of a nil interface:
// test s.IsZero() before calling them on a State read from a field that
// may be null. The functions of this package and of hops that take a
// hops.State take the zero State for none, as they take nil.
//
// A Brouillard State is the true state, both secret setups in its text:
// send a player his View (ViewOf) instead, never the State.
type State struct {
	hops.State
}

// String returns the position text of the state it holds, and "" for
// the zero State, which fmt can then print like any other.
func (s State) String() string {
	if s.State == nil {
		return ""
	}
	return s.State.String()
}

// IsZero reports whether s holds no state, as the zero State (JSON null)
// does.
func (s State) IsZero() bool { return s.State == nil }

// stateJSON is the JSON form of a hops.State.
type stateJSON struct {
	Game     string `json:"game"`
	Position string `json:"position"`
}

// MarshalJSON writes the state as the hops.State it holds does, and the
// zero State as null.
func (s State) MarshalJSON() ([]byte, error) {
	if s.State == nil {
		return []byte("null"), nil
	}
	return json.Marshal(s.State)
}

// UnmarshalJSON reads {"game":...,"position":...}: the game by its name
// (see ByName) and the position with the game's Parse, whose *hops.Error
// it returns for a text the game refuses. JSON null leaves s unchanged.
func (s *State) UnmarshalJSON(data []byte) error {
	var j stateJSON
	if ok, err := hops.DecodeJSON(data, &j, "state"); !ok {
		return err
	}
	st, err := Parse(j.Game, j.Position)
	if err != nil {
		return err
	}
	s.State = st
	return nil
}
