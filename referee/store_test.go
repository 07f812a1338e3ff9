package referee

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/internal/engine"
)

// fileConfig returns a test configuration storing in dir; seed must differ
// from one start to the next, or the new server would draw the ids of the
// old one.
func fileConfig(t testing.TB, dir string, seed byte) Config {
	t.Helper()
	store, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	c := testConfig(seed)
	c.Store = store
	return c
}

// play plays n moves of a game, the first legal move each time, and
// returns them.
func (c *client) play(h hosted, n int) []string {
	c.t.Helper()
	var played []string
	path := "/games/" + h.ID
	for range n {
		var st stateJSON
		c.do("GET", path, h.Tokens[anySide(h)], "", &st)
		if st.Status != StatusPlaying {
			break
		}
		token := h.Tokens[st.ToMove]
		moves := c.allMoves(path, token)
		var next stateJSON
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{Move: moves[0]}), &next); code != http.StatusOK {
			c.t.Fatalf("move %s: %d %s", moves[0], code, raw)
		}
		played = append(played, moves[0])
	}
	return played
}

// playRandomly plays up to n moves of h, each drawn by r from the legal
// moves, and stops at the game's end.
func (c *client) playRandomly(h hosted, r *rand.Rand, n int) {
	c.t.Helper()
	path := "/games/" + h.ID
	for range n {
		var st stateJSON
		c.do("GET", path, "", "", &st)
		if st.Status != StatusPlaying {
			return
		}
		moves := c.allMoves(path, "")
		c.do("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: moves[r.IntN(len(moves))]}), nil)
	}
}

// anySide returns one of the sides of h.
func anySide(h hosted) string {
	for side := range h.Tokens {
		return side
	}
	return ""
}

func (c *client) history(h hosted) historyJSON {
	c.t.Helper()
	var out historyJSON
	if code, raw := c.do("GET", "/games/"+h.ID+"/history", h.Tokens[anySide(h)], "", &out); code != http.StatusOK {
		c.t.Fatalf("history: %d %s", code, raw)
	}
	return out
}

func TestEventLines(t *testing.T) {
	e := Event{Type: EventMove, Time: time.Unix(1e9, 0).UTC(), Ply: 3, Move: "D1-D2 C1-C2"}
	line, err := encodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	if line[len(line)-1] != '\n' || bytes.Count(line, []byte("\n")) != 1 {
		t.Fatalf("line %q", line)
	}
	got, err := decodeEvent(line[:len(line)-1])
	if err != nil || got != e {
		t.Fatalf("decoded %+v, %v", got, err)
	}
	// Any single change of a byte, and any cut, is detected.
	for i := range len(line) - 1 {
		bad := slices.Clone(line[:len(line)-1])
		bad[i] ^= 0x20
		if _, err := decodeEvent(bad); err == nil {
			t.Errorf("byte %d changed: %q accepted", i, bad)
		}
		if _, err := decodeEvent(line[:i]); err == nil {
			t.Errorf("cut at %d: %q accepted", i, line[:i])
		}
	}
}

// TestRestartKeepsGames drops a server without closing anything after
// every move of games of each kind, and starts a new one on the same
// directory: the games go on where they were, tokens and all.
func TestRestartKeepsGames(t *testing.T) {
	dir := t.TempDir()
	seed := byte(20)
	c := newClientWith(t, fileConfig(t, dir, seed))
	var all []hosted
	var played [][]string
	for _, g := range games.All() {
		all = append(all, c.create(g.Name, ""))
		played = append(played, nil)
	}
	waiting := c.createOnly(createRequest{Game: "brouillard", Arrangement: "KJQXXTN"})
	for range 12 {
		for i, h := range all {
			played[i] = append(played[i], c.play(h, 1)...)
		}
		seed++
		c.restart(fileConfig(t, dir, seed))
		for i, h := range all {
			if got := c.history(h).Moves; !slices.Equal(got, played[i]) {
				t.Fatalf("after a restart: history %v, played %v", got, played[i])
			}
		}
	}
	// The waiting game can still be joined, once, with the creator's
	// arrangement kept.
	joined := c.joinAs(waiting.ID, joinRequest{Invitation: waiting.Invitation})
	seed++
	c.restart(fileConfig(t, dir, seed))
	if code, _ := c.do("POST", "/games/"+waiting.ID+"/join", "", jsonBody(joinRequest{Invitation: waiting.Invitation}), nil); code != http.StatusConflict {
		t.Errorf("second claim after a restart: %d", code)
	}
	// KJQXXTN on B1 D1 F1 A2 C2 E2 G2 (B3).
	const mine = "/X1XFT1N/1K1J1Q1 w 0 0 -"
	var st stateJSON
	c.do("GET", "/games/"+waiting.ID, waiting.Token, "", &st)
	if st.Status != StatusPlaying || !strings.HasSuffix(st.Position, mine) {
		t.Errorf("White's view %+v does not show White's arrangement", st)
	}
	if got := c.server().games[waiting.ID].start.String(); !strings.HasSuffix(got, mine) {
		t.Errorf("the creator's arrangement is not in the start %s", got)
	}
	c.do("GET", "/games/"+waiting.ID, joined.Token, "", &st)
	if st.You != "Red" || !st.View || strings.ContainsAny(strings.Split(st.Position, " ")[0], "NTJQKX") {
		t.Errorf("Red's view %+v shows White's pawns", st)
	}

	// No token or invitation is written in clear.
	var raw []byte
	for _, name := range journals(t, dir) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		raw = append(raw, b...)
	}
	secrets := []string{waiting.Token, waiting.Invitation, joined.Token}
	for _, h := range all {
		for _, tok := range h.Tokens {
			secrets = append(secrets, tok)
		}
	}
	for _, s := range secrets {
		if bytes.Contains(raw, []byte(s)) {
			t.Errorf("token %s in the journals", s)
		}
		if !bytes.Contains(raw, []byte(hashOf(s).String())) {
			t.Errorf("the hash of %s is not in the journals", s)
		}
	}
}

