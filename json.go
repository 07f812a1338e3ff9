package hops

import (
	"bytes"
	"encoding/json"
	"strings"
)

// MarshalText returns "first" or "second": a Side alone does not know the
// names its game gives the sides (see Side).
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "first" or "second", in any case.
func (s *Side) UnmarshalText(text []byte) error {
	switch {
	case strings.EqualFold(string(text), "first"):
		*s = First
	case strings.EqualFold(string(text), "second"):
		*s = Second
	default:
		return Errorf(ErrSyntax, "", "side", "%q: want \"first\" or \"second\"", text)
	}
	return nil
}

// outcomeJSON is the JSON form of an Outcome (see Outcome).
type outcomeJSON struct {
	Over   bool   `json:"over"`
	Winner string `json:"winner,omitempty"`
	Side   *Side  `json:"side,omitempty"`
	Rule   string `json:"rule,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// MarshalJSON writes {"over":false} for a game that goes on, and the
// winner's name, side, rule and reason for a finished one.
func (o Outcome) MarshalJSON() ([]byte, error) {
	if !o.Over {
		return []byte(`{"over":false}`), nil
	}
	w := o.Winner & 1
	return json.Marshal(outcomeJSON{Over: true, Winner: o.WinnerName, Side: &w, Rule: o.Rule, Reason: o.Reason})
}

// UnmarshalJSON reads what MarshalJSON writes. A finished game must say
// which side won ("side"); a game that goes on must say nothing more.
// JSON null leaves the outcome unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil // as encoding/json does for other values
	}
	var j outcomeJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Errorf(ErrSyntax, "", "outcome", "%v", err)
	}
	if !j.Over {
		if j != (outcomeJSON{}) {
			return Errorf(ErrSyntax, "", "outcome", "a game that goes on has no winner, rule or reason")
		}
		*o = Ongoing
		return nil
	}
	if j.Side == nil {
		return Errorf(ErrSyntax, "", "outcome", "a finished game needs the winning \"side\"")
	}
	*o = Win(*j.Side, j.Winner, j.Rule, j.Reason)
	return nil
}
