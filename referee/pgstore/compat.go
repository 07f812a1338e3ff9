package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/hopsgames/hops/referee"
)

// Until the referee's Store takes these, the store's own.
var (
	errExists   = errors.New("the game exists")
	errConflict = errors.New("conflict")
	errNotFound = errors.New("no such game")
)

// Summary is what List tells of a game.
type Summary = summary

type summary struct {
	ID          string
	First, Last referee.Event
}

func damaged(id string, err error) error { return fmt.Errorf("game %s damaged: %w", id, err) }

var _ interface {
	Create(ctx context.Context, id string, e referee.Event) error
	Append(ctx context.Context, id string, seq int, e referee.Event) error
	Load(ctx context.Context, id string, from int) ([]referee.Event, error)
	List(ctx context.Context, fn func(summary) error) error
	Delete(ctx context.Context, id string) error
} = (*Store)(nil)
