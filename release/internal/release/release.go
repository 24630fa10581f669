// Package release releases one module of the repository (the runtime or a
// service's generated module) into a release directory: a module proxy tree
// Go can read with GOPROXY=file://DIR, plus each release's tag, changelog and
// CRD bundle. The version follows from apidiff against the previous release.
package release

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/exp/apidiff"
	"golang.org/x/mod/module"
)

// Options says what to release where.
type Options struct {
	// ModuleDir holds the module to release (its go.mod and packages).
	ModuleDir string
	// Proxy is the release directory.
	Proxy string
	// RepoModule is the repository's module path prefix; tags are module
	// paths relative to it.
	RepoModule string
	// Version, when set, is the version to release instead of the computed
	// one; it must not be less than the changes need.
	Version string
	// Time is the release time recorded in the .info file.
	Time time.Time
	// Report is the generator's property-change report for the service
	// (optional); the changelog quotes it.
	Report string
	// CRDs is the folder of the service's CRD files (optional).
	CRDs string
	// License is the license file every released module carries (as
	// LICENSE, unless the module has one of its own; optional).
	License string
	// DryRun computes and prints the release but writes nothing.
	DryRun bool
	// Env is the environment of the go commands run (nil: this process's).
	Env []string
	// Log receives progress and the result.
	Log io.Writer
}

func (o Options) proxy() Proxy { return Proxy{Dir: o.Proxy} }

// Result is what a release did.
type Result struct {
	Module, Version, Previous, Tag string
	Change                         Change
	Report                         apidiff.Report
}

// Run releases the module in o.ModuleDir. Nothing is written unless every
// check passes; the results are renamed into place from a staging folder.
func Run(o Options) (Result, error) {
	var result Result
	if err := os.MkdirAll(o.Proxy, 0o755); err != nil {
		return result, err
	}
	abs, err := filepath.Abs(o.Proxy)
	if err != nil {
		return result, err
	}
	o.Proxy = abs
	scratch, err := os.MkdirTemp(o.Proxy, stagingPrefix)
	if err != nil {
		return result, err
	}
	defer os.RemoveAll(scratch)
	env := o.goEnv(scratch)
	staged := filepath.Join(scratch, "module")
	modulePath, err := stageModule(o.ModuleDir, staged, scratch)
	if err != nil {
		return result, err
	}
	result.Module = modulePath
	if err := addLicense(staged, o.License); err != nil {
		return result, err
	}
	if !strings.HasPrefix(modulePath, o.RepoModule+"/") {
		return result, fmt.Errorf("%s: module %s is not in this repository (%s/...)", o.ModuleDir, modulePath, o.RepoModule)
	}
	prefix := tagPrefix(modulePath, o.RepoModule)
	if result.Previous, err = o.proxy().latest(modulePath, prefix); err != nil {
		return result, err
	}
	if err := pinRequirements(staged, o); err != nil {
		return result, err
	}
	o.logf("building %s alone against released modules", modulePath)
	if err := tidyAndBuild(staged, env); err != nil {
		return result, err
	}
	if err := checkKubernetesVersions(staged, env); err != nil {
		return result, fmt.Errorf("%s: %v", modulePath, err)
	}
	if err := o.decide(&result, staged, scratch, env); err != nil || result.Version == "" {
		return result, err
	}
	result.Tag = prefix + "/" + result.Version
	if o.DryRun {
		o.logf("would release %s %s (tag %s): %s", modulePath, result.Version, result.Tag, result.Change)
		return result, nil
	}
	if err := o.write(result, staged, scratch); err != nil {
		return result, err
	}
	if result.Previous == "" {
		o.logf("released %s %s (tag %s) into %s: first release", modulePath, result.Version, result.Tag, o.Proxy)
	} else {
		o.logf("released %s %s (tag %s) into %s: since %s, %s", modulePath, result.Version, result.Tag, o.Proxy, result.Previous, result.Change)
	}
	return result, nil
}

