package main

import (
	"context"
	"sync"

	"github.com/hopsgames/hops/referee"
	"github.com/hopsgames/hops/referee/pgstore"
)

// shared says whether several nodes may share the database: not with
// the adapter, whose server keeps its games in memory once loaded.
const shared = false

// legacy adapts the store to the referee's present Store, which numbers
// no events: it counts each game's events itself. It serves one node only.
func legacy(s *pgstore.Store) referee.Store { return &adapter{s: s, n: map[string]int{}} }

type adapter struct {
	s  *pgstore.Store
	mu sync.Mutex
	n  map[string]int
}

func (a *adapter) Close() error { return a.s.Close() }

func (a *adapter) Create(id string, e referee.Event) error {
	if err := a.s.Create(context.Background(), id, e); err != nil {
		return err
	}
	a.mu.Lock()
	a.n[id] = 1
	a.mu.Unlock()
	return nil
}

func (a *adapter) Append(id string, e referee.Event) error {
	a.mu.Lock()
	seq := a.n[id] + 1
	a.mu.Unlock()
	if err := a.s.Append(context.Background(), id, seq, e); err != nil {
		return err
	}
	a.mu.Lock()
	a.n[id] = seq
	a.mu.Unlock()
	return nil
}

func (a *adapter) Delete(id string) error { return a.s.Delete(context.Background(), id) }

func (a *adapter) Load(fn func(string, []referee.Event, error)) error {
	ctx := context.Background()
	return a.s.List(ctx, func(sum pgstore.Summary) error {
		id := sum.ID
		events, err := a.s.Load(ctx, id, 1)
		a.mu.Lock()
		a.n[id] = len(events)
		a.mu.Unlock()
		fn(id, events, err)
		return nil
	})
}
