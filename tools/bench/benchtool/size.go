package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// sizes totals the generated Go of a module by kind of package and of file.
type sizes struct {
	spoke, storage, other        int64 // bytes of .go files in spoke, storage and other packages
	conversions, types, deepcopy int64 // bytes of conversions_gen.go, types_gen.go, zz_generated.deepcopy.go (all packages)
	resourceVersions             int   // kinds summed over spoke packages
	spokeFields, storageFields   int   // struct fields in types_gen.go
}

func measure(m *module) (*sizes, error) {
	s := &sizes{}
	err := filepath.WalkDir(m.dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		n := info.Size()
		rel, _ := filepath.Rel(m.dir, filepath.Dir(path))
		parts := strings.Split(filepath.ToSlash(rel), "/")
		switch {
		case len(parts) == 1 && versionDir.MatchString(parts[0]):
			s.spoke += n
		case len(parts) == 2 && versionDir.MatchString(parts[0]) && parts[1] == "storage":
			s.storage += n
		default:
			s.other += n
		}
		switch filepath.Base(path) {
		case "conversions_gen.go":
			s.conversions += n
		case "types_gen.go":
			s.types += n
		case "zz_generated.deepcopy.go":
			s.deepcopy += n
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, v := range m.vers {
		ks, err := kinds(filepath.Join(m.dir, v))
		if err != nil {
			return nil, err
		}
		s.resourceVersions += len(ks)
		if s.spokeFields, err = addFields(s.spokeFields, filepath.Join(m.dir, v, "types_gen.go")); err != nil {
			return nil, err
		}
		if s.storageFields, err = addFields(s.storageFields, filepath.Join(m.dir, v, "storage", "types_gen.go")); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// addFields adds the number of fields of the structs declared in file to n
// (a field declaring several names counts once per name; an embedded field once).
func addFields(n int, file string) (int, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		return n, err
	}
	ast.Inspect(f, func(x ast.Node) bool {
		if st, ok := x.(*ast.StructType); ok {
			for _, fld := range st.Fields.List {
				n += max(1, len(fld.Names))
			}
		}
		return true
	})
	return n, nil
}

// pkgDecls is one package parsed for attribution: every top-level declaration
// with its size in bytes (doc comment included) and the type it belongs to.
type pkgDecls struct {
	typeBytes  map[string]int64            // type name -> bytes of its declaration
	methods    map[string]map[string]int64 // type name -> file -> bytes of its methods, consts and vars
	refs       map[string][]string         // type name -> package-local types its declaration mentions
	unassigned int64                       // bytes of declarations of no type (funcs, init, imports)
	total      int64
}

func span(fset *token.FileSet, doc *ast.CommentGroup, from, to token.Pos) int64 {
	if doc != nil && doc.Pos() < from {
		from = doc.Pos()
	}
	return int64(fset.Position(to).Offset-fset.Position(from).Offset) + 1 // + the newline
}

func parsePackage(dir string) (*pkgDecls, error) {
	p := &pkgDecls{typeBytes: map[string]int64{}, methods: map[string]map[string]int64{}, refs: map[string][]string{}}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
		info, err := os.Stat(file)
		if err != nil {
			return nil, err
		}
		p.total += info.Size()
	}
	local := map[string]bool{}
	for _, f := range parsed {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, s := range gd.Specs {
					local[s.(*ast.TypeSpec).Name.Name] = true
				}
			}
		}
	}
	addMethod := func(typ, file string, n int64) {
		if p.methods[typ] == nil {
			p.methods[typ] = map[string]int64{}
		}
		p.methods[typ][file] += n
	}
	for i, f := range parsed {
		file := filepath.Base(files[i])
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				n := span(fset, d.Doc, d.Pos(), d.End())
				if typ := receiverType(d); typ != "" && local[typ] {
					addMethod(typ, file, n)
				} else {
					p.unassigned += n
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					doc := d.Doc
					from, to := s.Pos(), s.End()
					if len(d.Specs) == 1 {
						from, to = d.Pos(), d.End()
					}
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Doc != nil {
							doc = s.Doc
						}
						p.typeBytes[s.Name.Name] += span(fset, doc, from, to)
						p.refs[s.Name.Name] = mentions(s.Type, local)
					case *ast.ValueSpec:
						if s.Doc != nil {
							doc = s.Doc
						}
						n := span(fset, doc, from, to)
						if id, ok := s.Type.(*ast.Ident); ok && local[id.Name] {
							addMethod(id.Name, file, n) // an enum's values
						} else {
							p.unassigned += n
						}
					default:
						p.unassigned += span(fset, doc, from, to)
					}
				}
			}
		}
	}
	return p, nil
}

