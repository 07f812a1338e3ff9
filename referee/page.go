package referee

// pageRoutes registers the routes that let a person learn a game and
// look back on one: the rule book, the replay of a game, its record, and
// the games that follow one (rematch).
func (s *Server) pageRoutes() {
	s.rulesRoutes()
}
