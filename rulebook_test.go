package hops

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The code cites rules of RULES.md by id, in two forms: in prose, as in
// "a step lands on a free square (G3)" or "(G4, G5)" in comments and
// error messages, and as the rule argument of an error or outcome, as in
// Errorf(ErrIllegal, "K8", ...). These tests check that every id the code
// cites is defined in the rule book, so that an error never points a user
// to a rule he cannot look up.
//
// Rule letters G, C and B are also file letters, so "G5", "C3" or "B2"
// may be square names. The scan only takes ids from contexts that cite
// rules, and leaves lists of squares alone. (A square of a rule letter
// would do no harm anyway: B1..B7, C1..C7 and G1..G7 are all rule ids.)

// rulebookID is one rule id: a section letter and a number.
const rulebookID = `[GZKCB][1-9][0-9]?`

var (
	rulebookExactID = regexp.MustCompile(`^` + rulebookID + `$`)
	// A parenthesised group of prose, such as "(G4, G5)", "(rule B5)",
	// "(Z2, decision on the order)" or "(Coir's Dame, C6)".
	rulebookParen = regexp.MustCompile(`\(([^()]*)\)`)
	// The items of a group: separated by commas, semicolons or dots, as
	// in "(Z4..Z7)" or "(A1, B1, ..., G7)".
	rulebookSep = regexp.MustCompile(`\s*(?:[,;]|\.\.\.?|…)\s*`)
	// An item that cites a rule starts with the id, optionally after
	// "rule", and the id is followed by nothing, a space, ':' or '.':
	// "C7 prints none" cites C7, "C1-E3" does not.
	rulebookItem = regexp.MustCompile(`^(?:rules? )?(` + rulebookID + `)(?:$|[\s:.])`)
	// A group that names squares of files A, D, E, F or writes a path is
	// a list of squares; there only the letters Z and K, which are no
	// file, are taken as rule ids.
	rulebookSquares = regexp.MustCompile(`\b[ADEFadef][1-9]\b|\b[A-Ga-g][1-9][-x*][A-Ga-g]`)
	// Prose outside parentheses: "rule B5", "an error under Z6".
	rulebookProse = regexp.MustCompile(`\b(?:rule|under) (` + rulebookID + `)\b`)
	// A definition in RULES.md: a paragraph that starts "**G5 Title.**".
	rulebookDefinition = regexp.MustCompile(`(?m)^\*\*(` + rulebookID + `) `)
)

// ruleIDsInText returns the rule ids that a piece of prose cites.
func ruleIDsInText(text string) []string {
	var ids []string
	for _, g := range rulebookParen.FindAllStringSubmatch(text, -1) {
		squares := rulebookSquares.MatchString(g[1])
		for _, item := range rulebookSep.Split(strings.TrimSpace(g[1]), -1) {
			m := rulebookItem.FindStringSubmatch(item)
			if m == nil || squares && m[1][0] != 'Z' && m[1][0] != 'K' {
				continue
			}
			ids = append(ids, m[1])
		}
	}
	// Prose citations inside parentheses were taken above.
	for _, m := range rulebookProse.FindAllStringSubmatch(rulebookParen.ReplaceAllString(text, ""), -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// ruleCitation is one place where the code cites a rule.
type ruleCitation struct {
	id    string
	where string // file:line
	form  string // "prose" (comments and messages) or "argument"
}

// ruleCitationsInGo returns the rule ids a Go source file cites: in its
// comments and inside its string literals (prose), and as string
// literals that are exactly an id (the rule argument of Errorf, of each
// package's error helpers, of hops.Win, or a Rule field). Such literals
// are skipped as elements of a list ([]string{"B6", "D6"}) and as
// arguments of a function about squares (ParseSquare("C2")).
func ruleCitationsInGo(fset *token.FileSet, name string, src []byte) ([]ruleCitation, error) {
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []ruleCitation
	add := func(ids []string, pos token.Pos, form string) {
		p := fset.Position(pos)
		for _, id := range ids {
			out = append(out, ruleCitation{id, fmt.Sprintf("%s:%d", p.Filename, p.Line), form})
		}
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			add(ruleIDsInText(c.Text), c.Pos(), "prose")
		}
	}
	notRule := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if lit, ok := e.(*ast.BasicLit); ok {
					notRule[lit] = true
				}
			}
		case *ast.CallExpr:
			if strings.Contains(strings.ToLower(rulebookCallee(n.Fun)), "square") {
				for _, a := range n.Args {
					if lit, ok := a.(*ast.BasicLit); ok {
						notRule[lit] = true
					}
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				break
			}
			v, err := strconv.Unquote(n.Value)
			if err != nil {
				break
			}
			if rulebookExactID.MatchString(v) {
				if !notRule[n] {
					add([]string{v}, n.Pos(), "argument")
				}
				break
			}
			add(ruleIDsInText(v), n.Pos(), "prose")
		}
		return true
	})
	return out, nil
}

