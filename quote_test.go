package hops_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	registry "github.com/hopsgames/hops/games"
	"pgregory.net/rapid"
)

// maxMessage bounds the length of any error message of the parsers,
// whatever the length of their input.
const maxMessage = 512

func TestQuote(t *testing.T) {
	for _, s := range []string{"", "D1-D2", "a\"b\\c\n", strings.Repeat("é", 30), strings.Repeat("x", hops.MaxQuote)} {
		if got := hops.Quote(s); got != strconv.Quote(s) {
			t.Errorf("Quote(%q) = %s, want %%q's %s", s, got, strconv.Quote(s))
		}
	}
	long := strings.Repeat("D1-D2 ", 15000) + "→ E5"
	if got, want := hops.Quote(long), strconv.Quote(long[:hops.MaxQuote])+"… (90006 bytes)"; got != want {
		t.Errorf("Quote(long) = %s, want %s", got, want)
	}
	at := strings.Index(long, "→")
	got := hops.QuoteAt(long, at)
	if !strings.HasPrefix(got, `…"`) || !strings.HasSuffix(got, `→ E5" (90006 bytes)`) {
		t.Errorf("QuoteAt(long, %d) = %s: want the end of the text, fault included", at, got)
	}
}

// Any text, cut anywhere: an excerpt of bounded length, and the fault in
// it.
func TestQuoteAtProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.String().Draw(t, "text")
		if rapid.Bool().Draw(t, "long") {
			text = strings.Repeat(text, rapid.IntRange(1, 2000).Draw(t, "repeat"))
		}
		at := rapid.IntRange(-1, len(text)+1).Draw(t, "at")
		q := hops.QuoteAt(text, at)
		if len(q) > hops.MaxQuote+40 {
			t.Fatalf("QuoteAt(%d bytes, %d) = %d bytes: %s", len(text), at, len(q), q)
		}
		if q == strconv.Quote(text) {
			return
		}
		i, j := strings.Index(q, `"`), strings.LastIndex(q, `"`)
		excerpt, err := strconv.Unquote(q[i : j+1])
		if err != nil || !strings.Contains(text, excerpt) || !strings.HasSuffix(q, fmt.Sprintf(" (%d bytes)", len(text))) {
			t.Fatalf("QuoteAt(%q, %d) = %s: not an excerpt and the length (%v)", text, at, q, err)
		}
		if at >= 0 && at < len(text) && utf8.RuneStart(text[at]) {
			covered := false // some occurrence of the excerpt holds the fault
			for pos := 0; pos <= at; pos++ {
				if strings.HasPrefix(text[pos:], excerpt) && at < pos+len(excerpt) {
					covered = true
					break
				}
			}
			if !covered {
				t.Fatalf("QuoteAt(%q, %d) = %s leaves the fault out", text, at, q)
			}
		}
	})
}

// inputText draws texts of any size, made of pieces that the parsers
// meet in moves, positions and records, faults included.
func inputText(t *rapid.T) string {
	pieces := []string{"D1", "-", "x", " ", "out", "*", "/", "7", "w", "b", "r", "k", "0", "+", "!", "P", "p",
		"→", "\xff", "\t", "–", "{", "}", "[", "]", "\"", "\n", "1. ", "Game", "ZZZZZZZZ", "é"}
	var b strings.Builder
	for n := rapid.IntRange(0, 12).Draw(t, "parts"); n > 0; n-- {
		piece := rapid.SampledFrom(pieces).Draw(t, "piece")
		if rapid.IntRange(0, 3).Draw(t, "big") == 0 {
			piece = strings.Repeat(piece, rapid.IntRange(1, 30000).Draw(t, "repeat"))
		}
		b.WriteString(piece)
	}
	return b.String()
}

// spliced returns a valid text with a field (split at sep) replaced by,
// or added to, junk: faults behind a valid beginning.
func spliced(t *rapid.T, valid, sep, junk string) string {
	f := strings.Split(valid, sep)
	i := rapid.IntRange(0, len(f)-1).Draw(t, "field")
	switch rapid.IntRange(0, 2).Draw(t, "how") {
	case 0:
		f[i] = junk
	case 1:
		f[i] += junk
	default:
		f[i] = junk + f[i]
	}
	return strings.Join(f, sep)
}

