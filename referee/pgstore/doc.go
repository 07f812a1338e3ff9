// Package pgstore keeps the games of the referee
// (github.com/hopsgames/hops/referee) in a PostgreSQL database, so that
// several referee processes, the nodes, on one machine or several, serve
// the same games: any node serves any game, and a node that dies loses
// nothing that was acknowledged. It is a module of its own, since it needs
// the driver github.com/jackc/pgx/v5, which the library does not. The
// command pgstore/cmd/referee is the referee with the flag -postgres.
//
//	store, err := pgstore.Open(ctx, "postgres://hops:secret@db.example:5432/hops")
//	srv, err := referee.NewServer(referee.Config{Store: store, ...})
//
// or, with the command, two nodes on two ports of one machine (or on two
// machines) over one database, behind any load balancer:
//
//	go run ./cmd/referee -addr :8080 -postgres postgres://hops:secret@db.example/hops &
//	go run ./cmd/referee -addr :8081 -postgres postgres://hops:secret@db.example/hops &
//
// # What the nodes share
//
// The database holds the games, and nothing else: each game is its rows
// of events (creation, join, move, resignation), numbered from 1, in the
// table hops_events, whose primary key is (game, seq); hops_games lists
// the games, and marks (column damaged, with the reason) a game whose
// events the server found not to replay: it is kept as it is, answered
// as damaged, and never deleted (Store.SetAside). An event is acknowledged, and the request that made it
// answered, only once the transaction that inserted it has committed
// (with PostgreSQL's default synchronous_commit, on disk). Tokens and
// invitations are stored as their SHA-256, never in clear.
//
// Two nodes taking a move for the same game at the same moment both try
// to insert the game's next event number: the primary key lets one
// insert in, and the other's fails with a duplicate key, which Append
// reports as referee.ErrConflict. That node then reads the event that won,
// checks the move again against the new position (it is usually no
// longer the mover's turn) and answers accordingly: a move is never
// accepted twice, and no node needs a lock held across the network.
//
// # What each node keeps
//
// Each node keeps in memory the games it has served (their position,
// history, tokens' hashes), and reads a game's journal when it first
// needs it. Before answering about a game, a node reads the events that
// other nodes added since (Load from the number it has), so that a
// player sent to another node, or whose opponent plays on another node,
// sees every acknowledged move. The move lists a node computes, its rate
// limits and its event streams are its own. The limit on the games,
// -max-games, is the database's: the store counts its games
// (referee.Counter, one query of hops_games) before each creation, and
// every node refuses one once the database holds that many, whichever
// node created them and whichever restarted since; give every node the
// same -max-games. The count is not a lock: creations under way on
// several nodes at that moment may each pass it, by as many games. An
// event's time is its node's clock, and every node judges by its own
// whether a game expired: keep the nodes' clocks in step (NTP), within
// -clock-skew (2 minutes by default), the margin by which each game
// outlives its time.
//
// Every insert and deletion sends a notification (NOTIFY, from a trigger,
// on the channel hops_<schema>, when its transaction commits). Watch
// LISTENs on a connection of its own and tells the server which game
// changed; the server brings that game up to date at once, which wakes
// the event streams (the web page) and the computer players waiting on
// another node. The listening connection is checked every 15 s; if it
// is lost, or one of Watch's queries does not answer within 10 s, Watch
// returns and the server calls it again after a pause, on a new
// connection, which first names the games that got events while nobody
// listened (by the events' times, column added).
//
// # When the database is unreachable
//
// A node that cannot reach the database at start says so and exits. A
// node running when the database goes away answers 503 to every request
// that would write (a move, a join, a resignation, a creation), and
// never acknowledges a move it could not commit. Since it cannot know
// whether another node moved meanwhile, it answers 503 to the requests
// that read a game too, rather than answer from a copy that may be old.
// A database that hangs rather than refuses (stopped, its storage or
// the network dropping everything) is answered the same way once the
// node's -store-timeout (referee.Config.StoreTimeout, 5 s by default)
// has passed: each query is cancelled at the deadline, its connection
// closed, and the request answered 503 with a Retry-After header, so
// that no request, and no connection of a client's share, is held until
// the database answers. A write cancelled so is not acknowledged, though
// the database may still commit it (see the referee's Storage section:
// the client sends it again with its Idempotency-Key, or reads the game
// first). A write the database refuses before its commit (a full disk,
// a read-only database, a statement never sent for want of a
// connection) is one it kept nothing of: its error wraps
// referee.ErrNotStored, and the request is answered that nothing was
// recorded.
// The connections are made again as soon as the database is back;
// nothing needs restarting. The node's log says when the database
// stopped answering, how long it has been away (once a minute), and when
// the first request after its return succeeded; and, apart, when
// listening failed, how long it has been failing (once a minute), and
// when a connection has listened again for 30 s.
//
// # Connections
//
// Each node holds a pool of connections (pgxpool: by default 4, or the
// number of CPUs if more; pool_max_conns=N in the URL sets it) and one
// more for LISTEN. A request waits for a free connection of the pool, so
// the pool bounds the requests a node has in the database at once. An
// acknowledgement is as durable as the database's synchronous_commit
// makes a commit: with the default, on, the commit is on the database's
// disk; with a synchronous standby configured, on it as well.
//
// # The schema
//
// Open creates the tables, or brings an older schema up to date, in one
// transaction, under an advisory lock so that nodes starting together do
// not race; hops_schema holds its version. A database whose schema is
// newer than the program's is refused. The tables go in the first schema
// of the connection's search_path that exists (normally public): several
// sets of games can share a database, each in its schema
// (postgres://…/db?search_path=other), created beforehand. A search_path
// none of whose schemas exists is refused, and so is a schema whose name
// is longer than 58 bytes (its notification channel, hops_ and the name,
// must fit PostgreSQL's 63).
package pgstore
