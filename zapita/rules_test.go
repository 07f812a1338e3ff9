package zapita

import (
	"errors"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
)

const startText = "a5A/b5B/c5C/3*3/c5C/b5B/a5A w"

func TestZ1_Material(t *testing.T) {
	p, err := Parse(startText)
	if err != nil {
		t.Fatal(err)
	}
	if HQ(White) != sq(t, "G4") || HQ(Khaki) != sq(t, "A4") || KhakiHQ.String() != "A4" || WhiteHQ.String() != "G4" {
		t.Fatalf("HQs: White %v, Khaki %v", HQ(White), HQ(Khaki))
	}
	for _, s := range []hops.Side{White, Khaki} {
		for pow := 1; pow <= 3; pow++ {
			if n := p.PawnsOfPower(s, pow).Count(); n != 2 {
				t.Errorf("%s has %d pawns of power %d", SideName(s), n, pow)
			}
		}
	}
	for text, what := range map[string]string{
		"a5A/b5B/c5C/3*3/c5C/b5B/a5B w":   "White has 1 pawn of power 1",
		"a5A/b5B/c5C/7/c5C/b5B/a5A w":     "no bomb",
		"a5A/b5B/c5C/2*1*2/c5C/b5B/a5A w": "2 bombs",
		"a5A/b5B/c5C/3*3/c5C/b5B/6A w":    "Khaki has 1 pawn of power 1",
	} {
		_, err := Parse(text)
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != "Z1" || !strings.Contains(err.Error(), what) {
			t.Errorf("Parse(%q) = %v, want a Z1 position error about %q", text, err, what)
		}
	}
}

func TestZ2_Setup(t *testing.T) {
	p := Start()
	if p.String() != startText || p.ToMove() != White || p.Bomb() != sq(t, "D4") {
		t.Fatalf("Start() = %s", p)
	}
	for _, c := range []struct {
		sq   string
		side hops.Side
		pow  int
	}{{"A1", Khaki, 1}, {"A2", Khaki, 2}, {"A3", Khaki, 3}, {"A5", Khaki, 3}, {"A6", Khaki, 2}, {"A7", Khaki, 1},
		{"G1", White, 1}, {"G2", White, 2}, {"G3", White, 3}, {"G5", White, 3}, {"G6", White, 2}, {"G7", White, 1}} {
		s, pow, ok := p.Pawn(sq(t, c.sq))
		if !ok || s != c.side || pow != c.pow {
			t.Errorf("%s holds %v %d %v, want %s %d", c.sq, s, pow, ok, SideName(c.side), c.pow)
		}
	}
	k := StartWith(Khaki)
	if k.String() != "a5A/b5B/c5C/3*3/c5C/b5B/a5A k" || k.ToMove() != Khaki {
		t.Fatalf("StartWith(Khaki) = %s", k)
	}
	if StartWith(White) != Start() {
		t.Fatal("StartWith(White) differs from Start()")
	}
	legal(t, p, "G1-F1")
	legal(t, k, "A1-B1")
	// White moves first: Khaki's pawns wait.
	rejected(t, p, "A1-B1", "Z4", "Khaki", "White is to move")
}

// fig8 is the sheet's Fig. 8: Khaki's 2 on D2 jumps the pawn on C2 onto
// the bomb on B2, throws to its 3 on D4, which throws into White's HQ.
func fig8(t testing.TB) Position {
	return build(t, 'k', "B2", "D2b", "C2A", "D4c")
}

func TestZ3_Goal(t *testing.T) {
	p := fig8(t)
	q := legal(t, p, "D2-B2*D4*G4")
	o := q.Outcome()
	if !o.Over || o.Winner != Khaki || o.Rule != "Z3" {
		t.Fatalf("after Fig. 8: %v", o)
	}
	if q.CountMoves() != 0 || len(moveTexts(q)) != 0 {
		t.Fatal("a finished game has moves")
	}
	rejected(t, q, "G1-F1", "Z3", "over")
	// The text of the finished game round-trips; the winner cannot be to move.
	text := q.String()
	if !strings.HasSuffix(text, " w") || !strings.Contains(text, "*") {
		t.Fatalf("finished text %s", text)
	}
	if r, err := Parse(text); err != nil || r != q {
		t.Fatalf("Parse(%s) = %v, %v", text, r, err)
	}
	_, err := Parse(strings.TrimSuffix(text, "w") + "k")
	if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != "Z3" {
		t.Fatalf("bomb on White's HQ with Khaki to move: %v", err)
	}
	// White wins on A4, Khaki's HQ.
	w := build(t, 'w', "C4", "D4C")
	r := legal(t, w, "D4-C4*A4")
	if o := r.Outcome(); !o.Over || o.Winner != White || o.Rule != "Z3" {
		t.Fatalf("bomb on A4: %v", o)
	}
	if o := Start().Outcome(); o.Over {
		t.Fatalf("start is over: %v", o)
	}
}

