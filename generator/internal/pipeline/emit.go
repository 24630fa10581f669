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
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
)

// emitted is what the emit stage returns.
type emitted struct {
	module emit.Files // the service module, relative to its root
	suite  emit.Files // the conformance suite, relative to its directory
	notes  []string
}

// emitter holds what every emitter of one service needs.
type emitter struct {
	svc    *metadata.Service
	module *emit.Module
	labels layout.Labels
	files  emit.Files
}

// emitAll writes every file of the service module and of its conformance suite.
func emitAll(svc *metadata.Service, opts Options, versions []Version, graph *conversion.Graph, inputs, augmented []string) (*emitted, error) {
	e := &emitter{
		svc: svc, module: &emit.Module{Path: svc.Module.Path, Group: svc.Group, Graph: graph},
		labels: layout.LabelsFor(svc.Name, svc.Module.Path), files: emit.Files{},
	}
	steps := []func() error{
		func() error { return e.packages(versions) },
		func() error { return e.crds(versions) },
		e.register,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	e.files[layout.GoModFile] = emit.GoMod(svc.Module.Path, moduleRequirements())
	out := &emitted{module: e.files}
	if note := e.serviceBuild(opts, inputs); note != "" {
		out.notes = append(out.notes, note)
	}
	suite, err := e.conformance(augmented)
	out.suite = suite
	return out, err
}

// packages writes the spoke, storage and compat packages of every version.
func (e *emitter) packages(versions []Version) error {
	for i, v := range versions {
		sides := []struct {
			side layout.Side
			pkg  *golang.Package
			emit func(*golang.Package, emit.Target) (emit.Files, error)
		}{
			{layout.Spoke, v.Spoke, emit.SpokeFiles},
			{layout.Storage, v.Storage, emit.SpokeFiles},
			{layout.Compat, emit.CompatPackage(e.module.Graph, i), emit.CompatFiles},
		}
		for _, s := range sides {
			if s.pkg == nil {
				continue
			}
			if err := e.goPackage(i, s.side, s.pkg, s.emit); err != nil {
				return fmt.Errorf("%s %s: %w", e.svc.Provider, v.API.Version, err)
			}
		}
	}
	return nil
}

func (e *emitter) goPackage(i int, side layout.Side, pkg *golang.Package, emitTypes func(*golang.Package, emit.Target) (emit.Files, error)) error {
	dir := e.module.Dir(i, side)
	target := emit.Target{Group: e.module.Group, ImportPath: e.module.ImportPath(i, side), Dir: dir, Version: pkg.Version}
	generated, err := emitTypes(pkg, target)
	if err != nil {
		return err
	}
	conversions, err := emit.ConversionFile(e.module, i, side, pkg.Name)
	if err != nil {
		return err
	}
	generated[dir+"/"+layout.ConversionsFile] = conversions
	return e.addPackage(dir, pkg.Name, target.ImportPath, generated)
}

// addPackage adds the Go files of a package and its BUILD file.
func (e *emitter) addPackage(dir, name, importPath string, generated emit.Files) error {
	deps, err := e.labels.Deps(generated)
	if err != nil {
		return err
	}
	for p, data := range generated {
		e.files[p] = data
	}
	e.files[dir+"/"+layout.BuildFile] = emit.BuildFile(name, importPath, deps)
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

// crds writes one CRD per resource kind, and the crd package that embeds them.
func (e *emitter) crds(versions []Version) error {
	graph, w := e.module.Graph, e.svc.Webhook
	webhook := emit.Webhook{Service: w.Service, Namespace: w.Namespace, Path: w.Path, Port: w.Port, Certificate: w.Certificate}
	for _, kind := range graph.Kinds() {
		var crdVersions []emit.CRDVersion
		for i, v := range versions {
			if hasKind(v.Spoke, kind) {
				crdVersions = append(crdVersions, emit.SpokeCRDVersion(v.Spoke, v.Lifecycle),
					emit.StorageCRDVersion(v.Storage, v.Lifecycle, i == graph.Hubs[kind]))
			}
		}
		sort.SliceStable(crdVersions, func(a, b int) bool { return crdVersions[a].Name < crdVersions[b].Name })
		data, err := emit.CRD(e.svc.Group, kind, crdVersions, webhook)
		if err != nil {
			return err
		}
		e.files[emit.CRDPath(e.svc.Group, kind)] = data
	}
	source, build := emit.CRDPackage(e.svc.Module.Path + "/" + layout.CRDDir)
	e.files[layout.CRDDir+"/"+layout.CRDGoFile], e.files[layout.CRDDir+"/"+layout.BuildFile] = source, build
	return nil
}

// register writes the service's entry point package.
func (e *emitter) register() error {
	source, err := emit.RegisterFile(e.module, e.svc.Name, e.svc.Webhook.Path)
	if err != nil {
		return err
	}
	dir := layout.RegisterDir
	return e.addPackage(dir, dir, e.svc.Module.Path+"/"+dir, emit.Files{dir + "/" + layout.RegisterFile: source})
}

// conformance writes the service's conformance suite.
func (e *emitter) conformance(augmented []string) (emit.Files, error) {
	source, err := emit.ConformanceFile(e.module, "conformance", augmented)
	if err != nil {
		return nil, err
	}
	files := emit.Files{layout.SuiteFile: source}
	deps, err := e.labels.Deps(files)
	if err != nil {
		return nil, err
	}
	files[layout.BuildFile] = emit.TestBuildFile(e.svc.Name+"_test", deps)
	return files, nil
}

// serviceBuild adds the module's root BUILD.bazel, which declares the
// service's Bazel generation, when opts name the metadata file's label.
// It returns a note when it cannot: the schemas must lie in the metadata's own
// Bazel package.
func (e *emitter) serviceBuild(opts Options, inputs []string) string {
	if opts.MetadataLabel == "" {
		return ""
	}
	svc := e.svc
	pkg, _, _ := strings.Cut(strings.TrimPrefix(opts.MetadataLabel, "//"), ":")
	schemas := path.Clean(filepath.ToSlash(svc.Schemas))
	if opts.SchemaRoot != "" || filepath.IsAbs(svc.Schemas) || schemas == ".." || strings.HasPrefix(schemas, "../") {
		return fmt.Sprintf("%s: no Bazel generation target (BUILD.bazel at the module root): the schemas lie outside the metadata's own Bazel package", svc.File)
	}
	build := emit.ServiceBuild{Service: svc.Name, Metadata: opts.MetadataLabel}
	for _, in := range inputs {
		build.Schemas = append(build.Schemas, "//"+pkg+":"+path.Join(schemas, in))
	}
	build.Packages = append(build.Packages, layout.CRDDir, layout.RegisterDir)
	for i := range e.module.Graph.Versions {
		for _, side := range layout.Sides {
			dir := e.module.Dir(i, side)
			if _, generated := e.files[dir+"/"+layout.BuildFile]; !generated {
				continue
			}
			build.Packages = append(build.Packages, dir)
			if side != layout.Compat {
				build.Handwritten = append(build.Handwritten, dir)
			}
		}
	}
	e.files[layout.BuildFile] = emit.ServiceBuildFile(build)
	return ""
}
