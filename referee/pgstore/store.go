package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
	listen  *pgx.ConnConfig // the configuration of Watch's connections
	channel string          // the channel of the schema's notifications

	mu       sync.Mutex
	listened time.Time // the last moment, by the database's clock, a Watch was known to listen
}

// Open connects to the database at url, a PostgreSQL connection URL
// ("postgres://user:password@host:5432/db?sslmode=disable") or key=value
// string, creates or migrates the schema (in the first schema of the
// connection's search_path that exists, normally public). Close releases
// its connections.
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
	channel := channelOf(schema)
	listen := cfg.ConnConfig.Copy()
	if listen.RuntimeParams == nil {
		listen.RuntimeParams = map[string]string{}
	}
	listen.RuntimeParams["application_name"] = "hops-watch"
	return &Store{pool: pool, listen: listen, channel: channel}, nil
}

// maxIdentifier is the longest name PostgreSQL takes, a notification
// channel's too.
const maxIdentifier = 63

// Close closes the store's connections. A Watch under way ends with its
// own context.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Create stores the first event of a new game, as event number 1. It
// returns referee.ErrExists if the game exists.
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
		return fmt.Errorf("pgstore: game %s: %w", id, referee.ErrExists)
	}
	return wrapWrite(err)
}

// Append stores e as event number seq of game id, once the journal
// holds exactly seq-1 events; otherwise, another node having stored
// event seq first, it returns referee.ErrConflict. The primary key
// (game, seq) decides between two nodes appending at once: the second
// insert fails with a duplicate key. A nil error means the transaction
// has committed.
func (s *Store) Append(ctx context.Context, id string, seq int, e referee.Event) error {
	if seq < 2 {
		return fmt.Errorf("pgstore: game %s: event %d: %w", id, seq, referee.ErrConflict)
	}
	body, err := json.Marshal(e)
	if err != nil {
		return err
	}
	// The game's row is locked for share until the event commits: a
	// SetAside (an update of the row) waits for it, or the Append waits
	// for the SetAside and then reads the row as it left it.
	tag, err := s.pool.Exec(ctx, `INSERT INTO hops_events (game, seq, event)
		SELECT $1, $2, $3 WHERE EXISTS (SELECT FROM hops_events WHERE game = $1 AND seq = $2 - 1)
		AND EXISTS (SELECT FROM hops_games WHERE game = $1 AND damaged IS NULL FOR SHARE)`, id, seq, body)
	switch code(err) {
	case "":
	case uniqueViolation:
		return fmt.Errorf("pgstore: game %s: event %d is already stored: %w", id, seq, referee.ErrConflict)
	case foreignKeyViolation: // deleted meanwhile
		return fmt.Errorf("pgstore: game %s: %w", id, referee.ErrNotFound)
	default:
		return wrapWrite(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	// No event seq-1: the game is missing, set aside, or holds fewer
	// events.
	var damaged *string
	switch err := s.pool.QueryRow(ctx, "SELECT damaged FROM hops_games WHERE game = $1", id).Scan(&damaged); {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("pgstore: game %s: %w", id, referee.ErrNotFound)
	case err != nil:
		return wrap(err)
	case damaged != nil:
		return setAside(id, *damaged)
	}
	return fmt.Errorf("pgstore: game %s: event %d does not follow the last stored: %w", id, seq, referee.ErrConflict)
}

// setAside is the error of a game set aside for reason (SetAside).
func setAside(id, reason string) *referee.DamagedError {
	return &referee.DamagedError{ID: id, Reason: reason, Kept: "in the database, marked damaged in hops_games"}
}

// SetAside marks game id damaged, for the reason the server found (its
// events do not replay; see referee.SetterAside), keeping its events as
// they are: from then on Load and Append answer the *referee.DamagedError
// it returns, List leaves the game out, Delete keeps it, and Create
// refuses its id. An Append under way meanwhile is acknowledged before
// SetAside returns, or refused. A game already set aside gives the same
// error, and no game referee.ErrNotFound.
func (s *Store) SetAside(ctx context.Context, id, reason string) error {
	var kept string
	err := s.pool.QueryRow(ctx, `UPDATE hops_games SET damaged = coalesce(damaged, $2)
		WHERE game = $1 RETURNING damaged`, id, reason).Scan(&kept)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("pgstore: game %s: %w", id, referee.ErrNotFound)
	case err != nil:
		return wrap(err)
	}
	return setAside(id, kept)
}

// Load returns the events of game id from number from (1 for all), in
// order: none if the game holds fewer events. It returns
// referee.ErrNotFound if there is no such game, and a
// *referee.DamagedError if the events stored are not a journal (a gap in
// the numbers, or an event that does not decode).
func (s *Store) Load(ctx context.Context, id string, from int) ([]referee.Event, error) {
	from = max(from, 1)
	rows, err := s.pool.Query(ctx, `SELECT g.damaged, e.seq, e.event::text FROM hops_games g
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
		var damaged *string
		var seq *int
		var body *string
		if err := rows.Scan(&damaged, &seq, &body); err != nil {
			return nil, wrap(err)
		}
		if damaged != nil {
			return nil, setAside(id, *damaged)
		}
		if seq == nil { // the game, without events from from
			break
		}
		want := from + len(events)
		if *seq != want {
			return nil, &referee.DamagedError{ID: id, Reason: fmt.Sprintf("event %d is missing (the next stored is %d)", want, *seq)}
		}
		e, err := decode(*body)
		if err != nil {
			return nil, &referee.DamagedError{ID: id, Reason: fmt.Sprintf("event %d: %v", want, err)}
		}
		events = append(events, e)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(err)
	}
	if !found {
		return nil, fmt.Errorf("pgstore: game %s: %w", id, referee.ErrNotFound)
	}
	if from == 1 && len(events) == 0 {
		return nil, &referee.DamagedError{ID: id, Reason: "the game has no events"}
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

// List calls fn for every game stored, in the order of the ids, with
// its first and last events, and stops at fn's first error, which it
// returns. An event that does not decode is left zero: the server then
// reads the journal, and finds it damaged.
func (s *Store) List(ctx context.Context, fn func(referee.Summary) error) error {
	rows, err := s.pool.Query(ctx, `SELECT g.game, f.event::text, l.event::text FROM hops_games g
		LEFT JOIN hops_events f ON f.game = g.game AND f.seq = 1
		LEFT JOIN LATERAL (SELECT event FROM hops_events e WHERE e.game = g.game ORDER BY e.seq DESC LIMIT 1) l ON true
		WHERE g.damaged IS NULL ORDER BY g.game`)
	if err != nil {
		return wrap(err)
	}
	// Read them all first: fn may use the store, and so need a
	// connection of the pool.
	type row struct {
		id          string
		first, last *string
	}
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.id, &x.first, &x.last)
		return x, err
	})
	if err != nil {
		return wrap(err)
	}
	for _, r := range all {
		sum := referee.Summary{ID: r.id}
		if r.first != nil && r.last != nil {
			first, err1 := decode(*r.first)
			last, err2 := decode(*r.last)
			if err1 == nil && err2 == nil {
				sum.First, sum.Last = first, last
			}
		}
		if err := fn(sum); err != nil {
			return err
		}
	}
	return nil
}

// Count returns the number of games stored, those set aside as damaged
// left out: one query of hops_games, whose rows are small (an id), so
// that every node can count before each creation (see referee.Counter);
// about half a millisecond for 10,000 games on a small machine
// (BenchmarkCount).
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, "SELECT count(*) FROM hops_games WHERE damaged IS NULL").Scan(&n)
	return n, wrap(err)
}

// Delete removes a game and its events, unless it was set aside
// (SetAside): then it keeps it. Deleting a game that does not exist is
// not an error.
func (s *Store) Delete(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM hops_games WHERE game = $1 AND damaged IS NULL", id)
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

// wrapWrite is wrap for the error of a write's statement, marked
// referee.ErrNotStored when the database kept nothing of it: the
// statement was never sent (no connection could be made), or the
// database refused it before it could
// commit, its own transaction rolled back (see refusedBeforeCommit). A
// connection lost after the statement was sent, or the database shut
// down under it, leaves it unknown whether it committed.
func wrapWrite(err error) error {
	if err == nil {
		return nil
	}
	var unconnected *pgconn.ConnectError
	if c := code(err); pgconn.SafeToRetry(err) || errors.As(err, &unconnected) || len(c) == 5 && refusedBeforeCommit[c[:2]] {
		return fmt.Errorf("pgstore: %w (%w)", err, referee.ErrNotStored)
	}
	return wrap(err)
}

// refusedBeforeCommit are the classes of SQLSTATE of a statement the
// database refused before its commit: a bad value, a constraint, a read-only
// transaction, a serialization failure or a deadlock, a privilege, a lock
// not available, and insufficient resources (a full disk, no memory).
// Operator intervention (57: a shutdown, a cancel), connection and system
// errors (08, 58, XX) are not among them: they may come once the
// commit was made.
var refusedBeforeCommit = map[string]bool{"22": true, "23": true, "25": true, "40": true, "42": true, "53": true, "55": true}

// Timing of Watch (variables for the tests).
var (
	// keepAlive is how long Watch waits for a notification before it
	// checks that its connection still works (a connection cut without
	// a word, by a firewall say, would otherwise wait for ever) and
	// notes the database's time.
	keepAlive = 15 * time.Second
	// catchUpMargin is how far before the last moment a Watch was known
	// to listen the next one looks for changes: an event's time is its
	// transaction's start, a little before its commit.
	catchUpMargin = 5 * time.Second
	// answerWithin is how long a query of Watch's may take (LISTEN, the
	// catch-up, the check of the connection): a database that hangs
	// once the connection is made, or a table locked for long, fails the
	// try, which is made again, rather than hold it without a word.
	answerWithin = 10 * time.Second
)

// Watch calls fn with the id of a game each time a node (this one too)
// stores an event of it or deletes it, until ctx ends; it then returns
// ctx's error. It listens on a connection of its own (LISTEN, with the
// application_name hops-watch), checked every 15 s: if that connection is
// lost, Watch returns the error, and the caller calls it again after a
// pause, which connects again. The new call first names every game that
// got an event since the last moment the previous call was known to
// listen, so that no change is missed in between (deletions excepted:
// a deleted game is found gone when next read). Notifications are sent
// when the transaction that made the change commits, so a game fn names
// can be read at once. fn is called from Watch's goroutine, one call at a
// time.
func (s *Store) Watch(ctx context.Context, fn func(id string)) error {
	dial, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.ConnectConfig(dial, s.listen)
	cancel()
	if err != nil {
		return wrap(err)
	}
	defer conn.Close(context.Background())
	ask, cancel := context.WithTimeout(ctx, answerWithin)
	_, err = conn.Exec(ask, "LISTEN "+pgx.Identifier{s.channel}.Sanitize())
	cancel()
	if err != nil {
		return wrap(err)
	}
	now, err := dbNow(ctx, conn)
	if err != nil {
		return err
	}
	s.mu.Lock()
	since := s.listened
	s.mu.Unlock()
	if !since.IsZero() {
		ask, cancel := context.WithTimeout(ctx, answerWithin)
		rows, err := conn.Query(ask, "SELECT DISTINCT game FROM hops_events WHERE added >= $1", since.Add(-catchUpMargin))
		var ids []string
		if err == nil {
			ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		}
		cancel()
		if err != nil {
			return wrap(err)
		}
		for _, id := range ids {
			fn(id)
		}
	}
	s.heard(now)
	for {
		wait, cancel := context.WithTimeout(ctx, keepAlive)
		n, err := conn.WaitForNotification(wait)
		cancel()
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err == nil:
			id, _, _ := strings.Cut(n.Payload, " ")
			fn(id)
		case wait.Err() != nil && !conn.IsClosed():
			// No news for a while: is the connection still there?
			if now, err = dbNow(ctx, conn); err != nil {
				return err
			}
			s.heard(now)
		default:
			return wrap(err)
		}
	}
}

// dbNow returns the database's time, on a connection that must answer
// within answerWithin.
func dbNow(ctx context.Context, conn *pgx.Conn) (time.Time, error) {
	ask, cancel := context.WithTimeout(ctx, answerWithin)
	defer cancel()
	var now time.Time
	if err := conn.QueryRow(ask, "SELECT now()").Scan(&now); err != nil {
		return now, wrap(err)
	}
	return now, nil
}

// heard notes that a Watch listened at the database's time now.
func (s *Store) heard(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now.After(s.listened) {
		s.listened = now
	}
}

// Store is a referee.Store that tells of the changes other nodes make
// and counts its games.
var (
	_ referee.Store   = (*Store)(nil)
	_ referee.Watcher = (*Store)(nil)
	_ referee.Counter = (*Store)(nil)
)
