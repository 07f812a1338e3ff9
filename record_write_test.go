package hops

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// nimRec returns a short legal record of nim to change in tests.
func nimRec() *Record {
	return &Record{Game: "nim", Start: "5 0",
		Tags:   []Tag{{"North", "Ann"}},
		Moves:  []RecordMove{{Text: "2"}, {Text: "1"}, {Text: "2"}},
		Result: ResultFirst}
}

// roundTrip writes rec with Write and reads it back, failing the test if
// either step fails or the record changed.
func roundTrip(t *testing.T, rec *Record) string {
	t.Helper()
	var b strings.Builder
	if err := rec.Write(&b); err != nil {
		t.Fatalf("Write: %v", err)
	}
	back, err := ReadRecord(b.String())
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, b.String())
	}
	if d := cmp.Diff(rec, back, cmpopts.EquateEmpty()); d != "" {
		t.Fatalf("round trip (-wrote +read):\n%s\n%s", d, b.String())
	}
	return b.String()
}

// refused checks that Write refuses rec with an *Error of kind ErrSyntax
// whose text contains want, and writes nothing.
func refused(t *testing.T, rec *Record, want string) {
	t.Helper()
	var b strings.Builder
	err := rec.Write(&b)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), want) {
		t.Errorf("Write error %v, want an *Error of kind ErrSyntax containing %q", err, want)
	}
	if b.Len() != 0 {
		t.Errorf("Write wrote %d bytes of a refused record", b.Len())
	}
	if err := rec.Check(); err == nil || err.Error() != e.Error() {
		t.Errorf("Check = %v, want the error Write gives", err)
	}
}

func TestRecordCommentWithBrace(t *testing.T) {
	rec := nimRec()
	rec.Moves[0].Comment = "a } closes, a { opens, \\} is not an escape"
	text := roundTrip(t, rec)
	if !strings.Contains(text, `1. 2 {a \} closes, a { opens, \\\} is not an escape}`) {
		t.Errorf("comment written as:\n%s", text)
	}
	for _, bad := range []string{"1. 2 {a} b}", "1. 2 {a \\}", "1. 2 {a \\x}", "{a} {b}"} {
		if _, err := ReadRecord(strings.Replace(nimRecord, "1. 2 = two stones {greedy}", bad, 1)); !errors.Is(err, ErrSyntax) {
			t.Errorf("%q read with error %v, want ErrSyntax", bad, err)
		}
	}
}

func TestRecordCommentWithNewline(t *testing.T) {
	rec := nimRec()
	rec.Moves[1].Comment = "two\nlines\n"
	rec.Moves[2].Comment = "\r\n"
	text := roundTrip(t, rec)
	if !strings.Contains(text, `2. 1 {two\nlines\n}`) || !strings.Contains(text, `3. 2 {\r\n}`) {
		t.Errorf("comment written as:\n%s", text)
	}
}

// TestRecordCommentLines: comment lines join the comment before them with
// a space, before the first move too.
func TestRecordCommentLines(t *testing.T) {
	text := "[Game \"nim\"]\n[Start \"5 0\"]\n\n{opening}\n{}\n{game}\n1. 2 {a}\n{b}\n\n; a note\n{}\n2. 1\n{c}\n*\n"
	rec, err := ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Comment != "opening  game" || rec.Moves[0].Comment != "a b " || rec.Moves[1].Comment != "c" {
		t.Errorf("comments %q, %q, %q", rec.Comment, rec.Moves[0].Comment, rec.Moves[1].Comment)
	}
	roundTrip(t, rec)
}

// TestRecordOpeningComment: a comment before move 1 is kept, also in a
// record without moves.
func TestRecordOpeningComment(t *testing.T) {
	rec := nimRec()
	rec.Comment = "played at the club"
	text := roundTrip(t, rec)
	if !strings.Contains(text, "[North \"Ann\"]\n\n{played at the club}\n1. 2\n") {
		t.Errorf("opening comment written as:\n%s", text)
	}
	rec.Moves, rec.Result = nil, ResultUnfinished
	roundTrip(t, rec)
}

func TestRecordLongComment(t *testing.T) {
	word := strings.Repeat("w", 1000)
	rec := nimRec()
	rec.Moves[0].Comment = strings.Repeat(word+" ", 12) // ends with a space
	rec.Moves[1].Comment = " " + strings.Repeat(word+"  ", 9)
	rec.Comment = strings.Repeat("}", MaxRecordLine/2-1) + " " + strings.Repeat("\n", MaxRecordLine/2-1)
	text := roundTrip(t, rec)
	for i, l := range strings.Split(text, "\n") {
		if len(l) > MaxRecordLine {
			t.Errorf("line %d has %d bytes", i+1, len(l))
		}
	}
	rec.Moves[2].Comment = strings.Repeat("x", MaxRecordLine-1)
	refused(t, rec, "without a space")
	rec.Moves[2].Comment = strings.Repeat("x", MaxRecordLine-2) // just fits on a line of its own
	roundTrip(t, rec)
}

