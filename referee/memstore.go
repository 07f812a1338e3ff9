package referee

import (
	"context"
	"slices"
	"sync"
)

// MemStore is a Store that keeps the journals in memory: they last as
// long as the process. It is safe for concurrent use, and several Servers
// may share one, each acting as a node of a cluster sharing a database:
// it decides which writer gets each event number, tells every Server
// watching it which games changed (it is a Watcher), and counts its
// games for every Server's limit (it is a Counter). Being made to be
// shared, it is not Exclusive: a Server on it reads the store before
// each answer and lets each game live ClockSkew longer, as on a shared
// database. A single Server that keeps its games in memory only needs
// no store at all (Config.Store nil). The zero value is an empty store,
// ready to use; a MemStore must not be copied after its first use.
type MemStore struct {
	mu       sync.RWMutex
	journals map[string][]Event
	watchers map[*memWatcher]struct{}
}

// memWatcher is one call of Watch: the games changed since it last
// looked, and a signal that there are some.
type memWatcher struct {
	mu      sync.Mutex
	changed map[string]struct{}
	wake    chan struct{}
}

// Create stores the first event of a new game.
func (s *MemStore) Create(ctx context.Context, id string, e Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.journals[id]; ok {
		return ErrExists
	}
	if s.journals == nil {
		s.journals = map[string][]Event{}
	}
	s.journals[id] = []Event{e}
	s.changedLocked(id)
	return nil
}

// Append stores e as event seq of the game.
func (s *MemStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.journals[id]
	switch {
	case !ok:
		return ErrNotFound
	case seq != len(j)+1:
		return ErrConflict
	}
	s.journals[id] = append(j, e)
	s.changedLocked(id)
	return nil
}

// Load returns the game's events from number from on.
func (s *MemStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	j, ok := s.journals[id]
	if !ok {
		return nil, ErrNotFound
	}
	from = max(from, 1)
	if from > len(j) {
		return nil, nil
	}
	// The slice is only ever appended to under the lock: a copy keeps
	// the caller's from the next appends.
	return slices.Clone(j[from-1:]), nil
}

// List calls fn for every game, with its first and last events.
func (s *MemStore) List(ctx context.Context, fn func(Summary) error) error {
	s.mu.RLock()
	all := make([]Summary, 0, len(s.journals))
	for id, j := range s.journals {
		all = append(all, Summary{ID: id, First: j[0], Last: j[len(j)-1]})
	}
	s.mu.RUnlock()
	for _, sum := range all {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(sum); err != nil {
			return err
		}
	}
	return nil
}

// Count returns the number of games stored.
func (s *MemStore) Count(ctx context.Context) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.journals), nil
}

// Delete removes the game.
func (s *MemStore) Delete(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.journals[id]; ok {
		delete(s.journals, id)
		s.changedLocked(id)
	}
	return nil
}

// Watch calls fn with the id of each game that changes until ctx is done.
func (s *MemStore) Watch(ctx context.Context, fn func(id string)) error {
	w := &memWatcher{changed: map[string]struct{}{}, wake: make(chan struct{}, 1)}
	s.mu.Lock()
	if s.watchers == nil {
		s.watchers = map[*memWatcher]struct{}{}
	}
	s.watchers[w] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.watchers, w)
		s.mu.Unlock()
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-w.wake:
		}
		w.mu.Lock()
		changed := w.changed
		w.changed = map[string]struct{}{}
		w.mu.Unlock()
		for id := range changed {
			fn(id)
		}
	}
}

// changedLocked tells the watchers that the game changed. The caller
// holds s.mu.
func (s *MemStore) changedLocked(id string) {
	for w := range s.watchers {
		w.mu.Lock()
		w.changed[id] = struct{}{}
		w.mu.Unlock()
		select {
		case w.wake <- struct{}{}:
		default: // already woken: it will see this id too
		}
	}
}
