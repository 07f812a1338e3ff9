package hops_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// TestQuoteExcerpts pins where a cut quote starts and ends: 16 bytes of
// context before the fault, the rest after it, a rune never split, "…"
// on each cut side, and a text whose quoted form is one byte too long
// for MaxQuote already cut.
func TestQuoteExcerpts(t *testing.T) {
	digits := strings.Repeat("0123456789", 100)
	for _, c := range []struct{ name, got, want string }{
		{"64 bytes quoted in 67", hops.Quote(strings.Repeat("a", 63) + `"`),
			`"` + strings.Repeat("a", 63) + `"… (64 bytes)`},
		{"the fault inside a rune", hops.QuoteAt(strings.Repeat("a", 40)+"é"+strings.Repeat("b", 100), 41),
			`…"` + strings.Repeat("a", 16) + "é" + strings.Repeat("b", 46) + `"… (142 bytes)`},
		{"16 bytes before the fault", hops.QuoteAt(digits, 500),
			`…"` + digits[484:548] + `"… (1000 bytes)`},
		{"cut one byte before the end", hops.QuoteAt(digits[:100], 51),
			`…"` + digits[35:99] + `"… (100 bytes)`},
	} {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.name, c.got, c.want)
		}
	}
}

// TestInTextAtTheFault: an error located in a long move text quotes the
// text around the character at fault (G12), 16 bytes before it; located
// again in an enclosing text, it quotes that text from its start, since
// the offset was in the inner text.
func TestInTextAtTheFault(t *testing.T) {
	long := strings.Repeat("D1-D2 ", 1000) + "D1?D2" + strings.Repeat(" D3-D4", 1000)
	_, err := hops.NormalizeMoveText(long)
	var e *hops.Error
	if !errors.As(err, &e) {
		t.Fatalf("NormalizeMoveText: %v", err)
	}
	inner := `move …"2 D1-D2 D1-D2 D1?D2 D3-D4 D3-D4 D3-D4 D3-D4 D3-D4 D3-D4 D3-D4 D3"… (12005 bytes)`
	c := e.InText("move", long)
	if want := inner + ": unexpected character '?' at column 6003 (G12)"; c.Error() != want {
		t.Errorf("in the move:\n%s\nwant\n%s", c.Error(), want)
	}
	outer := "X" + strings.Repeat("y", 5000) + long
	d := c.InText("record", outer)
	if want := "record " + hops.Quote(outer) + ": " + inner + ": unexpected character '?' at column 6003 (G12)"; d.Error() != want {
		t.Errorf("in the record:\n%s\nwant\n%s", d.Error(), want)
	}
}

