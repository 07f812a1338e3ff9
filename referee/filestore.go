package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hopsgames/hops/internal/engine"
)

// FileStore keeps each game in a file of its own directory, named after
// the game's id with the extension .journal, for one process at a time.
// The file starts with a header line, then holds one line per event:
//
//	hops-journal 1 <synced length> <crc32>
//	<length> <crc32> <event as JSON>
//
// where each length is a number of bytes in decimal (16 digits for the
// header's) and each crc32 the IEEE checksum, in eight hex digits, of
// what precedes it on the header line but the space before it
// ("hops-journal 1 " and the sixteen digits), or of the JSON text on an
// event's line. The header says how many bytes of the file, from its start, are
// known to be synced to the disk: it is rewritten in place after each
// event is synced, and reaches the disk at the latest with the next
// event, so it never counts more than the disk holds.
//
// A game is created whole: its file is written and synced under another
// name, then renamed, so that a journal always holds its header and its
// first event. An event is written at the end of the file, and the file
// synced, before the call returns. A crash can then leave only what
// follows the synced part: an incomplete last line, without its final
// newline, or bytes left zero (a file extended but not written). That is
// a torn write, never acknowledged: it is dropped and the file cut back
// before it, and the log says so. Anything else the file holds that is
// not a valid line is damage, never mistaken for a torn write: a complete line that fails
// its length or checksum, a bad line before good ones, a line ending in
// CRLF, a file shorter than its header says (cut inside the synced part),
// zeros inside the synced part, a journal that is not a regular file.
// The journal is then set aside, renamed <id>.journal.damaged, as it is;
// Load answers a *DamagedError for the game from then on, and Create
// refuses its id. Delete sets aside a damaged journal too, rather than
// remove it.
//
// A write that fails (the disk full, an I/O error) is refused and the
// file cut back, and synced: its error then wraps ErrNotStored, and the
// server answers that nothing was recorded. When the file cannot even
// be cut back (the file system has turned read-only), or the cut cannot
// be synced, the error does not. When it cannot be cut back, the store
// remembers the length it had acknowledged: the next read of the game
// drops what follows it, a whole line among it, or fails while it
// cannot, rather than read an event whose sync failed.
//
// A call returns when its context ends even if the disk does not answer
// (a frozen or failing file system): its work goes on in the background,
// holding the game's file, so that a call behind it on the same game
// waits for it, or for its own context to end. A write that completes
// after its caller gave up is in the journal, as a write the server
// could not confirm may be.
//
// Journals written before the header existed (their first line is an
// event) are read too: in them, only lines after the last newline can be
// taken for a torn write.
type FileStore struct {
	dir  string
	held *os.File // holds the directory's lock (see OpenFileStore), nil without one

	mu     sync.Mutex
	files  map[string]*journalFile
	closed bool           // by Close: every call fails
	work   sync.WaitGroup // the calls' work under way (see run)
}

// journalFile is what the store knows of one journal, under its lock:
// every operation on a game's file holds it (see FileStore.lock).
type journalFile struct {
	sem    chan struct{} // the lock: holding it is having sent to it
	dead   bool          // removed from the table: take the game's entry again
	size   int64         // the length of the valid journal, -1 when not read yet
	n      int           // its number of events
	header bool          // it has a header (else it is an old journal)
	// acked is the journal's length when a write of this store failed
	// and the file could not be cut back (-1: none): the bytes past it
	// were never acknowledged, and the next read drops them, rather
	// than take a complete line whose sync failed for an event.
	acked int64
	// failedEnd is the file's length just after that failed write (-1:
	// not known): a file of another length was written since, by
	// another writer, and is not cut.
	failedEnd int64
}

func (jf *journalFile) unlock() { <-jf.sem }

// The names of a game's files.
const (
	journalExt = ".journal"
	damagedExt = ".damaged" // after journalExt: a journal set aside
	newExt     = ".new"     // after journalExt: a journal being created
)

// lockName is the file of a store's directory that its lock is taken on.
const lockName = "referee.lock"