func receiverType(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return ""
	}
	t := d.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func mentions(x ast.Expr, local map[string]bool) []string {
	var out []string
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			return false // another package's type
		case *ast.Ident:
			if local[n.Name] {
				out = append(out, n.Name)
			}
		}
		return true
	})
	return out
}

// closure is the set of types reachable from roots through field types.
func (p *pkgDecls) closure(roots ...string) map[string]bool {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(t string) {
		if seen[t] {
			return
		}
		if _, ok := p.typeBytes[t]; !ok {
			return
		}
		seen[t] = true
		for _, r := range p.refs[t] {
			walk(r)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	return seen
}

// attribution is what one resource accounts for in one package.
type attribution struct {
	exclusive, shared int64            // bytes of types (with their methods) only this kind reaches, and reached by other kinds too
	byFile            map[string]int64 // exclusive bytes by file (type declarations count under types_gen.go)
	types, sharedN    int
}

func (p *pkgDecls) attribute(kind string, allKinds []string) attribution {
	mine := p.closure(kind, kind+"List")
	others := map[string]bool{}
	for _, k := range allKinds {
		if k != kind {
			for t := range p.closure(k, k+"List") {
				others[t] = true
			}
		}
	}
	a := attribution{byFile: map[string]int64{}}
	for t := range mine {
		n := p.typeBytes[t]
		for _, m := range p.methods[t] {
			n += m
		}
		if others[t] {
			a.shared += n
			a.sharedN++
			continue
		}
		a.exclusive += n
		a.types++
		a.byFile["types_gen.go"] += p.typeBytes[t]
		for f, m := range p.methods[t] {
			a.byFile[f] += m
		}
	}
	return a
}

func sizeCmd(args []string) error {
	fs := flag.NewFlagSet("size", flag.ContinueOnError)
	dir := fs.String("module", "", "the generated module")
	name := fs.String("name", "", "the provider's name, for the table")
	kind := fs.String("kind", "", "attribute the bytes of this kind (with -version) instead of printing the module's row")
	pkgs := fs.String("packages", "", "comma-separated package directories (vYYYYMMDD, vYYYYMMDD/storage) to attribute -kind in")
	header := fs.Bool("header", false, "print the table header and stop")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *header {
		fmt.Printf("%-26s %9s %9s %9s %9s %9s %9s %6s %7s %10s %10s %8s %8s\n",
			"provider", "total KB", "spoke KB", "stor. KB", "conv KB", "types KB", "dcopy KB",
			"res-v", "fields", "spoke B/rv", "stor. B/rv", "B/field", "spoke B/f")
		return nil
	}
	m, err := openModule(*dir)
	if err != nil {
		return err
	}
	if *kind != "" {
		return attributeCmd(m, *kind, strings.Split(*pkgs, ","))
	}
	s, err := measure(m)
	if err != nil {
		return err
	}
	kb := func(n int64) float64 { return float64(n) / 1024 }
	total := s.spoke + s.storage + s.other
	rv, f := float64(s.resourceVersions), float64(s.spokeFields)
	fmt.Printf("%-26s %9.0f %9.0f %9.0f %9.0f %9.0f %9.0f %6d %7d %10.0f %10.0f %8.0f %8.0f\n",
		*name, kb(total), kb(s.spoke), kb(s.storage), kb(s.conversions), kb(s.types), kb(s.deepcopy),
		s.resourceVersions, s.spokeFields, float64(s.spoke)/rv, float64(s.storage)/rv, float64(total)/f, float64(s.spoke)/f)
	return nil
}

// attributeCmd prints, per package: the package, exclusive bytes, exclusive types,
// shared bytes, shared types, the package's bytes, its kinds and the exclusive
// bytes by file (tab-separated).
func attributeCmd(m *module, kind string, pkgs []string) error {
	for _, pkg := range pkgs {
		dir := filepath.Join(m.dir, pkg)
		ks, err := kinds(dir)
		if err != nil {
			return err
		}
		if _, ok := ks[kind]; !ok {
			return fmt.Errorf("%s: no kind %s", pkg, kind)
		}
		var all []string
		for k := range ks {
			all = append(all, k)
		}
		sort.Strings(all)
		p, err := parsePackage(dir)
		if err != nil {
			return err
		}
		a := p.attribute(kind, all)
		var files []string
		for f := range a.byFile {
			files = append(files, f)
		}
		sort.Strings(files)
		var parts []string
		for _, f := range files {
			parts = append(parts, fmt.Sprintf("%s %d", f, a.byFile[f]))
		}
		fmt.Printf("%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", pkg, a.exclusive, a.types, a.shared, a.sharedN, p.total, len(all), strings.Join(parts, ", "))
	}
	return nil
}
