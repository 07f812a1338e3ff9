package zapita_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/zapita"
)

func Example() {
	p := zapita.Start()
	fmt.Println(p)
	fmt.Print(p.Diagram())
	// Output:
	// a5A/b5B/c5C/3*3/c5C/b5B/a5A w
	// 7 K1 .  .  .  .  .  W1
	// 6 K2 .  .  .  .  .  W2
	// 5 K3 .  .  .  .  .  W3
	// 4 HQ .  .  *  .  .  HQ
	// 3 K3 .  .  .  .  .  W3
	// 2 K2 .  .  .  .  .  W2
	// 1 K1 .  .  .  .  .  W1
	//   A  B  C  D  E  F  G
	// White to move
}

func ExamplePosition_Moves() {
	p := zapita.Start()
	n := 0
	for m := range p.Moves() {
		if n < 5 {
			fmt.Println(m)
		}
		n++
	}
	fmt.Println(n, "moves;", p.CountMoves(), "counted")
	// Output:
	// G1-F1
	// G1-F2
	// G2-F1
	// G2-F2
	// G2-F3
	// 16 moves; 16 counted
}

// The sheet's Fig. 8: Khaki's 2 jumps from D2 onto the bomb on B2, throws
// it to its 3 on D4, which throws it into White's headquarters on G4.
func ExamplePosition_Play_relayWins() {
	p, err := zapita.Parse("c5C/a5B/6A/3c3/7/a*Ab2B/b5C k")
	if err != nil {
		panic(err)
	}
	m, _ := zapita.ParseMove("d2-b2*d4*g4")
	q, err := p.Play(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(m)
	fmt.Print(q.Diagram())
	fmt.Println(q.Outcome())
	// Output:
	// D2-B2*D4*G4
	// 7 K3 .  .  .  .  .  W3
	// 6 K1 .  .  .  .  .  W2
	// 5 .  .  .  .  .  .  W1
	// 4 HQ .  .  K3 .  .  *
	// 3 .  .  .  .  .  .  .
	// 2 K1 K2 W1 .  .  .  W2
	// 1 K2 .  .  .  .  .  W3
	//   A  B  C  D  E  F  G
	// game over: Khaki won, the bomb reached White's headquarters (Z3)
	// Khaki wins: the bomb reached White's headquarters (Z3)
}

// Before Khaki's winning move in the position above, what either side
// could do with the bomb is read without generating moves: Khaki's D2
// can take the bomb and throw it, through the relay on D4, into White's
// headquarters; White's 1 on C2 could only nudge it.
func ExamplePosition_BombRests() {
	p, err := zapita.Parse("c5C/a5B/6A/3c3/7/a*Ab2B/b5C k")
	if err != nil {
		panic(err)
	}
	fmt.Println("Khaki can take the bomb from", p.Takers(zapita.Khaki))
	fmt.Println("Khaki can rest it on", p.BombRests(zapita.Khaki))
	fmt.Println("Khaki can win at once:", p.CanWinNow())
	fmt.Println("White could rest it on", p.BombRests(zapita.White))
	// Output:
	// Khaki can take the bomb from {A1 A2 D2}
	// Khaki can rest it on {A1 B1 C1 D1 E1 A2 D2 E2 F2 A3 B3 C3 D3 E3 B4 C4 E4 F4 G4 A5 B5 C5 D5 E5 B6 D6 F6 B7 C7 D7}
	// Khaki can win at once: true
	// White could rest it on {B1 C1 C2 A3 B3 C3}
}

// The sheet's Fig. 7: White's 3 has reached the bomb on E2. Khaki's 3 on
// C2 stops a throw to the White 2 on B2; Khaki's 2 on E3 is too weak to
// stop one to the White 1 on E5.
func ExamplePosition_Validate_blockedThrow() {
	p, _ := zapita.Parse("c5C/a5A/4A2/7/4b2/aBc1*2/b3C1B w")
	m, _ := zapita.ParseMove("E1-E2*B2*B3")
	err := p.Validate(m)
	fmt.Println(err)
	var e *hops.Error
	if errors.As(err, &e) {
		fmt.Println(errors.Is(err, hops.ErrIllegal), e.Rule, e.Where)
	}
	m, _ = zapita.ParseMove("E1-E2*E5*E6")
	fmt.Println(p.Validate(m))
	// Output:
	// throw 1 E2*B2: blocked: the bomb would pass over the Khaki pawn of power 3 on C2, not weaker than the thrower's 3 (Z5)
	// true Z5 throw 1 E2*B2
	// <nil>
}

// Building Fig. 7's move click by click: the pawn, its step onto the
// bomb, then each throw. After the step the relay on B2 is not offered
// (the Khaki 3 on C2 blocks the way), the one on E5 is.
func ExamplePosition_Build() {
	p, _ := zapita.Parse("c5C/a5A/4A2/7/4b2/aBc1*2/b3C1B w")
	var clicks []hops.Click
	for _, s := range []string{"E1", "E2", "E5", "E6"} {
		c, _ := hops.ParseClick(s)
		clicks = append(clicks, c)
		b, err := p.Build(clicks)
		if err != nil {
			fmt.Println(err)
			return
		}
		if b.Complete {
			fmt.Println(clicks, "completes", b.Move)
			continue
		}
		fmt.Println(clicks, "offers", len(b.Next), "clicks")
	}
	b, _ := p.Build(clicks[:2])
	fmt.Println("after E1 E2:", b.Next)
	_, err := p.Build([]hops.Click{clicks[0], clicks[1], {Square: hops.SquareAt(1, 1)}})
	fmt.Println(err)
	// Output:
	// [E1] offers 5 clicks
	// [E1 E2] offers 12 clicks
	// [E1 E2 E5] offers 8 clicks
	// [E1 E2 E5 E6] completes E1-E2*E5*E6
	// after E1 E2: [D1 E1 F1 D2 F2 G2 D3 F3 C4 E4 B5 E5]
	// click 3 B2: throw 1 E2*B2: blocked: the bomb would pass over the Khaki pawn of power 3 on C2, not weaker than the thrower's 3 (Z5)
}

// A whole game between two random players, with a fixed seed.
func Example_randomGame() {
	r := rand.New(rand.NewPCG(1, 2))
	p := zapita.Start()
	var buf []zapita.Move
	plies := 0
	for !p.Outcome().Over {
		buf = p.AppendMoves(buf[:0])
		m := buf[r.IntN(len(buf))]
		if plies < 4 {
			fmt.Println(zapita.SideName(p.ToMove()), m)
		}
		p, _ = p.Play(m)
		plies++
	}
	o := p.Outcome()
	fmt.Println(plies, "plies;", zapita.SideName(o.Winner), "won:", o.Reason, "("+o.Rule+")")
	fmt.Println(p)
	// Output:
	// White G1-F1
	// Khaki A6-B6
	// White G6-F5
	// Khaki B6-B7
	// 106 plies; Khaki won: the bomb reached White's headquarters (Z3)
	// 7/1A1a3/1B2bc1/2c3*/2b1C2/1a2A2/1C3B1 w
}
