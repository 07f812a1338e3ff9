package hops_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
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

// anyText draws any string: unicode, the characters the record syntax
// gives a meaning to, or long runs that test the line limit.
func anyText() *rapid.Generator[string] {
	special := rapid.StringOf(rapid.SampledFrom([]rune(" {}[]\"\\\n\r\t=;.aZ0é€")))
	long := rapid.Custom(func(t *rapid.T) string {
		piece := rapid.SampledFrom([]string{"x", "x ", "\n", "}", "\"", " "}).Draw(t, "piece")
		return strings.Repeat(piece, rapid.IntRange(1, 2*hops.MaxRecordLine).Draw(t, "repeat"))
	})
	return rapid.OneOf(rapid.String(), special, special, long)
}

// TestRecordWriteReadsBack: any record a program can build, from moves of
// real games of the four kinds and arbitrary tags, comments and texts,
// either fails to Write with an *Error or is written and reads back
// equal; when its tags, moves and result are the game's own, Write takes
// it and Replay accepts what was read.
func TestRecordWriteReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := rapid.SampledFrom(games).Draw(t, "game")
		s := g.Start(hops.Side(rapid.IntRange(0, 1).Draw(t, "first")))
		rec := hops.NewRecord(s)
		clean := true // only what a careful program writes
		maybe := func(label string) bool {
			if rapid.IntRange(0, 9).Draw(t, label) == 0 {
				clean = false
				return true
			}
			return false
		}
		if maybe("odd game") {
			rec.Game = anyText().Draw(t, "game name")
		}
		if maybe("odd start") {
			rec.Start = anyText().Draw(t, "start")
		}
		names := rapid.SliceOfDistinct(rapid.StringMatching(`[A-Za-z][A-Za-z0-9_]{0,8}`), func(s string) string { return s }).Draw(t, "names")
		for _, name := range names {
			if name == "Game" || name == "Start" {
				continue
			}
			rec.Tags = append(rec.Tags, hops.Tag{Name: name, Value: anyText().Draw(t, "value")})
		}
		if maybe("odd tag") {
			rec.Tags = append(rec.Tags, hops.Tag{Name: anyText().Draw(t, "odd name"), Value: anyText().Draw(t, "odd value")})
		}
		if rapid.Bool().Draw(t, "opening comment") {
			rec.Comment = anyText().Draw(t, "comment")
		}
		for range rapid.IntRange(0, 20).Draw(t, "plies") {
			if s.Outcome().Over {
				break
			}
			m := hops.RecordMove{Text: rapid.SampledFrom(s.Moves()).Draw(t, "move")}
			next, err := s.Play(m.Text)
			if err != nil {
				t.Fatalf("generated move %s: %v", m.Text, err)
			}
			s = next
			if maybe("odd move") {
				m.Text = anyText().Draw(t, "move text")
			}
			if maybe("reveal") {
				m.Reveal = anyText().Draw(t, "reveal")
			}
			if rapid.Bool().Draw(t, "commented") {
				m.Comment = anyText().Draw(t, "comment")
			}
			rec.Moves = append(rec.Moves, m)
		}
		rec.SetResultFrom(s)
		if maybe("odd result") {
			rec.Result = rapid.SampledFrom([]string{"", "1-0", "0-1", "*", "1/2-1/2"}).Draw(t, "result")
		}

		var b strings.Builder
		err := rec.Write(&b)
		if err != nil {
			var e *hops.Error
			if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) {
				t.Fatalf("Write error %v is not an *Error of kind ErrSyntax", err)
			}
			if clean && !tooLong(rec) {
				t.Fatalf("a record of the game's own moves and tags is refused: %v", err)
			}
			return
		}
		back, err := hops.ReadRecord(b.String())
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, b.String())
		}
		if d := cmp.Diff(rec, back, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("round trip (-wrote +read):\n%s", d)
		}
		if clean {
			states, err := back.Replay(g)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if got := states[len(states)-1].String(); got != s.String() {
				t.Fatalf("replay ends in %s, want %s", got, s)
			}
		}
	})
}

// tooLong reports whether a value of rec is long enough that a line may
// not hold it.
func tooLong(rec *hops.Record) bool {
	long := func(s string) bool { return len(s) > hops.MaxRecordLine/2-16 }
	if long(rec.Comment) {
		return true
	}
	for _, tag := range rec.Tags {
		if long(tag.Value) {
			return true
		}
	}
	for _, m := range rec.Moves {
		if long(m.Comment) {
			return true
		}
	}
	return false
}

