package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// byWayOf matches the doc comment of a generated ConvertSpecTo (or, for a
// storage version before the hub, StepConvertSpecTo) that hands the spec on to
// the next storage version: "... this X_Spec to destination, by way of alias.X_Spec."
var byWayOf = regexp.MustCompile(`// (?:Step)?ConvertSpecTo converts this (\w+) to destination, by way of (\w+)\.\w+\.`)

// beyondHub matches the doc comment of the ConvertSpecTo of a storage version
// newer than the hub, which converts straight to the hub.
var beyondHub = regexp.MustCompile(`// ConvertSpecTo converts this (\w+), newer than the hub, to destination through the hub\.`)

// toHub stands for the hub package in graph.next.
const toHub = "(hub)"

// hubDecl matches the marker method of a hub kind.
var hubDecl = regexp.MustCompile(`(?m)^func \(\*(\w+)\) Hub\(\) \{\}`)

// graph holds, for every package, the next hop of each spec type on the way
// to its hub: the package directory (relative to the module) its ConvertSpecTo
// goes by way of.
type graph struct {
	m    *module
	next map[string]map[string]string // package dir -> spec type -> next package dir
	hub  map[string]string            // kind -> hub package dir
}

func loadGraph(m *module) (*graph, error) {
	g := &graph{m: m, next: map[string]map[string]string{}, hub: map[string]string{}}
	for _, v := range m.vers {
		for _, pkg := range []string{v, v + "/storage"} {
			file := filepath.Join(m.dir, pkg, "conversions_gen.go")
			src, err := os.ReadFile(file)
			if os.IsNotExist(err) {
				continue
			} else if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ImportsOnly)
			if err != nil {
				return nil, err
			}
			alias := map[string]string{}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if imp.Name != nil {
					if dir, ok := m.rel(p); ok {
						alias[imp.Name.Name] = dir
					}
				}
			}
			hops := map[string]string{}
			for _, match := range byWayOf.FindAllSubmatch(src, -1) {
				dir, ok := alias[string(match[2])]
				if !ok {
					return nil, fmt.Errorf("%s: %s goes by way of unknown package %s", file, match[1], match[2])
				}
				hops[string(match[1])] = dir
			}
			for _, match := range beyondHub.FindAllSubmatch(src, -1) {
				hops[string(match[1])] = toHub
			}
			g.next[pkg] = hops
			for _, match := range hubDecl.FindAllSubmatch(src, -1) {
				g.hub[string(match[1])] = pkg
			}
		}
	}
	return g, nil
}

// kinds returns the resource kinds declared in a package's types_gen.go, each with
// the name of its spec type: structs that embed metav1.ObjectMeta and have a Spec.
func kinds(dir string) (map[string]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, "types_gen.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			meta, spec := false, ""
			for _, fld := range st.Fields.List {
				if sel, ok := fld.Type.(*ast.SelectorExpr); ok && len(fld.Names) == 0 && sel.Sel.Name == "ObjectMeta" {
					meta = true
				}
				if len(fld.Names) == 1 && fld.Names[0].Name == "Spec" {
					if id, ok := fld.Type.(*ast.Ident); ok {
						spec = id.Name
					}
				}
			}
			if meta && spec != "" {
				out[ts.Name.Name] = spec
			}
		}
	}
	return out, nil
}

// chain follows the spec of kind from spoke package pkg to its hub and returns
// the storage packages on the way (the hub last).
func (g *graph) chain(pkg, spec, kind string) ([]string, error) {
	hub, ok := g.hub[kind]
	if !ok {
		return nil, fmt.Errorf("%s has no hub", kind)
	}
	var path []string
	for cur := pkg; cur != hub; {
		nxt, ok := g.next[cur][spec]
		if !ok {
			return nil, fmt.Errorf("%s: %s in %s does not lead to its hub %s", kind, spec, cur, hub)
		}
		if nxt == toHub {
			nxt = hub
		}
		path = append(path, nxt)
		if len(path) > len(g.m.vers)+1 {
			return nil, fmt.Errorf("%s: conversion chain from %s loops", kind, pkg)
		}
		cur = nxt
	}
	return path, nil
}

type longest struct {
	kind, spoke, hub string
	length           int
	spokes           int
}

// longestChain finds, over every kind, the spoke with the most storage versions
// between it and its hub. Ties go to the kind with more spoke versions, then by name.
func longestChain(m *module) (*longest, error) {
	g, err := loadGraph(m)
	if err != nil {
		return nil, err
	}
	best := map[string]*longest{}
	for _, v := range m.vers {
		ks, err := kinds(filepath.Join(m.dir, v))
		if err != nil {
			return nil, err
		}
		for kind, spec := range ks {
			path, err := g.chain(v, spec, kind)
			if err != nil {
				return nil, err
			}
			b := best[kind]
			if b == nil {
				b = &longest{kind: kind, hub: g.hub[kind]}
				best[kind] = b
			}
			b.spokes++
			if len(path) > b.length {
				b.length, b.spoke = len(path), v
			}
		}
	}
	var win *longest
	for _, b := range best {
		if win == nil || b.length > win.length ||
			b.length == win.length && (b.spokes > win.spokes || b.spokes == win.spokes && b.kind < win.kind) {
			win = b
		}
	}
	if win == nil {
		return nil, fmt.Errorf("%s: no resource kinds", m.dir)
	}
	return win, nil
}

func chainCmd(args []string) error {
	fs := flag.NewFlagSet("chain", flag.ContinueOnError)
	dir := fs.String("module", "", "the generated module")
	if err := fs.Parse(args); err != nil {
		return err
	}
	m, err := openModule(*dir)
	if err != nil {
		return err
	}
	l, err := longestChain(m)
	if err != nil {
		return err
	}
	// kind, oldest spoke, hub package, storage versions on the way (hub included)
	fmt.Println(l.kind, l.spoke, strings.TrimSuffix(l.hub, "/storage"), l.length)
	return nil
}
