package referee

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
	"net/netip"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hopsgames/hops/internal/engine"
)

// StoreFlag is a command-line flag that names a store of a kind the
// package does not know, such as a database: a command that runs the
// referee with its own store passes it to Main, which adds the flag to
// its own.
type StoreFlag struct {
	// Name is the flag's name ("postgres"), Usage its help text.
	Name, Usage string
	// Env, if not "", is an environment variable read when the flag is
	// not given.
	Env string
	// Open opens the store the flag's value names. If the store has a
	// Close() error method, the command calls it when it ends.
	Open func(ctx context.Context, value string) (Store, error)
}

// Command is a referee as the command line set it up: the HTTP server to
// run and what goes with it. Setup builds one; the zero Command has no
// server to run. Run it once, from one goroutine.
type Command struct {
	HTTP     *http.Server
	Server   *Server
	MaxConns int // the most connections served at once; 0 sets no bound
	// ConnsPerClient is the share of the connections one client address
	// may hold (0: no share).
	ConnsPerClient int
	Sweep          time.Duration // how often the janitor deletes expired games; 0: never
	store          Store
	kept           string        // where the games are kept, for the log; "" in memory
	hurry          chan struct{} // closed to cut the stop's grace short (Main: a second signal)
}

// Main runs the referee as the command examples/referee does: it reads
// the flags in args (see Setup), serves until SIGINT or SIGTERM, stops
// as Run says, closes the store, and returns the process's exit code.
// A second signal during the stop cuts short the requests still under
// way, rather than give them the rest of their 10 s; a third, while the
// store is closed (a disk that does not answer), ends the process at
// once, as the signal does by default. An acknowledged move is on disk
// already: neither loses one.
// Errors go to stderr; what the server logs (where the games are kept,
// the address it listens on, the store's outages, its stop) goes to the
// standard logger of package log, which a program directs with
// log.SetOutput.
func Main(args []string, stderr io.Writer, flags ...StoreFlag) int {
	c, err := Setup(args, stderr, flags...)
	if errors.Is(err, flag.ErrHelp) {
		return 0 // the usage was asked for, and printed
	}
	if err != nil {
		return 2
	}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(signals)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan struct{})
	defer close(served)
	c.hurry = make(chan struct{})
	go func() {
		select {
		case <-signals:
			cancel()
		case <-served:
			return
		}
		select {
		case <-signals:
			log.Printf("referee: a second signal: the requests under way are cut short (a third ends the process at once)")
			close(c.hurry)
			signal.Stop(signals) // the next signal does what it does by default
		case <-served:
		}
	}()
	return c.serve(ctx, stderr)
}

// serve runs c until ctx ends, then closes it, and returns the exit
// code: Main without the signals.
func (c *Command) serve(ctx context.Context, stderr io.Writer) int {
	err := c.Run(ctx)
	if err != nil {
		// Said before the store is closed, which Close logs: what went
		// wrong comes first (the address was taken, say).
		fmt.Fprintln(stderr, "referee:", err)
		c.Close()
		return 1
	}
	c.Close()
	log.Printf("referee: stopped")
	return 0
}

