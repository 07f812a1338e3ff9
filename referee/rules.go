package referee

import (
	"io"
	"net/http"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// ruleSections names each game's section of the rule book (RULES.md).
var ruleSections = map[string]string{
	"zapita":     "Z. ",
	"catchit":    "K. ",
	"coir":       "C. ",
	"brouillard": "B. ",
}

// rulesOf returns the rules a player of g reads: the rules common to the
// four games, then g's own, as Markdown; "" if the rule book has no
// section for g.
func rulesOf(g *hops.Game) string {
	own := hops.RuleSection(ruleSections[g.Name])
	if ruleSections[g.Name] == "" || own == "" {
		return ""
	}
	return own + "\n" + hops.RuleSection("G. ")
}

// rulesRoutes registers the rule book's routes, which need no game.
func (s *Server) rulesRoutes() {
	s.mux.HandleFunc("GET /rules/{game}", strictQuery(s.getRules))
	s.mux.HandleFunc("GET /rules/{game}/start.svg", strictQuery(s.getStartSVG))
}

// ruleGame returns the game named in the path, or answers 404.
func ruleGame(w http.ResponseWriter, r *http.Request) (*hops.Game, bool) {
	name := r.PathValue("game")
	g, ok := games.ByName(name)
	if !ok {
		writeError(w, http.StatusNotFound, "not-found", "", "no game %s (want one of %s)", hops.Quote(name), strings.Join(games.Names(), ", "))
	}
	return g, ok
}

// getRules answers the rules of a game as Markdown (text/markdown): its
// own section of the rule book, then the rules common to the four games,
// each rule starting a paragraph with its id in bold, as "**K8 ...".
func (s *Server) getRules(w http.ResponseWriter, r *http.Request) {
	g, ok := ruleGame(w, r)
	if !ok {
		return
	}
	text := rulesOf(g)
	if text == "" {
		writeError(w, http.StatusNotFound, "not-found", "", "the rule book has no section for %s", g.Title)
		return
	}
	w.Header().Set("Content-Type", "text/markdown; charset=utf-8")
	w.Header().Set("Cache-Control", "max-age=3600")
	io.WriteString(w, text)
}

// getStartSVG answers a picture of a game's start position, the first
// side to move; in Brouillard both sides in the rule book's example
// setup (B3), since each player chooses his own.
func (s *Server) getStartSVG(w http.ResponseWriter, r *http.Request) {
	g, ok := ruleGame(w, r)
	if !ok {
		return
	}
	d, err := g.Start(hops.First).Drawing("")
	if err != nil {
		fail(w, nil, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=3600")
	io.WriteString(w, d.SVG())
}