// decide compares the staged module with the previous release and sets the
// version (left empty when nothing changed).
func (o Options) decide(result *Result, staged, scratch string, env []string) error {
	if result.Previous == "" {
		result.Change = Compatible
		version, err := Next(result.Module, "", result.Change)
		if o.Version != "" {
			version, err = o.Version, checkExplicit(result.Module, o.Version, "", "")
		}
		result.Version = version
		return err
	}
	previous := filepath.Join(scratch, "previous")
	if err := o.proxy().unzip(result.Module, result.Previous, previous); err != nil {
		return err
	}
	oldFiles, err := fileHashes(previous)
	if err != nil {
		return err
	}
	newFiles, err := fileHashes(staged)
	if err != nil {
		return err
	}
	o.logf("comparing the API with %s %s", result.Module, result.Previous)
	old, err := loadModule(previous, result.Module, env)
	if err != nil {
		return err
	}
	current, err := loadModule(staged, result.Module, env)
	if err != nil {
		return err
	}
	result.Report = apidiff.ModuleChanges(old, current)
	result.Change = Classify(sameFiles(oldFiles, newFiles), result.Report)
	least, err := Next(result.Module, result.Previous, result.Change)
	if err != nil {
		return fmt.Errorf("%v\n%s", err, incompatibleList(result.Report))
	}
	if least == "" {
		o.logf("%s: nothing changed since %s; no release", result.Module, result.Previous)
		if o.Version != "" {
			return fmt.Errorf("-version %s: nothing changed since %s", o.Version, result.Previous)
		}
		return nil
	}
	result.Version = least
	if o.Version != "" {
		result.Version = o.Version
		return checkExplicit(result.Module, o.Version, result.Previous, least)
	}
	return nil
}

func sameFiles(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for name, hash := range a {
		if b[name] != hash {
			return false
		}
	}
	return true
}

// incompatibleList lists a report's incompatible changes, a line each.
func incompatibleList(report apidiff.Report) string {
	var lines []string
	for _, c := range report.Changes {
		if !c.Compatible {
			lines = append(lines, "  - "+c.Message)
		}
	}
	return "incompatible changes:\n" + strings.Join(lines, "\n")
}

// tagPrefix is the path-prefixed tag's prefix of a module: its path in the
// repository, without a major-version suffix.
func tagPrefix(modulePath, repoModule string) string {
	prefix, _, _ := module.SplitPathVersion(modulePath)
	return strings.TrimPrefix(prefix, repoModule+"/")
}

// goEnv is the environment of the go commands: no workspace, modules from
// the release directory first, no checksum database for this repository's
// modules, and a module cache of the release's own unless one is given.
func (o Options) goEnv(scratch string) []string {
	base := o.Env
	if base == nil {
		base = os.Environ()
	}
	fallback := lookup(base, "GOPROXY")
	if fallback == "" {
		fallback = "https://proxy.golang.org,direct"
	}
	env := append([]string(nil), base...)
	return append(env,
		"GOWORK=off",
		"GOFLAGS=-mod=mod -modcacherw -buildvcs=false",
		"GOTOOLCHAIN=local",
		"GOPROXY=file://"+filepath.ToSlash(o.Proxy)+","+fallback,
		"GONOSUMDB="+o.RepoModule,
	)
}

// lookup returns the last value of key in env.
func lookup(env []string, key string) string {
	value := ""
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			value = v
		}
	}
	return value
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// addLicense copies the license into the staged module unless it has one.
func addLicense(staged, license string) error {
	target := filepath.Join(staged, "LICENSE")
	if _, err := os.Stat(target); license == "" || err == nil {
		return nil
	}
	data, err := os.ReadFile(license)
	if err != nil {
		return fmt.Errorf("-license: %v", err)
	}
	return os.WriteFile(target, data, 0o644)
}
