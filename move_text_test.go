package hops_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"iter"
	"reflect"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	hopsgames "github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

// anyPath draws a path of any squares, off every board and NoSquare
// included, with any marks: what a program can build by hand.
func anyPath(t *rapid.T, label string) hops.Path {
	var p hops.Path
	for range rapid.IntRange(0, 5).Draw(t, label+" length") {
		p.Push(hops.Square(rapid.IntRange(-1, 66).Draw(t, label)), rapid.Bool().Draw(t, label+" marked"))
	}
	return p
}

func anySquare(t *rapid.T, label string) hops.Square {
	return hops.Square(rapid.IntRange(-1, 66).Draw(t, label))
}

// TestBuiltMoveTextReadsBack: a move of any game built by hand from any
// squares either writes a text that reads back as the same move, or is
// refused with an ErrSyntax (G12), as the JSON forms promise.
func TestBuiltMoveTextReadsBack(t *testing.T) {
	checkReadsBack := func(t *rapid.T, m encoding.TextMarshaler, back encoding.TextUnmarshaler, same func() bool) {
		text, err := m.MarshalText()
		if err != nil {
			if !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "G12" {
				t.Fatalf("%v: MarshalText error %v is no ErrSyntax under G12", m, err)
			}
			return
		}
		if err := back.UnmarshalText(text); err != nil || !same() {
			t.Fatalf("%v: text %q does not read back (%v)", m, text, err)
		}
	}
	t.Run("zapita", rapid.MakeCheck(func(t *rapid.T) {
		m := zapita.NewMove(anyPath(t, "path"), rapid.SliceOfN(rapid.Custom(func(t *rapid.T) hops.Square { return anySquare(t, "throw") }), 0, 3).Draw(t, "throws")...)
		var back zapita.Move
		checkReadsBack(t, m, &back, func() bool { return back == m })
	}))
	t.Run("catchit", rapid.MakeCheck(func(t *rapid.T) {
		m := catchit.NewMove(anyPath(t, "first"), anyPath(t, "second"))
		var back catchit.Move
		checkReadsBack(t, m, &back, func() bool { return back == m })
	}))
	t.Run("coir", rapid.MakeCheck(func(t *rapid.T) {
		m := coir.NewMove(anyPath(t, "path"), anySquare(t, "step from"), anySquare(t, "step to"))
		var back coir.Move
		checkReadsBack(t, m, &back, func() bool { return back == m })
	}))
	t.Run("brouillard", rapid.MakeCheck(func(t *rapid.T) {
		m := brouillard.NewMove(anyPath(t, "pawn"), anyPath(t, "fou"))
		var back brouillard.Move
		checkReadsBack(t, m, &back, func() bool { return back == m })
	}))
	// The cases found by hand: "out" first or in the middle of a path, a
	// square of no board.
	d1, d2 := hops.SquareAt(3, 0), hops.SquareAt(3, 1)
	for _, m := range []encoding.TextMarshaler{
		catchit.NewMove(hops.PathOf(hops.Outside, d1)),
		catchit.NewMove(hops.PathOf(d1, hops.Outside, d2)),
		zapita.NewMove(hops.PathOf(hops.SquareAt(7, 0), hops.SquareAt(0, 0))),
		coir.NewMove(hops.PathOf(d1, hops.Outside), hops.NoSquare, hops.NoSquare),
	} {
		if text, err := m.MarshalText(); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("%v: MarshalText = %q, %v; want an ErrSyntax", m, text, err)
		}
	}
}

// texter is what every value with a text has.
type texter interface {
	encoding.TextAppender
	encoding.TextMarshaler
	String() string
	AppendTo([]byte) []byte
}

// firstMove returns the first move of a sequence.
func firstMove[M any](moves iter.Seq[M]) M {
	for m := range moves {
		return m
	}
	var zero M
	return zero
}

