package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"reflect"
	"strings"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
)

// MaxBody is the largest request body the server reads, in bytes.
const MaxBody = 4 << 10

// apiError is an error the server answers as such: its status, its kind
// (see writeError) and, for a move, the rule it breaks. The operations of
// the server return it so that every way into them (an HTTP handler, a
// player the server runs) reports the same thing.
type apiError struct {
	status      int
	kind, rule  string
	msg         string
	retry       time.Duration // if not 0, the Retry-After the answer carries
	unconfirmed bool          // a write the store did not confirm: it may have been recorded
}

func (e *apiError) Error() string { return e.msg }

// failf returns an apiError.
func failf(status int, kind, format string, args ...any) *apiError {
	return &apiError{status: status, kind: kind, msg: fmt.Sprintf(format, args...)}
}

// notYourTurn is the answer to a move or a build by side while the other
// side is to move in s: the players move in turn (G6), and in Brouillard
// a side that has captured moves its Fou again in the same turn (B9).
func notYourTurn(s hops.State, side hops.Side) *apiError {
	g, turn := s.Game(), s.ToMove()
	e := failf(http.StatusForbidden, "turn", "it is %s's turn, not %s's", g.SideName(turn), g.SideName(side))
	e.rule = "G6"
	if p, err := games.Value[brouillard.Position](s); err == nil && p.Continuing() {
		e.rule = "B9"
		e.msg += fmt.Sprintf(": %s has captured and moves its Fou again", g.SideName(turn))
	}
	return e
}

// moveError returns the answer to a move or a click the library
// refused, with its explanation and the rule broken: malformed (syntax)
// or breaking a rule (illegal), the only kinds of error the library
// gives a move or a click played on a position it holds.
func moveError(err error) *apiError {
	kind := "illegal"
	if errors.Is(err, hops.ErrSyntax) {
		kind = "syntax"
	}
	return &apiError{status: http.StatusBadRequest, kind: kind, rule: hops.RuleOf(err), msg: err.Error()}
}

// fieldError returns the answer to a field of a request the library
// refused: the library's explanation, naming the field once (the library
// may name it already, as "arrangement"), and the rule it breaks.
func fieldError(field string, err error) *apiError {
	var e *hops.Error
	if !errors.As(err, &e) {
		return failf(http.StatusBadRequest, "request", "%s: %v", field, err)
	}
	if !strings.HasPrefix(e.Where, field) {
		e = e.In(field)
	}
	return &apiError{status: http.StatusBadRequest, kind: "request", rule: e.Rule, msg: e.Error()}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("referee: writing answer: %v", err)
	}
}

// writeError answers an error. kind sorts it, with one of the kinds the
// package documentation lists (TestErrorKindsDocumented holds the two
// together).
func writeError(w http.ResponseWriter, status int, kind, rule, format string, args ...any) {
	writeJSON(w, status, errorJSON{Error: fmt.Sprintf(format, args...), Kind: kind, Rule: rule})
}

// fail answers err: an apiError as it says, anything else as an internal
// error, logged but not sent (its text might describe hidden pieces).
func fail(w http.ResponseWriter, m *match, err error) {
	var e *apiError
	if errors.As(err, &e) {
		if e.retry > 0 {
			retryAfter(w, e.retry)
		}
		writeJSON(w, e.status, errorJSON{Error: e.msg, Kind: e.kind, Rule: e.rule, Unconfirmed: e.unconfirmed})
		return
	}
	if m != nil {
		err = fmt.Errorf("game %s: %w", m.id, err)
	}
	log.Printf("referee: %v", err)
	writeError(w, http.StatusInternalServerError, "internal", "", "internal error")
}

// readBody reads the request body, of at most MaxBody bytes. On failure
// it answers the request and returns false.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "request", "", "request body over %d bytes", MaxBody)
		} else {
			// The error's text names the connection's addresses: not sent.
			msg := "the body could not be read: the connection broke"
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				msg = "the body did not arrive in time"
			}
			writeError(w, http.StatusBadRequest, "request", "", "%s", msg)
		}
		return nil, false
	}
	return body, true
}