// OpenFileStore returns the store of directory dir, creating it if needed.
// The store is its process's alone (it is Exclusive): OpenFileStore locks
// the directory, on the file referee.lock in it, and fails with an error
// that names the other process (its pid) if one holds it already, so
// that two servers never write the same journals, each trusting its own
// copy of the games. The lock lasts until Close, or until the process
// ends, however it ends: a crash leaves no lock behind. Within one
// process the lock is shared: opening the directory again succeeds (a
// test may do so to play a restart), and closing any of its stores
// releases it. On a system without POSIX record locks (Windows, Plan 9,
// WebAssembly) the directory is not locked.
func OpenFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	held, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	return &FileStore{dir: dir, held: held, files: map[string]*journalFile{}}, nil
}

// Close releases the directory's lock, once the work of the calls under
// way has ended: a call that gave up on a disk that did not answer left
// its work going on, and Close waits for it (as long as the disk takes),
// so that no write of this store follows the lock's release. Each write
// is on the disk before the call that made it returns, so Close has
// nothing to flush. A call to the store after Close fails with an error
// that wraps os.ErrClosed (unlocked, the directory might have another
// writer by then); one under way when Close is called ends as it would
// have.
func (f *FileStore) Close() error {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	f.work.Wait() // no write of this store after it lets the directory go
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.held == nil {
		return nil
	}
	err := f.held.Close()
	f.held = nil
	return err
}

// usable returns the error of a call made with ctx: ctx's, or the
// store's being closed.
func (f *FileStore) usable(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	closed := f.closed
	f.mu.Unlock()
	if closed {
		return fmt.Errorf("referee: the store of %s was closed: %w", f.dir, os.ErrClosed)
	}
	return nil
}

// Exclusive reports that a FileStore has one writer, its process.
func (f *FileStore) Exclusive() bool { return true }

func (f *FileStore) path(id string) string { return filepath.Join(f.dir, id+journalExt) }

// lock returns the game's entry, locked, or ctx's error if ctx ends
// while another call holds it (one whose disk does not answer).
func (f *FileStore) lock(ctx context.Context, id string) (*journalFile, error) {
	for {
		f.mu.Lock()
		jf := f.files[id]
		if jf == nil {
			jf = &journalFile{sem: make(chan struct{}, 1), size: -1, acked: -1, failedEnd: -1}
			f.files[id] = jf
		}
		f.mu.Unlock()
		select {
		case jf.sem <- struct{}{}:
		case <-ctx.Done():
			return nil, f.late(ctx)
		}
		if !jf.dead {
			return jf, nil
		}
		jf.unlock()
	}
}

// run calls op on game id's journal, under its lock, in a goroutine of
// its own, and returns op's error, or an error that wraps ctx's once ctx
// ends first: a disk that stops answering (a frozen or failing file
// system) does not hold the caller past its deadline, the server's
// StoreTimeout. op goes on to its end and keeps the lock until then, so
// that no other call works on the journal meanwhile; a write it finishes
// after its caller gave up is found by the next read, as the server
// reads a game again after a write it could not confirm.
func (f *FileStore) run(ctx context.Context, id string, op func(jf *journalFile) error) error {
	jf, err := f.lock(ctx, id)
	if err != nil {
		return notStored(err)
	}
	f.mu.Lock()
	if f.closed { // Close waits only for the work it saw begin
		f.mu.Unlock()
		jf.unlock()
		return notStored(fmt.Errorf("referee: the store of %s was closed: %w", f.dir, os.ErrClosed))
	}
	f.work.Add(1)
	f.mu.Unlock()
	done := make(chan error, 1)
	go func() {
		defer f.work.Done()
		defer jf.unlock()
		done <- op(jf)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done: // done as the context ended: its answer stands
			return err
		default:
			return f.late(ctx)
		}
	}
}

// notStored marks err, an error met before anything was written or
// after what was written was durably taken off, as ErrNotStored: the
// store kept nothing of the call.
func notStored(err error) error {
	return fmt.Errorf("%w (%w)", err, ErrNotStored)
}

// late is the error of a call whose context ended before the disk
// answered.
func (f *FileStore) late(ctx context.Context) error {
	return fmt.Errorf("referee: the disk of %s did not answer in time: %w", f.dir, ctx.Err())
}

// forget drops the game's entry. The caller holds its lock.
func (f *FileStore) forget(id string, jf *journalFile) {
	f.mu.Lock()
	jf.dead = true
	delete(f.files, id)
	f.mu.Unlock()
}

