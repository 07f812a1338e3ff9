package hops

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// naivePaths enumerates every legal multi-jump path straight from the
// wording of G4, G5 and the JumpRules doc, with coordinates instead of
// tables, as a reference for JumpSearch. Each path is keyed by its text,
// and the value records what it leaves behind.
func naivePaths(r *JumpRules, from Square) map[string]JumpResult {
	out := map[string]JumpResult{}
	n := r.Board.Size()
	on := func(f, rk int) bool { return f >= 0 && rk >= 0 && f < n && rk < n }
	var walk func(p Path, visited map[Square]bool, turned Bitboard, taken bool)
	walk = func(p Path, visited map[Square]bool, turned Bitboard, taken bool) {
		cur := p.To()
		if p.Len() > 1 {
			out[p.String()] = JumpResult{End: cur, Turned: turned, Taken: taken}
			if r.Final.Has(cur) {
				return
			}
		}
		for d := Dir(0); d < 8; d++ {
			if !r.Dirs.Has(d) {
				continue
			}
			df, dr := d.delta()
			f, rk := cur.File()+df, cur.Rank()+dr
			if r.Flying {
				for on(f, rk) && r.Land.Has(SquareAt(f, rk)) {
					f, rk = f+df, rk+dr
				}
			}
			if !on(f, rk) {
				continue
			}
			over := SquareAt(f, rk)
			if !r.Over.Has(over) || turned.Has(over) || (turned != 0 && !r.Turn.Has(over)) {
				continue
			}
			for k := 1; ; k++ {
				lf, lr := f+k*df, rk+k*dr
				if !on(lf, lr) {
					break
				}
				land := SquareAt(lf, lr)
				if r.Flying && !r.Land.Has(land) {
					break
				}
				if (r.Land.Has(land) || r.Final.Has(land)) && !visited[land] {
					for _, take := range []bool{false, true} {
						if take && (taken || !r.Take.Has(over)) {
							continue
						}
						q := p
						if !q.Push(land, take) {
							continue // a path holds MaxPath squares at most, as the search's do
						}
						visited[land] = true
						walk(q, visited, turned|r.Turn&over.Bit(), taken || take)
						visited[land] = false
					}
				}
				if !r.Flying {
					break
				}
			}
		}
	}
	var p Path
	p.Push(from, false)
	walk(p, map[Square]bool{from: true}, 0, r.Taken)
	return out
}

// genRules draws a random board of either size, a moving piece and rules.
func genRules(t *rapid.T) (JumpRules, Square) {
	b := Board7
	if rapid.Bool().Draw(t, "six") {
		b = Board6
	}
	r := JumpRules{Board: b}
	r.Dirs = rapid.SampledFrom([]DirSet{AllDirs, OrthogonalDirs, DiagonalDirs}).Draw(t, "dirs")
	r.Flying = rapid.IntRange(0, 4).Draw(t, "flying") == 0
	density := rapid.IntRange(10, 90).Draw(t, "density")
	if r.Flying {
		density = rapid.IntRange(5, 35).Draw(t, "density")
	}
	for s := range b.All().Squares() {
		switch x := rapid.IntRange(0, 99).Draw(t, "sq"); {
		case x < density:
			r.Over |= s.Bit()
		case x < density+3 && !r.Flying:
			r.Final |= s.Bit()
		case x < density+6:
			// a piece that may not be jumped: neither Over nor Land
		default:
			r.Land |= s.Bit()
		}
	}
	from := rapid.SampledFrom(slices.Collect(b.All().Squares())).Draw(t, "from")
	r.Over, r.Final = r.Over.Without(from), r.Final.Without(from)
	r.Land = r.Land.With(from)
	switch rapid.IntRange(0, 3).Draw(t, "extra") {
	case 1:
		for s := range r.Over.Squares() {
			if rapid.Bool().Draw(t, "turn") {
				r.Turn |= s.Bit()
			}
		}
	case 2:
		if !r.Flying {
			for s := range r.Over.Squares() {
				if rapid.IntRange(0, 5).Draw(t, "take") == 0 {
					r.Take |= s.Bit()
				}
			}
			r.Taken = rapid.IntRange(0, 4).Draw(t, "taken") == 0
		}
	}
	if r.Flying {
		r.Turn = r.Over // as Coir's Dame: every flying jump turns its pawn
	}
	return r, from
}

