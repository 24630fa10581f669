package layout

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Labels maps Go import paths to Bazel labels: the repository's own modules by
// directory, external modules as go_repository names the way gazelle makes them.
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
// library.
func (l Labels) Label(importPath string) string {
	first := strings.SplitN(importPath, "/", 2)[0]
	if !strings.Contains(first, ".") {
		return ""
	}
	for module, root := range l.Local {
		if importPath == module || strings.HasPrefix(importPath, module+"/") {
			rel := strings.TrimPrefix(importPath[len(module):], "/")
			if rel == "" {
				return root
			}
			return strings.TrimSuffix(root, "/") + "/" + rel
		}
	}
	module, rel := splitModule(importPath)
	return shorten("@"+repoName(module)+"//"+rel, libName(importPath))
}

// shorten returns the label of target name in package pkg, in its short form
// when name is the package's last element.
func shorten(pkg, name string) string {
	if strings.HasSuffix(pkg, "/"+name) {
		return pkg
	}
	return pkg + ":" + name
}

// splitModule splits an import path into the module it belongs to and the
// directory in the module, for the external modules generated code uses.
func splitModule(importPath string) (string, string) {
	parts := strings.Split(importPath, "/")
	n := 3
	if parts[0] == "k8s.io" || parts[0] == "sigs.k8s.io" {
		n = 2
	}
	if len(parts) <= n {
		return importPath, ""
	}
	return strings.Join(parts[:n], "/"), strings.Join(parts[n:], "/")
}

// repoName returns gazelle's repository name for a module path.
func repoName(module string) string {
	parts := strings.Split(module, "/")
	host := strings.Split(parts[0], ".")
	for i, j := 0, len(host)-1; i < j; i, j = i+1, j-1 {
		host[i], host[j] = host[j], host[i]
	}
	name := strings.Join(append(host, parts[1:]...), "_")
	return strings.NewReplacer(".", "_", "-", "_").Replace(name)
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
			path, _ := strconv.Unquote(spec.Path.Value)
			if label := l.Label(path); label != "" {
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
