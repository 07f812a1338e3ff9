package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
)

// screen collects what the program prints and lets the test wait for the
// next prompt, as a person waits for the program to ask.
type screen struct {
	mu      sync.Mutex
	changed *sync.Cond
	text    strings.Builder
}

func newScreen() *screen {
	s := &screen{}
	s.changed = sync.NewCond(&s.mu)
	return s
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.text.Write(p)
	s.changed.Broadcast()
	return len(p), nil
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.text.String()
}

// waitFrom waits until the text printed after offset from ends with a
// prompt or the program has finished, and returns that text.
func (s *screen) waitFrom(from int, done <-chan struct{}) (string, bool) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		t := s.String()[from:]
		if strings.HasSuffix(t, "> ") {
			return t, true
		}
		select {
		case <-done:
			return s.String()[from:], false
		case <-time.After(2 * time.Millisecond):
		}
	}
	return s.String()[from:], false
}

var legalLine = regexp.MustCompile(`(?m)^(\d+) legal moves?, by the piece that moves first:\n((?:  .*\n)*)`)

// groupLine is the first line of a piece's moves in the list ? prints.
var groupLine = regexp.MustCompile(`^  ([A-G][1-7]): (.*)$`)

// listedMoves reads the list ? printed, checking that it gives each
// piece one group of lines, no wider than the terminal, every move of a
// group beginning with its piece.
func listedMoves(t *testing.T, n string, list string) []string {
	t.Helper()
	var moves []string
	seen := map[string]bool{}
	piece, group := "", ""
	flush := func() {
		if piece == "" {
			return
		}
		for _, m := range strings.Split(group, ", ") {
			if !strings.HasPrefix(m, piece) {
				t.Fatalf("%s is listed under the piece %s:\n%s", m, piece, list)
			}
			moves = append(moves, m)
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(list, "\n"), "\n") {
		if len(line) > width {
			t.Fatalf("a line of the list is %d columns wide, more than %d:\n%s", len(line), width, line)
		}
		if m := groupLine.FindStringSubmatch(line); m != nil {
			flush()
			if seen[m[1]] {
				t.Fatalf("the piece %s has two groups:\n%s", m[1], list)
			}
			seen[m[1]] = true
			piece, group = m[1], m[2]
			continue
		}
		if piece == "" || !strings.HasPrefix(line, "      ") {
			t.Fatalf("%q is neither a piece's line nor its continuation:\n%s", line, list)
		}
		group += " " + strings.TrimSpace(line)
	}
	flush()
	if fmt.Sprint(len(moves)) != n {
		t.Fatalf("%s legal moves announced, %d listed:\n%s", n, len(moves), list)
	}
	return moves
}

// converse runs the program with args and answers its prompts like a
// person: it asks for the legal moves, tries an illegal move, then plays
// one of the legal moves (typed with the given rewrite), until the game
// ends. It returns everything the program printed and its exit status.
func converse(t *testing.T, args []string, rewrite func(string) string) (string, int) {
	t.Helper()
	in, feed := io.Pipe()
	out := newScreen()
	done := make(chan struct{})
	var code int
	var stderr strings.Builder
	go func() {
		defer close(done)
		code = run(args, in, out, &stderr)
	}()
	finish := func() (string, int) {
		feed.Close()
		<-done
		if stderr.Len() > 0 {
			t.Logf("stderr: %s", stderr.String())
		}
		return out.String(), code
	}
	say := func(line string) {
		if _, err := io.WriteString(feed, line+"\n"); err != nil {
			t.Fatalf("typing %q: %v", line, err)
		}
	}
	from, asked := 0, false // asked: help and an illegal move, at the first move
	for turn := 0; turn < 400; turn++ {
		text, prompted := out.waitFrom(from, done)
		from += len(text)
		if !prompted {
			return finish()
		}
		if strings.HasSuffix(text, ", your pawns> ") {
			say("") // a random setup (B3)
			continue
		}
		say("?")
		text, _ = out.waitFrom(from, done)
		from += len(text)
		m := legalLine.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("? printed no list of legal moves:\n%s", text)
		}
		moves := listedMoves(t, m[1], m[2])
		if !asked {
			asked = true
			say("help")
			text, _ = out.waitFrom(from, done)
			from += len(text)
			say("A1-A1")
			text, _ = out.waitFrom(from, done)
			from += len(text)
			if !strings.Contains(text, "Not legal: ") || !regexp.MustCompile(`\(rule [GZKCB]\d+\)`).MatchString(text) {
				t.Fatalf("an illegal move was not explained with its rule:\n%s", text)
			}
		}
		say(rewrite(moves[0]))
	}
	text, _ := finish()
	t.Fatalf("the game did not end:\n%s", text[max(0, len(text)-3000):])
	return "", 0
}

