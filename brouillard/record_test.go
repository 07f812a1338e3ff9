package brouillard

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// randomRecord plays a random game of at most plies decisions from two
// random arrangements and records it completely.
func randomRecord(rng *rand.Rand, plies int) (*hops.Record, []Position) {
	p, _ := NewPositionWith(RandomArrangement(rng), RandomArrangement(rng), hops.Side(rng.IntN(2)))
	rec := &hops.Record{Game: Game.Name, Start: p.String()}
	rec.SetTag("Event", "test")
	states := []Position{p}
	for range plies {
		moves := slices.Collect(p.Moves())
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		p, _ = p.Play(m)
		rec.Moves = append(rec.Moves, hops.RecordMove{Text: m.String()})
		states = append(states, p)
	}
	rec.Result = hops.ResultOf(p.Outcome())
	return rec, states
}

// TestPlayerRecordRoundTrip: a complete record replays; each player's
// record, written and read back, replays from public information to the
// view that the true final state gives that player (B4, B12).
func TestPlayerRecordRoundTrip(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 1))
		rec, states := randomRecord(rng, rapid.IntRange(0, 120).Draw(rt, "plies"))
		if _, err := rec.Replay(Game); err != nil {
			rt.Fatalf("complete record: %v", err)
		}
		final := states[len(states)-1]
		for _, viewer := range []hops.Side{White, Red} {
			pr, err := PlayerRecord(rec, viewer)
			if err != nil {
				rt.Fatal(err)
			}
			back, err := hops.ReadRecord(pr.String())
			if err != nil {
				rt.Fatalf("%v\n%s", err, pr)
			}
			views, err := ReplayView(back)
			if err != nil {
				rt.Fatalf("%v\n%s", err, pr)
			}
			if got, want := views[len(views)-1], final.View(viewer); got != want {
				rt.Fatalf("final view\n%s\nwant\n%s", got, want)
			}
			for i, v := range views {
				if v != states[i].View(viewer) {
					rt.Fatalf("view after %d moves differs from the truth's", i)
				}
			}
		}
	})
}

// TestPlayerRecordLeaksNothing: two games that differ only in Red's
// hidden pawns and reveal the same things give White the same record.
func TestPlayerRecordLeaksNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	compared := 0
	for range 200 {
		white := RandomArrangement(rng)
		a, _ := NewPosition(white, RandomArrangement(rng))
		b, _ := NewPosition(white, RandomArrangement(rng))
		recA := &hops.Record{Game: Game.Name, Start: a.String()}
		recB := &hops.Record{Game: Game.Name, Start: b.String()}
		for range 40 {
			moves := slices.Collect(a.Moves())
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			na, ra, errA := a.PlayReveal(m)
			nb, rb, errB := b.PlayReveal(m)
			if errA != nil || errB != nil || ra != rb {
				break
			}
			a, b = na, nb
			recA.Moves = append(recA.Moves, hops.RecordMove{Text: m.String()})
			recB.Moves = append(recB.Moves, hops.RecordMove{Text: m.String()})
		}
		recA.Result, recB.Result = hops.ResultOf(a.Outcome()), hops.ResultOf(b.Outcome())
		pa, errA := PlayerRecord(recA, White)
		pb, errB := PlayerRecord(recB, White)
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if recA.Start != recB.Start && pa.String() != pb.String() {
			t.Fatalf("White's records differ although White saw the same:\n%s\n%s", pa, pb)
		}
		if recA.Start != recB.Start {
			compared++
		}
	}
	if compared < 100 {
		t.Fatalf("only %d games with different hidden pawns compared", compared)
	}
}

// recordWithReveal returns a complete record of a random game in which
// the Fou turned a pawn over, Red's record of it and the index of the
// first move that revealed something to Red.
func recordWithReveal(t *testing.T) (rec, red *hops.Record, i int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(9, 9))
	for rec == nil || !slices.ContainsFunc(rec.Moves, func(m hops.RecordMove) bool { return strings.Contains(m.Text, "x") }) {
		rec, _ = randomRecord(rng, 200)
	}
	red, err := PlayerRecord(rec, Red)
	if err != nil {
		t.Fatal(err)
	}
	return rec, red, slices.IndexFunc(red.Moves, func(m hops.RecordMove) bool { return m.Reveal != "" })
}

