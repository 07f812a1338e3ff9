package referee

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestStoreFlag: a command's own store flag is read from the command
// line, or else from its environment variable, and may not be given with
// -data; a store that fails to open is reported.
func TestStoreFlag(t *testing.T) {
	var opened []string
	flag := StoreFlag{Name: "db", Env: "HOPS_TEST_DB", Usage: "the database",
		Open: func(_ context.Context, v string) (Store, error) {
			opened = append(opened, v)
			if v == "bad" {
				return nil, errors.New("cannot open bad")
			}
			return OpenFileStore(t.TempDir())
		}}
	var errs bytes.Buffer
	if _, err := Setup([]string{"-db", "one"}, &errs, flag); err != nil {
		t.Fatal(err, errs.String())
	}
	t.Setenv("HOPS_TEST_DB", "two")
	if _, err := Setup(nil, &errs, flag); err != nil {
		t.Fatal(err, errs.String())
	}
	if _, err := Setup([]string{"-data", t.TempDir()}, &errs, flag); err != nil { // -data wins over the environment
		t.Fatal(err, errs.String())
	}
	if strings.Join(opened, ",") != "one,two" {
		t.Errorf("opened %q, want one then two", opened)
	}
	for _, args := range [][]string{{"-db", "x", "-data", t.TempDir()}, {"-db", "bad"}} {
		errs.Reset()
		if _, err := Setup(args, &errs, flag); err == nil || errs.Len() == 0 {
			t.Errorf("%v: accepted", args)
		}
	}
	errs.Reset()
	Setup([]string{"-h"}, &errs, flag)
	if !strings.Contains(errs.String(), "-db") || !strings.Contains(errs.String(), "$HOPS_TEST_DB") {
		t.Errorf("the help does not tell -db and its variable:\n%s", errs.String())
	}
}
