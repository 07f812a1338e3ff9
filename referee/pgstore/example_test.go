package pgstore_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/hopsgames/hops/referee"
	"github.com/hopsgames/hops/referee/pgstore"
)

// Two referee nodes on one database: a game created through the first is
// joined and played through the second, and the first sees the move.
func Example() {
	ctx := context.Background()
	url := os.Getenv("HOPS_POSTGRES") // postgres://user:password@host:5432/db
	var nodes []string
	for range 2 {
		store, err := pgstore.Open(ctx, url)
		if err != nil {
			log.Fatal(err)
		}
		defer store.Close()
		srv, err := referee.NewServer(referee.Config{Store: store, Rand: rand.Reader})
		if err != nil {
			log.Fatal(err)
		}
		defer srv.Close()
		node := httptest.NewServer(srv)
		defer node.Close()
		nodes = append(nodes, node.URL)
	}

	var created struct{ ID, Token, Invitation string }
	call(nodes[0], "POST", "/games", "", `{"game": "catchit", "side": "Red", "first": "Blue"}`, &created)
	var joined struct{ You, Token string }
	call(nodes[1], "POST", "/games/"+created.ID+"/join", "", `{"invitation": "`+created.Invitation+`"}`, &joined)
	var state struct {
		Ply    int
		ToMove string `json:"to_move"`
	}
	call(nodes[1], "POST", "/games/"+created.ID+"/moves", joined.Token, `{"move": "d1-d2 c1-c2"}`, &state)
	fmt.Println("node 2:", joined.You, "played; ply", state.Ply, "and", state.ToMove, "to move")
	var history struct{ Moves []string }
	call(nodes[0], "GET", "/games/"+created.ID+"/history", "", "", &history)
	fmt.Println("node 1's history:", history.Moves)
	// Output:
	// node 2: Blue played; ply 1 and Red to move
	// node 1's history: [C1-C2 D1-D2]
}

// call sends a request to a node and decodes its JSON answer into out.
func call(node, method, path, token, body string, out any) {
	req, err := http.NewRequest(method, node+path, strings.NewReader(body))
	if err != nil {
		log.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		log.Fatalf("%s %s: %s", method, path, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		log.Fatal(err)
	}
}
