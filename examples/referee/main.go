// Command referee is an HTTP server that hosts games of the HOPS series
// between remote players: it keeps each game's true state, checks every
// submitted move with the library and answers in JSON.
//
// Usage:
//
//	go run ./examples/referee [-addr localhost:8080] [-data DIR]
//		[-max-games 10000] [-max-plies 1000] [-idle 24h] [-finished 720h]
//		[-create-rate 30] [-create-burst 10] [-global-create-rate 600]
//		[-waiting 15m] [-max-conns 1000] [-max-conns-per-client 64]
//		[-max-streams-per-client 16] [-store-timeout 5s] [-clock-skew 2m]
//		[-trusted-proxy ADDR-OR-CIDR,...]
//
// With -data the games survive a restart (see the package referee,
// Storage); without it they live in memory only. The log says at start
// where the games are kept and how many there are, and when the store
// fails, is still failing (once a minute), and answers again. The server
// stops on SIGINT (Ctrl-C) or SIGTERM: it stops listening, ends the
// event streams, lets the requests under way finish (10 s at most), then
// closes its store, and logs each step. A second signal cuts the wait
// for the requests under way short; a third ends the process at once.
//
// The server itself is the package github.com/hopsgames/hops/referee,
// whose documentation describes the API, the web page, the limits and
// the storage; this command is its function Main. The command
// referee/pgstore/cmd/referee, in a module of its own, adds the flag
// -postgres to keep the games in a PostgreSQL database shared by several
// nodes.
package main

import (
	"os"

	"github.com/hopsgames/hops/referee"
)

func main() {
	os.Exit(referee.Main(os.Args[1:], os.Stderr))
}
