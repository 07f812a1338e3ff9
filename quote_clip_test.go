package hops

import (
	"strings"
	"testing"
)

// TestClipKeepsShortNames: a name of MaxQuote bytes or fewer is written
// as it is, even with characters a quote would escape; a longer one is
// cut like a Quote, without the quotes.
func TestClipKeepsShortNames(t *testing.T) {
	name := strings.Repeat("n", MaxQuote-1) + "\n"
	if got := clip(name); got != name {
		t.Errorf("clip of %d bytes: %q", len(name), got)
	}
	long := strings.Repeat("n", MaxQuote+1)
	if got, want := clip(long), strings.Repeat("n", MaxQuote)+"… (65 bytes)"; got != want {
		t.Errorf("clip of %d bytes: %q, want %q", len(long), got, want)
	}
}
