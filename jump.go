package hops

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// MaxPath is the largest number of squares a path holds. A jump of two
// squares keeps the parity of both file and rank, so a multi-jump on a
// 7×7 board visits at most 16 distinct squares (G5); a Catch'it exit adds
// Outside, and a Coir Dame turns at most 11 pawns, one per jump.
const MaxPath = 17

// Path is the route of one piece in one move (G12): its start square,
// then each square it lands on. A hop into a square may carry the mark
// 'x' (a jump that acts on the piece it jumps: Catch'it takes the ball,
// Brouillard turns a pawn over). The zero Path is empty. A Path is a
// small value; copying it copies the route.
type Path struct {
	sq    [MaxPath]Square
	n     uint8
	marks uint32 // bit i set: the hop into sq[i] is written with 'x'
}

// PathOf returns the path through the given squares, with no marks.
// Squares past MaxPath are dropped.
func PathOf(squares ...Square) Path {
	var p Path
	for _, s := range squares {
		p.Push(s, false)
	}
	return p
}

// Len returns the number of squares on the path.
func (p Path) Len() int { return int(p.n) }

// Hops returns the number of hops (steps or jumps): Len()-1, or 0 for an
// empty path.
func (p Path) Hops() int { return max(int(p.n)-1, 0) }

// At returns the i-th square, 0 for the start, or NoSquare when the path
// has no such square.
func (p Path) At(i int) Square {
	if uint(i) >= uint(p.n) {
		return NoSquare
	}
	return p.sq[i]
}

// From returns the start square, or NoSquare for an empty path.
func (p Path) From() Square {
	if p.n == 0 {
		return NoSquare
	}
	return p.sq[0]
}

// To returns the last square, or NoSquare for an empty path.
func (p Path) To() Square {
	if p.n == 0 {
		return NoSquare
	}
	return p.sq[p.n-1]
}

// Marked reports whether the hop into square i is written with 'x'.
func (p Path) Marked(i int) bool { return p.marks&(1<<uint(i)) != 0 }

// HasMarks reports whether any hop of the path is written with 'x'.
func (p Path) HasMarks() bool { return p.marks != 0 }

// Push appends a square, the hop into it marked or not (the start has no
// hop into it, and no mark). It reports false, changing nothing, when the
// path is full.
func (p *Path) Push(s Square, marked bool) bool {
	if int(p.n) >= MaxPath {
		return false
	}
	p.sq[p.n] = s
	if marked && p.n > 0 {
		p.marks |= 1 << uint(p.n)
	} else {
		p.marks &^= 1 << uint(p.n)
	}
	p.n++
	return true
}

// Pop removes the last square.
func (p *Path) Pop() {
	if p.n > 0 {
		p.n--
		p.marks &^= 1 << uint(p.n)
		p.sq[p.n] = 0 // keep equal routes == equal values
	}
}

// SetMark marks or unmarks the hop into square i, from 1 for the first
// hop; it does nothing for an i that is no hop of the path, so that no
// mark is kept that the path's text could not show.
func (p *Path) SetMark(i int, marked bool) {
	if i < 1 || i >= int(p.n) {
		return
	}
	if marked {
		p.marks |= 1 << uint(i)
	} else {
		p.marks &^= 1 << uint(i)
	}
}

// Prefix returns the path's first n squares.
func (p Path) Prefix(n int) Path {
	n = min(max(n, 0), int(p.n))
	q := p
	for q.n > uint8(n) {
		q.Pop()
	}
	return q
}

// Contains reports whether s is one of the path's squares.
func (p Path) Contains(s Square) bool {
	for i := 0; i < int(p.n); i++ {
		if p.sq[i] == s {
			return true
		}
	}
	return false
}

// AppendTo appends the path's text (G12): upper-case squares joined by
// '-', or 'x' before a marked hop, and "out" for Outside.
func (p Path) AppendTo(b []byte) []byte {
	for i := 0; i < int(p.n); i++ {
		if i > 0 {
			if p.Marked(i) {
				b = append(b, 'x')
			} else {
				b = append(b, '-')
			}
		}
		b = p.sq[i].AppendTo(b)
	}
	return b
}

// String returns the path's text, such as "E2xC2-C4-A6".
func (p Path) String() string {
	var buf [3 * MaxPath]byte
	return string(p.AppendTo(buf[:0]))
}

