package referee

import (
	"embed"
	"io/fs"
	"net/http"
)

// The page that plays the games in a browser: plain HTML, JavaScript and
// CSS, embedded in the binary, with no build step and nothing fetched
// from elsewhere. It speaks the same API as any other client, plus the
// move builder (POST /games/{id}/build) and the event stream (GET
// /games/{id}/events).
//
//go:embed web
var webFiles embed.FS

// webRoutes registers the page and the routes it needs beyond the API.
func (s *Server) webRoutes() {
	sub, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	files := http.FileServerFS(sub)
	static := func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		// The page loads only its own files and talks only to this
		// server; an invitation in its address stays in the fragment,
		// which no request carries.
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		files.ServeHTTP(w, r)
	}
	// The page's own files ignore any query, as web servers do: an
	// address someone shares may carry one.
	s.mux.HandleFunc("GET /{$}", static)
	s.mux.HandleFunc("GET /app.js", static)
	s.mux.HandleFunc("GET /style.css", static)
	s.mux.HandleFunc("POST /games/{id}/build", strictQuery(s.withMatch(s.postBuild)))
	s.mux.HandleFunc("GET /games/{id}/events", strictQuery(s.withMatch(s.getEvents)))
}
