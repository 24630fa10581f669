package layout

import (
	"fmt"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Labels maps Go import paths to Bazel labels: the repository's own modules by
// directory, external modules by the go_repository names gazelle gave them in
// deps.bzl (repositories.go, written from it by tools/update-repository-names.sh).
type Labels struct {
	Local map[string]string // module path -> label of its root package ("//runtime")
}

// LabelsFor returns the labels seen from the module of service at modulePath,
// checked in at apis/<service>: the runtime, the conformance module and the
// service's own module are packages of this workspace.
func LabelsFor(service, modulePath string) Labels {
	return Labels{Local: map[string]string{
		RuntimeModule:     "//" + RuntimeDir,
		ConformanceModule: "//" + ConformanceDir,
		modulePath:        "//" + ModuleDir(service),
	}}
}

// ExternalLabelsFor returns the labels seen from a module generated into an
// external Bazel repository of its own (a real service, generated at build
// time): its packages are at that repository's root, and the runtime and the
// conformance module are in the main repository (@//).
func ExternalLabelsFor(modulePath string) Labels {
	return Labels{Local: map[string]string{
		RuntimeModule:     "@//" + RuntimeDir,
		ConformanceModule: "@//" + ConformanceDir,
		modulePath:        "//",
	}}
}

// Label returns the label of the package at importPath, or "" for the standard
// library. An external package's repository and module root are those of the
// go_repository in deps.bzl whose importpath is the longest that holds it (the
// walk up the path gazelle's repo.RemoteCache does); an import no go_repository
// holds is an error.
func (l Labels) Label(importPath string) (string, error) {
	first := strings.SplitN(importPath, "/", 2)[0]
	if !strings.Contains(first, ".") {
		return "", nil
	}
	for module, root := range l.Local {
		if importPath == module || strings.HasPrefix(importPath, module+"/") {
			rel := strings.TrimPrefix(importPath[len(module):], "/")
			if rel == "" {
				return root, nil
			}
			return strings.TrimSuffix(root, "/") + "/" + rel, nil
		}
	}
	module, repo := goRepository(importPath)
	if repo == "" {
		return "", fmt.Errorf("import %q: no go_repository in deps.bzl holds it (add its module to a go.mod, run tools/update-deps.sh)", importPath)
	}
	rel := strings.TrimPrefix(importPath[len(module):], "/")
	return shorten("@"+repo+"//"+rel, libName(importPath)), nil
}

// shorten returns the label of target name in package pkg, in its short form
// when name is the package's last element.
func shorten(pkg, name string) string {
	if strings.HasSuffix(pkg, "/"+name) {
		return pkg
	}
	return pkg + ":" + name
}

// goRepository returns the module path and name of the go_repository that
// holds importPath: the longest module path of deps.bzl that is importPath or
// a prefix of it ending at a slash. Both are "" when there is none.
func goRepository(importPath string) (string, string) {
	for module := importPath; ; module = path.Dir(module) {
		if repo, ok := goRepositories[module]; ok {
			return module, repo
		}
		if !strings.Contains(module, "/") {
			return "", ""
		}
	}
}

// libName returns gazelle's go_library name for an import path: its last element,
// or the one before when the last is a major version such as v1.
func libName(importPath string) string {
	parts := strings.Split(importPath, "/")
	name := parts[len(parts)-1]
	if len(parts) > 1 && len(name) > 1 && name[0] == 'v' && isDigits(name[1:]) {
		name = parts[len(parts)-2]
	}
	return strings.ReplaceAll(name, ".", "_")
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// Deps returns the sorted Bazel labels of every import of the Go files given.
func (l Labels) Deps(sources map[string][]byte) ([]string, error) {
	seen := map[string]bool{}
	for name, src := range sources {
		file, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			return nil, err
		}
		for _, spec := range file.Imports {
			importPath, _ := strconv.Unquote(spec.Path.Value)
			label, err := l.Label(importPath)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if label != "" {
				seen[label] = true
			}
		}
	}
	deps := make([]string, 0, len(seen))
	for d := range seen {
		deps = append(deps, d)
	}
	sort.Strings(deps)
	return deps, nil
}

// PackageLabel returns the label of target in the package at the
// module-relative directory dir of service's module.
func PackageLabel(service, dir, target string) string {
	return "//" + ModuleDir(service) + "/" + dir + ":" + target
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

// The Bazel targets every generated package declares, and the Starlark file
// whose macro a service module's root BUILD file calls.
const (
	FilesTarget       = "files"       // every file of the package
	HandwrittenTarget = "handwritten" // its hand-written Go files
	ServiceRule       = "//tools:armhub.bzl"
	ServiceMacro      = "armhub_service"
)