// TestTextAppenders: the values with a text are encoding.TextAppender,
// whose AppendText gives what MarshalText gives (its checks included)
// after what b held, and b alone with MarshalText's error; AppendTo, the
// fast form, gives String's text.
func TestTextAppenders(t *testing.T) {
	d1, d2 := hops.SquareAt(3, 0), hops.SquareAt(3, 1)
	bad := catchit.NewMove(hops.PathOf(d1, hops.Outside, d2))
	for _, v := range []texter{
		d1, hops.PathOf(d1, d2), hops.Click{Square: d1},
		zapita.Start(), catchit.Start(), coir.Start(), brouillard.Start(),
		firstMove(zapita.Start().Moves()), firstMove(catchit.Start().Moves()),
		firstMove(coir.Start().Moves()), firstMove(brouillard.Start().Moves()),
		bad, hops.PathOf(d1), zapita.Move{},
	} {
		got, err := v.AppendText([]byte("prefix "))
		want, werr := v.MarshalText()
		switch {
		case (err == nil) != (werr == nil):
			t.Errorf("%v: AppendText error %v, MarshalText error %v", v, err, werr)
		case err != nil && string(got) != "prefix ":
			t.Errorf("%v: AppendText gave %q with its error", v, got)
		case err == nil && string(got) != "prefix "+string(want):
			t.Errorf("%v: AppendText = %q, want %q", v, got, "prefix "+string(want))
		}
		if s := string(v.AppendTo([]byte("prefix "))); s != "prefix "+v.String() {
			t.Errorf("%v: AppendTo = %q", v, s)
		}
	}
	if _, err := bad.AppendText(nil); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("AppendText of a move with no text: %v", err)
	}
}

// TestSetupJSON: every game's Setup travels in JSON with lower-case keys,
// reads back equal, and refuses a key not written exactly (encoding/json
// alone would read "PAWNS" as "pawns", and leave a misspelt key's field
// empty).
func TestSetupJSON(t *testing.T) {
	for name, setup := range map[string]any{
		"zapita": zapita.Start().Setup(), "catchit": catchit.Start().Setup(),
		"coir": coir.Start().Setup(), "brouillard": brouillard.Start().Setup(),
	} {
		data, err := json.Marshal(setup)
		if err != nil || !strings.Contains(string(data), `"pawns":[`) || !strings.Contains(string(data), `"to_move":"first"`) {
			t.Errorf("%s: %s, %v", name, data, err)
			continue
		}
		back := reflect.New(reflect.TypeOf(setup))
		if err := json.Unmarshal(data, back.Interface()); err != nil || !reflect.DeepEqual(back.Elem().Interface(), setup) {
			t.Errorf("%s: read back %+v, %v", name, back.Elem().Interface(), err)
		}
		for _, bad := range []string{
			strings.Replace(string(data), `"pawns"`, `"PAWNS"`, 1),
			strings.Replace(string(data), `"to_move"`, `"tomove"`, 1),
			strings.Replace(string(data), `{`, `{"to_move":"second",`, 1),
		} {
			if err := json.Unmarshal([]byte(bad), back.Interface()); !errors.Is(err, hops.ErrSyntax) {
				t.Errorf("%s: %.60s... read with %v", name, bad, err)
			}
		}
	}
}

// TestBuiltPreviewsCompare: the previews of State.Build compare with ==
// without a panic (the text form's preview held a func, which made ==
// panic at run time); the typed previews compare by position.
func TestBuiltPreviewsCompare(t *testing.T) {
	s := catchit.Game.Start(hops.First)
	a, err1 := s.Build(nil)
	b, err2 := s.Build(nil)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if a.Preview == nil || b.Preview == nil {
		t.Fatal("no preview")
	}
	_ = a.Preview == b.Preview // must not panic
	ta, _ := catchit.Start().Build(nil)
	tb, _ := catchit.Start().Build(nil)
	if ta.Preview != tb.Preview {
		t.Error("two typed previews of one position differ")
	}
}

