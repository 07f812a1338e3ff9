package players

import (
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
	"pgregory.net/rapid"
)

// The first, square-by-square versions of CoirEval's terms, kept as the
// reference for the bitboard ones.

// hangingNaive counts the pawns of mine that a pawn of theirs could jump: it
// stands next to one, and the square beyond it in that direction is on
// the 6×6 board and empty.
func hangingNaive(mine, theirs hops.Bitboard) int {
	n := 0
	all := mine | theirs
	for sq := range mine.Squares() {
		f, r := sq.File(), sq.Rank()
		for _, d := range [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
			af, ar, bf, br := f-d[0], r-d[1], f+d[0], r+d[1]
			if af < 0 || af >= 6 || ar < 0 || ar >= 6 || bf < 0 || bf >= 6 || br < 0 || br >= 6 {
				continue
			}
			if theirs.Has(hops.SquareAt(af, ar)) && !all.Has(hops.SquareAt(bf, br)) {
				n++
				break
			}
		}
	}
	return n
}

// chaseNaive is the sum, over the pawns of prey, of the king steps to the
// nearest pawn of hunter: how far the side ahead is from the pawns it
// still has to turn.
func chaseNaive(hunter, prey hops.Bitboard) int {
	n := 0
	for p := range prey.Squares() {
		d := 10
		for h := range hunter.Squares() {
			d = min(d, distance(h, p))
		}
		n += d
	}
	return n
}

// TestCoirEvalTermsMatchNaive: hanging (C5) and chase (C3) on bitboards
// agree with the square-by-square reference on any two disjoint sets of
// the 6×6 board, empty ones included.
func TestCoirEvalTermsMatchNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		all := uint64(hops.Board6.All())
		a := hops.Bitboard(rapid.Uint64().Draw(t, "a") & all)
		b := hops.Bitboard(rapid.Uint64().Draw(t, "b")&all) &^ a
		if rapid.Bool().Draw(t, "sparse") {
			a &= hops.Bitboard(rapid.Uint64().Draw(t, "mask"))
			b &= hops.Bitboard(rapid.Uint64().Draw(t, "mask2"))
		}
		if got, want := hanging(a, b), hangingNaive(a, b); got != want {
			t.Fatalf("hanging(%v, %v) = %d, want %d", a, b, got, want)
		}
		if got, want := chase(a, b), chaseNaive(a, b); got != want {
			t.Fatalf("chase(%v, %v) = %d, want %d", a, b, got, want)
		}
	})
}

// TestZapitaThrows: the throw term of ZapitaEval (Z5, Z6). Khaki, to
// move, can take the bomb on B2 and throw it through the relay on D4
// into G4: half the gain of 900 (from -300 to 600). White, to move in
// the same position, can at best throw it from B2 (300) to A3 (500) with
// its 1 on C2, half of 200, and has Khaki's throw home to parry: 250
// less.
func TestZapitaThrows(t *testing.T) {
	for text, want := range map[string]int{
		"c5C/a5B/6A/3c3/7/a*Ab2B/b5C k": 450,
		"c5C/a5B/6A/3c3/7/a*Ab2B/b5C w": 100 - 250,
		"a5A/b5B/c5C/3*3/c5C/b5B/a5A w": 0, // nobody reaches the bomb
	} {
		p, err := zapita.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := zapitaThrows(p); got != want {
			t.Errorf("%s: throws %d, want %d", text, got, want)
		}
		// The term is the side to move's; ZapitaEval stays a zero-sum
		// score.
		if a, b := ZapitaEval(p, zapita.White), ZapitaEval(p, zapita.Khaki); a != -b {
			t.Errorf("%s: White %d, Khaki %d", text, a, b)
		}
	}
}

// TestCoirTempo: White's C2 can jump Black's C3 and turn it (C5), since
// C4 is empty; Black's C3 cannot jump C2, with C1 taken. The threat is
// worth 15 to White, and 150 more when White has the move.
func TestCoirTempo(t *testing.T) {
	for text, want := range map[string]int{
		"bbbbb1/6/6/2b3/2w3/wwwww1 w": 15 + coirTempo,
		"bbbbb1/6/6/2b3/2w3/wwwww1 b": 15,
		"bbbbbb/6/6/6/6/wwwwww w":     0,
	} {
		p, err := coir.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := CoirEval(p, coir.White); got != want {
			t.Errorf("%s: %d for White, want %d", text, got, want)
		}
		if a, b := CoirEval(p, coir.White), CoirEval(p, coir.Black); a != -b {
			t.Errorf("%s: White %d, Black %d", text, a, b)
		}
	}
}
