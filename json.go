package hops

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// MarshalText returns "first" or "second": a Side alone does not know the
// names its game gives the sides (see Side). Any other value is refused.
func (s Side) MarshalText() ([]byte, error) {
	if s > Second {
		return nil, Errorf(ErrSyntax, "", "side", "%s is no side: want First or Second", s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads "first" or "second", in any case.
func (s *Side) UnmarshalText(text []byte) error {
	switch {
	case strings.EqualFold(string(text), "first"):
		*s = First
	case strings.EqualFold(string(text), "second"):
		*s = Second
	default:
		return Errorf(ErrSyntax, "", "side", "%s: want \"first\" or \"second\"", Quote(string(text)))
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
// winner's name, side, rule and reason for a finished one. An Outcome
// built by hand that would not read back is refused: a game that goes on
// with a winner, rule or reason, a winner that is no side, a text that
// is not UTF-8.
func (o Outcome) MarshalJSON() ([]byte, error) {
	if !o.Over {
		if o != (Outcome{}) {
			return nil, Errorf(ErrSyntax, "", "outcome", "a game that goes on has no winner, rule or reason")
		}
		return []byte(`{"over":false}`), nil
	}
	if o.Winner > Second {
		return nil, Errorf(ErrSyntax, "", "outcome", "the winner %s is no side", o.Winner)
	}
	if err := notUTF8([]string{o.WinnerName, o.Rule, o.Reason}, []string{"outcome winner", "outcome rule", "outcome reason"}); err != nil {
		return nil, err
	}
	w := o.Winner
	return json.Marshal(outcomeJSON{Over: true, Winner: o.WinnerName, Side: &w, Rule: o.Rule, Reason: o.Reason})
}

// UnmarshalJSON reads what MarshalJSON writes. A finished game must say
// which side won ("side"); a game that goes on must say nothing more.
// JSON null leaves the outcome unchanged.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	var j outcomeJSON
	if ok, err := DecodeJSON(data, &j, "outcome"); !ok {
		return err
	}
	if !j.Over {
		if j != (outcomeJSON{}) {
			return Errorf(ErrSyntax, "", "outcome", "a game that goes on has no winner, rule or reason")
		}
		*o = Outcome{}
		return nil
	}
	if j.Side == nil {
		return Errorf(ErrSyntax, "", "outcome", "a finished game needs the winning \"side\"")
	}
	*o = Win(*j.Side, j.Winner, j.Rule, j.Reason)
	return nil
}

// errorJSON is the JSON form of an *Error (see Error.MarshalJSON).
type errorJSON struct {
	Kind    string `json:"kind"`
	Rule    string `json:"rule"`
	Where   string `json:"where"`
	Message string `json:"message"`
}

// errorKinds are the kinds of error, which JSON names.
var errorKinds = []error{ErrSyntax, ErrPosition, ErrIllegal}

// MarshalJSON writes the kind's name: "syntax", "position" or "illegal".
func (k *errorKind) MarshalJSON() ([]byte, error) { return json.Marshal(k.name) }

// MarshalJSON writes the error as
// {"kind":"illegal","rule":"K8","where":"second displacement C1xE3","message":"jump 1 C1-E3: the ball was already moved this turn"}:
// "kind" is "syntax", "position" or "illegal" for ErrSyntax, ErrPosition
// and ErrIllegal, "message" is Msg (Error() gives the whole sentence).
// An Error of any other kind, with no message or with a text that is not
// UTF-8 (which JSON would change), has no JSON form: MarshalJSON refuses
// it.
// (MarshalJSON has a value receiver so that an Error held by value
// encodes alike; a nil *Error encodes as null.)
func (e Error) MarshalJSON() ([]byte, error) {
	if k, ok := e.Kind.(*errorKind); ok {
		// What would not read back: no message, a text that is not UTF-8.
		if e.Msg == "" {
			return nil, Errorf(ErrSyntax, "", "error", "an Error says what is wrong: its Msg is empty")
		}
		if err := notUTF8([]string{e.Rule, e.Where, e.Msg}, []string{"error rule", "error where", "error message"}); err != nil {
			return nil, err
		}
		return json.Marshal(errorJSON{Kind: k.name, Rule: e.Rule, Where: e.Where, Message: e.Msg})
	}
	return nil, Errorf(ErrSyntax, "", "error", "an Error of kind %v has no JSON form: the kinds are ErrSyntax, ErrPosition and ErrIllegal", e.Kind)
}

// UnmarshalJSON reads what MarshalJSON writes, restoring Kind to the
// sentinel its name stands for, so that errors.Is(err, ErrIllegal) holds
// for a decoded illegal-move error. "rule" and "where" may be left out;
// "kind" and "message" may not. JSON null leaves the error unchanged.
func (e *Error) UnmarshalJSON(data []byte) error {
	var j errorJSON
	if ok, err := DecodeJSON(data, &j, "error"); !ok {
		return err
	}
	if j.Message == "" {
		return Errorf(ErrSyntax, "", "error", "the \"message\" is missing")
	}
	for _, k := range errorKinds {
		if j.Kind == k.(*errorKind).name {
			*e = Error{Kind: k, Rule: j.Rule, Where: j.Where, Msg: j.Message}
			return nil
		}
	}
	return Errorf(ErrSyntax, "", "error", "kind %s: want \"syntax\", \"position\" or \"illegal\"", Quote(j.Kind))
}

// DecodeJSON decodes one JSON value into v, refusing keys v does not
// have, written exactly (encoding/json alone matches keys in any case,
// so that "MOVES" would overwrite "moves"), a key given twice, an array
// of another length than the Go array it fills, and null where the Go
// value cannot be nil (encoding/json would leave it as it was: a square
// A1, a count 0), at every depth, and text after the value: the body of
// the library's UnmarshalJSON methods. It reports
// whether v was decoded: JSON null leaves v unchanged and gives false
// with a nil error, as encoding/json does for values without a method.
// Its error is an *Error located at what ("outcome", "state", ...): the
// error of a value inside that read itself from text (a click, a move),
// or one of kind ErrSyntax for JSON of the wrong shape.
func DecodeJSON(data []byte, v any, what string) (bool, error) {
	if string(bytes.TrimSpace(data)) == "null" {
		return false, nil
	}
	if err := exactShape(data, v, what); err != nil {
		return false, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, more := dec.Token(); more != io.EOF {
			// json.Unmarshal refuses it before a method is called; a
			// direct call must too.
			return false, Errorf(ErrSyntax, "", what, "text after the JSON value")
		}
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) { // a text inside, such as a click, is wrong
			return false, e.In(what)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) { // said in JSON's words, not Go's types
			where := what
			if te.Field != "" {
				where += ": key " + Quote(te.Field)
			}
			return false, Errorf(ErrSyntax, "", where, "a JSON %s where %s is wanted", te.Value, jsonKind(te.Type))
		}
		msg := err.Error()
		if len(msg) > 2*MaxQuote { // an unknown key is quoted whole
			msg = Quote(msg)
		}
		return false, Errorf(ErrSyntax, "", what, "%s", msg)
	}
	return true, nil
}

// jsonKind names the JSON value that a Go type reads from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		return "a string"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number of " + strconv.Itoa(t.Bits()) + " bits"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number from 0, of " + strconv.Itoa(t.Bits()) + " bits"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another value"
}

// exactShape refuses, where data holds a JSON object for a struct of
// v's type (at the top, or inside arrays, slices, maps and other
// structs), a key that is not exactly the JSON name of one of its fields
// and a key given twice, and, where it holds an array for a Go array, an
// array of another length (encoding/json fills the rest with zero values
// or drops what is beyond). A value whose type reads itself (its own
// UnmarshalJSON or UnmarshalText) is left to it. Data that is not valid
// JSON, or of another shape, is left to the decoder, which says what is
// wrong with it.
func exactShape(data []byte, v any, what string) error {
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if e, _ := shapeOf(dec, t.Elem(), what, true); e != nil {
		return e
	}
	return nil
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// shapeOf reads the next JSON value of dec against type t (located at
// where for errors) and returns the first fault of exactShape's, and
// false when the JSON itself is malformed (the decoder will say so).
// top says that t is the value decoded, whose own methods are not used.
func shapeOf(dec *json.Decoder, t reflect.Type, where string, top bool) (*Error, bool) {
	// null leaves a value as it was (a square A1, a count 0): it is
	// refused but where the Go value can be nil, or reads null itself.
	nullable := false
	for t.Kind() == reflect.Pointer {
		t, nullable = t.Elem(), true
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Map, reflect.Interface:
		nullable = true
	}
	if !top && reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, false
		}
		// A struct that reads itself may give null a meaning (the zero
		// games.State); a set of squares may not.
		if !nullable && t.Kind() != reflect.Struct && string(raw) == "null" {
			return Errorf(ErrSyntax, "", where, "null where a value is wanted"), true
		}
		return nil, true
	}
	if !top && reflect.PointerTo(t).Implements(textUnmarshaler) {
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, false
		}
		if !nullable && string(raw) == "null" {
			return Errorf(ErrSyntax, "", where, "null where %s is wanted", jsonKind(t)), true
		}
		return nil, true
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, false
	}
	switch {
	case tok == nil && !nullable && !top:
		return Errorf(ErrSyntax, "", where, "null where %s is wanted", jsonKind(t)), true
	case tok == json.Delim('{') && t.Kind() == reflect.Struct:
		fields := jsonFields(t)
		seen := make(map[string]bool, len(fields))
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			key, _ := tok.(string)
			ft, ok := fields[key]
			switch {
			case !ok:
				return Errorf(ErrSyntax, "", where, "unknown key %s (keys are written exactly, in lower case)", Quote(key)), true
			case seen[key]:
				return Errorf(ErrSyntax, "", where, "key %s given twice", Quote(key)), true
			}
			seen[key] = true
			if e, ok := shapeOf(dec, ft, where+": key "+Quote(key), false); e != nil || !ok {
				return e, ok
			}
		}
	case tok == json.Delim('{') && t.Kind() == reflect.Map:
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			key, _ := tok.(string)
			if seen[key] {
				return Errorf(ErrSyntax, "", where, "key %s given twice", Quote(key)), true
			}
			seen[key] = true
			if e, ok := shapeOf(dec, t.Elem(), where+": key "+Quote(key), false); e != nil || !ok {
				return e, ok
			}
		}
	case tok == json.Delim('[') && (t.Kind() == reflect.Array || t.Kind() == reflect.Slice):
		n := 0
		for dec.More() {
			n++
			if e, ok := shapeOf(dec, t.Elem(), where+": entry "+strconv.Itoa(n), false); e != nil || !ok {
				return e, ok
			}
		}
		if t.Kind() == reflect.Array && n != t.Len() {
			return Errorf(ErrSyntax, "", where, "an array of %s, want %d", plural(n, "entry", "entries"), t.Len()), true
		}
	case tok == json.Delim('{') || tok == json.Delim('['):
		// Another shape than t's: skip it, the decoder says what is
		// wrong.
		for depth := 1; depth > 0; {
			tok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			switch tok {
			case json.Delim('{'), json.Delim('['):
				depth++
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
		}
		return nil, true
	default:
		return nil, true // a scalar
	}
	_, err = dec.Token() // the closing '}' or ']'
	return nil, err == nil
}

