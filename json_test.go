package hops

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
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

// TestSquaresAsNames: squares, sets of squares and pieces read in JSON
// as a person writes them, and a set holds every square exactly in a
// client that reads numbers as doubles: A1 and G7 (bit 54) together were
// 18014398509481985, which such a client reads as ...984, losing A1.
func TestSquaresAsNames(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{SquareAt(3, 3), `"D4"`},
		{Outside, `"out"`},
		{NoSquare, `"-"`},
		{SquareAt(0, 0).Bit() | SquareAt(6, 6).Bit(), `["A1","G7"]`},
		{Bitboard(0), `[]`},
		{Bitboard(1 << 63), `["H8"]`},
		{Piece{Side: Second, Letter: 'q', Name: "Queen"}, `{"side":"second","letter":"q","name":"Queen"}`},
		{Piece{Neutral: true, Letter: '*', Name: "bomb"}, `{"side":"first","neutral":true,"letter":"*","name":"bomb"}`},
	} {
		data, err := json.Marshal(c.v)
		if err != nil || string(data) != c.want {
			t.Errorf("%v: %s %v, want %s", c.v, data, err, c.want)
			continue
		}
		back := reflect.New(reflect.TypeOf(c.v))
		if err := json.Unmarshal(data, back.Interface()); err != nil || back.Elem().Interface() != c.v {
			t.Errorf("%s reads back as %v, %v", data, back.Elem().Interface(), err)
		}
	}
	var sq Square
	if err := json.Unmarshal([]byte(`"OUT"`), &sq); err != nil || sq != Outside {
		t.Errorf(`"OUT": %v %v`, sq, err)
	}
	// What would not read back equal has no JSON form.
	for _, p := range []Piece{{Side: Side(5), Letter: 'x'}, {Letter: 200, Name: "x"}} {
		var e *Error
		if _, err := json.Marshal(p); !errors.As(err, &e) {
			t.Errorf("%+v encoded: %v", p, err)
		}
	}
	var b Bitboard
	if err := json.Unmarshal([]byte(`["c3","A1","a1"]`), &b); err != nil || b != SquareAt(0, 0).Bit()|SquareAt(2, 2).Bit() {
		t.Errorf("any case, any order, twice: %v %v", b, err)
	}
	for _, bad := range []struct {
		v    any
		data string
	}{
		{new(Square), `"I1"`}, {new(Square), `"A9"`}, {new(Square), `"D44"`}, {new(Square), `27`},
		{new(Bitboard), `["out"]`}, {new(Bitboard), `["-"]`}, {new(Bitboard), `18014398509481985`}, {new(Bitboard), `["A1","Z"]`},
		{new(Piece), `{"side":"first","letter":"ab","name":"x"}`}, {new(Piece), `{"Side":"first","Letter":97}`},
	} {
		if err := json.Unmarshal([]byte(bad.data), bad.v); err == nil {
			t.Errorf("%T %s: accepted", bad.v, bad.data)
		}
	}
}

// TestRecordJSONKeys: a record read from JSON refuses a key it does not
// know, at every level, rather than drop it: "move" for "moves" would
// read as a game without moves.
func TestRecordJSONKeys(t *testing.T) {
	good := `{"game":"coir","start":"bbbbbb/6/6/6/6/wwwwww w","tags":[{"name":"White","value":"Ann"}],"moves":[{"text":"A1-B2","comment":"ok"}],"result":"*"}`
	var r Record
	if err := json.Unmarshal([]byte(good), &r); err != nil || len(r.Moves) != 1 || r.Tags[0].Value != "Ann" {
		t.Fatalf("%+v %v", r, err)
	}
	for _, bad := range []string{
		`{"game":"coir","start":"x","move":[],"result":"*"}`,
		`{"game":"coir","start":"x","tags":[{"name":"White","val":"Ann"}],"result":"*"}`,
		`{"game":"coir","start":"x","moves":[{"text":"A1-B2","note":"?"}],"result":"*"}`,
	} {
		r := Record{Game: "kept"}
		err := json.Unmarshal([]byte(bad), &r)
		if !errors.Is(err, ErrSyntax) || r.Game != "kept" {
			t.Errorf("%s: %v, record %+v", bad, err, r)
		}
	}
}

