package pipeline

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/buildfiles"
	"github.com/armhub/armhub/generator/internal/emit/convert"
	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/emit/install"
	"github.com/armhub/armhub/generator/internal/emit/reference"
	"github.com/armhub/armhub/generator/internal/emit/register"
	"github.com/armhub/armhub/generator/internal/emit/suite"
	"github.com/armhub/armhub/generator/internal/emit/types"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// emitted is what the emit stage returns.
type emitted struct {
	module gosrc.Files // the service module, relative to its root
	suite  gosrc.Files // the conformance suite, relative to its directory
	notes  []string
	// largestCRD is the size of the largest CRD, in bytes as JSON.
	largestCRD int
}

// emitter holds what every emitter of one service needs.
type emitter struct {
	svc    *metadata.Service
	module *gosrc.Module
	labels layout.Labels
	files  *fileSet
	notes  []string
	// largestCRD is the size of the largest CRD, in bytes as JSON.
	largestCRD int
	// workers bounds how many packages are rendered at once.
	workers int
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
func emitAll(svc *metadata.Service, opts Options, versions []Version, graph *conversion.ComposedGraph, inputs, augmented []string) (*emitted, error) {
	e := &emitter{
		svc: svc, module: &gosrc.Module{Path: svc.Module.Path, Group: svc.Group, Graph: graph},
		labels: labelsFor(svc, opts), files: newFileSet(svc.File), workers: opts.Workers,
	}
	var definitions []renderedCRD
	var rendering sync.WaitGroup
	rendering.Add(1)
	go func() { // CRDs are rendered while the packages are
		defer rendering.Done()
		definitions = e.renderCRDs(versions)
	}()
	defer rendering.Wait()
	steps := []func() error{
		func() error { return e.packages(versions) },
		func() error { rendering.Wait(); return e.crds(definitions) },
		func() error { return e.register(versions) },
		func() error { return e.reference(versions) },
		e.command,
		func() error {
			goMod, err := buildfiles.GoMod(svc.Module.Path, moduleRequirements())
			if err != nil {
				return err
			}
			return e.files.add(layout.GoModFile, "go.mod", goMod)
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	out := &emitted{module: e.files.files, notes: e.notes, largestCRD: e.largestCRD}
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

// goPackageJob is one Go package of the module to render: the types and
// conversions of version i on side.
type goPackageJob struct {
	version    conversion.VersionIndex
	side       layout.Side
	pkg        *golang.Package
	emitTypes  func(*golang.Package, types.Target) (gosrc.Files, error)
	apiVersion string // for errors
}

// renderedPackage is a Go package's files, made by render.
type renderedPackage struct {
	dir, importPath  string
	types, converted gosrc.Files
	err              error
}

// packages writes the spoke, storage and compat packages the module holds
// (conversion.Graph.Holds): rendered by up to e.workers at once, added in
// version order.
func (e *emitter) packages(versions []Version) error {
	graph := e.module.Graph
	var jobs []goPackageJob
	for i := range graph.Indexes() {
		v := versions[i]
		if graph.Holds(i, layout.Spoke) {
			jobs = append(jobs, goPackageJob{i, layout.Spoke, v.Spoke, types.SpokeFiles, v.API.Version})
		}
		if graph.Holds(i, layout.Storage) {
			jobs = append(jobs,
				goPackageJob{i, layout.Storage, v.Storage, types.SpokeFiles, v.API.Version},
				goPackageJob{i, layout.Compat, types.CompatPackage(graph.Graph, i), types.CompatFiles, v.API.Version})
		}
	}
	rendered := make([]renderedPackage, len(jobs))
	_ = forEach(len(jobs), e.workers, func(n int) error { // errors are in rendered, reported below in order with addPackage's
		if jobs[n].pkg != nil {
			rendered[n] = e.render(jobs[n])
		}
		return nil
	})
	for n, r := range rendered {
		if jobs[n].pkg == nil {
			continue
		}
		if r.err != nil {
			return fmt.Errorf("%s %s: %w", e.svc.Provider, jobs[n].apiVersion, r.err)
		}
		err := e.addPackage(r.dir, jobs[n].pkg.Name, r.importPath,
			part{"the Go types of " + r.dir, r.types},
			part{"the conversions of " + r.dir, r.converted})
		if err != nil {
			return fmt.Errorf("%s %s: %w", e.svc.Provider, jobs[n].apiVersion, err)
		}
	}
	return nil
}

// render returns the files of one Go package; it changes nothing in e.
func (e *emitter) render(job goPackageJob) renderedPackage {
	dir := e.module.Dir(job.version, job.side)
	target := types.Target{Group: e.module.Group, ImportPath: e.module.ImportPath(job.version, job.side), Dir: dir, Version: job.pkg.Version}
	out := renderedPackage{dir: dir, importPath: target.ImportPath}
	out.types, out.err = job.emitTypes(job.pkg, target)
	if out.err != nil {
		return out
	}
	conversions, err := convert.File(e.module, job.version, job.side, job.pkg.Name)
	out.converted, out.err = gosrc.Files{dir + "/" + layout.ConversionsFile: conversions}, err
	return out
}

// forEach calls fn for every index below n, at most workers at once, and
// returns the error of the lowest index that failed (fn runs for every index
// regardless), so the error does not depend on the workers' timing.
func forEach(n, workers int, fn func(int) error) error {
	errs := make([]error, n)
	var g errgroup.Group
	g.SetLimit(max(workers, 1))
	for i := range n {
		g.Go(func() error {
			errs[i] = fn(i)
			return nil
		})
	}
	_ = g.Wait() // the goroutines report through errs
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
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

// renderedCRD is the CRD of one kind, made by renderCRDs.
type renderedCRD struct {
	kind, path string
	versions   int
	data       []byte
	size       int    // as JSON
	note       string // why it has no descriptions, when it lost them
	err        error
}

// renderCRDs makes the CRD of every resource kind, up to e.workers at once; it
// changes nothing in e.
func (e *emitter) renderCRDs(versions []Version) []renderedCRD {
	kinds := e.module.Graph.HeldKinds()
	listing := e.listing(versions)
	out := make([]renderedCRD, len(kinds))
	_ = forEach(len(kinds), e.workers, func(n int) error { // errors are in out, reported in order by crds
		kind := kinds[n]
		out[n] = e.renderCRD(kind, e.crdVersions(kind, versions, listing))
		return nil
	})
	return out
}

// renderCRD renders the CRD of kind listing versions. One over etcd's 1.5
// MiB, which no cluster stores, is rendered again without descriptions (the
// documentation kubectl explain shows; no field and no validation goes),
// noted.
func (e *emitter) renderCRD(kind string, listed []crds.Version) renderedCRD {
	r := renderedCRD{kind: kind, path: crds.Path(e.svc.Group, kind), versions: len(listed)}
	r.data, r.size, r.err = crds.Render(e.svc.Group, kind, listed, e.webhook())
	if r.err != nil || r.size <= metadata.EtcdMaxBytes || e.svc.CRDs.Descriptions == metadata.DescriptionsNone {
		return r
	}
	with := r.size
	crds.KeepDescriptions(listed, metadata.DescriptionsNone)
	r.data, r.size, r.err = crds.Render(e.svc.Group, kind, listed, e.webhook())
	r.note = fmt.Sprintf("%s: %s (kind %s) is %d bytes as JSON with descriptions (crds.descriptions: %s), over etcd's limit of %d: written without descriptions, %d bytes",
		e.svc.File, r.path, kind, with, e.svc.CRDs.Descriptions, metadata.EtcdMaxBytes, r.size)
	return r
}

// crds adds one CRD per resource kind, checked against the budget, and the crd
// package that embeds them.
func (e *emitter) crds(rendered []renderedCRD) error {
	budget := newBudget(e.svc)
	for _, r := range rendered {
		if r.err != nil {
			return fmt.Errorf("%s: %w", r.path, r.err)
		}
		budget.measure(r.path, r.kind, r.versions, r.size)
		if r.note != "" {
			e.notes = append(e.notes, r.note)
		}
		if err := e.files.add(r.path, "the CRD of kind "+r.kind, r.data); err != nil {
			return err
		}
	}
	if err := budget.check(); err != nil {
		return err
	}
	e.largestCRD = budget.size
	if note := budget.note(); note != "" {
		e.notes = append(e.notes, note)
	}
	if err := e.files.add(layout.CRDDir+"/"+layout.CRDGoFile, "the crd package", crds.PackageFile()); err != nil {
		return err
	}
	if err := e.install(rendered); err != nil {
		return err
	}
	e.libraries = append(e.libraries, "//"+layout.CRDDir+":"+layout.CRDDir)
	return e.files.add(layout.CRDDir+"/"+layout.BuildFile, "the BUILD file of the crd package", buildfiles.CRDBuildFile(e.svc.Module.Path+"/"+layout.CRDDir))
}

// install adds the kustomize base that serves the service (package
// install): deploy/ and crd/kustomization.yaml. A webhook whose Certificate
// lives in another namespace than its Deployment (which mounts the
// Certificate's Secret) gets none, noted.
func (e *emitter) install(rendered []renderedCRD) error {
	w := e.svc.Webhook
	if ns, _, _ := strings.Cut(w.Certificate, "/"); ns != w.Namespace {
		e.notes = append(e.notes, fmt.Sprintf("%s: no %s/ install base: the webhook's certificate %s is not in its namespace %s, where the Deployment mounts the certificate's Secret", e.svc.File, install.Dir, w.Certificate, w.Namespace))
		return nil
	}
	s := install.Service{Name: e.svc.Name, Version: e.svc.Module.Version, Webhook: e.webhook()}
	for _, r := range rendered {
		s.CRDs = append(s.CRDs, r.path)
	}
	files := install.Files(s)
	for _, name := range jsonfile.SortedKeys(files) {
		if err := e.files.add(name, "the install base", files[name]); err != nil {
			return err
		}
	}
	return nil
}

func (e *emitter) webhook() crds.Webhook {
	w := e.svc.Webhook
	return crds.Webhook{Service: w.Service, Namespace: w.Namespace, Path: w.Path, Port: w.Port, Certificate: w.Certificate}
}

// listing returns the metadata's CRD policy over the packages the module
// holds.
func (e *emitter) listing(versions []Version) crds.Listing {
	held := map[*golang.Package]bool{}
	for i := range e.module.Graph.Indexes() {
		held[versions[i].Spoke] = e.module.Graph.Holds(i, layout.Spoke)
		held[versions[i].Storage] = e.module.Graph.Holds(i, layout.Storage)
	}
	policy := e.svc.CRDs
	return crds.Listing{StoredOnly: policy.StoredOnly(), Stored: policy.IsStored, Held: func(p *golang.Package) bool { return held[p] }}
}

// crdVersions returns the versions the CRD of kind lists, by the metadata's
// policy and of the packages the module holds, sorted by name.
func (e *emitter) crdVersions(kind string, versions []Version, listing crds.Listing) []crds.Version {
	graph, policy := e.module.Graph, e.svc.CRDs
	var listed []crds.Version
	for i := range graph.Indexes() {
		if v := versions[i]; v.Spoke.Resource(kind) != nil {
			listed = append(listed, listing.Versions(v.Spoke, v.Storage, v.Lifecycle, i == graph.Hubs[kind])...)
		}
	}
	sort.SliceStable(listed, func(a, b int) bool { return listed[a].Name < listed[b].Name })
	crds.KeepDescriptions(listed, policy.Descriptions)
	return listed
}

// reference writes REFERENCE.md (package reference): the versions whose
// spoke the module holds, their lifecycles, and per kind its hub, its chain
// of storage variants and its fields by version.
func (e *emitter) reference(versions []Version) error {
	graph := e.module.Graph
	s := reference.Service{Name: e.svc.Name, Provider: e.svc.Provider, Group: e.svc.Group, Module: e.svc.Module.Path,
		Now: e.svc.Now, Hubs: map[string]string{}, Chains: map[string][]string{}}
	for i := range graph.Indexes() {
		v := versions[i]
		if graph.Holds(i, layout.Storage) {
			for _, r := range v.Storage.Resources {
				s.Chains[r.Kind] = append(s.Chains[r.Kind], v.Storage.Version)
			}
		}
		if !graph.Holds(i, layout.Spoke) {
			continue
		}
		rv := reference.Version{API: v.API.Version, Spoke: v.Spoke, Stages: v.Lifecycle.Stages, Class: v.Lifecycle.Status.Classification}
		if graph.Holds(i, layout.Storage) {
			rv.Storage = v.Storage.Version
		}
		if dir := e.module.Dir(i, layout.Compat); e.files.has(dir + "/" + layout.BuildFile) {
			rv.Compat = dir
		}
		s.Versions = append(s.Versions, rv)
	}
	for _, kind := range graph.HeldKinds() {
		s.Hubs[kind] = versions[graph.Hubs[kind]].Storage.Version
	}
	return e.files.add(reference.File, "the API reference", reference.Write(s))
}

// register writes the service's entry point package, with the table of the
// lifecycle of every version whose spoke the module holds.
func (e *emitter) register(versions []Version) error {
	source, err := register.File(e.module, e.svc.Name, e.svc.Webhook.Path)
	if err != nil {
		return err
	}
	lifecycles := lifecycle.Versions{}
	for i, v := range versions {
		if e.module.Graph.Holds(conversion.VersionIndex(i), layout.Spoke) {
			lifecycles[v.Spoke.Version] = v.Lifecycle.Stages
		}
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

// command writes the service's conversion webhook command (package main).
func (e *emitter) command() error {
	source, err := register.Command(e.module, e.svc.Name)
	if err != nil {
		return err
	}
	dir := layout.CommandDir
	files := gosrc.Files{dir + "/" + layout.CommandFile: source}
	if err := e.files.addAll(files, "the conversion webhook command"); err != nil {
		return err
	}
	deps, err := e.labels.Deps(files)
	if err != nil {
		return err
	}
	return e.files.add(dir+"/"+layout.BuildFile, "the BUILD file of "+dir, buildfiles.CommandBuildFile(layout.CommandName, deps))
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
	build.Packages = append(build.Packages, layout.CRDDir, layout.RegisterDir, layout.CommandDir)
	for i := range e.module.Graph.Indexes() {
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
