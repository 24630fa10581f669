// Package augment finds the hand-written augmentations of a service module:
// hand-written files that give a generated struct an AssignPropertiesTo or
// AssignPropertiesFrom method, which the generated conversions call.
package augment

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// Kinds returns the resource kinds whose conversions hand-written code
// augments: one of the kind's structs, in a version's spoke or storage
// package, is among found (what Augmented found). These kinds get golden
// tests; the others need none.
func Kinds(graph *conversion.Graph, found conversion.Augmented) []string {
	receivers := map[conversion.VersionIndex]map[layout.Side]map[string]bool{}
	for s := range found {
		if receivers[s.Version] == nil {
			receivers[s.Version] = map[layout.Side]map[string]bool{}
		}
		if receivers[s.Version][s.Side] == nil {
			receivers[s.Version][s.Side] = map[string]bool{}
		}
		receivers[s.Version][s.Side][s.Name] = true
	}
	kinds := map[string]bool{}
	for _, v := range graph.Versions {
		for side, pkg := range map[layout.Side]*golang.Package{layout.Spoke: v.Spoke, layout.Storage: v.Storage} {
			for _, r := range pkg.Resources {
				if usesAny(pkg, r, receivers[v.Index][side]) {
					kinds[r.Kind] = true
				}
			}
		}
	}
	var out []string
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Augmented returns which structs hand-written code under dir gives an
// augmentation method, by version and package (spoke or storage; compat
// packages have none): only their conversions check for one.
func Augmented(dir string, graph *conversion.Graph) (conversion.Augmented, error) {
	found := conversion.Augmented{}
	if dir == "" {
		return found, nil
	}
	for _, v := range graph.Versions {
		for _, side := range []layout.Side{layout.Spoke, layout.Storage} {
			pkgDir := filepath.Join(dir, layout.PackageDir(v.Spoke.Name, side))
			if !graph.Holds(v.Index, side) {
				if err := leftBehind(pkgDir, v.Spoke.APIVersion); err != nil {
					return nil, err
				}
				continue
			}
			receivers, err := augmentationReceivers(pkgDir)
			if err != nil {
				return nil, err
			}
			for name := range receivers {
				found[conversion.AugmentedStruct{Version: v.Index, Side: side, Name: name}] = true
			}
		}
	}
	return found, nil
}

// leftBehind fails when dir, the package of a version the module no longer
// holds, has hand-written Go files: they would be left without the package
// they belong to.
func leftBehind(dir, apiVersion string) error {
	files, err := handwritten(dir)
	if err != nil || len(files) == 0 {
		return err
	}
	names := slices.Sorted(maps.Keys(files))
	return model.Errorf(model.Location{File: filepath.Join(dir, names[0])},
		"hand-written code in a package of API version %s, which has expired and leaves the module: keep the version (its metadata entry's keep, with the reason) or delete the file", apiVersion)
}

// handwritten returns the hand-written Go files in dir, by name, with their
// contents.
func handwritten(dir string) (map[string][]byte, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() || !layout.IsHandwrittenGo(e.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if !layout.IsGenerated(data) {
			out[e.Name()] = data
		}
	}
	return out, nil
}

// augmentationReceivers returns the types that hand-written files in dir give an
// AssignPropertiesTo or AssignPropertiesFrom method.
func augmentationReceivers(dir string) (map[string]bool, error) {
	files, err := handwritten(dir)
	if err != nil {
		return nil, err
	}
	receivers := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(files)) { // the first error in name order
		file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), files[name], parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, decl := range file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil && isAugmentation(fn.Name.Name) {
				receivers[receiverName(fn.Recv.List[0].Type)] = true
			}
		}
	}
	return receivers, nil
}

func isAugmentation(name string) bool {
	return name == "AssignPropertiesTo" || name == "AssignPropertiesFrom"
}

func receiverName(expr ast.Expr) string {
	if star, ok := expr.(*ast.StarExpr); ok {
		expr = star.X
	}
	if id, ok := expr.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// usesAny reports whether resource r of pkg reaches a struct named in names.
func usesAny(pkg *golang.Package, r *golang.Resource, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	seen := map[string]bool{}
	queue := []string{r.Spec.Name, r.Status.Name}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		if names[name] {
			return true
		}
		if s := pkg.Struct(name); s != nil {
			for _, f := range s.Fields {
				queue = append(queue, structsOf(f.Type)...)
			}
		}
	}
	return false
}

func structsOf(t *golang.Type) []string {
	switch t.Kind {
	case model.KindArray, model.KindMap:
		return structsOf(t.Elem)
	case model.KindObject:
		return []string{t.Named}
	}
	return nil
}
