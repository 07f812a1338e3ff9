package coir_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

// The main start: White on rank 1, Black on rank 6, White to move.
func ExampleStart() {
	p := coir.Start()
	fmt.Println(p)
	fmt.Print(p.Diagram())
	fmt.Println(p.CountMoves(), "moves")
	// Output:
	// bbbbbb/6/6/6/6/wwwwww w
	// 6 b b b b b b
	// 5 . . . . . .
	// 4 . . . . . .
	// 3 . . . . . .
	// 2 . . . . . .
	// 1 w w w w w w
	//   A B C D E F
	// White to move
	// 16 moves
}

// The move of the sheet's Fig. 5: two tactical jumps over White's own
// pawns on D2 and E4, then two attacks that turn D5 and B4, then a step.
func ExamplePosition_Turns() {
	p, _ := coir.Parse("bbb1bb/3b2/1b2w1/6/3w2/w1w2w w")
	m, _ := coir.ParseMove("C1-E3-E5-C5-A3 A3-A4")
	turned, err := p.Turns(m)
	fmt.Println("turns", turned, err)
	q, _ := p.Play(m)
	fmt.Print(q.Diagram())
	// Output:
	// turns {B4 D5} <nil>
	// 6 b b b . b b
	// 5 . . . w . .
	// 4 w w . . w .
	// 3 . . . . . .
	// 2 . . . w . .
	// 1 w . . . . w
	//   A B C D E F
	// Black to move
}

// A player who owns one pawn plays it as a Dame (C6): it flies over C3
// to D4 and over E4 to F4, turning both, then the pawn on E4 steps.
func ExamplePosition_HasDame() {
	p, _ := coir.Parse("bbbbbb/bb3b/4b1/2b3/6/w5 w")
	fmt.Println(p.HasDame())
	q, err := p.Play(mustMove("A1-D4-F4 E4-E5"))
	fmt.Println(q, err)
	// A Dame's slide ends the turn.
	q, err = p.Play(mustMove("A1-A4"))
	fmt.Println(q, err)
	// Output:
	// true
	// bbbbbb/bb2wb/5w/2w3/6/6 b <nil>
	// bbbbbb/bb3b/w3b1/2b3/6/6 b <nil>
}

func mustMove(text string) coir.Move {
	m, err := coir.ParseMove(text)
	if err != nil {
		panic(err)
	}
	return m
}

// An illegal move is refused with an error that names the rule it breaks.
func ExamplePosition_Validate() {
	p, _ := coir.Parse("bbb1bb/3b2/1b2w1/6/3w2/w1w2w w")
	for _, text := range []string{"C1-E3-E5-C5-A3", "A1-A3", "C1-E3-E5-C5-A3 A3-A4"} {
		err := p.Validate(mustMove(text))
		fmt.Printf("%s: %v\n", text, err)
		if errors.Is(err, hops.ErrIllegal) {
			fmt.Println("  rule", hops.RuleOf(err))
		}
	}
	// Output:
	// C1-E3-E5-C5-A3: jumps C1-E3-E5-C5-A3: the jumps must be followed by a step of one of White's pawns, such as A1-B1 (C4)
	//   rule C4
	// A1-A3: move A1-A3: only a Dame slides further than one square, and White owns 5 pawns; nor is it a jump: A2, between, is empty (C6)
	//   rule C6
	// C1-E3-E5-C5-A3 A3-A4: <nil>
}

// A whole game between two greedy players: each picks, with a seeded
// random choice, one of the moves that turn the most pawns.
func Example_game() {
	rng := rand.New(rand.NewPCG(7, 11))
	p := coir.Start()
	ply := 0
	var moves []coir.Move
	for ; ply < 2000 && !p.Outcome().Over; ply++ {
		var best []coir.Move
		most := -1
		moves = p.AppendMoves(moves[:0])
		for _, m := range moves {
			t, _ := p.Turns(m)
			if n := t.Count(); n > most {
				best, most = best[:0], n
			}
			if t.Count() == most {
				best = append(best, m)
			}
		}
		m := best[rng.IntN(len(best))]
		fmt.Println(coir.SideName(p.ToMove()), m)
		p, _ = p.Play(m)
	}
	fmt.Println("plies:", ply)
	o := p.Outcome()
	fmt.Printf("%s wins: %s (%s)\n", coir.SideName(o.Winner), o.Reason, o.Rule)
	fmt.Print(p.Diagram())
	// Output:
	// White B1-A2
	// Black E6-D5
	// White A1-A3 E1-E2
	// Black F6-E5
	// White D1-F3 A3-A4
	// Black D6-F4-F2-D2 E2-D3
	// White C1-E3-C3 D3-C2
	// Black B6-D6-D4-B2 C3-C4
	// White C2-E2 D2-D1
	// Black E5-C5-C3-A1-A3-A5 F3-E3
	// White D1-F3-D3-B5 E2-E1
	// Black A5-C5-C3 B5-C5
	// White F1-F2
	// Black D5-B3-D3-F3-F1-D1
	// plies: 14
	// Black wins: all twelve pawns show Black's colour (C3)
	// 6 b . b . . .
	// 5 . . b . . .
	// 4 b . b . . .
	// 3 . . b . b .
	// 2 b b . . . b
	// 1 . . . b b .
	//   A B C D E F
	// game over: Black won, all twelve pawns show Black's colour (C3)
}

// A user interface lets a player hop square by square: after each click
// it shows where the pawn may land next (and, after a jump, which pawns
// may step), and the move once it is complete.
func ExamplePosition_Build() {
	p, _ := coir.Parse("bbb1bb/3b2/1b2w1/6/3w2/w1w2w w")
	var clicks []hops.Click
	for _, text := range strings.Fields("C1 E3 E5 C5 A3 A3 A4") {
		sq, _ := hops.Board6.ParseSquare(text)
		clicks = append(clicks, hops.Click{Square: sq})
		b, err := p.Build(clicks)
		switch {
		case err != nil:
			fmt.Println(err)
		case b.Complete:
			fmt.Println(clicks, "completes", b.Move)
		default:
			fmt.Println(clicks, "offers", b.Next)
		}
	}
	// Output:
	// [C1] offers [B1 D1 B2 C2 E3]
	// [C1 E3] offers [A1 F1 D2 E3 E4 E5]
	// [C1 E3 E5] offers [A1 F1 D2 E4 C5 E5]
	// [C1 E3 E5 C5] offers [A1 F1 D2 A3 E4 C5 D5]
	// [C1 E3 E5 C5 A3] offers [A1 F1 D2 A3 B4 E4 D5]
	// [C1 E3 E5 C5 A3 A3] offers [A2 B2 B3 A4]
	// [C1 E3 E5 C5 A3 A3 A4] completes C1-E3-E5-C5-A3 A3-A4
}
