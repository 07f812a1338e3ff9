package brouillard

import (
	"fmt"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/internal/engine"
)

// letter returns the letter on a square in a position text (B11, B12):
// upper case for White, lower case for Red, and whether '!' follows it.
// Fous are not pawns and are handled by the callers.
func (st *state) letter(s hops.Square) (byte, bool) {
	c := st.sq[s&63]
	if c == 0 {
		return 0, false
	}
	l := Kind(c & 7).Letter()
	if c>>3 == 1 {
		l |= 0x20
	}
	return l, st.revealed.Has(s)
}

func (st *state) appendText(b []byte) []byte {
	fous := st.sane() // the zero state has no Fous
	b = engine.AppendRows(b, bd, func(s hops.Square) (byte, bool) {
		switch {
		case fous && s == st.fou[White]:
			return 'F', false
		case fous && s == st.fou[Red]:
			return 'f', false
		}
		return st.letter(s)
	})
	side := byte('w')
	if st.side == Red {
		side = 'r'
	}
	phase := byte('-')
	if st.plus {
		phase = '+'
	}
	return append(b, ' ', side, ' ', '0'+st.captured[White]%10, ' ', '0'+st.captured[Red]%10, ' ', phase)
}

// String returns the position text (B11), such as the start
// "1x1n1t1/j1qfk1x/7/7/7/X1QFJ1K/1N1T1X1 w 0 0 -".
func (p Position) String() string {
	var buf [96]byte
	return string(p.st.appendText(buf[:0]))
}

// MarshalText returns the position text; the zero Position (no position
// set) gives the empty text.
func (p Position) MarshalText() ([]byte, error) { return engine.MarshalText(p, p.AppendTo) }

// AppendTo appends the position text (B11) to b and returns the
// extended slice; String and MarshalText are built on it.
func (p Position) AppendTo(b []byte) []byte { return p.st.appendText(b) }

// UnmarshalText reads a position text, as Parse; the empty text gives
// the zero Position.
func (p *Position) UnmarshalText(text []byte) error {
	return engine.UnmarshalText(p, text, Parse)
}

// Parse reads a position text (B11). It is strict: the canonical text of
// the result is the input itself, and impossible positions (wrong
// material, a pawn on a dark square, a continuation whose Fou cannot
// move, a Nine turned over on the board, ...) are errors that say what is
// wrong and where.
func Parse(text string) (Position, error) {
	st, err := parseState(text, false, 0)
	if err != nil {
		return Position{}, err
	}
	return Position{st: st}, nil
}

func posErr(rule, where, format string, args ...any) *hops.Error {
	return hops.Errorf(hops.ErrPosition, rule, where, format, args...)
}

func syntaxErr(rule, where, format string, args ...any) *hops.Error {
	return hops.Errorf(hops.ErrSyntax, rule, where, format, args...)
}

var letterKind = func() (t [128]Kind) {
	for k := Blank; k <= Hidden; k++ {
		t[k.Letter()] = k
		t[k.Letter()|0x20] = k
	}
	return t
}()

// parseState reads a true position text, or (view) a view text of the
// given viewer.
func parseState(text string, view bool, viewer hops.Side) (state, error) {
	var st state
	fields, err := engine.SplitFields(text, 5, 5)
	if err != nil {
		return st, err
	}
	nfou := [2]int{}
	err = engine.ParseRows(bd, fields[0], func(s hops.Square, c byte, marked bool) error {
		side := White
		if c >= 'a' {
			side = Red
		}
		if c|0x20 == 'f' {
			if marked {
				return syntaxErr("B11", "", "a Fou is never turned over: '!' follows pawns only")
			}
			nfou[side]++
			if nfou[side] > 1 {
				return posErr("B2", "", "a second %s Fou", SideName(side))
			}
			if !dark.Has(s) {
				return posErr("B7", "", "a Fou stands on dark squares only")
			}
			st.fou[side] = s
			return nil
		}
		k := letterKind[c&127]
		if k == 0 {
			return syntaxErr("B11", "", "unknown letter %q: pawns are X N T J Q K, Fous F (lower case for Red)", c)
		}
		if k == Hidden {
			switch {
			case !view:
				return syntaxErr("B11", "", "%q stands for a hidden pawn in a view (B12), not in a true position", c)
			case side == viewer:
				return posErr("B4", "", "a hidden %s pawn in %s's view: a player knows his own pawns", SideName(side), SideName(viewer))
			case marked:
				return posErr("B12", "", "a pawn turned over is known to both players and written by its face, not %q", c)
			}
		} else if view && side != viewer && !marked {
			return posErr("B12", "", "%s does not know the face of an opposing pawn that was never turned over: write %q",
				SideName(viewer), Hidden.Letter()|byte(side)*0x20)
		}
		if !light.Has(s) {
			return posErr("B6", "", "a pawn stands on light squares only")
		}
		st.sq[s] = code(side, k)
		st.pawns[side] |= s.Bit()
		if marked {
			st.revealed |= s.Bit()
		}
		return nil
	})
	if err != nil {
		return st, err
	}
	for s := White; s <= Red; s++ {
		if nfou[s] == 0 {
			return st, posErr("B2", "rows", "the %s Fou is missing", SideName(s))
		}
	}
	switch fields[1] {
	case "w":
		st.side = White
	case "r":
		st.side = Red
	default:
		return st, syntaxErr("B11", "side to move", "%s: want w or r", hops.Quote(fields[1]))
	}
	for i, f := range fields[2:4] {
		if len(f) != 1 || f[0] < '0' || f[0] > '5' {
			return st, syntaxErr("B11", fmt.Sprintf("figures captured by %s", SideName(hops.Side(i))), "%s: want a count from 0 to 5", hops.Quote(f))
		}
		st.captured[i] = f[0] - '0'
	}
	switch fields[4] {
	case "-":
	case "+":
		st.plus = true
	default:
		return st, syntaxErr("B11", "phase", "%s: want + (the Fou moves again) or -", hops.Quote(fields[4]))
	}
	return st, st.validate(view, viewer)
}