func TestZ4_Move(t *testing.T) {
	// Steps: to an adjacent square with no pawn, never an HQ.
	p := build(t, 'w', "D5", "F4A", "E4a", "E2B", "F3a", "F5b", "C5B")
	legal(t, p, "F4-E3")
	rejected(t, p, "F4-G4", "Z4", "headquarters")
	rejected(t, p, "F4-E4", "Z4", "holds a pawn")
	rejected(t, p, "F4-F3", "Z4", "holds a pawn")
	// A multi-jump may land on an HQ in passing, never end there.
	legal(t, p, "E2-G4-E6")
	rejected(t, p, "E2-G4", "Z4", "headquarters G4")
	// Jumps go over pawns of either side, never over the bomb.
	legal(t, p, "F4-D4")
	rejected(t, p, "C5-E5", "Z4", "bomb")
	// A step is a move on its own.
	rejected(t, p, "F4-E3-C3", "Z4", "step")
	// Bad starts.
	rejected(t, p, "C3-C2", "Z4", "no pawn")
	rejected(t, p, "E4-D3", "Z4", "Khaki")
	// The bomb may only be the last landing.
	q := build(t, 'w', "D4", "B2B", "C3a", "E5b")
	legal(t, q, "B2-D4*D5")
	rejected(t, q, "B2-D4-F6", "Z4", "bomb", "last landing")
	if !q.Destinations(sq(t, "B2")).Has(sq(t, "D4")) {
		t.Fatal("B2 cannot reach the bomb")
	}
	// A move reaching the bomb with no legal throw is illegal: White's 1
	// jumps F4 onto the bomb on G5, whose every neighbour is an opposing
	// pawn or White's own HQ.
	r := build(t, 'w', "G5", "E3A", "F4a", "F5a", "F6b", "G6b")
	if r.Destinations(sq(t, "E3")).Has(sq(t, "G5")) {
		t.Fatal("E3-G5 has no throw but is offered")
	}
	rejected(t, r, "E3-G5", "Z7", "must then be thrown")
	rejected(t, r, "E3-G5*G4", "Z5", "own headquarters")
	rejected(t, r, "E3-G5*F5", "Z5", "Khaki pawn on F5")
	for _, s := range moveTexts(r) {
		if strings.HasPrefix(s, "E3-G5") {
			t.Fatalf("generated %s", s)
		}
	}
	// The power of a pawn does not change how it moves.
	from := func(p Position, s hops.Square) hops.Bitboard { return p.Destinations(s) }
	one, three := build(t, 'w', "F6", "D3A", "C3b", "E4c"), build(t, 'w', "F6", "D3C", "C3b", "E4c")
	if from(one, sq(t, "D3")) != from(three, sq(t, "D3")) || from(one, sq(t, "D3")).Count() < 8 {
		t.Fatal("power changes movement")
	}
}

func TestG5_NoSquareTwice(t *testing.T) {
	p := build(t, 'w', "F6", "B2B", "C3a")
	legal(t, p, "B2-D4")
	rejected(t, p, "B2-D4-B2", "G5", "already occupied")
}

// fig7 is the sheet's Fig. 7: White's 3 has just reached the bomb on E2;
// its 2 is on B2 behind Khaki's 3 on C2, its 1 on E5 behind Khaki's 2 on
// E3.
func fig7(t testing.TB) Position {
	return build(t, 'w', "E2", "E1C", "B2B", "E5A", "C2c", "E3b")
}

