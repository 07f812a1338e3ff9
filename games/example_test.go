package games_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// A program that reads texts of any game (a record's Game tag, a
// request's "game" field) finds the game by its name.
func ExampleByName() {
	for _, name := range games.Names() {
		g, _ := games.ByName(name)
		s := g.Start(hops.First)
		fmt.Printf("%-10s %-20s %s/%s  %d moves\n", g.Name, g.Title, g.Sides[0], g.Sides[1], len(s.Moves()))
	}
	if _, ok := games.ByName("chess"); !ok {
		fmt.Println("no chess")
	}
	// Output:
	// zapita     Zapita               White/Khaki  16 moves
	// catchit    Catch'it             Blue/Red  100 moves
	// coir       Coir Circuit         White/Black  16 moves
	// brouillard Brouillard au Palais White/Red  70 moves
	// no chess
}

// Perft works on a State of any game.
func ExamplePerft() {
	g, _ := games.ByName("coir")
	n, err := games.Perft(g.Start(hops.First), 3)
	fmt.Println(n, err)
	// Output:
	// 24896 <nil>
}

// A new game of Brouillard au Palais draws both secret setups; each
// player is shown only his own view.
func ExampleViewOf() {
	g, _ := games.ByName("brouillard")
	s, _ := games.Deal(g, hops.First, rand.New(rand.NewPCG(1, 2)))
	white, _ := games.ViewOf(s, hops.First)
	red, _ := games.ViewOf(s, hops.Second)
	fmt.Println(games.Hidden(g))
	fmt.Println(white)
	fmt.Println(red)
	// Output:
	// true
	// 1p1p1p1/p1pfp1p/7/7/7/N1KFT1Q/1X1J1X1 w 0 0 -
	// 1q1k1x1/j1xfn1t/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -
}

// A tool that checks recorded games reads records of any game and replays
// them, every move checked.
func ExampleReplay() {
	text := `[Game "coir"]
[Start "bbbbbb/6/6/6/6/wwwwww w"]

1. A1-A2
2. a6-a5
3. A2-A4 {two squares at once?}
*
`
	rec, err := hops.ReadRecord(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	states, err := games.Replay(rec)
	fmt.Println(len(states), "positions")
	fmt.Println(err)
	// Output:
	// 3 positions
	// move 3 "A2-A4": only a Dame slides further than one square, and White owns 6 pawns; nor is it a jump: A3, between, is empty (C6)
}

// Parse reads a position text once the game's name is known.
func ExampleParse() {
	s, err := games.Parse("zapita", "a5A/b5B/c5C/3*3/c5C/b5B/a5A k")
	fmt.Println(s.Game().SideName(s.ToMove()), len(s.Moves()), err)
	_, err = games.Parse("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
	fmt.Println(err)
	// Output:
	// Khaki 16 <nil>
	// game: no game is called "chess" (want one of zapita, catchit, coir, brouillard)
}

// A hops.State writes itself in JSON as its game's name and position
// text; a games.State reads it back, finding the game in the registry.
func ExampleState() {
	s, _ := games.Parse("coir", "bbbbbb/6/6/6/6/wwwwww w")
	s, _ = s.Play("A1-A2")
	data, _ := json.Marshal(s)
	fmt.Println(string(data))

	var back games.State
	err := json.Unmarshal(data, &back)
	fmt.Println(back.Game().Title, back.String(), len(back.Moves()), err)

	err = json.Unmarshal([]byte(`{"game":"coir","position":"bbbbbb/6/6/6/6/wwwwww x"}`), &back)
	fmt.Println(err)
	// Output:
	// {"game":"coir","position":"bbbbbb/6/6/6/w5/1wwwww b"}
	// Coir Circuit bbbbbb/6/6/6/w5/1wwwww b 16 <nil>
	// side: side to move "x": want 'w' or 'b' (C8)
}

// A client that knows only the game's name and its player's view text
// reads the view, checks and builds moves, and follows the game with
// each move and what it revealed, as the server's PlayReveal gives them.
func ExampleParseView() {
	g, _ := games.ByName("brouillard")
	truth, _ := games.Deal(g, hops.First, rand.New(rand.NewPCG(1, 2)))
	red, _ := games.ViewOf(truth, hops.Second)

	// On the client: the view arrives as text (or JSON).
	v, err := games.ParseView("brouillard", red.String(), hops.Second)
	fmt.Println(v.String(), err)
	fmt.Println(v.Validate("D2-B2-B4"))

	// White plays on the server; Red's view follows with the reveal.
	next, reveal, _ := games.PlayReveal(truth, "D2-B2")
	v, err = v.Play("D2-B2", reveal)
	fmt.Printf("%s %q %v %v\n", v.String(), reveal, err, v.String() == mustView(next, hops.Second))

	_, err = games.ParseView("coir", "bbbbbb/6/6/6/6/wwwwww w", hops.First)
	fmt.Println(err)
	// Output:
	// 1q1k1x1/j1xfn1t/7/7/7/P1PFP1P/1P1P1P1 w 0 0 - <nil>
	// Fou move D2-B2-B4: jump 2 B2-B4 jumps over an empty square (G4)
	// 1q1k1x1/j1xfn1t/7/7/7/PFP1P1P/1P1P1P1 r 0 0 - "" <nil> true
	// game: Coir Circuit has no hidden pieces, so no player's views: every player sees the position itself (read it with Parse)
}

func mustView(s hops.State, side hops.Side) string {
	v, _ := games.ViewOf(s, side)
	return v.String()
}
