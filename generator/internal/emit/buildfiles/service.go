package buildfiles

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/layout"
)

// ServiceBuild describes the Bazel generation of one service: its inputs by label
// and the generated packages of its module, by directory.
type ServiceBuild struct {
	Service     string   // the service's name: apis/<service>, conformance/<service>
	Metadata    string   // the label of the metadata file
	Schemas     []string // the labels of the schema files the generation reads
	Packages    []string // every generated Go package, relative to the module root
	Handwritten []string // the packages scanned for hand-written augmentations
}

// ServiceBuildFile returns the BUILD.bazel at the root of a service module: one
// armhub_service call (tools/armhub.bzl), which regenerates the service with
// exactly these inputs, tests that the checked-in files match, and offers
// "bazel run //apis/<service>:update".
func ServiceBuildFile(s ServiceBuild) []byte {
	var b strings.Builder
	b.WriteString(buildHeader)
	fmt.Fprintf(&b, "load(%q, %q)\n\n", layout.ServiceRule, layout.ServiceMacro)
	fmt.Fprintf(&b, "%s(\n    name = %q,\n", layout.ServiceMacro, s.Service)
	fmt.Fprintf(&b, "    handwritten = %s,\n", starlarkList(s.labels(s.Handwritten, layout.HandwrittenTarget), "    "))
	fmt.Fprintf(&b, "    metadata = %q,\n", s.Metadata)
	fmt.Fprintf(&b, "    packages = %s,\n", starlarkList(s.labels(s.Packages, layout.FilesTarget), "    "))
	fmt.Fprintf(&b, "    schemas = %s,\n", starlarkList(sortedCopy(s.Schemas), "    "))
	fmt.Fprintf(&b, "    suite = %q,\n", layout.SuiteDir(s.Service))
	b.WriteString(")\n")
	return []byte(b.String())
}

func (s ServiceBuild) labels(dirs []string, target string) []string {
	sorted := sortedCopy(dirs) // by package, as buildifier orders labels
	labels := make([]string, len(sorted))
	for i, dir := range sorted {
		labels[i] = layout.PackageLabel(s.Service, dir, target)
	}
	return labels
}

// filesFilegroup lists all files of a generated package (Go or conformance)
// for the service's generation rule, which compares them with a fresh
// generation.
var filesFilegroup = fmt.Sprintf(`
filegroup(
    name = %q,
    srcs = glob(["**"]),
    visibility = ["//visibility:public"],
)
`, layout.FilesTarget)

// packageFilegroups are the filegroups every generated Go package declares for
// the service's generation rule: all its files, and its hand-written Go files
// (an input of that generation), by layout's rule: Go files that are neither
// tests nor named like generated files.
var packageFilegroups = filesFilegroup + fmt.Sprintf(`
filegroup(
    name = %q,
    srcs = glob(
        ["*.go"],
        exclude = %s,
    ),
    visibility = ["//visibility:public"],
)
`, layout.HandwrittenTarget, starlarkList(sortedCopy(append([]string{"*_test.go"}, layout.GeneratedGoPatterns...)), "        "))

// CRDBuildFile returns the BUILD.bazel of a service's crd package: a
// go_library that embeds the CRD YAML files beside its Go file.
func CRDBuildFile(importPath string) []byte {
	build := buildRule("go_library", layout.CRDDir, importPath, goSources, nil, `embedsrcs = glob(["*_*.yaml"]),`)
	return append(build, packageFilegroups...)
}

// ExternalRootBuildFile returns the root BUILD.bazel of a module generated into
// an external repository of its own (armhub-gen -bazel-external): the
// filegroup "all" of every go_library of the module, which //apis/azure
// builds.
func ExternalRootBuildFile(libraries []string) []byte {
	var b strings.Builder
	b.WriteString(buildHeader)
	fmt.Fprintf(&b, "filegroup(\n    name = \"all\",\n    srcs = %s,\n    visibility = [\"//visibility:public\"],\n)\n", starlarkList(sortedCopy(libraries), "    "))
	return []byte(b.String())
}
