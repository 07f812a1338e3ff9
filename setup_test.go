package hops_test

import (
	"errors"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

func sq(t testing.TB, name string) hops.Square {
	s, err := hops.Board7.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBadSetups: a setup that describes no position is an ErrPosition
// that names the rule it breaks.
func TestBadSetups(t *testing.T) {
	zs := zapita.Start().Setup()
	cs := catchit.Start().Setup()
	os := coir.Start().Setup()
	bs := brouillard.Start().Setup()
	type bad struct {
		name string
		rule string
		pos  func() error
	}
	zap := func(f func(s *zapita.Setup)) func() error {
		return func() error { s := zs; f(&s); _, err := s.Position(); return err }
	}
	cat := func(f func(s *catchit.Setup)) func() error {
		return func() error { s := cs; f(&s); _, err := s.Position(); return err }
	}
	co := func(f func(s *coir.Setup)) func() error {
		return func() error { s := os; f(&s); _, err := s.Position(); return err }
	}
	br := func(f func(s *brouillard.Setup)) func() error {
		return func() error { s := bs; f(&s); _, err := s.Position(); return err }
	}
	for _, c := range []bad{
		{"zapita side", "Z8", zap(func(s *zapita.Setup) { s.ToMove = 2 })},
		{"zapita off the board", "G1", zap(func(s *zapita.Setup) { s.Pawns[0][0] |= 1 << 7 })},
		{"zapita two pawns on a square", "Z1", zap(func(s *zapita.Setup) { s.Pawns[1][0] |= sq(t, "G1").Bit() })},
		{"zapita bomb on a pawn", "Z4", zap(func(s *zapita.Setup) { s.Bomb = sq(t, "A1") })},
		{"zapita bomb off the board", "G1", zap(func(s *zapita.Setup) { s.Bomb = hops.NoSquare })},
		{"zapita a third pawn of power 1", "Z1", zap(func(s *zapita.Setup) { s.Pawns[0][0] |= sq(t, "D1").Bit() })},
		{"zapita a pawn on an HQ", "Z4", zap(func(s *zapita.Setup) {
			s.Pawns[0][2] = s.Pawns[0][2]&^sq(t, "G3").Bit() | sq(t, "G4").Bit()
		})},
		{"catchit side", "K11", cat(func(s *catchit.Setup) { s.ToMove = 7 })},
		{"catchit off the board", "G1", cat(func(s *catchit.Setup) { s.Pawns[1] |= 1 << 63 })},
		{"catchit two pawns on a square", "K1", cat(func(s *catchit.Setup) { s.Pawns[1] |= sq(t, "A1").Bit() })},
		{"catchit no pawn under the ball", "K1", cat(func(s *catchit.Setup) { s.Carrier = sq(t, "D4") })},
		{"catchit no carrier in play", "K9", cat(func(s *catchit.Setup) { s.Carrier = hops.NoSquare })},
		{"coir eleven pawns", "C1", co(func(s *coir.Setup) { s.Pawns[0] &^= sq(t, "A1").Bit() })},
		{"coir side", "C8", co(func(s *coir.Setup) { s.ToMove = 3 })},
		{"brouillard side", "B11", br(func(s *brouillard.Setup) { s.ToMove = 2 })},
		{"brouillard two pawns on a square", "B2", br(func(s *brouillard.Setup) { s.Pawns[1] |= sq(t, "B1").Bit() })},
		{"brouillard turned over nothing", "B8", br(func(s *brouillard.Setup) { s.Turned = sq(t, "D4").Bit() })},
		{"brouillard Fou on a pawn", "B2", br(func(s *brouillard.Setup) { s.Fous[0] = sq(t, "B1") })},
		{"brouillard Fous on one square", "B2", br(func(s *brouillard.Setup) { s.Fous[1] = s.Fous[0] })},
		{"brouillard Fou off the board", "G1", br(func(s *brouillard.Setup) { s.Fous[1] = hops.Outside })},
		{"brouillard six captures", "B5", br(func(s *brouillard.Setup) { s.Captured[0] = 6 })},
		{"brouillard pawn of no kind", "B2", br(func(s *brouillard.Setup) { s.Kinds[sq(t, "B1")] = brouillard.Hidden })},
		{"brouillard two Kings", "B2", br(func(s *brouillard.Setup) { s.Kinds[sq(t, "B1")] = brouillard.King })},
		{"brouillard Fou on a light square", "B7", br(func(s *brouillard.Setup) { s.Fous[0] = sq(t, "D3") })},
	} {
		err := c.pos()
		if !errors.Is(err, hops.ErrPosition) || hops.RuleOf(err) != c.rule {
			t.Errorf("%s: %v, want an impossible position under %s", c.name, err, c.rule)
		}
	}
}

// TestSetupsBuildPositions: a setup written by hand gives the position
// its text describes.
func TestSetupsBuildPositions(t *testing.T) {
	s := catchit.Setup{
		Pawns:   [2]hops.Bitboard{hops.Board7.RankSquares(0), hops.Board7.RankSquares(6)},
		Carrier: sq(t, "D7"),
		ToMove:  catchit.Red,
	}
	p, err := s.Position()
	if err != nil || p != catchit.StartWith(catchit.Red) {
		t.Errorf("catchit: %v, %v", p, err)
	}
	b, err := brouillard.Parse("1x3x1/3f3/7/7/3k3/X1NFT1J/1Q1K1X1 w 4 0 -")
	if err != nil {
		t.Fatal(err)
	}
	bs := b.Setup()
	if bs.Kinds[sq(t, "D3")] != brouillard.King || bs.Captured != [2]int{4, 0} || bs.Fous[1] != sq(t, "D6") {
		t.Errorf("brouillard: %+v", bs)
	}
	if q, err := bs.Position(); err != nil || q != b {
		t.Errorf("brouillard: %v, %v", q, err)
	}
}

// FuzzSetup builds positions of every game from setups that differ from
// the start by arbitrary bits: they never panic, and a setup accepted
// gives a position whose own Setup gives it again.
func FuzzSetup(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), int8(0), uint8(0))
	f.Add(uint64(0), uint64(0), uint64(0), int8(1), uint8(1))
	f.Add(uint64(0x41), uint64(0x4100), uint64(1<<20), int8(27), uint8(0x11))
	f.Add(uint64(1<<63), uint64(0xff), uint64(0x8), int8(-1), uint8(0xff))
	f.Fuzz(func(t *testing.T, a, b, c uint64, sq int8, side uint8) {
		zs := zapita.Start().Setup()
		zs.Pawns[0][0] ^= hops.Bitboard(a)
		zs.Pawns[1][1] ^= hops.Bitboard(b)
		zs.Pawns[0][2] ^= hops.Bitboard(c)
		zs.Bomb ^= hops.Square(sq)
		zs.ToMove ^= hops.Side(side)
		if p, err := zs.Position(); err == nil && p.Setup() != zs {
			t.Errorf("zapita: %+v gives %s, whose setup is %+v", zs, p, p.Setup())
		}
		cs := catchit.Start().Setup()
		cs.Pawns[0] ^= hops.Bitboard(a)
		cs.Pawns[1] ^= hops.Bitboard(b)
		cs.Carrier ^= hops.Square(sq)
		cs.ToMove ^= hops.Side(side)
		if p, err := cs.Position(); err == nil && p.Setup() != cs {
			t.Errorf("catchit: %+v gives %s, whose setup is %+v", cs, p, p.Setup())
		}
		os := coir.Start().Setup()
		os.Pawns[0] ^= hops.Bitboard(a)
		os.Pawns[1] ^= hops.Bitboard(b)
		os.ToMove ^= hops.Side(side)
		if p, err := os.Position(); err == nil && p.Setup() != os {
			t.Errorf("coir: %+v gives %s, whose setup is %+v", os, p, p.Setup())
		}
		bs := brouillard.Start().Setup()
		bs.Pawns[0] ^= hops.Bitboard(a)
		bs.Pawns[1] ^= hops.Bitboard(b)
		bs.Turned ^= hops.Bitboard(c)
		bs.Fous[0] ^= hops.Square(sq)
		bs.Kinds[(c>>8)&63] ^= brouillard.Kind(side)
		bs.Captured[side&1] += int(side>>1) & 7
		bs.ToMove ^= hops.Side(side >> 4)
		bs.Continuing = c&1 != 0
		if p, err := bs.Position(); err == nil {
			got := p.Setup()
			for s := range bs.Kinds {
				if !(bs.Pawns[0] | bs.Pawns[1]).Has(hops.Square(s)) {
					bs.Kinds[s] = 0 // ignored off the pawns
				}
			}
			if got != bs {
				t.Errorf("brouillard: %+v gives %s, whose setup is %+v", bs, p, got)
			}
		}
	})
}
