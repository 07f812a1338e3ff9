package hops

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

const nimRecord = `[Game "nim"]
[Start "5 0"]
[North "Ann"]
[Event "club \"night\""]

1. 2 = two stones {greedy}
2. 1
3. 2
1-0

`

func TestRecordReadWrite(t *testing.T) {
	rec, err := ReadRecord(nimRecord)
	if err != nil {
		t.Fatal(err)
	}
	want := &Record{Game: "nim", Start: "5 0",
		Tags:   []Tag{{"North", "Ann"}, {"Event", `club "night"`}},
		Moves:  []RecordMove{{"2", "two stones", "greedy"}, {"1", "", ""}, {"2", "", ""}},
		Result: ResultFirst}
	if d := cmp.Diff(want, rec); d != "" {
		t.Fatalf("read (-want +got):\n%s", d)
	}
	if rec.String() != nimRecord {
		t.Errorf("write:\n%s\nwant:\n%s", rec.String(), nimRecord)
	}
	states, err := rec.Replay(nimGame)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != 4 || states[3].String() != "0 1" {
		t.Errorf("replay ends in %v", states[len(states)-1])
	}
	if v, _ := rec.Tag("North"); v != "Ann" {
		t.Errorf("Tag(North) = %q", v)
	}
}

func TestRecordStream(t *testing.T) {
	text := "; a file of two games\n\n" + nimRecord + strings.Replace(nimRecord, "[North \"Ann\"]\n", "", 1)
	rr := NewRecordReader(strings.NewReader(text))
	n := 0
	for {
		rec, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rec.Replay(nimGame); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d records, want 2", n)
	}
}

// TestRecordCorrupted: each damaged record is rejected with an error that
// names the place.
func TestRecordCorrupted(t *testing.T) {
	tests := []struct {
		name, old, new, want string
		kind                 error
	}{
		{"changed move", "3. 2", "3. 7", `move 3 "7": take 7: takes one or two of 2 stones (N1)`, ErrIllegal},
		{"dropped move", "2. 1\n3. 2\n", "2. 1\n", "result: the record says 1-0 but the game goes on in the last position (*)", ErrIllegal},
		{"renumbered", "2. 1", "3. 1", `line 7: move number "3", want 2`, ErrSyntax},
		{"bad header", `[North "Ann"]`, `[North Ann]`, "line 3: tag North: the value is written in double quotes", ErrSyntax},
		{"no game", "[Game \"nim\"]\n", "", "line 1: the record that starts here has no Game tag", ErrSyntax},
		{"no start", "[Start \"5 0\"]\n", "", "line 1: the record that starts here has no Start tag", ErrSyntax},
		{"blank line among the tags", "[Start \"5 0\"]\n", "\n[Start \"5 0\"]\n", "line 1: the record that starts here has no Start tag", ErrSyntax},
		{"tag after the tags", "1. 2", "[Late \"tag\"]\n1. 2", "line 6: a tag after the blank line that ends the tags of the record of line 1", ErrSyntax},
		{"no result before the next record", "1-0\n", "[Game \"nim\"]\n", "line 9: record has no result line", ErrSyntax},
		{"bad start", `[Start "5 0"]`, `[Start "5"]`, "tag Start: ", ErrSyntax},
		{"no result", "1-0\n", "", "record ends without a result line", ErrSyntax},
		{"duplicate tag", `[North "Ann"]`, `[Start "4 0"]`, "tag Start appears twice", ErrSyntax},
		{"bad comment", "{greedy}", "{greedy", "comment", ErrSyntax},
		{"wrong game", `"nim"`, `"zapita"`, `tag Game: record of "zapita", not of "nim"`, ErrSyntax},
		{"played on", "1-0\n", "4. 1\n1-0\n", `move 4 "1": the game is over: `, ErrIllegal},
	}
	for _, tt := range tests {
		text := strings.Replace(nimRecord, tt.old, tt.new, 1)
		rec, err := ReadRecord(text)
		if err == nil {
			_, err = rec.Replay(nimGame)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, tt.kind) {
			t.Errorf("%s: error %v, want %q (%v)", tt.name, err, tt.want, tt.kind)
		}
	}
	if _, err := ReadRecord(""); err == nil {
		t.Error("empty text")
	}
	// The game's name in another case is the game (as games.ByName
	// finds it); a byte order mark before the first line is no text.
	rec, err := ReadRecord("\uFEFF" + strings.Replace(nimRecord, `"nim"`, `"NIM"`, 1))
	if err != nil {
		t.Fatalf("a record with a byte order mark: %v", err)
	}
	if _, err := rec.Replay(nimGame); err != nil {
		t.Errorf("a record of NIM replayed as nim: %v", err)
	}
	// A result the text cannot hold, set by hand, is quoted short, on
	// one line.
	rec.Result = strings.Repeat("A", 100000) + "\nINJECTED"
	if _, err := rec.Replay(nimGame); err == nil || len(err.Error()) > 200 || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), "want 1-0, 0-1 or *") || !errors.Is(err, ErrSyntax) {
		t.Errorf("a result of 100009 bytes: %v", err)
	}
	if _, err := ReadRecord(nimRecord + nimRecord); err == nil {
		t.Error("two records read as one")
	}
	long := strings.Replace(nimRecord, "Ann", strings.Repeat("a", MaxRecordLine), 1)
	if _, err := ReadRecord(long); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("over-long line: %v", err)
	}
}

