package referee

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
