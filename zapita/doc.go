// Package zapita implements Zapita, the HOPS game of the bomb.
package zapita
