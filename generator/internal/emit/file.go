// Package emit writes the files of a generated service module: Go sources, CRDs,
// BUILD files and go.mod. Emitters build files in memory; nothing here touches the
// file system.
package emit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/layout"
)

// Files maps a slash-separated path, relative to the module root, to its content.
type Files map[string][]byte

// Paths returns the paths of the files, sorted.
func (f Files) Paths() []string {
	paths := make([]string, 0, len(f))
	for p := range f {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// goFile accumulates the source of one Go file.
type goFile struct {
	pkg     string
	imports map[string]string // path -> alias ("" for none)
	doc     string            // the package comment, without comment markers
	body    bytes.Buffer
}

func newGoFile(pkg string) *goFile {
	return &goFile{pkg: pkg, imports: map[string]string{}}
}

func (g *goFile) use(path, alias string) {
	g.imports[path] = alias
}

func (g *goFile) printf(format string, args ...any) {
	fmt.Fprintf(&g.body, format, args...)
}

// knownImports are the packages generated code may use without declaring them.
var knownImports = map[string]string{
	"fmt":        "fmt",
	"testing":    "testing",
	"metav1":     metav1Path,
	"runtime":    runtimePath,
	"schema":     schemaPath,
	"armruntime": layout.RuntimeModule,
	"conversion": "sigs.k8s.io/controller-runtime/pkg/conversion",
}

// bytes returns the gofmt'd file, importing exactly the packages the body uses; a
// failure is a generator bug and is reported with the source so it can be found.
func (g *goFile) bytes() ([]byte, error) {
	body := g.body.String()
	used, err := selectorNames(g.pkg, body)
	if err != nil {
		return nil, fmt.Errorf("parsing generated package %s: %w\n%s", g.pkg, err, numbered(body))
	}
	imports := map[string]string{} // alias -> path
	for alias, path := range knownImports {
		imports[alias] = path
	}
	for path, alias := range g.imports {
		if alias == "" {
			alias = path[strings.LastIndex(path, "/")+1:]
		}
		imports[alias] = path
	}
	var out bytes.Buffer
	out.WriteString(layout.GeneratedGo + "\n\n")
	if g.doc != "" {
		out.WriteString(comment(g.doc, ""))
	}
	fmt.Fprintf(&out, "package %s\n\n", g.pkg)
	var lines []string
	for alias, path := range imports {
		switch {
		case !used[alias]:
		case alias == path[strings.LastIndex(path, "/")+1:]:
			lines = append(lines, fmt.Sprintf("\t%q\n", path))
		default:
			lines = append(lines, fmt.Sprintf("\t%s %q\n", alias, path))
		}
	}
	sort.Slice(lines, func(i, j int) bool { return importPath(lines[i]) < importPath(lines[j]) })
	if len(lines) > 0 {
		out.WriteString("import (\n" + strings.Join(lines, "") + ")\n\n")
	}
	out.WriteString(body)
	formatted, err := format.Source(out.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated package %s: %w\n%s", g.pkg, err, numbered(out.String()))
	}
	return formatted, nil
}

func importPath(line string) string {
	return line[strings.Index(line, "\""):]
}

// selectorNames returns the names used as the left side of a selector (x in x.y)
// anywhere in the body: the candidates for imported package names.
func selectorNames(pkg, body string) (map[string]bool, error) {
	file, err := parser.ParseFile(token.NewFileSet(), "", "package "+pkg+"\n"+body, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				names[id.Name] = true
			}
		}
		return true
	})
	return names, nil
}

func numbered(source string) string {
	lines := strings.Split(source, "\n")
	for i := range lines {
		lines[i] = fmt.Sprintf("%4d %s", i+1, lines[i])
	}
	return strings.Join(lines, "\n")
}

// comment returns text as Go line comments, each line prefixed by indent.
func comment(text, indent string) string {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\r", ""))
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			b.WriteString(indent + "//\n")
			continue
		}
		if strings.HasPrefix(line, "+") {
			line = "\\" + line // not a marker
		}
		b.WriteString(indent + "// " + line + "\n")
	}
	return b.String()
}
