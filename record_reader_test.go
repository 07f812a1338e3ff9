package hops

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// readAll reads every record of text, and the errors met on the way, as
// "ok <start>" and "error <message>" lines.
func readAll(t *testing.T, r io.Reader) []string {
	t.Helper()
	rr := NewRecordReader(r)
	var got []string
	for range 100 {
		rec, err := rr.Next()
		switch {
		case err == io.EOF:
			return got
		case err != nil:
			got = append(got, "error "+err.Error())
			var e *Error
			if !errors.As(err, &e) {
				return got // the reader's own error ends the stream
			}
		default:
			got = append(got, "ok "+rec.Start)
		}
	}
	t.Fatal("Next never returned io.EOF")
	return nil
}

// TestRecordReaderCutLine: an error of the reader in the middle of a
// line is returned as it is, not taken for a line cut short (which gave
// a syntax error about the half line), and it ends the stream.
func TestRecordReaderCutLine(t *testing.T) {
	reset := errors.New("connection reset")
	for _, head := range []string{`[Game "ni`, "[Game \"nim\"]\n", "[Game \"nim\"]\n[Start \"5 0\"]\n\n1. 2"} {
		rr := NewRecordReader(io.MultiReader(strings.NewReader(head), iotest.ErrReader(reset)))
		for range 2 {
			if _, err := rr.Next(); err != reset {
				t.Errorf("after %q: Next = %v, want the reader's error", head, err)
			}
		}
	}
}

// TestRecordReaderTrailingSpace: the spaces and tabs at the end of a line,
// which the reader ignores, do not count towards MaxRecordLine, so the
// longest lines the writer makes still read with white space added.
func TestRecordReaderTrailingSpace(t *testing.T) {
	rec, err := ReadRecord(nimRecord)
	if err != nil {
		t.Fatal(err)
	}
	rec.Comment = strings.Repeat("a", MaxRecordLine-2) // a line "{aaa...}" of MaxRecordLine bytes
	var text strings.Builder
	for line := range strings.Lines(rec.String()) {
		text.WriteString(strings.TrimSuffix(line, "\n") + " \t \r\n")
	}
	back, err := ReadRecord(text.String())
	if err != nil || back.Comment != rec.Comment {
		t.Fatalf("with white space after every line: %v", err)
	}
	rec.Comment += "a"
	if err := rec.Check(); err == nil {
		t.Fatal("a comment line of MaxRecordLine+1 bytes passed Check")
	}
	// As much white space as the limit, with a "\r\n" after it.
	full := "[Game \"nim\"]\n[Start \"5 0\"]\n\n{" + strings.Repeat("a", MaxRecordLine-2) + "}" + strings.Repeat(" ", MaxRecordLine) + "\r\n*\n"
	if back, err := ReadRecord(full); err != nil || back.Comment != strings.Repeat("a", MaxRecordLine-2) {
		t.Errorf("a longest line with MaxRecordLine spaces after it: %v", err)
	}
	// One byte more than twice the limit is refused whatever it holds,
	// with either line end (the LF form was read).
	for _, end := range []string{"\n", "\r\n"} {
		over := "[Game \"nim\"]\n[Start \"5 0\"]\n\n{" + strings.Repeat("a", MaxRecordLine-2) + "}" + strings.Repeat(" ", MaxRecordLine+1) + end + "*\n"
		if _, err := ReadRecord(over); err == nil || !strings.Contains(err.Error(), "line 4: line longer than") {
			t.Errorf("a line of MaxRecordLine bytes and MaxRecordLine+1 spaces, ending %q: %v", end, err)
		}
	}
	long := "[Game \"nim\"]\n[Start \"5 0\"]\n\n{" + strings.Repeat("a", MaxRecordLine-1) + "}\n*\n"
	if _, err := ReadRecord(long); err == nil || !strings.Contains(err.Error(), "line 4: line longer than") {
		t.Errorf("a line of MaxRecordLine+1 bytes: %v", err)
	}
}

