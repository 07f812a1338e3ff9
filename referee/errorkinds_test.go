package referee

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// statusCodes gives the value of the net/http status constants the
// server answers with, by name.
var statusCodes = map[string]int{
	"StatusBadRequest":            http.StatusBadRequest,
	"StatusUnauthorized":          http.StatusUnauthorized,
	"StatusForbidden":             http.StatusForbidden,
	"StatusNotFound":              http.StatusNotFound,
	"StatusMethodNotAllowed":      http.StatusMethodNotAllowed,
	"StatusConflict":              http.StatusConflict,
	"StatusRequestEntityTooLarge": http.StatusRequestEntityTooLarge,
	"StatusUnprocessableEntity":   http.StatusUnprocessableEntity,
	"StatusTooManyRequests":       http.StatusTooManyRequests,
	"StatusInternalServerError":   http.StatusInternalServerError,
	"StatusServiceUnavailable":    http.StatusServiceUnavailable,
}

// documentedKinds reads the table of the package documentation's Errors
// section: "status kind" pairs.
func documentedKinds(t *testing.T) map[string]bool {
	t.Helper()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "// # Errors\n")
	if start < 0 {
		t.Fatal("doc.go has no Errors section")
	}
	section := text[start+len("// # Errors\n"):]
	if end := strings.Index(section, "// # "); end >= 0 {
		section = section[:end]
	}
	row := regexp.MustCompile(`(?m)^//\t(\d{3}) ([a-z-]+) +\S`)
	kinds := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		kinds[m[1]+" "+m[2]] = true
	}
	return kinds
}

// answeredKinds finds, in the package's source, every status and kind an
// error is answered with: the literal kinds given to failf and
// writeError, the apiError values written out, with the kinds assigned to
// a variable they take theirs from, and the raw answer of a connection
// over its client's share.
func answeredKinds(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	add := func(pos token.Position, status ast.Expr, kind string) {
		sel, ok := status.(*ast.SelectorExpr)
		if !ok {
			t.Errorf("%s: status %T is not a constant of net/http", pos, status)
			return
		}
		code, ok := statusCodes[sel.Sel.Name]
		if !ok {
			t.Errorf("%s: status %s: add it to statusCodes", pos, sel.Sel.Name)
			return
		}
		kinds[strconv.Itoa(code)+" "+kind] = true
	}
	raw := regexp.MustCompile(`^HTTP/1\.1 (\d{3}) [\s\S]*"kind":"([a-z-]+)"`)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			// The literal values assigned to a variable named kind in
			// this declaration, for an apiError that takes its kind
			// from it.
			var assigned []string
			ast.Inspect(decl, func(n ast.Node) bool {
				if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == len(a.Rhs) {
					for i, l := range a.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Name == "kind" {
							if s, ok := stringLit(a.Rhs[i]); ok {
								assigned = append(assigned, s)
							}
						}
					}
				}
				return true
			})
			ast.Inspect(decl, func(n ast.Node) bool {
				if n == nil {
					return false
				}
				pos := fset.Position(n.Pos())
				switch n := n.(type) {
				case *ast.CallExpr:
					fn, ok := n.Fun.(*ast.Ident)
					if !ok {
						return true
					}
					switch {
					case fn.Name == "failf" && len(n.Args) >= 2:
						if k, ok := stringLit(n.Args[1]); ok {
							add(pos, n.Args[0], k)
						}
					case fn.Name == "writeError" && len(n.Args) >= 3:
						if k, ok := stringLit(n.Args[2]); ok {
							add(pos, n.Args[1], k)
						}
					}
				case *ast.CompositeLit:
					if id, ok := n.Type.(*ast.Ident); !ok || id.Name != "apiError" {
						return true
					}
					var status, kind ast.Expr
					for _, e := range n.Elts {
						kv, ok := e.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						switch kv.Key.(*ast.Ident).Name {
						case "status":
							status = kv.Value
						case "kind":
							kind = kv.Value
						}
					}
					if k, ok := stringLit(kind); ok {
						add(pos, status, k)
					} else if id, ok := kind.(*ast.Ident); ok && id.Name == "kind" && len(assigned) > 0 {
						for _, k := range assigned {
							add(pos, status, k)
						}
					}
				case *ast.ValueSpec:
					var text strings.Builder
					ast.Inspect(n, func(n ast.Node) bool {
						if s, ok := stringLit(n); ok {
							text.WriteString(s)
						}
						return true
					})
					if m := raw.FindStringSubmatch(text.String()); m != nil {
						kinds[m[1]+" "+m[2]] = true
					}
				}
				return true
			})
		}
	}
	return kinds
}

// stringLit returns the value of a string literal.
func stringLit(n ast.Node) (string, bool) {
	lit, ok := n.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// TestErrorKindsDocumented checks that the package documentation lists
// every status and kind the server answers an error with, and no other:
// a client that sorts errors by kind can rely on the list.
func TestErrorKindsDocumented(t *testing.T) {
	doc, code := documentedKinds(t), answeredKinds(t)
	// The scan must see the kinds of every way of answering an error: a
	// failf, a writeError, moveError's two, the raw answer of
	// LimitListener.
	for _, k := range []string{"403 turn", "500 internal", "400 syntax", "400 illegal", "429 connections"} {
		if !code[k] {
			t.Fatalf("the source scan missed %q: it found %v", k, slices.Sorted(maps.Keys(code)))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(code)) {
		if !doc[k] {
			t.Errorf("the server answers %q, which the Errors section of doc.go does not list", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(doc)) {
		if !code[k] {
			t.Errorf("the Errors section of doc.go lists %q, which the server never answers", k)
		}
	}
}

// serverWords are the error kinds the play page shows in the server's
// own words, and why it has none of its own for them.
var serverWords = map[string]string{
	"request":     "the page sends only well-formed bodies of values it was given; the server's words name what is wrong",
	"method":      "the page sends no request of the wrong method",
	"idempotency": "the page draws a new key for every creation and join",
	"connections": "the server closes the connection: the page sees a network error",
	"streams":     "met only by the event stream, which the page opens again by itself",
}

// TestPageWordsForEveryKind: the play page explains in plain words every
// error kind the server answers (the cases of plain in app.js), apart
// from those of serverWords; and names no kind the server does not have.
func TestPageWordsForEveryKind(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("web", "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "\nfunction plain(err) {")
	end := strings.Index(text[max(start, 0):], "\n}\n")
	if start < 0 || end < 0 {
		t.Fatal("app.js has no function plain")
	}
	cases := map[string]bool{}
	for _, m := range regexp.MustCompile(`case '([a-z-]+)':`).FindAllStringSubmatch(text[start:start+end], -1) {
		cases[m[1]] = true
	}
	kinds := map[string]bool{"network": true} // the page's own: no answer at all
	for k := range documentedKinds(t) {
		_, kind, _ := strings.Cut(k, " ")
		kinds[kind] = true
		if !cases[kind] && serverWords[kind] == "" {
			t.Errorf("the page has no words of its own for the error kind %q", kind)
		}
		if cases[kind] && serverWords[kind] != "" {
			t.Errorf("the kind %q has words on the page: take it out of serverWords", kind)
		}
	}
	for kind := range cases {
		if !kinds[kind] {
			t.Errorf("the page has words for %q, a kind the server does not answer", kind)
		}
	}
	for kind := range serverWords {
		if !kinds[kind] {
			t.Errorf("serverWords names %q, a kind the server does not answer", kind)
		}
	}
}
