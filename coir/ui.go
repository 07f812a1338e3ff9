package coir

import (
	hops "github.com/hopsgames/hops"
)

// Hop is one jump that may extend a multi-jump in progress.
type Hop struct {
	To    hops.Square // where the pawn lands
	Over  hops.Square // the pawn it jumps
	Turns bool        // an attack: Over is turned to the mover's colour (C5)
}

// Continuations returns the jumps that may extend a partial multi-jump of
// the side to move, so that a player can hop square by square and see
// which pawns each jump would turn. The partial path is the start square
// alone or the start and the landings so far; it must be legal. The hops
// come in the order of the shared search (direction N first, clockwise;
// a Dame's nearer landing first). An empty result means the jumps cannot
// go on.
func (p Position) Continuations(partial hops.Path) ([]Hop, error) {
	own, opp := p.sides()
	if own == 0 {
		return nil, illegal("C3", "", "the game is over: %s has no pawn left", SideName(p.side))
	}
	from := partial.From()
	if partial.Len() == 0 || !board.Contains(from) || !own.Has(from) {
		return nil, illegal("C4", "jumps "+partial.String(), "the path must start on a pawn of %s", SideName(p.side))
	}
	rules := jumpRules(own, opp, from)
	var js hops.JumpSearch
	if err := js.ResetAt(&rules, partial); err != nil {
		return nil, jumpError(err, own&(own-1) == 0, own|opp, "jumps "+partial.String())
	}
	var out []Hop
	for js.Next() {
		o := js.LastOver()
		out = append(out, Hop{To: js.End(), Over: o, Turns: rules.Turn.Has(o)})
		js.Prune()
	}
	return out, nil
}

// StepsAfter returns the complete legal moves that begin with the given
// jumps: one for each step of each pawn of the mover's colour after them
// (C4), pawns from A1 upwards and each to its empty neighbours from A1
// upwards, or the jumps alone when they win the game (C3). Different
// steps may give the same successor as other moves; all are listed.
func (p Position) StepsAfter(jumps hops.Path) ([]Move, error) {
	own, opp := p.sides()
	if own == 0 {
		return nil, illegal("C3", "", "the game is over: %s has no pawn left", SideName(p.side))
	}
	from := jumps.From()
	where := "jumps " + jumps.String()
	if jumps.Len() < 2 || !board.Contains(from) || !own.Has(from) {
		return nil, illegal("C4", where, "want a path of jumps from a pawn of %s", SideName(p.side))
	}
	rules := jumpRules(own, opp, from)
	res, jerr := rules.Follow(jumps)
	if jerr != nil {
		return nil, jumpError(jerr, own&(own-1) == 0, own|opp, where)
	}
	own2 := own&^from.Bit() | res.End.Bit() | res.Turned
	opp2 := opp &^ res.Turned
	if opp2 == 0 {
		return []Move{NewMove(jumps, hops.NoSquare, hops.NoSquare)}, nil
	}
	var out []Move
	emp := board.All() &^ (own2 | opp2)
	for q := own2; q != 0; q &= q - 1 {
		s := q.First()
		for ts := neighbours[s] & emp; ts != 0; ts &= ts - 1 {
			out = append(out, NewMove(jumps, s, ts.First()))
		}
	}
	return out, nil
}
