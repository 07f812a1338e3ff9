package hops

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hopsgames/hops/internal/charname"
)

// Record is one recorded game: which game, from which position, the moves
// in order and the result, with free tags and comments. Its text form is
// described in the package documentation (Game records); Write and
// ReadRecord convert between the two, and Replay checks every move. A
// record that Write accepts reads back equal, empty and nil lists aside.
// The JSON keys are the lower-case field names given in the struct tags
// (reading refuses any other); a record that holds a text that is not
// valid UTF-8 has no JSON form (see MarshalJSON).
//
// A Record is a plain value that programs may fill by hand; a [Recorder]
// builds one move by move and checks each move as it comes.
type Record struct {
	Game    string       `json:"game"`              // the game's short name, as Game.Name ("catchit")
	Start   string       `json:"start"`             // the position text the game starts from
	Tags    []Tag        `json:"tags"`              // further tags, in order (Blue, Red, Date, Event, ...)
	Comment string       `json:"comment,omitempty"` // a comment on the game, before its first move
	Moves   []RecordMove `json:"moves"`             // the moves, in the order they were played
	Result  string       `json:"result"`            // "1-0" (first side won), "0-1" (second side won) or "*" (not finished)
}

// Tag is a named value in a record's header. A name is a letter followed
// by letters, digits and '_'; the value is any text.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// RecordMove is one move of a record: its text in the game's move syntax,
// what it made public beyond its text (Brouillard's turned pawns in a
// record kept by one player; empty otherwise) and an optional comment.
type RecordMove struct {
	Text    string `json:"text"`
	Reveal  string `json:"reveal,omitempty"`
	Comment string `json:"comment,omitempty"`
}

// The results a record may end with.
const (
	ResultFirst      = "1-0"
	ResultSecond     = "0-1"
	ResultUnfinished = "*"
)

// ResultOf returns the record result that an outcome calls for.
func ResultOf(o Outcome) string {
	switch {
	case !o.Over:
		return ResultUnfinished
	case o.Winner == First:
		return ResultFirst
	}
	return ResultSecond
}

// SetResultFrom sets the record's result to the one that position s, the
// game's last, calls for ("*" for no position: nil, or the zero
// games.State).
func (r *Record) SetResultFrom(s State) {
	r.Result = ResultUnfinished
	if !noState(s) {
		r.Result = ResultOf(s.Outcome())
	}
}

// Tag returns the value of the first tag with the given name, and whether
// there is one. "Game" and "Start" give the record's fields.
func (r *Record) Tag(name string) (string, bool) {
	switch name {
	case "Game":
		return r.Game, true
	case "Start":
		return r.Start, true
	}
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets a tag, replacing the first one of that name or adding one;
// the names Game and Start set the fields of the same names, as Tag reads
// them. It looks through the tags, so setting many tags one by one takes
// time quadratic in their number; a Recorder keeps an index instead.
func (r *Record) SetTag(name, value string) {
	switch name {
	case "Game":
		r.Game = value
		return
	case "Start":
		r.Start = value
		return
	}
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{name, value})
}

// Write writes the record's text form to w. It first checks that the
// text reads back as the same record (see Check) and writes nothing if it
// would not.
func (r *Record) Write(w io.Writer) error {
	text, err := r.encode()
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Check returns nil if the record can be written so that ReadRecord reads
// it back equal, and otherwise an *Error of kind ErrSyntax that names the
// tag or move at fault: a tag name that is not a name, a tag named Game
// or Start among Tags or a tag named twice, a move text or reveal that
// the move syntax cannot hold, a line longer than MaxRecordLine, or a
// result other than "1-0", "0-1" and "*".
func (r *Record) Check() error {
	_, err := r.encode()
	return err
}

// String returns the record's text form, ending with a blank line so that
// records can be concatenated into one stream. It does not check the
// record: the text of a record that Check refuses may not read back, and
// an empty Result is written "*".
func (r *Record) String() string {
	text, _ := r.encode()
	return text
}

// recordWriter builds a record's text and keeps the first reason it would
// not read back.
type recordWriter struct {
	b   []byte
	err *Error
}

// fail keeps the first fault found, of kind ErrSyntax.
func (w *recordWriter) fail(where, format string, args ...any) {
	w.failUnder("", where, format, args...)
}

// failUnder is fail for a fault that a rule names.
func (w *recordWriter) failUnder(rule, where, format string, args ...any) {
	if w.err == nil {
		w.err = Errorf(ErrSyntax, rule, where, format, args...)
	}
}

// endLine ends the line begun at start, checking its length.
func (w *recordWriter) endLine(start int, where string) {
	if n := len(w.b) - start; n > MaxRecordLine {
		w.fail(where, "the line would be %d bytes long, more than the %d a record line may have", n, MaxRecordLine)
	}
	w.b = append(w.b, '\n')
}

func (w *recordWriter) tag(name, value string) {
	start := len(w.b)
	w.b = append(w.b, '[')
	w.b = append(w.b, name...)
	w.b = append(w.b, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '"', '\\':
			w.b = append(w.b, '\\', c)
		case '\n':
			w.b = append(w.b, '\\', 'n')
		case '\r':
			w.b = append(w.b, '\\', 'r')
		default:
			w.b = append(w.b, c)
		}
	}
	w.b = append(w.b, '"', ']')
	w.endLine(start, "tag "+clip(name))
}