// TestRecordRoundTrip: writing then reading gives the same record, for
// random games, tags and comments.
func TestRecordRoundTrip(t *testing.T) {
	text := rapid.StringMatching(`[ -z|~]{0,20}`) // printable ASCII but '{' and '}'
	rapid.Check(t, func(t *rapid.T) {
		s := nimGame.Start(Side(rapid.IntRange(0, 1).Draw(t, "first")))
		rec := NewRecord(s)
		for _, name := range rapid.SliceOfDistinct(rapid.StringMatching(`[A-Z][a-z0-9_]{0,8}`), func(s string) string { return s }).Draw(t, "tags") {
			if name != "Game" && name != "Start" {
				rec.SetTag(name, text.Draw(t, "value"))
			}
		}
		for !s.Outcome().Over && rapid.IntRange(0, 5).Draw(t, "go on") > 0 {
			moves := s.Moves()
			mv := rapid.SampledFrom(moves).Draw(t, "move")
			c := strings.TrimSpace(text.Draw(t, "comment"))
			rec.Moves = append(rec.Moves, RecordMove{mv, strings.TrimSpace(strings.ReplaceAll(text.Draw(t, "reveal"), "=", "")), c})
			s, _ = s.Play(mv)
		}
		rec.Result = ResultOf(s.Outcome())
		got, err := ReadRecord(rec.String())
		if err != nil {
			t.Fatalf("%v\n%s", err, rec)
		}
		if d := cmp.Diff(rec, got); d != "" {
			t.Fatalf("round trip (-wrote +read):\n%s", d)
		}
		if _, err := got.Replay(nimGame); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzReadRecord: the reader never panics and fails only with *Error
// values; whatever it accepts, Write writes without complaint and the
// text reads back as the same record. After a malformed record it goes
// on, and each call reads at least a line: it reaches the end.
func FuzzReadRecord(f *testing.F) {
	f.Add(nimRecord)
	f.Add("[Game \"nim\"]\n[Start \"3 1\"]\n1. 1 {x}\n{y}\n*\n")
	f.Add("[Game \"nim\"]\n[Start \"3 1\"]\n{opening}\n{more \\} \\\\ \\n}\n1. 1 = a = b {x\\n}\n{}\n{y}\n*\n")
	f.Add("[Game \"nim\"]\n[Start \"3\\n1\"]\n[A \"\\\"\\\\\\n\"]\n1. 1\n" + strings.Repeat("{"+strings.Repeat("x", MaxRecordLine-2)+"}\n", 2) + "*\n")
	f.Add("[Game")
	f.Fuzz(func(t *testing.T, text string) {
		rr := NewRecordReader(strings.NewReader(text))
		for range strings.Count(text, "\n") + 2 {
			rec, err := rr.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("error %v is not an *Error", err)
				}
				if strings.Contains(err.Error(), "longer than") {
					return // the end of the stream
				}
				continue
			}
			if _, err := rec.Replay(nimGame); err != nil && RuleOf(err) == "" && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrIllegal) {
				t.Fatalf("replay error %v", err)
			}
			var b strings.Builder
			if err := rec.Write(&b); err != nil {
				t.Fatalf("a record that was read does not write: %v\n%#v", err, rec)
			}
			if b.String() != rec.String() {
				t.Fatalf("Write and String differ:\n%s\n%s", b.String(), rec.String())
			}
			again, err := ReadRecord(b.String())
			if err != nil {
				t.Fatalf("written record does not read back: %v\n%s", err, b.String())
			}
			if d := cmp.Diff(rec, again); d != "" {
				t.Fatalf("round trip (-read +read again):\n%s", d)
			}
		}
		t.Fatalf("more calls of Next than lines, and no io.EOF")
	})
}