// TestJumpSearchMatchesReference checks G4 and G5 on random boards: the
// optimised search yields exactly the paths of the naive enumeration,
// each once, with the same effects, and Follow accepts each of them.
func TestJumpSearchMatchesReference(t *testing.T) {
	for range 10 { // 10 x 100 random boards
		rapid.Check(t, func(t *rapid.T) {
			r, from := genRules(t)
			want := naivePaths(&r, from)
			got := map[string]JumpResult{}
			var s JumpSearch
			s.Reset(&r, from)
			for s.Next() {
				p := s.Path()
				key := p.String()
				if _, dup := got[key]; dup {
					t.Fatalf("path %s reported twice", key)
				}
				got[key] = JumpResult{End: s.End(), Turned: s.Turned(), Taken: s.Taken()}
				if q, err := ParsePath(r.Board, key); err != nil || q != p {
					t.Fatalf("path %s does not equal its parsed text: %v", key, err)
				}
				if p.Len() != s.Jumps()+1 || s.End() != p.To() || s.Visited().Count() != p.Len() {
					t.Fatalf("path %s: inconsistent accessors", key)
				}
				res, err := r.Follow(p)
				if err != nil {
					t.Fatalf("Follow rejects generated path %s: %v", key, err)
				}
				if res.End != s.End() || res.Turned != s.Turned() || res.Taken != s.Taken() || res.LastOver != s.LastOver() {
					t.Fatalf("Follow(%s) = %+v, search says end %v turned %v taken %v", key, res, s.End(), s.Turned(), s.Taken())
				}
			}
			if len(got) != len(want) {
				t.Fatalf("search found %d paths, reference %d", len(got), len(want))
			}
			for k, w := range want {
				g, ok := got[k]
				if !ok {
					t.Fatalf("search misses path %s", k)
				}
				if g != w {
					t.Fatalf("path %s: search %+v, reference %+v", k, g, w)
				}
			}
			if r.static() {
				checkReach(t, &r, from, want)
			}
		})
	}
}

// checkReach: the flood fill ends are the reference's ends, and each
// rebuilt path is legal and as short as the shortest reference path.
func checkReach(t *rapid.T, r *JumpRules, from Square, paths map[string]JumpResult) {
	shortest := map[Square]int{}
	var ends Bitboard
	for k, res := range paths {
		p, err := ParsePath(r.Board, k)
		if err != nil {
			t.Fatalf("reference path %s does not parse: %v", k, err)
		}
		if n, ok := shortest[res.End]; !ok || p.Len() < n {
			shortest[res.End] = p.Len()
		}
		ends |= res.End.Bit()
	}
	rc := r.Reach(from)
	if rc.Ends() != ends {
		t.Fatalf("Reach ends %v, reference %v", rc.Ends(), ends)
	}
	if got := r.ReachEnds(from); got != ends {
		t.Fatalf("ReachEnds %v, reference %v", got, ends)
	}
	dirty := r.Reach(r.Board.All().First()) // ReachInto over an earlier result
	if r.ReachInto(&dirty, from); dirty != rc {
		t.Fatalf("ReachInto over an earlier result differs from Reach")
	}
	for s := range ends.Squares() {
		p := rc.Path(r, s)
		if p.From() != from || p.To() != s || p.Len() != shortest[s] || rc.Jumps(s) != p.Len()-1 {
			t.Fatalf("Reach path to %v is %v, shortest has %d squares", s, p, shortest[s])
		}
		if _, err := r.Follow(p); err != nil {
			t.Fatalf("Reach path %v: %v", p, err)
		}
	}
}

// TestFollowRejectsWhatSearchDoesNot: a random written path is accepted
// by Follow exactly when the search generates it (marks aside).
func TestFollowRejectsWhatSearchDoesNot(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, from := genRules(t)
		legal := naivePaths(&r, from)
		var p Path
		p.Push(from, false)
		sqs := slices.Collect(r.Board.All().Squares())
		for range rapid.IntRange(1, 5).Draw(t, "hops") {
			p.Push(rapid.SampledFrom(sqs).Draw(t, "to"), r.Take != 0 && rapid.Bool().Draw(t, "x"))
		}
		_, err := r.Follow(p)
		_, ok := legal[p.String()]
		if ok != (err == nil) {
			t.Fatalf("path %s: legal %v, Follow error %v", p, ok, err)
		}
		if err != nil && (err.Hop < 1 || err.Hop >= p.Len() || err.Fault == faultNone) {
			t.Fatalf("path %s: bad fault location %+v", p, err)
		}
	})
}

