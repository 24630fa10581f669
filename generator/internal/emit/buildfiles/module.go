// Package buildfiles writes the files that build a service: its go.mod, the
// BUILD.bazel of each generated package and of its conformance suite, and the
// module's root BUILD.bazel that declares the service's Bazel generation.
package buildfiles

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/armhub/armhub/generator/internal/layout"
)

// Requirement is one module requirement of a generated go.mod.
type Requirement struct {
	Path     string
	Version  string
	Indirect bool
}

// GoMod returns the go.mod of a generated service module, written by
// golang.org/x/mod/modfile as the go command writes one: the header comment,
// the module and go lines, then a block of direct and a block of indirect
// requirements, each sorted (a block of one requirement is a single line, as
// after go mod tidy).
func GoMod(modulePath string, requirements []Requirement) ([]byte, error) {
	f := new(modfile.File)
	f.AddComment(layout.GeneratedGo)
	if err := f.AddModuleStmt(modulePath); err != nil {
		return nil, err
	}
	if err := f.AddGoStmt(goVersion); err != nil {
		return nil, err
	}
	required := make([]*modfile.Require, len(requirements))
	for i, r := range requirements {
		required[i] = &modfile.Require{Mod: module.Version{Path: r.Path, Version: r.Version}, Indirect: r.Indirect}
	}
	f.SetRequireSeparateIndirect(required)
	f.Cleanup()
	return f.Format()
}

// goVersion is the go line of every generated go.mod.
const goVersion = "1.24.0"

// BuildFile returns the BUILD.bazel of a generated Go package: one go_library
// named after the package over every non-test Go file in it, so hand-written
// files beside the generated ones are compiled too. Gazelle leaves it alone.
func BuildFile(name, importPath string, deps []string) []byte {
	rule := buildRule("go_library", name, importPath, goSources, deps)
	return append(rule, packageFilegroups...)
}

// buildHeader starts every generated BUILD file; gazelle leaves such files alone.
const buildHeader = layout.GeneratedText + "\n# gazelle:ignore\n\n"

// goSources is the srcs glob of a generated go_library.
const goSources = "[\"*.go\"],\n        exclude = [\"*_test.go\"],"

// buildRule returns a BUILD file of one rules_go rule; extra are attribute
// lines written after srcs.
func buildRule(rule, name, importPath, glob string, deps []string, extra ...string) []byte {
	deps = sortedCopy(deps)
	var b strings.Builder
	b.WriteString(buildHeader)
	fmt.Fprintf(&b, "load(\"@io_bazel_rules_go//go:def.bzl\", %q)\n\n", rule)
	fmt.Fprintf(&b, "%s(\n    name = %q,\n", rule, name)
	if strings.Contains(glob, "\n") {
		fmt.Fprintf(&b, "    srcs = glob(\n        %s\n    ),\n", glob)
	} else {
		fmt.Fprintf(&b, "    srcs = glob(%s),\n", glob)
	}
	for _, line := range extra {
		b.WriteString("    " + line + "\n")
	}
	if importPath != "" {
		fmt.Fprintf(&b, "    importpath = %q,\n", importPath)
		b.WriteString("    visibility = [\"//visibility:public\"],\n")
	}
	if len(deps) > 0 {
		b.WriteString("    deps = " + starlarkList(deps, "    ") + ",\n")
	}
	b.WriteString(")\n")
	return []byte(b.String())
}

func sortedCopy(values []string) []string {
	out := append([]string(nil), values...)
	sort.Strings(out)
	return out
}

func starlarkList(values []string, indent string) string {
	if len(values) == 1 {
		return fmt.Sprintf("[%q]", values[0])
	}
	var b strings.Builder
	b.WriteString("[\n")
	for _, v := range values {
		fmt.Fprintf(&b, "%s    %q,\n", indent, v)
	}
	b.WriteString(indent + "]")
	return b.String()
}

// CommandBuildFile returns the BUILD.bazel of a generated main package: one
// go_binary named name over every non-test Go file in it, which other
// packages may use (//apis/azure names the real services' commands).
func CommandBuildFile(name string, deps []string) []byte {
	rule := buildRule("go_binary", name, "", goSources, deps, `visibility = ["//visibility:public"],`)
	return append(rule, filesFilegroup...)
}

// TestBuildFile returns the BUILD.bazel of a generated conformance package: one
// go_test over every test file in it.
func TestBuildFile(name string, deps []string) []byte {
	rule := buildRule("go_test", name, "", `["*_test.go"]`, deps, `data = glob(["testdata/**"]),`)
	return append(rule, filesFilegroup...)
}