// TestPlayEveryGame plays a whole game of each kind against the computer
// through standard input, as a person would type it.
func TestPlayEveryGame(t *testing.T) {
	for _, game := range []string{"zapita", "catchit", "coir", "brouillard"} {
		for _, side := range []string{"first", "second"} {
			t.Run(game+"/"+side, func(t *testing.T) {
				// The person types the first legal move listed, and the
				// searching computer punishes that soon enough.
				text, code := converse(t, []string{"-game", game, "-side", side, "-opponent", "search", "-budget", "3000", "-seed", "3"}, strings.ToLower)
				if code != 0 {
					t.Fatalf("exit status %d:\n%s", code, text)
				}
				if !strings.Contains(text, "Game over: ") {
					t.Fatalf("no result announced:\n%s", text)
				}
				if !strings.Contains(text, " plays ") {
					t.Errorf("the computer never moved:\n%s", text)
				}
				checkTranscript(t, game, text)
			})
		}
	}
}

var (
	rankRow  = regexp.MustCompile(`(?m)^[1-7] (.*)$`)
	filesRow = regexp.MustCompile(`(?m)^  A +B +C +D +E +F`)
	playsRow = regexp.MustCompile(`(?m)^(White|Khaki|Blue|Red|Black) plays \S`)
	endRow   = regexp.MustCompile(`(?mi)^.*(game over|\bwon\b).*$`)
)

// checkTranscript checks what the program printed in a whole game:
//   - help explains every sign that a board of the game showed;
//   - each move played is said ("White plays D2-D3") above its board;
//   - each Zapita board names the two headquarters with their sides;
//   - the end of the game is said once.
func checkTranscript(t *testing.T, game, text string) {
	t.Helper()
	legend := text[strings.Index(text, "The board:\n"):]
	legend = legend[:strings.Index(legend, "? lists")]
	explained := func(sign string) bool {
		return regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(sign) + `(\s|$|;|,)`).MatchString(legend)
	}
	for _, row := range rankRow.FindAllStringSubmatch(text, -1) {
		cells, note, _ := strings.Cut(row[1], "   ")
		if game == "zapita" && strings.Contains(cells, "HQ") && note != "A4: HQ Khaki, G4: HQ White" {
			t.Errorf("the headquarters row does not name each HQ with its side: %q", row[0])
		}
		for _, sign := range strings.Fields(cells) {
			if base, ok := strings.CutSuffix(sign, "!"); ok && len(base) > 0 {
				if !explained("!") {
					t.Errorf("help does not explain the sign '!' of %q:\n%s", sign, legend)
				}
				sign = base
			}
			if !explained(sign) {
				t.Errorf("help does not explain the sign %q of the board:\n%s", sign, legend)
			}
		}
	}
	boards, plays := len(filesRow.FindAllString(text, -1)), len(playsRow.FindAllString(text, -1))
	if plays != boards-1 {
		t.Errorf("%d boards shown and %d moves said: each board after the first follows the move that led to it", boards, plays)
	}
	if ends := endRow.FindAllString(text, -1); len(ends) != 1 {
		t.Errorf("the end of the game is said %d times, want once: %q", len(ends), ends)
	}
}

