// Package coir implements Coir Circuit, the HOPS game of two-coloured
// pawns on a 6×6 board.
package coir
