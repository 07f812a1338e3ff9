package hops

import (
	"encoding/json"
	"errors"
	"testing"
)

// A Side alone does not know its game's names: it travels as
// "first"/"second", also as a map key.
func TestSideJSON(t *testing.T) {
	data, err := json.Marshal(map[Side]int{First: 1, Second: 2})
	if err != nil || string(data) != `{"first":1,"second":2}` {
		t.Fatalf("json.Marshal = %s, %v", data, err)
	}
	var sides []Side
	if err := json.Unmarshal([]byte(`["second","first","SECOND"]`), &sides); err != nil ||
		len(sides) != 3 || sides[0] != Second || sides[1] != First || sides[2] != Second {
		t.Fatalf("json.Unmarshal = %v, %v", sides, err)
	}
	for _, bad := range []string{`"red"`, `""`, `"first "`} {
		s := Second
		err := json.Unmarshal([]byte(bad), &s)
		if !errors.Is(err, ErrSyntax) || s != Second {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want ErrSyntax and the side unchanged", bad, s, err)
		}
	}
}

func TestOutcomeString(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Ongoing, "game goes on"},
		{Win(Second, "Red", "K3", "the ball left the board"), "Red wins: the ball left the board (K3)"},
		{Win(First, "", "G6", "no legal move"), "first side wins: no legal move (G6)"},
	} {
		if got := c.o.String(); got != c.want {
			t.Errorf("%+v: String() = %q, want %q", c.o, got, c.want)
		}
	}
}

func TestOutcomeJSON(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Ongoing, `{"over":false}`},
		{Win(Second, "Red", "K3", "the ball left the board"),
			`{"over":true,"winner":"Red","side":"second","rule":"K3","reason":"the ball left the board"}`},
		{Win(First, "", "G6", "no legal move"), `{"over":true,"side":"first","rule":"G6","reason":"no legal move"}`},
	} {
		data, err := json.Marshal(c.o)
		if err != nil || string(data) != c.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", c.o, data, err, c.want)
		}
		back := Win(First, "White", "X1", "something else")
		if err := json.Unmarshal(data, &back); err != nil || back != c.o {
			t.Errorf("%s comes back as %+v, %v; want %+v", data, back, err, c.o)
		}
	}
	o := Win(First, "White", "B5", "White captured the Red King")
	if err := json.Unmarshal([]byte(`null`), &o); err != nil || o.WinnerName != "White" {
		t.Errorf("null changed the outcome: %+v, %v", o, err)
	}
	for _, bad := range []string{
		`{"over":true,"winner":"Red","rule":"K3","reason":"no side"}`,
		`{"over":false,"side":"first"}`,
		`{"over":false,"winner":"Red"}`,
		`{"over":true,"side":"third"}`,
		`{"over":true,"side":"first","score":1}`,
		`{"over":"yes"}`,
		`[]`,
	} {
		o := Ongoing
		err := json.Unmarshal([]byte(bad), &o)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || o != Ongoing {
			t.Errorf("json.Unmarshal(%s) = %v, %+v; want an *Error of ErrSyntax and the outcome unchanged", bad, err, o)
		}
	}
}
