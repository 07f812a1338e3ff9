package pgstore

import (
	"context"
	"errors"
	"testing"

	"github.com/hopsgames/hops/referee"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TestWritesToAnUnreachableDatabaseNotStored: with the database out of
// reach no statement is sent, so a Create and an Append both say that
// nothing was stored (the server then answers that nothing was
// recorded).
func TestWritesToAnUnreachableDatabaseNotStored(t *testing.T) {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, "postgres://nobody@127.0.0.1:1/none?connect_timeout=5")
	if err != nil {
		t.Fatal(err)
	}
	s := &Store{pool: pool}
	defer s.Close()
	if err := s.Create(ctx, "g", create()); !errors.Is(err, referee.ErrNotStored) {
		t.Errorf("Create: %v, want ErrNotStored", err)
	}
	if err := s.Append(ctx, "g", 2, move(1, "m")); !errors.Is(err, referee.ErrNotStored) {
		t.Errorf("Append: %v, want ErrNotStored", err)
	}
}

// TestWrapWriteClasses: every class of SQLSTATE the database refuses a
// statement with before its commit says that nothing was stored, and so
// does a statement never sent on a connection already closed; a
// connection or system error, which may come once the commit was made,
// does not.
func TestWrapWriteClasses(t *testing.T) {
	ctx := context.Background()
	conn, err := pgconn.Connect(ctx, pg(t).Database(t))
	if err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	_, unsent := conn.Exec(ctx, "SELECT 1").ReadAll()
	if unsent == nil {
		t.Fatal("a statement on a closed connection did not fail")
	}
	for _, c := range []struct {
		err     error
		refused bool
	}{
		{unsent, true},
		{&pgconn.PgError{Code: "22P02"}, true},  // a bad value
		{&pgconn.PgError{Code: "23514"}, true},  // a check constraint
		{&pgconn.PgError{Code: "25006"}, true},  // a read-only transaction
		{&pgconn.PgError{Code: "40P01"}, true},  // a deadlock
		{&pgconn.PgError{Code: "42501"}, true},  // no privilege
		{&pgconn.PgError{Code: "53100"}, true},  // a full disk
		{&pgconn.PgError{Code: "55P03"}, true},  // a lock not available
		{&pgconn.PgError{Code: "08006"}, false}, // the connection failed
		{&pgconn.PgError{Code: "57014"}, false}, // canceled
		{&pgconn.PgError{Code: "58030"}, false}, // an I/O error
		{&pgconn.PgError{Code: "XX001"}, false}, // data corrupted
	} {
		if got := errors.Is(wrapWrite(c.err), referee.ErrNotStored); got != c.refused {
			t.Errorf("wrapWrite(%v) wraps ErrNotStored: %v, want %v", c.err, got, c.refused)
		}
	}
}
