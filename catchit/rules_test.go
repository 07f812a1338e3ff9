package catchit

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/gametest"
)

func mustParse(t *testing.T, text string) Position {
	t.Helper()
	p, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return p
}

// legal plays move in the position and checks the resulting text, if
// after is not empty.
func legal(t *testing.T, pos, move, after string) Position {
	t.Helper()
	p := mustParse(t, pos)
	m, err := ParseMove(move)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", move, err)
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatalf("%s: %s rejected: %v", pos, move, err)
	}
	if after != "" && q.String() != after {
		t.Fatalf("%s: after %s got %s, want %s", pos, move, q, after)
	}
	return q
}

// illegal checks that move is rejected in the position with the given
// rule, and with a message containing each of the fragments.
func illegal(t *testing.T, pos, move, rule string, fragments ...string) {
	t.Helper()
	p := mustParse(t, pos)
	m, err := ParseMove(move)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", move, err)
	}
	err = p.Validate(m)
	var e *hops.Error
	if !errors.As(err, &e) || !errors.Is(err, hops.ErrIllegal) {
		t.Fatalf("%s: %s: got %v, want an illegal-move error", pos, move, err)
	}
	if e.Rule != rule {
		t.Fatalf("%s: %s: rule %s, want %s (%v)", pos, move, e.Rule, rule, err)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Fatalf("%s: %s: error %q does not say %q", pos, move, err, f)
		}
	}
	if _, err2 := p.Play(m); err2 == nil || err2.Error() != err.Error() {
		t.Fatalf("Play and Validate disagree: %v / %v", err2, err)
	}
}

const (
	start    = "rrrrrrr/7/7/7/7/7/bbbBbbb b"
	fig4     = "rrr2rr/7/1r5/7/2b3b/3Br2/bb3bb r" // Red E2 next to the blue carrier on D2
	fig6     = "rrBrrrr/7/r6/7/7/7/bbb1bbb b"     // the blue carrier on C7
	fig7     = "rrr1rrr/3r3/3B3/7/2b4/6b/b3bbb r" // Red D6 above the carrier on D5
	twoTakes = "rrr1rr1/7/3r3/2rB3/7/7/bbb1bbb r" // two red pawns next to the carrier on D4
	xout     = "rrrrrr1/7/7/7/7/3r3/bbbBbbb r"    // Red D2 above the carrier on D1
	blocked  = "bbbbbbr/7/7/7/r1r4/rr5/Brr4 b"    // the blue carrier on A1 cannot move
	noOver   = "2rrrrr/B6/7/r5r/7/7/bbbbbb1 b"    // the blue carrier on A6, nothing to jump out over
	twoOnTop = "bBrrrrr/7/7/r5r/7/7/1bbb1bb b"    // blue pawns on A7 and B7 (the carrier)
	redStart = "rrrRrrr/7/7/7/7/7/bbbbbbb r"
)

func TestK1_Material(t *testing.T) {
	p := mustParse(t, start)
	if p.Pawns(Blue).Count() != 7 || p.Pawns(Red).Count() != 7 || p.Carrier() != hops.SquareAt(3, 0) {
		t.Fatalf("start: %v %v %v", p.Pawns(Blue), p.Pawns(Red), p.Carrier())
	}
	for _, bad := range []struct{ text, rule string }{
		{"rrrrrrr/7/7/7/7/b6/bbbBbbb b", "K1"}, // eight blue pawns
		{"rrrrrr1/7/7/7/7/7/bbbBbbb b", "K1"},  // six red pawns with a carrier
		{"rrrRrrr/7/7/7/7/7/bbbBbbb b", "K1"},  // two carriers
		{"rrrrrrr/7/7/7/7/7/bbbbbbb b", "K9"},  // no carrier but 14 pawns
	} {
		_, err := Parse(bad.text)
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != bad.rule {
			t.Errorf("Parse(%q) = %v, want an impossible position under %s", bad.text, err, bad.rule)
		}
	}
}

