// Command referee is an HTTP server that hosts games of the HOPS series
// between remote players: it keeps each game's true state, checks every
// submitted move with the library and answers in JSON.
//
// Usage:
//
//	go run ./examples/referee [-addr localhost:8080] [-data DIR]
//		[-max-games 10000] [-max-plies 1000] [-idle 24h] [-finished 720h]
//		[-create-rate 30] [-create-burst 10] [-max-conns 1000]
//
// With -data the games survive a restart (see the package referee, Storage); without it they
// live in memory only.
//
// The server itself is the package github.com/hopsgames/hops/referee,
// whose documentation describes the API, the web page, the limits and
// the storage.
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hopsgames/hops/referee"
)

func main() {
	app, err := setup(os.Args[1:], os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", app.http.Addr)
	if err != nil {
		log.Fatal(err)
	}
	// The tests read this line to find the port of -addr host:0.
	log.Printf("referee: listening on %s", ln.Addr())
	stop := make(chan struct{})
	go app.server.Janitor(app.sweep, stop)
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	go func() {
		<-ctx.Done()
		shutdown, done := context.WithTimeout(context.Background(), 10*time.Second)
		defer done()
		app.http.Shutdown(shutdown)
	}()
	err = app.http.Serve(referee.LimitListener(ln, app.maxConns))
	close(stop)
	if !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// app is what the command line sets up.
type app struct {
	http     *http.Server
	server   *referee.Server
	maxConns int
	sweep    time.Duration // how often the janitor runs
}

// setup reads the command line, loads the stored games and returns the
// server to run. Errors are written to stderr.
func setup(args []string, stderr io.Writer) (*app, error) {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "the address to listen on")
	data := fs.String("data", "", "the directory that keeps the games across restarts (none: in memory only)")
	maxGames := fs.Int("max-games", referee.DefaultMaxGames, "the most games the server holds at once")
	maxPlies := fs.Int("max-plies", referee.DefaultMaxPlies, "the plies after which a game is closed unfinished")
	idle := fs.Duration("idle", 24*time.Hour, "how long a game lives after its last event (0: for ever)")
	finished := fs.Duration("finished", 30*24*time.Hour, "how long a finished game lives, to be replayed and shared (0: for ever)")
	rate := fs.Float64("create-rate", 30, "games a client may create a minute (0: no limit)")
	burst := fs.Int("create-burst", 10, "games a client may create in a row")
	maxConns := fs.Int("max-conns", 1000, "the most connections served at once")
	fail := func(format string, args ...any) (*app, error) {
		err := fmt.Errorf(format, args...)
		fmt.Fprintln(stderr, "referee:", err)
		return nil, err
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *maxGames < 1:
		return fail("-max-games must be 1 or more")
	case *maxPlies < 1:
		return fail("-max-plies must be 1 or more")
	case *maxConns < 1:
		return fail("-max-conns must be 1 or more")
	case *idle < 0 || *finished < 0 || *rate < 0 || *burst < 1:
		return fail("-idle, -finished and -create-rate must not be negative, -create-burst must be 1 or more")
	}
	c := referee.Config{
		MaxGames: *maxGames, MaxPlies: *maxPlies, Rand: rand.Reader,
		IdleTTL: *idle, FinishedTTL: *finished, CreateRate: *rate, CreateBurst: *burst,
	}
	if *data != "" {
		store, err := referee.OpenFileStore(*data)
		if err != nil {
			return fail("%v", err)
		}
		c.Store = store
	}
	srv, err := referee.NewServer(c)
	if err != nil {
		return fail("loading the games: %v", err)
	}
	sweep := time.Minute
	for _, ttl := range []time.Duration{*idle, *finished} {
		if ttl > 0 && ttl/4 < sweep {
			sweep = max(ttl/4, time.Second)
		}
	}
	return &app{
		http: &http.Server{
			Addr:              *addr,
			Handler:           srv,
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       10 * time.Second,
			WriteTimeout:      30 * time.Second,
			IdleTimeout:       2 * time.Minute,
			MaxHeaderBytes:    8 << 10,
		},
		server:   srv,
		maxConns: *maxConns,
		sweep:    sweep,
	}, nil
}