// plural writes n things, in the singular for 1.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// jsonFieldTypes caches, by struct type, its fields by JSON name.
var jsonFieldTypes sync.Map // reflect.Type → map[string]reflect.Type

// jsonFields returns the fields of the struct type t by JSON name: the
// name its tag gives, or the field's own name; a field tagged "-" has
// none.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	if m, ok := jsonFieldTypes.Load(t); ok {
		return m.(map[string]reflect.Type)
	}
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch {
		case f.Anonymous && name == "" && ft.Kind() == reflect.Struct:
			// An embedded struct's keys are its own fields', as
			// encoding/json reads them (exported or not).
			for k, v := range jsonFields(ft) {
				if _, ok := fields[k]; !ok {
					fields[k] = v
				}
			}
			continue
		case !f.IsExported() || tag == "-":
			continue
		case name == "":
			name = f.Name
		}
		fields[name] = f.Type
	}
	jsonFieldTypes.Store(t, fields)
	return fields
}

// NoJSON returns the error of a value that has no JSON form, for the
// MarshalJSON methods of the library's engine types (Board, JumpSearch,
// the computer players, ...): what names the value ("a Board"), instead
// says what to send in its place ("" for nothing). Such values refuse to
// be encoded rather than encode as {}, which would read back as
// something else. The error is an *Error of kind ErrSyntax.
func NoJSON(what, instead string) error {
	if instead != "" {
		instead = "; " + instead
	}
	return Errorf(ErrSyntax, "", "", "%s has no JSON form%s", what, instead)
}