// TestFollowFaults names the fault of each kind of bad jump.
func TestFollowFaults(t *testing.T) {
	sq := func(s string) Square {
		x, err := Board7.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	bits := func(names ...string) Bitboard {
		var b Bitboard
		for _, n := range names {
			b |= sq(n).Bit()
		}
		return b
	}
	pieces := bits("C3", "D4", "C4", "E5")
	blocker := bits("B3")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: pieces, Land: Board7.All() &^ pieces &^ blocker, Final: 0}
	tests := []struct {
		path  string
		fault JumpFault
		rule  string
	}{
		{"B2-D4", FaultLanding, "G4"},
		{"B2-D3", FaultNotJump, "G4"},
		{"A2-A4", FaultNothingOver, "G4"},
		{"B2-B4", FaultCannotJump, ""},
		{"A3-C3", FaultCannotJump, ""},
		{"B4-D4", FaultLanding, "G4"},
		{"B5-D3-B5", FaultRevisit, "G5"},
		{"C5-C3", FaultLanding, "G4"},
	}
	for _, tt := range tests {
		p, err := ParsePath(Board7, tt.path)
		if err != nil {
			t.Fatal(err)
		}
		_, jerr := r.Follow(p)
		if jerr == nil || jerr.Fault != tt.fault {
			t.Errorf("Follow(%s) = %v, want %v", tt.path, jerr, tt.fault)
			continue
		}
		e := jerr.Err("", "move")
		if e.Rule != tt.rule || !errors.Is(e, ErrIllegal) {
			t.Errorf("Follow(%s) error %v: rule %q, want %q", tt.path, e, e.Rule, tt.rule)
		}
	}
	// C5: C3 and C4 are opposing pieces (Turn), B3 an own one.
	r2 := JumpRules{Board: Board7, Dirs: AllDirs, Over: bits("C3", "C4", "B3"), Turn: bits("C3", "C4")}
	r2.Land = Board7.All() &^ r2.Over
	for _, tt := range []struct {
		path  string
		fault JumpFault
	}{
		{"D4-B2-B4", FaultAfterAttack},
		{"B2-D4-B4-D2", FaultTurnedAgain},
		{"D4-B2-D2", FaultNothingOver},
		{"D4-B2-C4", FaultNotJump},
		{"D4-B2-B5", FaultNotJump},
	} {
		p, err := ParsePath(Board7, tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if _, jerr := r2.Follow(p); jerr == nil || jerr.Fault != tt.fault {
			t.Errorf("Follow(%s) = %v, want %v", tt.path, jerr, tt.fault)
		}
	}
	p, _ := ParsePath(Board7, "B2-B4-D4")
	if res, jerr := r2.Follow(p); jerr != nil || res.Turned != bits("C4") {
		t.Errorf("C5 tactical over B3 then attack over C4: %+v %v", res, jerr)
	}
}

func TestParsePathG12(t *testing.T) {
	good := map[string]string{
		"E2-C2-C4-A6":  "E2-C2-C4-A6",
		"e2xc2-c4-a6":  "E2xC2-C4-A6",
		"D6XD4-B2-OUT": "D6xD4-B2-out",
		"D1-D2":        "D1-D2",
	}
	for in, want := range good {
		p, err := ParsePath(Board7, in)
		if err != nil || p.String() != want {
			t.Errorf("ParsePath(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, bad := range []string{"", "D1", "D1-", "D1--D2", "D1-D8", "D1+D2", "out-D1", "D1-out-D2", "D1-D44", "D1 D2"} {
		if _, err := ParsePath(Board7, bad); err == nil || !errors.Is(err, ErrSyntax) {
			t.Errorf("ParsePath(%q) error %v, want a syntax error", bad, err)
		}
	}
	if _, err := ParsePath(Board6, "F6-G7"); err == nil {
		t.Error("G7 is off the 6x6 board")
	}
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"E2-C2-C4-A6", "D6xD4-B2-out", "a1-a2", "D1-", "xx", " e2\u2013c2\u00d7c4 ", "D1\u2192D2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePath(Board7, text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParsePath(%q): error %v is not ErrSyntax", text, err)
			}
			return
		}
		q, err := ParsePath(Board7, p.String())
		if err != nil || q != p {
			t.Fatalf("%q -> %v does not round-trip: %v, %v", text, p, q, err)
		}
		// G12: the normalised text reads as the same path.
		norm, err := NormalizeMoveText(text)
		if err != nil {
			t.Fatalf("ParsePath(%q) reads but NormalizeMoveText fails: %v", text, err)
		}
		if q, err := ParsePath(Board7, norm); err != nil || q != p {
			t.Fatalf("%q reads as %v, its normal form %q as %v, %v", text, p, norm, q, err)
		}
	})
}

// crowded is a 7x7 board whose 16 pieces leave a 3x3 lattice of holes
// in the lower left corner, each hole joined to its neighbours by a jump:
// thousands of jump paths from C3.
func crowded() (JumpRules, Square) {
	var pieces Bitboard
	for s := range Board7.All().Squares() {
		if s.File() <= 4 && s.Rank() <= 4 && (s.File()%2 == 1 || s.Rank()%2 == 1) {
			pieces |= s.Bit()
		}
	}
	from := SquareAt(2, 2)
	return JumpRules{Board: Board7, Dirs: AllDirs, Over: pieces, Land: Board7.All() &^ pieces}, from
}