func TestK2_Setup(t *testing.T) {
	if got := Start().String(); got != start {
		t.Errorf("Start() = %s", got)
	}
	if got := StartWith(Red).String(); got != redStart {
		t.Errorf("StartWith(Red) = %s", got)
	}
	if StartWith(Blue) != Start() || Start().ToMove() != Blue || StartWith(Red).ToMove() != Red {
		t.Error("StartWith(Blue) differs from Start, or wrong side to move")
	}
}

func TestK3_Goal(t *testing.T) {
	q := legal(t, fig6, "C7-out", "rr1rrrr/7/r6/7/7/7/bbb1bbb r")
	if o := q.Outcome(); !o.Over || o.Winner != Blue || o.Rule != "K3" {
		t.Errorf("outcome %v", o)
	}
	// Each side wins beyond the opponent's rank only.
	illegal(t, start, "D1-out", "K6", "beyond rank 7")
	illegal(t, redStart, "D7-out", "K6", "beyond rank 1")
	if o := Start().Outcome(); o.Over {
		t.Errorf("start outcome %v", o)
	}
}

func TestK4_Displacement(t *testing.T) {
	legal(t, fig4, "G7-G6 F7-F6", "rrr4/5rr/1r5/7/2b3b/3Br2/bb3bb b")
	legal(t, fig4, "E2-C2-C4-A6 G7-F6", "")
	illegal(t, fig4, "E2-D2 G7-G6", "K4", "occupied")
	illegal(t, fig4, "G7-G6-G5 F7-F6", "K4", "step")
	// K7 says whose pawns a turn moves: "two different pawns of the
	// player to move"; K4 says only how a pawn moves.
	illegal(t, fig4, "D2-D3 G7-G6", "K7", "Blue pawn")
	illegal(t, fig4, "D4-D5 G7-G6", "K4", "no pawn on D4")
	illegal(t, fig4, "G7-G5 F7-F6", "G4", "jumps over an empty square")
	illegal(t, fig4, "G7-G4 F7-F6", "G4", "is not a jump")
	illegal(t, fig4, "E2-G4 F7-F6", "G4", "jumps over an empty square")
}

func TestG5_NoSquareTwice(t *testing.T) {
	// Fig. 2 bis: no back-and-forth jump over the same pawn.
	illegal(t, fig4, "E2-C2-E2 G7-G6", "G5", "already occupied")
	legal(t, fig4, "E2-C2-C4 G7-G6", "")
}

func TestK5_TakingTheBall(t *testing.T) {
	// Fig. 5 bis: Red E2 takes the ball over the carrier on D2 and carries it to A6.
	legal(t, fig4, "E2xC2-C4-A6 G7-G6", "rrr2r1/R5r/1r5/7/2b3b/3b3/bb3bb b")
	// Taking is never compulsory (Fig. 4).
	legal(t, fig4, "E2-C2-C4-A6 G7-G6", "rrr2r1/r5r/1r5/7/2b3b/3B3/bb3bb b")
	// An own pawn may take the ball from the carrier.
	legal(t, start, "C1-C2 E1xC1", "rrrrrrr/7/7/7/7/2b4/bbBb1bb r")
	illegal(t, fig4, "E2-C2xC4-A6 G7-G6", "K5", "takes nothing")
	illegal(t, fig4, "G7xG6 F7-F6", "K5", "step")
	illegal(t, start, "B1-B2 D1xB1", "K5", "does not carry the ball")
}

