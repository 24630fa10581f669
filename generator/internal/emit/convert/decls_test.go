package convert

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// conversionsFile renders the conversions_gen.go of the package of version i
// on side.
func conversionsFile(t *testing.T, m *gosrc.Module, i conversion.VersionIndex, side layout.Side) []byte {
	t.Helper()
	name := m.Graph.Versions[i].Spoke.Name
	switch side {
	case layout.Storage:
		name = m.Graph.Versions[i].Storage.Name
	case layout.Compat:
		name = "compat"
	}
	source, err := File(m, i, side, name)
	if err != nil {
		t.Fatal(err)
	}
	return source
}

// declarations returns the top-level declarations of the Go file source whose
// names match one of patterns (path.Match), each with its doc comment, in
// the file's order. A method is named Receiver.Method, a type by its name.
// Every pattern must match at least one declaration.
func declarations(t *testing.T, source []byte, patterns ...string) string {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "conversions_gen.go", source, parser.ParseComments)
	if err != nil {
		t.Fatalf("the generated file does not parse: %v\n%s", err, source)
	}
	used := map[string]bool{}
	var out []string
	for _, decl := range file.Decls {
		name, doc := declName(decl)
		if name == "" {
			continue
		}
		matched := false
		for _, p := range patterns {
			if ok, err := path.Match(p, name); err != nil {
				t.Fatal(err)
			} else if ok {
				used[p], matched = true, true
			}
		}
		if !matched {
			continue
		}
		start := decl.Pos()
		if doc != nil {
			start = doc.Pos()
		}
		out = append(out, string(source[fset.Position(start).Offset:fset.Position(decl.End()).Offset]))
	}
	for _, p := range patterns {
		if !used[p] {
			t.Errorf("no declaration matches %q", p)
		}
	}
	return strings.Join(out, "\n\n")
}

// declName returns the name declarations matches decl by, and its doc
// comment; "" for imports, variables and constants.
func declName(decl ast.Decl) (string, *ast.CommentGroup) {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil || len(d.Recv.List) == 0 {
			return d.Name.Name, d.Doc
		}
		recv := d.Recv.List[0].Type
		if star, ok := recv.(*ast.StarExpr); ok {
			recv = star.X
		}
		return fmt.Sprint(recv) + "." + d.Name.Name, d.Doc
	case *ast.GenDecl:
		if d.Tok == token.TYPE && len(d.Specs) == 1 {
			return d.Specs[0].(*ast.TypeSpec).Name.Name, d.Doc
		}
	}
	return "", nil
}
