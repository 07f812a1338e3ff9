// Command referee is the referee of the package
// github.com/hopsgames/hops/referee, the command examples/referee with
// one more flag: -postgres keeps the games in a PostgreSQL database that
// several referees, on several machines, share.
//
// Usage:
//
//	referee -postgres "postgres://user:password@host:5432/db" [-addr localhost:8080]
//		[-max-games 10000] [-max-plies 1000] [-idle 24h] [-finished 720h]
//		[-create-rate 30] [-create-burst 10] [-max-conns 1000]
//
// Without -postgres the database is named by the environment variable
// HOPS_POSTGRES; without either, the command is examples/referee (-data
// DIR, or the games in memory). See the package pgstore for what the
// nodes share.
package main

import (
	"context"
	"os"

	"github.com/hopsgames/hops/referee"
	"github.com/hopsgames/hops/referee/pgstore"
)

// postgres is the flag -postgres.
var postgres = referee.StoreFlag{
	Name:  "postgres",
	Env:   "HOPS_POSTGRES",
	Usage: "the PostgreSQL database that keeps the games, which other referees may share (a URL: postgres://user:password@host:5432/db)",
	Open: func(ctx context.Context, url string) (referee.Store, error) {
		s, err := pgstore.Open(ctx, url)
		if err != nil {
			return nil, err
		}
		return s, nil
	},
}

func main() {
	os.Exit(referee.Main(os.Args[1:], os.Stderr, postgres))
}
