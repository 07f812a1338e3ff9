package hops_test

import (
	"iter"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
)

// boxed is a Coir position behind a pointer: a game whose position type
// is a pointer, with every optional method a State asks for, each
// counting its calls.
type boxed struct {
	p     coir.Position
	calls *atomic.Int64
}

func (q *boxed) wrap(p coir.Position) *boxed { return &boxed{p, q.calls} }
func (q *boxed) call()                       { q.calls.Add(1) }

func (q *boxed) ToMove() hops.Side                       { return q.p.ToMove() }
func (q *boxed) Moves() iter.Seq[coir.Move]              { return q.p.Moves() }
func (q *boxed) AppendMoves(dst []coir.Move) []coir.Move { return q.p.AppendMoves(dst) }
func (q *boxed) CountMoves() int                         { return q.p.CountMoves() }
func (q *boxed) Validate(m coir.Move) error              { return q.p.Validate(m) }
func (q *boxed) Outcome() hops.Outcome                   { return q.p.Outcome() }
func (q *boxed) String() string                          { return q.p.String() }
func (q *boxed) Hash() uint64                            { return q.p.Hash() }
func (q *boxed) Play(m coir.Move) (*boxed, error) {
	n, err := q.p.Play(m)
	return q.wrap(n), err
}

func (q *boxed) Diagram() string    { q.call(); return q.p.Diagram() }
func (q *boxed) Key() hops.StateKey { q.call(); return q.p.Key() }
func (q *boxed) Mirror() *boxed     { q.call(); return q.wrap(q.p.Mirror()) }
func (q *boxed) HasMoves() bool     { q.call(); return q.p.HasMoves() }
func (q *boxed) CanWinNow() bool    { q.call(); return q.p.CanWinNow() }
func (q *boxed) AppendMovesPage(dst []coir.Move, offset, limit int) []coir.Move {
	q.call()
	return q.p.AppendMovesPage(dst, offset, limit)
}
func (q *boxed) Canonical(m coir.Move) (coir.Move, error) { q.call(); return q.p.Canonical(m) }
func (q *boxed) Build(clicks []hops.Click) (hops.Built[coir.Move], error) {
	q.call()
	return q.p.Build(clicks)
}
func (q *boxed) Drawing(last ...coir.Move) hops.Drawing { q.call(); return q.p.Drawing(last...) }
func (q *boxed) At(sq hops.Square) (hops.Piece, bool)   { q.call(); return q.p.At(sq) }
func (q *boxed) Destinations(from hops.Square) hops.Bitboard {
	q.call()
	return q.p.Destinations(from)
}

