package engine

// ZobristKeys fills keys with pseudo-random 64-bit values derived from
// seed (SplitMix64), for the games' Zobrist hashing: the same seed always
// gives the same keys, so hashes are stable across runs and machines.
func ZobristKeys(seed uint64, keys []uint64) {
	for i := range keys {
		seed += 0x9E3779B97F4A7C15
		z := seed
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		keys[i] = z ^ (z >> 31)
	}
}