func TestCrowdedPathCount(t *testing.T) {
	r, from := crowded()
	var s JumpSearch
	s.Reset(&r, from)
	n := 0
	for s.Next() {
		n++
	}
	if want := len(naivePaths(&r, from)); n != want {
		t.Fatalf("%d paths, reference %d", n, want)
	}
	if n < 500 {
		t.Fatalf("only %d paths: the benchmark board is not crowded", n)
	}
}

func BenchmarkJumpSearchCrowded(b *testing.B) {
	r, from := crowded()
	b.ReportAllocs()
	paths := 0
	for b.Loop() {
		var s JumpSearch
		s.Reset(&r, from)
		for s.Next() {
			paths++
		}
	}
	b.ReportMetric(float64(paths)/float64(b.N), "paths/op")
}

func BenchmarkReachCrowded(b *testing.B) {
	r, from := crowded()
	b.ReportAllocs()
	var ends Bitboard
	for b.Loop() {
		rc := r.Reach(from)
		ends |= rc.Ends()
	}
	if ends == 0 {
		b.Fatal("no ends")
	}
}

func ExampleJumpSearch() {
	// Three pieces around D4 on an otherwise empty 7x7 board.
	var pieces Bitboard
	for _, s := range []string{"D5", "C3", "E4"} {
		sq, _ := Board7.ParseSquare(s)
		pieces |= sq.Bit()
	}
	from, _ := Board7.ParseSquare("D4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: pieces, Land: Board7.All() &^ pieces}
	var s JumpSearch
	s.Reset(&r, from)
	for s.Next() {
		fmt.Println(s.Path())
	}
	// Output:
	// D4-D6
	// D4-F4
	// D4-B2
}

func ExampleReach() {
	var pieces Bitboard
	for _, s := range []string{"D5", "D7", "E6"} {
		sq, _ := Board7.ParseSquare(s)
		pieces |= sq.Bit()
	}
	from, _ := Board7.ParseSquare("D4")
	r := JumpRules{Board: Board7, Dirs: AllDirs, Over: pieces, Land: Board7.All() &^ pieces}
	rc := r.Reach(from)
	fmt.Println(rc.Ends())
	to, _ := Board7.ParseSquare("F6")
	fmt.Println(rc.Path(&r, to))
	// Output:
	// {D6 F6}
	// D4-D6-F6
}

// limitsFor returns the limits a guided search sets at the end of the
// path prefix: pseudo-random sets of squares, a function of the seed and
// of the prefix, that drop about a quarter of the squares each.
func limitsFor(seed uint64, prefix string) (over, land Bitboard) {
	h := seed
	for _, c := range []byte(prefix) {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	next := func() uint64 {
		h += 0x9e3779b97f4a7c15
		z := h
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	return ^Bitboard(next() & next()), ^Bitboard(next() & next())
}

// TestJumpSearchLimit: a search that sets limits at every end before
// Next yields exactly the paths of the unlimited search whose every jump
// goes over a square of its start's over limit and lands on a square of
// its land limit, in the same order.
func TestJumpSearchLimit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, from := genRules(t)
		if r.Flying {
			r.Flying = false // Limit leaves flying rules alone
		}
		seed := rapid.Uint64().Draw(t, "seed")
		var want []string
		var s JumpSearch
		s.Reset(&r, from)
		for s.Next() {
			p := s.Path()
			ok := true
			for i := 1; i < p.Len() && ok; i++ {
				a, b := p.At(i-1), p.At(i)
				over, land := limitsFor(seed, p.Prefix(i).String())
				mid := SquareAt((a.File()+b.File())/2, (a.Rank()+b.Rank())/2)
				ok = over.Has(mid) && land.Has(b)
			}
			if ok {
				want = append(want, p.String())
			}
		}
		var got []string
		s.Reset(&r, from)
		s.Limit(limitsFor(seed, PathOf(from).String()))
		for s.Next() {
			got = append(got, s.Path().String())
			s.Limit(limitsFor(seed, s.Path().String()))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("limited search gives %v, the filtered full search %v", got, want)
		}
	})
}

// TestJumpErrorIsNoError: Follow's fault description cannot be taken for
// an error value (a nil *JumpError stored in an error is not nil, and it
// wraps none of the error kinds): the error a game returns is Err's.
func TestJumpErrorIsNoError(t *testing.T) {
	if _, ok := any(&JumpError{}).(error); ok {
		t.Fatal("*JumpError is an error")
	}
	je := &JumpError{Fault: FaultNothingOver, Hop: 1, From: SquareAt(0, 0), To: SquareAt(2, 2), Over: NoSquare}
	if got, want := je.String(), "jump 1 A1-C3 "+FaultNothingOver.String(); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if err := je.Err("", "move"); !errors.Is(err, ErrIllegal) || err.Rule != "G4" {
		t.Errorf("Err = %v, want an ErrIllegal under G4", err)
	}
}