// The journal's header: its magic text, version and the synced length.
const (
	headerMagic = "hops-journal 1 "
	headerLen   = len(headerMagic) + 16 + 1 + 8 + 1
)

func encodeHeader(synced int64) []byte {
	const digits = "0123456789abcdef"
	b := make([]byte, headerLen)
	n := copy(b, headerMagic)
	for i := n + 15; i >= n; i-- { // 16 decimal digits
		b[i] = digits[synced%10]
		synced /= 10
	}
	n += 16
	sum := crc32.ChecksumIEEE(b[:n])
	b[n] = ' '
	for i := n + 8; i > n; i-- { // 8 hex digits
		b[i] = digits[sum&15]
		sum >>= 4
	}
	b[headerLen-1] = '\n'
	return b
}

// parseHeader reads a header line, without its newline.
func parseHeader(line []byte) (int64, error) {
	if len(line) != headerLen-1 {
		return 0, fmt.Errorf("the header has %d bytes, not %d", len(line)+1, headerLen)
	}
	text, sum := line[:len(line)-9], line[len(line)-8:]
	if line[len(line)-9] != ' ' || string(sum) != fmt.Sprintf("%08x", crc32.ChecksumIEEE(text)) {
		return 0, errors.New("the header fails its checksum")
	}
	n, err := strconv.ParseInt(string(text[len(headerMagic):]), 10, 64)
	if err != nil || n < int64(headerLen) {
		return 0, fmt.Errorf("the header's length %q is wrong", text[len(headerMagic):])
	}
	return n, nil
}

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
	if dec.More() {
		return e, errors.New("text after the event")
	}
	return e, nil
}

// parseJournal reads a journal's content. It returns its events and the
// length of the valid part, which is shorter than data when a torn write
// follows it (see FileStore), or the reason the journal is damaged.
func parseJournal(data []byte) (events []Event, good int, header bool, damage error) {
	synced := int64(0) // the bytes that must be complete, valid lines
	pos := 0
	switch {
	case bytes.HasPrefix(data, []byte(headerMagic)):
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return nil, 0, true, errors.New("the header is cut short")
		}
		var err error
		if synced, err = parseHeader(data[:i]); err != nil {
			return nil, 0, true, err
		}
		pos, header = i+1, true
	case len(data) > 0 && data[0] >= '1' && data[0] <= '9':
		// An old journal, without a header.
	default:
		return nil, 0, false, errors.New("the file does not start as a journal")
	}
	for pos < len(data) {
		rest := data[pos:]
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			// An incomplete last line, or zeros: a torn write if it
			// lies after the synced part, else the file was cut.
			if int64(pos) >= synced {
				break
			}
			return nil, 0, header, fmt.Errorf("event %d, at byte %d, is cut short inside the %d bytes known to be synced", len(events)+1, pos, synced)
		}
		line := rest[:i]
		if bytes.HasSuffix(line, []byte("\r")) {
			return nil, 0, header, fmt.Errorf("event %d, at byte %d, ends in CRLF", len(events)+1, pos)
		}
		e, err := decodeEvent(line)
		if err != nil {
			return nil, 0, header, fmt.Errorf("event %d, at byte %d: %w", len(events)+1, pos, err)
		}
		events = append(events, e)
		pos += i + 1
	}
	if int64(pos) < synced {
		return nil, 0, header, fmt.Errorf("the journal holds %d valid bytes, its header says %d were synced", pos, synced)
	}
	if len(events) == 0 {
		return nil, 0, header, errors.New("the journal holds no event")
	}
	return events, pos, header, nil
}

// Create writes the journal of a new game, whole, under a temporary name,
// then renames it.
func (f *FileStore) Create(ctx context.Context, id string, e Event) error {
	if err := f.usable(ctx); err != nil {
		return notStored(err)
	}
	if !validID(id) {
		return fmt.Errorf("referee: %q is not a game id", id)
	}
	line, err := encodeEvent(e)
	if err != nil {
		return notStored(err)
	}
	return f.run(ctx, id, func(jf *journalFile) error { return f.create(id, jf, line) })
}