func TestK6_LeavingTheBoard(t *testing.T) {
	// Fig. 6: a step out with the ball.
	legal(t, fig6, "C7-out", "")
	legal(t, twoOnTop, "B7-out", "")
	// Fig. 7: take over D5, jump over C3, leave over A1 past the corner.
	legal(t, fig7, "D6xD4-B2-out", "rrr1rrr/7/3b3/7/2b4/6b/b3bbb b")
	// Take the ball over the carrier on the last rank and land beyond.
	legal(t, xout, "D2xout", "rrrrrr1/7/7/7/7/7/bbbbbbb b")
	illegal(t, twoOnTop, "A7-out", "K6", "only the pawn that carries the ball")
	illegal(t, fig7, "D6-D4-B2-out", "K6", "only the pawn that carries the ball")
	illegal(t, noOver, "A6-out", "K6", "no pawn on rank 7")
	illegal(t, fig7, "D6xD4-out", "K6", "beyond rank 1")
	illegal(t, fig6, "C7xout", "K5", "takes nothing")
	illegal(t, xout, "D2-out", "K6", "only the pawn that carries the ball")
	// A step out cannot end a series of jumps.
	illegal(t, "rr1rrrr/2r4/2B4/7/7/7/bbb1bbb b", "C5-C7-out", "K4", "cannot follow jumps")
}

func TestK7_Turn(t *testing.T) {
	legal(t, start, "D1-D2 C1-C2", "rrrrrrr/7/7/7/7/2bB3/bb2bbb r")
	illegal(t, start, "D1-D2", "K7", "two displacements")
	illegal(t, start, "D1-D2 D2-D3", "K7", "different pawns")
	// A winning displacement ends the turn.
	first, _ := hops.ParsePath(board, "C7-out")
	second, _ := hops.ParsePath(board, "A1-A2")
	err := mustParse(t, fig6).Validate(NewMove(first, second))
	if hops.RuleOf(err) != "K7" || !errors.Is(err, hops.ErrIllegal) {
		t.Errorf("move after a win: %v", err)
	}
	if _, err := ParseMove("C7-out A1-A2"); !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "K10" {
		t.Errorf("ParseMove of a move after a win: %v", err)
	}
}

func TestK8_BallMovesOnce(t *testing.T) {
	// The attacker must move the ball.
	illegal(t, start, "A1-A2 B1-B2", "K8", "second displacement B1-B2", "must move the ball")
	legal(t, start, "A1-A2 D1-D2", "")
	legal(t, start, "D1-D2 A1-A2", "")
	// ... exactly once.
	illegal(t, start, "D1-D2 C1xE3", "K8", "second displacement C1xE3", "the ball was already moved this turn")
	legal(t, start, "D1-D2 C1-E3", "rrrrrrr/7/7/7/4b2/3B3/bb2bbb r")
	// The defender may take the ball once, or not at all.
	legal(t, twoTakes, "D5xD3 C4-E2", "rrr1rr1/7/7/3b3/3R3/4r2/bbb1bbb b")
	legal(t, twoTakes, "D5-D3 C4xE4", "")
	legal(t, twoTakes, "A7-A6 B7-B6", "")
	illegal(t, twoTakes, "D5xD3 C4xE2", "K8", "second displacement C4xE2", "the ball was already moved this turn")
	err := mustParse(t, start).Validate(mustMove(t, "D1-D2 C1xE3"))
	if got := err.Error(); got != "second displacement C1xE3: jump 1 C1-E3: the ball was already moved this turn (K8)" {
		t.Errorf("error text %q", got)
	}
}