// appendComment appends the escaped text of a comment.
func appendComment(b []byte, c string) []byte {
	for i := 0; i < len(c); i++ {
		switch ch := c[i]; ch {
		case '}', '\\':
			b = append(b, '\\', ch)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, ch)
		}
	}
	return b
}

// commentLines writes an escaped comment on comment lines of their own,
// split at spaces where one line would be too long: the reader joins
// comment lines with a space, so splitting at a space gives the comment
// back. The first piece may not be empty, as an empty first piece adds no
// space when read.
func (w *recordWriter) commentLines(esc []byte, where string) {
	const limit = MaxRecordLine - 2 // the braces
	for first := true; len(esc) > limit; first = false {
		lo := 0
		if first {
			lo = 1
		}
		cut := bytes.LastIndexByte(esc[lo:limit+1], ' ')
		if cut < 0 {
			w.fail(where, "the comment has more than %d bytes without a space, too many for one line", limit)
			break
		}
		cut += lo
		w.b = append(w.b, '{')
		w.b = append(w.b, esc[:cut]...)
		w.b = append(w.b, '}', '\n')
		esc = esc[cut+1:]
	}
	w.b = append(w.b, '{')
	w.b = append(w.b, esc...)
	w.b = append(w.b, '}', '\n')
}

func (r *Record) encode() (string, error) {
	w := &recordWriter{b: make([]byte, 0, 64*(len(r.Tags)+len(r.Moves)+4))}
	if r.Game == "" {
		w.fail("tag Game", "the Game tag is empty: it names the game")
	}
	w.tag("Game", r.Game)
	w.tag("Start", r.Start)
	seen := make(map[string]bool, len(r.Tags))
	for _, t := range r.Tags {
		where := "tag " + clip(t.Name)
		switch {
		case tagNameProblem(t.Name) != "":
			w.fail("tag "+Quote(t.Name), "%s", tagNameProblem(t.Name))
		case t.Name == "Game" || t.Name == "Start":
			w.fail(where, "the %s tag is the record's %s field, not one of its Tags", t.Name, t.Name)
		case seen[t.Name]:
			w.fail(where, "the tag appears twice")
		}
		seen[t.Name] = true
		w.tag(t.Name, t.Value)
	}
	w.b = append(w.b, '\n')
	var esc []byte
	if r.Comment != "" {
		esc = appendComment(esc[:0], r.Comment)
		w.commentLines(esc, "comment before move 1")
	}
	for i, m := range r.Moves {
		where := fmt.Sprintf("move %d %s", i+1, Quote(m.Text))
		start := len(w.b)
		w.b = strconv.AppendInt(w.b, int64(i+1), 10)
		w.b = append(w.b, '.', ' ')
		w.b = append(w.b, m.Text...)
		if p := moveTextProblem(m.Text); p != "" {
			w.fail(where, "%s", p)
		}
		if m.Reveal != "" {
			w.b = append(w.b, " = "...)
			w.b = append(w.b, m.Reveal...)
			if p := revealProblem(m.Reveal); p != "" {
				w.fail(where, "reveal %s: %s", Quote(m.Reveal), p)
			}
		}
		if m.Comment == "" {
			w.endLine(start, where)
			continue
		}
		esc = appendComment(esc[:0], m.Comment)
		if len(w.b)-start+len(esc)+3 <= MaxRecordLine {
			w.b = append(w.b, ' ', '{')
			w.b = append(w.b, esc...)
			w.b = append(w.b, '}', '\n')
			continue
		}
		w.endLine(start, where)
		w.commentLines(esc, where)
	}
	switch r.Result {
	case ResultFirst, ResultSecond, ResultUnfinished:
		w.b = append(w.b, r.Result...)
	default:
		w.failUnder(drawRule(r.Result), "result", "%s: want 1-0, 0-1 or *", Quote(r.Result))
		w.b = append(w.b, ResultUnfinished...)
	}
	w.b = append(w.b, '\n', '\n')
	if w.err != nil {
		return string(w.b), w.err
	}
	return string(w.b), nil
}

// tagNameProblem says what is wrong with a tag name, or returns "".
func tagNameProblem(name string) string {
	if name == "" {
		return "a tag name may not be empty"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '_')) {
			return "a tag name is a letter, then letters, digits and '_' only"
		}
	}
	return ""
}

// lineTextProblem says why s cannot stand in a move line outside the
// comment: braces would start or end a comment and control characters
// (line breaks, tabs, and beyond ASCII the C1 controls, NEL among them,
// and the line and paragraph separators, which some editors take for
// line ends) would not survive.
func lineTextProblem(s string) string {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' || c == '}':
			return fmt.Sprintf("%q may only stand in a comment", c)
		case c < ' ' || c == 0x7f:
			return fmt.Sprintf("control character %q", c)
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
				return fmt.Sprintf("control character %q", r)
			}
			i += size - 1
		}
	}
	return ""
}