func TestRecordLongStartTag(t *testing.T) {
	rec := nimRec()
	rec.Start = strings.Repeat("5", MaxRecordLine-len(`[Start ""]`)+1)
	refused(t, rec, "tag Start: the line would be 4097 bytes long")
	rec.Start = rec.Start[1:]
	roundTrip(t, rec)
	rec.Tags[0].Value = strings.Repeat("\"", MaxRecordLine/2)
	refused(t, rec, "tag North: the line would be")
}

// TestRecordLineLimit: a line of MaxRecordLine bytes reads, with either
// line end; one more byte does not.
func TestRecordLineLimit(t *testing.T) {
	for _, end := range []string{"\n", "\r\n"} {
		head := "[Game \"nim\"]" + end + "[Start \"5 0\"]" + end
		value := strings.Repeat("a", MaxRecordLine-len(`[A ""]`))
		text := head + `[A "` + value + `"]` + end + "*" + end
		if rec, err := ReadRecord(text); err != nil || rec.Tags[0].Value != value {
			t.Errorf("line of %d bytes, end %q: %v", MaxRecordLine, end, err)
		}
		text = head + `[A "` + value + `a"]` + end + "*" + end
		if _, err := ReadRecord(text); err == nil || !strings.Contains(err.Error(), "line 3: line longer than 4096 bytes") {
			t.Errorf("line of %d bytes, end %q: %v", MaxRecordLine+1, end, err)
		}
	}
}

func TestRecordBadTagName(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"", "may not be empty"},
		{"Two words", `tag "Two words": a tag name is a letter, then letters, digits`},
		{"1st", "letters, digits"},
		{"Café", "letters, digits"},
		{"A]", "letters, digits"},
		{"Game", "tag Game: the Game tag is the record's Game field"},
		{"Start", "the Start tag is the record's Start field"},
		{"North", "tag North: the tag appears twice"},
	} {
		rec := nimRec()
		rec.Tags = append(rec.Tags, Tag{tt.name, "x"})
		refused(t, rec, tt.want)
	}
	rec := nimRec()
	rec.Tags = append(rec.Tags, Tag{"a_1", "x"}, Tag{"Z", ""})
	roundTrip(t, rec)
}

func TestRecordTagValueWithNewline(t *testing.T) {
	rec := nimRec()
	rec.Tags = append(rec.Tags, Tag{"Event", "club\nnight \"x\" \\ [y]\r\n"}, Tag{"Empty", ""})
	rec.Start = "5\n0"
	text := roundTrip(t, rec)
	// A carriage return is escaped, as a line may end with one alone.
	if !strings.Contains(text, `[Event "club\nnight \"x\" \\ [y]\r\n"]`) {
		t.Errorf("tag written as:\n%s", text)
	}
	if _, err := ReadRecord(strings.Replace(text, `\n`, `\t`, 1)); !errors.Is(err, ErrSyntax) {
		t.Errorf("unknown escape \\t: %v", err)
	}
}

// TestRecordMoveText: a move text or reveal that the move line cannot
// hold is refused by Write and by the reader alike.
func TestRecordMoveText(t *testing.T) {
	for _, tt := range []struct{ text, reveal, want string }{
		{"", "", "the move has no text"},
		{"1 = 2", "", `may not contain " = "`},
		{"1 =", "", `may not end with " ="`},
		{"1 =", "r", `may not end with " ="`},
		{"1 ", "", "may not end with a space"},
		{"1\n", "", "control character"},
		{"1\t2", "", "control character"},
		{"{1}", "", "may only stand in a comment"},
		{"1}", "", "may only stand in a comment"},
		{"1", " r", "may not begin or end with a space"},
		{"1", "r ", "may not begin or end with a space"},
		{"1", "r\r", "control character"},
		// Beyond ASCII: NEL and the other C1 controls, the line and
		// paragraph separators (they passed).
		{"1\u00852", "", `control character '\u0085'`},
		{"1\u009f", "", `control character '\u009f'`},
		{"1", "r\u2028", `control character '\u2028'`},
		{"1\u2029", "", `control character '\u2029'`},
		{"1", "r}", "may only stand in a comment"},
	} {
		rec := nimRec()
		rec.Moves[1] = RecordMove{Text: tt.text, Reveal: tt.reveal}
		refused(t, rec, tt.want)
		line := "2. " + tt.text
		if tt.reveal != "" {
			line += " = " + tt.reveal
		}
		if strings.ContainsAny(line, "\r\n") {
			continue // the reader splits lines there
		}
		// The line may read as another move, never as this one.
		text := strings.Replace(nimRecord, "2. 1", line, 1)
		if rec, err := ReadRecord(text); err == nil && rec.Moves[1].Text == tt.text && rec.Moves[1].Reveal == tt.reveal {
			t.Errorf("move line %q read as %+v", line, rec.Moves[1])
		}
	}
	for _, tt := range []struct{ text, reveal string }{
		{" 1", ""}, {"=", "="}, {"1=", "= 2 = 3"}, {"D1-D2 C1-C2", "r"}, {"é", "ü"}, {"1 =2", "=x ="},
	} {
		rec := nimRec()
		rec.Moves[1] = RecordMove{Text: tt.text, Reveal: tt.reveal, Comment: "c"}
		roundTrip(t, rec)
		rec.Moves[1].Comment = ""
		roundTrip(t, rec)
	}
}

