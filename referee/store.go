package referee

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Store keeps the games durably: each game is a journal, the numbered
// list of the events that made it (1 for its creation), appended one at
// a time. The server writes every event to the store before it
// acknowledges it, and reads a game's journal when it first needs the
// game.
//
// Several servers (nodes) may share one store: the store decides which
// writer gets each event number, so that two nodes taking moves for the
// same game at the same moment cannot both succeed. FileStore keeps the
// journals in files, for one process; MemStore in memory, for tests and
// for several Servers in one process; a database can take their place
// by implementing these methods. The package storetest checks that an
// implementation keeps this contract.
//
// Game ids are 32 lower-case hex digits. Every method is safe for
// concurrent use. An error that is none of
// those named below (ErrExists, ErrNotFound, ErrConflict, a
// *DamagedError) means the store could not be reached or could not do
// the work: the server answers 503 and acknowledges nothing.
type Store interface {
	// Create starts the journal of a new game with its first event,
	// number 1. It returns ErrExists if a game of that id is stored
	// (or was set aside as damaged), and then stores nothing. When it
	// returns nil the journal must survive a crash; an error that wraps
	// ErrNotStored says that nothing of the game was stored.
	Create(ctx context.Context, id string, e Event) error
	// Append makes e event number seq of the game's journal. If the
	// journal does not hold exactly seq-1 events (another writer got
	// there first), or seq is below 2 (event 1 is Create's), it returns
	// ErrConflict and stores nothing; if there is no such game,
	// ErrNotFound; if the game was set aside as damaged, its
	// *DamagedError. When it returns nil the event
	// must survive a crash; when it returns any error the journal must
	// be as it was, or hold e as event seq (a write whose answer was
	// lost), never anything else; an error that wraps ErrNotStored
	// says that it is as it was.
	Append(ctx context.Context, id string, seq int, e Event) error
	// Load returns the events of a game from number from (1 for all)
	// to its last, in order: none, and no error, if the journal holds
	// fewer than from events. It returns ErrNotFound for a game the
	// store does not hold, and a *DamagedError for a journal it cannot
	// read. A last event cut short by a crash (never acknowledged) is
	// not returned.
	Load(ctx context.Context, id string, from int) ([]Event, error)
	// List calls fn for every game stored, without reading whole
	// journals: it must be cheap enough to call at every start with
	// thousands of games. A game set aside as damaged (SetterAside) is
	// not listed. It stops at the first error fn returns and returns it.
	List(ctx context.Context, fn func(Summary) error) error
	// Delete removes a game's journal. Deleting a game that is not
	// stored is not an error (two nodes may expire the same game); a game
	// set aside as damaged stays set aside.
	Delete(ctx context.Context, id string) error
}

// Summary is what List tells of a game. First and Last are the first and
// the last events of its journal (the same when it holds one), if the
// store can give them cheaply; a store that cannot leaves them zero
// (Type ""), and the server then reads the game's journal when it needs
// to know more than that it exists. The server uses them to decide,
// without reading every journal at start, when the game expires and
// whether a computer player must resume playing it: a game listed
// without them has its journal read in the background as the server
// starts, to find out.
type Summary struct {
	ID          string
	First, Last Event
}

// Watcher is implemented by a store that several nodes share and that
// can tell when a game changed, whoever changed it (PostgreSQL's
// LISTEN/NOTIFY, for example). The server then brings the game up to
// date at once, which wakes the event streams and computer players that
// wait for it. A shared store that is no Watcher is polled instead (see
// Config.Poll).
type Watcher interface {
	// Watch calls fn with the id of every game whose journal changes
	// (an event appended, the game created or deleted), by any writer,
	// until ctx is done. Calls may be merged or come late, never be
	// lost while Watch runs; fn must not block for long. Watch returns
	// ctx's error when ctx is done, or another error if it can no
	// longer watch; the server then calls it again after a pause.
	Watch(ctx context.Context, fn func(id string)) error
}

// Counter is implemented by a shared store that can count the games it
// holds cheaply (one query, not a read of every journal). Every node then
// bounds the games of the whole store by its MaxGames, whichever node
// created them and whichever restarted since: a creation is refused once
// the store holds MaxGames games. The server counts before each creation.
// A shared store that is no Counter leaves each node to count the games
// it holds in memory (see Config.MaxGames).
type Counter interface {
	// Count returns the number of games stored, not those set aside as
	// damaged (SetterAside).
	Count(ctx context.Context) (int, error)
}

// Exclusive is implemented by a store that only one Server uses at a
// time, such as FileStore, when Exclusive returns true. The server then
// trusts the games it keeps in memory and does not read the store before
// each answer. A store that does not implement it is taken to be shared.
type Exclusive interface {
	Exclusive() bool
}

// SetterAside is implemented by a store that can keep a journal apart
// from the games, as it is, when the server finds it damaged although
// the store read it: its events do not replay (a move the rules refuse,
// an event out of place). FileStore renames it as it does the journals
// it finds damaged itself; the PostgreSQL store marks the game damaged.
// The server calls SetAside when it finds such a journal. A store that is
// not a SetterAside keeps it where it is: the server that found it answers
// the game as damaged and does not delete it, but a server started later,
// which has not read it, may delete it with the expired games (Sweep
// deletes them unread when the store is the server's alone). A store that
// must keep every damaged journal for its operator is a SetterAside.
type SetterAside interface {
	// SetAside keeps the journal of game id apart, as it is, for the
	// reason given, and returns the *DamagedError that Load answers for
	// the game from then on (with where the journal was kept).
	SetAside(ctx context.Context, id, reason string) error
}