// moveTextProblem says what keeps text from being a move text in a record,
// or returns "". The reader and the writer share it, so that every text
// one of them allows reads back the same.
func moveTextProblem(text string) string {
	switch {
	case text == "":
		return "the move has no text"
	case strings.Contains(text, " = "):
		return `a move text may not contain " = ", which introduces a reveal`
	case strings.HasSuffix(text, " ="):
		return `a move text may not end with " =", which would introduce a reveal`
	case strings.HasSuffix(text, " "):
		return "a move text may not end with a space"
	}
	return lineTextProblem(text)
}

// revealProblem says what keeps text from being a reveal, or returns "".
func revealProblem(text string) string {
	switch {
	case text == "":
		return `nothing after " = "`
	case text[0] == ' ' || text[len(text)-1] == ' ':
		return "a reveal may not begin or end with a space"
	}
	return lineTextProblem(text)
}

// MaxRecordLine is the longest line a record may have, in bytes, not
// counting the line end ("\n" or "\r\n") nor the spaces and tabs before
// it, which the reader ignores (up to MaxRecordLine bytes of them: a
// line longer than twice the limit, its end aside, is refused whatever
// it holds, and ends the stream).
const MaxRecordLine = 4096

// RecordReader reads a stream of records, one after the other. It reads
// in time and memory linear in the length of the stream. A line ends
// with "\n"; carriage returns before it are ignored. The zero
// RecordReader reads an empty stream; NewRecordReader makes one that
// reads a stream. It is not safe for concurrent use: one goroutine reads
// a stream.
type RecordReader struct {
	src     failingReader
	sc      *bufio.Scanner
	line    int
	err     error  // the error that stopped the stream
	back    string // a line read but not used, read again next
	isBack  bool
	resync  bool // the last record was malformed: skip what is left of it
	ended   bool // the last record's fault was at its end: nothing to skip
	inMoves bool // the last record was read past its tags
	first   int  // the first line of the last record read
	// moveLines holds the line of each move of the last record read.
	moveLines []int
}

// errNilReader is what a RecordReader made of a nil io.Reader reads: a
// new value each time, since the caller may change the fields of an
// error he is given.
func errNilReader() error {
	return Errorf(ErrSyntax, "", "records", "NewRecordReader was given a nil io.Reader")
}

// failingReader remembers the first error of the reader it reads, other
// than io.EOF, so that a line cut by it is told from a last line
// without its line end.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.r == nil {
		return 0, errNilReader()
	}
	n, err := f.r.Read(p)
	if err != nil && err != io.EOF && f.err == nil {
		f.err = err
	}
	return n, err
}

// NewRecordReader returns a reader of the records in r. A nil r is a
// reader whose Next returns an error, as a reader that fails at once.
func NewRecordReader(r io.Reader) *RecordReader {
	rr := &RecordReader{src: failingReader{r: r}}
	rr.sc = bufio.NewScanner(&rr.src)
	// Room for the longest line with white space after it: longer ones
	// are caught by next, on the line without it.
	rr.sc.Buffer(make([]byte, 0, 256), 2*MaxRecordLine+2) // and "\r\n"
	rr.sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		advance, token, err := bufio.ScanLines(data, atEOF)
		if atEOF && token != nil && rr.src.err != nil && bytes.IndexByte(data[:advance], '\n') < 0 {
			// The reader failed in the middle of this line: its error,
			// not a line it cut short.
			return 0, nil, rr.src.err
		}
		return advance, token, err
	})
	return rr
}

func (rr *RecordReader) next() (string, bool, error) {
	if rr.sc == nil { // the zero RecordReader: an empty stream
		return "", false, nil
	}
	if rr.isBack {
		rr.isBack = false
		return rr.back, true, nil
	}
	if rr.err != nil {
		return "", false, rr.err
	}
	if !rr.sc.Scan() {
		if err := rr.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = rr.tooLong(rr.line + 1)
			}
			rr.err = err
			return "", false, err
		}
		return "", false, nil
	}
	rr.line++
	if len(rr.sc.Bytes()) > 2*MaxRecordLine {
		// Refused whatever it holds, as the scanner refuses it with
		// "\r\n" after it.
		rr.err = rr.tooLong(rr.line)
		return "", false, rr.err
	}
	// A byte order mark, which some editors write at the start of a
	// UTF-8 file, is no part of the text: at the start of the stream,
	// or of a line of it where files were put end to end.
	line := strings.TrimRight(strings.TrimPrefix(rr.sc.Text(), "\uFEFF"), " \t\r")
	if len(line) > MaxRecordLine {
		rr.err = rr.tooLong(rr.line)
		return "", false, rr.err
	}
	return line, true, nil
}