func TestZ5_Throw(t *testing.T) {
	p := fig7(t)
	// Blocked by an opposing pawn of power >= the thrower's.
	e := rejected(t, p, "E1-E2*B2*B3", "Z5", "blocked", "Khaki pawn of power 3 on C2")
	if e.Where != "throw 1 E2*B2" {
		t.Fatalf("where = %q", e.Where)
	}
	// A weaker opposing pawn may be passed over.
	legal(t, p, "E1-E2*E5*E6")
	// Too long for the thrower's power.
	rejected(t, p, "E1-E2*E6", "Z5", "too long", "power 3")
	rejected(t, p, "E1-E2*E5*E7", "Z5", "too long", "power 1")
	// Only straight lines.
	rejected(t, p, "E1-E2*F4", "Z5", "straight line")
	// Never onto an opposing pawn.
	rejected(t, p, "E1-E2*E3", "Z5", "Khaki pawn on E3")
	// Empty squares may be passed over; 1 to 3 squares.
	legal(t, p, "E1-E2*G2")
	legal(t, p, "E1-E2*D2")
	q := build(t, 'w', "F3", "E3A", "E5a")
	rejected(t, q, "E3-F3*G4", "Z5", "own headquarters")
	legal(t, q, "E3-F3*G3")
	// Khaki's own HQ is A4.
	r := build(t, 'k', "B3", "C3b")
	rejected(t, r, "C3-B3*A4", "Z5", "Khaki's own headquarters A4")
	legal(t, r, "C3-B3*B4")
	// Own pawns may be passed over.
	legal(t, build(t, 'w', "C4", "D4C", "E4A", "B4A"), "D4-C4*A4")
}

// fig5 is the sheet's Fig. 5: White's 2 steps onto the bomb on D3.
func fig5(t testing.TB) Position { return build(t, 'w', "D3", "D2B") }

func TestZ9_Fig5_ThrowOneOrTwo(t *testing.T) {
	p := fig5(t)
	var rests []string
	for m := range p.Moves() {
		if m.From() == sq(t, "D2") && m.To() == sq(t, "D3") {
			if m.NumThrows() != 1 {
				t.Fatalf("%s: a chain where one throw does", m)
			}
			rests = append(rests, m.Rest().String())
		}
	}
	want := "B1 D1 F1 C2 D2 E2 B3 C3 E3 F3 C4 D4 E4 B5 D5 F5"
	if got := strings.Join(rests, " "); got != want {
		t.Fatalf("rests %s, want %s", got, want)
	}
	rest, relay, err := p.throws(mv(t, "D2-D3"))
	if err != nil || relay != 0 || rest.Count() != 16 {
		t.Fatalf("Throws: %v %v %v", rest, relay, err)
	}
}

// fig6 is the sheet's Fig. 6: White's 3 reaches the bomb on B2 and passes
// it to its 2 on B5, which passes it to its 1 on C5, which rests it on D6.
func fig6(t testing.TB) Position { return build(t, 'w', "B2", "C1C", "B5B", "C5A") }

func TestZ6_Relay(t *testing.T) {
	p := fig6(t)
	legal(t, p, "C1-B2*B5*C5*D6")
	// Each pawn throws at most once, the first thrower included.
	rejected(t, build(t, 'w', "D4", "D3B", "D5A"), "D3-D4*D5*D4*C4", "Z6", "already thrown")
	rejected(t, p, "C1-B2*B5*C5*B5*B6", "Z6", "already thrown")
	// The chain must end at rest.
	e := rejected(t, p, "C1-B2*B5*C5", "Z6", "must end with the bomb at rest")
	if e.Where != "throw 2 B5*C5" {
		t.Fatalf("where = %q", e.Where)
	}
	rejected(t, p, "C1-B2*B3*B4", "Z6", "already came to rest on B3")
	// The mover's vacated start is an empty square.
	legal(t, p, "C1-B2*C1")
	// Click by click.
	rest, relay, err := p.throws(mv(t, "C1-B2"))
	if err != nil || !relay.Has(sq(t, "B5")) || !rest.Has(sq(t, "C1")) || rest.Has(sq(t, "D6")) {
		t.Fatalf("Throws(C1-B2) = %v %v %v", rest, relay, err)
	}
	rest, relay, err = p.throws(mv(t, "C1-B2*B5"))
	if err != nil || !relay.Has(sq(t, "C5")) || relay.Has(sq(t, "B2")) {
		t.Fatalf("Throws(C1-B2*B5) = %v %v %v", rest, relay, err)
	}
	rest, _, err = p.throws(mv(t, "C1-B2*B5*C5"))
	if err != nil || !rest.Has(sq(t, "D6")) {
		t.Fatalf("Throws(C1-B2*B5*C5) = %v %v", rest, err)
	}
	if _, _, err := p.throws(mv(t, "C1-B2*C1")); hops.RuleOf(err) != "Z6" {
		t.Fatalf("Throws after rest: %v", err)
	}
	if _, _, err := p.throws(mv(t, "C1-D2")); hops.RuleOf(err) != "Z7" {
		t.Fatalf("Throws without the bomb: %v", err)
	}
	// The generated move to D6 is a shortest chain.
	found := false
	for m := range p.Moves() {
		if m.From() == sq(t, "C1") && m.Rest() == sq(t, "D6") {
			found = true
			if err := p.Validate(m); err != nil || m.NumThrows() != 3 {
				t.Fatalf("generated %s: %v", m, err)
			}
		}
	}
	if !found {
		t.Fatal("no generated move rests the bomb on D6")
	}
}