// readJSON decodes the request body into v, a pointer to a struct whose
// fields are strings: one JSON object, each of whose keys is the exact
// name of one of v's fields and appears once. On failure it answers the
// request and returns false.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body, ok := readBody(w, r)
	if !ok {
		return false
	}
	if err := decodeStrict(body, v); err != nil {
		writeError(w, http.StatusBadRequest, "request", "", "bad JSON body: %s", jsonProblem(err, v))
		return false
	}
	return true
}

// jsonProblem says what is wrong with a JSON body decoded into v, in the
// words of a request rather than of Go's decoder, which names the
// server's types.
func jsonProblem(err error, v any) string {
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return fmt.Sprintf("%s, want a JSON object", article(typeErr.Value))
		}
		want, holds := "a string", "is"
		if t, ok := jsonFieldType(v, typeErr.Field); ok && t.Kind() == reflect.Slice {
			want = "a list of strings"
			if typeErr.Type == t.Elem() {
				holds = "holds" // an item of the list
			}
		} else if ok && (t.Kind() == reflect.Int || t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Int) {
			want = "a whole number"
		}
		return fmt.Sprintf("field %q %s %s, want %s", typeErr.Field, holds, article(typeErr.Value), want)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON text ends too soon"
	}
	return err.Error()
}

// jsonFieldType returns the type of the field of the struct v points to
// whose JSON name is name.
func jsonFieldType(v any, name string) (reflect.Type, bool) {
	t := reflect.TypeOf(v).Elem()
	for i := range t.NumField() {
		if n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); n == name {
			return t.Field(i).Type, true
		}
	}
	return nil, false
}

// article names a JSON value's kind as encoding/json writes it ("number",
// "array") with its article.
func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "":
		return "a value"
	}
	return "a " + kind
}

// decodeStrict decodes data into v, refusing what encoding/json lets
// through: a key given twice (the decoder keeps the last), a key that
// matches a field only when case is ignored, and anything after the
// object.
func decodeStrict(data []byte, v any) error {
	if err := checkKeys(data, jsonFields(v)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// jsonFields returns the JSON names of the fields of the struct v points to.
func jsonFields(v any) map[string]bool {
	t := reflect.TypeOf(v).Elem()
	names := map[string]bool{}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" {
			name = t.Field(i).Name
		}
		names[name] = true
	}
	return names
}

// maxDepth bounds the nesting checkKeys follows; no request needs more
// than one level.
const maxDepth = 32

// checkKeys walks the JSON text data token by token: it must be one
// object whose keys are in fields, and no object in it may hold a key
// twice. The errors name the key at fault.
func checkKeys(data []byte, fields map[string]bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return errors.New("empty body, want a JSON object")
		}
		return err
	}
	if tok != json.Delim('{') {
		return fmt.Errorf("the body is %s, want a JSON object", describe(tok))
	}
	return checkObject(dec, fields, 1)
}

// checkObject checks the rest of an object whose '{' was read; fields,
// if not nil, are the keys it may hold.
func checkObject(dec *json.Decoder, fields map[string]bool, depth int) error {
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if fields != nil && !fields[key] {
			return fmt.Errorf("unknown field %q", key)
		}
		if seen[key] {
			return fmt.Errorf("duplicate field %q", key)
		}
		seen[key] = true
		if err := checkValue(dec, depth, key, fields != nil); err != nil {
			return err
		}
	}
	_, err := dec.Token() // '}'
	return err
}

// checkValue checks the value that comes next, that of the request's
// field key when field is true: a field may not be null, which
// encoding/json would read as the field left out.
func checkValue(dec *json.Decoder, depth int, key string, field bool) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil && field {
		if depth > 1 {
			return fmt.Errorf("field %q holds null, want a string", key)
		}
		return fmt.Errorf("field %q is null: give a value, or leave the field out for its default", key)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	if depth >= maxDepth {
		return fmt.Errorf("nested deeper than %d levels", maxDepth)
	}
	if d == '{' {
		return checkObject(dec, nil, depth+1)
	}
	for dec.More() { // '['
		if err := checkValue(dec, depth+1, key, field); err != nil {
			return err
		}
	}
	_, err = dec.Token() // ']'
	return err
}

// describe names the kind of a JSON token, for errors.
func describe(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}