// ParsePath reads a path (G12) on board b: squares in either case joined
// by '-' or 'x' (either case), the last one possibly "out". A path has at
// least two squares. The text goes through NormalizeMoveText first, so
// white space around it, Unicode dashes and '×' are accepted. It checks
// only the text and that the squares exist, not that the hops are legal.
// A nil b reads no path: an *Error of kind ErrSyntax.
func ParsePath(b *Board, text string) (Path, error) {
	var p Path
	if b == nil {
		return p, syntaxErrorf("G12", "path "+Quote(text), "no board to read it on (nil)")
	}
	norm, err := NormalizeMoveText(text)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return p, e.InText("path", text)
		}
		return p, err
	}
	text = norm
	if text == "" {
		return p, syntaxErrorf("G12", "", "empty path")
	}
	if strings.IndexByte(text, ' ') >= 0 {
		return p, syntaxErrorf("G12", "path "+Quote(text), "a path holds no space")
	}
	rest := text
	for i := 0; ; i++ {
		marked := false
		if i > 0 {
			switch rest[0] {
			case '-':
			case 'x', 'X':
				marked = true
			default:
				return p, syntaxErrorf("G12", "path "+Quote(text), "squares must be joined by '-' (or 'x' before a landing, in a game that marks jumps), found %q", rest[0])
			}
			rest = rest[1:]
			if rest == "" {
				return p, syntaxErrorf("G12", "path "+Quote(text), "ends with a separator")
			}
		}
		var s Square
		if len(rest) >= 3 && strings.EqualFold(rest[:3], "out") {
			if i == 0 {
				return p, syntaxErrorf("G12", "path "+Quote(text), "a path cannot start outside the board")
			}
			s, rest = Outside, rest[3:]
			if rest != "" {
				return p, syntaxErrorf("G12", "path "+Quote(text), "nothing may follow \"out\"")
			}
		} else {
			n := min(2, len(rest))
			if len(rest) > 2 && rest[2] >= '0' && rest[2] <= '9' {
				n = 3 // let ParseSquare report "D44" as one bad square
			}
			var err error
			if s, err = b.ParseSquare(rest[:n]); err != nil {
				return p, err.(*Error).In("path " + Quote(text))
			}
			rest = rest[n:]
		}
		if !p.Push(s, marked) {
			return p, syntaxErrorf("G5", "path "+Quote(text), "more than %d squares, longer than any move: only jumps chain (G4), and a multi-jump lands at most 16 times, never twice on one square", MaxPath)
		}
		if rest == "" {
			break
		}
	}
	if p.n < 2 {
		return p, syntaxErrorf("G12", "path "+Quote(text), "a path needs at least two squares")
	}
	return p, nil
}

// JumpRules tells the shared multi-jump search (G4, G5) what one game
// allows for one moving piece. Over and Land describe the board with the
// moving piece lifted off its start square: the start square is normally
// in Land (it is empty) and never in Over. G5 still forbids landing on it.
// Board must be set (Board6 or Board7): the zero JumpRules describes no
// board, and its methods panic, as the search's hot path checks nothing
// twice.
//
// The optional parts model what sets the games apart:
//   - Final: squares a jump may land on only as the last jump of the path
//     (Zapita's bomb, Z4); the search does not extend a path from there.
//   - Turn: jumping one of these pieces turns it (Coir's attack, C5). Once
//     a piece has been turned, every further jump must turn another one
//     that was not turned yet; jumps over the other pieces of Over
//     (tactical jumps) may only come first.
//   - Take: jumping one of these pieces may take it over (Catch'it's ball,
//     K5); the search follows both choices, and a taking hop is marked 'x'.
//     Taken says the piece carries it from the start.
//   - Flying: a jump passes over any number of Land squares, then one
//     piece of Over, and may land on any Land square beyond it with only
//     Land squares between (Coir's Dame, C6). G5 applies to landings only.
type JumpRules struct {
	Board  *Board
	Dirs   DirSet
	Over   Bitboard
	Land   Bitboard
	Final  Bitboard
	Turn   Bitboard
	Take   Bitboard
	Taken  bool
	Flying bool
}

// static reports whether what may be jumped and landed on stays the same
// during the whole move (no Turn, Take or Flying): then the set of end
// squares does not depend on the path, and Reach computes it by flood fill.
func (r *JumpRules) static() bool { return r.Turn == 0 && r.Take == 0 && !r.Flying }