// Setup reads the command line of the referee, opens the store of games
// and returns the server to run. The flags are -addr,
// -data, -max-games, -max-plies, -idle, -finished, -create-rate,
// -create-burst, -global-create-rate, -waiting, -max-conns,
// -max-conns-per-client, -max-streams-per-client, -store-timeout,
// -clock-skew and -trusted-proxy (run
// with -h for their meaning), and
// those of flags, of which at most one, or -data, may be given. Errors
// are written to stderr.
func Setup(args []string, stderr io.Writer, flags ...StoreFlag) (*Command, error) {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `Usage: referee [flags]

The referee serves the four HOPS games over HTTP: the web page at /, the
API under /games. A duration is written with its unit: 90s, 15m, 24h
(720h is 30 days).

`)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "localhost:8080", "the address to listen on")
	data := fs.String("data", "", "the directory that keeps the games across restarts, created if missing and locked, for one server at a time (none: in memory only)")
	maxGames := fs.Int("max-games", DefaultMaxGames, "the most games the server holds at once (with a shared store that counts them, such as PostgreSQL, the store: give every node the same)")
	maxPlies := fs.Int("max-plies", DefaultMaxPlies, "the plies after which a game is closed unfinished")
	idle := fs.Duration("idle", 24*time.Hour, "how long a game lives after its last event (0: for ever)")
	finished := fs.Duration("finished", 30*24*time.Hour, "how long a finished game lives, to be replayed and shared (0: for ever)")
	rate := fs.Float64("create-rate", 30, "games a client may create a minute (0: no limit)")
	burst := fs.Int("create-burst", 10, "games a client may create in a row")
	maxConns := fs.Int("max-conns", 1000, "the most connections served at once")
	connsPerClient := fs.Int("max-conns-per-client", 64, "the most connections one client address may hold (0: no share)")
	streams := fs.Int("max-streams-per-client", DefaultStreamsPerClient, "the most event streams one client address may hold")
	waiting := fs.Duration("waiting", 15*time.Minute, "how long a game waits for its second player (0: as -idle)")
	globalRate := fs.Float64("global-create-rate", 600, "games all clients together may create a minute (0: no limit)")
	storeTimeout := fs.Duration("store-timeout", DefaultStoreTimeout, "how long a request waits for the store before it is answered 503")
	skew := fs.Duration("clock-skew", DefaultClockSkew, "how far apart the clocks of the nodes sharing a store may be: their games expire that much later (a shared store only)")
	proxies := fs.String("trusted-proxy", "", "the addresses or networks (CIDR), comma-separated, of the reverse proxies in front of the server, whose X-Forwarded-For names the client (none)")
	values := make([]*string, len(flags))
	for i, f := range flags {
		usage := f.Usage
		if f.Env != "" {
			usage += " (default $" + f.Env + ")"
		}
		values[i] = fs.String(f.Name, "", usage)
	}
	fail := func(format string, args ...any) (*Command, error) {
		err := fmt.Errorf(format, args...)
		fmt.Fprintln(stderr, "referee:", err)
		return nil, err
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	// Each value out of range is named alone, with what it must be.
	const atLeastOne, notNegative = "be 1 or more", "not be negative"
	const finite = "be a finite number, 0 or more"
	for _, r := range []struct {
		bad        bool
		name, must string
	}{
		{*maxGames < 1, "max-games", atLeastOne},
		{*maxPlies < 1, "max-plies", atLeastOne},
		{*maxConns < 1, "max-conns", atLeastOne},
		{*idle < 0, "idle", notNegative},
		{*finished < 0, "finished", notNegative},
		{badRate(*rate), "create-rate", finite},
		{*burst < 1, "create-burst", atLeastOne},
		{*connsPerClient < 0, "max-conns-per-client", notNegative},
		{*streams < 1, "max-streams-per-client", atLeastOne},
		{*waiting < 0, "waiting", notNegative},
		{badRate(*globalRate), "global-create-rate", finite},
		{*storeTimeout <= 0, "store-timeout", "be more than 0"},
		{*skew < 0, "clock-skew", notNegative},
	} {
		if r.bad {
			return fail("-%s must %s, not %s", r.name, r.must, fs.Lookup(r.name).Value)
		}
	}
	trusted, err := parseNetworks(*proxies)
	if err != nil {
		return fail("-trusted-proxy: %v", err)
	}
	c := Config{
		MaxGames: *maxGames, MaxPlies: *maxPlies, Rand: rand.Reader,
		IdleTTL: *idle, FinishedTTL: *finished, CreateRate: *rate, CreateBurst: *burst,
		WaitingTTL: *waiting, GlobalCreateRate: *globalRate, GlobalCreateBurst: max(*burst, burstFor(*globalRate, 0)),
		StreamsPerClient: *streams, TrustedProxies: trusted, StoreTimeout: *storeTimeout,
		ClockSkew: *skew,
	}
	if *skew == 0 {
		c.ClockSkew = -1 // none
	}
	// Which flag names the store is settled before any store is opened,
	// so that a refused command leaves none open (a FileStore's lock
	// held, a database's connections).
	from := ""                // the flag that names the store
	open, openValue := -1, "" // the flag of the store to open and its value
	if *data != "" {
		from = "-data"
	}
	for i, f := range flags {
		value := *values[i]
		if value == "" && f.Env != "" && *data == "" {
			value = os.Getenv(f.Env)
		}
		if value == "" {
			continue
		}
		if from != "" {
			return fail("-%s and %s both name a store: give one", f.Name, from)
		}
		from, open, openValue = "-"+f.Name, i, value
	}
	kept := "" // where the games are kept, "" in memory
	switch {
	case *data != "":
		store, err := OpenFileStore(*data)
		if err != nil {
			return fail("-data: %v", err)
		}
		c.Store, kept = store, "in "+*data
	case open >= 0:
		f := flags[open]
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		store, err := f.Open(ctx, openValue)
		cancel()
		if err != nil {
			return fail("-%s: %v", f.Name, err)
		}
		c.Store = store
		kept = "in the store of -" + f.Name // its value may hold a password
	}
	cmd := &Command{store: c.Store, kept: kept}
	srv, err := NewServer(c)
	if err != nil {
		cmd.Close()
		return fail("loading the games: %v", err)
	}
	sweep := time.Minute
	for _, ttl := range []time.Duration{*idle, *finished} {
		if ttl > 0 && ttl/4 < sweep {
			sweep = max(ttl/4, time.Second)
		}
	}
	cmd.Server, cmd.MaxConns, cmd.ConnsPerClient, cmd.Sweep = srv, *maxConns, *connsPerClient, sweep
	cmd.HTTP = &http.Server{Addr: *addr, Handler: srv}
	limitHTTP(cmd.HTTP) // Run registers EndStreams
	return cmd, nil
}