// create is Create under the journal's lock.
func (f *FileStore) create(id string, jf *journalFile, line []byte) error {
	name := f.path(id)
	for _, n := range []string{name, name + damagedExt} {
		if _, err := os.Lstat(n); err == nil {
			return ErrExists
		} else if !errors.Is(err, fs.ErrNotExist) {
			return notStored(err)
		}
	}
	size := int64(headerLen + len(line))
	data := append(encodeHeader(size), line...)
	tmp := name + newExt
	err := writeSynced(tmp, data)
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		// The journal's name was never taken: a temporary file left
		// behind is removed at the next start.
		os.Remove(tmp)
		jf.size = -1
		return notStored(err)
	}
	if err = f.syncDir(); err != nil { // the new name must survive a crash too
		os.Remove(name)
		jf.size = -1
		return err
	}
	jf.size, jf.n, jf.header, jf.acked = size, 1, true, -1
	return nil
}

// writeSynced writes a new file and syncs it.
func writeSynced(name string, data []byte) error {
	file, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = file.Write(data)
	if err == nil {
		err = syncFile(file)
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	return err
}

// Append writes e at the end of the game's journal, syncs it, then
// records the new synced length in the header. On failure it cuts the
// file back to its former length, so that no partial line stays in front
// of the next one.
func (f *FileStore) Append(ctx context.Context, id string, seq int, e Event) error {
	if err := f.usable(ctx); err != nil {
		return notStored(err)
	}
	if !validID(id) {
		return ErrNotFound
	}
	line, err := encodeEvent(e)
	if err != nil {
		return notStored(err)
	}
	return f.run(ctx, id, func(jf *journalFile) error { return f.append(id, jf, seq, line) })
}

// append is Append under the journal's lock.
func (f *FileStore) append(id string, jf *journalFile, seq int, line []byte) error {
	// Until the line is written, a failure leaves the journal as it was.
	before := func(err error) error {
		if err == nil || isAnswer(err) {
			return err
		}
		return notStored(err)
	}
	file, err := os.OpenFile(f.path(id), os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		_, err = f.readLocked(id, jf) // ErrNotFound, or the game was set aside
		return before(err)
	}
	if err != nil {
		return before(err)
	}
	defer file.Close()
	// The journal is read again if this store does not know it yet, or
	// if its length is not the one this store left (another store
	// wrote it: FileStore is for one process, but a restarted server
	// may overlap with the last one's computer players).
	info, err := file.Stat()
	if err != nil {
		return before(err)
	}
	if jf.size < 0 || info.Size() != jf.size || !info.Mode().IsRegular() {
		file.Close()
		if _, err := f.readLocked(id, jf); err != nil {
			return before(err)
		}
		if file, err = os.OpenFile(f.path(id), os.O_RDWR, 0); err != nil {
			return before(err)
		}
		defer file.Close()
	}
	if seq != jf.n+1 {
		return ErrConflict
	}
	if err = fault("write", file.Name()); err == nil {
		_, err = file.WriteAt(line, jf.size)
	}
	if err == nil {
		err = syncFile(file)
	}
	if err != nil {
		if cut(file, jf.size) != nil {
			jf.failedEnd = -1
			if info, err := file.Stat(); err == nil {
				jf.failedEnd = info.Size()
			}
			// The line may stand whole in the file: the next read
			// must not take it for an event (see acked).
			jf.acked = jf.size
			jf.size = -1 // the next call reads it again, which drops the rest
			return err
		}
		// Cut back, the line is gone once the cut is synced: a crash
		// cannot bring it back.
		if syncFile(file) == nil {
			return notStored(err)
		}
		return err
	}
	jf.size += int64(len(line))
	jf.n++
	if jf.header {
		// The event is durable: a header that fails to be written
		// only counts fewer bytes as synced.
		file.WriteAt(encodeHeader(jf.size), 0)
	}
	return nil
}

// Load reads the game's journal.
func (f *FileStore) Load(ctx context.Context, id string, from int) ([]Event, error) {
	if err := f.usable(ctx); err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, ErrNotFound
	}
	var events []Event
	err := f.run(ctx, id, func(jf *journalFile) error {
		var err error
		events, err = f.readLocked(id, jf)
		return err
	})
	if err != nil {
		return nil, err
	}
	from = max(from, 1)
	if from > len(events) {
		return nil, nil
	}
	return events[from-1:], nil
}

