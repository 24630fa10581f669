package pipeline

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/naming"
	"github.com/armhub/armhub/runtime"
)

// labelsFor maps the repository's modules to their directories.
func labelsFor(svc *metadata.Service) emit.Labels {
	return emit.Labels{Local: map[string]string{
		"github.com/armhub/armhub/runtime":     "runtime",
		"github.com/armhub/armhub/conformance": "conformance",
		svc.Module.Path:                        "apis/" + svc.Name,
	}}
}

// moduleFor returns the emitters' view of the service module.
func moduleFor(svc *metadata.Service, graph *conversion.Graph) *emit.Module {
	return &emit.Module{Path: svc.Module.Path, Group: svc.Group, Graph: graph}
}

// emitConformance writes the service's conformance suite (conformance/<service>).
func emitConformance(svc *metadata.Service, graph *conversion.Graph, augmented []string) (emit.Files, error) {
	module := moduleFor(svc, graph)
	source, err := emit.ConformanceFile(module, "conformance", augmented)
	if err != nil {
		return nil, err
	}
	files := emit.Files{"conformance_gen_test.go": source}
	deps, err := labelsFor(svc).Deps(files)
	if err != nil {
		return nil, err
	}
	files["BUILD.bazel"] = emit.TestBuildFile(svc.Name+"_test", deps)
	return files, nil
}

// emitService writes every file of the service module.
func emitService(svc *metadata.Service, versions []*Version, graph *conversion.Graph) (emit.Files, error) {
	module := moduleFor(svc, graph)
	labels := labelsFor(svc)
	files := emit.Files{}
	for i, v := range versions {
		sides := []struct {
			side conversion.Side
			pkg  *golang.Package
			emit func(*golang.Package, emit.Target) (emit.Files, error)
		}{
			{conversion.SpokeSide, v.Package, emit.SpokeFiles},
			{conversion.StorageSide, v.Storage, emit.SpokeFiles},
			{conversion.CompatSide, compatPackage(graph, i, v), emit.CompatFiles},
		}
		for _, s := range sides {
			if s.pkg == nil {
				continue
			}
			if err := emitPackage(module, labels, i, s.side, s.pkg, s.emit, files); err != nil {
				return nil, fmt.Errorf("%s %s: %w", svc.Provider, v.API.Version, err)
			}
		}
	}
	if err := emitCRDs(svc, versions, graph, files); err != nil {
		return nil, err
	}
	if err := emitRegister(svc, module, labels, files); err != nil {
		return nil, err
	}
	files["go.mod"] = emit.GoMod(svc.Module.Path, moduleRequirements())
	return files, nil
}

// compatPackage returns the compat package of version i, or nil when it has none.
func compatPackage(graph *conversion.Graph, i int, v *Version) *golang.Package {
	structs := graph.Compat[i]
	if len(structs) == 0 {
		return nil
	}
	sorted := append([]*golang.Struct(nil), structs...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].Name < sorted[b].Name })
	return &golang.Package{APIVersion: v.API.Version, Name: "compat", Version: v.Storage.Version, Storage: true, Structs: sorted}
}

func emitPackage(module *emit.Module, labels emit.Labels, i int, side conversion.Side, pkg *golang.Package,
	emitTypes func(*golang.Package, emit.Target) (emit.Files, error), files emit.Files) error {
	dir := module.Dir(i, side)
	target := emit.Target{Group: module.Group, ImportPath: module.ImportPath(i, side), Dir: dir, Version: pkg.Version}
	generated, err := emitTypes(pkg, target)
	if err != nil {
		return err
	}
	conversions, err := emit.ConversionFile(module, i, side, pkg.Name)
	if err != nil {
		return err
	}
	generated[dir+"/conversions_gen.go"] = conversions
	deps, err := labels.Deps(generated)
	if err != nil {
		return err
	}
	for path, data := range generated {
		files[path] = data
	}
	files[dir+"/BUILD.bazel"] = emit.BuildFile(pkg.Name, target.ImportPath, deps)
	return nil
}

func hasKind(pkg *golang.Package, kind string) bool {
	for _, r := range pkg.Resources {
		if r.Kind == kind {
			return true
		}
	}
	return false
}