// parseNetworks reads a comma-separated list of networks (CIDR) and
// addresses (a network of one address).
func parseNetworks(list string) ([]netip.Prefix, error) {
	var nets []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if n, err := netip.ParsePrefix(item); err == nil {
			nets = append(nets, n.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a network such as 10.0.0.0/8", item)
		}
		a = a.Unmap()
		nets = append(nets, netip.PrefixFrom(a, a.BitLen()))
	}
	return nets, nil
}

// joinNetworks writes networks for the log, separated by commas.
func joinNetworks(nets []netip.Prefix) string {
	items := make([]string, len(nets))
	for i, n := range nets {
		items[i] = n.String()
	}
	return strings.Join(items, ", ")
}

// shutdownGrace is how long the requests under way have to finish once
// the command is asked to stop.
const shutdownGrace = 10 * time.Second

// Run listens on the command's address, logs where the games are kept
// and how many the store held at start, the trusted proxies if any, then
// "referee: listening on <address>" (which tells the port of -addr
// host:0), and serves until ctx ends. It then shuts the server down: it
// stops listening, ends the event streams, gives the requests under way
// 10 s to finish, and returns once they have (or the 10 s are over), so
// that the store is closed after them. It logs the stop when it begins
// and when the requests under way have finished, or were cut short.
func (c *Command) Run(ctx context.Context) error {
	if c.HTTP == nil || c.Server == nil {
		return errors.New("referee: the command has no server to run: build it with Setup")
	}
	ln, err := net.Listen("tcp", c.HTTP.Addr)
	if err != nil {
		return err
	}
	if c.kept == "" {
		log.Printf("referee: the games are kept in memory only: they end with the process (-data DIR keeps them)")
	} else {
		log.Printf("referee: the games are kept %s, which holds %s", c.kept, engine.Count(c.Server.held(), "game"))
	}
	if nets := c.Server.cfg.TrustedProxies; len(nets) > 0 {
		log.Printf("referee: the client of a request from %s is the one its X-Forwarded-For names", joinNetworks(nets))
	}
	log.Printf("referee: listening on %s", ln.Addr())
	c.HTTP.RegisterOnShutdown(c.Server.EndStreams)
	stop := make(chan struct{})
	defer close(stop)
	go c.Server.Janitor(c.Sweep, stop)
	stopped := make(chan error, 1)
	var took time.Duration // how long the requests under way had
	go func() {
		select {
		case <-ctx.Done():
		case <-stop:
			return
		}
		log.Printf("referee: stopping: no new connection is taken, the event streams end, and the requests under way have %v to finish", shutdownGrace)
		shutdown, done := context.WithTimeout(context.Background(), shutdownGrace)
		defer done()
		go func() {
			select {
			case <-c.hurry: // nil unless Main made it: never
				done()
			case <-shutdown.Done():
			}
		}()
		began := time.Now()
		err := c.HTTP.Shutdown(shutdown)
		took = roundDuration(time.Since(began)) // read after stopped
		stopped <- err
	}()
	err = c.HTTP.Serve(LimitListener(ln, c.MaxConns, c.ConnsPerClient, c.Server.cfg.TrustedProxies...))
	if !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if ctx.Err() == nil {
		return nil // shut down by its owner, not by ctx
	}
	// Serve returns as soon as the shutdown begins: the requests under
	// way are still being answered, and may still write to the store.
	if err := <-stopped; err != nil {
		log.Printf("referee: requests still under way after %v were cut short", took)
		return nil
	}
	log.Printf("referee: the requests under way have finished")
	return nil
}

// Close stops the server's background work, then closes the command's
// store if it has a Close method, and logs that it did.
func (c *Command) Close() error {
	var err error
	if c.Server != nil {
		err = c.Server.Close()
	}
	if cl, ok := c.store.(interface{ Close() error }); ok {
		if cerr := cl.Close(); cerr != nil {
			err = errors.Join(err, cerr)
			log.Printf("referee: closing the store: %v", cerr)
		} else {
			log.Printf("referee: the store is closed")
		}
	}
	return err
}
