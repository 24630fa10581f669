// Package drift holds only a test: that naming's table of reserved members
// covers what the emitters generate. It is a package of its own because the
// test imports the emitters, which import naming.
package drift

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/convert"
	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/emit/types"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// The reserved table cannot drift from the emitters: every method and every
// field not made from a schema property that the Go types and conversions of
// the tiny service declare is a naming.Member of its type's role (with its
// JSON name), and every exported package-level identifier is a type or
// constant the authority named or a naming.PackageMember. The service is
// rendered as it is and with its last version a preview (a hub with versions
// beyond it) and a status object.
func TestReservedTableCoversTheEmitters(t *testing.T) {
	for name, graph := range map[string]*conversion.ComposedGraph{"tiny": emittest.Graph(), "beyond the hub": beyondHubGraph(t)} {
		t.Run(name, func(t *testing.T) {
			m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: graph}
			for _, v := range graph.Versions {
				i := v.Index
				checkPackage(t, m, i, layout.Spoke, v.Spoke)
				checkPackage(t, m, i, layout.Storage, v.Storage)
				if compat := types.CompatPackage(graph.Graph, i); compat != nil {
					checkPackage(t, m, i, layout.Compat, compat)
				}
			}
		})
	}
}

// beyondHubGraph is the tiny service with its last version a preview, and a
// status object on every widget.
func beyondHubGraph(t *testing.T) *conversion.ComposedGraph {
	apis := emittest.Versions()
	apis[len(apis)-1].Version += "-preview"
	var versions []*conversion.Version
	for i, api := range apis {
		status := &model.Object{Name: "widgets_Status", Properties: []*model.Property{
			{Name: "state", Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String}},
		}}
		api.Objects[status.Name] = status
		api.Resource("widgets").Status = status.Name
		spoke, err := golang.BuildNamed(api, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, &conversion.Version{Index: conversion.VersionIndex(i), Spoke: spoke, Storage: golang.StoragePackage(spoke)})
	}
	g, err := conversion.Build(versions, emittest.Renames)
	if err != nil {
		t.Fatal(err)
	}
	composed, err := conversion.Compose(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return composed
}

// checkPackage renders the package of version i on side and checks its
// declarations against the reserved table.
func checkPackage(t *testing.T, m *gosrc.Module, i conversion.VersionIndex, side layout.Side, pkg *golang.Package) {
	t.Helper()
	target := types.Target{Group: m.Group, ImportPath: m.ImportPath(i, side), Dir: m.Dir(i, side), Version: pkg.Version}
	emit := types.SpokeFiles
	if side == layout.Compat {
		emit = types.CompatFiles
	}
	files, err := emit(pkg, target)
	if err != nil {
		t.Fatal(err)
	}
	conversions, err := convert.File(m, i, side, pkg.Name)
	if err != nil {
		t.Fatal(err)
	}
	files[target.Dir+"/"+layout.ConversionsFile] = conversions
	c := newChecker(pkg)
	for path, data := range files {
		f, err := parser.ParseFile(token.NewFileSet(), path, data, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, problem := range c.check(f) {
			t.Errorf("%s: %s", path, problem)
		}
	}
}

// checker knows the roles of a package's types and the names the authority gave.
type checker struct {
	roles   map[string]naming.Role
	structs map[string]*golang.Struct
	named   map[string]bool // types and enum constants
}

func newChecker(pkg *golang.Package) *checker {
	c := &checker{roles: map[string]naming.Role{}, structs: map[string]*golang.Struct{}, named: map[string]bool{}}
	for _, s := range pkg.Structs {
		c.roles[s.Name], c.structs[s.Name], c.named[s.Name] = naming.Object, s, true
	}
	for _, r := range pkg.Resources {
		c.roles[r.Kind], c.roles[naming.ListType(r.Kind)] = naming.Resource, naming.List
		c.named[r.Kind], c.named[naming.ListType(r.Kind)] = true, true
		c.roles[r.Spec.Name], c.roles[r.Status.Name] = naming.Spec, naming.Status
		if r.OwnerKind != "" {
			c.roles[r.Spec.Name] = naming.ChildSpec
		}
	}
	for _, e := range pkg.Enums {
		c.named[e.Name] = true
		for _, v := range e.Values {
			c.named[v.Const] = true
		}
	}
	for _, m := range naming.PackageMembers {
		c.named[m.Name] = true
	}
	return c
}

// check returns what file declares that the reserved table does not know.
func (c *checker) check(f *ast.File) []string {
	var problems []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			problems = append(problems, c.checkFunc(d)...)
		case *ast.GenDecl:
			problems = append(problems, c.checkGen(d)...)
		}
	}
	return problems
}

func (c *checker) checkFunc(d *ast.FuncDecl) []string {
	if d.Recv == nil {
		return c.checkPackageName(d.Name.Name)
	}
	recv := d.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	typeName := recv.(*ast.Ident).Name
	role, ok := c.roles[typeName]
	if !ok {
		return []string{"method " + d.Name.Name + " of unknown type " + typeName}
	}
	if naming.ReservedMember(role, d.Name.Name) == nil {
		return []string{"method " + typeName + "." + d.Name.Name + " is not reserved for a " + role.String()}
	}
	return nil
}

func (c *checker) checkGen(d *ast.GenDecl) []string {
	var problems []string
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			problems = append(problems, c.checkPackageName(s.Name.Name)...)
			if st, ok := s.Type.(*ast.StructType); ok {
				problems = append(problems, c.checkFields(s.Name.Name, st)...)
			}
		case *ast.ValueSpec:
			for _, n := range s.Names {
				problems = append(problems, c.checkPackageName(n.Name)...)
			}
		}
	}
	return problems
}

// checkPackageName checks an exported package-level identifier.
func (c *checker) checkPackageName(name string) []string {
	if !ast.IsExported(name) || c.named[name] {
		return nil
	}
	return []string{"package-level " + name + " is neither named by the authority nor a naming.PackageMember"}
}

// checkFields checks that every field of struct typeName that is not a schema
// property is a reserved member of its role, with its JSON name.
func (c *checker) checkFields(typeName string, st *ast.StructType) []string {
	role := c.roles[typeName]
	var problems []string
	for _, field := range st.Fields.List {
		name, json := fieldNames(field)
		if c.isProperty(typeName, name) {
			continue
		}
		m := naming.ReservedMember(role, name)
		if m == nil || m.JSON != json {
			problems = append(problems, "field "+typeName+"."+name+" (JSON "+strconv.Quote(json)+") is not reserved for a "+role.String())
		}
	}
	return problems
}

// isProperty reports whether the field name of typeName is made from a
// schema property.
func (c *checker) isProperty(typeName, name string) bool {
	s := c.structs[typeName]
	if s == nil {
		return false
	}
	for _, f := range s.Fields {
		if f.Name == name {
			return !f.Generated
		}
	}
	return false
}

// fieldNames returns the Go name of a field (an embedded one's type name) and
// its JSON name.
func fieldNames(field *ast.Field) (string, string) {
	var name string
	if len(field.Names) > 0 {
		name = field.Names[0].Name
	} else if sel, ok := field.Type.(*ast.SelectorExpr); ok {
		name = sel.Sel.Name
	}
	var json string
	if field.Tag != nil {
		tag, _ := strconv.Unquote(field.Tag.Value)
		json, _, _ = strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	}
	return name, json
}