// TestRecordReaderGoesOn: after a malformed record the reader skips what
// is left of it and reads the next, so one fault gives one error; a
// byte order mark at the start of any line (files put end to end) is no
// part of the text.
func TestRecordReaderGoesOn(t *testing.T) {
	other := strings.Replace(nimRecord, `[Start "5 0"]`, `[Start "4 0"]`, 1)
	unclosed := strings.Replace(nimRecord, "{greedy}", "{greedy", 1)
	noResult := strings.Replace(nimRecord, "1-0\n", "", 1)
	for _, tt := range []struct {
		name, text string
		want       []string
	}{
		{"unclosed comment", nimRecord + unclosed + other,
			[]string{"ok 5 0", "error line 16: a comment is written {like this}: no closing '}'", "ok 4 0"}},
		{"no result", noResult + other,
			[]string{"error line 10: record has no result line (1-0, 0-1 or *) before the next record", "ok 4 0"}},
		{"bad tag", strings.Replace(nimRecord, `[North "Ann"]`, `[North Ann]`, 1) + other,
			[]string{"error line 3: " + mustErr(t, `[North Ann]`), "ok 4 0"}},
		{"files end to end", "\uFEFF" + nimRecord + "\uFEFF" + other,
			[]string{"ok 5 0", "ok 4 0"}},
		// The faulty line is the record's last: nothing to skip.
		{"a draw as the result, then a note", strings.Replace(nimRecord, "1-0\n", "1/2-1/2\n", 1) + "; file 2\n" + other + nimRecord,
			[]string{"error line 9: " + `result "1/2-1/2": want 1-0 (the first side won), 0-1 (the second side won) or * (no winner yet); the rules know no draw (G7)`, "ok 4 0", "ok 5 0"}},
		// No result, then a note or nothing before the next record.
		{"no result, then a note", noResult + "; file 2\n" + other + nimRecord,
			[]string{"error line 11: record has no result line (1-0, 0-1 or *) before the next record", "ok 4 0", "ok 5 0"}},
		{"no result and no blank line", strings.TrimSuffix(noResult, "\n") + other,
			[]string{"error line 9: record has no result line (1-0, 0-1 or *) before the next record", "ok 4 0"}},
		{"a bad move, then a note", strings.Replace(nimRecord, "2. 1\n", "2. \x01\n", 1) + "; file 2\n" + other,
			[]string{"error line 7: " + moveLineErr(t, "2. \x01", 2), "ok 4 0"}},
		{"a bad move, no result, then a note", strings.Replace(noResult, "2. 1\n", "2. \x01\n", 1) + "; file 2\n" + other,
			[]string{"error line 7: " + moveLineErr(t, "2. \x01", 2), "ok 4 0"}},
		{"a bad tag, more tags", strings.Replace(nimRecord, `[North "Ann"]`, `[North Ann]`, 1) + other,
			[]string{"error line 3: " + mustErr(t, `[North Ann]`), "ok 4 0"}},
	} {
		got := readAll(t, strings.NewReader(tt.text))
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: read\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// moveLineErr returns the message of the error that parseMoveLine gives
// line as move n.
func moveLineErr(t *testing.T, line string, n int) string {
	t.Helper()
	_, err := parseMoveLine(line, n)
	if err == nil {
		t.Fatalf("%s: no error", line)
	}
	return err.Error()
}

// mustErr returns the message of the error that parseTag gives line.
func mustErr(t *testing.T, line string) string {
	t.Helper()
	_, _, err := parseTag(line)
	if err == nil {
		t.Fatalf("%s: no error", line)
	}
	return err.Error()
}

// TestErrorInMoveQuotesOnce: an error about a malformed move text, which
// quotes the text around its fault, is numbered without a second quote
// of the whole text; another error gets the number and the text.
func TestErrorInMoveQuotesOnce(t *testing.T) {
	parseErr := Errorf(ErrSyntax, "G12", `move "…D1-D2\xff"`, "invalid UTF-8 byte 0xff at column 12")
	if got, want := ErrorInMove(parseErr, 3, "C1-C2 D1-D2\xff").Error(), `move 3 "…D1-D2\xff": invalid UTF-8 byte 0xff at column 12 (G12)`; got != want {
		t.Errorf("malformed: %q, want %q", got, want)
	}
	illegal := Errorf(ErrIllegal, "K8", "second displacement", "the ball was already moved")
	if got, want := ErrorInMove(illegal, 12, "D1-D3").(*Error).Where, `move 12 "D1-D3": second displacement`; got != want {
		t.Errorf("illegal: Where %q, want %q", got, want)
	}
	// A long text is quoted around its fault, "…" before the part.
	long := strings.Repeat("d", 40) + "+" + strings.Repeat("d", 40)
	cut := (&Error{Kind: ErrSyntax, Rule: "G12", Msg: "unexpected character '+'", at: 41}).InText("move", long)
	got := ErrorInMove(cut, 1, long).(*Error).Where
	if strings.Count(got, `"`) != 2 || !strings.HasPrefix(got, "move 1 …\"") {
		t.Errorf("a long text cut around its fault: Where %q, want it quoted once", got)
	}
	for where, want := range map[string]string{
		`move: path "A1-A1"`: `move 4: path "A1-A1"`,
		"move":               `move 4 "A1-A1"`,
		"moves":              `move 4 "A1-A1": moves`,
		"move A1-A1":         `move 4 "A1-A1"`,             // the move named by its text (Coir)
		"move a1-a1":         `move 4 "A1-A1"`,             // in any case
		"move A1-A2":         `move 4 "A1-A1": move A1-A2`, // a part of another text
	} {
		e := Errorf(ErrSyntax, "G5", where, "more than 17 squares")
		if got := ErrorInMove(e, 4, "A1-A1").(*Error).Where; got != want {
			t.Errorf("Where %q: %q, want %q", where, got, want)
		}
	}
	var typedNil *Error
	if err := ErrorInMove(typedNil, 1, "x"); err != error(typedNil) || RuleOf(typedNil) != "" || ErrorIn(typedNil, "x") != error(typedNil) {
		t.Errorf("a typed nil *Error: %v", err)
	}
	if err := ErrorInMove(nil, 1, "x"); err != nil {
		t.Errorf("nil: %v", err)
	}
	plain := errors.New("plain")
	if err := ErrorInMove(plain, 1, "x"); err != plain {
		t.Errorf("another error: %v", err)
	}
}

// TestCheckResult: a result is checked against the last position's
// outcome, citing the rule that ended the game when it ended.
func TestCheckResult(t *testing.T) {
	won := Win(First, "North", "N3", "took the last stone")
	for _, tt := range []struct {
		result string
		final  Outcome
		want   string // "" for nil
	}{
		{"1-0", won, ""},
		{"", Outcome{}, "result: no result: want 1-0, 0-1 or * (as Check and Write do)"},
		{"*", Outcome{}, ""},
		{"0-1", won, "result: the record says 0-1 but the last position gives 1-0: took the last stone (N3)"},
		{"*", won, "result: the record says * but the last position gives 1-0: took the last stone (N3)"},
		{"1-0", Outcome{}, "result: the record says 1-0 but the game goes on in the last position (*)"},
		{"1/2-1/2", Outcome{}, `result: "1/2-1/2": want 1-0, 0-1 or * (G7)`}, // the rules know no draw
		{"½-½", Outcome{}, `result: "½-½": want 1-0, 0-1 or * (G7)`},
		{"1-0 ", Outcome{}, `result: "1-0 ": want 1-0, 0-1 or *`},
	} {
		err := (&Record{Result: tt.result}).CheckResult(tt.final)
		got := ""
		if err != nil {
			got = err.(*Error).Where + ": " + err.(*Error).Msg
			if r := RuleOf(err); r != "" {
				got += " (" + r + ")"
			}
		}
		if got != tt.want {
			t.Errorf("%q with %v: %q, want %q", tt.result, tt.final, got, tt.want)
		}
	}
}

// TestReadRecordSaysWhy: the faults around a record's end are named for
// what they are: a draw written as a result (the rules know none, G7),
// text after the result, a second record.
func TestReadRecordSaysWhy(t *testing.T) {
	head := "[Game \"nim\"]\n[Start \"5 0\"]\n\n1. 2\n"
	for _, tt := range []struct{ text, want, rule string }{
		{head + "1/2-1/2\n", `line 5: result "1/2-1/2": want 1-0 (the first side won), 0-1 (the second side won) or * (no winner yet); the rules know no draw`, "G7"},
		{head + "1-1\n", `line 5: result "1-1": want 1-0 (the first side won), 0-1 (the second side won) or * (no winner yet); the rules know no draw`, ""},
		{head + "*\n\n{a late comment}\n", "line 7: text after the result line (line 5), which ends the record", ""},
		{head + "*\n" + nimRecord, "line 6: a second record: ReadRecord reads one (a RecordReader reads a stream of them)", ""},
		{"[Start \"5 0\"]\n[North \"Ann\"]\n[Game \"\"]\n\n*\n", "line 3: the Game tag is empty: it names the game", ""},
	} {
		_, err := ReadRecord(tt.text)
		var e *Error
		if !errors.As(err, &e) || e.Where+": "+e.Msg != tt.want || e.Rule != tt.rule {
			t.Errorf("%q: %v, want %q (%s)", tt.text, err, tt.want, tt.rule)
		}
	}
}

// TestZeroRecordReader: the zero RecordReader reads an empty stream (it
// panicked).
func TestZeroRecordReader(t *testing.T) {
	var rr RecordReader
	for range 2 {
		if rec, err := rr.Next(); rec != nil || err != io.EOF {
			t.Fatalf("Next = %v, %v; want io.EOF", rec, err)
		}
	}
}

// TestNilRecordReader: a RecordReader of a nil io.Reader returns an
// error from Next, as one whose reader fails at once; it panicked.
func TestNilRecordReader(t *testing.T) {
	rr := NewRecordReader(nil)
	for range 2 {
		if rec, err := rr.Next(); rec != nil || err == nil || err == io.EOF || !strings.Contains(err.Error(), "nil io.Reader") {
			t.Fatalf("Next = %v, %v; want the error of a nil reader", rec, err)
		}
	}
}

// TestRecordReaderLines: Line and MoveLine follow the stream's lines,
// over notes, comments and a refused record; 0 where there is nothing.
func TestRecordReaderLines(t *testing.T) {
	var zero RecordReader
	if zero.Line() != 0 || zero.MoveLine(1) != 0 {
		t.Errorf("the zero reader: Line %d, MoveLine(1) %d", zero.Line(), zero.MoveLine(1))
	}
	stream := "; notes\n\n[Game \"nim\"]\n[Start \"5 0\"]\n{before}\n1. 1\n{a comment}\n{more}\n2. 2\n1-0\n\n" +
		"[Game \"nim\"]\n[Start \"5 0\"]\n1. 1\n1/2-1/2\n\n[Game \"nim\"]\n[Start \"5 0\"]\n\n*\n"
	rr := NewRecordReader(strings.NewReader(stream))
	if _, err := rr.Next(); err != nil {
		t.Fatal(err)
	}
	if rr.Line() != 3 || rr.MoveLine(1) != 6 || rr.MoveLine(2) != 9 || rr.MoveLine(0) != 0 || rr.MoveLine(3) != 0 {
		t.Errorf("first record: Line %d, moves at %d, %d, %d", rr.Line(), rr.MoveLine(1), rr.MoveLine(2), rr.MoveLine(3))
	}
	if _, err := rr.Next(); RuleOf(err) != "G7" || rr.Line() != 12 || rr.MoveLine(1) != 14 {
		t.Errorf("refused record: %v, Line %d, move 1 at %d", err, rr.Line(), rr.MoveLine(1))
	}
	if rec, err := rr.Next(); err != nil || len(rec.Moves) != 0 || rr.Line() != 17 || rr.MoveLine(1) != 0 {
		t.Errorf("third record: %v, Line %d, move 1 at %d", err, rr.Line(), rr.MoveLine(1))
	}
	if _, err := rr.Next(); err != io.EOF || rr.Line() != 0 {
		t.Errorf("end: %v, Line %d", err, rr.Line())
	}
}

// TestRecordReaderLineEnds: a line ends with "\n", and the carriage
// returns before it are ignored: "\r\n" split between two reads, and
// "\r\r\n" (line ends converted twice), read as "\n"; a record the
// writer of an earlier version wrote, with a carriage return unescaped
// inside a tag value and a comment, reads as it did.
func TestRecordReaderLineEnds(t *testing.T) {
	want, err := ReadRecord(nimRecord)
	if err != nil {
		t.Fatal(err)
	}
	lines := slices.Collect(strings.Lines(nimRecord))
	for _, end := range []string{"\r\n", "\r\r\n", " \r\n"} {
		var text strings.Builder
		for _, line := range lines {
			text.WriteString(strings.TrimSuffix(line, "\n") + end)
		}
		// One byte a read, so that every line end is split between reads.
		rr := NewRecordReader(iotest.OneByteReader(strings.NewReader(text.String() + "\n" + text.String())))
		for k := range 2 {
			got, err := rr.Next()
			if err != nil {
				t.Fatalf("%q, record %d: %v", end, k+1, err)
			}
			if !cmp.Equal(got, want) {
				t.Errorf("%q, record %d: %s", end, k+1, cmp.Diff(want, got))
			}
		}
		if _, err := rr.Next(); err != io.EOF {
			t.Errorf("%q: after two records %v, want io.EOF", end, err)
		}
	}
	old := "[Game \"nim\"]\n[Start \"5 0\"]\n[Event \"a\rb\"]\n\n1. 2 {c\rd}\n2. 1\n3. 2\n1-0\n"
	rec, err := ReadRecord(old)
	if err != nil {
		t.Fatal(err)
	}
	if ev, _ := rec.Tag("Event"); ev != "a\rb" || rec.Moves[0].Comment != "c\rd" {
		t.Errorf("a raw carriage return inside a text: Event %q, comment %q", ev, rec.Moves[0].Comment)
	}
	if text := rec.String(); !strings.Contains(text, `[Event "a\rb"]`) || !strings.Contains(text, `{c\rd}`) {
		t.Errorf("written again:\n%s", text)
	}
}