func mustMove(t *testing.T, text string) Move {
	t.Helper()
	m, err := ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestK9_AfterWin(t *testing.T) {
	q := legal(t, fig7, "D6xD4-B2-out", "")
	if q.Carrier() != hops.NoSquare || q.Pawns(Blue).Count()+q.Pawns(Red).Count() != 13 {
		t.Fatalf("after a win: %s", q)
	}
	if q.CountMoves() != 0 || len(q.AppendMoves(nil)) != 0 {
		t.Error("a finished game has moves")
	}
	if o := q.Outcome(); !o.Over || o.Winner != Red || o.Rule != "K3" {
		t.Errorf("outcome %v", o)
	}
	if _, err := q.Play(mustMove(t, "A1-A2 E1-E2")); !errors.Is(err, hops.ErrIllegal) {
		t.Errorf("move in a finished game: %v", err)
	}
	// A carrier-less text is a finished game won by the side not to move.
	mustParse(t, "rr1rrrr/7/r6/7/7/7/bbb1bbb r")
	if _, err := Parse("rr1rrrr/7/r6/7/7/7/bbb1bbb b"); hops.RuleOf(err) != "K9" || !errors.Is(err, hops.ErrPosition) {
		t.Errorf("loser has 6 pawns: %v", err)
	}
}

func TestG6_NoLegalTurnLoses(t *testing.T) {
	p := mustParse(t, blocked)
	if p.CountMoves() != 0 || p.HasMoves() {
		t.Fatalf("%s has moves", p)
	}
	if o := p.Outcome(); !o.Over || o.Winner != Red || o.Rule != "G6" {
		t.Errorf("outcome %v", o)
	}
	if o := mustParse(t, fig4).Outcome(); o.Over {
		t.Errorf("outcome %v", o)
	}
}

func TestK10_MoveText(t *testing.T) {
	for in, want := range map[string]string{
		"d1-d2 c1-c2":  "D1-D2 C1-C2",
		"E2XC2-c4-A6":  "E2xC2-C4-A6",
		"D6xD4-B2-OUT": "D6xD4-B2-out",
		"d2Xout":       "D2xout",
	} {
		m, err := ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
		var u Move
		if err := u.UnmarshalText([]byte(want)); err != nil || u != m {
			t.Errorf("UnmarshalText(%q) = %v %v", want, u, err)
		}
		if b, _ := m.MarshalText(); string(b) != want {
			t.Errorf("MarshalText = %q", b)
		}
	}
	for _, bad := range []string{"", " ", "D1-D2 C1-C2 E1-E2", "D1", "D1-D8", "out-D1", "D1-out-D2", "D1+D2", "D1 D2 C1-C2", "C7-out A1-A2"} {
		if _, err := ParseMove(bad); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseMove(%q) = %v, want a syntax error", bad, err)
		}
	}
}

func TestK11_PositionText(t *testing.T) {
	var p Position
	if err := p.UnmarshalText([]byte(fig4)); err != nil || p.String() != fig4 {
		t.Fatalf("UnmarshalText: %v %s", err, p)
	}
	for _, bad := range []struct{ text, where string }{
		{"rrrrrrr/7/7/7/7/7/bbbBbbb", ""},               // no side
		{"rrrrrrr/7/7/7/7/7/bbbBbbb w", "side to move"}, // unknown side
		{"rrrrrrr/7/7/7/7/7/bbbBbb b", "rank 1"},        // short rank
		{"rrrrrrr/7/7/7/7/7/bbbBbbbb b", "rank 1"},      // long rank
		{"rrrrrrr/7/7/7/7/bbbBbbb b", "rows"},           // six ranks
		{"rrrrrrr/7/7/7/7/7/bbbBbbx b", "rank 1"},       // unknown letter
		{"rrrrrrr/7/7/7/7/16/bbbBbbb b", "rank 2"},      // two digits
		{"rrrrrrr/7/7/7/7/7/bbbBbbb  b", "field"},       // two spaces
		{"rrrrrrr/7/7/7/7/7/bbbBbb!b b", "rank 1"},      // a mark
		{"rrrrrrr/7/7/7/7/7/bbbBbbb b extra", ""},       // three fields
		{"rrrrrrr/7/7/7/7/7/bbbBbbb B", "side to move"}, // upper-case side
		{"rrrrrrr/7/7/7/7/7/bbbBbbb b ", ""},            // trailing space
		{"rrrrrrr/7/7/7/7/7/bbbBbbb/7 b", "rows"},       // eight ranks
		{"rrrrrrr/7/7/7/7/7/bbb*bbb b", "rank 1, square D1"},
	} {
		_, err := Parse(bad.text)
		if !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), bad.where) {
			t.Errorf("Parse(%q) = %v, want a syntax error about %q", bad.text, err, bad.where)
		}
	}
}