func TestZ7_MoveText(t *testing.T) {
	for in, want := range map[string]string{
		"D2-B2*D4*G4": "D2-B2*D4*G4",
		"d2-b2*d4*g4": "D2-B2*D4*G4",
		"F2-D2-B4-D6": "F2-D2-B4-D6",
		"D2-D3*D5":    "D2-D3*D5",
	} {
		m, err := ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMove(%q) = %v, %v", in, m, err)
		}
		var u Move
		if b, _ := m.MarshalText(); u.UnmarshalText(b) != nil || u != m {
			t.Errorf("%s: text round trip gives %v", m, u)
		}
	}
	for _, bad := range []string{"", "D2", "D2-", "D2-B2*", "D2-B2**D4", "D2xB2*D4", "D2-out", "D2-B2*D9", "*D4", "D2-B2 D4", "D2-B2*D4-D5"} {
		_, err := ParseMove(bad)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, hops.ErrSyntax) {
			t.Errorf("ParseMove(%q) = %v, want a syntax error", bad, err)
		}
	}
	// A '*' with no square after it, and a path after a '*', break the
	// form of a throw (Z7); a bad square name, G1. Both gave G1.
	for bad, rule := range map[string]string{"D2-B2*": "Z7", "D2-B2**D4": "Z7", "D2-B2*D4-D5": "Z7", "D2-B2*D4xD5": "Z7", "D2-B2*D9": "G1", "D2-B2*Q4": "G1"} {
		if _, err := ParseMove(bad); hops.RuleOf(err) != rule {
			t.Errorf("ParseMove(%q) = %v, want an error under %s", bad, err, rule)
		}
	}
	if _, err := ParseMove("A1-A2*A3*A4*A5*A6*A7*B7*B6"); !errors.Is(err, hops.ErrIllegal) || hops.RuleOf(err) != "Z6" {
		t.Errorf("seven throws: %v", err)
	}
	p := fig8(t)
	rejected(t, p, "D2-B2", "Z7", "must then be thrown")
	rejected(t, p, "D2-D3*D5", "Z7", "nothing to throw")
	m := mv(t, "D2-B2*D4*G4")
	if m.From() != sq(t, "D2") || m.To() != sq(t, "B2") || m.NumThrows() != 2 || m.Throw(0) != sq(t, "D4") || m.Rest() != sq(t, "G4") || m.Throw(2) != hops.NoSquare {
		t.Fatalf("accessors of %s", m)
	}
	if NewMove(m.Path(), m.Throw(0), m.Throw(1)) != m {
		t.Fatal("NewMove differs from ParseMove")
	}
	var zero Move
	if zero.String() != "" || p.Validate(zero) == nil || zero.Rest() != hops.NoSquare {
		t.Fatal("zero move")
	}
}

