package referee_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/hopsgames/hops/referee"
)

// A program that serves the referee with its own http.Server readies it
// with ConfigureHTTP (the limits a server facing the Internet needs, and
// the event streams ended at its Shutdown), and stops it in this order:
// the http.Server, so that the requests under way finish; then the
// Server, whose computer players stop; then the store. The games stay in
// the store for the next start.
func ExampleServer_Close() {
	dir, err := os.MkdirTemp("", "referee-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	store, err := referee.OpenFileStore(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	srv, err := referee.NewServer(referee.Config{Rand: rand.Reader, Store: store})
	if err != nil {
		fmt.Println(err)
		return
	}
	web := httptest.NewUnstartedServer(srv)
	srv.ConfigureHTTP(web.Config)
	web.Start()
	defer web.Close()

	resp, err := http.Post(web.URL+"/games", "application/json", strings.NewReader(`{"game": "coir", "opponent": "easy"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp.Body.Close()
	fmt.Println("created:", resp.StatusCode)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	fmt.Println("http.Server shut down:", web.Config.Shutdown(ctx))
	fmt.Println("Server closed:", srv.Close())
	fmt.Println("store closed:", store.Close())

	// Started again on the same folder, the referee holds the game.
	store, err = referee.OpenFileStore(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer store.Close()
	games := 0
	store.List(ctx, func(referee.Summary) error { games++; return nil })
	fmt.Println("games kept:", games)
	// Output:
	// created: 201
	// http.Server shut down: <nil>
	// Server closed: <nil>
	// store closed: <nil>
	// games kept: 1
}