// Reach is the result of a flood fill of a static JumpRules: the squares
// first reached after each number of jumps, from which a shortest path to
// each of them is rebuilt. It is a plain value: ReachInto fills one in,
// and must not be given one that another goroutine is reading.
type Reach struct {
	level  [MaxPath]Bitboard // level[k]: first reached after k jumps
	n      int               // number of levels, level[0] = the start
	finals Bitboard          // reached squares of Final (paths end there)
}

// Reach returns every square the piece on from can end a multi-jump on,
// with a shortest path to each. The end set of a static game does not
// depend on the path: any sequence of jumps from one square to another
// contains one that visits no square twice (G5), so a breadth-first flood
// fill finds exactly the legal ends. For non-static rules use JumpSearch.
func (r *JumpRules) Reach(from Square) Reach {
	var rc Reach
	r.ReachInto(&rc, from)
	return rc
}

// ReachInto is Reach writing its result to *rc, which spares copying it
// in the inner loops of move generators.
func (r *JumpRules) ReachInto(rc *Reach, from Square) {
	old := min(max(rc.n, 0), MaxPath)
	rc.n, rc.finals = 0, 0
	b := r.Board
	seen := from.Bit()
	frontier := seen
	rc.level[0] = frontier
	rc.n = 1
	over := r.Over & b.all
	for frontier != 0 && rc.n < MaxPath {
		land := jumpLandings(frontier, over, r.Dirs) & b.all
		land &^= seen
		fin := land & r.Final
		frontier = land & r.Land &^ r.Final
		seen |= frontier | fin
		rc.finals |= fin
		rc.level[rc.n] = frontier | fin
		rc.n++
	}
	for k := rc.n; k < old; k++ {
		rc.level[k] = 0 // equal results are equal values
	}
}

// ReachEnds returns the squares where the piece on from can end a
// multi-jump, as Reach(from).Ends() does, without keeping what rebuilds
// the paths: the cheaper call when only the set matters.
func (r *JumpRules) ReachEnds(from Square) Bitboard {
	b := r.Board
	seen := from.Bit()
	frontier := seen
	over := r.Over & b.all
	var ends Bitboard
	for n := 1; frontier != 0 && n < MaxPath; n++ {
		land := jumpLandings(frontier, over, r.Dirs) & b.all &^ seen
		fin := land & r.Final
		frontier = land & r.Land &^ r.Final
		seen |= frontier | fin
		ends |= frontier | fin
	}
	return ends
}

// JumpLandings returns the squares of the board one jump away from a
// square of from, in any of the eight directions, over a square of over:
// one step of a breadth-first search over jumps, which the games use to
// bound how many jumps a path still needs (jumps are symmetric, so the
// same step searches backwards from a goal).
func (b *Board) JumpLandings(from, over Bitboard) Bitboard {
	return jumpLandings(from, over&b.all, AllDirs) & b.all
}

// jumpLandings returns the squares reached by one jump from a square of
// from over a square of over (a subset of the board) in a direction of
// dirs, before masking with the board. Squares are numbered rank*8+file
// with at least one unused file on the right, so a shift that leaves the
// board on one side lands on an unused file or off the 64 bits, and the
// masks remove it: the jumped square by over, the landing by the caller.
func jumpLandings(from, over Bitboard, dirs DirSet) Bitboard {
	if dirs == AllDirs {
		return ((from<<8)&over)<<8 | ((from<<9)&over)<<9 | ((from<<1)&over)<<1 | ((from>>7)&over)>>7 |
			((from>>8)&over)>>8 | ((from>>9)&over)>>9 | ((from>>1)&over)>>1 | ((from<<7)&over)<<7
	}
	var land Bitboard
	for d := Dir(0); d < 8; d++ {
		if dirs.Has(d) {
			k := dirShift[d]
			if k > 0 {
				land |= ((from << uint(k)) & over) << uint(k)
			} else {
				land |= ((from >> uint(-k)) & over) >> uint(-k)
			}
		}
	}
	return land
}

// Ends returns the set of squares where a multi-jump can end.
func (rc *Reach) Ends() Bitboard {
	var e Bitboard
	for k := 1; k < rc.n; k++ {
		e |= rc.level[k]
	}
	return e
}

