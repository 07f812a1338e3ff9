package pgstore

import (
	"context"
	"errors"
	"testing"

	"github.com/hopsgames/hops/referee"
)

// TestSetAsideKeepsTheFirstReason: a game set aside again, for another
// reason, keeps the reason it was first set aside for, which the second
// SetAside and every Load answer: the operator reads why it was kept.
func TestSetAsideKeepsTheFirstReason(t *testing.T) {
	ctx := context.Background()
	s := open(t, pg(t).Database(t))
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	s.SetAside(ctx, "g", "event 2 does not replay")
	var d *referee.DamagedError
	if err := s.SetAside(ctx, "g", "another reason"); !errors.As(err, &d) || d.Reason != "event 2 does not replay" {
		t.Errorf("SetAside again: %v, want the first reason", err)
	}
	if _, err := s.Load(ctx, "g", 1); !errors.As(err, &d) || d.Reason != "event 2 does not replay" {
		t.Errorf("Load: %v, want the first reason", err)
	}
}

// TestGameWithoutEventsIsDamaged: a game whose events were all removed
// behind the store's back is damaged, not a game of no events.
func TestGameWithoutEventsIsDamaged(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	if _, err := connect(t, url).Exec(ctx, "DELETE FROM hops_events WHERE game = 'g'"); err != nil {
		t.Fatal(err)
	}
	if events, err := s.Load(ctx, "g", 1); !errors.As(err, new(*referee.DamagedError)) {
		t.Errorf("Load of a game without events: %v %v, want it damaged", events, err)
	}
}

// TestListLeavesHalfReadSummariesZero: a game whose last event does not
// decode is listed with neither its first nor its last event, so that
// the server reads its journal (and finds it damaged) rather than take
// a summary that holds its start but not its end.
func TestListLeavesHalfReadSummariesZero(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	s := open(t, url)
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "g", 2, move(1, "m")); err != nil {
		t.Fatal(err)
	}
	if _, err := connect(t, url).Exec(ctx, `UPDATE hops_events SET event = '{"colour": 1}' WHERE game = 'g' AND seq = 2`); err != nil {
		t.Fatal(err)
	}
	var sums []referee.Summary
	if err := s.List(ctx, func(sum referee.Summary) error { sums = append(sums, sum); return nil }); err != nil || len(sums) != 1 ||
		sums[0] != (referee.Summary{ID: "g"}) {
		t.Errorf("List: %+v %v, want g with no events", sums, err)
	}
}

// TestDeleteFailureSaid: a Delete the database did not do (here its
// context ended before) returns an error, so that the game is not taken
// for deleted.
func TestDeleteFailureSaid(t *testing.T) {
	s := open(t, pg(t).Database(t))
	if err := s.Create(context.Background(), "g", create()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.Delete(ctx, "g"); err == nil {
		t.Error("a Delete whose context had ended returned no error")
	}
	if _, err := s.Load(context.Background(), "g", 1); err != nil {
		t.Errorf("the game after the failed Delete: %v", err)
	}
}