func emitCRDs(svc *metadata.Service, versions []*Version, graph *conversion.Graph, files emit.Files) error {
	for _, kind := range graph.Kinds() {
		hub := graph.Hubs[kind]
		var crdVersions []emit.CRDVersion
		for i, v := range versions {
			if !hasKind(v.Package, kind) {
				continue
			}
			crdVersions = append(crdVersions, spokeCRDVersion(v), storageCRDVersion(v, i == hub))
		}
		sort.SliceStable(crdVersions, func(a, b int) bool { return crdVersions[a].Name < crdVersions[b].Name })
		w := svc.Webhook
		webhook := emit.Webhook{Service: w.Service, Namespace: w.Namespace, Path: w.Path, Port: w.Port, Certificate: w.Certificate}
		data, err := emit.CRD(svc.Group, kind, crdVersions, webhook)
		if err != nil {
			return err
		}
		files[fmt.Sprintf("crd/%s_%s.yaml", svc.Group, naming.Lower(emit.Plural(kind)))] = data
	}
	files["crd/crd_gen.go"], files["crd/BUILD.bazel"] = emit.CRDPackage(svc.Module.Path + "/crd")
	return nil
}

// emitRegister writes the service's entry point package (register).
func emitRegister(svc *metadata.Service, module *emit.Module, labels emit.Labels, files emit.Files) error {
	source, err := emit.RegisterFile(module, svc.Name, svc.Webhook.Path)
	if err != nil {
		return err
	}
	generated := emit.Files{emit.RegisterDir + "/register_gen.go": source}
	deps, err := labels.Deps(generated)
	if err != nil {
		return err
	}
	files[emit.RegisterDir+"/register_gen.go"] = source
	files[emit.RegisterDir+"/BUILD.bazel"] = emit.BuildFile("register", svc.Module.Path+"/"+emit.RegisterDir, deps)
	return nil
}

func spokeCRDVersion(v *Version) emit.CRDVersion {
	c := emit.CRDVersion{
		Name: v.Package.Version, Package: v.Package,
		Served: v.Class != string(runtime.Expired) && v.Class != string(runtime.Unavailable),
	}
	if v.Class == string(runtime.Deprecated) {
		c.Deprecated = true
		c.DeprecationWarning = fmt.Sprintf("API version %s is deprecated", v.API.Version)
		if v.NextTime != nil {
			c.DeprecationWarning += " and expires at " + v.NextTime.UTC().Format("2006-01-02T15:04:05Z")
		}
	}
	return c
}

// storageCRDVersion lists a storage variant: the hub is where objects are stored;
// every storage variant is served so that objects stored by earlier releases stay
// readable, except those of expired versions.
func storageCRDVersion(v *Version, hub bool) emit.CRDVersion {
	return emit.CRDVersion{
		Name: v.Storage.Version, Package: v.Storage, Storage: hub,
		Served: hub || v.Class != string(runtime.Expired),
	}
}

// emitServiceBuild adds the module's root BUILD.bazel, which declares the
// service's Bazel generation, when opts name the metadata file's label.
// It returns a note when it cannot: the schemas must lie in the metadata's own
// Bazel package.
func emitServiceBuild(svc *metadata.Service, opts Options, graph *conversion.Graph, inputs []string, files emit.Files) string {
	if opts.MetadataLabel == "" {
		return ""
	}
	pkg, _, _ := strings.Cut(strings.TrimPrefix(opts.MetadataLabel, "//"), ":")
	schemas := path.Clean(filepath.ToSlash(svc.Schemas))
	if opts.SchemaRoot != "" || filepath.IsAbs(svc.Schemas) || schemas == ".." || strings.HasPrefix(schemas, "../") {
		return fmt.Sprintf("%s: no Bazel generation target (BUILD.bazel at the module root): the schemas lie outside the metadata's own Bazel package", svc.File)
	}
	build := emit.ServiceBuild{Service: svc.Name, Metadata: opts.MetadataLabel}
	for _, in := range inputs {
		build.Schemas = append(build.Schemas, "//"+pkg+":"+path.Join(schemas, in))
	}
	module := moduleFor(svc, graph)
	build.Packages = append(build.Packages, "crd", emit.RegisterDir)
	for i := range graph.Versions {
		for _, side := range []conversion.Side{conversion.SpokeSide, conversion.StorageSide, conversion.CompatSide} {
			dir := module.Dir(i, side)
			if _, generated := files[dir+"/BUILD.bazel"]; !generated {
				continue
			}
			build.Packages = append(build.Packages, dir)
			if side != conversion.CompatSide {
				build.Handwritten = append(build.Handwritten, dir)
			}
		}
	}
	files["BUILD.bazel"] = emit.ServiceBuildFile(build)
	return ""
}
