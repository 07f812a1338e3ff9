package hops

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Record is one recorded game: which game, from which position, the moves
// in order and the result, with free tags and comments. Its text form is
// described in the package documentation (Game records); Write and
// ReadRecord convert between the two, and Replay checks every move.
type Record struct {
	Game   string       // the game's short name, as Game.Name ("catchit")
	Start  string       // the position text the game starts from
	Tags   []Tag        // further tags, in order (Blue, Red, Date, Event, ...)
	Moves  []RecordMove // the moves, in the order they were played
	Result string       // "1-0" (first side won), "0-1" (second side won) or "*" (not finished)
}

// Tag is a named value in a record's header.
type Tag struct {
	Name, Value string
}

// RecordMove is one move of a record: its text in the game's move syntax,
// what it made public beyond its text (Brouillard's turned pawns in a
// record kept by one player; empty otherwise) and an optional comment.
type RecordMove struct {
	Text    string
	Reveal  string
	Comment string
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

// SetTag sets a tag, replacing the first one of that name or adding one.
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

// Write writes the record's text form to w.
func (r *Record) Write(w io.Writer) error {
	_, err := io.WriteString(w, r.String())
	return err
}

// String returns the record's text form, ending with a blank line so that
// records can be concatenated into one stream.
func (r *Record) String() string {
	var b strings.Builder
	writeTag := func(name, value string) {
		b.WriteString("[")
		b.WriteString(name)
		b.WriteString(" ")
		b.WriteString(quote(value))
		b.WriteString("]\n")
	}
	writeTag("Game", r.Game)
	writeTag("Start", r.Start)
	for _, t := range r.Tags {
		writeTag(t.Name, t.Value)
	}
	b.WriteString("\n")
	for i, m := range r.Moves {
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". ")
		b.WriteString(m.Text)
		if m.Reveal != "" {
			b.WriteString(" = ")
			b.WriteString(m.Reveal)
		}
		if m.Comment != "" {
			b.WriteString(" {")
			b.WriteString(m.Comment)
			b.WriteString("}")
		}
		b.WriteString("\n")
	}
	result := r.Result
	if result == "" {
		result = ResultUnfinished
	}
	b.WriteString(result)
	b.WriteString("\n\n")
	return b.String()
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(" ")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// MaxRecordLine is the longest line a record may have, in bytes.
const MaxRecordLine = 4096

// RecordReader reads a stream of records, one after the other.
type RecordReader struct {
	sc   *bufio.Scanner
	line int
	peek *string // a line read ahead
}

// NewRecordReader returns a reader of the records in r.
func NewRecordReader(r io.Reader) *RecordReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), MaxRecordLine)
	return &RecordReader{sc: sc}
}

func (rr *RecordReader) next() (string, bool, error) {
	if rr.peek != nil {
		l := *rr.peek
		rr.peek = nil
		return l, true, nil
	}
	if !rr.sc.Scan() {
		if err := rr.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", rr.line+1), "line longer than %d bytes", MaxRecordLine)
			}
			return "", false, err
		}
		return "", false, nil
	}
	rr.line++
	return strings.TrimRight(rr.sc.Text(), " \t\r"), true, nil
}

// Next reads the next record. It returns io.EOF when the stream holds no
// more records, and an *Error of kind ErrSyntax that names the line for
// a malformed one. Next checks the form only; Replay checks the moves.
func (rr *RecordReader) Next() (*Record, error) {
	var line string
	var ok bool
	var err error
	for { // skip blank lines and comments between records
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
	where := func() string { return fmt.Sprintf("line %d", rr.line) }
	seen := map[string]bool{}
	for ; ok && strings.HasPrefix(line, "["); line, ok, err = rr.next() {
		if err != nil {
			return nil, err
		}
		name, value, terr := parseTag(line)
		if terr != nil {
			return nil, terr.In(where())
		}
		if seen[name] {
			return nil, Errorf(ErrSyntax, "", where(), "tag %s appears twice", name)
		}
		seen[name] = true
		rec.SetTag(name, value)
	}
	if err != nil {
		return nil, err
	}
	if !seen["Game"] || !seen["Start"] {
		return nil, Errorf(ErrSyntax, "", where(), "a record starts with its Game and Start tags")
	}
	for ; ok; line, ok, err = rr.next() {
		if err != nil {
			return nil, err
		}
		if line == "" || strings.HasPrefix(line, ";") {
			continue
		}
		switch line {
		case ResultFirst, ResultSecond, ResultUnfinished:
			rec.Result = line
			return rec, nil
		}
		if strings.HasPrefix(line, "[") {
			return nil, Errorf(ErrSyntax, "", where(), "record has no result line (1-0, 0-1 or *) before the next record")
		}
		if strings.HasPrefix(line, "{") {
			c, rest, cerr := cutComment(line)
			if cerr != nil || rest != "" {
				return nil, Errorf(ErrSyntax, "", where(), "a comment is written {like this}")
			}
			if n := len(rec.Moves); n > 0 {
				rec.Moves[n-1].Comment = joinComment(rec.Moves[n-1].Comment, c)
			}
			continue
		}
		m, merr := parseMoveLine(line, len(rec.Moves)+1)
		if merr != nil {
			return nil, merr.In(where())
		}
		rec.Moves = append(rec.Moves, m)
	}
	if err != nil {
		return nil, err
	}
	return nil, Errorf(ErrSyntax, "", where(), "record ends without a result line (1-0, 0-1 or *)")
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
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
	for i, c := range name {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '_')) {
			return "", "", Errorf(ErrSyntax, "", "", "tag name %q: letters, digits and '_' only", name)
		}
	}
	q := body[sp+1:]
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", "", Errorf(ErrSyntax, "", "", "tag %s: the value is written in double quotes", name)
	}
	var b strings.Builder
	for i := 1; i < len(q)-1; i++ {
		c := q[i]
		if c == '\\' {
			if i+1 >= len(q)-1 || (q[i+1] != '"' && q[i+1] != '\\') {
				return "", "", Errorf(ErrSyntax, "", "", "tag %s: only \\\" and \\\\ are escapes", name)
			}
			i++
			c = q[i]
		} else if c == '"' {
			return "", "", Errorf(ErrSyntax, "", "", "tag %s: a quote inside the value must be written \\\"", name)
		}
		b.WriteByte(c)
	}
	return name, b.String(), nil
}

