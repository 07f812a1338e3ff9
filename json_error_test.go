package hops_test

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// An *Error travels in JSON with its kind by name, and comes back with
// the sentinel restored, so that errors.Is still sorts it.
func TestErrorJSON(t *testing.T) {
	m, err := catchit.ParseMove("C1-C3 D1-D2")
	if err != nil {
		t.Fatal(err)
	}
	_, err = catchit.Start().Play(m)
	var e *hops.Error
	if !errors.As(err, &e) {
		t.Fatalf("illegal move gave %v, not an *hops.Error", err)
	}
	data, merr := json.Marshal(e)
	if merr != nil {
		t.Fatal(merr)
	}
	want := `{"kind":"illegal","rule":"` + e.Rule + `","where":` + mustJSON(t, e.Where) + `,"message":` + mustJSON(t, e.Msg) + `}`
	if string(data) != want {
		t.Errorf("json.Marshal = %s, want %s", data, want)
	}
	var back *hops.Error
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(back, hops.ErrIllegal) || back.Error() != e.Error() || back.Rule != e.Rule {
		t.Errorf("decoded %v (kind %v), want %v", back, back.Kind, e)
	}
	for kind, name := range map[error]string{hops.ErrSyntax: "syntax", hops.ErrPosition: "position", hops.ErrIllegal: "illegal"} {
		e := hops.Errorf(kind, "G11", "rows", "a message")
		data, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back hops.Error
		if err := json.Unmarshal(data, &back); err != nil || !errors.Is(&back, kind) || back != *e {
			t.Errorf("%s: %s reads back as %+v, %v", name, data, back, err)
		}
	}
	if _, err := json.Marshal(&hops.Error{Kind: io.EOF, Msg: "x"}); err == nil {
		t.Error("an Error of an unknown kind encodes")
	}
	for _, bad := range []string{
		`{"kind":"fatal","message":"x"}`,
		`{"kind":"syntax"}`,
		`{"kind":"syntax","message":"x","extra":1}`,
		`{"Kind":{},"Msg":"x"}`,
		`[]`,
	} {
		var e hops.Error
		if err := json.Unmarshal([]byte(bad), &e); !errors.Is(err, hops.ErrSyntax) || e.Kind != nil {
			t.Errorf("json.Unmarshal(%s) = %v, %+v; want ErrSyntax and e unchanged", bad, err, e)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A wrong text inside JSON gives its own error, rule included.
func TestDecodeJSONKeepsInnerErrors(t *testing.T) {
	var b hops.Built[catchit.Move]
	err := json.Unmarshal([]byte(`{"next":["xZ9"],"complete":false}`), &b)
	var e *hops.Error
	if !errors.As(err, &e) || e.Rule != "G1" || !strings.HasPrefix(e.Where, "built: click") {
		t.Errorf("a bad click in a Built: %v (rule %q)", err, hops.RuleOf(err))
	}
	err = json.Unmarshal([]byte(`{"next":[],"complete":true,"move":"C1-C2 C1-C2 C1-C2"}`), &b)
	if !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "K10" {
		t.Errorf("a bad move in a Built: %v", err)
	}
}
