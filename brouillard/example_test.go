package brouillard_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// Each player arranges his seven pawns on his home squares (B3); the
// game starts from the two arrangements.
func ExampleNewPosition() {
	white, err := brouillard.ParseArrangement("KQJTNXX") // B1 D1 F1 A2 C2 E2 G2
	if err != nil {
		panic(err)
	}
	red, _ := brouillard.ParseArrangement("XXNTJQK") // B7 D7 F7 A6 C6 E6 G6
	p, err := brouillard.NewPosition(white, red)
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Print(p.Diagram())
	fmt.Println(p.CountMoves(), "moves for", brouillard.SideName(p.ToMove()))
	// Output:
	// 1x1x1n1/t1jfq1k/7/7/7/T1NFX1X/1K1Q1J1 w 0 0 -
	// 7 . x . x . n .
	// 6 t . j f q . k
	// 5 . . . . . . .
	// 4 . . . . . . .
	// 3 . . . . . . .
	// 2 T . N F X . X
	// 1 . K . Q . J .
	//   A B C D E F G
	// White to move; White captured 0, Red captured 0
	// 70 moves for White
}

// The White Fou jumps over E4 and D5 and turns the Red pawn on D5 over
// (Fig. 7). It is the Nine, White's first target: captured, and the Fou
// moves again.
func ExamplePosition_PlayReveal() {
	p, err := brouillard.Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	if err != nil {
		panic(err)
	}
	m, _ := brouillard.ParseMove("D3-E2 E3-E5xC5")
	q, reveal, err := p.PlayReveal(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(reveal)
	fmt.Println(q)
	fmt.Println(brouillard.SideName(q.ToMove()), "moves the Fou again:", q.Continuing())
	target, _ := q.Target(brouillard.White)
	fmt.Println("next target:", target)
	// Output:
	// D5 Nine captured
	// 1x1t1x1/j1qf2k/2F4/4K2/7/X1J1N1Q/1X3T1 w 1 0 +
	// White moves the Fou again: true
	// next target: Ten
}

// A server keeps the true position and each client only its view. After
// every decision the server sends the move and what it revealed; the
// clients update their views from that public information alone.
func ExampleView_Play() {
	server := brouillard.Start()
	client := [2]brouillard.View{server.View(brouillard.White), server.View(brouillard.Red)}
	fmt.Println("Red sees", client[brouillard.Red])
	for range 8 {
		// The player to move chooses from his view: here, a move that
		// turns a pawn over if there is one, else the last move listed.
		v := client[server.ToMove()]
		var m brouillard.Move
		for x := range v.Moves() {
			if !m.Turns() {
				m = x
			}
		}
		next, reveal, err := server.PlayReveal(m)
		if err != nil {
			panic(err)
		}
		server = next
		for s := range client {
			if client[s], err = client[s].Play(m, reveal); err != nil {
				panic(err)
			}
		}
		fmt.Printf("%-5s %-29s reveals %v\n", brouillard.SideName(v.ToMove()), m, reveal)
	}
	fmt.Println("Red sees", client[brouillard.Red])
	fmt.Println("in sync:", client[brouillard.White] == server.View(brouillard.White) &&
		client[brouillard.Red] == server.View(brouillard.Red))
	// Output:
	// Red sees 1x1n1t1/j1qfk1x/7/7/7/P1PFP1P/1P1P1P1 w 0 0 -
	// White G2-F3 D2-F2-F4                reveals -
	// Red   F7-D5 D6-F6                   reveals -
	// White B1-D3 F4-F2-D2-D4-D6xB6       reveals C6 Queen
	// Red   F6-D6-D4-D2xB2                reveals C2 Queen
	// White B6-D6xD4                      reveals D5 Ten
	// Red   B2-D2xF2                      reveals E2 Jack
	// White D4-D6xF6                      reveals E6 King
	// Red   F2-D2xD4                      reveals D3 Nine captured
	// Red sees 1x1n3/j1q!1k!Fx/3t!3/3f3/5P1/P1Q!1J!2/3P1P1 r 0 1 +
	// in sync: true
}

// A player who wants to think about the hidden pawns draws true positions
// consistent with what he knows (determinisation).
func ExampleView_Sample() {
	v := brouillard.Start().View(brouillard.White)
	fmt.Println(v.Consistent(), "true positions are consistent with White's view")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		p := v.Sample(rng)
		fmt.Println("consistent:", p.View(brouillard.White) == v, "- same moves:", p.CountMoves() == v.CountMoves())
	}
	// Output:
	// 2520 true positions are consistent with White's view
	// consistent: true - same moves: true
	// consistent: true - same moves: true
	// consistent: true - same moves: true
}

// Build Fig. 7's decision click by click, from White's view: the pawn
// D3, its step to E2, the Fou on E3, its jump to E5, then its last jump
// to C5 marked to turn over the Red pawn on D5. White does not know what
// that pawn is, and needs not: building uses public facts only.
func ExampleView_Build() {
	p, _ := brouillard.Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	v := p.View(brouillard.White)
	var clicks []hops.Click
	for _, text := range []string{"D3", "E2", "E3", "E5", "xC5"} {
		c, _ := hops.ParseClick(text)
		clicks = append(clicks, c)
		b, err := v.Build(clicks)
		switch {
		case err != nil:
			fmt.Println(err)
		case b.Complete:
			fmt.Println(clicks, "completes", b.Move, "and offers", b.Next)
		default:
			fmt.Println(clicks, "offers", b.Next)
		}
	}
	_, err := v.Build([]hops.Click{{Square: hops.SquareAt(3, 2)}, {Square: hops.SquareAt(3, 3)}})
	fmt.Println(err)
	// Output:
	// [D3] offers [E2 C4 F5]
	// [D3 E2] offers [E3]
	// [D3 E2 E3] offers [E1 D2 F2 D4 F4 E5]
	// [D3 E2 E3 E5] completes D3-E2 E3-E5 and offers [C5 xC5]
	// [D3 E2 E3 E5 xC5] completes D3-E2 E3-E5xC5 and offers []
	// click 2 D4: pawn move D3-D4: D4 is not a light square: pawns move on light squares only (B6)
}

// The first clicks of a decision in the start position: any pawn that
// can step, or the Fou.
func ExamplePosition_Build() {
	p := brouillard.Start()
	b, _ := p.Build(nil)
	fmt.Println("first click:", b.Next)
	d2, _ := hops.ParseClick("D2")
	b, _ = p.Build([]hops.Click{d2})
	fmt.Println("after the Fou:", b.Next)
	// Output:
	// first click: [B1 D1 F1 A2 C2 D2 E2 G2]
	// after the Fou: [C1 E1 B2 F2 C3 E3]
}
