package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
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

var legalLine = regexp.MustCompile(`(?m)^(\d+) legal moves: (.*)$`)

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
	from := 0
	for turn := 0; turn < 400; turn++ {
		text, prompted := out.waitFrom(from, done)
		from += len(text)
		if !prompted {
			return finish()
		}
		say("?")
		text, _ = out.waitFrom(from, done)
		from += len(text)
		m := legalLine.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("? printed no list of legal moves:\n%s", text)
		}
		moves := strings.Split(m[2], ", ")
		if fmt.Sprint(len(moves)) != m[1] {
			t.Fatalf("%s legal moves announced, %d listed", m[1], len(moves))
		}
		if turn == 0 {
			say("A1-A1")
			text, _ = out.waitFrom(from, done)
			from += len(text)
			if !strings.Contains(text, "Not legal: ") || !regexp.MustCompile(`\([GZKCB]\d+\)`).MatchString(text) {
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
			})
		}
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
	for _, args := range [][]string{{"-game", "chess"}, {"-side", "green"}, {"-opponent", "clever"}, {"-nonsense"}} {
		errs.Reset()
		if code := run(args, strings.NewReader(""), &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%v: exit status %d, stderr %q", args, code, errs.String())
		}
	}
}