// journalGame creates a Zapita game stored in a new directory, plays n
// moves, and returns the client, the game, the moves and the journal's
// file name.
func journalGame(t *testing.T, n int) (*client, hosted, []string, string) {
	t.Helper()
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 30))
	h := c.create("zapita", "")
	played := c.play(h, n)
	return c, h, played, filepath.Join(dir, h.ID+journalExt)
}

// rewrite changes a file's content with do.
func rewrite(t *testing.T, name string, do func([]byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, do(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// lastLine returns where the last line of data starts.
func lastLine(data []byte) int { return bytes.LastIndexByte(data[:len(data)-1], '\n') + 1 }

// unsynced rewrites data's header as if the last line had been synced
// but the header not yet rewritten: it counts the lines before it.
func unsynced(data []byte) []byte {
	out := slices.Clone(data)
	copy(out, encodeHeader(int64(lastLine(data))))
	return out
}

// TestTornWrite leaves a journal as a crash in the middle of a write
// would: only what follows the synced part is lost, never an
// acknowledged move, and the game goes on and is stored properly after.
func TestTornWrite(t *testing.T) {
	// A move being written when the crash came: its line, half of it.
	half := func(d []byte) []byte {
		line, _ := encodeEvent(Event{Type: EventMove, Ply: 7, Move: "A1-A2"})
		return append(d, line[:len(line)/2]...)
	}
	for _, damage := range []struct {
		name string
		lost int // moves lost: only one never acknowledged
		do   func(data []byte) []byte
	}{
		{"a line cut short appended", 0, half},
		{"zeros appended (the file extended, not written)", 0, func(d []byte) []byte { return append(d, make([]byte, 70)...) }},
		{"the last line synced, the header not rewritten", 0, unsynced},
		{"the last line cut short, the header not rewritten", 1, func(d []byte) []byte {
			d = unsynced(d)
			at := lastLine(d)
			return d[:at+(len(d)-at)/2]
		}},
		{"the last line left zero, the header not rewritten", 1, func(d []byte) []byte {
			d = unsynced(d)
			at := lastLine(d)
			return append(d[:at], make([]byte, len(d)-at)...)
		}},
		{"the last newline missing, the header not rewritten", 1, func(d []byte) []byte { return unsynced(d)[:len(d)-1] }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			c, h, played, name := journalGame(t, 6)
			rewrite(t, name, damage.do)
			logged := captureLog(t)
			before, _ := os.Stat(name)
			c.restart(fileConfig(t, filepath.Dir(name), 31))
			want := played[:len(played)-damage.lost]
			if got := c.history(h).Moves; !slices.Equal(got, want) {
				t.Fatalf("history %v, want %v", got, want)
			}
			// What was dropped is said, with its size; nothing else.
			after, _ := os.Stat(name)
			said := fmt.Sprintf("referee: game %s: the end of its journal (%s) was being written when the process stopped, never acknowledged: dropped",
				h.ID, engine.Count(int(before.Size()-after.Size()), "byte"))
			if dropped := before.Size() > after.Size(); dropped != strings.Contains(logged.String(), said) || !dropped && strings.Contains(logged.String(), "dropped") {
				t.Errorf("%d bytes dropped; the log says:\n%s", before.Size()-after.Size(), logged.String())
			}
			// The file was cut back to its valid entries: the moves
			// played next are found after another restart.
			more := c.play(h, 2)
			c.restart(fileConfig(t, filepath.Dir(name), 32))
			if got := c.history(h).Moves; !slices.Equal(got, append(want, more...)) {
				t.Fatalf("history %v, want %v then %v", got, want, more)
			}
			if _, err := os.Stat(name + damagedExt); err == nil {
				t.Error("a torn write set the journal aside")
			}
		})
	}
}

// TestDamagedJournal damages journals in every way a crash cannot: the
// game is answered as damaged (503, kind "damaged"), not as unknown,
// before and after a restart; its file is kept as it was, set aside; the
// other games go on.
func TestDamagedJournal(t *testing.T) {
	flip := func(back int) func([]byte) []byte { // a byte of the back-th line from the end
		return func(d []byte) []byte {
			lines := bytes.SplitAfter(d[:len(d)-1], []byte("\n"))
			line := lines[len(lines)-back]
			line[len(line)/2] ^= 0x04
			return d
		}
	}
	for _, damage := range []struct {
		name string
		do   func(data []byte) []byte
	}{
		{"a byte of the last line changed", flip(1)},
		{"a byte of the line before changed", flip(2)},
		{"a byte of the third line from the end changed", flip(3)},
		{"the last newline changed", func(d []byte) []byte { d[len(d)-1] = ' '; return d }},
		{"cut at half", func(d []byte) []byte { return d[:len(d)/2] }},
		{"cut in the last line", func(d []byte) []byte { at := lastLine(d); return d[:at+(len(d)-at)/2] }},
		{"the last newline missing", func(d []byte) []byte { return d[:len(d)-1] }},
		{"cut after a whole line", func(d []byte) []byte { return d[:lastLine(d)] }},
		{"CRLF line endings", func(d []byte) []byte { return bytes.ReplaceAll(d, []byte("\n"), []byte("\r\n")) }},
		{"zero-filled", func(d []byte) []byte { return make([]byte, len(d)) }},
		{"a synced line left zero", func(d []byte) []byte {
			at := lastLine(d)
			return append(d[:at], make([]byte, len(d)-at)...)
		}},
		{"zeros in the middle", func(d []byte) []byte { clear(d[len(d)/3 : len(d)/2]); return d }},
		{"a bad line before good ones", func(d []byte) []byte {
			lines := bytes.SplitAfter(d, []byte("\n"))
			lines[3] = []byte("7 00000000 garbage\n")
			return bytes.Join(lines, nil)
		}},
		{"complete garbage lines appended", func(d []byte) []byte { return append(d, "12 00000000 {}\nxx\n"...) }},
		{"the header changed", func(d []byte) []byte { d[20] ^= 1; return d }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			c, h, _, name := journalGame(t, 6)
			other := c.create("coir", "")
			rewrite(t, name, damage.do)
			want, _ := os.ReadFile(name)
			checkDamaged(t, c, h, name, 33)
			if kept, err := os.ReadFile(name + damagedExt); err != nil || !bytes.Equal(kept, want) {
				t.Errorf("the journal was not kept as it was: %v", err)
			}
			if code, _ := c.do("GET", "/games/"+other.ID, "", "", nil); code != http.StatusOK {
				t.Errorf("the other game: %d", code)
			}
		})
	}
	// A journal the store reads but whose events do not replay (here an
	// event the server does not know) is damaged too, and set aside as
	// it is: left in place, it would be deleted when the game expired.
	t.Run("an event that does not replay", func(t *testing.T) {
		c, h, _, name := journalGame(t, 2)
		store, _ := OpenFileStore(filepath.Dir(name))
		if err := store.Append(context.Background(), h.ID, 5, Event{Type: "teleport"}); err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(name)
		for i := range 2 {
			c.restart(fileConfig(t, filepath.Dir(name), 40+byte(i)))
			var e errorJSON
			if code, raw := c.do("GET", "/games/"+h.ID, h.Tokens[anySide(h)], "", &e); code != http.StatusServiceUnavailable || e.Kind != "damaged" {
				t.Fatalf("answered %d %s", code, raw)
			}
		}
		if got, err := os.ReadFile(name + damagedExt); err != nil || !bytes.Equal(got, want) {
			t.Errorf("the journal was not set aside as it was: %v", err)
		}
		if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the journal is still in place: %v", err)
		}
	})
	for _, kind := range []string{"directory", "symlink"} {
		t.Run("a "+kind, func(t *testing.T) {
			c, h, _, name := journalGame(t, 2)
			saved := filepath.Join(t.TempDir(), "saved")
			if err := os.Rename(name, saved); err != nil {
				t.Fatal(err)
			}
			var err error
			if kind == "directory" {
				err = os.Mkdir(name, 0o700)
			} else {
				err = os.Symlink(saved, name)
			}
			if err != nil {
				t.Fatal(err)
			}
			checkDamaged(t, c, h, name, 34)
			if info, err := os.Lstat(name + damagedExt); err != nil || (kind == "directory") != info.IsDir() || (kind == "symlink") != (info.Mode()&os.ModeSymlink != 0) {
				t.Errorf("the %s was not kept: %v %v", kind, info, err)
			}
		})
	}
}