// TestRevealSentence: a Brouillard move that turns a pawn over is said in
// words, the pawn's owner, square and face, and whether it is captured
// (B8).
func TestRevealSentence(t *testing.T) {
	s, err := brouillard.Game.Parse("1x1t1x1/j1qf2k/3n3/4K2/3NF2/X1J3Q/1X3T1 w 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := revealed(s, "D3-E2 E3-E5xC5"), "Red's pawn on D5 was the Nine; it is captured."; got != want {
		t.Errorf("the Fou turns the Nine over: %q, want %q", got, want)
	}
	stays := 0
	for _, m := range s.Moves() {
		p, _ := games.Value[brouillard.Position](s)
		mv, _ := brouillard.ParseMove(m)
		_, r, _ := p.PlayReveal(mv)
		if !r.Turned {
			if got := revealed(s, m); got != "" {
				t.Errorf("%s turns nothing over: %q, want nothing", m, got)
			}
			continue
		}
		if r.Captured {
			continue
		}
		stays++
		want := fmt.Sprintf("Red's pawn on %s was ", r.Square)
		if got := revealed(s, m); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "; it stays on the board, face up.") || !strings.Contains(got, r.Kind.String()) {
			t.Errorf("%s turns over %s: %q", m, r, got)
		}
	}
	if stays == 0 {
		t.Fatalf("no move of %s turns a pawn over without capturing it", s)
	}
	if got := revealed(catchit.Game.Start(hops.First), "D1-D2 C1-C2"); got != "" {
		t.Errorf("Catch'it: %q, want nothing", got)
	}
}

// TestGroupMoves: ? lays the moves out one piece to a line, wrapped to
// the terminal's width under the piece.
func TestGroupMoves(t *testing.T) {
	got := groupMoves([]string{"D1-D2", "A1-A2", "D1-E2", "D1-C2-out"})
	want := []string{"  D1: D1-D2, D1-E2, D1-C2-out", "  A1: A1-A2"}
	if !slices.Equal(got, want) {
		t.Errorf("groupMoves = %q, want %q", got, want)
	}
	s := catchit.Game.Start(hops.First)
	lines := groupMoves(s.Moves())
	if len(lines) < 7 || !strings.HasPrefix(lines[0], "  A1: A1-A2 D1-C2, ") {
		t.Errorf("Catch'it's start: %q", lines)
	}
	n := 0 // each move but the last of its piece ends with a comma
	for _, l := range lines {
		if len(l) > width {
			t.Errorf("%d columns: %q", len(l), l)
		}
		n += strings.Count(l, ",")
		if groupLine.MatchString(l) {
			n++
		}
	}
	if n != len(s.Moves()) {
		t.Errorf("%d moves laid out, want %d", n, len(s.Moves()))
	}
}

// TestPlayBrouillardShowsOnlyTheView: the person playing White is shown
// Red's unturned pawns face down (B4, B12), never their faces.
func TestPlayBrouillardShowsOnlyTheView(t *testing.T) {
	text, code := converse(t, []string{"-game", "brouillard", "-side", "White", "-opponent", "search", "-budget", "300", "-seed", "5"}, func(s string) string { return s })
	if code != 0 {
		t.Fatalf("exit status %d", code)
	}
	first := strings.SplitN(text, "White, move 1>", 2)[0]
	var rows []string
	for _, line := range strings.Split(first, "\n") {
		if regexp.MustCompile(`^[1-7] `).MatchString(line) {
			rows = append(rows, line)
		}
	}
	board := strings.Join(rows, "\n")
	if len(rows) != 7 || strings.Count(board, "p") != 7 || strings.ContainsAny(board, "xntjqk") {
		t.Fatalf("the first board shown to White is not White's view:\n%s", first)
	}
}