// TestSideOutOfRange: only First and Second are sides; another value
// prints as what it is and has no JSON form, where it printed and
// encoded as "second".
func TestSideOutOfRange(t *testing.T) {
	if got := Side(5).String(); got != "Side(5)" {
		t.Errorf("String = %q", got)
	}
	if _, err := json.Marshal(Side(5)); err == nil {
		t.Error("Side(5) encoded")
	}
	if got := Second.String() + First.String(); got != "secondfirst" {
		t.Errorf("%q", got)
	}
}

// TestJSONKeysExact: the library's JSON readers take their keys exactly
// as written, once each. encoding/json alone matches keys in any case,
// so that a record with "MOVES":[] after its moves read as a game
// without moves, with no error.
func TestJSONKeysExact(t *testing.T) {
	for _, c := range []struct {
		v    any
		data string
	}{
		{new(Record), `{"game":"catchit","start":"x","tags":[],"moves":[{"text":"C1-C2 D1-D2"}],"result":"*","MOVES":[]}`},
		{new(Record), `{"game":"catchit","start":"x","moves":[{"text":"C1-C2 D1-D2"}],"moves":[],"result":"*"}`},
		{new(Record), `{"game":"catchit","start":"x","moves":[{"TEXT":"C1-C2 D1-D2"}],"result":"*"}`},
		{new(Piece), `{"SIDE":"first","letter":"a","name":"x"}`},
		{new(Outcome), `{"Over":false}`},
		{new(Error), `{"kind":"illegal","Rule":"K8","where":"x","message":"y"}`},
	} {
		err := json.Unmarshal([]byte(c.data), c.v)
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%T %s: %v, want a refusal", c.v, c.data, err)
		}
	}
	var o Outcome
	if err := json.Unmarshal([]byte(`{"over":false}`), &o); err != nil {
		t.Errorf("the exact key: %v", err)
	}
}

// TestDecodeJSONAsEncodingJSON: DecodeJSON reads what encoding/json
// reads, strictly: an embedded struct's keys are its fields', a field
// tagged "-," has the key "-", a map's key may not come twice, text
// after the value is refused, and null is refused where the Go value
// cannot be nil (it would leave a square A1 or a count 0).
func TestDecodeJSONAsEncodingJSON(t *testing.T) {
	type inner struct {
		A int `json:"a"`
	}
	type outer struct {
		inner
		B     int            `json:"b"`
		Dash  int            `json:"-,"`
		M     map[string]int `json:"m"`
		Sq    [2]Square      `json:"sq"`
		P     *Square        `json:"p"`
		Moves []string       `json:"moves"`
	}
	good := `{"a":1,"b":2,"-":3,"m":{"x":1},"sq":["A1","B2"],"p":null,"moves":null}`
	var v outer
	if ok, err := DecodeJSON([]byte(good), &v, "v"); !ok || err != nil || v.A != 1 || v.Dash != 3 || v.Sq[1] != SquareAt(1, 1) {
		t.Fatalf("%s: %+v, %v", good, v, err)
	}
	for _, bad := range []string{
		`{"b":2}}]]garbage`, `{"b":2} {"b":3}`,
		`{"m":{"x":1,"x":2}}`,
		`{"sq":[null,"B2"]}`, `{"b":null}`, `{"a":null}`,
		`{"A":1}`,
	} {
		if _, err := DecodeJSON([]byte(bad), &v, "v"); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	var k StateKey
	for _, bad := range []string{`"12"`, `"` + strings.Repeat("0", 47) + `g"`, `"` + strings.Repeat("f", 49) + `"`} {
		if err := json.Unmarshal([]byte(bad), &k); !errors.Is(err, ErrSyntax) || k != (StateKey{}) {
			t.Errorf("StateKey %s: %v, %v", bad, err, k)
		}
	}
	for _, bad := range []string{`[1,2,3]`, `7`} { // the old form, numbers
		if err := json.Unmarshal([]byte(bad), &k); err == nil || k != (StateKey{}) {
			t.Errorf("StateKey %s: %v, %v", bad, err, k)
		}
	}
	var r JumpResult
	if err := json.Unmarshal([]byte(`{"End":"D1"}`), &r); !errors.Is(err, ErrSyntax) {
		t.Errorf("JumpResult with Go's key: %v", err)
	}
	var e *Error
	if err := json.Unmarshal([]byte(`{"kind":"syntax","rule":"","where":"","message":"m","x":1}`), &e); !errors.Is(err, ErrSyntax) {
		t.Errorf("an Error with an unknown key: %v", err)
	}
}

// TestHandBuiltRefused: values built by hand that would not read back
// from their JSON are refused when written (an empty message, a winner
// that is no side, a game that goes on with a winner, a text that is not
// UTF-8, which JSON would change), and a set of squares is not null
// inside a value (it read as the empty set).
func TestHandBuiltRefused(t *testing.T) {
	for name, v := range map[string]any{
		"error with no message":     Errorf(ErrSyntax, "", "", ""),
		"error not UTF-8":           &Error{Kind: ErrIllegal, Msg: "\xff"},
		"outcome of no side":        Outcome{Over: true, Winner: 7},
		"ongoing with a rule":       Outcome{WinnerName: "Red", Rule: "K3"},
		"outcome reason not UTF-8":  Win(First, "North", "N1", "\xff"),
		"piece name not UTF-8":      Piece{Side: First, Letter: 'p', Name: "\xff"},
		"built prompt not UTF-8":    Built[string]{Prompt: "\xff"},
		"built move text not UTF-8": Built[string]{Complete: true, Move: "\xff"},
	} {
		if data, err := json.Marshal(v); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: %s, %v", name, data, err)
		}
	}
	var r struct {
		Turned Bitboard `json:"turned"`
		Set    *Bitboard
	}
	if _, err := DecodeJSON([]byte(`{"turned":null}`), &r, "r"); !errors.Is(err, ErrSyntax) {
		t.Errorf("a null set of squares: %v", err)
	}
	if ok, err := DecodeJSON([]byte(`{"Set":null,"turned":["A1"]}`), &r, "r"); !ok || err != nil || r.Set != nil {
		t.Errorf("a null pointer to a set: %v", err)
	}
}

