package gametest

import "runtime"

// Slow reports whether the tests run several times slower than a native
// build: under the race detector, or as WebAssembly, where one thread
// does all the work. Heavy loops are shortened there; a native run
// without -race keeps their full count.
const Slow = Race || runtime.GOARCH == "wasm"