// TestPlayQuitsAndRefusesBadFlags covers the ways out of the program.
func TestPlayQuitsAndRefusesBadFlags(t *testing.T) {
	var out, errs strings.Builder
	if code := run([]string{"-game", "coir", "-seed", "1"}, strings.NewReader("help\nquit\n"), &out, &errs); code != 0 {
		t.Fatalf("quit: exit status %d, %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "After jumps, one pawn steps") || !strings.HasSuffix(out.String(), "Bye.\n") {
		t.Errorf("help then quit printed:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"-game", "zapita", "-seed", "1"}, strings.NewReader(""), &out, &errs); code != 0 || !strings.HasSuffix(out.String(), "Bye.\n") {
		t.Errorf("end of input: exit status %d, printed:\n%s", code, out.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "chess"}, `unknown game "chess"`},
		{[]string{"-side", "green"}, "green"},
		{[]string{"-opponent", "clever"}, `unknown kind of player "clever"`},
		{[]string{"-nonsense"}, "flag provided but not defined"},
		{[]string{"coir"}, `unexpected argument "coir" (the game is chosen with -game)`},
		{[]string{"coir", "-game", "catchit"}, `unexpected argument "coir"`},
		{[]string{"-budget", "0"}, "-budget must be 1 or more"},
		{[]string{"-budget", "-5"}, "-budget must be 1 or more"},
		{[]string{"-time", "-1s"}, "-time must not be negative"},
	} {
		errs.Reset()
		out.Reset()
		if code := run(c.args, strings.NewReader(""), &out, &errs); code != 2 || !strings.Contains(errs.String(), c.want) || out.Len() != 0 {
			t.Errorf("%v: exit status %d, stderr %q, stdout %q; want 2, %q and no game", c.args, code, errs.String(), out.String(), c.want)
		}
	}
	// -h prints the usage and ends well, as the flag package's programs do.
	errs.Reset()
	if code := run([]string{"-h"}, strings.NewReader(""), &out, &errs); code != 0 || !strings.Contains(errs.String(), "-budget") {
		t.Errorf("-h: exit status %d, stderr %q", code, errs.String())
	}
}

// TestPlayLongLine: a line too long to be a move is refused with its
// length, and the game goes on with the next line, whatever its length;
// a line just under the limit is read as a move (and refused with a
// short quote).
func TestPlayLongLine(t *testing.T) {
	for _, n := range []int{100 << 10, 70000, maxLine + 1} {
		var out, errs strings.Builder
		in := strings.Repeat("A", n) + "\r\nboard\nquit\n"
		if code := run([]string{"-game", "coir", "-seed", "1"}, strings.NewReader(in), &out, &errs); code != 0 {
			t.Fatalf("%d bytes: exit status %d, %s", n, code, errs.String())
		}
		text := out.String()
		want := fmt.Sprintf("Not legal: a line of %d bytes is no move: a move is a few squares long.", n)
		if !strings.Contains(text, want) || strings.Count(text, "White, move 1> ") != 3 || !strings.HasSuffix(text, "Bye.\n") || len(text) > 4000 {
			t.Errorf("%d bytes: printed %d bytes:\n%.2000s\nwant %q, then the board, then Bye.", n, len(text), text, want)
		}
	}
	var out, errs strings.Builder
	run([]string{"-game", "coir", "-seed", "1"}, strings.NewReader(strings.Repeat("A", maxLine)+"\nquit\n"), &out, &errs)
	if !strings.Contains(out.String(), fmt.Sprintf("(%d bytes)", maxLine)) || strings.Contains(out.String(), "is no move") {
		t.Errorf("a line of %d bytes: %.1000s", maxLine, out.String())
	}
}

// TestThinking: a computer slower than the person's patience is said to
// be thinking, with its time budget when it has one, before its move
// comes; a quick one is not.
func TestThinking(t *testing.T) {
	g, _ := games.ByName("catchit")
	start := g.Start(hops.First)
	release := make(chan struct{})
	slow := func(s hops.State) (string, error) {
		<-release
		return s.Moves()[0], nil
	}
	out := newScreen()
	c := &conversation{g: g, bot: players.AgentFunc(slow), out: out, patience: time.Millisecond, limit: 3 * time.Second}
	type choice struct {
		move string
		err  error
	}
	got := make(chan choice, 1)
	go func() {
		m, err := c.choose(start)
		got <- choice{m, err}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), "thinking") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if want := "\nBlue is thinking (3s at most)...\n"; out.String() != want {
		t.Fatalf("while the computer thinks the screen shows %q, want %q", out.String(), want)
	}
	close(release)
	if ch := <-got; ch.err != nil || ch.move != start.Moves()[0] {
		t.Errorf("choose: %q, %v", ch.move, ch.err)
	}

	quick := &conversation{g: g, bot: players.AgentFunc(func(s hops.State) (string, error) { return s.Moves()[0], nil }),
		out: newScreen(), patience: time.Hour}
	if m, err := quick.choose(start); err != nil || m != start.Moves()[0] || quick.out.(*screen).String() != "" {
		t.Errorf("a quick move: %q, %v, screen %q", m, err, quick.out.(*screen).String())
	}
}
