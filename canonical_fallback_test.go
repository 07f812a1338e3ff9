package hops_test

import (
	"errors"
	"iter"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// plain is a Catch'it position without a Canonical method, so that
// hops.Canonical falls back on generating and playing its moves.
type plain struct{ p catchit.Position }

func (q plain) ToMove() hops.Side                             { return q.p.ToMove() }
func (q plain) Moves() iter.Seq[catchit.Move]                 { return q.p.Moves() }
func (q plain) AppendMoves(dst []catchit.Move) []catchit.Move { return q.p.AppendMoves(dst) }
func (q plain) CountMoves() int                               { return q.p.CountMoves() }
func (q plain) Validate(m catchit.Move) error                 { return q.p.Validate(m) }
func (q plain) Outcome() hops.Outcome                         { return q.p.Outcome() }
func (q plain) String() string                                { return q.p.String() }
func (q plain) Hash() uint64                                  { return q.p.Hash() }
func (q plain) Play(m catchit.Move) (plain, error) {
	n, err := q.p.Play(m)
	return plain{n}, err
}

// TestG9_CanonicalFallback: for a position type without a Canonical
// method, hops.Canonical generates and plays the moves, and agrees with
// the game's own Canonical, which it calls for the game's type; both
// give Validate's error for an illegal move.
func TestG9_CanonicalFallback(t *testing.T) {
	if _, ok := any(plain{}).(interface {
		Canonical(catchit.Move) (catchit.Move, error)
	}); ok {
		t.Fatal("the wrapper has a Canonical method: the fallback is not tested")
	}
	for _, text := range []string{"rrrRrrr/7/7/7/7/7/bbbbbbb r", "1rr1rrr/1r5/7/1R5/7/bbb2b1/2b1b1b b"} {
		p, err := catchit.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range p.AppendMoves(nil) {
			forms := []catchit.Move{m}
			if m.Second().Len() > 0 {
				forms = append(forms, catchit.NewMove(m.Second(), m.First()))
			}
			for _, f := range forms {
				want, werr := p.Canonical(f)
				got, gerr := hops.Canonical(plain{p}, f)
				if !errors.Is(gerr, hops.ErrIllegal) && gerr != nil || (werr == nil) != (gerr == nil) || werr == nil && got != want {
					t.Fatalf("%s: fallback Canonical(%s) = %s, %v; the game's gives %s, %v", p, f, got, gerr, want, werr)
				}
				if werr != nil && werr.Error() != gerr.Error() {
					t.Fatalf("%s: fallback Canonical(%s) error %v; the game's %v", p, f, gerr, werr)
				}
				if werr == nil && f != want {
					n++
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no move written in another form", p)
		}
	}
}
