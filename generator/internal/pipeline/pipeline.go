// Package pipeline runs the generator's stages for one service, in order:
// load (schemas in), build (the Go view of each version), classify (lifecycles),
// emit (files out). Each stage is a function in its own file.
package pipeline

import (
	"path/filepath"
	"time"

	"github.com/armhub/armhub/generator/internal/check"
	"github.com/armhub/armhub/generator/internal/emit"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// Options are the inputs of one generation besides the metadata.
type Options struct {
	// SchemaRoot is the directory holding <api-version>/<Provider>.json and
	// common/; empty means the metadata's own "schemas" setting.
	SchemaRoot string
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
}

// Version is one API version as it moves through the stages.
type Version struct {
	API      *model.APIVersion
	Package  *golang.Package // the spoke
	Storage  *golang.Package // its storage variant
	Meta     metadata.Version
	Class    string // the lifecycle classification at Options.Now
	NextTime *time.Time
}

// Result is what a generation produces: the files, and the removal report.
type Result struct {
	Files       emit.Files // the service module, relative to its root
	Conformance emit.Files // the conformance suite, relative to its package directory
	Removals    []string   // one line per property that disappears between versions
	Open        int        // how many of those the metadata has not assessed
	Notes       []string   // what the loader approximated (file#pointer: what)
}

// MetadataLabel returns the Bazel label of a metadata file, taking its
// directory for the Bazel package: metadata/storage.yaml is
// //metadata:storage.yaml, however the path is written.
func MetadataLabel(file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	return "//" + filepath.Base(filepath.Dir(abs)) + ":" + filepath.Base(abs)
}

// Run generates the files of the service described by svc.
func Run(svc *metadata.Service, opts Options) (*Result, error) {
	versions, inputs, notes, err := load(svc, opts)
	if err != nil {
		return nil, err
	}
	if err := build(svc, versions); err != nil {
		return nil, err
	}
	classify(svc, versions, opts)
	graph, err := plan(svc, versions)
	if err != nil {
		return nil, err
	}
	if err := check.Metadata(svc, graph); err != nil {
		return nil, err
	}
	files, err := emitService(svc, versions, graph)
	if err != nil {
		return nil, err
	}
	if note := emitServiceBuild(svc, opts, graph, inputs, files); note != "" {
		notes = append(notes, note)
	}
	augmented, err := augmentedKinds(opts.ModuleDir, graph)
	if err != nil {
		return nil, err
	}
	suite, err := emitConformance(svc, graph, augmented)
	if err != nil {
		return nil, err
	}
	removals, open := RemovalReport(svc, graph)
	return &Result{Files: files, Conformance: suite, Removals: removals, Open: open, Notes: notes}, nil
}