// TestRecorder: a Recorder records random games of every kind under the
// moves' canonical texts, even when they are played in lower case, and
// its record writes, reads back and replays to the same position.
func TestRecorder(t *testing.T) {
	for _, g := range games {
		t.Run(g.Name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				s := g.Start(hops.Side(rapid.IntRange(0, 1).Draw(t, "first")))
				r := hops.NewRecorder(s)
				if err := r.SetTag(g.Sides[0], "Ann"); err != nil {
					t.Fatal(err)
				}
				r.Comment("opening")
				var want []string
				for range rapid.IntRange(0, 12).Draw(t, "plies") {
					if s.Outcome().Over {
						break
					}
					m := rapid.SampledFrom(s.Moves()).Draw(t, "move")
					played := m
					if rapid.Bool().Draw(t, "lower case") {
						played = strings.ToLower(m)
					}
					next, err := r.Play(played)
					if err != nil {
						t.Fatalf("Play(%q): %v", played, err)
					}
					if want2, _ := s.Play(m); next.String() != want2.String() {
						t.Fatalf("Play(%q) gives %s, want %s", played, next, want2)
					}
					s = next
					want = append(want, m)
					r.Comment(fmt.Sprintf("after %s", m))
				}
				rec := r.Record()
				if rec.Result != hops.ResultOf(s.Outcome()) || r.State().String() != s.String() {
					t.Fatalf("result %s, state %s; want %s, %s", rec.Result, r.State(), hops.ResultOf(s.Outcome()), s)
				}
				for i, m := range rec.Moves {
					if m.Text != want[i] || m.Comment != "after "+want[i] {
						t.Fatalf("move %d recorded as %+v, want %s", i+1, m, want[i])
					}
				}
				var b strings.Builder
				if err := rec.Write(&b); err != nil {
					t.Fatal(err)
				}
				back, err := hops.ReadRecord(b.String())
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(rec, back, cmpopts.EquateEmpty()); d != "" {
					t.Fatalf("round trip:\n%s", d)
				}
				if _, err := back.Replay(g); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

// TestRecorderCanonicalCost: the Recorder writes a move in its
// canonical text (G9) found from the move itself, not by generating every
// move: in a Coir position of 190,310 moves, recording another written
// form of a move allocates a few dozen times, not once a move.
func TestRecorderCanonicalCost(t *testing.T) {
	s, err := coir.Game.Parse("2wb2/2bb2/3b2/bb1bbb/3b2/3b2 w")
	if err != nil {
		t.Fatal(err)
	}
	const played, canonical = "c6-e6-c4-e4-e2-a2-a4-c2-f5-f1-c1 c1-b2", "C6-E6-C4-E4-E2-C2-A4-A1-F1-F5-B1 B1-B2"
	var rec *hops.Record
	allocs := testing.AllocsPerRun(3, func() {
		r := hops.NewRecorder(s)
		if _, err := r.Play(played); err != nil {
			t.Fatal(err)
		}
		rec = r.Record()
	})
	if len(rec.Moves) != 1 || rec.Moves[0].Text != canonical {
		t.Errorf("recorded %+v, want %s", rec.Moves, canonical)
	}
	if allocs > 100 {
		t.Errorf("recording one move allocates %.0f times", allocs)
	}
}

// TestRecorderRefuses: an illegal move, a move after the end (G6) and a
// tag the record cannot hold are refused and leave the record unchanged;
// the record returned is a copy.
func TestRecorderRefuses(t *testing.T) {
	r := hops.NewRecorder(catchit.Game.Start(hops.First))
	if _, err := r.Play("D1-D2 C1-C2"); err != nil {
		t.Fatal(err)
	}
	_, err := r.Play("D7-D6 C7-C5")
	if err == nil || !strings.HasPrefix(err.Error(), `move 2 "D7-D6 C7-C5": `) || hops.RuleOf(err) == "" {
		t.Errorf("illegal move: %v", err)
	}
	for _, name := range []string{"", "Game", "Start", "Two words"} {
		if err := r.SetTag(name, "x"); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("SetTag(%q): %v", name, err)
		}
	}
	if err := r.SetTag("Red", "Bob"); err != nil {
		t.Fatal(err)
	}
	if err := r.SetTag("Red", "Eve"); err != nil {
		t.Fatal(err)
	}
	rec := r.Record()
	// Of two displacements that could be played in either order, the
	// game writes first the pawn that comes first in square order (K10).
	if len(rec.Moves) != 1 || rec.Moves[0].Text != "C1-C2 D1-D2" || len(rec.Tags) != 1 || rec.Tags[0].Value != "Eve" || rec.Result != hops.ResultUnfinished {
		t.Errorf("record %+v", rec)
	}
	rec.Moves[0].Text = "changed"
	rec.Tags[0].Value = "changed"
	if again := r.Record(); again.Moves[0].Text != "C1-C2 D1-D2" || again.Tags[0].Value != "Eve" {
		t.Errorf("changing a returned record changed the recorder's: %+v", again)
	}

	over := finishedGame(t, catchit.Game)
	r = hops.NewRecorder(over)
	// Refused under the rule that ended the game, as the position's
	// own Play refuses it, not under G6 (a player with no move).
	if _, err := r.Play("A1-A2"); hops.RuleOf(err) != over.Outcome().Rule || !errors.Is(err, hops.ErrIllegal) ||
		!strings.Contains(err.Error(), "the game is over: ") || strings.Count(err.Error(), "(") != 1 {
		t.Errorf("move after the end of a game won under %s: %v", over.Outcome().Rule, err)
	}
	if rec := r.Record(); len(rec.Moves) != 0 || rec.Result == hops.ResultUnfinished {
		t.Errorf("record of a finished game: %+v", rec)
	}
}

// finishedGame returns the last position of a game of g played at random
// to its end.
func finishedGame(t *testing.T, g *hops.Game) hops.State {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		s := g.Start(hops.First)
		for range 1000 {
			if s.Outcome().Over {
				return s
			}
			moves := s.Moves()
			s, _ = s.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Fatalf("no random game of %s ended", g.Name)
	return nil
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

// Record a game move by move: each move is checked as it is played, and
// the record takes the game's own text for it (here "d1-d2 c1-c2" is
// written C1-C2 D1-D2: of two displacements that could be played in
// either order, the pawn first in square order comes first, K10).
func ExampleRecorder() {
	r := hops.NewRecorder(catchit.Game.Start(hops.First))
	r.SetTag("Blue", "Ann")
	r.SetTag("Red", "Bob")
	r.Comment("a friendly game")
	for _, m := range []string{"d1-d2 c1-c2", "D7-D6 E7-E6", "D2-D3 D3-D9"} {
		if _, err := r.Play(m); err != nil {
			fmt.Println(err)
			break
		}
	}
	r.Comment("Blue's second turn is still to come")
	rec := r.Record()
	if err := rec.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// move 3 "D2-D3 D3-D9": second displacement: path "D3-D9": square "D9" is off the 7x7 board (A1..G7) (G1)
	// [Game "catchit"]
	// [Start "rrrrrrr/7/7/7/7/7/bbbBbbb b"]
	// [Blue "Ann"]
	// [Red "Bob"]
	//
	// {a friendly game}
	// 1. C1-C2 D1-D2
	// 2. D7-D6 E7-E6 {Blue's second turn is still to come}
	// *
}

// TestMoveAfterTheEnd: a record that goes on after the game ended is
// refused at that move under the rule that ended it (Z3, K3, C3, B5 or
// G6), as the position's own Play would refuse it, with the rule cited
// once; Outcome.Err gives that error, and nil while the game goes on.
func TestMoveAfterTheEnd(t *testing.T) {
	if err := (hops.Outcome{}).Err(); err != nil {
		t.Errorf("the Err of a game that goes on: %v", err)
	}
	for _, g := range games {
		over := finishedGame(t, g)
		o := over.Outcome()
		err := o.Err()
		var e *hops.Error
		if !errors.As(err, &e) || e.Rule != o.Rule || !errors.Is(err, hops.ErrIllegal) || !strings.Contains(e.Msg, o.Reason) {
			t.Errorf("%s: Err of %v: %#v", g.Name, o, err)
		}
		rec := &hops.Record{Game: g.Name, Start: over.String(), Result: hops.ResultUnfinished}
		rec.Moves = []hops.RecordMove{{Text: "A1-A2"}}
		_, err = rec.Replay(g)
		want := `move 1 "A1-A2": the game is over: `
		if hops.RuleOf(err) != o.Rule || !strings.HasPrefix(fmt.Sprint(err), want) || strings.Count(fmt.Sprint(err), "(") != 1 {
			t.Errorf("%s, won under %s: Replay of a move after the end: %v", g.Name, o.Rule, err)
		}
	}
}

// TestG6_MoveInALostPosition: where the side to move has no legal move
// (G6), a move is refused because the game is over under G6, as Outcome,
// PlayIndex and a record say, not for the fault of that one move: by the
// typed Validate, Play and Canonical, by a View, by State.Play and
// State.Canonical, and by Recorder.Play, in a Brouillard game that ended
// so; and by the typed calls in the zero position of every game, which
// is lost under G6 (Catch'it's said the ball had left the board, Coir's
// that no pawn was left, Zapita's that no pawn stood on the square,
// Brouillard's named the move's fault).
func TestG6_MoveInALostPosition(t *testing.T) {
	check := func(name string, o hops.Outcome, move string, errs ...error) {
		t.Helper()
		if !o.Over || o.Rule != "G6" {
			t.Fatalf("%s: outcome %v, want a loss under G6", name, o)
		}
		for i, err := range errs {
			if !errors.Is(err, hops.ErrIllegal) || hops.RuleOf(err) != "G6" || !strings.Contains(fmt.Sprint(err), "the game is over: ") {
				t.Errorf("%s: call %d refuses %s with %v, want the game over under G6", name, i, move, err)
			}
		}
	}
	b, err := brouillard.Parse("F6/1f5/3k1Q!1/4q!1J!/3x3/X!1K!4/1X!1x!3 w 3 2 -")
	if err != nil {
		t.Fatal(err)
	}
	s, err := brouillard.Game.State(b)
	if err != nil {
		t.Fatal(err)
	}
	bm, _ := brouillard.ParseMove("A7-B6")
	_, e1 := b.Play(bm)
	_, e2 := b.Canonical(bm)
	_, e3 := s.Play("A7-B6")
	_, e4 := s.Canonical("A7-B6")
	_, e5 := hops.NewRecorder(s).Play("A7-B6")
	check("brouillard", b.Outcome(), "A7-B6", b.Validate(bm), e1, e2, e3, e4, e5, b.View(hops.First).Validate(bm))

	z, zm := zapita.Position{}, zapita.NewMove(hops.PathOf(6, 5))
	_, e1 = z.Play(zm)
	_, e2 = z.Canonical(zm)
	check("zapita zero", z.Outcome(), zm.String(), z.Validate(zm), e1, e2)
	k, km := catchit.Position{}, catchit.NewMove(hops.PathOf(3, 11), hops.PathOf(2, 10))
	_, e1 = k.Play(km)
	_, e2 = k.Canonical(km)
	check("catchit zero", k.Outcome(), km.String(), k.Validate(km), e1, e2)
	c, cm := coir.Position{}, coir.NewMove(hops.PathOf(0, 8), hops.NoSquare, hops.NoSquare)
	_, e1 = c.Play(cm)
	_, e2 = c.Canonical(cm)
	check("coir zero", c.Outcome(), cm.String(), c.Validate(cm), e1, e2)
}

// A tool that checks a file of records points to the line to mend: the
// reader knows where each record and each of its moves begins, and
// Replay returns the positions before the move it refuses, as many as
// the move's number.
func ExampleRecordReader_MoveLine() {
	stream := `; two games of the club's evening
[Game "coir"]
[Start "bbbbbb/6/6/6/6/wwwwww w"]

1. A1-A2 {a quiet start}
2. F6-F5
3. A2-A4
*
`
	rr := hops.NewRecordReader(strings.NewReader(stream))
	rec, err := rr.Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	states, err := rec.Replay(coir.Game)
	if err != nil {
		fmt.Printf("record of line %d, line %d: %v\n", rr.Line(), rr.MoveLine(len(states)), err)
	}
	// Output:
	// record of line 2, line 7: move 3 "A2-A4": only a Dame slides further than one square, and White owns 6 pawns; nor is it a jump: A3, between, is empty (C6)
}
