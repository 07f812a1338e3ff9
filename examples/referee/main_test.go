package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	var errs bytes.Buffer
	srv, err := newHTTPServer([]string{"-addr", "127.0.0.1:0", "-max-games", "1"}, &errs)
	if err != nil || srv.Addr != "127.0.0.1:0" {
		t.Fatalf("%v %v %s", srv, err, errs.String())
	}
	// The handler is a working referee holding at most one game.
	for i, want := range []int{http.StatusCreated, http.StatusServiceUnavailable} {
		rec := httptest.NewRecorder()
		srv.Handler.ServeHTTP(rec, httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "zapita"}`)))
		if rec.Code != want {
			t.Errorf("game %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	for _, args := range [][]string{{"-max-games", "0"}, {"-addr"}, {"extra"}, {"-port", "1"}} {
		errs.Reset()
		if _, err := newHTTPServer(args, &errs); err == nil || errs.Len() == 0 {
			t.Errorf("%v: accepted (%s)", args, errs.String())
		}
	}
}