// TestStateOfAPointerPositionType: a State of a game whose position type
// is a pointer asks the position for each of its own methods, as it does
// for a value type, and answers as the game's own State does. It took
// the methods of a pointer to the pointer, which has none: Key said
// there was no key, Diagram gave the position text, At nothing.
func TestStateOfAPointerPositionType(t *testing.T) {
	calls := new(atomic.Int64)
	parse := func(text string) (*boxed, error) {
		p, err := coir.Parse(text)
		return &boxed{p, calls}, err
	}
	g := hops.NewGame("boxedcoir", "Boxed Coir", coir.Game.Sides,
		func(first hops.Side) *boxed { return &boxed{coir.StartWith(first), calls} }, parse, coir.ParseMove)
	const text = "1bb3/6/2wb2/1bwbw1/w1b3/w3w1 w"
	mine, err := g.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := coir.Game.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	move := theirs.Moves()[3]
	d4 := hops.SquareAt(3, 3)
	for _, q := range []struct {
		name string
		ask  func(s hops.State) any
	}{
		{"Diagram", func(s hops.State) any { return s.Diagram() }},
		{"Key", func(s hops.State) any { k, ok := s.Key(); return [2]any{k, ok} }},
		{"Mirror", func(s hops.State) any {
			if m, ok := s.Mirror(); ok {
				return m.String()
			}
			return "no mirror"
		}},
		{"HasMoves", func(s hops.State) any { return s.HasMoves() }},
		{"CanWinNow", func(s hops.State) any { return s.CanWinNow() }},
		{"MovesPage", func(s hops.State) any { return s.MovesPage(2, 3) }},
		{"Canonical", func(s hops.State) any { c, err := s.Canonical(move); return [2]any{c, err} }},
		{"Build", func(s hops.State) any {
			b, err := s.Build([]hops.Click{{Square: d4}})
			return [3]any{b.Prompt, len(b.Next), err}
		}},
		{"Drawing", func(s hops.State) any { d, err := s.Drawing(move); return [2]any{d.SVG(), err} }},
		{"At", func(s hops.State) any { p, ok := s.At(d4); return [2]any{p, ok} }},
		{"Destinations", func(s hops.State) any { return s.Destinations(d4) }},
	} {
		before := calls.Load()
		got, want := q.ask(mine), q.ask(theirs)
		if calls.Load() == before {
			t.Errorf("%s: the position's own method was not called", q.name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, the game's own State gives %v", q.name, got, want)
		}
	}
	before := calls.Load()
	if _, err := hops.Canonical(mine.Value().(*boxed), coir.Move{}); err == nil || calls.Load() == before {
		t.Errorf("hops.Canonical of a pointer position: %v, its method called %v", err, calls.Load() != before)
	}
}

// memo is a Coir position whose Key, with a pointer receiver, keeps its
// answer in the position: a method of its pointer, not of its values.
type memo struct {
	p   coir.Position
	key *hops.StateKey
}

func (q memo) ToMove() hops.Side                       { return q.p.ToMove() }
func (q memo) Moves() iter.Seq[coir.Move]              { return q.p.Moves() }
func (q memo) AppendMoves(dst []coir.Move) []coir.Move { return q.p.AppendMoves(dst) }
func (q memo) CountMoves() int                         { return q.p.CountMoves() }
func (q memo) Validate(m coir.Move) error              { return q.p.Validate(m) }
func (q memo) Outcome() hops.Outcome                   { return q.p.Outcome() }
func (q memo) String() string                          { return q.p.String() }
func (q memo) Hash() uint64                            { return q.p.Hash() }
func (q memo) Play(m coir.Move) (memo, error) {
	n, err := q.p.Play(m)
	return memo{p: n}, err
}
func (q *memo) Key() hops.StateKey {
	if q.key == nil {
		k := q.p.Key()
		q.key = &k
	}
	return *q.key
}

// TestStateAsksOnlyTheValuesMethods: a State of a value position type
// asks only for the methods of its values, as it did when it held the
// position by value: a method with a pointer receiver could change the
// position a State holds, which goroutines share (run with -race: four
// of them asked for the key of one State at once, and each wrote it).
func TestStateAsksOnlyTheValuesMethods(t *testing.T) {
	g := hops.NewGame("memocoir", "Memo Coir", coir.Game.Sides,
		func(first hops.Side) memo { return memo{p: coir.StartWith(first)} },
		func(text string) (memo, error) { p, err := coir.Parse(text); return memo{p: p}, err }, coir.ParseMove)
	s := g.Start(hops.First)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, ok := s.Key(); ok {
				t.Error("Key found a method of the position's pointer")
			}
		}()
	}
	wg.Wait()
	if s.Value().(memo).key != nil {
		t.Error("the State's position was changed")
	}
}

// anyCoir is an interface position type: its values' own methods, such
// as boxed's, are not the interface's.
type anyCoir interface {
	ToMove() hops.Side
	Moves() iter.Seq[coir.Move]
	AppendMoves(dst []coir.Move) []coir.Move
	CountMoves() int
	Validate(m coir.Move) error
	Play(m coir.Move) (anyCoir, error)
	Outcome() hops.Outcome
	String() string
	Hash() uint64
}

// asAny is a Coir position seen through anyCoir, with a Key.
type asAny struct{ p coir.Position }

func (q asAny) ToMove() hops.Side                       { return q.p.ToMove() }
func (q asAny) Moves() iter.Seq[coir.Move]              { return q.p.Moves() }
func (q asAny) AppendMoves(dst []coir.Move) []coir.Move { return q.p.AppendMoves(dst) }
func (q asAny) CountMoves() int                         { return q.p.CountMoves() }
func (q asAny) Validate(m coir.Move) error              { return q.p.Validate(m) }
func (q asAny) Outcome() hops.Outcome                   { return q.p.Outcome() }
func (q asAny) String() string                          { return q.p.String() }
func (q asAny) Hash() uint64                            { return q.p.Hash() }
func (q asAny) Key() hops.StateKey                      { return q.p.Key() }
func (q asAny) Play(m coir.Move) (anyCoir, error) {
	n, err := q.p.Play(m)
	return asAny{n}, err
}

// TestStateOfAnInterfacePositionType: a State of a game whose position
// type is an interface asks each value for its own methods: the
// interface has no Key, its values have one.
func TestStateOfAnInterfacePositionType(t *testing.T) {
	g := hops.NewGame("anycoir", "Any Coir", coir.Game.Sides,
		func(first hops.Side) anyCoir { return asAny{coir.StartWith(first)} },
		func(text string) (anyCoir, error) { p, err := coir.Parse(text); return asAny{p}, err }, coir.ParseMove)
	s := g.Start(hops.First)
	if k, ok := s.Key(); !ok || k != coir.Start().Key() {
		t.Errorf("Key: %v %v, want the value's key", k, ok)
	}
	if _, ok := s.Mirror(); ok {
		t.Error("Mirror found on a value without one")
	}
	if s.Diagram() != s.String()+"\n" {
		t.Errorf("Diagram %q, want the text of a value without one", s.Diagram())
	}
}
