//go:build race

package gametest

// Race reports whether the tests run under the race detector, which
// runs them several times slower and makes sync.Pool drop items at
// random, so that pooled working memory allocates again.
const Race = true
