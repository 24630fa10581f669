// Package pipeline runs the generator's stages for one service and does nothing
// else. Each stage is a function in its own file that takes the values earlier
// stages returned and returns new ones; nothing is changed in place:
//
//	load      the schemas of every version (load.go)
//	build     the Go view of each version, its spoke package (build.go)
//	classify  each version's lifecycle at the generation's instant (classify.go)
//	plan      storage variants and the conversion graph (plan.go)
//	check     the metadata's renames and removals against the versions (package check)
//	          and crds.stored against the hubs (budget.go)
//	augment   the structs hand-written code augments, read once, and the kinds
//	          that use them (package augment)
//	compose   the conversions straight to each hub, over those structs: a
//	          conversion.ComposedGraph beside the graph (conversion.Compose)
//	emit      the files of the module and of its conformance suite (emit.go),
//	          each CRD within the metadata's budget (budget.go)
//	report    the properties that disappear between versions (report.go)
//
// The emitters take the ComposedGraph, so they cannot run before compose.
package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/armhub/armhub/generator/internal/augment"
	"github.com/armhub/armhub/generator/internal/check"
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// Options are the inputs of one generation besides the metadata.
type Options struct {
	// SchemaRoot is the directory holding <api-version>/<Provider>.json and
	// common/; empty means the metadata's own "schemas" setting.
	SchemaRoot string
	// SwaggerRoot is the folder holding specification/ that the metadata's
	// input.status reads Swagger files from; needed only then.
	SwaggerRoot string
	// Now is the instant lifecycles are evaluated at; nil means the metadata's
	// "now", and failing that the start of each lifecycle's last stage.
	Now *time.Time
	// Workers bounds how many schema files are loaded at once; it never changes
	// the output.
	Workers int
	// ModuleDir is the checked-in module, read for hand-written augmentations
	// (which get golden tests); empty means none.
	ModuleDir string
	// MetadataLabel is the Bazel label of the metadata file, whose schema
	// directory must then lie in the same Bazel package. When set, the module's
	// root BUILD.bazel declares the service's Bazel generation
	// (tools/armhub.bzl); empty means no such file.
	MetadataLabel string
	// External says the module is generated into an external Bazel repository
	// of its own (a real service generated at build time): BUILD files name its
	// packages from that repository's root, and the runtime and conformance
	// module from the main repository (@//).
	External bool
}

// Version is one API version with what the stages made of it.
type Version struct {
	API       *model.APIVersion
	Spoke     *golang.Package
	Storage   *golang.Package
	Lifecycle crds.Lifecycle
}

// Result is what a generation produces: the files, the removal report and the
// loader's notes.
type Result struct {
	Files       gosrc.Files // the service module, relative to its root
	Conformance gosrc.Files // the conformance suite, relative to its package directory
	Removals    []Removal   // every property that disappears between versions
	Notes       []string    // what the loader approximated (file#pointer: what)
	Inputs      []string    // the schema files read, relative to the schema root, sorted
	// StatusInputs are the Swagger files read for status (input.status),
	// relative to Options.SwaggerRoot, sorted.
	StatusInputs []string
	// Hubs are the API versions whose storage variant is the hub of some kind
	// the module holds (where this release stores its objects), sorted.
	Hubs []string
	// LargestCRD is the size of the largest CRD, in bytes as JSON.
	LargestCRD int
	// Versions are the versions generated, with their lifecycles: the
	// metadata's, but in a -provider run without those whose file describes
	// no resource.
	Versions []metadata.Version
	// Empty is set, with no files, when a -provider run finds no version
	// that describes a resource (definitions only): nothing to generate,
	// which Notes say of every version.
	Empty bool
}

// Unassessed returns how many removals the metadata has not assessed.
func (r *Result) Unassessed() int {
	n := 0
	for _, removal := range r.Removals {
		if !removal.Assessed {
			n++
		}
	}
	return n
}

// Run generates the files of the service described by svc.
func Run(svc *metadata.Service, opts Options) (*Result, error) {
	loaded, err := load(svc, opts)
	if err != nil {
		return nil, err
	}
	if len(loaded.apis) == 0 {
		note := fmt.Sprintf("%s: no version of %s describes a resource (no version file has a resource section, only definitions): nothing to generate", svc.File, svc.Provider)
		return &Result{Empty: true, Notes: append(loaded.notes, note), Inputs: loaded.files}, nil
	}
	return fromModels(loaded.service, opts, loaded)
}

// fromModels runs every stage after load on the loaded versions.
func fromModels(svc *metadata.Service, opts Options, loaded *loaded) (*Result, error) {
	spokes, err := build(svc, loaded.apis)
	if err != nil {
		return nil, err
	}
	lifecycles := classify(svc, opts)
	versions, graph, err := plan(svc, loaded.apis, spokes, lifecycles)
	if err != nil {
		return nil, err
	}
	if err := check.Metadata(svc, graph); err != nil {
		return nil, err
	}
	if err := checkStored(svc, graph); err != nil {
		return nil, err
	}
	structs, err := augment.Augmented(opts.ModuleDir, graph)
	if err != nil {
		return nil, err
	}
	composed, err := conversion.Compose(graph, structs)
	if err != nil {
		return nil, err
	}
	out, err := emitAll(svc, opts, versions, composed, loaded.files, augment.Kinds(graph, structs))
	if err != nil {
		return nil, err
	}
	return &Result{
		Files: out.module, Conformance: out.suite,
		Removals: removals(svc, graph), Notes: append(append(loaded.notes, buildNotes(spokes)...), out.notes...),
		Inputs: sortedCopy(loaded.files), StatusInputs: sortedCopy(loaded.status), Hubs: hubVersions(graph),
		LargestCRD: out.largestCRD, Versions: svc.Versions,
	}, nil
}

// hubVersions returns the API versions of the hubs of the kinds the module
// holds, sorted, once each.
func hubVersions(graph *conversion.Graph) []string {
	return slices.Sorted(maps.Keys(heldHubs(graph)))
}

// heldHubs returns the kinds the module holds by the API version of their hub,
// in the graph's order.
func heldHubs(graph *conversion.Graph) map[string][]string {
	hubs := map[string][]string{}
	for _, kind := range graph.HeldKinds() {
		v := graph.Versions[graph.Hubs[kind]].Storage.APIVersion
		hubs[v] = append(hubs[v], kind)
	}
	return hubs
}

func sortedCopy(in []string) []string {
	out := slices.Clone(in)
	slices.Sort(out)
	return out
}
