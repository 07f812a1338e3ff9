package referee

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
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
		if code, raw := c.do("POST", path+"/moves", token, jsonBody(moveRequest{moves[0]}), &next); code != http.StatusOK {
			c.t.Fatalf("move %s: %d %s", moves[0], code, raw)
		}
		played = append(played, moves[0])
	}
	return played
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

// TestTornJournal damages the end of a journal as a crash in the middle
// of a write would: the broken entry is dropped, the moves before it are
// kept, and the game goes on and is stored properly after.
func TestTornJournal(t *testing.T) {
	for _, damage := range []struct {
		name string
		// lost is how many of the moves played are lost: a cut last
		// line loses its move, which was never acknowledged.
		lost int
		do   func(data []byte) []byte
	}{
		{"cut in the middle of the last line", 1, func(d []byte) []byte {
			last := bytes.LastIndexByte(d[:len(d)-1], '\n')
			return d[:last+1+(len(d)-last)/2]
		}},
		{"last newline missing", 1, func(d []byte) []byte { return d[:len(d)-1] }},
		{"garbage appended", 0, func(d []byte) []byte { return append(d, "\x00\x17garbage"...) }},
		{"garbage lines appended", 0, func(d []byte) []byte { return append(d, "12 00000000 {}\nxx\n"...) }},
		{"checksum of the last line wrong", 1, func(d []byte) []byte {
			d[len(d)-3] ^= 1 // a byte of the last JSON text
			return d
		}},
	} {
		t.Run(damage.name, func(t *testing.T) {
			dir := t.TempDir()
			c := newClientWith(t, fileConfig(t, dir, 30))
			h := c.create("zapita", "")
			played := c.play(h, 6)
			name := filepath.Join(dir, h.ID+journalExt)
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, damage.do(data), 0o600); err != nil {
				t.Fatal(err)
			}
			c.restart(fileConfig(t, dir, 31))
			want := played[:len(played)-damage.lost]
			if got := c.history(h).Moves; !slices.Equal(got, want) {
				t.Fatalf("history %v, want %v", got, want)
			}
			// The file was cut back to its valid entries: the moves
			// played next are found after another restart.
			more := c.play(h, 2)
			c.restart(fileConfig(t, dir, 32))
			if got := c.history(h).Moves; !slices.Equal(got, append(want, more...)) {
				t.Fatalf("history %v, want %v then %v", got, want, more)
			}
		})
	}

	// A bad entry followed by good ones is not a crash's doing: the game
	// is not loaded, and its file is left for someone to look at.
	dir := t.TempDir()
	c := newClientWith(t, fileConfig(t, dir, 33))
	h := c.create("catchit", "")
	other := c.create("coir", "")
	c.play(h, 3)
	name := filepath.Join(dir, h.ID+journalExt)
	data, _ := os.ReadFile(name)
	lines := bytes.SplitAfter(data, []byte("\n"))
	lines[2] = []byte("7 00000000 garbage\n")
	os.WriteFile(name, bytes.Join(lines, nil), 0o600)
	c.restart(fileConfig(t, dir, 34))
	if code, _ := c.do("GET", "/games/"+h.ID, "", "", nil); code != http.StatusNotFound {
		t.Errorf("damaged game: %d", code)
	}
	if code, _ := c.do("GET", "/games/"+other.ID, "", "", nil); code != http.StatusOK {
		t.Errorf("the other game: %d", code)
	}
	if after, _ := os.ReadFile(name); !bytes.Equal(after, bytes.Join(lines, nil)) {
		t.Error("the damaged journal was changed")
	}

	// A creation cut short leaves an empty journal, removed at start.
	empty := filepath.Join(dir, strings.Repeat("ab", 16)+journalExt)
	os.WriteFile(empty, []byte("120 0a0b"), 0o600)
	c.restart(fileConfig(t, dir, 35))
	if _, err := os.Stat(empty); !os.IsNotExist(err) {
		t.Errorf("the empty journal is still there: %v", err)
	}
}

// TestKill9 runs the real command with -data, kills it with SIGKILL while
// clients are playing, starts it again on the same directory, and checks
// that every move it acknowledged is in the history.
func TestKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "referee")
	if out, err := exec.Command("go", "build", "-o", bin, "../examples/referee").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	start := func() (*exec.Cmd, *client) {
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
				code, _ := c.quiet("POST", path+"/moves", h.Tokens[st.ToMove], jsonBody(moveRequest{move}), &next)
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