// Jumps returns the fewest jumps that reach s, or 0 when s is not reached
// (or is the start).
func (rc *Reach) Jumps(s Square) int {
	for k := 1; k < rc.n; k++ {
		if rc.level[k].Has(s) {
			return k
		}
	}
	return 0
}

// Path returns a shortest path to s, ties broken by direction order
// (N first, clockwise) from the end backwards; an empty path when s is
// not reached. It uses the rules the Reach was made with.
func (rc *Reach) Path(r *JumpRules, s Square) Path {
	k := rc.Jumps(s)
	var p Path
	if k == 0 {
		return p
	}
	var rev [MaxPath]Square
	rev[0] = s
	cur := s
	for j := k - 1; j >= 0; j-- {
		prev := rc.level[j] &^ rc.finals
		for d := Dir(0); d < 8; d++ {
			if !r.Dirs.Has(d.Opposite()) {
				continue
			}
			q := r.Board.jump[cur][d]
			if q >= 0 && prev.Has(q) && r.Over.Has(r.Board.step[cur][d]) {
				cur = q
				break
			}
		}
		rev[k-j] = cur
	}
	for i := k; i >= 0; i-- {
		p.Push(rev[i], false)
	}
	return p
}

// JumpFault says why a written multi-jump is not legal under JumpRules.
type JumpFault uint8

// The faults Follow reports. The game maps each to its own rule id where
// the general one (G4, G5) is not precise enough.
const (
	faultNone        JumpFault = iota
	FaultNotJump               // the landing is not where a jump lands (G4)
	FaultDirection             // the jump goes in a direction the piece may not use
	FaultNothingOver           // there is no piece to jump over (G4)
	FaultCannotJump            // the piece jumped over may not be jumped by this piece
	FaultAfterAttack           // a jump over an own piece after an attack (C5)
	FaultTurnedAgain           // a jump over a piece turned earlier in this move (C5)
	FaultLanding               // the landing square is not free (G4)
	FaultRevisit               // the piece lands on a square of this move twice (G5)
	FaultPastFinal             // the path goes on after landing on a final square
	FaultMark                  // a hop is marked 'x' but takes nothing
	FaultFlight                // a flying jump does not pass exactly one piece
)

var faultText = [...]string{
	faultNone:        "no fault",
	FaultNotJump:     "is not a jump: a jump lands two squares away in a straight line",
	FaultDirection:   "goes in a direction this piece may not jump in",
	FaultNothingOver: "jumps over an empty square",
	FaultCannotJump:  "jumps over a piece this piece may not jump",
	FaultAfterAttack: "jumps an own pawn after an attack: tactical jumps come first",
	FaultTurnedAgain: "jumps a pawn turned earlier in this move",
	FaultLanding:     "lands on a square that is not free",
	FaultRevisit:     "lands on a square the piece already occupied in this move",
	FaultPastFinal:   "goes on after a landing that must end the path",
	FaultMark:        "is marked 'x' but takes nothing",
	FaultFlight:      "must pass over exactly one piece, with only empty squares before and after it",
}

// String returns a phrase describing the fault, to follow the hop text.
func (f JumpFault) String() string {
	if int(f) < len(faultText) {
		return faultText[f]
	}
	return fmt.Sprintf("JumpFault(%d)", uint8(f))
}

// Rule returns the general rule a fault breaks: G5 for a revisit, G4 for
// the geometry of a jump, "" for the faults whose rule is the game's.
func (f JumpFault) Rule() string {
	switch f {
	case FaultRevisit:
		return "G5"
	case FaultNotJump, FaultNothingOver, FaultLanding, FaultFlight:
		return "G4"
	}
	return ""
}

// JumpError locates a fault in a written path: the hop (1 for the first
// jump) and its squares. Over is NoSquare where no single piece was found.
// It is a description, not an error value (it has no Error method, so it
// cannot be stored where an error goes): Err makes the *Error a game
// returns, under the rule the game chooses.
type JumpError struct {
	Fault JumpFault `json:"fault"`
	Hop   int       `json:"hop"`
	From  Square    `json:"from"`
	To    Square    `json:"to"`
	Over  Square    `json:"over"`
}

// String describes the fault, as "jump 2 B2-D4 jumps over an empty square".
func (e *JumpError) String() string {
	return fmt.Sprintf("jump %d %s-%s %s", e.Hop, e.From, e.To, e.Fault)
}

