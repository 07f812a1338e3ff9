package hops

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryExportedNameHasADocComment walks the library's packages (every
// non-test Go file of the module outside testdata and the example
// programs' main packages) and fails for each exported name without a
// doc comment: users read the godoc, not the source.
func TestEveryExportedNameHasADocComment(t *testing.T) {
	fset := token.NewFileSet()
	var missing []string
	packages := map[string]bool{} // folders whose package has a doc comment
	folders := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != "." && fileExists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir // a nested module is not the library
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		dir := filepath.Dir(path)
		folders[dir] = true
		if f.Doc != nil {
			packages[dir] = true
		}
		if f.Name.Name == "main" {
			return nil // a command documents itself in its package comment
		}
		for _, decl := range f.Decls {
			missing = append(missing, undocumented(fset, decl)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range folders {
		if !packages[dir] {
			missing = append(missing, dir+": package comment")
		}
	}
	for _, m := range missing {
		t.Errorf("no doc comment: %s", m)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// undocumented lists the exported names a declaration introduces without
// a doc comment. A name in a group (const, var or type block) is
// documented by its own comment, a trailing line comment, or the group's;
// struct fields are left to their type's comment.
func undocumented(fset *token.FileSet, decl ast.Decl) []string {
	var out []string
	where := func(n ast.Node, name string) string {
		return fset.Position(n.Pos()).String() + " " + name
	}
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if !d.Name.IsExported() || d.Doc != nil {
			return nil
		}
		if d.Recv != nil && !exportedReceiver(d.Recv) {
			return nil
		}
		out = append(out, where(d, d.Name.Name))
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
					out = append(out, where(s, s.Name.Name))
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() && d.Doc == nil && s.Doc == nil && s.Comment == nil {
						out = append(out, where(s, n.Name))
					}
				}
			}
		}
	}
	return out
}

// exportedReceiver reports whether a method's receiver type is exported,
// so that its methods appear in the godoc.
func exportedReceiver(recv *ast.FieldList) bool {
	if len(recv.List) == 0 {
		return false
	}
	t := recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return false
		}
	}
}