// readLocked reads a journal, drops a torn write at its end and sets
// aside a damaged one. The caller holds the journal's lock.
func (f *FileStore) readLocked(id string, jf *journalFile) ([]Event, error) {
	jf.size = -1
	name := f.path(id)
	info, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Lstat(name + damagedExt); err == nil {
			return nil, &DamagedError{ID: id, Reason: "its journal was set aside earlier", Kept: filepath.Base(name + damagedExt)}
		}
		f.forget(id, jf) // the table holds only the games that exist
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, f.setAside(id, "the journal is not a regular file but "+fileKind(info.Mode()))
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if jf.acked >= 0 && int64(len(data)) > jf.acked && int64(len(data)) == jf.failedEnd {
		// A write of this store failed and could not be cut back: what
		// follows the acknowledged part goes, whole line or not.
		if err := cutNamed(name, jf.acked); err != nil {
			return nil, err
		}
		log.Printf("referee: game %s: the end of its journal (%s), whose write failed, never acknowledged: dropped",
			id, engine.Count(len(data)-int(jf.acked), "byte"))
		data = data[:jf.acked]
	}
	jf.acked = -1
	events, good, header, damage := parseJournal(data)
	if damage != nil {
		return nil, f.setAside(id, damage.Error())
	}
	if good < len(data) {
		// A torn write: never acknowledged, so dropped, and said.
		if err := cutNamed(name, int64(good)); err != nil {
			return nil, err
		}
		log.Printf("referee: game %s: the end of its journal (%s) was being written when the process stopped, never acknowledged: dropped",
			id, engine.Count(len(data)-good, "byte"))
	}
	jf.size, jf.n, jf.header = int64(good), len(events), header
	return events, nil
}

// SetAside sets aside the journal of game id, as it is, for a reason the
// server found (see SetterAside): it is renamed <id>.journal.damaged, as
// a journal the store finds damaged itself. It returns the
// *DamagedError that Load answers from then on; for a game already set
// aside, or not stored, it returns what Load returns.
func (f *FileStore) SetAside(ctx context.Context, id, reason string) error {
	if err := f.usable(ctx); err != nil {
		return err
	}
	if !validID(id) {
		return ErrNotFound
	}
	return f.run(ctx, id, func(jf *journalFile) error {
		if _, err := os.Lstat(f.path(id)); err != nil {
			_, err := f.readLocked(id, jf)
			return err
		}
		jf.size = -1 // read again: the next read finds it set aside
		err := f.setAside(id, reason)
		var damaged *DamagedError
		if errors.As(err, &damaged) && damaged.Kept != "" {
			// The journal is gone: what acked said of it no longer
			// applies. Left in place, it still does.
			jf.acked = -1
		}
		return err
	})
}

// setAside renames a damaged journal, kept as it is, and returns the
// error that says so.
func (f *FileStore) setAside(id, reason string) error {
	name := f.path(id)
	kept := name + damagedExt
	if _, err := os.Lstat(kept); err == nil {
		// Set aside before (a game of the same id created again).
		for i := 2; ; i++ {
			if _, err := os.Lstat(fmt.Sprintf("%s.%d", kept, i)); errors.Is(err, fs.ErrNotExist) {
				kept = fmt.Sprintf("%s.%d", kept, i)
				break
			}
		}
	}
	err := fault("rename", name)
	if err == nil {
		err = os.Rename(name, kept)
	}
	if err != nil {
		return &DamagedError{ID: id, Reason: reason + " (it could not be set aside: " + err.Error() + ")"}
	}
	f.syncDir()
	return &DamagedError{ID: id, Reason: reason, Kept: filepath.Base(kept)}
}

// List calls fn for every journal of the directory, with its first and
// last events read from the start and the end of the file. A creation
// cut short by a crash (a temporary file) is removed.
func (f *FileStore) List(ctx context.Context, fn func(Summary) error) error {
	if err := f.usable(ctx); err != nil {
		return err
	}
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return err
	}
	for _, ent := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := ent.Name()
		// The entries are read here, under each game's lock, rather than
		// in run's goroutine: a goroutine a game made a restart of
		// thousands of games half as slow again.
		if id, ok := strings.CutSuffix(name, journalExt+newExt); ok && validID(id) {
			jf, err := f.lock(ctx, id)
			if err != nil {
				return err
			}
			os.Remove(filepath.Join(f.dir, name))
			jf.unlock()
			continue
		}
		id, ok := strings.CutSuffix(name, journalExt)
		if !ok || !validID(id) {
			continue
		}
		sum := Summary{ID: id}
		if ent.Type().IsRegular() {
			jf, err := f.lock(ctx, id)
			if err != nil {
				return err
			}
			sum.First, sum.Last = f.ends(id)
			jf.unlock()
		}
		if err := fn(sum); err != nil {
			return err
		}
	}
	return nil
}

