package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// migrations are the steps of the schema, in order: the database's
// version is the number of steps applied. A step is never changed once
// released; a change of the schema is a new step.
var migrations = []string{
	// 1: the games, their events, and a notification for every change.
	`CREATE TABLE hops_games (
		game    text PRIMARY KEY,
		created timestamptz NOT NULL DEFAULT now()
	);
	CREATE TABLE hops_events (
		game  text NOT NULL REFERENCES hops_games ON DELETE CASCADE,
		seq   integer NOT NULL CHECK (seq >= 1),
		event jsonb NOT NULL,
		added timestamptz NOT NULL DEFAULT now(),
		PRIMARY KEY (game, seq)
	);
	CREATE INDEX hops_events_added ON hops_events (added);
	CREATE FUNCTION hops_notify() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'INSERT' THEN
			PERFORM pg_notify('hops_' || TG_TABLE_SCHEMA, NEW.game || ' ' || NEW.seq);
		ELSE
			PERFORM pg_notify('hops_' || TG_TABLE_SCHEMA, OLD.game || ' -');
		END IF;
		RETURN NULL;
	END $$;
	CREATE TRIGGER hops_events_notify AFTER INSERT ON hops_events
		FOR EACH ROW EXECUTE FUNCTION hops_notify();
	CREATE TRIGGER hops_games_notify AFTER DELETE ON hops_games
		FOR EACH ROW EXECUTE FUNCTION hops_notify();`,
	// 2: a game whose journal the server found damaged is set aside,
	// with the reason, rather than deleted (Store.SetAside).
	`ALTER TABLE hops_games ADD COLUMN damaged text;`,
}

// schemaLock is the key of the advisory lock that keeps two nodes
// starting at once from migrating the same schema together.
const schemaLock = 0x686f7073 // "hops"

// migrate brings the schema of the connection's search path up to date,
// in one transaction, and returns its name. A database whose schema is
// newer than this program's is refused rather than written to.
func migrate(ctx context.Context, conn *pgx.Conn) (string, error) {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", schemaLock); err != nil {
		return "", err
	}
	// The tables go in the first schema of the search path that exists,
	// which must give a notification channel a name PostgreSQL takes.
	var schema *string
	var path string
	if err := tx.QueryRow(ctx, "SELECT current_schema(), current_setting('search_path')").Scan(&schema, &path); err != nil {
		return "", err
	}
	if schema == nil {
		return "", fmt.Errorf("pgstore: no schema of the search_path %q exists: create one (CREATE SCHEMA)", path)
	}
	if channel := channelOf(*schema); len(channel) > maxIdentifier {
		return "", fmt.Errorf("pgstore: the schema's name %q is too long: the channel of its notifications, %q, must be at most %d bytes", *schema, channel, maxIdentifier)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS hops_schema (version integer NOT NULL)`); err != nil {
		return "", err
	}
	var version int
	err = tx.QueryRow(ctx, "SELECT version FROM hops_schema").Scan(&version)
	switch {
	case err == pgx.ErrNoRows:
		if _, err := tx.Exec(ctx, "INSERT INTO hops_schema VALUES (0)"); err != nil {
			return "", err
		}
	case err != nil:
		return "", err
	}
	if version > len(migrations) {
		return "", fmt.Errorf("pgstore: the database's schema is at version %d, newer than this program's (%d): run a newer program", version, len(migrations))
	}
	for v := version; v < len(migrations); v++ {
		if _, err := tx.Exec(ctx, migrations[v]); err != nil {
			return "", fmt.Errorf("pgstore: migrating the schema to version %d: %w", v+1, err)
		}
	}
	if _, err := tx.Exec(ctx, "UPDATE hops_schema SET version = $1", len(migrations)); err != nil {
		return "", err
	}
	return *schema, tx.Commit(ctx)
}

// channelOf is the name of the notification channel of the tables of a
// schema, on which the trigger hops_notify speaks.
func channelOf(schema string) string { return "hops_" + schema }
