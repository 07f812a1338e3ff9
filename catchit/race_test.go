//go:build race

package catchit

// raceEnabled is true when the tests run with the race detector.
const raceEnabled = true