// unread makes next return line again.
func (rr *RecordReader) unread(line string) { rr.back, rr.isBack = line, true }

// skipRest skips what is left of a malformed record: the lines up to its
// result line, or up to the next record's first tag when it has none.
// Among the moves a tag starts the next record; among the tags, one that
// follows a blank line or a note (which end the tags) does.
func (rr *RecordReader) skipRest() error {
	inMoves := rr.inMoves
	for {
		line, ok, err := rr.next()
		if err != nil || !ok {
			return err
		}
		switch {
		case line == ResultFirst || line == ResultSecond || line == ResultUnfinished:
			return nil
		case strings.HasPrefix(line, "["):
			if inMoves {
				rr.unread(line)
				return nil
			}
		default: // a blank line, a note, a move or a comment
			inMoves = true
		}
	}
}

func (rr *RecordReader) tooLong(line int) *Error {
	return Errorf(ErrSyntax, "", fmt.Sprintf("line %d", line), "line longer than %d bytes", MaxRecordLine)
}

// Next reads the next record. It returns io.EOF when the stream holds no
// more records, and an *Error of kind ErrSyntax that names the line for
// a malformed one; the next call skips what is left of that record (up
// to its result line, or to the first tag after a blank line when it
// has none) and reads the record after it, so that a program can report
// a malformed record and go on. An error of the reader read from, or a
// line longer than MaxRecordLine, ends the stream: Next returns it
// again. Next checks the form only; Replay checks the moves.
func (rr *RecordReader) Next() (*Record, error) {
	if rr.resync {
		rr.resync = false
		if err := rr.skipRest(); err != nil {
			return nil, err
		}
	}
	rec, err := rr.record()
	// After a malformed record, skip its rest, unless the fault was
	// found where it ends (its last line, or the next record's first).
	rr.resync = err != nil && err != io.EOF && err != rr.err && !rr.ended
	rr.ended = false
	return rec, err
}

// Line returns the line of the stream, counted from 1, where the record
// that Next last returned, or refused, begins (its first tag): with
// MoveLine, what a tool that checks a file of records shows beside an
// error found after reading, such as Replay's. It is 0 before the first
// call of Next and once Next has found the end of the stream.
func (rr *RecordReader) Line() int { return rr.first }

// MoveLine returns the line of the stream where move number n (counted
// from 1, as Replay numbers the move it refuses) of the record that Next
// last returned is written, or 0 if that record has no move n. Replay
// returns the positions before the move at fault, so the number of
// positions it returns with its error is that move's number.
func (rr *RecordReader) MoveLine(n int) int {
	if n < 1 || n > len(rr.moveLines) {
		return 0
	}
	return rr.moveLines[n-1]
}

// record reads the next record for Next.
func (rr *RecordReader) record() (*Record, error) {
	var line string
	var ok bool
	var err error
	rr.first, rr.moveLines = 0, rr.moveLines[:0]
	for { // skip blank lines and notes between records
		if line, ok, err = rr.next(); err != nil {
			return nil, err
		}
		if !ok {
			return nil, io.EOF
		}
		if line != "" && !strings.HasPrefix(line, ";") {
			break
		}
	}
	rec := &Record{}
	first := rr.line // the record's first line
	rr.first, rr.inMoves = first, false
	where := func() string { return fmt.Sprintf("line %d", rr.line) }
	var seenGame, seenStart bool
	gameLine := 0 // the Game tag's line
	seen := map[string]bool{}
	for ; ok && strings.HasPrefix(line, "["); line, ok, err = rr.next() {
		name, value, terr := parseTag(line)
		if terr != nil {
			return nil, terr.In(where())
		}
		switch {
		case name == "Game" && !seenGame:
			rec.Game, seenGame, gameLine = value, true, rr.line
		case name == "Start" && !seenStart:
			rec.Start, seenStart = value, true
		case name == "Game" || name == "Start" || seen[name]:
			return nil, Errorf(ErrSyntax, "", where(), "tag %s appears twice", clip(name))
		default:
			seen[name] = true
			rec.Tags = append(grow(rec.Tags), Tag{name, value})
		}
	}
	if err != nil {
		return nil, err
	}
	rr.inMoves = true // line, read, is the first after the tags
	if !seenGame || !seenStart {
		missing := "Game and Start tags"
		if seenGame {
			missing = "Start tag"
		} else if seenStart {
			missing = "Game tag"
		}
		return nil, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", first),
			"the record that starts here has no %s: a record starts with its Game and Start tags, with no blank line among its tags", missing)
	}
	if rec.Game == "" {
		return nil, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", gameLine), "the Game tag is empty: it names the game")
	}
	// The comment being read belongs to the last move, or to the game
	// before its first move. A comment of one piece is kept as it is;
	// pieces from further comment lines are gathered in one buffer and
	// copied out once, when the next move or the result comes.
	var comment string
	var joined []byte
	addComment := func(c string) {
		if joined == nil {
			if comment == "" {
				comment = c
				return
			}
			joined = append(make([]byte, 0, 2*(len(comment)+len(c)+1)), comment...)
		}
		joined = append(joined, ' ')
		joined = append(joined, c...)
	}
	flush := func() {
		if joined != nil {
			comment = string(joined)
		}
		if n := len(rec.Moves); n > 0 {
			rec.Moves[n-1].Comment = comment
		} else {
			rec.Comment = comment
		}
		comment, joined = "", nil
	}
	for ; ok; line, ok, err = rr.next() {
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		switch line {
		case ResultFirst, ResultSecond, ResultUnfinished:
			flush()
			rec.Result = line
			return rec, nil
		}
		if strings.HasPrefix(line, "[") {
			// The record of line first has no result, or its tags are
			// cut by a blank line: either way this line may start the
			// next record, read by the next call.
			rr.unread(line)
			rr.ended = true
			if len(rec.Moves) == 0 {
				return nil, Errorf(ErrSyntax, "", where(), "a tag after the blank line that ends the tags of the record of line %d (or that record has no result line: 1-0, 0-1 or *)", first)
			}
			return nil, Errorf(ErrSyntax, "", where(), "record has no result line (1-0, 0-1 or *) before the next record")
		}
		if strings.HasPrefix(line, "{") {
			c, cerr := parseComment(line)
			if cerr != nil {
				return nil, cerr.In(where())
			}
			addComment(c)
			continue
		}
		if resultLike(line) {
			rr.ended = true // the faulty line is the record's last
			return nil, Errorf(ErrSyntax, drawRule(line), where(), "result %s: want 1-0 (the first side won), 0-1 (the second side won) or * (no winner yet); the rules know no draw", Quote(line))
		}
		m, merr := parseMoveLine(line, len(rec.Moves)+1)
		if merr != nil {
			return nil, merr.In(where())
		}
		flush()
		rec.Moves = append(grow(rec.Moves), RecordMove{Text: m.Text, Reveal: m.Reveal})
		rr.moveLines = append(rr.moveLines, rr.line)
		comment = m.Comment
	}
	if err != nil {
		return nil, err
	}
	return nil, Errorf(ErrSyntax, "", where(), "record ends without a result line (1-0, 0-1 or *)")
}