// TestNormalizeLoneX (G12): an 'x' standing alone between two squares,
// in either case, joins them as a mark; one at the end of the text
// stays a word of its own.
func TestNormalizeLoneX(t *testing.T) {
	for in, want := range map[string]string{"D1  x": "D1 x", "E2 X C2": "E2XC2", "E2 x C2": "E2xC2", "D1 x D2": "D1xD2"} {
		if got, err := hops.NormalizeMoveText(in); err != nil || got != want {
			t.Errorf("NormalizeMoveText(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestJSONRefusesWhatWouldNotReadBack: values that no reader could take
// back are refused when encoded, rather than written wrong.
func TestJSONRefusesWhatWouldNotReadBack(t *testing.T) {
	for name, v := range map[string]any{
		"Side(2)":                   hops.Side(2),
		"a game on with a reason":   hops.Outcome{Reason: "x"},
		"a game on with a winner":   hops.Outcome{Winner: hops.Second},
		"an Error with no message":  hops.Error{Kind: hops.ErrSyntax, Rule: "G1"},
		"a letter beyond ASCII":     hops.Piece{Letter: 0x80},
		"a letter of 7 bits, ASCII": hops.Piece{Letter: 0x7f},
	} {
		data, err := json.Marshal(v)
		if name == "a letter of 7 bits, ASCII" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: encoded as %s", name, data)
		}
	}
	// A build that is not complete has "next" as a list, never null.
	if data, err := json.Marshal(hops.Built[string]{}); err != nil || !strings.Contains(string(data), `"next":[]`) {
		t.Errorf("the zero Built: %s, %v", data, err)
	}
	// A Token's keys are lower case with underscores, as every key.
	if data, err := json.Marshal(hops.Token{FaceDown: true}); err != nil || !strings.Contains(string(data), `"face_down":true`) {
		t.Errorf("a Token face down: %s, %v", data, err)
	}
}

// TestJSONDecodeEdges: null with white space around it is null, which
// leaves a value as it was; errors name the key and the entry at fault
// and count the entries given; null is taken for a struct field, as
// encoding/json takes it; a build's "move" comes with "complete" only.
func TestJSONDecodeEdges(t *testing.T) {
	o := hops.Win(hops.Second, "Red", "K3", "the ball left the board")
	if err := o.UnmarshalJSON([]byte(" null ")); err != nil || o != hops.Win(hops.Second, "Red", "K3", "the ball left the board") {
		t.Errorf(`" null " read into an Outcome: %v, %v`, o, err)
	}
	var v hops.Outcome
	if ok, err := hops.DecodeJSON([]byte(" null"), &v, "x"); ok || err != nil {
		t.Errorf(`DecodeJSON(" null") = %v, %v; want false, nil`, ok, err)
	}
	var st struct {
		O hops.Outcome `json:"o"`
	}
	if ok, err := hops.DecodeJSON([]byte(`{"o":null}`), &st, "x"); !ok || err != nil {
		t.Errorf(`DecodeJSON({"o":null}) into a struct field: %v, %v`, ok, err)
	}
	var rec hops.Record
	var de hops.DivideEntry[catchit.Move]
	var arr [2]int
	var b hops.Built[string]
	var bb hops.Bitboard
	for _, c := range []struct {
		err  error
		want string
	}{
		{json.Unmarshal([]byte(`{"game":1}`), &rec), `record: key "game": a JSON number where a string is wanted`},
		{json.Unmarshal([]byte(`{"move":"D1-D2 E1-E2","nodes":"a"}`), &de), `divide: key "nodes": a JSON string where a whole number from 0, of 64 bits is wanted`},
		{func() error { _, err := hops.DecodeJSON([]byte("[]"), &arr, "x"); return err }(), "x: an array of 0 entries, want 2"},
		{json.Unmarshal([]byte(`{"next":[],"complete":false,"move":"D1-D2"}`), &b), `built: a complete build has a "move", and only a complete one`},
		{json.Unmarshal([]byte(`["A1","out"]`), &bb), "squares: entry 2 is out, not a square of a board (G1)"},
	} {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("error %v, want %s", c.err, c.want)
		}
	}
}

// TestEdgesOfTheGenericPath: a side is read by its whole name or its
// first letter, not by any word that begins with that letter; a preview
// draws the arrows of the move given; a finished game's moves are nil;
// an error located in "" keeps its place.
func TestEdgesOfTheGenericPath(t *testing.T) {
	for _, text := range []string{"Bob", "Rob", "Blues", "Re"} {
		if s, err := catchit.Game.ParseSide(text); err == nil {
			t.Errorf("ParseSide(%q) = %v, want an error", text, s)
		}
	}
	for text, want := range map[string]hops.Side{"b": hops.First, " Red ": hops.Second, "R": hops.Second} {
		if s, err := catchit.Game.ParseSide(text); err != nil || s != want {
			t.Errorf("ParseSide(%q) = %v, %v; want %v", text, s, err, want)
		}
	}
	s := catchit.Game.Start(hops.First)
	b, err := s.Build([]hops.Click{{Square: hops.SquareAt(3, 0)}, {Square: hops.SquareAt(3, 1)}})
	if err != nil || b.Preview == nil {
		t.Fatalf("a build of D1 D2: %+v, %v", b, err)
	}
	if arrows := b.Preview.Drawing("D1-D2").Arrows; len(arrows) != 1 {
		t.Errorf("the preview drawn with D1-D2: arrows %v", arrows)
	}
	over, err := catchit.Game.Parse(redWon)
	if err != nil {
		t.Fatal(err)
	}
	if m := over.Moves(); m != nil {
		t.Errorf("a finished game's moves: %#v", m)
	}
	if w := hops.Errorf(hops.ErrSyntax, "", "w", "m").In("").Where; w != "w" {
		t.Errorf(`In(""): where %q`, w)
	}
}

// TestRecordEdges: a comment too long for its move's line goes on a line
// of its own, whatever its length up to the limit, so that what Write
// writes reads back; a control character in a move is refused; a line
// too long is counted from 1; text after a comment is refused; a reveal
// may follow "=" after any spaces (B8); a record begun from a finished
// game has its result.
func TestRecordEdges(t *testing.T) {
	r := hops.NewRecord(catchit.Game.Start(hops.First))
	for n := 4070; n <= 4094; n++ {
		r.Moves = []hops.RecordMove{{Text: "D1-D2 E1-E2", Comment: strings.Repeat("c", n)}}
		var buf bytes.Buffer
		if err := r.Write(&buf); err != nil {
			t.Fatalf("a comment of %d bytes: %v", n, err)
		}
		for i, line := range strings.Split(buf.String(), "\n") {
			if len(line) > hops.MaxRecordLine {
				t.Errorf("a comment of %d bytes: line %d has %d bytes", n, i+1, len(line))
			}
		}
		if back, err := hops.ReadRecord(buf.String()); err != nil || back.Moves[0] != r.Moves[0] {
			t.Errorf("a comment of %d bytes does not read back: %v", n, err)
		}
	}
	r.Moves = []hops.RecordMove{{Text: "D1-D2\x7f"}}
	if err := r.Check(); err == nil {
		t.Error("a move with a DEL character passes Check")
	}
	head := "[Game \"catchit\"]\n[Start \"" + r.Start + "\"]\n"
	if _, err := hops.ReadRecord(head + strings.Repeat("c", 10000) + "\n"); err == nil || !strings.HasPrefix(err.Error(), "line 3: ") {
		t.Errorf("a third line too long: %v", err)
	}
	if _, err := hops.ReadRecord(head + "\n1. D1-D2 E1-E2 {abc}x\n*\n"); err == nil {
		t.Error("text after a comment is read")
	}
	bs := brouillard.Game.Start(hops.First)
	rb, err := hops.ReadRecord("[Game \"brouillard\"]\n[Start \"" + bs.String() + "\"]\n\n1. D2-C3 =  C4 Nine captured\n*\n")
	if err != nil || len(rb.Moves) != 1 || rb.Moves[0].Reveal != "C4 Nine captured" {
		t.Errorf("a reveal after two spaces: %+v, %v", rb, err)
	}
	won, err := catchit.Game.Parse(redWon)
	if err != nil {
		t.Fatal(err)
	}
	if got := hops.NewRecord(won).Result; got != "0-1" {
		t.Errorf("a record begun from a game Red won: result %q, want 0-1", got)
	}
}

// redWon is a Catch'it game that Red has won (K3, K9): the carrier left
// the board beyond rank 1, with the ball.
const redWon = "rrrrrr1/7/7/7/7/7/bbbbbbb b"

// TestStartReadsTheLowestBit (G8): a game's Start cannot refuse a side,
// so it reads the side's lowest bit, as hops.Side says: Side(5) starts as
// Second, Side(4) as First, in every game (Brouillard's gave an empty,
// lost board).
func TestStartReadsTheLowestBit(t *testing.T) {
	for _, g := range []*hops.Game{zapita.Game, catchit.Game, coir.Game, brouillard.Game} {
		for _, c := range []struct{ odd, as hops.Side }{{4, hops.First}, {5, hops.Second}, {255, hops.Second}} {
			got, want := g.Start(c.odd), g.Start(c.as)
			if got.String() != want.String() {
				t.Errorf("%s: Start(Side(%d)) = %s, want %s as Start(%v)", g.Name, c.odd, got, want, c.as)
			}
		}
	}
	for _, c := range []struct{ odd, as hops.Side }{{4, hops.First}, {5, hops.Second}} {
		if got, want := brouillard.StartWith(c.odd), brouillard.StartWith(c.as); got != want {
			t.Errorf("brouillard.StartWith(Side(%d)) = %s, want %s", c.odd, got, want)
		}
	}
}
