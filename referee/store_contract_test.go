package referee_test

import (
	"testing"

	"github.com/hopsgames/hops/referee"
	"github.com/hopsgames/hops/referee/storetest"
)

func TestFileStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) referee.Store {
		s, err := referee.OpenFileStore(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestMemStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) referee.Store { return &referee.MemStore{} })
}

// Several servers may share one MemStore: two handles are the same store.
func TestMemStoreShared(t *testing.T) {
	storetest.RunShared(t, func(t *testing.T) (referee.Store, referee.Store) {
		s := &referee.MemStore{}
		return s, s
	})
}