// TestJSONShapeExact: the library's values read from JSON refuse a key
// not written exactly, a key given twice, and an array of another length
// than the Go array it fills (encoding/json drops what is beyond, and
// leaves the rest zero), at every depth.
func TestJSONShapeExact(t *testing.T) {
	zapitaPawns := `[[["G1","G7"],["G2","G6"],["G3","G5"]],[["A1","A7"],["A2","A6"],["A3","A5"]]]`
	setup := brouillard.Start().Setup()
	data, _ := json.Marshal(setup)
	brouillardSetup := string(data)
	fous := `"fous":["` + setup.Fous[0].String() + `","` + setup.Fous[1].String() + `"]`
	data, _ = json.Marshal(catchit.Start().Setup())
	catchitSetup := string(data)
	if !strings.Contains(brouillardSetup, fous) || !strings.Contains(brouillardSetup, `"captured":[0,0]`) || !strings.Contains(catchitSetup, `"carrier":"D1"`) {
		t.Fatalf("the setups' JSON: %s %s", brouillardSetup, catchitSetup)
	}
	for _, tt := range []struct {
		name string
		v    any
		good string
		bad  []string
	}{
		{"arrow", new(hops.Arrow), `{"from_file":1,"from_rank":2,"to_file":3,"to_rank":4}`,
			[]string{`{"from_file":1,"FROM_RANK":2}`, `{"dashed":true,"dashed":false}`, `{"x":1}`}},
		{"token", new(hops.Token), `{"fill":"red","label":"1"}`,
			[]string{`{"Fill":"red"}`, `{"fill":"red","fill":"blue"}`}},
		{"divide entry", new(hops.DivideEntry[catchit.Move]), `{"move":"C1-C2 D1-D2","nodes":4}`,
			[]string{`{"Move":"C1-C2 D1-D2"}`, `{"nodes":1,"nodes":2}`}},
		{"division", new(hopsgames.Division), `{"move":"a","nodes":4}`,
			[]string{`{"Move":"a","move":"b","NODES":4,"y":1}`}},
		{"result", new(players.Result[catchit.Move]), `{"move":"","score":1,"depth":2,"nodes":3}`,
			[]string{`{"Score":1}`, `{"depth":1,"depth":2}`}},
		{"zapita setup", new(zapita.Setup), `{"pawns":` + zapitaPawns + `,"bomb":"D4","to_move":"first"}`,
			[]string{
				`{"pawns":[[["G1","G7"],["G2","G6"],["G3","G5"],["E4"]],[["A1","A7"],["A2","A6"],["A3","A5"]]],"bomb":"D4","to_move":"first"}`,
				`{"pawns":[[["G1","G7"],["G2","G6"]],[["A1","A7"],["A2","A6"],["A3","A5"]]],"bomb":"D4","to_move":"first"}`,
				`{"pawns":[[["G1","G7"],["G2","G6"],["G3","G5"]]],"bomb":"D4","to_move":"first"}`,
			}},
		{"brouillard setup", new(brouillard.Setup), brouillardSetup, []string{
			strings.Replace(brouillardSetup, fous, `"fous":["`+setup.Fous[0].String()+`"]`, 1),
			strings.Replace(brouillardSetup, fous, `"fous":[null,"`+setup.Fous[1].String()+`"]`, 1),
			strings.Replace(brouillardSetup, `"captured":[0,0]`, `"captured":[0,0,0]`, 1),
			strings.Replace(brouillardSetup, `,"to_move":"first"`, ``, 1),
		}},
		{"catchit setup", new(catchit.Setup), catchitSetup, []string{
			strings.Replace(catchitSetup, `"carrier":"D1",`, ``, 1),
			strings.Replace(catchitSetup, `"carrier":"D1"`, `"carrier":null`, 1),
		}},
		{"record", new(hops.Record), `{"game":"catchit","start":"x","moves":[{"text":"C1-C2"}],"result":"*"}`,
			[]string{`{"game":"catchit","moves":[{"text":"C1-C2","TEXT":"x"}]}`, `{"tags":[{"name":"a","value":"b","x":1}]}`}},
	} {
		if err := json.Unmarshal([]byte(tt.good), tt.v); err != nil {
			t.Errorf("%s: %s: %v", tt.name, tt.good, err)
		}
		for _, bad := range tt.bad {
			if err := json.Unmarshal([]byte(bad), tt.v); !errors.Is(err, hops.ErrSyntax) {
				t.Errorf("%s: %s read with %v", tt.name, bad, err)
			}
		}
	}
	var z zapita.Setup
	err := json.Unmarshal([]byte(`{"pawns":[[["G1","G7"],["G2","G6"]],[]],"bomb":"D4","to_move":"first"}`), &z)
	if err == nil || err.Error() != `setup: key "pawns": entry 1: an array of 2 entries, want 3` {
		t.Errorf("a short array: %v", err)
	}
}

