package referee

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
)

// panickyStore's Load panics while broken is set, as a store with a bug
// would.
type panickyStore struct {
	Store
	broken atomic.Bool
}

func (s *panickyStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if s.broken.Load() {
		panic("a bug in the store's Load")
	}
	return s.Store.Load(ctx, id, from)
}

// TestLoadPanicLeavesNoTrace: a store whose Load panics gets the request
// a 500 (the handler's recovery), and once the store reads again the
// game is served: the load under way is not left behind, half done, for
// the next requests to find.
func TestLoadPanicLeavesNoTrace(t *testing.T) {
	mem := &MemStore{}
	h := node(t, mem, 81).create("catchit", "")
	store := &panickyStore{Store: mem}
	c := node(t, store, 82)
	store.broken.Store(true)
	// Asked without the client's check, which fails a test on any 500.
	resp, err := c.hc.Get(c.url + "/games/" + h.ID)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("a Load that panics: %d, want 500", resp.StatusCode)
	}
	store.broken.Store(false)
	for i := range 2 {
		var st stateJSON
		if code, raw := c.do("GET", "/games/"+h.ID, "", "", &st); code != http.StatusOK || st.ID != h.ID {
			t.Errorf("request %d once the store reads again: %d %s", i+1, code, raw)
		}
	}
}