func TestK12_SheetExamples(t *testing.T) {
	p := mustParse(t, fig4)
	// Fig. 4 and Fig. 5 bis: E2 to A6, without and with the ball, can
	// be clicked landing by landing.
	for _, path := range []string{"E2 C2 C4 A6", "E2 xC2 C4 A6"} {
		clicks := gametest.Clicks(t, path)
		for i := range clicks {
			b, err := p.Build(clicks[:i])
			if err != nil || !slices.Contains(b.Next, clicks[i]) {
				t.Errorf("after %v, %s is not offered: %v %v", clicks[:i], clicks[i], b.Next, err)
			}
		}
	}
	if !p.Destinations(hops.SquareAt(4, 1)).Has(hops.SquareAt(0, 5)) {
		t.Errorf("A6 is not a destination of E2: %v", p.Destinations(hops.SquareAt(4, 1)))
	}
	// Fig. 6 and Fig. 7 win alone, and are the canonical moves.
	for pos, want := range map[string]string{fig6: "C7-out", fig7: "D6xD4-B2-out"} {
		found := false
		for m := range mustParse(t, pos).Moves() {
			found = found || m.String() == want
		}
		if !found {
			t.Errorf("%s: %s not generated", pos, want)
		}
	}
}

// nextOf returns the text of Build's Next after the clicks.
func nextOf(t *testing.T, p Position, clicks string) string {
	t.Helper()
	b, err := p.Build(gametest.Clicks(t, clicks))
	if err != nil {
		t.Fatalf("Build(%s): %v", clicks, err)
	}
	return fmt.Sprint(b.Next)
}

// TestK7_K8_Build: the builder offers the second pawn only where a
// legal second displacement follows, and the attacker's second
// displacement only where it moves the ball.
func TestK7_K8_Build(t *testing.T) {
	p := Start()
	if got := p.Destinations(hops.SquareAt(3, 0)); got.String() != "{C2 D2 E2}" {
		t.Errorf("destinations of D1: %v", got)
	}
	if got := p.Destinations(hops.SquareAt(3, 6)); got != 0 {
		t.Errorf("a red pawn at Blue's turn: %v", got)
	}
	// After A1-A2 the ball has not moved: only the carrier may follow (K8).
	if got := nextOf(t, p, "A1 A2"); got != "[D1]" {
		t.Errorf("after A1-A2: %s", got)
	}
	// After C1-C2, E1 may take the ball over D1, and must (K8).
	if got := nextOf(t, p, "C1 C2"); got != "[D1 E1]" {
		t.Errorf("after C1-C2: %s", got)
	}
	if got := nextOf(t, p, "C1 C2 E1"); got != "[xC1]" {
		t.Errorf("after C1-C2 E1: %s", got)
	}
	b, err := p.Build(gametest.Clicks(t, "C1 C2 E1 xC1"))
	if err != nil || !b.Complete || b.Move.String() != "C1-C2 E1xC1" {
		t.Errorf("C1-C2 E1xC1: %+v %v", b, err)
	}
	if _, err := p.Build(gametest.Clicks(t, "C1 C2 E1 C1")); hops.RuleOf(err) != "K8" {
		t.Errorf("E1-C1 without the ball: %v, want a K8 error", err)
	}
	if _, err := p.Build(gametest.Clicks(t, "A1 A3")); hops.RuleOf(err) != "G4" {
		t.Errorf("A1-A3: %v, want a G4 error", err)
	}
	if _, err := p.Build(gametest.Clicks(t, "A1 A2 A2")); hops.RuleOf(err) != "K7" {
		t.Errorf("the first pawn again: %v, want a K7 error", err)
	}
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 100, 21600}
	for _, first := range []hops.Side{Blue, Red} {
		for d, n := range want {
			if got := hops.Perft(StartWith(first), d); got != n {
				t.Errorf("perft(%d) with %s first = %d, want %d", d, SideName(first), got, n)
			}
		}
	}
}

