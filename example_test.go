package hops_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// A server or a tool that handles every game alike works with a Game and
// texts: position texts in, move texts in, errors that name the rule out.
// The games package finds a Game by its name.
func ExampleGame() {
	g := catchit.Game
	s := g.Start(hops.First)
	fmt.Println(g.Title, "-", g.SideName(s.ToMove()), "to move,", len(s.Moves()), "moves")

	s, err := s.Play("D1-D2 C1-C2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	fmt.Println(g.SideName(s.ToMove()), "to move")
	// Output:
	// Catch'it - Blue to move, 100 moves
	// rrrrrrr/7/7/7/7/2bB3/bb2bbb r
	// Red to move
}

// An illegal move is refused with an error that says where the move
// breaks which rule; the state it was played on is unchanged.
func ExampleState_Play() {
	s, _ := coir.Game.Parse("bbbbbb/6/6/6/6/wwwwww w")
	_, err := s.Play("A1-A3")
	fmt.Println(err)
	fmt.Println(errors.Is(err, hops.ErrIllegal), hops.RuleOf(err))
	fmt.Println(s)
	// Output:
	// move A1-A3: only a Dame slides further than one square, and White owns 6 pawns; nor is it a jump: A2, between, is empty (C6)
	// true C6
	// bbbbbb/6/6/6/6/wwwwww w
}

// Perft counts the leaves of the game tree (G10): the standard check
// that a move generator is right.
func ExamplePerft() {
	p := zapita.Start()
	for depth := 1; depth <= 3; depth++ {
		fmt.Printf("perft(%d) = %d\n", depth, hops.Perft(p, depth))
	}
	// Output:
	// perft(1) = 16
	// perft(2) = 256
	// perft(3) = 5696
}

// Divide breaks a perft count down by the first move, to find the move
// below which two generators disagree.
func ExampleDivide() {
	var total uint64
	lines := hops.Divide(coir.Start(), 2)
	for _, d := range lines[:3] {
		fmt.Println(d.Move, d.Nodes)
	}
	for _, d := range lines {
		total += d.Nodes
	}
	fmt.Println(len(lines), "moves,", total, "leaves")
	// Output:
	// A1-A2 16
	// A1-B2 16
	// B1-A2 16
	// 16 moves, 256 leaves
}

// RuleOf gives the id of the rule an error cites, for a program that
// links to the rule book or counts the kinds of mistakes its users make.
func ExampleRuleOf() {
	p := catchit.Start()
	m, _ := catchit.ParseMove("C1-C2 B1-B2")
	err := p.Validate(m)
	fmt.Println(hops.RuleOf(err))
	fmt.Println(hops.RuleOf(errors.New("not from this library")) == "")
	// Output:
	// K8
	// true
}

// Each game draws its positions; SVG renders the drawing as a standalone
// picture that a browser shows as it is.
func ExampleDrawing_SVG() {
	s := zapita.Game.Start(hops.First)
	d, err := s.Drawing("")
	if err != nil {
		fmt.Println(err)
		return
	}
	svg := d.SVG()
	fmt.Println(strings.Contains(svg, "<svg"), strings.Count(svg, "<circle") >= 13)
	// Output:
	// true true
}
