package referee_test

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/hopsgames/hops/referee"
)

// A program mounts the referee under a prefix of its own mux and talks to
// it like any client.
func Example() {
	srv, err := referee.NewServer(referee.Config{Rand: rand.Reader})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	mux := http.NewServeMux()
	mux.Handle("/hops/", http.StripPrefix("/hops", srv))
	web := httptest.NewServer(mux)
	defer web.Close()

	resp, err := http.Post(web.URL+"/hops/games", "application/json", strings.NewReader(`{"game": "catchit"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var created struct {
		Game, You, First string
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, created.Game, created.You, created.First)
	// Output: 201 catchit Blue Blue
}
