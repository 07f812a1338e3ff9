package zapita

import (
	"fmt"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

// TestAtNamesPawnsAndTheBomb (Z1): At gives each pawn its side, its Z8
// letter and its power in its name, and the bomb as a neutral piece
// with the letter '*'; an empty square holds nothing.
func TestAtNamesPawnsAndTheBomb(t *testing.T) {
	gametest.CheckAt(t, board, Start(), map[string]hops.Piece{
		"G3": {Side: White, Letter: 'C', Name: "pawn 3"},
		"A2": {Side: Khaki, Letter: 'b', Name: "pawn 2"},
		"A7": {Side: Khaki, Letter: 'a', Name: "pawn 1"},
		"D4": {Neutral: true, Letter: '*', Name: "bomb"},
		"D3": {},
	})
}

// TestKeySeparatesSwappedPawns: positions that differ only by which pawn
// stands where, the same squares occupied, have different keys. Every
// exchange of two different pawns of the start (Z2), whatever their
// sides and powers (Z1), gives a position of its own and a key of its
// own.
func TestKeySeparatesSwappedPawns(t *testing.T) {
	start := Start().Setup()
	var squares []hops.Square
	piece := map[hops.Square][2]int{} // side, power-1
	for side := range 2 {
		for k := range 3 {
			for at := range start.Pawns[side][k].Squares() {
				squares = append(squares, at)
				piece[at] = [2]int{side, k}
			}
		}
	}
	seen := map[hops.StateKey]string{Start().Key(): Start().String()}
	for i, a := range squares {
		for _, b := range squares[i+1:] {
			pa, pb := piece[a], piece[b]
			if pa == pb {
				continue
			}
			s := start
			s.Pawns[pa[0]][pa[1]] = s.Pawns[pa[0]][pa[1]].Without(a).With(b)
			s.Pawns[pb[0]][pb[1]] = s.Pawns[pb[0]][pb[1]].Without(b).With(a)
			p, err := s.Position()
			if err != nil {
				t.Fatalf("%s and %s exchanged: %v", a, b, err)
			}
			if other, dup := seen[p.Key()]; dup {
				t.Fatalf("%s and %s have the same key", p, other)
			}
			seen[p.Key()] = p.String()
		}
	}
	if len(seen) != 61 {
		t.Fatalf("%d positions, want the start and its 60 exchanges", len(seen))
	}
}

// TestPreviewMarksTheHeldBomb (Z5): while the pawn that reached the bomb
// still holds it, the preview's drawing shows that pawn in its side's
// colour with its power, carrying a black mark for the bomb.
func TestPreviewMarksTheHeldBomb(t *testing.T) {
	b, err := fig7(t).Build(gametest.Clicks(t, "E1 E2"))
	if err != nil {
		t.Fatal(err)
	}
	want := hops.Token{Fill: "#ffffff", Label: "3", Marker: "#222222"}
	if got := b.Preview.(Position).Drawing().Tokens[sq(t, "E2")]; got != want {
		t.Fatalf("E2 in the preview after E1 E2: %+v, want %+v", got, want)
	}
}

// TestBuildEdges: what the builder offers, asks and previews at the edges
// of a move, and the error, with its rule, of a click it does not offer.
func TestBuildEdges(t *testing.T) {
	over, err := fig8(t).Play(mv(t, "D2-B2*D4*G4")) // Khaki has won (Z3)
	if err != nil {
		t.Fatal(err)
	}
	// White's 1 on C3 can jump over B2 onto the bomb on A1, where each
	// throw of one square lands on a Khaki pawn (Z4, Z5).
	noRest := suite.MustParse(t, "c5C/c5B/b5A/7/2A4/ab4B/*a4C w")
	// White's 1 on E4 can jump over F4 onto G4, from which no jump
	// leads on (Z4).
	deadHQ := suite.MustParse(t, "c5C/b5B/a5A/4Aa1/7/b5B/c2*2C w")
	// White's 2 on G2 jumps over G3 onto G4 and must jump on to E4.
	crossHQ := suite.MustParse(t, "a5A/6B/cb5/3*1C1/c5C/b5B/a5A w")
	// White's 1 on G1 is walled in: no step, no jump.
	walled := suite.MustParse(t, "c5C/6B/6A/3*3/4b1C/5bB/a3caA w")
	for _, c := range []struct {
		name   string
		p      Position
		clicks string
		// For a build: its next clicks, prompt and preview text.
		next, prompt, preview string
		// For a refused click: the error.
		err string
	}{
		{name: "Z4 no throw rests the bomb", p: noRest, clicks: "C3",
			next: "[C2 D2 B3 D3 B4 C4 D4]", prompt: "click where the pawn on C3 goes", preview: noRest.String()},
		{name: "Z4 onto a bomb no throw rests", p: noRest, clicks: "C3 A1",
			err: "click 2 A1: the pawn would land on the bomb on A1, and no throw chain can bring it to rest (Z4)"},
		{name: "Z4 a headquarters with no way on", p: deadHQ, clicks: "E4",
			next: "[D3 E3 F3 D4 D5 E5 F5]", prompt: "click where the pawn on E4 goes", preview: deadHQ.String()},
		{name: "Z4 onto a headquarters with no way on", p: deadHQ, clicks: "E4 G4",
			err: "click 2 G4: a move never ends on the headquarters G4, and no jump from it leads on to a square the move may end on (Z4)"},
		{name: "Z4 across a headquarters", p: crossHQ, clicks: "G2 G4",
			next: "[E4]", prompt: "jump on", preview: "a5A/6B/cb5/3*1CB/c5C/b6/a5A w"},
		{name: "Z4 a walled pawn is not offered", p: walled, clicks: "",
			next: "[G2 G3 G5 G6 G7]", prompt: "click a pawn to move", preview: walled.String()},
		{name: "Z4 a walled pawn", p: walled, clicks: "G1",
			err: "click 1 G1: the pawn on G1 has no legal move (Z4)"},
		{name: "Z4 after a step", p: Start(), clicks: "G1 F1 E1",
			err: "click 3 E1: the step G1-F1 is a whole move: nothing follows it (Z4)"},
		{name: "Z6 after the bomb rests", p: fig7(t), clicks: "E1 E2 E5 E6 D6",
			err: "click 5 D6: the bomb already came to rest on E6: the move is complete (Z6)"},
		{name: "Z7 a marked click", p: Start(), clicks: "xG1",
			err: "click 1 xG1: 'x' means nothing in Zapita: no hop acts on the pawn it jumps (Z7)"},
		{name: "Z3 a finished game", p: over, clicks: "",
			next: "[]", prompt: "the game is over", preview: over.String()},
		{name: "Z3 a click in a finished game", p: over, clicks: "G1",
			err: "click 1 G1: the game is over: the bomb rests on White's headquarters (Z3)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := c.p.Build(gametest.Clicks(t, c.clicks))
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("%s, %s: %v, want %s", c.p, c.clicks, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s, %s: %v", c.p, c.clicks, err)
			}
			next, preview := fmt.Sprint(b.Next), b.Preview.(Position).String()
			if next != c.next || b.Prompt != c.prompt || preview != c.preview {
				t.Fatalf("%s, %s: next %s, prompt %q, preview %s; want %s, %q, %s",
					c.p, c.clicks, next, b.Prompt, preview, c.next, c.prompt, c.preview)
			}
		})
	}
}