func TestPerftDepth3(t *testing.T) {
	if testing.Short() || gametest.Race {
		t.Skip("perft(3) counts 6.9 million leaves, slow with the race detector")
	}
	if got := hops.Perft(Start(), 3); got != 6917480 {
		t.Errorf("perft(3) = %d", got)
	}
}

func TestHashAndDiagram(t *testing.T) {
	p := Start()
	if p.Hash() != mustParse(t, start).Hash() || p.Hash() == StartWith(Red).Hash() {
		t.Error("hash")
	}
	q, _ := p.Play(mustMove(t, "D1-D2 C1-C2"))
	if q.Hash() == p.Hash() {
		t.Error("successive positions hash equal")
	}
	want := "7 r r r r r r r\n6 . . . . . . .\n5 . . . . . . .\n4 . . . . . . .\n3 . . . . . . .\n2 . . . . . . .\n1 b b b B b b b\n  A B C D E F G\nBlue to move\n"
	if got := p.Diagram(); got != want {
		t.Errorf("Diagram:\n%s", got)
	}
	var zero Position
	_ = zero.String() + zero.Diagram()
	if zero.CountMoves() != 0 || zero.Validate(Move{}) == nil || !zero.Outcome().Over {
		t.Error("zero position")
	}
	if Start().Validate(Move{}) == nil || (Move{}).String() != "" {
		t.Error("zero move")
	}
	if SideName(Blue) != "Blue" || SideName(Red) != "Red" {
		t.Error("side names")
	}
	if s, err := Game.Start(Blue).Play("D1-D2 C1-C2"); err != nil || s.String() != q.String() {
		t.Errorf("Game: %v %v", s, err)
	}
}

func TestJSONText(t *testing.T) {
	type record struct {
		Pos  Position
		Move Move
	}
	in := record{Pos: mustParse(t, fig4), Move: mustMove(t, "E2xC2-C4-A6 G7-G6")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"Pos":"`+fig4+`","Move":"E2xC2-C4-A6 G7-G6"}` {
		t.Fatalf("json.Marshal: %s %v", b, err)
	}
	var out record
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Fatalf("json.Unmarshal: %+v %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"Pos":"7/7 b"}`), &out); !errors.Is(err, hops.ErrSyntax) {
		t.Errorf("bad position in JSON: %v", err)
	}
}

func TestNoAllocations(t *testing.T) {
	if gametest.Race {
		t.Skip("the race detector allocates")
	}
	p := mustParse(t, "1r1r2r/1r1rr2/1r5/7/5b1/2b1Bb1/bb4b b")
	buf := p.AppendMoves(nil)
	m := buf[len(buf)/2]
	if n := testing.AllocsPerRun(20, func() { buf = p.AppendMoves(buf[:0]) }); n != 0 {
		t.Errorf("AppendMoves: %v allocs", n)
	}
	if n := testing.AllocsPerRun(20, func() { _, _ = p.Play(m) }); n != 0 {
		t.Errorf("Play: %v allocs", n)
	}
	// Outcome, asked at every node of a search, in finished games too
	// (K3, G6): it wrote its reason with fmt, three allocations.
	for _, text := range []string{"rrrrrrr/7/7/7/7/7/bbb1bbb r", "rrr1rrr/7/7/7/7/7/bbbbbbb b"} {
		gametest.CheckOutcomeNoAlloc(t, mustParse(t, text), "", "")
	}
}

// TestK10_EmptyFirstDisplacement: a turn built by hand with its second
// displacement only says that its first is empty, not that the move is.
func TestK10_EmptyFirstDisplacement(t *testing.T) {
	m := NewMove(hops.Path{}, hops.PathOf(hops.SquareAt(2, 0), hops.SquareAt(2, 1)))
	want := "first displacement: empty: a turn is two displacements, the first written first (K10)"
	if err := Start().Validate(m); err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
}
