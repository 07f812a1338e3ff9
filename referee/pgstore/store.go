package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/hopsgames/hops/referee"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is a referee.Store in a PostgreSQL database, shared by any number
// of referee nodes. It is safe for concurrent use.
type Store struct {
	pool    *pgxpool.Pool
	channel string // the channel of the schema's notifications

	ctx    context.Context // ends at Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	watchers map[int]func(id string)
	next     int
}

// Open connects to the database at url, a PostgreSQL connection URL
// ("postgres://user:password@host:5432/db?sslmode=disable") or key=value
// string, creates or migrates the schema (in the schema the connection's
// search_path names first, normally public), and starts listening for the
// changes other nodes make. Close releases it.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgstore: connecting: %w", err)
	}
	schema, err := migrate(ctx, conn.Conn())
	conn.Release()
	if err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool, channel: "hops_" + schema, watchers: map[int]func(string){}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	ready := make(chan error, 1)
	s.wg.Add(1)
	go s.listen(cfg.ConnConfig.Copy(), ready)
	select {
	case err = <-ready:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("pgstore: listening: %w", err)
	}
	return s, nil
}

// Close stops listening and closes the connections.
func (s *Store) Close() error {
	s.cancel()
	s.wg.Wait()
	s.pool.Close()
	return nil
}

// Create stores the first event of a new game, as event number 1. It
// returns errExists if the game exists.
func (s *Store) Create(ctx context.Context, id string, e referee.Event) error {
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	// One statement, so one transaction: the game and its first event
	// are there together or not at all.
	_, err = s.pool.Exec(ctx, `WITH g AS (INSERT INTO hops_games (game) VALUES ($1) RETURNING game)
		INSERT INTO hops_events (game, seq, event) SELECT game, 1, $2 FROM g`, id, body)
	if code(err) == uniqueViolation {
		return fmt.Errorf("pgstore: game %s: %w", id, errExists)
	}
	return wrap(err)
}