// Err turns the fault into an *Error of kind ErrIllegal under the given
// rule id (the fault's general rule when rule is ""), located at where.
func (e *JumpError) Err(rule, where string) *Error {
	if rule == "" {
		rule = e.Fault.Rule()
	}
	return Errorf(ErrIllegal, rule, where, "%s", e.String())
}

// JumpResult is what following a legal multi-jump leaves behind.
type JumpResult struct {
	End      Square   `json:"end"`       // the last landing
	LastOver Square   `json:"last_over"` // the piece jumped by the last jump
	Turned   Bitboard `json:"turned"`    // pieces turned (Turn)
	Taken    bool     `json:"taken"`     // the piece carries (Take) at the end
	TakeHop  int      `json:"take_hop"`  // the hop that took, 0 if none
}

// UnmarshalJSON reads the JSON form of a JumpResult, its keys written
// exactly and each once (see DecodeJSON).
func (r *JumpResult) UnmarshalJSON(data []byte) error {
	type plain JumpResult
	return decodeWhole(data, (*plain)(r), "jump result")
}

// UnmarshalJSON reads the JSON form of a JumpError, its keys written
// exactly and each once (see DecodeJSON).
func (e *JumpError) UnmarshalJSON(data []byte) error {
	type plain JumpError
	return decodeWhole(data, (*plain)(e), "jump error")
}

// Follow checks a written multi-jump path against the rules, hop by hop,
// in time proportional to its length, and returns what it does or the
// first fault. With Take non-empty, a hop marked 'x' takes the piece it
// jumps; with Take empty, marks are left for the caller to judge.
func (r *JumpRules) Follow(p Path) (JumpResult, *JumpError) {
	res := JumpResult{End: p.From(), LastOver: NoSquare}
	res.Taken = r.Taken
	visited := p.From().Bit()
	for i := 1; i < p.Len(); i++ {
		from, to := p.sq[i-1], p.sq[i] // i < Len: no need of At's check
		fail := func(f JumpFault, over Square) (JumpResult, *JumpError) {
			return res, &JumpError{Fault: f, Hop: i, From: from, To: to, Over: over}
		}
		if i > 1 && r.Final.Has(from) {
			return fail(FaultPastFinal, NoSquare)
		}
		over, f := r.jumpOver(from, to)
		if f != faultNone {
			return fail(f, over)
		}
		if f := r.canJump(over, res.Turned); f != faultNone {
			return fail(f, over)
		}
		if !(r.Land | r.Final).Has(to) {
			return fail(FaultLanding, over)
		}
		if visited.Has(to) {
			return fail(FaultRevisit, over)
		}
		if p.Marked(i) && r.Take != 0 {
			if res.Taken || !r.Take.Has(over) {
				return fail(FaultMark, over)
			}
			res.Taken, res.TakeHop = true, i
		}
		visited |= to.Bit()
		res.Turned |= r.Turn & over.Bit()
		res.End, res.LastOver = to, over
	}
	return res, nil
}

// jumpOver finds the piece a hop from → to jumps, checking the geometry.
func (r *JumpRules) jumpOver(from, to Square) (Square, JumpFault) {
	b := r.Board
	if !b.Contains(from) || !b.Contains(to) {
		return NoSquare, FaultNotJump
	}
	d, dist, ok := Direction(from, to)
	if !ok || (!r.Flying && dist != 2) || dist < 2 {
		return NoSquare, FaultNotJump
	}
	if !r.Dirs.Has(d) {
		return NoSquare, FaultDirection
	}
	if !r.Flying {
		over := b.step[from][d]
		if !r.Over.Has(over) {
			if r.Land.Has(over) || r.Final.Has(over) {
				return over, FaultNothingOver
			}
			return over, FaultCannotJump
		}
		return over, faultNone
	}
	over := NoSquare
	for s := b.step[from][d]; s != to; s = b.step[s][d] {
		if r.Land.Has(s) {
			continue
		}
		if over != NoSquare {
			return NoSquare, FaultFlight
		}
		over = s
	}
	if over == NoSquare {
		return NoSquare, FaultFlight
	}
	if !r.Over.Has(over) {
		return over, FaultCannotJump
	}
	return over, faultNone
}

