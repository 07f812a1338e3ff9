package referee

import "net/http"

// pageRoutes registers the routes that let a person learn a game and
// look back on one: the rule book, the replay of a game, its record, and
// the games that follow one (rematch), and the takeback of a move
// against the computer.
func (s *Server) pageRoutes() {
	s.rulesRoutes()
	s.mux.HandleFunc("GET /games/{id}/replay", strictQuery(s.withAnyone(s.getReplay), "ply"))
	s.mux.HandleFunc("GET /games/{id}/record", strictQuery(s.withAnyone(s.getRecord)))
	s.mux.HandleFunc("POST /games/{id}/rematch", strictQuery(s.withMatch(s.postRematch)))
	s.mux.HandleFunc("GET /games/{id}/rematch", strictQuery(s.withMatch(s.getRematch)))
	s.mux.HandleFunc("POST /games/{id}/takeback", strictQuery(s.withMatch(s.postTakeback)))
}

// readEmpty reads the body of a request that takes none, or "{}", and
// answers 400 for anything else.
func readEmpty(w http.ResponseWriter, r *http.Request) bool {
	body, ok := readBody(w, r)
	if !ok {
		return false
	}
	if len(body) > 0 {
		if err := decodeStrict(body, &emptyRequest{}); err != nil {
			writeError(w, http.StatusBadRequest, "request", "", "bad JSON body: %v", err)
			return false
		}
	}
	return true
}

// writeState answers the game as snap holds it, seen by who, or err.
func writeState(w http.ResponseWriter, m *match, who viewer, snap snapshot, err error) {
	if err != nil {
		fail(w, m, err)
		return
	}
	st, err := stateOf(snap, who)
	if err != nil {
		fail(w, m, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}
