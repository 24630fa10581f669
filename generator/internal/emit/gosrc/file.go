// Package gosrc is what every Go emitter writes with: a Go file whose imports
// follow the package names its code uses, named templates, comments, and the
// view of a service module (Module: package paths, import aliases and the
// names of conversion methods) and of the package being written (Scope).
// Emitters build files in memory; nothing under emit touches the file system.
package gosrc

import (
	"bytes"
	"fmt"
	"go/format"
	"maps"
	"sort"
	"strconv"
	"strings"
	"text/template"

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

// standardImports are the packages any generated file may use, by the name
// generated code calls them.
var standardImports = map[string]string{
	"fmt":               "fmt",
	"maps":              "maps",
	"slices":            "slices",
	"time":              "time",
	"testing":           "testing",
	"metav1":            "k8s.io/apimachinery/pkg/apis/meta/v1",
	"runtime":           "k8s.io/apimachinery/pkg/runtime",
	"schema":            "k8s.io/apimachinery/pkg/runtime/schema",
	"armruntime":        layout.RuntimeModule,
	"conversionwebhook": layout.WebhookPackage,
	"lifecycle":         layout.LifecyclePackage,
	"harness":           layout.HarnessPackage,
	"conversion":        "sigs.k8s.io/controller-runtime/pkg/conversion",
	"manager":           "sigs.k8s.io/controller-runtime/pkg/manager",
	"client":            "sigs.k8s.io/controller-runtime/pkg/client",
	"apiextensionsv1":   "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1",
}

// File accumulates the source of one Go file.
//
// Emitters never declare imports: they write package-qualified names
// (metav1.ObjectMeta, v20210401s.Widget), and bytes imports the packages whose
// names the body uses as the left side of a selector, looking each name up in
// the file's table. Every table starts as standardImports; newModuleFile adds
// the packages of the service module. So a file imports exactly the packages
// its code uses, and this is the only way a generated file gets an import.
// Generated code must therefore not give a variable the name of a package in
// its table and select through it.
type File struct {
	Package string
	// Indented says the emitter writes code gofmt leaves as it is but for
	// indentation and top-level doc comments (aligned columns, where there are
	// any, already aligned as gofmt aligns them), so Bytes indents it by
	// nesting instead of running gofmt (most of the generator's time). Tests
	// check such files against gofmt.
	Indented bool
	// PlainDocs says every top-level doc comment of an Indented file is one
	// that gofmt leaves as it is (the emitter's own sentences, no schema
	// text), so Bytes need not reformat them.
	PlainDocs bool
	imports   map[string]string // the file's table: package name -> import path
	Doc       string            // the package comment, without comment markers
	Body      bytes.Buffer
}

func NewFile(pkg string) *File {
	return &File{Package: pkg, imports: maps.Clone(standardImports)}
}

// NewModuleFile returns a file of package pkg that may also use every package
// of the service module m: each version's spoke, storage and compat packages
// (by Module.Alias), its crd package and its register package.
func NewModuleFile(pkg string, m *Module) *File {
	g := NewFile(pkg)
	g.imports[layout.CRDDir] = m.Path + "/" + layout.CRDDir
	g.imports[layout.RegisterDir] = m.Path + "/" + layout.RegisterDir
	for v := range m.Graph.Indexes() {
		for _, side := range layout.Sides {
			g.imports[m.Alias(v, side)] = m.ImportPath(v, side)
		}
	}
	return g
}

// Writing code. A block of code (a declaration, a function, a group of
// tests) is written from a text/template that reads like the Go it produces,
// naming what it fills in: {{.Kind}} from a field of the data (a model value
// such as *golang.Resource, or args), {{quote .Kind}} for a Go string literal,
// {{json "metadata,omitempty"}} for a struct tag. Each template is a package
// variable made by code, so it is parsed once, at initialisation. An action
// on a line of its own starts with {{- to drop the line break before it,
// keeping the output's lines as written. Indentation may be loose: Bytes
// indents (Indented files) or gofmts the file. Code built a statement or a line at a time around a
// recursion (the assignments of assign.go, struct fields) uses printf with
// plain (unnumbered) verbs.

// Write appends t, filled with data, to the body.
func (g *File) Write(t *template.Template, data any) {
	if err := t.Execute(&g.Body, data); err != nil {
		panic("emit: filling a template: " + err.Error())
	}
}

func (g *File) Printf(format string, args ...any) {
	fmt.Fprintf(&g.Body, format, args...)
}

// Args are the named values a template fills in, where no model value has them.
type Args map[string]any

var templateFuncs = template.FuncMap{
	"quote":     strconv.Quote,
	"json":      func(tag string) string { return "`json:" + strconv.Quote(tag) + "`" },
	"emptyBody": EmptyBody,
}

// EmptyBody is the declaration of a function with header and an empty body as
// gofmt prints it: on one line while the header is shorter than 100 columns
// (go/printer's limit for a body on the header's line), else with the closing
// brace on a line of its own.
func EmptyBody(header string) string {
	if len(header) < 100 {
		return header + " {}"
	}
	return header + " {\n}"
}

// Code parses a template of generated Code; missing args are an error.
func Code(text string) *template.Template {
	return template.Must(template.New("").Funcs(templateFuncs).Option("missingkey=error").Parse(text))
}

// Fill returns t filled with data. Templates are fixed and their data made
// beside them, so a failure is a bug in this package: it panics.
func Fill(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic("emit: filling a template: " + err.Error())
	}
	return b.String()
}