// TestRecordResult: Write refuses a result other than the three, the
// empty one included, which String writes as "*"; a draw under G7, as
// ReadRecord and CheckResult refuse it.
func TestRecordResult(t *testing.T) {
	for r, rule := range map[string]string{"": "", "1/2-1/2": "G7", "1-0 ": ""} {
		rec := nimRec()
		rec.Result = r
		refused(t, rec, fmt.Sprintf("result: %q: want 1-0, 0-1 or *", r))
		if got := RuleOf(rec.Check()); got != rule {
			t.Errorf("result %q refused under %q, want %q", r, got, rule)
		}
		if !strings.HasSuffix(rec.String(), "\n*\n\n") {
			t.Errorf("String of result %q ends %q", r, rec.String()[len(rec.String())-6:])
		}
	}
}

// TestRecordJSON: a record travels through encoding/json unchanged, under
// the documented keys.
func TestRecordJSON(t *testing.T) {
	rec := nimRec()
	rec.Comment = "opening"
	rec.Moves[0].Reveal = "two"
	rec.Moves[0].Comment = "greedy"
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"nim","start":"5 0","tags":[{"name":"North","value":"Ann"}],"comment":"opening",` +
		`"moves":[{"text":"2","reveal":"two","comment":"greedy"},{"text":"1"},{"text":"2"}],"result":"1-0"}`
	if string(data) != want {
		t.Errorf("JSON\n%s\nwant\n%s", data, want)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rec, &back); d != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", d)
	}
	empty := &Record{Game: "nim", Start: "5 0", Result: ResultUnfinished}
	data, _ = json.Marshal(empty)
	if string(data) != `{"game":"nim","start":"5 0","tags":null,"moves":null,"result":"*"}` {
		t.Errorf("JSON of a record without tags or moves: %s", data)
	}
	back = Record{}
	if err := json.Unmarshal(data, &back); err != nil || !cmp.Equal(empty, &back) {
		t.Errorf("JSON round trip of %s: %+v, %v", data, back, err)
	}
	// A text that is not UTF-8 reads back from the record's text form as
	// it is, but JSON would change it: refused, naming the text.
	for _, c := range []struct {
		where string
		spoil func(r *Record)
	}{
		{"comment", func(r *Record) { r.Comment = "caf\xe9" }},
		{"tag North", func(r *Record) { r.Tags[0].Value = "Ren\xe9" }},
		{"move 2 comment", func(r *Record) { r.Moves[1].Comment = "\xff" }},
		{"move 3", func(r *Record) { r.Moves[2].Text = "2\xc3" }},
	} {
		r := nimRec()
		c.spoil(r)
		data, err := json.Marshal(r)
		var he *Error
		if !errors.As(err, &he) || he.Where != c.where || !strings.Contains(he.Msg, "not UTF-8") {
			t.Errorf("%s not UTF-8: json.Marshal = %s, %v", c.where, data, err)
		}
	}
	if data, err := json.Marshal(RecordMove{Text: "1", Comment: "\xe9"}); err == nil {
		t.Errorf("a RecordMove with a comment not UTF-8 encodes as %s", data)
	}
	if data, err := json.Marshal(Tag{Name: "North", Value: "\xe9"}); err == nil {
		t.Errorf("a Tag with a value not UTF-8 encodes as %s", data)
	}
}

// FuzzWriteRecord: a record made of arbitrary texts either is refused by
// Write with an *Error of kind ErrSyntax, or is written and reads back
// equal.
func FuzzWriteRecord(f *testing.F) {
	f.Add("nim", "5 0", "North", "Ann", "opening", "2", "two stones", "greedy", "1", "", "}\n{", "1-0")
	f.Add("", "", "A", "\"\\\n", "{}", "1 =", "= x =", "\\}", "1", " ", "", "*")
	f.Fuzz(func(t *testing.T, game, start, name, value, comment, text1, reveal1, comment1, text2, reveal2, comment2, result string) {
		rec := &Record{Game: game, Start: start, Tags: []Tag{{name, value}}, Comment: comment,
			Moves:  []RecordMove{{text1, reveal1, comment1}, {text2, reveal2, comment2}},
			Result: result}
		var b strings.Builder
		if err := rec.Write(&b); err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrSyntax) {
				t.Fatalf("Write error %v is not an *Error of kind ErrSyntax", err)
			}
			return
		}
		back, err := ReadRecord(b.String())
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%q", err, b.String())
		}
		if d := cmp.Diff(rec, back, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("round trip (-wrote +read):\n%s", d)
		}
	})
}
