package hops

import (
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"testing"
)

// nim is a toy game used to test the generic helpers: a pile of stones,
// each move takes one or two, and a player who cannot move loses (G6).
type nim struct {
	stones int
	side   Side
}

type take struct{ n int }

func (m take) String() string { return strconv.Itoa(m.n) }

var _ Position[nim, take] = nim{}

func (p nim) ToMove() Side { return p.side }
func (p nim) Moves() iter.Seq[take] {
	return func(yield func(take) bool) {
		for _, m := range p.AppendMoves(nil) {
			if !yield(m) {
				return
			}
		}
	}
}
func (p nim) AppendMoves(dst []take) []take {
	for n := 1; n <= min(2, p.stones); n++ {
		dst = append(dst, take{n})
	}
	return dst
}
func (p nim) CountMoves() int { return min(2, p.stones) }
func (p nim) Validate(m take) error {
	if m.n < 1 || m.n > 2 || m.n > p.stones {
		return Errorf(ErrIllegal, "N1", "take "+m.String(), "takes one or two of %d stones", p.stones)
	}
	return nil
}
func (p nim) Play(m take) (nim, error) {
	if err := p.Validate(m); err != nil {
		return p, err
	}
	return nim{p.stones - m.n, p.side.Other()}, nil
}
func (p nim) Outcome() Outcome {
	if p.stones == 0 {
		return Win(p.side.Other(), "", "G6", "no legal move")
	}
	return Ongoing
}
func (p nim) String() string { return fmt.Sprintf("%d %d", p.stones, p.side) }
func (p nim) Hash() uint64   { return uint64(p.stones)<<1 | uint64(p.side) }

func parseNim(text string) (nim, error) {
	f := strings.Split(text, " ")
	if len(f) != 2 {
		return nim{}, Errorf(ErrSyntax, "N0", "", "bad nim text %q", text)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || (f[1] != "0" && f[1] != "1") {
		return nim{}, Errorf(ErrSyntax, "N0", "", "bad nim text %q", text)
	}
	return nim{n, Side(f[1][0] - '0')}, nil
}

func parseTake(text string) (take, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return take{}, Errorf(ErrSyntax, "N1", "", "bad move %q", text)
	}
	return take{n}, nil
}

var nimGame = NewGame("nim", "Nim", [2]string{"North", "South"},
	func(first Side) nim { return nim{5, first} }, parseNim, parseTake)

func TestPerftG10(t *testing.T) {
	// perft(n, d): number of move sequences of length d; with 1 or 2
	// stones a move these are compositions, counted by hand for 5 stones.
	want := []uint64{1, 2, 4, 7, 5, 1}
	for d, w := range want {
		if got := Perft(nim{5, First}, d); got != w {
			t.Errorf("Perft(5 stones, %d) = %d, want %d", d, got, w)
		}
	}
	div := Divide(nim{5, First}, 3)
	if len(div) != 2 || div[0].Move.n != 1 || div[0].Nodes != 4 || div[1].Nodes != 3 {
		t.Errorf("Divide = %+v", div)
	}
	if Divide(nim{5, First}, 0) != nil {
		t.Error("Divide at depth 0")
	}
}

func TestGameErasure(t *testing.T) {
	s := nimGame.Start(Second)
	if s.ToMove() != Second || s.String() != "5 1" || s.Game() != nimGame {
		t.Fatalf("start %v", s)
	}
	if got := strings.Join(s.Moves(), ","); got != "1,2" {
		t.Errorf("Moves = %s", got)
	}
	next, err := s.Play("2")
	if err != nil || next.String() != "3 0" || s.String() != "5 1" {
		t.Fatalf("Play: %v %v (receiver %v)", next, err, s)
	}
	if _, err := next.Play("7"); !errors.Is(err, ErrIllegal) || RuleOf(err) != "N1" {
		t.Errorf("illegal move error %v", err)
	}
	if _, err := next.Play("x"); !errors.Is(err, ErrSyntax) {
		t.Errorf("bad move text error %v", err)
	}
	if _, err := nimGame.Parse("5"); !errors.Is(err, ErrSyntax) {
		t.Errorf("bad position error %v", err)
	}
	p, err := nimGame.Parse("0 0")
	if err != nil || !p.Outcome().Over || p.Outcome().Winner != Second || len(p.Moves()) != 0 {
		t.Errorf("finished game %v %v", p.Outcome(), err)
	}
	if d, err := p.Drawing(""); err != nil || d.Caption != "Nim" || len(d.Arrows) != 0 {
		t.Errorf("Drawing of a game without pictures: %+v, %v", d, err)
	}
	if _, err := p.Drawing("x"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Drawing with a bad move: %v", err)
	}
	if v, ok := p.Value().(nim); !ok || v.stones != 0 {
		t.Errorf("Value = %#v", p.Value())
	}
	for text, want := range map[string]Side{"north": First, "S": Second, "South": Second, " south\t": Second, "s ": Second, " FIRST ": First} {
		if got, err := nimGame.ParseSide(text); err != nil || got != want {
			t.Errorf("ParseSide(%q) = %v, %v", text, got, err)
		}
	}
	if _, err := nimGame.ParseSide("east"); err == nil {
		t.Error("ParseSide(east)")
	}
}

