package hops_test

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	hops "github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	"github.com/hopsgames/hops/zapita"
)

// gameSpecific lists, for each game and type, the exported methods that
// only that game (or only some games) has, with the reason: they name
// something the other games do not have. Every other exported method of
// a game's Position or Move must exist, under the same name, in all four
// games.
var gameSpecific = map[string]map[string][]string{
	"zapita": {
		// The bomb (Z1, Z4..Z6) and the pawns' powers exist only in Zapita.
		"Position": {"Bomb", "BombRests", "PawnsOfPower", "Takers"},
		// A Zapita move is one pawn's path then the bomb's throws; Wins can
		// be read from the move alone (Z3: the last throw rests on an HQ).
		"Move": {"From", "To", "Path", "NumThrows", "Throw", "Rest", "Wins"},
	},
	"catchit": {
		// The ball (K1) exists only in Catch'it.
		"Position": {"Carrier"},
		// A Catch'it move is two displacements (K7); it wins when it is
		// written leaving the board (K6), readable from the move alone.
		"Move": {"First", "Second", "Displacements", "Wins"},
	},
	"coir": {
		// The Dame (C6) and turning pawns (C5) exist only in Coir. Only
		// Coir's generator must find every jump sequence before it can
		// order its first move, so only Coir builds a page of its moves
		// without the others (AppendMovesPage, which State.MovesPage
		// uses); the other games' lists are short (hundreds of moves).
		"Position": {"HasDame", "Jumped", "Turns", "AppendMovesPage"},
		// A Coir move is one pawn's path then a step (C4).
		"Move": {"From", "To", "Path", "Step"},
	},
	"brouillard": {
		// Targets, captures, the Fous, the second Fou move of a turn (B5,
		// B7, B9) and the hidden faces (B4: View, PlayReveal) exist only
		// in Brouillard.
		"Position": {"Captured", "Continuing", "Fou", "PlayReveal", "Target", "View"},
		// A Brouillard decision is a pawn path then a Fou path (B9, B10).
		"Move": {"Pawn", "Fou", "Turns", "TurnedSquare"},
	},
}

// required lists the methods every game's Position and Move must have.
var required = map[string][]string{
	"Position": {
		// text
		"String", "AppendTo", "MarshalText", "UnmarshalText", "Diagram",
		// rules
		"ToMove", "Moves", "AppendMoves", "CountMoves", "HasMoves", "Validate", "Play",
		"Outcome", "CanWinNow", "Hash", "Key", "Mirror", "Pawns", "Setup",
		// user interfaces (hops.UI)
		"Drawing", "At", "Pawn", "Destinations", "Build",
	},
	"Move": {"String", "AppendTo", "MarshalText", "UnmarshalText", "Arrows", "Clicks", "Mirror"},
}

// exportedMethods returns the exported method names of T and *T.
func exportedMethods(t reflect.Type) []string {
	var out []string
	pt := reflect.PointerTo(t)
	for i := range pt.NumMethod() {
		out = append(out, pt.Method(i).Name) // *T's method set includes T's
	}
	sort.Strings(out)
	return out
}

// TestGamesHaveTheSameMethods compares, with reflect, the exported
// methods of the four games' Position and Move types: a method one game
// has and another lacks fails the test, unless it is listed in
// gameSpecific for every game that has it.
func TestGamesHaveTheSameMethods(t *testing.T) {
	types := map[string]map[string]reflect.Type{
		"zapita":     {"Position": reflect.TypeFor[zapita.Position](), "Move": reflect.TypeFor[zapita.Move]()},
		"catchit":    {"Position": reflect.TypeFor[catchit.Position](), "Move": reflect.TypeFor[catchit.Move]()},
		"coir":       {"Position": reflect.TypeFor[coir.Position](), "Move": reflect.TypeFor[coir.Move]()},
		"brouillard": {"Position": reflect.TypeFor[brouillard.Position](), "Move": reflect.TypeFor[brouillard.Move]()},
	}
	games := []string{"zapita", "catchit", "coir", "brouillard"}
	for _, typ := range []string{"Position", "Move"} {
		have := map[string]map[string]bool{} // method -> games that have it
		for _, g := range games {
			for _, m := range exportedMethods(types[g][typ]) {
				if have[m] == nil {
					have[m] = map[string]bool{}
				}
				have[m][g] = true
			}
		}
		names := make([]string, 0, len(have))
		for m := range have {
			names = append(names, m)
		}
		sort.Strings(names)
		for _, m := range names {
			in := have[m]
			if len(in) == len(games) {
				continue
			}
			var lack, unlisted []string
			for _, g := range games {
				switch {
				case !in[g]:
					lack = append(lack, g)
				case !slices.Contains(gameSpecific[g][typ], m):
					unlisted = append(unlisted, g)
				}
			}
			if len(unlisted) > 0 {
				t.Errorf("%s.%s exists in %s but not in %s; add it to every game or list it as game-specific",
					typ, m, strings.Join(unlisted, ", "), strings.Join(lack, ", "))
			}
		}
	}
	// The names every game must have, so that deleting one everywhere
	// fails too; and a listed game-specific method must exist.
	for _, g := range games {
		for _, typ := range []string{"Position", "Move"} {
			got := exportedMethods(types[g][typ])
			for _, m := range slices.Concat(required[typ], gameSpecific[g][typ]) {
				if !slices.Contains(got, m) {
					t.Errorf("%s.%s has no method %s", g, typ, m)
				}
			}
		}
	}
}

// TestSideNameReadsLowestBit: each game's SideName, which cannot refuse
// a side, reads its lowest bit as Side's documentation says, and agrees
// with the game's Game.SideName for every value.
func TestSideNameReadsLowestBit(t *testing.T) {
	games := []struct {
		name     string
		sideName func(hops.Side) string
		game     *hops.Game
	}{
		{"zapita", zapita.SideName, zapita.Game},
		{"catchit", catchit.SideName, catchit.Game},
		{"coir", coir.SideName, coir.Game},
		{"brouillard", brouillard.SideName, brouillard.Game},
	}
	for _, g := range games {
		for s := range 256 {
			side := hops.Side(s)
			if got, want := g.sideName(side), g.game.SideName(side); got != want {
				t.Errorf("%s.SideName(%d) = %q, Game.SideName = %q", g.name, s, got, want)
			}
			if got, want := g.sideName(side), g.sideName(side&1); got != want {
				t.Errorf("%s.SideName(%d) = %q, want %q (the lowest bit)", g.name, s, got, want)
			}
		}
	}
}

// TestOngoingNotShared: the outcomes the library gives do not read the
// exported variable Ongoing, so a program that assigns to it changes
// none of them. Not parallel: it changes a package variable.
func TestOngoingNotShared(t *testing.T) {
	saved := hops.Ongoing
	defer func() { hops.Ongoing = saved }()
	hops.Ongoing = hops.Outcome{Over: true, Winner: hops.Second, Rule: "G6", Reason: "assigned by a program"}
	for name, o := range map[string]hops.Outcome{
		"zapita":     zapita.Start().Outcome(),
		"catchit":    catchit.Start().Outcome(),
		"coir":       coir.Start().Outcome(),
		"brouillard": brouillard.Start().Outcome(),
	} {
		if o != (hops.Outcome{}) {
			t.Errorf("%s: the start's outcome = %+v, want the zero Outcome", name, o)
		}
	}
	var o hops.Outcome
	if err := o.UnmarshalJSON([]byte(`{"over":false}`)); err != nil || o != (hops.Outcome{}) {
		t.Errorf("an ongoing outcome read from JSON = %+v, %v; want the zero Outcome", o, err)
	}
}