// grow makes room for one more element by doubling when s is full. The
// runtime's append grows large slices by a quarter at a time, which
// allocates about five times the final size in all; doubling allocates
// at most twice the final size, whatever the length.
func grow[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return append(make([]T, 0, max(8, 2*cap(s))), s...)
}

func parseTag(line string) (name, value string, err *Error) {
	if !strings.HasSuffix(line, "]") {
		return "", "", Errorf(ErrSyntax, "", "", "a tag is written [Name \"value\"]")
	}
	body := line[1 : len(line)-1]
	sp := strings.IndexByte(body, ' ')
	if sp <= 0 {
		return "", "", Errorf(ErrSyntax, "", "", "a tag is written [Name \"value\"]")
	}
	name = body[:sp]
	if p := tagNameProblem(name); p != "" {
		return "", "", Errorf(ErrSyntax, "", "tag "+Quote(name), "%s", p)
	}
	q := body[sp+1:]
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", "", Errorf(ErrSyntax, "", "", "tag %s: the value is written in double quotes", clip(name))
	}
	q = q[1 : len(q)-1]
	if !strings.ContainsAny(q, `"\`) {
		return name, q, nil
	}
	b := make([]byte, 0, len(q))
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\\':
			if i+1 >= len(q) {
				return "", "", Errorf(ErrSyntax, "", "", `tag %s: the value ends with a lone \`, clip(name))
			}
			i++
			switch q[i] {
			case '"', '\\':
				c = q[i]
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			default:
				return "", "", Errorf(ErrSyntax, "", "", `tag %s: the escapes are \", \\, \n and \r, not \ before %s`, clip(name), charAt(q, i))
			}
		case '"':
			return "", "", Errorf(ErrSyntax, "", "", `tag %s: a quote inside the value must be written \"`, clip(name))
		}
		b = append(b, c)
	}
	return name, string(b), nil
}

// parseComment reads a comment that starts at s[0] == '{' and ends with
// the last byte of s, undoing its escapes.
func parseComment(s string) (string, *Error) {
	body := s[1:]
	if !strings.ContainsAny(body, `}\`) {
		return "", Errorf(ErrSyntax, "", "", "a comment is written {like this}: no closing '}'")
	}
	var b []byte
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch c {
		case '}':
			if i != len(body)-1 {
				return "", Errorf(ErrSyntax, "", "", `text after a comment's closing '}' (a '}' inside a comment is written \})`)
			}
			if b == nil {
				return body[:i], nil
			}
			return string(b), nil
		case '\\':
			if b == nil {
				b = append(make([]byte, 0, len(body)), body[:i]...)
			}
			if i+1 >= len(body) {
				return "", Errorf(ErrSyntax, "", "", "a comment is written {like this}: no closing '}'")
			}
			i++
			switch body[i] {
			case '}', '\\':
				c = body[i]
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			default:
				return "", Errorf(ErrSyntax, "", "", `in a comment the escapes are \}, \\, \n and \r, not \ before %s`, charAt(body, i))
			}
		}
		if b != nil {
			b = append(b, c)
		}
	}
	return "", Errorf(ErrSyntax, "", "", "a comment is written {like this}: no closing '}'")
}