// noJSON is the body of the MarshalJSON methods of the root package's
// types that have no JSON form.
func noJSON(what, instead string) ([]byte, error) { return nil, NoJSON(what, instead) }

// MarshalJSON refuses: a Board is geometry that the games build once
// (Board6, Board7); send the board's size instead.
func (b Board) MarshalJSON() ([]byte, error) {
	return noJSON("a Board", "its Size says which board it is")
}

// MarshalJSON refuses: a Drawing is the material of a picture, bound to
// its Board; send its SVG instead.
func (Drawing) MarshalJSON() ([]byte, error) { return noJSON("a Drawing", "send its SVG") }

// MarshalJSON refuses: JumpRules are the working rules of one search,
// bound to their Board.
func (JumpRules) MarshalJSON() ([]byte, error) { return noJSON("a JumpRules value", "") }

// MarshalJSON refuses: a JumpSearch is the state of a running search.
func (JumpSearch) MarshalJSON() ([]byte, error) { return noJSON("a JumpSearch", "") }

// MarshalJSON refuses: a Reach is the result of a flood fill, bound to
// its JumpRules.
func (Reach) MarshalJSON() ([]byte, error) { return noJSON("a Reach", "") }

// MarshalJSON refuses: a RecordReader reads a stream.
func (RecordReader) MarshalJSON() ([]byte, error) {
	return noJSON("a RecordReader", "send the records it reads")
}