// Bytes returns the file as gofmt writes it (Indented: by Indent), importing
// exactly the packages the body uses; a failure is a generator bug and is
// reported with the source so it can be found.
func (g *File) Bytes() ([]byte, error) {
	body := g.Body.String()
	used, err := selectorNames(body)
	if err != nil {
		return nil, fmt.Errorf("parsing generated package %s: %w\n%s", g.Package, err, numbered(body))
	}
	var out bytes.Buffer
	out.WriteString(layout.GeneratedGo + "\n\n")
	if g.Doc != "" {
		out.WriteString(Comment(g.Doc, ""))
	}
	fmt.Fprintf(&out, "package %s\n\n", g.Package)
	out.WriteString(g.importDecl(used))
	out.WriteString(body)
	if g.Indented && g.PlainDocs {
		return indent(out.Bytes()), nil
	}
	if g.Indented {
		return Indent(out.Bytes()), nil
	}
	formatted, err := format.Source(out.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated package %s: %w\n%s", g.Package, err, numbered(out.String()))
	}
	return formatted, nil
}

// importDecl returns the import declaration of the packages in the file's table
// whose names are used, sorted by path, with a name only where it differs from
// the path's last element.
func (g *File) importDecl(used map[string]bool) string {
	var lines []string
	for name, path := range g.imports {
		switch {
		case !used[name]:
		case name == path[strings.LastIndex(path, "/")+1:]:
			lines = append(lines, fmt.Sprintf("\t%q\n", path))
		default:
			lines = append(lines, fmt.Sprintf("\t%s %q\n", name, path))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	sort.Slice(lines, func(i, j int) bool { return importPath(lines[i]) < importPath(lines[j]) })
	return "import (\n" + strings.Join(lines, "") + ")\n\n"
}

func importPath(line string) string {
	return line[strings.Index(line, "\""):]
}

// selectorNames returns the names used as the left side of a selector (x in x.y)
// anywhere in the body: the candidates for imported package names. It reads the
// body once, byte by byte, skipping comments and literals (parsing it, or even
// scanning it into tokens, was a large part of the generator's time): an
// identifier not itself selected (no period before it), followed by a period
// and an identifier.
func selectorNames(body string) (map[string]bool, error) {
	names := map[string]bool{}
	var before byte // the last byte of the previous token
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && strings.HasPrefix(body[i:], "//"):
			i = skipTo(body, i, "\n")
		case c == '/' && strings.HasPrefix(body[i:], "/*"):
			end := strings.Index(body[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("offset %d: comment not terminated", i)
			}
			i += end + 4
		case c == '"' || c == '\'' || c == '`':
			end, err := skipQuoted(body, i)
			if err != nil {
				return nil, err
			}
			i, before = end, c
		case isIdentByte(c) && !isDigit(c):
			start := i
			for i < len(body) && isIdentByte(body[i]) {
				i++
			}
			if before != '.' && selects(body, i) {
				names[body[start:i]] = true
			}
			before = 'a'
		case isDigit(c):
			for i < len(body) && (isIdentByte(body[i]) || body[i] == '.') {
				i++
			}
			before = '0'
		default:
			i, before = i+1, c
		}
	}
	return names, nil
}

// selects reports whether the identifier ending at i is followed by a period
// and an identifier (x.y, or x. and y on the next line).
func selects(body string, i int) bool {
	for i < len(body) && (body[i] == ' ' || body[i] == '\t') {
		i++
	}
	if i >= len(body) || body[i] != '.' {
		return false
	}
	for i++; i < len(body) && (body[i] == ' ' || body[i] == '\t' || body[i] == '\n' || body[i] == '\r'); i++ {
	}
	return i < len(body) && isIdentByte(body[i]) && !isDigit(body[i])
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipTo returns the index of the first end at or after i, or len(body).
func skipTo(body string, i int, end string) int {
	if n := strings.Index(body[i:], end); n >= 0 {
		return i + n
	}
	return len(body)
}

// skipQuoted returns the index after the string, raw string or rune literal
// starting at i.
func skipQuoted(body string, i int) (int, error) {
	quote := body[i]
	for j := i + 1; j < len(body); j++ {
		switch c := body[j]; {
		case c == '\\' && quote != '`':
			j++
		case c == quote:
			return j + 1, nil
		case c == '\n' && quote != '`':
			return 0, fmt.Errorf("offset %d: literal not terminated", i)
		}
	}
	return 0, fmt.Errorf("offset %d: literal not terminated", i)
}

func numbered(source string) string {
	lines := strings.Split(source, "\n")
	for i := range lines {
		lines[i] = fmt.Sprintf("%4d %s", i+1, lines[i])
	}
	return strings.Join(lines, "\n")
}

// Comment returns text as Go line comments, each line prefixed by indent.
func Comment(text, indent string) string {
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

// AddressOf returns the Go expression of the address of expr: &expr, or p when
// expr is the dereference (*p), whose address is p itself (staticcheck's SA4001
// flags &(*p)). p must not be nil, as (*p) could not have been evaluated.
func AddressOf(expr string) string {
	if inner, ok := strings.CutPrefix(expr, "(*"); ok && strings.HasSuffix(inner, ")") && closesAtEnd(expr) {
		return strings.TrimSuffix(inner, ")")
	}
	return "&" + expr
}

// closesAtEnd reports whether the parenthesis that opens expr closes at its end,
// so that (*a).b[(*c)] is not taken for a dereference.
func closesAtEnd(expr string) bool {
	depth := 0
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i == len(expr)-1
			}
		}
	}
	return false
}