// Append stores e as event number seq of game id, once the journal
// holds exactly seq-1 events; otherwise, another node having stored
// event seq first, it returns errConflict. The primary key
// (game, seq) decides between two nodes appending at once: the second
// insert fails with a duplicate key. A nil error means the transaction
// has committed.
func (s *Store) Append(ctx context.Context, id string, seq int, e referee.Event) error {
	if seq < 2 {
		return fmt.Errorf("pgstore: game %s: event %d: %w", id, seq, errConflict)
	}
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO hops_events (game, seq, event)
		SELECT $1, $2, $3 WHERE EXISTS (SELECT FROM hops_events WHERE game = $1 AND seq = $2 - 1)`, id, seq, body)
	switch code(err) {
	case "":
	case uniqueViolation:
		return fmt.Errorf("pgstore: game %s: event %d is already stored: %w", id, seq, errConflict)
	case foreignKeyViolation: // deleted meanwhile
		return fmt.Errorf("pgstore: game %s: %w", id, errNotFound)
	default:
		return wrap(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	// No event seq-1: the game is missing, or holds fewer events.
	var exists bool
	if err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT FROM hops_games WHERE game = $1)", id).Scan(&exists); err != nil {
		return wrap(err)
	}
	if !exists {
		return fmt.Errorf("pgstore: game %s: %w", id, errNotFound)
	}
	return fmt.Errorf("pgstore: game %s: event %d does not follow the last stored: %w", id, seq, errConflict)
}

// Load returns the events of game id from number from (1 for all), in
// order: none if the game holds fewer events. It returns
// errNotFound if there is no such game, and a
// *referee.DamagedError if the events stored are not a journal (a gap in
// the numbers, or an event that does not decode).
func (s *Store) Load(ctx context.Context, id string, from int) ([]referee.Event, error) {
	from = max(from, 1)
	rows, err := s.pool.Query(ctx, `SELECT e.seq, e.event::text FROM hops_games g
		LEFT JOIN hops_events e ON e.game = g.game AND e.seq >= $2
		WHERE g.game = $1 ORDER BY e.seq`, id, from)
	if err != nil {
		return nil, wrap(err)
	}
	defer rows.Close()
	found := false
	var events []referee.Event
	for rows.Next() {
		found = true
		var seq *int
		var body *string
		if err := rows.Scan(&seq, &body); err != nil {
			return nil, wrap(err)
		}
		if seq == nil { // the game, without events from from
			break
		}
		want := from + len(events)
		if *seq != want {
			return nil, damaged(id, fmt.Errorf("event %d is missing (the next stored is %d)", want, *seq))
		}
		e, err := decode(*body)
		if err != nil {
			return nil, damaged(id, fmt.Errorf("event %d: %w", want, err))
		}
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(err)
	}
	if !found {
		return nil, fmt.Errorf("pgstore: game %s: %w", id, errNotFound)
	}
	if from == 1 && len(events) == 0 {
		return nil, damaged(id, errors.New("the game has no events"))
	}
	return events, nil
}

// decode reads an event as Create and Append stored it, refusing fields
// the referee does not know.
func decode(body string) (referee.Event, error) {
	var e referee.Event
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	err := dec.Decode(&e)
	return e, err
}

// List calls fn with the id of every game stored, in the order of the
// ids, and stops at fn's first error, which it returns.
func (s *Store) List(ctx context.Context, fn func(id string) error) error {
	rows, err := s.pool.Query(ctx, "SELECT game FROM hops_games ORDER BY game")
	if err != nil {
		return wrap(err)
	}
	// Read them all first: fn may use the store, and so need a
	// connection of the pool.
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return wrap(err)
	}
	for _, id := range ids {
		if err := fn(id); err != nil {
			return err
		}
	}
	return nil
}

// Delete removes a game and its events. Deleting a game that does not
// exist is not an error.
func (s *Store) Delete(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM hops_games WHERE game = $1", id)
	return wrap(err)
}

// The PostgreSQL error codes the store tells apart.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// code returns the SQLSTATE of err, "" for nil, and "?" for an error
// that does not come from the server.
func code(err error) string {
	if err == nil {
		return ""
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return "?"
}

// wrap marks an error of the database as the store's.
func wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("pgstore: %w", err)
}

// Watch calls fn with the id of a game each time another node (or this
// one) stores an event of it or deletes it, until ctx ends; fn with ""
// means that notifications may have been lost (the listening connection
// was lost and made again) and that any game may have changed. fn is
// called from one goroutine, one call at a time, and must not block long.
func (s *Store) Watch(ctx context.Context, fn func(id string)) {
	s.mu.Lock()
	n := s.next
	s.next++
	s.watchers[n] = fn
	s.mu.Unlock()
	go func() {
		select {
		case <-ctx.Done():
		case <-s.ctx.Done():
		}
		s.mu.Lock()
		delete(s.watchers, n)
		s.mu.Unlock()
	}()
}

// tell passes a change to the watchers.
func (s *Store) tell(id string) {
	s.mu.Lock()
	fns := make([]func(string), 0, len(s.watchers))
	keys := make([]int, 0, len(s.watchers))
	for k := range s.watchers {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		fns = append(fns, s.watchers[k])
	}
	s.mu.Unlock()
	for _, fn := range fns {
		fn(id)
	}
}

// Delays between two attempts to make the listening connection again.
const (
	minRetry = 100 * time.Millisecond
	maxRetry = 5 * time.Second
)

// listen keeps a connection of its own LISTENing to the schema's channel
// and passes the notifications to the watchers, until Close. When the
// connection is lost it makes it again, waiting longer after each
// failure, and then tells the watchers that any game may have changed.
// It reports the first connection's result to ready.
func (s *Store) listen(cfg *pgx.ConnConfig, ready chan<- error) {
	defer s.wg.Done()
	retry := minRetry
	for up := false; ; {
		err := s.listenOnce(cfg, func() {
			retry = minRetry
			if !up {
				up = true
				ready <- nil
			} else {
				s.tell("") // what happened while we were away is unknown
			}
		})
		if s.ctx.Err() != nil {
			return
		}
		if !up {
			ready <- err
			return
		}
		select {
		case <-time.After(retry):
		case <-s.ctx.Done():
			return
		}
		retry = min(2*retry, maxRetry)
	}
}

// listenOnce connects, listens, calls up once listening, and passes the
// notifications on until the connection fails or the store is closed.
func (s *Store) listenOnce(cfg *pgx.ConnConfig, up func()) error {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	conn, err := pgx.ConnectConfig(ctx, cfg)
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(s.ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return err
	}
	up()
	for {
		n, err := conn.WaitForNotification(s.ctx)
		if err != nil {
			return err
		}
		id, _, _ := strings.Cut(n.Payload, " ")
		s.tell(id)
	}
}