func TestZ8_PositionText(t *testing.T) {
	for _, text := range []string{startText, "a5A/b5B/c5C/3*3/c5C/b5B/a5A k", fig8(t).String(), fig6(t).String()} {
		p, err := Parse(text)
		if err != nil || p.String() != text {
			t.Errorf("Parse(%q) = %v, %v", text, p, err)
		}
		var q Position
		if b, _ := p.MarshalText(); q.UnmarshalText(b) != nil || q != p {
			t.Errorf("%s: text round trip gives %v", p, q)
		}
	}
	for text, kind := range map[string]error{
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A":       hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A x":     hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A W":     hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A w 1":   hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5D w":     hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a!5A w":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*21/c5C/b5B/a5A w":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B w":         hops.ErrSyntax,
		"a5A/b5B/c5C/3*4/c5C/b5B/a5A w":     hops.ErrSyntax,
		"a5A/b5B/1c4C/c2*3/6C/b5B/a5A w":    hops.ErrPosition,
		"a5A/b5B/c5C/3*2C/c5C/b5B/a5A w":    hops.ErrPosition,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A w ":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A  w":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A/7 w":   hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A/ w":    hops.ErrSyntax,
		"a5A/b5B/c5C/6*/c5C/b5B/a5A k":      hops.ErrPosition,
		"a5A/b5B/c5C/*6/c5C/b5B/a5A w":      hops.ErrPosition,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A\tw":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A w\n":   hops.ErrSyntax,
		"":                                  hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A wk":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5AA w":    hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5AA/7 w":  hops.ErrSyntax,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5AA/7/ w": hops.ErrSyntax,
	} {
		_, err := Parse(text)
		var e *hops.Error
		if !errors.As(err, &e) || !errors.Is(err, kind) {
			t.Errorf("Parse(%q) = %v, want %v", text, err, kind)
		}
	}
	// A pawn on an HQ names the rule that keeps pawns off it.
	if _, err := Parse("a5A/b5B/1c4C/c2*3/6C/b5B/a5A w"); hops.RuleOf(err) != "Z4" || !strings.Contains(err.Error(), "A4") {
		t.Errorf("pawn on A4: %v", err)
	}
	// The bomb on an HQ is a finished game, the loser to move.
	if p, err := Parse("a5A/b5B/c5C/*6/c5C/b5B/a5A k"); err != nil || !p.Outcome().Over || p.Outcome().Winner != White {
		t.Errorf("bomb on A4, Khaki to move: %v %v", p.Outcome(), err)
	}
}

func TestZ9_Fig4_MultiJump(t *testing.T) {
	p := build(t, 'w', "E6", "F2B", "E2a", "C3A", "C5b")
	legal(t, p, "F2-D2-B4-D6")
	if !p.Destinations(sq(t, "F2")).Has(sq(t, "D6")) {
		t.Fatal("D6 is not a destination of F2")
	}
	// Clicking the pawn then each landing completes the move.
	b, err := p.Build(mv(t, "F2-D2-B4-D6").Clicks())
	if err != nil || !b.Complete || b.Move.String() != "F2-D2-B4-D6" {
		t.Fatalf("Build(F2 D2 B4 D6) = %+v %v", b, err)
	}
	if _, err := p.Build([]hops.Click{{Square: sq(t, "F2")}, {Square: sq(t, "F6")}}); hops.RuleOf(err) != "G4" {
		t.Fatalf("F6 after F2: %v, want a G4 error", err)
	}
	if !generated(p, "F2-D2-B4-D6") {
		t.Fatalf("moves %v", moveTexts(p))
	}
}

func TestZ9_Fig7_BlockedThrow(t *testing.T) {
	p := fig7(t)
	rest, relay, err := p.throws(mv(t, "E1-E2"))
	if err != nil || relay.Has(sq(t, "B2")) || !relay.Has(sq(t, "E5")) {
		t.Fatalf("Throws = %v %v %v", rest, relay, err)
	}
	if !rest.Has(sq(t, "D2")) || rest.Has(sq(t, "C2")) {
		t.Fatalf("rest %v", rest)
	}
}

func TestZ9_Fig8_RelayWins(t *testing.T) {
	p := fig8(t)
	if !generated(p, "D2-B2*D4*G4") {
		t.Fatalf("moves %v", moveTexts(p))
	}
	q := legal(t, p, "D2-B2*D4*G4")
	if q.Bomb() != sq(t, "G4") || q.Outcome().Winner != Khaki {
		t.Fatal("no win")
	}
}

