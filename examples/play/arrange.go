package main

import (
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/ruletext"
)

// arrange asks the person how to set up his pawns in Brouillard (B3) and
// returns the start with them, the computer's pawns as dealt in dealt. An
// empty line keeps the person's pawns as dealt, at random.
func (c *conversation) arrange(dealt hops.State) (hops.State, error) {
	explain := func() {
		fmt.Fprintf(c.out, "Set up your pawns %s: type seven letters for %s, two X (blanks) and N T J Q K (Nine, Ten, Jack, Queen, King) once each, such as XNTJQKX. Enter sets them up at random.\n", ruletext.Cite("B3"), homeSquares(c.you))
	}
	explain()
	for {
		line, n, err := c.prompt(c.g.SideName(c.you) + ", your pawns> ")
		if err != nil {
			return nil, err
		}
		if n > maxLine {
			fmt.Fprintf(c.out, "Not a setup: a line of %d bytes; a setup is seven letters.\n", n)
			continue
		}
		switch strings.ToLower(line) {
		case "":
			fmt.Fprintln(c.out, "Your pawns are set up at random.")
			return dealt, nil
		case "?", "help":
			explain()
			continue
		case "quit", "exit":
			fmt.Fprintln(c.out, "Bye.")
			return nil, errQuit
		}
		mine, err := brouillard.ParseArrangement(line)
		if err != nil {
			fmt.Fprintf(c.out, "Not a setup: %s. Type seven letters such as XNTJQKX, or press Enter for a random setup.\n", ruletext.Error(err))
			continue
		}
		return withArrangement(dealt, c.you, mine)
	}
}

// withArrangement returns the start dealt with side's pawns set up as a.
func withArrangement(dealt hops.State, side hops.Side, a brouillard.Arrangement) (hops.State, error) {
	var both [2]brouillard.Arrangement
	both[side] = a
	both[side.Other()] = arrangementOf(dealt, side.Other())
	p, err := brouillard.NewPositionWith(both[hops.First], both[hops.Second], dealt.ToMove())
	if err != nil {
		return nil, err
	}
	return brouillard.Game.State(p)
}

// arrangementOf reads side's arrangement in a start s: the kind of its
// pawn on each of its home squares.
func arrangementOf(s hops.State, side hops.Side) brouillard.Arrangement {
	var a brouillard.Arrangement
	p, err := games.Value[brouillard.Position](s)
	if err != nil {
		return a
	}
	for i, sq := range brouillard.HomeSquares(side) {
		if owner, k, _, ok := p.Pawn(sq); ok && owner == side {
			a[i] = k
		}
	}
	return a
}

// homeSquares lists side's home squares in the order of an arrangement.
func homeSquares(side hops.Side) string {
	var names []string
	for _, sq := range brouillard.HomeSquares(side) {
		names = append(names, sq.String())
	}
	return strings.Join(names, " ")
}
