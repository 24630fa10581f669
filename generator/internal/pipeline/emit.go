package pipeline

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/buildfiles"
	"github.com/armhub/armhub/generator/internal/emit/convert"
	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/emit/register"
	"github.com/armhub/armhub/generator/internal/emit/suite"
	"github.com/armhub/armhub/generator/internal/emit/types"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// emitted is what the emit stage returns.
type emitted struct {
	module gosrc.Files // the service module, relative to its root
	suite  gosrc.Files // the conformance suite, relative to its directory
	notes  []string
}

// emitter holds what every emitter of one service needs.
type emitter struct {
	svc    *metadata.Service
	module *gosrc.Module
	labels layout.Labels
	files  *fileSet
	notes  []string
	// libraries are the go_library labels of the module's Go packages
	// (//dir:name), in the order they were added.
	libraries []string
}

// part is some files of one package and what produced them.
type part struct {
	producer string
	files    gosrc.Files
}

// labelsFor returns the Bazel labels the module's BUILD files use.
func labelsFor(svc *metadata.Service, opts Options) layout.Labels {
	if opts.External {
		return layout.ExternalLabelsFor(svc.Module.Path)
	}
	return layout.LabelsFor(svc.Name, svc.Module.Path)
}

// emitAll writes every file of the service module and of its conformance suite.
func emitAll(svc *metadata.Service, opts Options, versions []Version, graph *conversion.Graph, inputs, augmented []string) (*emitted, error) {
	e := &emitter{
		svc: svc, module: &gosrc.Module{Path: svc.Module.Path, Group: svc.Group, Graph: graph},
		labels: labelsFor(svc, opts), files: newFileSet(svc.File),
	}
	steps := []func() error{
		func() error { return e.packages(versions) },
		func() error { return e.crds(versions) },
		func() error { return e.register(versions) },
		func() error {
			return e.files.add(layout.GoModFile, "go.mod", buildfiles.GoMod(svc.Module.Path, moduleRequirements()))
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	out := &emitted{module: e.files.files, notes: e.notes}
	note, err := e.serviceBuild(opts, inputs)
	if err != nil {
		return nil, err
	}
	if note != "" {
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
			emit func(*golang.Package, types.Target) (gosrc.Files, error)
		}{
			{layout.Spoke, v.Spoke, types.SpokeFiles},
			{layout.Storage, v.Storage, types.SpokeFiles},
			{layout.Compat, types.CompatPackage(e.module.Graph, i), types.CompatFiles},
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

func (e *emitter) goPackage(i int, side layout.Side, pkg *golang.Package, emitTypes func(*golang.Package, types.Target) (gosrc.Files, error)) error {
	dir := e.module.Dir(i, side)
	target := types.Target{Group: e.module.Group, ImportPath: e.module.ImportPath(i, side), Dir: dir, Version: pkg.Version}
	generated, err := emitTypes(pkg, target)
	if err != nil {
		return err
	}
	conversions, err := convert.File(e.module, i, side, pkg.Name)
	if err != nil {
		return err
	}
	return e.addPackage(dir, pkg.Name, target.ImportPath,
		part{"the Go types of " + dir, generated},
		part{"the conversions of " + dir, gosrc.Files{dir + "/" + layout.ConversionsFile: conversions}})
}

// addPackage adds the Go files of a package, given in parts, and its BUILD file.
func (e *emitter) addPackage(dir, name, importPath string, parts ...part) error {
	all := gosrc.Files{}
	for _, p := range parts {
		if err := e.files.addAll(p.files, p.producer); err != nil {
			return err
		}
		for path, data := range p.files {
			all[path] = data
		}
	}
	deps, err := e.labels.Deps(all)
	if err != nil {
		return err
	}
	e.libraries = append(e.libraries, "//"+dir+":"+name)
	return e.files.add(dir+"/"+layout.BuildFile, "the BUILD file of "+dir, buildfiles.BuildFile(name, importPath, deps))
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
	budget := newBudget(e.svc)
	for _, kind := range e.module.Graph.Kinds() {
		listed := e.crdVersions(kind, versions)
		data, err := crds.CRD(e.svc.Group, kind, listed, e.webhook())
		if err != nil {
			return err
		}
		path := crds.Path(e.svc.Group, kind)
		if err := budget.measure(path, kind, len(listed), data); err != nil {
			return err
		}
		if err := e.files.add(path, "the CRD of kind "+kind, data); err != nil {
			return err
		}
	}
	if err := budget.check(); err != nil {
		return err
	}
	if note := budget.note(); note != "" {
		e.notes = append(e.notes, note)
	}
	if err := e.files.add(layout.CRDDir+"/"+layout.CRDGoFile, "the crd package", crds.PackageFile()); err != nil {
		return err
	}
	e.libraries = append(e.libraries, "//"+layout.CRDDir+":"+layout.CRDDir)
	return e.files.add(layout.CRDDir+"/"+layout.BuildFile, "the BUILD file of the crd package", buildfiles.CRDBuildFile(e.svc.Module.Path+"/"+layout.CRDDir))
}

func (e *emitter) webhook() crds.Webhook {
	w := e.svc.Webhook
	return crds.Webhook{Service: w.Service, Namespace: w.Namespace, Path: w.Path, Port: w.Port, Certificate: w.Certificate}
}

// crdVersions returns the versions the CRD of kind lists, by the metadata's
// policy, sorted by name.
func (e *emitter) crdVersions(kind string, versions []Version) []crds.Version {
	graph, policy := e.module.Graph, e.svc.CRDs
	listing := crds.Listing{StoredOnly: policy.StoredOnly(), Stored: policy.IsStored}
	var listed []crds.Version
	for i, v := range versions {
		if hasKind(v.Spoke, kind) {
			listed = append(listed, listing.Versions(v.Spoke, v.Storage, v.Lifecycle, i == graph.Hubs[kind])...)
		}
	}
	sort.SliceStable(listed, func(a, b int) bool { return listed[a].Name < listed[b].Name })
	return listed
}

// register writes the service's entry point package, with the table of every
// version's lifecycle.
func (e *emitter) register(versions []Version) error {
	source, err := register.File(e.module, e.svc.Name, e.svc.Webhook.Path)
	if err != nil {
		return err
	}
	lifecycles := lifecycle.Versions{}
	for _, v := range versions {
		lifecycles[v.Spoke.Version] = v.Lifecycle.Stages
	}
	table, err := register.Lifecycles(lifecycles)
	if err != nil {
		return err
	}
	dir := layout.RegisterDir
	return e.addPackage(dir, dir, e.svc.Module.Path+"/"+dir,
		part{"the register package", gosrc.Files{dir + "/" + layout.RegisterFile: source}},
		part{"the lifecycle table", gosrc.Files{dir + "/" + layout.LifecyclesFile: table}})
}

// conformance writes the service's conformance suite.
func (e *emitter) conformance(augmented []string) (gosrc.Files, error) {
	source, err := suite.File(e.module, "conformance", augmented)
	if err != nil {
		return nil, err
	}
	files := newFileSet(e.svc.File + " (conformance suite)")
	if err := files.add(layout.SuiteFile, "the conformance suite", source); err != nil {
		return nil, err
	}
	deps, err := e.labels.Deps(files.files)
	if err != nil {
		return nil, err
	}
	err = files.add(layout.BuildFile, "the BUILD file of the conformance suite", buildfiles.TestBuildFile(e.svc.Name+"_test", deps))
	return files.files, err
}

// serviceBuild adds the module's root BUILD.bazel, which declares the
// service's Bazel generation, when opts name the metadata file's label.
// It returns a note when it cannot: the schemas must lie in the metadata's own
// Bazel package.
func (e *emitter) serviceBuild(opts Options, inputs []string) (string, error) {
	if opts.External {
		return "", e.files.add(layout.BuildFile, "the root BUILD file", buildfiles.ExternalRootBuildFile(e.libraries))
	}
	if opts.MetadataLabel == "" {
		return "", nil
	}
	svc := e.svc
	pkg, _, _ := strings.Cut(strings.TrimPrefix(opts.MetadataLabel, "//"), ":")
	schemas := path.Clean(filepath.ToSlash(svc.Schemas))
	if opts.SchemaRoot != "" || filepath.IsAbs(svc.Schemas) || schemas == ".." || strings.HasPrefix(schemas, "../") {
		return fmt.Sprintf("%s: no Bazel generation target (BUILD.bazel at the module root): the schemas lie outside the metadata's own Bazel package", svc.File), nil
	}
	build := buildfiles.ServiceBuild{Service: svc.Name, Metadata: opts.MetadataLabel}
	for _, in := range inputs {
		build.Schemas = append(build.Schemas, "//"+pkg+":"+path.Join(schemas, in))
	}
	build.Packages = append(build.Packages, layout.CRDDir, layout.RegisterDir)
	for i := range e.module.Graph.Versions {
		for _, side := range layout.Sides {
			dir := e.module.Dir(i, side)
			if !e.files.has(dir + "/" + layout.BuildFile) {
				continue
			}
			build.Packages = append(build.Packages, dir)
			if side != layout.Compat {
				build.Handwritten = append(build.Handwritten, dir)
			}
		}
	}
	return "", e.files.add(layout.BuildFile, "the service's Bazel generation", buildfiles.ServiceBuildFile(build))
}
