package referee_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/hopsgames/hops/referee"
)

// post sends a JSON request to h and decodes its answer.
func post(h http.Handler, path, key, body string, out any) int {
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	json.Unmarshal(rec.Body.Bytes(), out)
	return rec.Code
}

// Two servers sharing one store act as two nodes: a game created on one
// is joined on the other, and a creation retried with its
// Idempotency-Key, on either, answers the same game.
func ExampleMemStore() {
	store := &referee.MemStore{}
	a, err := referee.NewServer(referee.Config{Rand: rand.Reader, Store: store})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	b, err := referee.NewServer(referee.Config{Rand: rand.Reader, Store: store})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()

	const key = "Qm9yZGVhdXgtMjAyNi0xMS0yNA"
	var created, again struct{ ID, Token, Invitation string }
	post(a, "/games", key, `{"game": "zapita"}`, &created)
	code := post(b, "/games", key, `{"game": "zapita"}`, &again) // the answer was lost: try again
	fmt.Println(code, again == created)

	var joined struct{ You string }
	code = post(b, "/games/"+created.ID+"/join", "", `{"invitation": "`+created.Invitation+`"}`, &joined)
	fmt.Println(code, joined.You)

	n := 0
	store.List(context.Background(), func(referee.Summary) error { n++; return nil })
	fmt.Println(n, "game stored")
	// Output:
	// 201 true
	// 200 Khaki
	// 1 game stored
}