func TestPlayerRecordErrors(t *testing.T) {
	_, pr, i := recordWithReveal(t)
	// A record kept by one player names him in a View tag (B12): one
	// without it, or naming no side, cited no rule.
	tests := []struct {
		name   string
		change func(r *hops.Record)
		want   string
		rule   string // "": not checked
	}{
		{"no view tag", func(r *hops.Record) { r.Tags = nil }, "tag View", "B12"},
		{"view tag of no side", func(r *hops.Record) { r.SetTag("View", "Green") }, `tag View: Brouillard au Palais has no side "Green"`, "B12"},
		{"changed move", func(r *hops.Record) { r.Moves[0].Text = "A1-A2" }, "move 1", ""},
		// A reveal left out is said to be missing (it was quoted as "-",
		// which the record did not hold); one written "-" is quoted.
		{"reveal dropped", func(r *hops.Record) { r.Moves[i].Reveal = "" }, ": no reveal: the move ", "B8"},
		{"reveal of nothing", func(r *hops.Record) { r.Moves[i].Reveal = "-" }, `: reveal "-": the move `, "B8"},
		{"reveal garbled", func(r *hops.Record) { r.Moves[i].Reveal = "D5 Ace" }, "is not a face", ""},
		{"dropped move", func(r *hops.Record) { r.Moves = r.Moves[:len(r.Moves)-1] }, "result: the record says", ""},
	}
	for _, tt := range tests {
		c := *pr
		c.Tags = slices.Clone(pr.Tags)
		c.Moves = slices.Clone(pr.Moves)
		tt.change(&c)
		_, err := ReplayView(&c)
		var e *hops.Error
		if err == nil || !errors.As(err, &e) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
		if tt.rule != "" && hops.RuleOf(err) != tt.rule {
			t.Errorf("%s: error %v cites %q, want %s", tt.name, err, hops.RuleOf(err), tt.rule)
		}
	}
	if _, err := PlayerRecord(pr, White); err == nil {
		t.Error("a player's record turned into a player's record again")
	}
	for _, text := range []string{"-", "D5 Ten", "d5 queen captured", "D5 Ten Captured", "D5 TEN CAPTURED"} {
		r, err := ParseReveal(text)
		if err != nil || !strings.EqualFold(r.String(), text) {
			t.Errorf("ParseReveal(%q) = %v, %v", text, r, err)
		}
	}
	// White space as the other texts take it (G12): around the text and
	// any run of it between the words.
	for text, want := range map[string]string{" - ": "-", "\tD5  Ten\n": "D5 Ten", "D5\u00a0Queen \t captured ": "D5 Queen captured"} {
		if r, err := ParseReveal(text); err != nil || r.String() != want {
			t.Errorf("ParseReveal(%q) = %v, %v; want %s", text, r, err, want)
		}
	}
	for _, text := range []string{"", "D5", "D9 Ten", "D5 Ten caught", "D5 Ten captured now"} {
		if _, err := ParseReveal(text); !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseReveal(%q) error %v", text, err)
		}
	}
}

// TestPlayerRecordChecksResult: PlayerRecord checks what Replay checks of
// a complete record, its result and no move after the end (G6), so that
// it never makes a player's record that ReplayView refuses.
func TestPlayerRecordChecksResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	var rec *hops.Record
	var states []Position
	for rec == nil || !states[len(states)-1].Outcome().Over {
		rec, states = randomRecord(rng, 400)
	}
	wrong := *rec
	wrong.Result = hops.ResultUnfinished
	if _, err := PlayerRecord(&wrong, White); !errors.Is(err, hops.ErrIllegal) || !strings.HasPrefix(err.Error(), "result: the record says * but the last position gives 1-0: ") || strings.Count(err.Error(), "(B5)") != 1 {
		t.Errorf("a finished game recorded as unfinished: %v", err)
	}
	if _, err := wrong.Replay(Game); err == nil || err.Error() != mustPlayerRecordErr(&wrong).Error() {
		t.Errorf("Replay and PlayerRecord differ: %v / %v", err, mustPlayerRecordErr(&wrong))
	}
	past := *rec
	past.Moves = append(slices.Clone(rec.Moves), rec.Moves[len(rec.Moves)-1])
	// Refused under the rule that ended the game (B5 for a King
	// captured, G6 for a side left without a move), cited once.
	end := states[len(states)-1].Outcome().Rule
	if _, err := PlayerRecord(&past, Red); hops.RuleOf(err) != end || !strings.Contains(err.Error(), "the game is over: ") || strings.Count(err.Error(), "("+end+")") != 1 {
		t.Errorf("a move after the end of a game won under %s: %v", end, err)
	}
	if pr, err := PlayerRecord(rec, Red); err != nil {
		t.Errorf("the record itself: %v", err)
	} else if _, err := ReplayView(pr); err != nil {
		t.Errorf("its player's record: %v", err)
	}
}

func mustPlayerRecordErr(rec *hops.Record) error {
	_, err := PlayerRecord(rec, White)
	return err
}

// TestPlayerRecordChecksReveals: a reveal that a complete record gives is
// checked (B8), not replaced by the true one; a true one passes.
func TestPlayerRecordChecksReveals(t *testing.T) {
	rec, pr, i := recordWithReveal(t)
	c := *rec
	c.Moves = slices.Clone(rec.Moves)
	c.Moves[i].Reveal = pr.Moves[i].Reveal
	if _, err := PlayerRecord(&c, Red); err != nil {
		t.Errorf("the true reveal: %v", err)
	}
	c.Moves[i].Reveal = "-"
	if _, err := PlayerRecord(&c, Red); hops.RuleOf(err) != "B8" || !strings.HasPrefix(err.Error(), fmt.Sprintf("move %d ", i+1)) {
		t.Errorf("a forged reveal at move %d: %v", i+1, err)
	}
}