// canJump checks the Turn ordering of C5 for a jump over the piece on o,
// given the pieces turned so far in the move.
func (r *JumpRules) canJump(o Square, turned Bitboard) JumpFault {
	switch {
	case !r.Over.Has(o):
		return FaultCannotJump
	case turned.Has(o):
		return FaultTurnedAgain
	case turned != 0 && !r.Turn.Has(o):
		return FaultAfterAttack
	}
	return faultNone
}

// JumpSearch enumerates every legal multi-jump path of one piece (G4, G5)
// under JumpRules, depth first and without allocating: each call of Next
// moves to the next path, which the accessors describe. Paths come in a
// fixed order: a path before its extensions, extensions by direction
// (N first, clockwise), a non-taking jump before the taking one, a flying
// jump's nearer landing first. A path ends at MaxPath squares, a bound
// the rules of the four games never reach. Declare a JumpSearch as a
// local variable and Reset it; it must not be copied while in use, and
// it is working memory for one goroutine. The zero JumpSearch has no
// rules, and no path until it is Reset.
type JumpSearch struct {
	rules   JumpRules
	path    Path
	depth   int // index in path of the current end; root is the prefix end
	root    int
	over    [MaxPath]Square
	cursor  [MaxPath]uint8
	mask    [MaxPath]uint32 // non-flying: the cursor values still to try, maskReady once computed
	turned  [MaxPath]Bitboard
	taken   uint32 // bit i: carrying after landing i
	visited Bitboard
	base    struct{ Over, Land, Final Bitboard } // the rules' own, which Limit narrows
}

const (
	cursorDone = 0xFF
	maskReady  = 1 << 31
)

// Reset starts a search of the piece on from.
func (s *JumpSearch) Reset(r *JumpRules, from Square) {
	s.rules = *r
	s.base.Over, s.base.Land, s.base.Final = r.Over, r.Land, r.Final
	s.path = Path{}
	s.path.Push(from, false)
	s.depth, s.root = 0, 0
	s.over[0] = NoSquare
	s.cursor[0] = 0
	s.mask[0] = 0
	s.turned[0] = 0
	s.taken = 0
	if r.Taken {
		s.taken = 1
	}
	s.visited = from.Bit()
	if !r.Board.Contains(from) {
		s.cursor[0] = cursorDone
	}
}

// ResetAt starts a search of the continuations of a written partial path:
// the prefix must be legal (it is checked with Follow, whose fault is
// returned otherwise), and Next then yields only its proper extensions.
func (s *JumpSearch) ResetAt(r *JumpRules, prefix Path) *JumpError {
	if _, err := r.Follow(prefix); err != nil {
		return err
	}
	s.Reset(r, prefix.From())
	for i := 1; i < prefix.Len(); i++ {
		over, _ := r.jumpOver(prefix.sq[i-1], prefix.sq[i])
		take := prefix.Marked(i) && r.Take != 0
		s.cursor[s.depth] = cursorDone
		s.push(prefix.sq[i], over, take)
	}
	s.root = s.depth
	return nil
}

// Next advances to the next path and reports whether there is one. A
// JumpSearch never Reset has no rules and so no path.
func (s *JumpSearch) Next() bool {
	if s.rules.Board == nil {
		return false
	}
	for {
		if s.advance() {
			return true
		}
		if s.depth == s.root {
			return false
		}
		s.visited &^= s.path.sq[s.depth].Bit()
		s.path.Pop()
		s.depth--
	}
}

// Prune stops the search from extending the current path.
func (s *JumpSearch) Prune() { s.cursor[s.depth] = cursorDone }

// Limit narrows the jumps from the ends the search reaches from now on,
// the current one included if no Next has run from it: they go over
// squares of over only and land on squares of land only (within the
// rules' Over, and Land or Final). The ends found before keep the limits
// they had. A search guided by what its goal still needs sets the limits
// of each end before calling Next, so that it never makes the jumps it
// would cut at once. Flying rules ignore it.
func (s *JumpSearch) Limit(over, land Bitboard) {
	if !s.rules.Flying {
		s.rules.Over, s.rules.Land, s.rules.Final = s.base.Over&over, s.base.Land&land, s.base.Final&land
	}
}

// Path returns the current path, with taking hops marked 'x'.
func (s *JumpSearch) Path() Path { return s.path }

// End returns the current path's last landing square.
func (s *JumpSearch) End() Square { return s.path.sq[s.depth] }

