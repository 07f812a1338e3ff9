package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/hopsgames/hops/internal/cmdtest"
	"github.com/hopsgames/hops/referee"
)

// TestUsageShowsTheDefaults: each flag the package comment's usage lines
// show with a value is shown with its default (it showed -finished 1h,
// where the default is 720h).
func TestUsageShowsTheDefaults(t *testing.T) {
	source, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var help bytes.Buffer
	if _, err := referee.Setup([]string{"-h"}, &help, postgres); err == nil {
		t.Fatal("-h set up a server")
	}
	cmdtest.CheckUsage(t, string(source), help.String())
}
