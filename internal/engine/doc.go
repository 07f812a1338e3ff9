// Package engine holds the parts of the game machinery that only the four
// game packages use: reading and writing position texts (G11), the checks
// every Setup starts with, locating errors in input text, the driver of a
// Builder (a game implements ClickSteps, BuildFrom answers Build), the
// arrows of a drawn move, and Zobrist keys. The user API, and the
// multi-jump search, are in package hops.
package engine
