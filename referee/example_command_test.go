package referee_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/hopsgames/hops/referee"
)

// A command of its own runs the referee with a store the package does
// not know, named by a flag of its own: here a shared in-memory store
// under -shared. Main would then serve until SIGINT; Setup only reads
// the command line.
func ExampleSetup() {
	stores := map[string]*referee.MemStore{}
	shared := referee.StoreFlag{
		Name: "shared", Env: "EXAMPLE_STORE", Usage: "the name of the in-memory store to share",
		Open: func(_ context.Context, name string) (referee.Store, error) {
			if stores[name] == nil {
				stores[name] = &referee.MemStore{}
			}
			return stores[name], nil
		},
	}
	cmd, err := referee.Setup([]string{"-addr", "127.0.0.1:0", "-shared", "games"}, os.Stderr, shared)
	if err != nil {
		return // Setup printed the error, and the usage if it was the command line's
	}
	defer cmd.Close()
	rec := httptest.NewRecorder()
	cmd.HTTP.Handler.ServeHTTP(rec, httptest.NewRequest("POST", "/games", strings.NewReader(`{"game": "zapita"}`)))
	fmt.Println(cmd.HTTP.Addr, len(stores), rec.Code)
	// Output: 127.0.0.1:0 1 201
}