// The errors of a Store.
var (
	// ErrExists is returned by Create when the id is taken.
	ErrExists = errors.New("referee: the game already exists")
	// ErrNotFound is returned for a game the store does not hold.
	ErrNotFound = errors.New("referee: no such game in the store")
	// ErrConflict is returned by Append when the journal does not hold
	// the events the writer believed it held: another writer appended
	// first.
	ErrConflict = errors.New("referee: the journal changed meanwhile")
	// ErrNotStored is wrapped by an error of Create or Append after
	// which the store knows that it kept nothing of the write, and that
	// a crash cannot bring it back: the write failed before anything
	// was written, or what was written (part of a line on a full disk)
	// was taken off durably. The server then answers that nothing was
	// recorded, and the request may be sent again as it was; after
	// any other error it answers that the write may have been recorded.
	// A store that cannot tell returns its error without it.
	ErrNotStored = errors.New("referee: nothing of the write was stored")
)

// DamagedError is the error of a journal that the store holds but cannot
// read: its content is not what the store wrote, and not only a last
// event cut short by a crash. The store never repairs such a journal by
// dropping what it cannot read: it keeps it as it is, set aside, for
// someone to look at, and answers this error for the game from then on.
type DamagedError struct {
	ID     string // the game
	Reason string // what is wrong, and where
	Kept   string // where the record was set aside (a file name), if it was moved
}

// Error says which game's record is damaged, how, and where it was kept.
func (e *DamagedError) Error() string {
	msg := fmt.Sprintf("referee: the record of game %s is damaged: %s", e.ID, e.Reason)
	if e.Kept != "" {
		msg += "; kept as " + e.Kept
	}
	return msg
}

// The kinds of event a journal holds.
const (
	EventCreate = "create" // the game was created: its start and the creator's token
	EventJoin   = "join"   // the second player claimed the invitation
	EventMove   = "move"   // a move was accepted
	EventResign = "resign" // a player resigned
	// EventTakeback takes moves back, in a game against the computer:
	// Ply is the number of moves that remain.
	EventTakeback = "takeback"
	// EventRematch, after the end, tells of the game that follows this
	// one (Next), asked for by the player of Side.
	EventRematch = "rematch"
)

// Event is one entry of a game's journal. Tokens and invitations are
// kept as the hex SHA-256 of their text, never in clear, so that whoever
// reads the store cannot play in anyone's name. A store must give back
// every field as it was given, Time to the microsecond at least.
type Event struct {
	Type string    `json:"type"`
	Time time.Time `json:"time"`

	// Create: the game's name, its start position (in a game with
	// hidden pieces, a provisional one until the join: see Join), the
	// creator's side, the hashes of the creator's token and of the
	// invitation, the game's ply bound, and in Brouillard the creator's
	// arrangement.
	Game        string `json:"game,omitempty"`
	Creator     string `json:"creator,omitempty"`
	Invitation  string `json:"invitation,omitempty"`
	MaxPlies    int    `json:"max_plies,omitempty"`
	Arrangement string `json:"arrangement,omitempty"`
	// Opponent is the computer player the server runs in the creator's
	// opponent's seat, if any (see createRequest).
	Opponent string `json:"opponent,omitempty"`
	// Create and Join: the start position, and the hash of the token of
	// the player who created or joined. In a game with hidden pieces,
	// Join carries the true start, set up from both arrangements.
	Start string `json:"start,omitempty"`
	Token string `json:"token,omitempty"`
	// Create and Join with an idempotency key: the hash of the key and
	// of the request, to tell a retry from another request with the
	// same key (see idempotency.go).
	Request string `json:"request,omitempty"`

	// Move: the ply it makes (1 for the first move) and its canonical
	// text (G9).
	Ply  int    `json:"ply,omitempty"`
	Move string `json:"move,omitempty"`

	// Resign: the side that resigned. Rematch: the side that asked.
	Side string `json:"side,omitempty"`

	// Rematch: the game that follows this one. The player who did not
	// ask joins it with his own token of this game (rematch.go): no
	// invitation is kept.
	Next string `json:"next,omitempty"`

	// End is set on the event that ends the game (a winning move, the
	// move that reaches the ply bound, a resignation), and on a rematch,
	// which follows it, so that the last event tells whether the game is
	// over without replaying it.
	End bool `json:"end,omitempty"`
}

// nopStore keeps nothing: the games live in memory only.
type nopStore struct{}

func (nopStore) Create(context.Context, string, Event) error        { return nil }
func (nopStore) Append(context.Context, string, int, Event) error   { return nil }
func (nopStore) Delete(context.Context, string) error               { return nil }
func (nopStore) Load(context.Context, string, int) ([]Event, error) { return nil, ErrNotFound }
func (nopStore) List(context.Context, func(Summary) error) error    { return nil }
func (nopStore) Exclusive() bool                                    { return true }

// validID reports whether id has the form of the ids the server makes:
// 32 lower-case hex digits. The file store relies on it to keep ids out
// of other paths.
func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
