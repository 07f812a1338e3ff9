//go:build race

package players

// raceEnabled is set when the tests run under the race detector, which
// makes the search several times slower: the heaviest tests then look at
// fewer positions.
const raceEnabled = true