// rulebookCallee returns the name of the function a call expression calls.
func rulebookCallee(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		return rulebookCallee(f.X)
	}
	return ""
}

// moduleRuleCitations walks the module's non-test Go sources (skipping
// testdata and hidden directories) and returns every rule citation.
func moduleRuleCitations(t *testing.T) []ruleCitation {
	t.Helper()
	fset := token.NewFileSet()
	var all []ruleCitation
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		cs, err := ruleCitationsInGo(fset, path, src)
		if err != nil {
			return err
		}
		all = append(all, cs...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// rulebookDefinitions reads RULES.md and returns its text and the ids it
// defines, each with the number of times it is defined.
func rulebookDefinitions(t *testing.T) (string, map[string]int) {
	t.Helper()
	b, err := os.ReadFile("RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]int{}
	for _, m := range rulebookDefinition.FindAllStringSubmatch(string(b), -1) {
		defs[m[1]]++
	}
	return string(b), defs
}

// ruleIDsSorted returns the ids of a set in rule-book order: G, Z, K, C, B,
// then by number.
func ruleIDsSorted[V any](set map[string]V) []string {
	ids := make([]string, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	order := func(id string) (int, int) {
		n, _ := strconv.Atoi(id[1:])
		return strings.IndexByte("GZKCB", id[0]), n
	}
	slices.SortFunc(ids, func(a, b string) int {
		sa, na := order(a)
		sb, nb := order(b)
		if sa != sb {
			return sa - sb
		}
		return na - nb
	})
	return ids
}

// TestRuleIDsInText pins what the scan takes for a rule citation and what
// it leaves alone (squares, paths, hex numbers).
func TestRuleIDsInText(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"a multi-jump (G4, G5) of one pawn", []string{"G4", "G5"}},
		{"the ball was already moved this turn (K8)", []string{"K8"}},
		{"(Z2, decision on the order)", []string{"Z2"}},
		{"(rule B5)", []string{"B5"}},
		{"(Coir's Dame, C6)", []string{"C6"}},
		{"(phase '+', B9)", []string{"B9"}},
		{"(Z4..Z7)", []string{"Z4", "Z7"}},
		{"(Z4; never an HQ)", []string{"Z4"}},
		{"(C3: all twelve show the opponent's colour)", []string{"C3"}},
		{"(C7 prints none)", []string{"C7"}},
		{"(G8, [StartWith])", []string{"G8"}},
		{"an illegal-move error under Z6, since", []string{"Z6"}},
		{"(D1 for Blue, D7 for Red, K2)", []string{"K2"}},
		{"pawns by square (A1, B1, ..., G1, A2, ..., G7)", nil},
		{"from A1 to G1 (A1 to G1)", nil},
		{"the path (C1-E3) and the throw (B2*D4)", nil},
		{"the sheet prints \"B6\" for B5", nil},
		{"a hash (0xB5) and a square G5", nil},
		{"(K12)(B13)", []string{"K12", "B13"}},
	} {
		if got := ruleIDsInText(c.text); !slices.Equal(got, c.want) {
			t.Errorf("ruleIDsInText(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestRuleCitationsInGo checks both forms of citation in Go source, and
// that square names in lists and square functions are not taken for ids.
func TestRuleCitationsInGo(t *testing.T) {
	src := `package x

// check applies the material rule (C1) and the side rule (C8).
func check() error {
	_ = []string{"A1", "C1", "G7"}
	_ = b.ParseSquare("B2")
	_ = Error{Rule: "K9"}
	if bad {
		return Errorf(ErrIllegal, "K8", "", "moved twice (K7)")
	}
	return illegal("Z4", where, "no pawn on %s", "G5")
}
`
	cs, err := ruleCitationsInGo(token.NewFileSet(), "x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.form+" "+c.id+" "+c.where)
	}
	want := []string{
		"prose C1 x.go:3", "prose C8 x.go:3",
		"argument K9 x.go:7", "argument K8 x.go:9", "prose K7 x.go:9",
		"argument Z4 x.go:11", "argument G5 x.go:11",
	}
	if !slices.Equal(got, want) {
		t.Errorf("citations:\n got %q\nwant %q", got, want)
	}
}

// TestRulesCoverCitedIds checks that every rule id cited in the module's
// sources, and in RULES.md itself, is defined in RULES.md.
func TestRulesCoverCitedIds(t *testing.T) {
	text, defs := rulebookDefinitions(t)
	cs := moduleRuleCitations(t)
	for _, id := range ruleIDsInText(text) {
		cs = append(cs, ruleCitation{id, "RULES.md", "prose"})
	}
	byForm := map[string]map[string]bool{"prose": {}, "argument": {}}
	missing := map[string][]string{}
	for _, c := range cs {
		byForm[c.form][c.id] = true
		if defs[c.id] == 0 {
			missing[c.id] = append(missing[c.id], c.where)
		}
	}
	t.Logf("ids cited in comments and messages: %v", ruleIDsSorted(byForm["prose"]))
	t.Logf("ids passed as rule arguments: %v", ruleIDsSorted(byForm["argument"]))
	// The scan must see both forms, or it is broken rather than the code
	// clean: the packages cite dozens of rules each way.
	for form, ids := range byForm {
		if len(ids) < 10 {
			t.Errorf("only %d ids found in the %s form: the scan misses citations", len(ids), form)
		}
	}
	for _, id := range ruleIDsSorted(missing) {
		t.Errorf("rule %s is cited but not defined in RULES.md, at %s", id, strings.Join(missing[id], ", "))
	}
}

// TestRulesDefineEachIdOnce checks that RULES.md defines every rule of
// the rule book (G1-G12, Z1-Z9, K1-K12, C1-C9, B1-B13) exactly once, and
// nothing else.
func TestRulesDefineEachIdOnce(t *testing.T) {
	_, defs := rulebookDefinitions(t)
	want := map[string]bool{}
	for _, s := range []struct {
		letter byte
		last   int
	}{{'G', 12}, {'Z', 9}, {'K', 12}, {'C', 9}, {'B', 13}} {
		for n := 1; n <= s.last; n++ {
			want[fmt.Sprintf("%c%d", s.letter, n)] = true
		}
	}
	for _, id := range ruleIDsSorted(defs) {
		if defs[id] > 1 {
			t.Errorf("rule %s is defined %d times in RULES.md", id, defs[id])
		}
		if !want[id] {
			t.Errorf("RULES.md defines %s, which is not a rule of the rule book", id)
		}
	}
	for _, id := range ruleIDsSorted(want) {
		if defs[id] == 0 {
			t.Errorf("RULES.md does not define %s", id)
		}
	}
}