func parseMoveLine(line string, want int) (RecordMove, *Error) {
	var m RecordMove
	dot := strings.Index(line, ". ")
	if dot <= 0 {
		return m, Errorf(ErrSyntax, "", "", "a move line is written \"%d. <move>\"", want)
	}
	n, err := strconv.Atoi(line[:dot])
	if err != nil || n != want {
		return m, Errorf(ErrSyntax, "", "", "move number %s, want %d", Quote(line[:dot]), want)
	}
	body := line[dot+2:]
	if i := strings.IndexByte(body, '{'); i >= 0 {
		c, cerr := parseComment(body[i:])
		if cerr != nil {
			return m, cerr
		}
		m.Comment = c
		body = strings.TrimRight(body[:i], " ")
	}
	m.Text = body
	if i := strings.Index(body, " = "); i >= 0 {
		m.Text = strings.TrimRight(body[:i], " ")
		m.Reveal = strings.TrimLeft(body[i+3:], " ")
		if p := revealProblem(m.Reveal); p != "" {
			return m, Errorf(ErrSyntax, "", "", "move %d: %s", want, p)
		}
	}
	if p := moveTextProblem(m.Text); p != "" {
		return m, Errorf(ErrSyntax, "", "", "move %d: %s", want, p)
	}
	return m, nil
}

// ReadRecord reads exactly one record from text.
func ReadRecord(text string) (*Record, error) {
	rr := NewRecordReader(strings.NewReader(text))
	rec, err := rr.Next()
	if err == io.EOF {
		return nil, Errorf(ErrSyntax, "", "", "no record")
	}
	if err != nil {
		return nil, err
	}
	end := rr.line // the result's line
	switch _, err := rr.Next(); err {
	case io.EOF:
		return rec, nil
	case nil:
		return nil, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", rr.first), "a second record: ReadRecord reads one (a RecordReader reads a stream of them)")
	}
	return nil, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", rr.first), "text after the result line (line %d), which ends the record", end)
}

// resultLike reports whether a line that is no result looks like one,
// such as "1/2-1/2" or "1-1", rather than a move line.
func resultLike(line string) bool {
	return strings.Contains(line, "-") && !strings.Contains(line, ". ") &&
		strings.Trim(line, "0123456789/½-") == ""
}

// Replay plays the record's moves from its start position in game g,
// checking each one, and returns every position from the start to the
// last (len(Moves)+1 of them). An illegal move is reported with its
// number, its text and the game's reason, as
// `move 12 "D1-D3": ... (K8)`, with the positions before that move (as
// many as the move's number: see RecordReader.MoveLine); a result that
// does not match the final position is reported too, with every
// position. The record's Game tag must name g (see
// CheckGame). Reveals are not checked here, as this package does not know
// which games hide pieces: games.Replay checks them, and the brouillard
// package replays the records that one player keeps, which need them.
func (r *Record) Replay(g *Game) ([]State, error) {
	if err := r.CheckGame(g); err != nil {
		return nil, err
	}
	s, err := g.Parse(r.Start)
	if err != nil {
		return nil, ErrorIn(err, "tag Start")
	}
	states := make([]State, 0, len(r.Moves)+1)
	states = append(states, s)
	for i, m := range r.Moves {
		if err := s.Outcome().Err(); err != nil {
			return states, ErrorInMove(err, i+1, m.Text)
		}
		next, err := s.Play(m.Text)
		if err != nil {
			return states, ErrorInMove(err, i+1, m.Text)
		}
		s = next
		states = append(states, s)
	}
	return states, r.CheckResult(s.Outcome())
}

// drawRule is the rule a refused result cites: G7 for a draw (1/2-1/2,
// ½-½ ...), which the rules do not know, and none for anything else.
func drawRule(result string) string {
	if strings.Contains(result, "/") || strings.Contains(result, "½") {
		return "G7"
	}
	return ""
}

// CheckResult returns nil when the record's result is the one that the
// outcome of its last position gives (ResultOf), and otherwise an *Error
// that says both, under the rule that ended the game if it ended (an
// empty result is no result, as for Check). A record says who won only when its last
// position says so: a game ended otherwise (a resignation, a loss on
// time, an adjudication) is recorded with the result "*", and a tag such
// as Termination can say how it ended.
func (r *Record) CheckResult(final Outcome) error {
	want := r.Result
	switch want {
	case ResultFirst, ResultSecond, ResultUnfinished:
	case "":
		return Errorf(ErrSyntax, "", "result", "no result: want 1-0, 0-1 or * (as Check and Write do)")
	default:
		return Errorf(ErrSyntax, drawRule(want), "result", "%s: want 1-0, 0-1 or *", Quote(want))
	}
	if got := ResultOf(final); got != want {
		if final.Over {
			return Errorf(ErrIllegal, final.Rule, "result", "the record says %s but the last position gives %s: %s", want, got, final.Reason)
		}
		return Errorf(ErrIllegal, "", "result", "the record says %s but the game goes on in the last position (%s)", want, got)
	}
	return nil
}

