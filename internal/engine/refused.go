package engine

import (
	"errors"

	"github.com/hopsgames/hops"
)

// Refused returns the error of a move refused with err in a position
// whose outcome is o: once the game is over every move is refused under
// the rule that ended it (o.Err, the error a record gives a move after
// the end), whatever else is wrong with the move, so that a game lost
// for want of a legal move (G6) says so rather than naming the fault of
// one move. A move that does not read (ErrSyntax) keeps its own error.
func Refused[E error](err E, o hops.Outcome) E {
	if !o.Over || !errors.Is(err, hops.ErrIllegal) {
		return err
	}
	if e, ok := o.Err().(E); ok {
		return e
	}
	return err
}