// TestMoreTextAppenders: the other values with a MarshalText are
// encoding.TextAppender too, giving what it gives, or its error with b
// unchanged.
func TestMoreTextAppenders(t *testing.T) {
	var arr brouillard.Arrangement
	for a := range brouillard.Arrangements() {
		arr = a
		break
	}
	for _, v := range []interface {
		encoding.TextAppender
		encoding.TextMarshaler
	}{hops.First, hops.Second, hops.Side(5), brouillard.King, brouillard.Kind(0), brouillard.Reveal{}, arr,
		brouillard.Arrangement{1, 1, 1, 1, 1, 1, 1}, brouillard.Reveal{Turned: true, Square: hops.SquareAt(4, 2)},
		brouillard.Reveal{Turned: true, Square: hops.NoSquare, Kind: brouillard.King}} {
		got, err := v.AppendText([]byte("prefix "))
		want, werr := v.MarshalText()
		if (err == nil) != (werr == nil) || err == nil && string(got) != "prefix "+string(want) || err != nil && string(got) != "prefix " {
			t.Errorf("%v: AppendText = %q, %v; MarshalText = %q, %v", v, got, err, want, werr)
		}
		// What is written reads back as the value (UnmarshalText).
		if err == nil {
			back := reflect.New(reflect.TypeOf(v))
			if uerr := back.Interface().(encoding.TextUnmarshaler).UnmarshalText(want); uerr != nil || back.Elem().Interface() != v {
				t.Errorf("%v: %q reads back as %v, %v", v, want, back.Elem().Interface(), uerr)
			}
		}
	}
}

// TestBuiltJSONTwice: a Built read from JSON writes the same JSON again,
// its preview included (it was lost on the second writing).
func TestBuiltJSONTwice(t *testing.T) {
	b, err := catchit.Start().Build([]hops.Click{{Square: hops.SquareAt(2, 0)}})
	if err != nil {
		t.Fatal(err)
	}
	first, _ := json.Marshal(b)
	var back hops.Built[catchit.Move]
	if err := json.Unmarshal(first, &back); err != nil {
		t.Fatal(err)
	}
	second, err := json.Marshal(back)
	if err != nil || string(second) != string(first) || !strings.Contains(string(first), `"preview":"`) {
		t.Errorf("written again:\n%s\nfirst:\n%s (%v)", second, first, err)
	}
}

// TestNoTextRules: a value with no text cites the rule of its text's
// form: B3 for an arrangement, B8 for a reveal, G12 for a move.
func TestNoTextRules(t *testing.T) {
	for want, v := range map[string]encoding.TextMarshaler{
		"B3":  brouillard.Arrangement{1, 1, 1, 1, 1, 1, 1},
		"B8":  brouillard.Reveal{Turned: true, Square: hops.SquareAt(4, 2)},
		"G12": catchit.NewMove(hops.PathOf(hops.Outside, hops.SquareAt(3, 0))),
	} {
		if _, err := v.MarshalText(); hops.RuleOf(err) != want {
			t.Errorf("%v: %v, want an error under %s", v, err, want)
		}
	}
}