// CheckGame returns nil when the record's Game tag names g, in any case
// (as games.ByName finds a game), and otherwise an *Error that says which
// game the record is of.
func (r *Record) CheckGame(g *Game) error {
	if r == nil {
		return Errorf(ErrSyntax, "", "", "no record")
	}
	if g == nil || g.Name == "" {
		return Errorf(ErrSyntax, "", "", "record replayed in no game")
	}
	if !strings.EqualFold(r.Game, g.Name) {
		return Errorf(ErrSyntax, "", "tag Game", "record of %s, not of %q", Quote(r.Game), g.Name)
	}
	return nil
}

// NewRecord starts a record of the game of state s from s, with no moves
// yet. A nil s, such as the zero Game's start, gives a record of no game.
func NewRecord(s State) *Record {
	if noState(s) {
		return &Record{Result: ResultUnfinished}
	}
	return &Record{Game: s.Game().Name, Start: s.String(), Result: ResultOf(s.Outcome())}
}

// Recorder keeps the record of a game as it is played: each move is
// checked and played before it is written down, in the text the game
// itself gives that move, so the record always replays. It keeps the
// last position, so recording n moves takes time linear in n. A Recorder
// is not safe for concurrent use.
//
// The zero Recorder has no position: it refuses every move, as one of a
// nil State does, and records tags and comments.
type Recorder struct {
	rec    Record
	state  State
	before []State        // the position before each move recorded
	tags   map[string]int // index of each tag in rec.Tags
	seen   positionCounter
	reps   int // how many times state has occurred
}

// NewRecorder starts recording a game from position s. With a nil s (the
// zero Game's start) it refuses every move.
func NewRecorder(s State) *Recorder {
	if noState(s) {
		s = nil
	}
	r := &Recorder{state: s}
	if s != nil {
		r.rec = Record{Game: s.Game().Name, Start: s.String()}
		r.reps = r.seen.add(s)
	}
	return r
}

// Repetitions returns how many times the current position has occurred
// in the game recorded so far, this time included: 1 for a position met
// for the first time, 2 when the game has come back to it once, and so
// on (0 for a recorder with no position). Positions are the same when
// their texts are equal (side to move and every field included), which
// is checked beyond their hashes, so a hash collision cannot make two
// positions one.
//
// The rules know no draw (G7): the library never ends a game because a
// position came back, however often. A host that wants a draw rule, such
// as a third repetition, applies it with this count. In a game with
// hidden pieces it counts true positions, which is the host's count, not
// one to show a player: his count is hops.Repetitions of his views.
func (r *Recorder) Repetitions() int { return r.reps }

// State returns the position after the moves recorded so far.
func (r *Recorder) State() State { return r.state }

// Play checks and plays a move in the current position and records it
// under its canonical text, the one State.Moves lists for it (G9), so a
// move written in another legal form is recorded the way the game writes
// it. It returns the new position, or the game's error for an illegal or
// malformed move, prefixed with the move's number and text, and records
// nothing then.
func (r *Recorder) Play(move string) (State, error) {
	n := len(r.rec.Moves) + 1
	if r.state == nil {
		return nil, ErrorInMove(Errorf(ErrSyntax, "", "", "the recorder has no position to play in"), n, move)
	}
	if err := r.state.Outcome().Err(); err != nil {
		return nil, ErrorInMove(err, n, move)
	}
	next, err := r.state.Play(move)
	if err != nil {
		return nil, ErrorInMove(err, n, move)
	}
	text, err := r.state.Canonical(move)
	if err != nil {
		// Canonical accepts every move Play does (G9); the move as
		// written still replays.
		text = move
	}
	r.rec.Moves = append(r.rec.Moves, RecordMove{Text: text})
	r.before = append(r.before, r.state)
	r.state = next
	r.reps = r.seen.add(next)
	return next, nil
}

// TakeBack removes the last move recorded, with its comment, and returns
// the position before it, which is the recorder's position again; the
// repetition counts are those of that position as it was. With no move
// recorded it returns an *Error of kind ErrSyntax and changes nothing.
// The rules say nothing of taking a move back: a host decides when to
// allow it (and in Brouillard, whether a move that turned a pawn over,
// which both players have seen, can be forgotten).
func (r *Recorder) TakeBack() (State, error) {
	n := len(r.rec.Moves)
	if n == 0 {
		return r.state, Errorf(ErrSyntax, "", "", "no move to take back")
	}
	r.seen.remove(r.state)
	r.state = r.before[n-1]
	r.before[n-1] = nil
	r.before = r.before[:n-1]
	r.rec.Moves[n-1] = RecordMove{}
	r.rec.Moves = r.rec.Moves[:n-1]
	if n == 1 {
		r.rec.Moves = nil // as before the first move
	}
	r.reps = r.seen.count(r.state)
	return r.state, nil
}

