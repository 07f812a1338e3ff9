package hops_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

var games = []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game}

// TestRecordsOfEveryGame: random games of each kind, recorded, written,
// read back and replayed, give the same record and the same positions.
func TestRecordsOfEveryGame(t *testing.T) {
	for _, g := range games {
		t.Run(g.Name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := g.Start(hops.Side(rapid.IntRange(0, 1).Draw(t, "first")))
				rec := hops.NewRecord(s)
				rec.SetTag(g.Sides[0], rapid.StringMatching(`[A-Za-z ]{0,12}`).Draw(t, "name"))
				want := []string{s.String()}
				for range rapid.IntRange(0, 30).Draw(t, "plies") {
					moves := s.Moves()
					if len(moves) == 0 {
						break
					}
					m := rapid.SampledFrom(moves).Draw(t, "move")
					next, err := s.Play(m)
					if err != nil {
						t.Fatalf("generated move %s: %v", m, err)
					}
					rec.Moves = append(rec.Moves, hops.RecordMove{Text: m})
					s = next
					want = append(want, s.String())
				}
				rec.Result = hops.ResultOf(s.Outcome())
				back, err := hops.ReadRecord(rec.String())
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(rec, back); d != "" {
					t.Fatalf("round trip:\n%s", d)
				}
				states, err := back.Replay(g)
				if err != nil {
					t.Fatal(err)
				}
				for i, st := range states {
					if st.String() != want[i] {
						t.Fatalf("position %d: %s, want %s", i, st, want[i])
					}
				}
			})
		})
	}
}

// TestCorruptedCatchitRecord: a changed square and a bad header are caught
// with the move number, its text and the rule.
func TestCorruptedCatchitRecord(t *testing.T) {
	text := "[Game \"catchit\"]\n[Start \"rrrrrrr/7/7/7/7/7/bbbBbbb b\"]\n\n1. D1-D2 C1-C2\n2. D7-D6 C7-C6\n*\n"
	rec, err := hops.ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Replay(catchit.Game); err != nil {
		t.Fatal(err)
	}
	bad, _ := hops.ReadRecord(strings.Replace(text, "C1-C2", "C1-C3", 1))
	if _, err := bad.Replay(catchit.Game); err == nil || !strings.HasPrefix(err.Error(), `move 1 "D1-D2 C1-C3": second displacement`) {
		t.Errorf("changed square: %v", err)
	}
	bad, _ = hops.ReadRecord(strings.Replace(text, "bbbBbbb b", "bbbBbbb x", 1))
	if _, err := bad.Replay(catchit.Game); err == nil || !strings.HasPrefix(err.Error(), "tag Start: ") {
		t.Errorf("bad start: %v", err)
	}
}

// Write a game as a record.
func ExampleRecord_String() {
	s := catchit.Game.Start(hops.First)
	rec := hops.NewRecord(s)
	rec.SetTag("Blue", "Ann")
	rec.SetTag("Red", "Bob")
	for _, m := range []string{"D1-D2 C1-C2", "D7-D6 E7-E6"} {
		s, _ = s.Play(m)
		rec.Moves = append(rec.Moves, hops.RecordMove{Text: m})
	}
	rec.Moves[0].Comment = "the carrier steps first"
	rec.Result = hops.ResultOf(s.Outcome())
	fmt.Print(rec)
	// Output:
	// [Game "catchit"]
	// [Start "rrrrrrr/7/7/7/7/7/bbbBbbb b"]
	// [Blue "Ann"]
	// [Red "Bob"]
	//
	// 1. D1-D2 C1-C2 {the carrier steps first}
	// 2. D7-D6 E7-E6
	// *
}

// Read a stream of records and check every move.
func ExampleRecordReader() {
	stream := `[Game "coir"]
[Start "bbbbbb/6/6/6/6/wwwwww w"]

1. A1-A2
2. F6-F5
*

[Game "zapita"]
[Start "a5A/b5B/c5C/3*3/c5C/b5B/a5A w"]

1. G3-G4
*
`
	rr := hops.NewRecordReader(strings.NewReader(stream))
	for {
		rec, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, g := range games {
			if g.Name == rec.Game {
				states, err := rec.Replay(g)
				fmt.Printf("%s: %d positions, %v\n", g.Title, len(states), err)
			}
		}
	}
	// Output:
	// Coir Circuit: 3 positions, <nil>
	// Zapita: 1 positions, move 1 "G3-G4": path G3-G4: the move ends on White's headquarters G4; a pawn may only cross a headquarters in a multi-jump (Z4)
}