// checkDamaged restarts the server on name's directory and checks that
// game h is answered as damaged, then and after another restart, and its
// journal set aside.
func checkDamaged(t *testing.T, c *client, h hosted, name string, seed byte) {
	t.Helper()
	for i := range 2 {
		c.restart(fileConfig(t, filepath.Dir(name), seed+byte(i)))
		for range 2 {
			var e errorJSON
			code, raw := c.do("GET", "/games/"+h.ID, h.Tokens[anySide(h)], "", &e)
			if code != http.StatusServiceUnavailable || e.Kind != "damaged" || !strings.Contains(e.Error, "damaged and kept for inspection") {
				t.Fatalf("restart %d: damaged game answered %d %s", i+1, code, raw)
			}
		}
	}
	if _, err := os.Lstat(name); !os.IsNotExist(err) {
		t.Errorf("the damaged journal is still in place: %v", err)
	}
	if _, err := os.Lstat(name + damagedExt); err != nil {
		t.Errorf("the damaged journal was not set aside: %v", err)
	}
	// Its id cannot be given to a new game.
	store, _ := OpenFileStore(filepath.Dir(name))
	if err := store.Create(context.Background(), h.ID, Event{Type: EventCreate}); !errors.Is(err, ErrExists) {
		t.Errorf("Create over a damaged game: %v", err)
	}
}

