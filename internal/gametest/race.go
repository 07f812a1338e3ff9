//go:build race

package gametest

// Race reports whether the tests run under the race detector, which
// makes sync.Pool drop items at random and so makes pooled working
// memory allocate again.
const Race = true
