package brouillard_test

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
)

// Validate explains why a decision is illegal, citing the rule; a server
// can send the text to the player as it is.
func ExamplePosition_Validate() {
	p := brouillard.Start()
	for _, text := range []string{"D2-C3", "D2-D4", "C2-C3 D2-C1", "A2-B3 D2-C1", "D2-C3-C1"} {
		m, err := brouillard.ParseMove(text)
		if err == nil {
			err = p.Validate(m)
		}
		fmt.Printf("%-12s %v\n", text, err)
	}
	// Output:
	// D2-C3        <nil>
	// D2-D4        Fou move D2-D4: jump 1 D2-D4 jumps over an empty square (G4)
	// C2-C3 D2-C1  pawn move C2-C3: C3 is not a light square: pawns move on light squares only (B6)
	// A2-B3 D2-C1  <nil>
	// D2-C3-C1     Fou move D2-C3-C1: jump 1 D2-C3 is a step: a step is a whole Fou move, it cannot follow or precede jumps (B7)
}

// A referee keeps the whole game; each player may keep a record of what
// he saw, which PlayerRecord derives from the full one: its start is the
// player's view, and each move that turned a pawn over says what it showed.
func ExamplePlayerRecord() {
	s, _ := brouillard.Game.Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	rec := hops.NewRecorder(s)
	rec.Comment("the position of the sheet's Fig. 7")
	for _, m := range []string{"D3-E2 E3-E5xC5", "C5-B4", "D6-C5"} {
		if _, err := rec.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	red, err := brouillard.PlayerRecord(rec.Record(), brouillard.Red)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(red)
	// Output:
	// [Game "brouillard"]
	// [Start "1x1t1x1/j1qf2k/3n3/4P2/3PF2/P1P3P/1P3P1 w 0 0 -"]
	// [View "Red"]
	//
	// {the position of the sheet's Fig. 7}
	// 1. D3-E2 E3-E5xC5 = D5 Nine captured
	// 2. C5-B4
	// 3. D6-C5
	// *
}