func cutComment(s string) (comment, rest string, err error) {
	end := strings.IndexByte(s, '}')
	if !strings.HasPrefix(s, "{") || end < 0 {
		return "", s, errors.New("unterminated comment")
	}
	return s[1:end], strings.TrimLeft(s[end+1:], " "), nil
}

func parseMoveLine(line string, want int) (RecordMove, *Error) {
	var m RecordMove
	dot := strings.Index(line, ". ")
	if dot <= 0 {
		return m, Errorf(ErrSyntax, "", "", "a move line is written \"%d. <move>\"", want)
	}
	n, err := strconv.Atoi(line[:dot])
	if err != nil || n != want {
		return m, Errorf(ErrSyntax, "", "", "move number %q, want %d", line[:dot], want)
	}
	text := line[dot+2:]
	if i := strings.IndexByte(text, '{'); i >= 0 {
		c, rest, cerr := cutComment(text[i:])
		if cerr != nil || rest != "" {
			return m, Errorf(ErrSyntax, "", "", "a comment is written {like this} at the end of the line")
		}
		m.Comment = c
		text = strings.TrimRight(text[:i], " ")
	}
	if i := strings.Index(text, " = "); i >= 0 {
		m.Reveal = strings.TrimSpace(text[i+3:])
		text = text[:i]
		if m.Reveal == "" {
			return m, Errorf(ErrSyntax, "", "", "move %d: nothing after \" = \"", want)
		}
	}
	if text == "" {
		return m, Errorf(ErrSyntax, "", "", "move %d has no text", want)
	}
	m.Text = text
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
	if _, err := rr.Next(); err != io.EOF {
		return nil, Errorf(ErrSyntax, "", fmt.Sprintf("line %d", rr.line), "more than one record")
	}
	return rec, nil
}

// Replay plays the record's moves from its start position in game g,
// checking each one, and returns every position from the start to the
// last (len(Moves)+1 of them). An illegal move is reported with its
// number, its text and the game's reason, as
// `move 12 "D1-D3": ... (K8)`; a result that does not match the final
// position is reported too. Reveal annotations are not checked here: the
// true state determines them; the brouillard package replays the records
// that one player keeps, which need them.
func (r *Record) Replay(g *Game) ([]State, error) {
	if r.Game != g.Name {
		return nil, Errorf(ErrSyntax, "", "tag Game", "record of %q replayed as %q", r.Game, g.Name)
	}
	s, err := g.Parse(r.Start)
	if err != nil {
		return nil, ErrorIn(err, "tag Start")
	}
	states := make([]State, 0, len(r.Moves)+1)
	states = append(states, s)
	for i, m := range r.Moves {
		where := fmt.Sprintf("move %d %q", i+1, m.Text)
		if s.Outcome().Over {
			return states, Errorf(ErrIllegal, "G6", where, "the game was already over: %s", s.Outcome())
		}
		next, err := s.Play(m.Text)
		if err != nil {
			return states, ErrorIn(err, where)
		}
		s = next
		states = append(states, s)
	}
	want := r.Result
	if want == "" {
		want = ResultUnfinished
	}
	if got := ResultOf(s.Outcome()); got != want {
		return states, Errorf(ErrIllegal, "", "result", "the record says %s but the final position gives %s", want, got)
	}
	return states, nil
}

// NewRecord starts a record of game g from state s, with no moves yet.
func NewRecord(s State) *Record {
	return &Record{Game: s.Game().Name, Start: s.String(), Result: ResultOf(s.Outcome())}
}
