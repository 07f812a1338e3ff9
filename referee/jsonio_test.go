package referee

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzReadJSON: whatever body a client sends, the server either reads it
// into the request it expects, which encodes and reads back the same (an
// empty list of clicks and none are the same request: the server reads
// only their number), or
// answers 400 (413 when too long) of kind "request" in a message that
// names no Go type nor decoder's word (seed corpus in
// testdata/fuzz/FuzzReadJSON).
func FuzzReadJSON(f *testing.F) {
	for _, s := range []string{`{"move": "D1-D2 C1-C2"}`, `{"move": 5}`, `{"clicks": [1]}`, `{"clicks": "D1"}`, `{"game": ["catchit"]}`,
		`{"move": "D1`, `{"game": "coir", "game": "zapita"}`, `[]`, `null`, `{"a":{"b":[{"c":1}]}}`, `{}`, `{"Move": "x"}`, "\xef\xbb\xbf{}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, v := range []any{&moveRequest{}, &buildRequest{}, &createRequest{}, &joinRequest{}} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("POST", "/games", strings.NewReader(body))
			if readJSON(w, r, v) {
				data, err := json.Marshal(v)
				back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
				if err != nil || decodeStrict(data, back) != nil || !cmp.Equal(back, v, cmpopts.EquateEmpty()) {
					t.Fatalf("%T read from %q does not read back: %s", v, body, data)
				}
				continue
			}
			var e errorJSON
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Kind != "request" ||
				w.Code != http.StatusBadRequest && w.Code != http.StatusRequestEntityTooLarge {
				t.Fatalf("%T from %q: answered %d %s", v, body, w.Code, w.Body)
			}
			for _, inner := range []string{"Go ", "struct", "Request", "json:", "EOF", "referee."} {
				if strings.Contains(e.Error, inner) {
					t.Fatalf("%T from %q: the answer %q names %q", v, body, e.Error, inner)
				}
			}
		}
	})
}
