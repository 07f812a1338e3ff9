package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Store keeps the games durably: each game is a journal, the list of the
// events that made it, appended one at a time. The server writes every
// event to the store before it acknowledges it, and at start it replays
// the journals the store holds. FileStore, one file per game, is the
// default; a database can take its place by implementing these methods.
//
// The server calls the methods of one game one at a time (under the
// game's lock); calls about different games may run concurrently.
type Store interface {
	// Create starts the journal of a new game with its first event. It
	// fails if the game already exists.
	Create(id string, e Event) error
	// Append adds an event to a game's journal. When it returns nil the
	// event must survive a crash; when it returns an error the journal
	// must be as it was before the call.
	Append(id string, e Event) error
	// Delete removes a game's journal.
	Delete(id string) error
	// Load calls fn for every game in the store with its events in
	// order, or with the error that kept it from reading them. A journal
	// whose last event was cut short by a crash is given without it (and
	// repaired). Load returns an error only when it cannot read the
	// store at all.
	Load(fn func(id string, events []Event, err error)) error
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
)

// Event is one line of a game's journal. Tokens and invitations are kept
// as the hex SHA-256 of their text, never in clear, so that whoever reads
// the store cannot play in anyone's name.
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

	// Move: the ply it makes (1 for the first move) and its canonical
	// text (G9).
	Ply  int    `json:"ply,omitempty"`
	Move string `json:"move,omitempty"`

	// Resign: the side that resigned.
	Side string `json:"side,omitempty"`
}

// nopStore keeps nothing: the games live in memory only.
type nopStore struct{}

func (nopStore) Create(string, Event) error              { return nil }
func (nopStore) Append(string, Event) error              { return nil }
func (nopStore) Delete(string) error                     { return nil }
func (nopStore) Load(func(string, []Event, error)) error { return nil }

// FileStore keeps each game in a file of its own directory, named after
// the game's id with the extension .journal. Each event is one line:
//
//	<length> <crc32> <event as JSON>
//
// where length is the number of bytes of the JSON text, in decimal, and
// crc32 its IEEE checksum in eight hex digits. A line that does not match
// its length and checksum, or lacks its final newline, was cut short by a
// crash: it is dropped, and the file truncated before it. Every write is
// synced to the disk before the call returns.
type FileStore struct {
	dir string
}

// journalExt is the extension of the journal files.
const journalExt = ".journal"

// OpenFileStore returns the store of directory dir, creating it if needed.
func OpenFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &FileStore{dir: dir}, nil
}

func (f *FileStore) path(id string) string { return filepath.Join(f.dir, id+journalExt) }

// encodeEvent returns e's journal line.
func encodeEvent(e Event) ([]byte, error) {
	payload, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	line := fmt.Appendf(nil, "%d %08x ", len(payload), crc32.ChecksumIEEE(payload))
	line = append(line, payload...)
	return append(line, '\n'), nil
}

// decodeEvent reads one journal line, without its newline.
func decodeEvent(line []byte) (Event, error) {
	var e Event
	n, rest, ok := bytes.Cut(line, []byte(" "))
	if !ok {
		return e, errors.New("no length")
	}
	sum, payload, ok := bytes.Cut(rest, []byte(" "))
	if !ok || len(sum) != 8 {
		return e, errors.New("no checksum")
	}
	// Both numbers must be written exactly as encodeEvent writes them.
	if string(n) != strconv.Itoa(len(payload)) {
		return e, fmt.Errorf("length %q, the entry has %d bytes", n, len(payload))
	}
	if string(sum) != fmt.Sprintf("%08x", crc32.ChecksumIEEE(payload)) {
		return e, fmt.Errorf("checksum %q does not match", sum)
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return e, err
	}
	return e, nil
}

// Create writes the journal of a new game.
func (f *FileStore) Create(id string, e Event) error {
	line, err := encodeEvent(e)
	if err != nil {
		return err
	}
	file, err := os.OpenFile(f.path(id), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = file.Write(line)
	if err == nil {
		err = file.Sync()
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f.syncDir() // the new file's name must survive a crash too
	}
	if err != nil {
		os.Remove(f.path(id))
	}
	return err
}

// Append adds an event to a game's journal and syncs it. On failure it
// cuts the file back to its former length, so that no partial line stays
// in front of the next one.
func (f *FileStore) Append(id string, e Event) error {
	line, err := encodeEvent(e)
	if err != nil {
		return err
	}
	file, err := os.OpenFile(f.path(id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	info, err := file.Stat()
	if err == nil {
		if _, err = file.Write(line); err == nil {
			err = file.Sync()
		}
		if err != nil {
			file.Truncate(info.Size())
		}
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}

// Delete removes a game's file.
func (f *FileStore) Delete(id string) error {
	err := os.Remove(f.path(id))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

func (f *FileStore) syncDir() error {
	d, err := os.Open(f.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Load reads every journal of the directory.
func (f *FileStore) Load(fn func(id string, events []Event, err error)) error {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return err
	}
	for _, ent := range entries {
		id, ok := strings.CutSuffix(ent.Name(), journalExt)
		if !ok || !ent.Type().IsRegular() {
			continue
		}
		if !validID(id) {
			fn(id, nil, fmt.Errorf("%s: not a game's journal", ent.Name()))
			continue
		}
		events, err := f.read(id)
		if err == nil && len(events) == 0 { // a creation cut short: never acknowledged
			err = f.Delete(id)
			if err == nil {
				continue
			}
		}
		fn(id, events, err)
	}
	return nil
}

// read returns the events of a journal. A bad entry with nothing valid
// after it was cut short by a crash and is dropped; the file is truncated
// before it, so that later events follow the last good line. A bad entry
// followed by good ones means the file was damaged otherwise: it is an
// error, and the file is left as it is.
func (f *FileStore) read(id string) ([]Event, error) {
	data, err := os.ReadFile(f.path(id))
	if err != nil {
		return nil, err
	}
	var events []Event
	good := 0 // the length of the valid prefix
	var bad error
	for pos := 0; pos < len(data); {
		line := data[pos:]
		var e Event
		var derr error
		if i := bytes.IndexByte(line, '\n'); i < 0 {
			derr = errors.New("no newline at the end")
		} else {
			line = line[:i+1]
			e, derr = decodeEvent(line[:i])
		}
		pos += len(line)
		switch {
		case derr != nil:
			if bad == nil {
				bad = fmt.Errorf("entry %d: %w", len(events)+1, derr)
			}
		case bad != nil:
			return nil, fmt.Errorf("damaged journal: %w, followed by valid entries", bad)
		default:
			events = append(events, e)
			good = pos
		}
	}
	if good < len(data) {
		if err := os.Truncate(f.path(id), int64(good)); err != nil {
			return nil, err
		}
	}
	return events, nil
}

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
