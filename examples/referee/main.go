// Command referee is an HTTP server that hosts games of the HOPS series
// between remote players: it keeps each game's true state, checks every
// submitted move with the library and answers in JSON.
//
// Usage:
//
//	go run ./examples/referee [-addr localhost:8080] [-max-games 10000]
//
// # API
//
// Requests and answers are JSON. A player proves which side it plays with
// the token it was given when the game was created, sent as the header
// "Authorization: Bearer <token>".
//
//	GET  /kinds                   the games the server hosts
//	POST /games                   create a game: {"game": "catchit", "first": "Red"}
//	                              ("first", the side that starts, is optional);
//	                              answers 201 with the game's id and one token per side
//	GET  /games/{id}              the game's state
//	GET  /games/{id}/moves        the legal moves of the side to move, as texts
//	POST /games/{id}/moves        play a move: {"move": "D1-D2 C1-C2"}, with the
//	                              token of the side to move; answers the new state
//	GET  /games/{id}/history      the start position and every move played, in order
//	GET  /games/{id}/svg          a picture of the position (image/svg+xml), the last
//	                              move drawn as arrows; in Brouillard the asker's view
//
// A state looks like
//
//	{"id": "...", "game": "catchit", "ply": 2, "to_move": "Blue",
//	 "position": "rrrrrrr/7/7/7/7/7/bbbBbbb b", "diagram": "...",
//	 "outcome": {"over": false}, "you": "Blue"}
//
// where ply counts the moves played, position is the position text the
// game package reads, and you is the side of the token sent, if any. An
// error answers {"error": "...", "kind": "...", "rule": "K8"}: status 400
// for a malformed request, a malformed move (kind "syntax") or an illegal
// one (kind "illegal"), with the library's explanation and the id of the
// rule broken; 401 for a missing or wrong token; 403 for a move by the
// side not to move; 404 for an unknown game; 409 for a move in a finished
// game; 413 for a body over 4 KiB; 503 when the server holds -max-games
// games.
//
// # Hidden pieces
//
// In Brouillard au Palais each side hides the identity of its pawns. The
// server deals both secret setups at random, and each player sees only
// its own view: every request about a Brouillard game needs a token, the
// position and diagram returned are that side's view (the opponent's
// unturned pawns written P or p), moves are checked against the view so
// that no error message can tell a hidden pawn, and the history starts
// from the player's view of the start. Nothing the server sends depends on
// the other side's hidden pawns except what the rules reveal.
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"time"
)

func main() {
	srv, err := newHTTPServer(os.Args[1:], os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	log.Printf("referee: listening on %s", srv.Addr)
	log.Fatal(srv.ListenAndServe())
}

// newHTTPServer reads the command line and returns the server to run.
func newHTTPServer(args []string, stderr io.Writer) (*http.Server, error) {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "the address to listen on")
	maxGames := fs.Int("max-games", 10000, "the most games the server holds at once")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		err := fmt.Errorf("unexpected argument %q", fs.Arg(0))
		fmt.Fprintln(stderr, "referee:", err)
		return nil, err
	}
	if *maxGames < 1 {
		err := fmt.Errorf("-max-games must be 1 or more")
		fmt.Fprintln(stderr, "referee:", err)
		return nil, err
	}
	return &http.Server{
		Addr:              *addr,
		Handler:           NewServer(Config{MaxGames: *maxGames, Rand: rand.Reader}),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		MaxHeaderBytes:    8 << 10,
	}, nil
}