// G11, G12: every error of every parser of every game has a message of
// bounded length, however long the input: long quotes are cut.
func TestErrorMessagesAreBounded(t *testing.T) {
	check := func(t *rapid.T, what string, err error) {
		if err != nil && len(err.Error()) >= maxMessage {
			t.Fatalf("%s: a %d-byte message: %.300s…", what, len(err.Error()), err)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		junk := inputText(t)
		for _, g := range registry.All() {
			start := g.Start(hops.First)
			position := spliced(t, start.String(), " ", junk)
			if rapid.Bool().Draw(t, "rows") {
				position = spliced(t, start.String(), "/", junk)
			}
			move := spliced(t, start.Moves()[0]+" "+start.Moves()[1], " ", junk)
			for _, text := range []string{junk, position, move} {
				_, err := g.Parse(text)
				check(t, g.Name+" Parse", err)
				_, err = start.Play(text)
				check(t, g.Name+" ParseMove and Play", err)
				_, err = g.ParseSide(text)
				check(t, g.Name+" ParseSide", err)
				_, err = registry.Parse(g.Name, text)
				check(t, "games.Parse", err)
				for _, rec := range []string{
					text,
					fmt.Sprintf("[Game %q]\n[Start %q]\n\n1. %s\n*\n", g.Name, text, text),
					fmt.Sprintf("[Game %q]\n[Start %q]\n[%s \"x\"]\n\n%s\n*\n", g.Name, start, text, text),
					fmt.Sprintf("[Game %q]\n[Start %q]\n\n1. %s\n*\n", g.Name, start, text),
					fmt.Sprintf("[Game %q]\n[Start %q]\n\n%s. %s\n*\n", text, start, text, start.Moves()[0]),
				} {
					r, err := hops.ReadRecord(rec)
					check(t, g.Name+" ReadRecord", err)
					if err == nil {
						_, err = registry.Replay(r)
						check(t, g.Name+" Replay", err)
					}
				}
				if g.Name != "brouillard" {
					continue
				}
				for _, side := range []hops.Side{hops.First, hops.Second} {
					view := spliced(t, brouillard.Start().View(side).String(), rapid.SampledFrom([]string{" ", "/"}).Draw(t, "sep"), junk)
					_, err := registry.ParseView("brouillard", view, side)
					check(t, "ParseView", err)
					v, _ := registry.ViewOf(start, side)
					_, err = v.Play(start.Moves()[0], text)
					check(t, "View.Play", err)
				}
				_, err = brouillard.ParseReveal(text)
				check(t, "ParseReveal", err)
				_, err = brouillard.ParseArrangement(text)
				check(t, "ParseArrangement", err)
			}
		}
		_, err := hops.ParsePath(hops.Board7, junk)
		check(t, "ParsePath", err)
		_, err = hops.ParseClick(junk)
		check(t, "ParseClick", err)
		rec := hops.NewRecorder(registry.All()[1].Start(hops.First))
		_, err = rec.Play(junk)
		check(t, "Recorder.Play", err)
		check(t, "Recorder.SetTag", rec.SetTag(junk, "x"))
	})
}

// G12: on a huge move text with a fault at its end, the error still
// gives the fault's column, in characters, and quotes its neighbourhood.
func TestErrorColumnOnHugeInput(t *testing.T) {
	for _, prefix := range []string{strings.Repeat("D1-D2 ", 15000), strings.Repeat("d1 – d2  ", 10000)} {
		text := prefix + "D3→D4"
		col := utf8.RuneCountInString(prefix) + 3
		for _, g := range registry.All() {
			_, err := g.Start(hops.First).Play(text)
			msg := fmt.Sprint(err)
			if !strings.Contains(msg, fmt.Sprintf("unexpected character '→' at column %d (G12)", col)) ||
				!strings.Contains(msg, `D3→D4" (`+strconv.Itoa(len(text))+` bytes)`) || len(msg) >= maxMessage {
				t.Errorf("%s: %d-byte text with '→' at column %d: %s", g.Name, len(text), col, msg)
			}
		}
	}
}