// MarshalJSON refuses: a Recorder holds a live position; its Record has
// a JSON form.
func (Recorder) MarshalJSON() ([]byte, error) {
	return noJSON("a Recorder", "send its Record")
}

// MarshalText writes a path as its text (G12), "E2xC2-C4" ("" for the
// zero Path). A path whose text would not read back as the same path
// (one square alone, a square of no board, "out" anywhere but at its
// end) is refused with an error of kind ErrSyntax.
func (p Path) MarshalText() ([]byte, error) {
	if p.Len() == 0 {
		return []byte{}, nil
	}
	if p.Len() == 1 {
		return nil, Errorf(ErrSyntax, "G12", "path "+p.String(), "a path of one square has no text form")
	}
	text := p.AppendTo(nil)
	back, err := ParsePath(Board7, string(text))
	if err != nil {
		return nil, Errorf(ErrSyntax, "G12", "path "+Quote(string(text)), "has no text that reads back (%v)", err)
	}
	if back != p {
		return nil, Errorf(ErrSyntax, "G12", "path "+Quote(string(text)), "has no text that reads back: it reads as another path")
	}
	return text, nil
}

// UnmarshalText reads a path text as ParsePath does on the 7×7 board,
// which holds every square of both boards; "" gives the zero Path.
func (p *Path) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = Path{}
		return nil
	}
	v, err := ParsePath(Board7, string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// stateJSON is the JSON form of a State.
type stateJSON struct {
	Game     string `json:"game"`
	Position string `json:"position"`
}

// MarshalJSON writes a State made by a Game as
// {"game":"catchit","position":"<position text>"}: the game's short name
// and the position text its Parse reads. The root package keeps no list
// of games, so a State is read back through the registry of package
// games (games.State, which decodes this form).
func (e *erased[P, M]) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{Game: e.g.Name, Position: e.p.String()})
}