// validate checks the material and the phase of a parsed state (B2, B5,
// B11): each side has its two blanks and the figures not yet captured,
// each once (a view may hide some of them).
func (st *state) validate(view bool, viewer hops.Side) error {
	for s := White; s <= Red; s++ {
		var n [8]int
		for b := st.pawns[s]; b != 0; b &= b - 1 {
			n[st.kind(b.First())]++
		}
		lost := int(st.captured[s^1]) // figures of s captured by the opponent
		where := SideName(s) + " pawns"
		hidden := n[Hidden]
		if n[Blank] > 2 {
			return posErr("B2", where, "%s, want 2", engine.Count(n[Blank], "blank"))
		}
		missing := 2 - n[Blank]
		for k := Nine; k <= King; k++ {
			captured := int(k-Nine) < lost
			switch {
			case n[k] > 1:
				return posErr("B2", where, "%d pawns show the %s: each figure is unique", n[k], k)
			case n[k] == 1 && captured:
				return posErr("B5", where, "the %s is on the board, but %s has captured %s, the %s among them",
					k, SideName(s^1), engine.Count(lost, "figure"), k)
			case n[k] == 0 && !captured:
				missing++
			}
		}
		// The Nine is the target until it is captured, and a target
		// turned over is captured (B8): no Nine is ever face up on the
		// board.
		if nine := st.pawns[s] & st.revealed; nine != 0 {
			for b := nine; b != 0; b &= b - 1 {
				if sq := b.First(); st.kind(sq) == Nine {
					return posErr("B8", where, "the %s on %s is turned over, but a Nine turned over is the target and is captured, never left on the board", Nine, sq)
				}
			}
		}
		if missing != hidden {
			if hidden == 0 || !view {
				return posErr("B2", where, "%d pawns on the board, want %d (two blanks and the %d figures not captured)",
					st.pawns[s].Count(), 7-lost, 5-lost)
			}
			return posErr("B2", where, "%d hidden pawns, but %d pawns are unaccounted for", hidden, missing)
		}
	}
	if st.captured[White] == 5 && st.captured[Red] == 5 {
		return posErr("B11", "figures captured", "both sides cannot have captured the King")
	}
	for s := White; s <= Red; s++ {
		if st.captured[s] == 5 && (st.side != s^1 || st.plus) {
			return posErr("B11", "side to move", "%s captured the King: the game is over, %s (the loser) is to move and the phase is -",
				SideName(s), SideName(s^1))
		}
	}
	if st.plus {
		if st.captured[st.side] == 0 {
			return posErr("B11", "phase", "%s has captured nothing, so its turn cannot be in a continuation", SideName(st.side))
		}
		if !st.fouCanMove(st.side, st.pawns[0]|st.pawns[1]) {
			return posErr("B11", "phase", "the %s Fou cannot move, so its turn has ended: the phase must be -", SideName(st.side))
		}
	}
	return nil
}

// AppendText appends to b the text that MarshalText gives, or returns
// its error and b unchanged: encoding.TextAppender. AppendTo is the
// faster form, with no check and no error.
func (p Position) AppendText(b []byte) ([]byte, error) {
	return engine.AppendMarshaled(b, p.MarshalText)
}