// endsRead is how much of each end of a journal List reads.
const endsRead = 4 << 10

// ends returns the first and last events of a journal, read from its
// ends, or zero events if they are not plain there (the journal is then
// read whole when the game is needed, which tells a torn write from
// damage).
func (f *FileStore) ends(id string) (first, last Event) {
	file, err := os.Open(f.path(id))
	if err != nil {
		return
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil {
		return
	}
	size := info.Size()
	head := make([]byte, min(size, endsRead))
	if _, err := io.ReadFull(file, head); err != nil {
		return
	}
	rest := head
	if bytes.HasPrefix(head, []byte(headerMagic)) {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			return
		}
		rest = head[i+1:]
	}
	i := bytes.IndexByte(rest, '\n')
	if i < 0 {
		return
	}
	if first, err = decodeEvent(rest[:i]); err != nil {
		return Event{}, Event{}
	}
	tail := head
	if size > int64(len(head)) {
		tail = make([]byte, min(size, endsRead))
		if _, err := file.ReadAt(tail, size-int64(len(tail))); err != nil {
			return first, Event{}
		}
	}
	if !bytes.HasSuffix(tail, []byte("\n")) {
		return first, Event{}
	}
	j := bytes.LastIndexByte(tail[:len(tail)-1], '\n')
	if j < 0 {
		return first, Event{}
	}
	if last, err = decodeEvent(tail[j+1 : len(tail)-1]); err != nil {
		return first, Event{}
	}
	return first, last
}

// Delete removes a game's file. A journal it cannot read is not
// removed but set aside, as Load would: the store never deletes what it
// cannot read, even for a game that expired without being read since the
// start.
func (f *FileStore) Delete(ctx context.Context, id string) error {
	if err := f.usable(ctx); err != nil {
		return err
	}
	if !validID(id) {
		return nil
	}
	return f.run(ctx, id, func(jf *journalFile) error {
		if _, err := f.readLocked(id, jf); err != nil {
			var damaged *DamagedError
			if errors.Is(err, ErrNotFound) || errors.As(err, &damaged) {
				return nil
			}
			return err
		}
		f.forget(id, jf)
		err := fault("remove", f.path(id))
		if err == nil {
			err = os.Remove(f.path(id))
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	})
}

func (f *FileStore) syncDir() error {
	d, err := os.Open(f.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return syncFile(d)
}

// syncFile syncs a file or a directory to the disk, asking the tests'
// seam first (diskFault): what a store makes durable, and when, cannot
// be seen from its files, which look the same before a crash whether
// synced or not, so a test watches the syncs themselves.
func syncFile(file *os.File) error {
	if err := fault("sync", file.Name()); err != nil {
		return err
	}
	return file.Sync()
}

// diskFault, set by tests only, is asked before every write of an event,
// every sync of a file or a directory, every cutting back of a journal,
// and every renaming aside and removal of one, with "write", "sync",
// "cut", "rename" or "remove" and the file's name: the error it returns
// is the call's, as a failing disk's would be, and it may block, as a
// frozen one does; a test may also just watch the calls.
var diskFault atomic.Pointer[func(op, name string) error]

// fault returns what diskFault says of op on name, nil without it.
func fault(op, name string) error {
	if f := diskFault.Load(); f != nil {
		return (*f)(op, name)
	}
	return nil
}

// cut cuts a journal back to size, after a write that failed.
func cut(file *os.File, size int64) error {
	if err := fault("cut", file.Name()); err != nil {
		return err
	}
	return file.Truncate(size)
}

// cutNamed cuts the journal of that name back to size, dropping what was
// never acknowledged.
func cutNamed(name string, size int64) error {
	if err := fault("cut", name); err != nil {
		return err
	}
	return os.Truncate(name, size)
}

// fileKind names the kind of file of mode in words, for a journal that
// is not a regular file (its mode's letters, "d---------", read as a
// directory without permissions).
func fileKind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