// TestStateKeyText: a StateKey travels as 48 hexadecimal digits, which a
// client that reads JSON numbers as doubles keeps whole (three numbers
// lost their low bits there, and distinct keys read the same), reads
// back equal in either case, and keys a JSON object.
func TestStateKeyText(t *testing.T) {
	k := StateKey{1<<63 | 1, 0xdeadbeefcafef00d, 3}
	data, err := json.Marshal(k)
	if err != nil || string(data) != `"8000000000000001deadbeefcafef00d0000000000000003"` {
		t.Fatalf("JSON %s, %v", data, err)
	}
	var back StateKey
	if err := json.Unmarshal([]byte(strings.ToUpper(string(data))), &back); err != nil || back != k {
		t.Fatalf("reads back as %v, %v", back, err)
	}
	var anyJSON any // what a client reading numbers as float64 sees
	if json.Unmarshal(data, &anyJSON) != nil || anyJSON != k.String() {
		t.Fatalf("a generic client reads %v", anyJSON)
	}
	m := map[StateKey]int{k: 2}
	data, err = json.Marshal(m)
	var mb map[StateKey]int
	if err != nil || json.Unmarshal(data, &mb) != nil || mb[k] != 2 {
		t.Fatalf("a map keyed by StateKey: %s, %v, %v", data, err, mb)
	}
}

// FuzzStateKeyText: any text StateKey.UnmarshalText accepts is 48
// hexadecimal digits and writes back as the same digits in lower case;
// any other is refused with ErrSyntax and leaves the key as it was (seed
// corpus in testdata/fuzz/FuzzStateKeyText).
func FuzzStateKeyText(f *testing.F) {
	f.Add("8000000000000001deadbeefcafef00d0000000000000003")
	f.Add("8000000000000001DEADBEEFCAFEF00D000000000000000")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		k := StateKey{7, 8, 9}
		err := k.UnmarshalText([]byte(text))
		if err != nil {
			if !errors.Is(err, ErrSyntax) || k != (StateKey{7, 8, 9}) || len(err.Error()) > 400 {
				t.Fatalf("%q: %v, key %v", text, err, k)
			}
			return
		}
		if k.String() != strings.ToLower(text) {
			t.Fatalf("%q reads as %v", text, k)
		}
	})
}
