package players

import "github.com/hopsgames/hops"

// The players are searches with tables and random generators: they have
// no JSON form and refuse to be encoded, rather than encode as {}.
// Send the Options (which have one) and build the player again.

const sendOptions = "send its Options and build it again"

// MarshalJSON refuses: a Searcher has no JSON form.
func (Searcher[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("a Searcher", sendOptions)
}

// MarshalJSON refuses: a Baseline has no JSON form.
func (Baseline[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("a Baseline", sendOptions)
}

// MarshalJSON refuses: an MCTS has no JSON form.
func (MCTS[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("an MCTS", sendOptions)
}

// MarshalJSON refuses: a Random player has no JSON form.
func (Random[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("a Random player", "send its seed and build it again")
}

// MarshalJSON refuses: a FogSearcher has no JSON form.
func (FogSearcher) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("a FogSearcher", sendOptions)
}

// MarshalJSON refuses: Tactics are functions.
func (Tactics[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("Tactics", "")
}

// MarshalJSON refuses: an Agent made by Erase wraps a player.
func (erased[P, M]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("an Agent", "send the game's name, the kind of player and its Options")
}

// MarshalJSON refuses: an AgentFunc is a function.
func (AgentFunc) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("an AgentFunc", "")
}

// MarshalJSON refuses: an Eval is a function.
func (Eval[P]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("an Eval", "")
}

// MarshalJSON refuses: a Sampler is a function.
func (Sampler[P]) MarshalJSON() ([]byte, error) {
	return nil, hops.NoJSON("a Sampler", "")
}
