package games_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
)

// brouillardRecordWithReveals plays random decisions from a dealt game
// until some turned a hidden pawn over, and returns the complete record
// with every move's reveal written in it (as PlayerRecord computes them)
// and the index of a move that revealed something.
func brouillardRecordWithReveals(t *testing.T) (*hops.Record, int) {
	rng := rand.New(rand.NewPCG(3, 7))
	for range 50 {
		s, err := games.Deal(brouillard.Game, hops.First, rng)
		if err != nil {
			t.Fatal(err)
		}
		rec := hops.NewRecord(s)
		for range 300 {
			moves := s.Moves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			next, reveal, err := games.PlayReveal(s, m)
			if err != nil {
				t.Fatal(err)
			}
			rec.Moves = append(rec.Moves, hops.RecordMove{Text: m, Reveal: reveal})
			s = next
		}
		rec.SetResultFrom(s)
		if i := slices.IndexFunc(rec.Moves, func(m hops.RecordMove) bool { return m.Reveal != "" }); i >= 0 {
			return rec, i
		}
	}
	t.Fatal("no game turned a pawn over")
	return nil, 0
}

// TestReplayChecksReveals: games.Replay checks the reveals of a record,
// which hops.Record.Replay leaves: a complete Brouillard record replays
// with the true reveals and is refused under B8, at the move, with a
// false one; a game without hidden pieces refuses any reveal.
func TestReplayChecksReveals(t *testing.T) {
	rec, i := brouillardRecordWithReveals(t)
	if _, err := games.Replay(rec); err != nil {
		t.Fatalf("the record with its true reveals: %v", err)
	}
	for _, forged := range []string{"-", "A1 Ten", "A1 King captured"} {
		c := *rec
		c.Moves = slices.Clone(rec.Moves)
		c.Moves[i].Reveal = forged
		states, err := games.Replay(&c)
		if hops.RuleOf(err) != "B8" || !errors.Is(err, hops.ErrIllegal) || len(states) != i+1 ||
			!strings.HasPrefix(err.Error(), "move "+strconv.Itoa(i+1)+" ") {
			t.Errorf("reveal %q at move %d: %d states, %v", forged, i+1, len(states), err)
		}
		// hops.Record.Replay does not check them, as documented.
		if _, err := c.Replay(brouillard.Game); err != nil {
			t.Errorf("hops.Record.Replay with reveal %q: %v", forged, err)
		}
	}
	garbled := *rec
	garbled.Moves = slices.Clone(rec.Moves)
	garbled.Moves[i].Reveal = "A1 Ace"
	if _, err := games.Replay(&garbled); !errors.Is(err, hops.ErrSyntax) || hops.RuleOf(err) != "B2" {
		t.Errorf("a garbled reveal: %v", err)
	}
	// The first fault is the one reported: a false reveal before an
	// illegal move.
	both := *rec
	both.Moves = slices.Clone(rec.Moves)
	both.Moves[i].Reveal = "-"
	both.Moves = append(both.Moves, hops.RecordMove{Text: "A1-A2"})
	if _, err := games.Replay(&both); hops.RuleOf(err) != "B8" {
		t.Errorf("a false reveal before an illegal move: %v", err)
	}

	ct := hops.NewRecord(catchit.Game.Start(hops.First))
	ct.Moves = []hops.RecordMove{{Text: "C1-C2 D1-D2", Reveal: "anything at all"}}
	ct.Result = hops.ResultUnfinished
	states, err := games.Replay(ct)
	if !errors.Is(err, hops.ErrSyntax) || len(states) != 1 || err.Error() != `move 1 "C1-C2 D1-D2": reveal "anything at all": Catch'it hides no piece, so a move reveals nothing` {
		t.Errorf("a reveal in Catch'it: %d states, %v", len(states), err)
	}
}

// TestReplayPlayerRecord: a player's record, which starts from a view
// (B12), is sent to brouillard.ReplayView by name, under B12.
func TestReplayPlayerRecord(t *testing.T) {
	rec, _ := brouillardRecordWithReveals(t)
	pr, err := brouillard.PlayerRecord(rec, hops.Second)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := games.Replay(pr); !errors.Is(err, hops.ErrSyntax) || !strings.Contains(err.Error(), "brouillard.ReplayView") || hops.RuleOf(err) != "B12" {
		t.Errorf("games.Replay of a player's record: %v", err)
	}
	if _, err := brouillard.ReplayView(pr); err != nil {
		t.Errorf("ReplayView: %v", err)
	}
}
