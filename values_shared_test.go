package hops_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// TestReturnedValuesAreTheCallers: what the library hands back is the
// caller's to change. A field of an error or a slice of a result
// written by one caller must not show in what another caller is given
// (values are shared between goroutines without locking).
func TestReturnedValuesAreTheCallers(t *testing.T) {
	t.Run("NewRecordReader(nil)", func(t *testing.T) {
		_, err := hops.NewRecordReader(nil).Next()
		var e *hops.Error
		if !errors.As(err, &e) {
			t.Fatalf("a nil reader's Next: %v (%T), want a *hops.Error", err, err)
		}
		want := err.Error()
		e.Msg = "changed by its caller"
		if _, err2 := hops.NewRecordReader(nil).Next(); err2 == nil || err2.Error() != want {
			t.Errorf("another nil reader's error reads %v, want %q", err2, want)
		}
	})
	t.Run("BuiltText", func(t *testing.T) {
		typed, err := catchit.Start().Build(nil)
		if err != nil || len(typed.Next) == 0 {
			t.Fatalf("Build(nil) = %+v, %v", typed, err)
		}
		want := slices.Clone(typed.Next)
		text := hops.BuiltText(typed, catchit.ParseMove)
		text.Next[0] = hops.Click{Square: hops.Outside}
		if !slices.Equal(typed.Next, want) {
			t.Errorf("writing BuiltText(b).Next[0] changed b.Next[0] to %v (was %v)", typed.Next[0], want[0])
		}
	})
}