// Jumps returns the number of jumps of the current path.
func (s *JumpSearch) Jumps() int { return s.depth }

// LastOver returns the piece jumped by the current path's last jump.
func (s *JumpSearch) LastOver() Square { return s.over[s.depth] }

// Over returns the piece jumped by the current path's i-th jump (from 1),
// or NoSquare when the path has no such jump.
func (s *JumpSearch) Over(i int) Square {
	if i < 1 || i > s.depth {
		return NoSquare
	}
	return s.over[i]
}

// Turned returns the pieces the current path has turned (Turn).
func (s *JumpSearch) Turned() Bitboard { return s.turned[s.depth] }

// Taken reports whether the piece carries (Take) at the current path's end.
func (s *JumpSearch) Taken() bool { return s.taken&(1<<uint(s.depth)) != 0 }

// Visited returns the squares the current path occupies.
func (s *JumpSearch) Visited() Bitboard { return s.visited }

// push lands the piece on to, over the piece on o.
func (s *JumpSearch) push(to, o Square, take bool) {
	d := s.depth + 1
	s.path.Push(to, take)
	s.over[d] = o
	s.turned[d] = s.turned[d-1] | s.rules.Turn&o.Bit()
	carry := s.taken&(1<<uint(d-1)) != 0 || take
	s.taken &^= 1 << uint(d)
	if carry {
		s.taken |= 1 << uint(d)
	}
	s.visited |= to.Bit()
	s.cursor[d] = 0
	s.mask[d] = 0
	if s.base.Final.Has(to) || d+1 >= MaxPath { // a final square as the rules have it, whatever Limit narrowed
		s.cursor[d] = cursorDone
	}
	s.depth = d
}

// advance pushes the next untried jump from the current end, if any.
func (s *JumpSearch) advance() bool {
	d := s.depth
	c := int(s.cursor[d])
	if c == cursorDone {
		return false
	}
	r := &s.rules
	b := r.Board
	from := s.path.sq[d]
	turned := s.turned[d]
	land := (r.Land | r.Final) &^ s.visited
	if r.Flying {
		// cursor = dir*8 + k: the k-th landing beyond the jumped piece.
		for ; c < 64; c++ {
			dir := Dir(c >> 3)
			if !r.Dirs.Has(dir) {
				c |= 7
				continue
			}
			t := b.step[from][dir]
			for t >= 0 && r.Land.Has(t) {
				t = b.step[t][dir]
			}
			if t < 0 || r.canJump(t, turned) != faultNone {
				c |= 7
				continue
			}
			k := c & 7
			l := b.step[t][dir]
			for i := 0; l >= 0 && r.Land.Has(l); i++ {
				if i == k {
					break
				}
				l = b.step[l][dir]
			}
			if l < 0 || !r.Land.Has(l) {
				c |= 7
				continue
			}
			if !land.Has(l) {
				continue // landed on earlier in the move: fly over it
			}
			s.cursor[d] = uint8(c + 1)
			s.push(l, t, false)
			return true
		}
		s.cursor[d] = cursorDone
		return false
	}
	// cursor = dir*2 + variant, variant 1 being the taking jump. The
	// jumps possible from this landing are found once, as a mask of
	// cursor values.
	m := s.mask[d]
	if m&maskReady == 0 {
		m = maskReady
		over := r.Over &^ turned // canJump, for every square at once
		if turned != 0 {
			over &= r.Turn
		}
		take := r.Take
		if s.taken&(1<<uint(d)) != 0 {
			take = 0
		}
		steps, jumps := &b.stepSet[from&63], &b.jumpSet[from&63]
		for dir := Dir(0); dir < 8; dir++ {
			o := steps[dir]
			if over&o == 0 || land&jumps[dir] == 0 || !r.Dirs.Has(dir) {
				continue
			}
			m |= 1 << uint(2*dir)
			if take&o != 0 {
				m |= 2 << uint(2*dir)
			}
		}
		s.mask[d] = m
	}
	m &^= maskReady | (1<<uint(c) - 1)
	if m == 0 {
		s.cursor[d] = cursorDone
		return false
	}
	c = bits.TrailingZeros32(m)
	dir := Dir(c >> 1)
	s.cursor[d] = uint8(c + 1)
	s.push(b.jump[from][dir], b.step[from][dir], c&1 == 1)
	return true
}