// TestZeroGame: every method of a zero Game, and of a nil *Game, answers
// without panicking: no positions, no sides, and errors that are *Error
// values.
func TestZeroGame(t *testing.T) {
	for name, g := range map[string]*Game{"zero": {}, "nil": nil} {
		t.Run(name, func(t *testing.T) {
			if s := g.Start(First); s != nil {
				t.Errorf("Start(First) = %v, want nil", s)
			}
			if s := g.Start(Second); s != nil {
				t.Errorf("Start(Second) = %v, want nil", s)
			}
			s, err := g.Parse("5 0")
			var e *Error
			if s != nil || !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "zero Game") {
				t.Errorf("Parse = %v, %v; want nil and an *Error of kind ErrSyntax", s, err)
			}
			if got := g.SideName(First) + g.SideName(Second); got != "" {
				t.Errorf("SideName = %q, want \"\"", got)
			}
			for _, text := range []string{"", "x", "North", "first"} {
				_, err := g.ParseSide(text)
				if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || err.Error() != "the zero Game has no sides, so no side "+Quote(text) {
					t.Errorf("ParseSide(%q) error %v, want an *Error of kind ErrSyntax", text, err)
				}
			}
			if got := g.String(); got != "" {
				t.Errorf("String = %q, want \"\"", got)
			}
			rec := &Record{Start: "5 0", Result: ResultUnfinished}
			if _, err := rec.Replay(g); !errors.As(err, &e) {
				t.Errorf("Replay in the zero game: %v, want an *Error", err)
			}
			if rec := NewRecord(g.Start(First)); rec.Game != "" || rec.Result != ResultUnfinished {
				t.Errorf("NewRecord of the zero game's start: %+v", rec)
			}
			if _, err := NewRecorder(g.Start(First)).Play("1"); !errors.As(err, &e) {
				t.Errorf("Recorder from the zero game's start: Play error %v, want an *Error", err)
			}
		})
	}
}

// TestParseSideEmpty: an empty text names no side, even of a real game.
func TestParseSideEmpty(t *testing.T) {
	if s, err := nimGame.ParseSide(""); err == nil {
		t.Errorf("ParseSide(\"\") = %v, want an error", s)
	}
}

// lastStone is nim won by whoever takes the last stone, a goal of its
// own (rule "L1"), where nim's only win is the opponent's lack of moves
// (G6). Neither has Key, Mirror, HasMoves or CanWinNow.
type lastStone struct{ nim }

func (p lastStone) Play(m take) (lastStone, error) {
	q, err := p.nim.Play(m)
	return lastStone{q}, err
}

func (p lastStone) Outcome() Outcome {
	if p.stones == 0 {
		return Win(p.side.Other(), "", "L1", "took the last stone")
	}
	return Ongoing
}

var lastStoneGame = NewGame("laststone", "Last stone", [2]string{"North", "South"},
	func(first Side) lastStone { return lastStone{nim{5, first}} },
	func(text string) (lastStone, error) { p, err := parseNim(text); return lastStone{p}, err },
	parseTake)

// TestStateAnalysisWithout: a State of a position type without the
// methods of Analysis says it has no key and no mirror, and answers
// HasMoves and CanWinNow by generating and playing the moves, a win
// under G6 not counted as one.
func TestStateAnalysisWithout(t *testing.T) {
	for _, g := range []*Game{nimGame, lastStoneGame} {
		s, err := g.Parse("4 0")
		if err != nil {
			t.Fatal(err)
		}
		if k, ok := s.Key(); ok || k != (StateKey{}) {
			t.Errorf("%s: Key = %v, %v", g.Name, k, ok)
		}
		if m, ok := s.Mirror(); ok || m != nil {
			t.Errorf("%s: Mirror = %v, %v", g.Name, m, ok)
		}
	}
	for _, c := range []struct {
		g         *Game
		text      string
		has, wins bool
	}{
		{nimGame, "2 0", true, false}, // taking both wins under G6 only
		{nimGame, "1 1", true, false},
		{nimGame, "0 0", false, false},
		{lastStoneGame, "2 0", true, true},
		{lastStoneGame, "1 1", true, true},
		{lastStoneGame, "3 0", true, false}, // one or two stones are left
		{lastStoneGame, "0 1", false, false},
	} {
		s, err := c.g.Parse(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if s.HasMoves() != c.has || s.CanWinNow() != c.wins {
			t.Errorf("%s %q: HasMoves %v, CanWinNow %v; want %v, %v", c.g.Name, c.text, s.HasMoves(), s.CanWinNow(), c.has, c.wins)
		}
	}
}
