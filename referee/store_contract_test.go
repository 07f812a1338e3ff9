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