// MarshalJSON refuses: a Game holds the functions of its package, which
// no JSON can carry. Send its Name instead; games.ByName finds the game
// again, and a State travels with its game's name (see State).
func (g Game) MarshalJSON() ([]byte, error) {
	return noJSON("a Game", "send its Name, which games.ByName reads back")
}

// builtJSON is the JSON form of a Built.
type builtJSON[M any] struct {
	Next     []Click `json:"next"`
	Complete bool    `json:"complete"`
	Move     *M      `json:"move,omitempty"`
	Prompt   string  `json:"prompt,omitempty"`
	Preview  string  `json:"preview,omitempty"`
}

// MarshalJSON writes {"next":["A2","xB3"],"complete":false,"prompt":
// "...","preview":"..."} for a move begun, the clicks as their texts (see
// Click), and adds "move", the move's text, once Complete: an incomplete
// build has no move to write. "preview" is the preview's position text
// (a view's text for a Brouillard View), to show; the game's Parse (or
// games.ParseView) reads it, but for a Zapita move in progress, whose
// pawn may stand on a headquarters or hold the bomb, as no position the
// rules stop in does. Decoding cannot tell the game, so UnmarshalJSON
// leaves Preview nil and a program that needs the position parses the
// text (PreviewText gives it).
func (b Built[M]) MarshalJSON() ([]byte, error) {
	// PreviewText: a Built read from JSON writes the preview it read.
	j := builtJSON[M]{Next: b.Next, Complete: b.Complete, Prompt: b.Prompt, Preview: b.PreviewText()}
	texts := []string{j.Prompt, j.Preview}
	if m, ok := any(b.Move).(string); ok { // State.Build's move text
		texts = append(texts, m)
	}
	if err := notUTF8(texts, []string{"built prompt", "built preview", "built move"}); err != nil {
		return nil, err
	}
	if j.Next == nil {
		j.Next = []Click{}
	}
	if b.Complete {
		j.Move = &b.Move
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes: "move" is required when
// "complete" is true and refused otherwise; an empty "next" gives a nil
// Next; Preview stays nil (see MarshalJSON and PreviewText). JSON null
// leaves b unchanged.
func (b *Built[M]) UnmarshalJSON(data []byte) error {
	var j builtJSON[M]
	if ok, err := DecodeJSON(data, &j, "built"); !ok {
		return err
	}
	if j.Complete != (j.Move != nil) {
		return Errorf(ErrSyntax, "", "built", "a complete build has a \"move\", and only a complete one")
	}
	out := Built[M]{Next: j.Next, Complete: j.Complete, Prompt: j.Prompt, previewText: j.Preview}
	if len(out.Next) == 0 {
		out.Next = nil
	}
	if j.Move != nil {
		out.Move = *j.Move
	}
	*b = out
	return nil
}

// PreviewText returns the text of the preview: Preview.String(), or for a
// Built read from JSON the "preview" it carried.
func (b Built[M]) PreviewText() string {
	if b.Preview != nil {
		return b.Preview.String()
	}
	return b.previewText
}

// JSON strings hold Unicode text, so a record's text that is not valid
// UTF-8 (a comment saved in Latin-1, say), which the record's text form
// keeps byte for byte, would read back from JSON changed: Record, Tag and
// RecordMove refuse to encode it, naming the text.

// MarshalJSON writes the record with the keys its struct tags give, or
// refuses, with an *Error that names the text, a record that holds a
// text that is not valid UTF-8.
func (r Record) MarshalJSON() ([]byte, error) {
	texts := []string{r.Game, r.Start, r.Comment, r.Result}
	where := []string{"tag Game", "tag Start", "comment", "result"}
	for _, t := range r.Tags {
		texts, where = append(texts, t.Name, t.Value), append(where, "tag "+clip(t.Name), "tag "+clip(t.Name))
	}
	for i, m := range r.Moves {
		texts = append(texts, m.Text, m.Reveal, m.Comment)
		w := "move " + strconv.Itoa(i+1)
		where = append(where, w, w+" reveal", w+" comment")
	}
	if err := notUTF8(texts, where); err != nil {
		return nil, err
	}
	type plain Record // the same fields, without this method
	return json.Marshal(plain(r))
}

// UnmarshalJSON reads what MarshalJSON writes, refusing a key it does
// not know (a misspelt "moves" would leave a game without moves). It
// reads the values as they are, as a Record filled by hand holds them:
// Check says whether the record is one Write accepts, and Replay checks
// its moves. JSON null leaves the record unchanged.
func (r *Record) UnmarshalJSON(data []byte) error {
	type plain Record // the same fields, without this method
	return decodeWhole(data, (*plain)(r), "record")
}

// UnmarshalJSON reads {"name":...,"value":...}, refusing other keys.
func (t *Tag) UnmarshalJSON(data []byte) error {
	type plain Tag
	return decodeWhole(data, (*plain)(t), "tag")
}

// UnmarshalJSON reads what MarshalJSON writes, refusing other keys.
func (m *RecordMove) UnmarshalJSON(data []byte) error {
	type plain RecordMove
	return decodeWhole(data, (*plain)(m), "move")
}

// decodeWhole decodes data into a new value with DecodeJSON and stores
// it in dst only if the whole of it read, so that a refused value leaves
// dst as it was.
func decodeWhole[T any](data []byte, dst *T, what string) error {
	var v T
	if ok, err := DecodeJSON(data, &v, what); !ok {
		return err
	}
	*dst = v
	return nil
}

// MarshalJSON writes {"name":...,"value":...}, or refuses a name or value
// that is not valid UTF-8.
func (t Tag) MarshalJSON() ([]byte, error) {
	if err := notUTF8([]string{t.Name, t.Value}, []string{"tag", "tag " + clip(t.Name)}); err != nil {
		return nil, err
	}
	type plain Tag
	return json.Marshal(plain(t))
}

// MarshalJSON writes the move with the keys its struct tags give, or
// refuses a text that is not valid UTF-8.
func (m RecordMove) MarshalJSON() ([]byte, error) {
	if err := notUTF8([]string{m.Text, m.Reveal, m.Comment}, []string{"move", "move reveal", "move comment"}); err != nil {
		return nil, err
	}
	type plain RecordMove
	return json.Marshal(plain(m))
}

// notUTF8 returns an *Error for the first of texts that is not valid
// UTF-8, named by the same entry of where, or nil.
func notUTF8(texts, where []string) error {
	for i, t := range texts {
		if !utf8.ValidString(t) {
			return Errorf(ErrSyntax, "", where[i], "%s is not UTF-8 text, which JSON would change; the record's text form keeps it as it is", Quote(t))
		}
	}
	return nil
}

// MarshalText writes the square's name, as String does: "D4", "out" for
// Outside, "-" for NoSquare. JSON shows squares so, as a person reads
// them, and as a Click writes its square.
// Any other value has no name, and no JSON form.
func (s Square) MarshalText() ([]byte, error) {
	if s < NoSquare || s > Outside {
		return nil, Errorf(ErrSyntax, "G1", "square", "%s is no square", s)
	}
	return s.AppendTo(nil), nil
}

// UnmarshalText reads what MarshalText writes, in either case: "out",
// "-", or a file letter from A to H and a rank digit from 1 to 8. The
// squares of every board are among them (a square's number does not
// depend on its board), and so are the squares beyond a 7x7 board's
// edge that a Bitboard may hold.
func (s *Square) UnmarshalText(text []byte) error {
	t := string(text)
	switch {
	case strings.EqualFold(t, "out"):
		*s = Outside
	case t == "-":
		*s = NoSquare
	case len(t) == 2 && (t[0]|0x20) >= 'a' && (t[0]|0x20) <= 'h' && t[1] >= '1' && t[1] <= '8':
		*s = SquareAt(int(t[0]|0x20-'a'), int(t[1]-'1'))
	default:
		return Errorf(ErrSyntax, "G1", "square", "%s: want a square such as \"D4\" (A1 to H8), \"out\" or \"-\"", Quote(t))
	}
	return nil
}

// MarshalJSON writes the set as an array of square names in square
// order, such as ["A1","C3"]: a JSON number cannot hold every set of
// squares exactly in the many clients that read numbers as doubles (53
// bits), and a 7x7 board's squares reach bit 54.
func (b Bitboard) MarshalJSON() ([]byte, error) {
	out := append(make([]byte, 0, 2+6*b.Count()), '[')
	for s := range b.Squares() {
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(s.AppendTo(append(out, '"')), '"')
	}
	return append(out, ']'), nil
}

// UnmarshalJSON reads what MarshalJSON writes: an array of square names
// (see Square.UnmarshalText), in any order; "out" and "-" are no squares
// of a set. JSON null leaves the set unchanged.
func (b *Bitboard) UnmarshalJSON(data []byte) error {
	var names []Square
	if ok, err := DecodeJSON(data, &names, "squares"); !ok {
		return err
	}
	var set Bitboard
	for i, s := range names {
		if s < 0 || s >= Outside {
			return Errorf(ErrSyntax, "G1", "squares", "entry %d is %s, not a square of a board", i+1, s)
		}
		set |= s.Bit()
	}
	*b = set
	return nil
}

// pieceJSON is the JSON form of a Piece.
type pieceJSON struct {
	Side    Side   `json:"side"`
	Neutral bool   `json:"neutral,omitempty"`
	Letter  string `json:"letter"`
	Name    string `json:"name"`
}

// MarshalJSON writes the piece as {"side":"second","letter":"q","name":
// "Queen"}, with "neutral":true for a piece of neither side; the letter
// is a one-character string, as in a position text. A piece whose side
// is no side, or whose letter is not an ASCII character, has no JSON
// form.
func (p Piece) MarshalJSON() ([]byte, error) {
	if p.Letter >= utf8.RuneSelf {
		return nil, Errorf(ErrSyntax, "", "piece", "letter byte %d is not an ASCII character", p.Letter)
	}
	if err := notUTF8([]string{p.Name}, []string{"piece name"}); err != nil {
		return nil, err
	}
	return json.Marshal(pieceJSON{Side: p.Side, Neutral: p.Neutral, Letter: string(rune(p.Letter)), Name: p.Name})
}

// UnmarshalJSON reads what MarshalJSON writes; the letter must be one
// ASCII character. JSON null leaves the piece unchanged.
func (p *Piece) UnmarshalJSON(data []byte) error {
	var j pieceJSON
	if ok, err := DecodeJSON(data, &j, "piece"); !ok {
		return err
	}
	if len(j.Letter) != 1 || j.Letter[0] >= utf8.RuneSelf {
		return Errorf(ErrSyntax, "", "piece", "letter %s: want one ASCII character", Quote(j.Letter))
	}
	*p = Piece{Side: j.Side, Neutral: j.Neutral, Letter: j.Letter[0], Name: j.Name}
	return nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (p Path) AppendText(b []byte) ([]byte, error) { return appendMarshaled(b, p.MarshalText) }

// appendMarshaled appends what marshal gives to b, or returns its error
// and b unchanged: the body of the AppendText methods.
func appendMarshaled(b []byte, marshal func() ([]byte, error)) ([]byte, error) {
	text, err := marshal()
	if err != nil {
		return b, err
	}
	return append(b, text...), nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender.
func (s Side) AppendText(b []byte) ([]byte, error) { return appendMarshaled(b, s.MarshalText) }
