package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops/referee"
)

func TestFlags(t *testing.T) {
	var errs bytes.Buffer
	dir := t.TempDir()
	a, err := referee.Setup([]string{"-addr", "127.0.0.1:0", "-max-games", "1", "-data", dir, "-idle", "1h", "-finished", "2m", "-max-conns", "5", "-max-conns-per-client", "3", "-waiting", "5m", "-max-streams-per-client", "4", "-global-create-rate", "60", "-store-timeout", "2s"}, &errs)
	if err != nil || a.HTTP.Addr != "127.0.0.1:0" {
		t.Fatalf("%v %v %s", a, err, errs.String())
	}
	if cfg := a.Server.Config(); cfg.WaitingTTL != 5*time.Minute || cfg.StreamsPerClient != 4 || cfg.GlobalCreateRate != 60 || a.ConnsPerClient != 3 || cfg.StoreTimeout != 2*time.Second {
		t.Errorf("waiting %v, streams %d, global rate %v, conns per client %d, store timeout %v", cfg.WaitingTTL, cfg.StreamsPerClient, cfg.GlobalCreateRate, a.ConnsPerClient, cfg.StoreTimeout)
	}
	if a.MaxConns != 5 || a.Sweep != 30*time.Second || a.HTTP.ReadHeaderTimeout == 0 || a.HTTP.WriteTimeout == 0 || a.HTTP.IdleTimeout == 0 {
		t.Errorf("max-conns %d, sweep %v, timeouts %+v", a.MaxConns, a.Sweep, a.HTTP)
	}
	// The handler is a working referee holding at most one game, in dir.
	for i, want := range []int{http.StatusCreated, http.StatusServiceUnavailable} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "zapita"}`))
		a.HTTP.Handler.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("game %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	if n := len(journals(t, dir)); n != 1 {
		t.Errorf("%d journals in -data", n)
	}
	for _, args := range [][]string{
		{"-max-games", "0"}, {"-max-plies", "0"}, {"-max-conns", "0"}, {"-idle", "-1s"},
		{"-create-burst", "0"}, {"-addr"}, {"extra"}, {"-port", "1"},
		{"-max-conns-per-client", "-1"}, {"-max-streams-per-client", "0"}, {"-waiting", "-1m"}, {"-global-create-rate", "-1"},
		{"-store-timeout", "0"}, {"-clock-skew", "-1s"},
	} {
		errs.Reset()
		if _, err := referee.Setup(args, &errs); err == nil || errs.Len() == 0 {
			t.Errorf("%v: accepted (%s)", args, errs.String())
		}
		errs.Reset()
		if code := referee.Main(args, &errs); code != 2 {
			t.Errorf("%v: exit status %d, want 2", args, code)
		}
	}
	// -h prints the usage and ends well, as the flag package's programs do.
	errs.Reset()
	if code := referee.Main([]string{"-h"}, &errs); code != 0 || !strings.Contains(errs.String(), "-max-games") {
		t.Errorf("-h: exit status %d, %q", code, errs.String())
	}
}

// journals returns the names of the journal files in dir.
func journals(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.journal"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}