// Repetitions returns, for each position of a game in order (such as the
// positions Record.Replay returns), how many times it has occurred up to
// that point, itself included: out[i] is the number of j <= i with
// positions[j] the same position as positions[i] (same text, checked
// beyond the hash). A nil state, or a value that says it is zero or has
// no text, counts 0. It counts and decides nothing: the rules know no
// draw (G7), and a host applies its own rule with the counts. It takes
// time linear in the number of positions.
//
// It takes any values with a hash and a text: States, a game's typed
// positions, and views. In a game with hidden pieces (Brouillard) a
// player counts over his views (games.View, brouillard.View), which
// come back when what he sees comes back: a count over the true states
// tells hidden pawns apart, and shown to a player it would tell him
// that two of them changed places.
func Repetitions[T interface {
	Hash() uint64
	String() string
}](positions []T) []int {
	var seen positionCounter
	out := make([]int, len(positions))
	for i, p := range positions {
		if noPosition(p) {
			continue
		}
		if text := p.String(); text != "" {
			out[i] = seen.addText(p.Hash(), text)
		}
	}
	return out
}

// noPosition reports whether p holds no position: a nil interface, or a
// value that says it is zero (see noState).
func noPosition[T any](p T) bool {
	switch v := any(p).(type) {
	case nil:
		return true
	case interface{ IsZero() bool }:
		return v.IsZero()
	}
	return false
}

// positionCounter counts occurrences of positions by hash, telling apart
// positions whose hashes collide by their texts.
type positionCounter struct {
	byHash map[uint64][]positionCount
}

type positionCount struct {
	text string
	n    int
}

// add counts one more occurrence of s and returns its count.
func (c *positionCounter) add(s State) int { return c.addText(s.Hash(), s.String()) }

// addText counts one more occurrence of the position with hash h and
// text text and returns its count.
func (c *positionCounter) addText(h uint64, text string) int {
	if c.byHash == nil {
		c.byHash = map[uint64][]positionCount{}
	}
	list := c.byHash[h]
	for i := range list {
		if list[i].text == text {
			list[i].n++
			return list[i].n
		}
	}
	c.byHash[h] = append(list, positionCount{text, 1})
	return 1
}

// remove counts one occurrence of s less.
func (c *positionCounter) remove(s State) {
	h, text := s.Hash(), s.String()
	list := c.byHash[h]
	for i := range list {
		if list[i].text == text {
			if list[i].n--; list[i].n == 0 {
				c.byHash[h] = append(list[:i], list[i+1:]...)
			}
			return
		}
	}
}

// count returns how many times s has been counted.
func (c *positionCounter) count(s State) int {
	if noState(s) {
		return 0
	}
	text := s.String()
	for _, pc := range c.byHash[s.Hash()] {
		if pc.text == text {
			return pc.n
		}
	}
	return 0
}

// Comment sets the comment on the last move recorded, or on the game
// before its first move when no move has been recorded yet.
func (r *Recorder) Comment(text string) {
	if n := len(r.rec.Moves); n > 0 {
		r.rec.Moves[n-1].Comment = text
	} else {
		r.rec.Comment = text
	}
}

// SetTag sets a tag of the record, replacing an earlier value. It refuses
// a name that a record cannot hold (see Tag) and the Game and Start tags,
// which the recorder sets from the game.
func (r *Recorder) SetTag(name, value string) error {
	where := "tag " + Quote(name)
	if p := tagNameProblem(name); p != "" {
		return Errorf(ErrSyntax, "", where, "%s", p)
	}
	if name == "Game" || name == "Start" {
		return Errorf(ErrSyntax, "", where, "the recorder sets the %s tag from the game", name)
	}
	// The tag's line must fit in a record (MaxRecordLine, and a value
	// that a line can hold): checked as Record.Check would check it.
	probe := Record{Game: "g", Start: "s", Tags: []Tag{{name, value}}, Result: ResultUnfinished}
	if err := probe.Check(); err != nil {
		return err
	}
	if i, ok := r.tags[name]; ok {
		r.rec.Tags[i].Value = value
		return nil
	}
	if r.tags == nil {
		r.tags = map[string]int{}
	}
	r.tags[name] = len(r.rec.Tags)
	r.rec.Tags = append(r.rec.Tags, Tag{name, value})
	return nil
}

// Record returns the record so far, with its result set from the current
// position. The record is a copy: changing it does not change the
// recorder's, and recording on does not change it.
func (r *Recorder) Record() *Record {
	out := r.rec
	out.Tags = slices.Clone(r.rec.Tags)
	out.Moves = slices.Clone(r.rec.Moves)
	out.SetResultFrom(r.state)
	return &out
}

// charAt names the character at byte i of text for an error message.
func charAt(text string, i int) string {
	name, _ := charname.At(text, i)
	return name
}