// TestG9_OneMovePerSuccessor: a square reached by a step and by a jump is
// one move, written as the step; a resting square reached by several
// chains is one move, written with the shortest chain.
func TestG9_OneMovePerSuccessor(t *testing.T) {
	// D2 jumps to F2 over E2, or around by D4 and F4.
	p := build(t, 'w', "A7", "D2B", "E2a", "D3b", "E4c", "F3a")
	count := 0
	for _, s := range moveTexts(p) {
		if strings.HasPrefix(s, "D2-") && strings.HasSuffix(s, "-F2") {
			count++
			if s != "D2-F2" {
				t.Errorf("canonical form %s", s)
			}
		}
	}
	if count != 1 {
		t.Fatalf("%d moves D2 to F2", count)
	}
	legal(t, p, "D2-F2")
	legal(t, p, "D2-D4-F4-F2")
	// Fig. 6: C1 can also rest the bomb on B3 directly or through B5.
	q := fig6(t)
	legal(t, q, "C1-B2*B5*B3")
	n := 0
	for m := range q.Moves() {
		if m.From() == sq(t, "C1") && m.Rest() == sq(t, "B3") {
			n++
			if m.String() != "C1-B2*B3" {
				t.Errorf("canonical form %s", m)
			}
		}
	}
	if n != 1 {
		t.Fatalf("%d moves rest the bomb on B3", n)
	}
}

func TestG6_NoMoveLoses(t *testing.T) {
	// A hand-made position cannot easily shut in six pawns, so the rule
	// is checked on the outcome's logic: it reports G6 exactly when the
	// side to move has no move (see also the property tests).
	p := Start()
	if p.hasMove() != (p.CountMoves() > 0) {
		t.Fatal("hasMove disagrees with CountMoves")
	}
	var zero Position
	if o := zero.Outcome(); !o.Over || o.Rule != "G6" || o.Winner != Khaki {
		t.Fatalf("zero position: %v", o)
	}
}

// TestOffBoardMovesNeverPanic: moves built by hand from squares off the
// board are rejected, not followed.
func TestOffBoardMovesNeverPanic(t *testing.T) {
	p := fig6(t)
	for _, m := range []Move{
		NewMove(hops.PathOf(sq(t, "C1"), hops.NoSquare)),
		NewMove(hops.PathOf(sq(t, "C1"), hops.Outside)),
		NewMove(hops.PathOf(hops.NoSquare, sq(t, "C1"))),
		NewMove(hops.PathOf(sq(t, "C1"), sq(t, "B2")), hops.NoSquare),
		NewMove(hops.PathOf(sq(t, "C1"), sq(t, "B2")), hops.Outside),
		NewMove(hops.PathOf(sq(t, "C1"), sq(t, "B2")), hops.SquareAt(7, 1)),
		NewMove(hops.PathOf(sq(t, "C1"), sq(t, "B2")), sq(t, "B5"), hops.SquareAt(1, 7)),
	} {
		if err := p.Validate(m); !errors.Is(err, hops.ErrIllegal) {
			t.Errorf("%v: %v", m, err)
		}
		if _, _, err := p.throws(m); err == nil {
			t.Errorf("Throws(%v) accepted", m)
		}
		m.Mirror()
	}
}

// TestG9_ChainTieBreak: of two shortest chains to one resting square, the
// canonical one passes the bomb to the relay that comes first in square
// order (C3 before C5).
func TestG9_ChainTieBreak(t *testing.T) {
	p := build(t, 'w', "D4", "D3A", "C3A", "C5B")
	legal(t, p, "D3-D4*C5*B4")
	legal(t, p, "D3-D4*C3*B4")
	found := ""
	for m := range p.Moves() {
		if m.From() == sq(t, "D3") && m.Rest() == sq(t, "B4") {
			found += m.String()
		}
	}
	if found != "D3-D4*C3*B4" {
		t.Fatalf("canonical chains to B4: %q", found)
	}
}

// TestG1_ThrowOffBoard: a throw built by hand that lands off the board
// names the square and the board, as a path's square does.
func TestG1_ThrowOffBoard(t *testing.T) {
	m := NewMove(hops.PathOf(hops.SquareAt(6, 2), hops.SquareAt(5, 3)), hops.Square(63))
	want := "throw 1: its landing square, H8, is off the 7x7 board (A1..G7) (G1)"
	if err := Start().Validate(m); err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
}