// TestCreationCutShort: a creation cut short by a crash leaves only its
// temporary file, never acknowledged, removed at start; a journal holds
// its first event from the moment it has its name.
func TestCreationCutShort(t *testing.T) {
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 35))
	h := c.create("catchit", "")
	tmp := filepath.Join(dir, strings.Repeat("ab", 16)+journalExt+newExt)
	os.WriteFile(tmp, []byte("hops-jour"), 0o600)
	c.restart(fileConfig(t, dir, 36))
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the creation cut short is still there: %v", err)
	}
	if code, _ := c.do("GET", "/games/"+h.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the game: %d", code)
	}
	data, _ := os.ReadFile(filepath.Join(dir, h.ID+journalExt))
	if events, good, header, err := parseJournal(data); err != nil || good != len(data) || !header || len(events) != 2 { // created and joined
		t.Errorf("a new journal: %d events, %d of %d bytes, header %v, %v", len(events), good, len(data), header, err)
	}
}

// TestKill9 runs the real command with -data, checks that a second one
// cannot use the same directory meanwhile, kills the first with SIGKILL
// while clients are playing, starts it again on the same directory (the
// kill left no lock behind), and checks that every move it acknowledged
// is in the history.
func TestKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildReferee(t)
	dir := t.TempDir()
	var said []string // what the command logged before it listened, at its last start
	start := func() (*exec.Cmd, *client) {
		said = nil
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-data", dir, "-create-rate", "0")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			said = append(said, lines.Text())
			if _, addr, ok := strings.Cut(lines.Text(), "listening on "); ok {
				go io.Copy(io.Discard, stderr)
				return cmd, &client{t: t, url: "http://" + addr, hc: &http.Client{Timeout: 10 * time.Second}}
			}
		}
		cmd.Process.Kill()
		t.Fatalf("the server did not start: %v", lines.Err())
		return nil, nil
	}
	cmd, c := start()
	if want := "referee: the games are kept in " + dir + ", which holds 0 games"; len(said) != 2 || !strings.HasSuffix(said[0], want) {
		t.Errorf("the command said at its first start:\n%s\nwant first a line ending %q", strings.Join(said, "\n"), want)
	}
	// A second server on the same directory is refused while the first
	// runs: each would trust its own copy of the games.
	ctx, stopSecond := context.WithTimeout(context.Background(), 10*time.Second)
	second := exec.CommandContext(ctx, bin, "-addr", "127.0.0.1:0", "-data", dir)
	out, err := second.CombinedOutput()
	stopSecond()
	if want := fmt.Sprintf("referee: -data: %s is in use by another process (pid %d)", dir, cmd.Process.Pid); second.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), want) {
		t.Errorf("a second server on the directory: %v, said:\n%s\nwant exit 2 and %q", err, out, want)
	}
	var all []hosted
	for range 2 {
		for _, g := range games.All() {
			all = append(all, c.create(g.Name, ""))
		}
	}
	// Each game has a player sending moves as fast as it can; the server
	// is killed in the middle.
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	acked := map[string][]string{}
	var wg sync.WaitGroup
	for i, h := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 5))
			path := "/games/" + h.ID
			for ctx.Err() == nil {
				var st stateJSON
				if code, _ := c.quiet("GET", path, h.Tokens[anySide(h)], "", &st); code != http.StatusOK || st.Status != StatusPlaying {
					return
				}
				var moves movesJSON
				if code, _ := c.quiet("GET", path+"/moves", h.Tokens[st.ToMove], "", &moves); code != http.StatusOK || len(moves.Moves) == 0 {
					return
				}
				move := moves.Moves[r.IntN(len(moves.Moves))]
				var next stateJSON
				code, _ := c.quiet("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{Move: move}), &next)
				if code != http.StatusOK {
					return // killed
				}
				mu.Lock()
				if next.Ply != len(acked[h.ID])+1 {
					t.Errorf("move %q acknowledged at ply %d after %d", move, next.Ply, len(acked[h.ID]))
				}
				acked[h.ID] = append(acked[h.ID], move)
				mu.Unlock()
			}
		}()
	}
	// Kill it once enough moves went through, or after a while.
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		mu.Lock()
		n := 0
		for _, moves := range acked {
			n += len(moves)
		}
		mu.Unlock()
		if n >= 40 {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	cancel()
	wg.Wait()

	cmd, c = start()
	if want := fmt.Sprintf("referee: the games are kept in %s, which holds %d games", dir, len(all)); len(said) != 2 || !strings.HasSuffix(said[0], want) {
		t.Errorf("the command said at its restart:\n%s\nwant first a line ending %q", strings.Join(said, "\n"), want)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	total := 0
	for _, h := range all {
		got := c.history(h).Moves
		want := acked[h.ID]
		// A move written but not yet acknowledged may be there too.
		if len(got) < len(want) || len(got) > len(want)+1 || !slices.Equal(got[:len(want)], want) {
			t.Errorf("game %s: history %v, acknowledged %v", h.ID, got, want)
		}
		total += len(want)
	}
	if total < 20 {
		t.Errorf("only %d moves acknowledged before the kill", total)
	}
	t.Logf("%d moves acknowledged before the kill", total)
	// The games go on.
	for _, h := range all {
		before := len(c.history(h).Moves)
		if len(c.play(h, 1)) == 1 && len(c.history(h).Moves) != before+1 {
			t.Errorf("game %s does not go on", h.ID)
		}
	}
}

// buildReferee builds the command examples/referee for a test that runs
// it as a process, and returns its path.
func buildReferee(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "referee")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/referee").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// quiet is do for requests that may fail because the server was killed:
// it reports nothing, and answers 0 for a failed request.
func (c *client) quiet(method, path, token, body string, out any) (int, []byte) {
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		return 0, nil
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil
	}
	if out != nil && json.Unmarshal(raw, out) != nil {
		return 0, raw
	}
	return resp.StatusCode, raw
}

// journals returns the names of the journal files in dir.
func journals(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*"+journalExt))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestExpiredDamagedKept: a game that expires without being read since
// the start, whose journal is damaged inside, is set aside, not deleted.
func TestExpiredDamagedKept(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
	cfg := fileConfig(t, dir, 80)
	cfg.Now, cfg.IdleTTL = clk.Now, time.Hour
	c := newClientWith(t, cfg)
	h := c.create("coir", "")
	c.play(h, 4)
	name := filepath.Join(dir, h.ID+journalExt)
	rewrite(t, name, func(d []byte) []byte { d[len(d)/2] ^= 0x04; return d }) // first and last lines intact
	want, _ := os.ReadFile(name)
	cfg = fileConfig(t, dir, 81)
	cfg.Now, cfg.IdleTTL = clk.Now, time.Hour
	c.restart(cfg)
	clk.advance(2 * time.Hour)
	c.server().Sweep()
	if got, err := os.ReadFile(name + damagedExt); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the damaged journal of an expired game was not kept: %v", err)
	}

}
