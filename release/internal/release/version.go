package release

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/exp/apidiff"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Change is how a module changed since its previous release.
type Change int

const (
	// Unchanged: the same files; no release.
	Unchanged Change = iota
	// Patch: other files, the same API.
	Patch
	// Compatible: API additions only.
	Compatible
	// Incompatible: an API change that can break an importer.
	Incompatible
)

// Classify returns the kind of change a report and a file comparison show.
func Classify(sameFiles bool, report apidiff.Report) Change {
	change := Unchanged
	if !sameFiles {
		change = Patch
	}
	for _, c := range report.Changes {
		if !c.Compatible {
			return Incompatible
		}
		change = Compatible
	}
	return change
}

func (c Change) String() string {
	return [...]string{"no change", "no API change, other content: next patch version", "compatible API additions: next minor version", "incompatible API changes: next major version (next minor while at v0)"}[c]
}

// pathMajor returns the major version a module path allows: 0 or 1 without a
// /vN suffix (returned as 0), N with one.
func pathMajor(modulePath string) int {
	_, suffix, _ := module.SplitPathVersion(modulePath)
	n, _ := strconv.Atoi(strings.TrimPrefix(suffix, "/v"))
	return n
}

// Next returns the version that follows previous for a change of kind change
// in a module at modulePath, or "" when nothing is to be released. An
// incompatible change past v1 needs a new module path, which is an error here.
func Next(modulePath, previous string, change Change) (string, error) {
	if previous == "" {
		if n := pathMajor(modulePath); n >= 2 {
			return fmt.Sprintf("v%d.0.0", n), nil
		}
		return "v0.1.0", nil
	}
	major, minor, patch := parts(previous)
	switch {
	case change == Unchanged:
		return "", nil
	case change == Incompatible && major >= 1:
		return "", fmt.Errorf("incompatible API changes since %s need major version v%d: %s must change to %s/v%d (the module path in the service's metadata) first", previous, major+1, modulePath, strings.TrimSuffix(modulePath, fmt.Sprintf("/v%d", major)), major+1)
	case change == Incompatible || change == Compatible:
		return fmt.Sprintf("v%d.%d.0", major, minor+1), nil
	default:
		return fmt.Sprintf("v%d.%d.%d", major, minor, patch+1), nil
	}
}

// parts returns a canonical version's numbers.
func parts(version string) (major, minor, patch int) {
	fields := strings.SplitN(strings.TrimPrefix(semver.Canonical(version), "v"), ".", 3)
	major, _ = strconv.Atoi(fields[0])
	minor, _ = strconv.Atoi(fields[1])
	patch, _ = strconv.Atoi(strings.SplitN(fields[2], "-", 2)[0])
	return major, minor, patch
}

// checkExplicit checks a version asked for on the command line against the
// previous release, the module path and the least version the change needs.
func checkExplicit(modulePath, asked, previous, least string) error {
	if !semver.IsValid(asked) || semver.Canonical(asked) != asked || semver.Prerelease(asked) != "" || semver.Build(asked) != "" {
		return fmt.Errorf("-version %q: want a release version vMAJOR.MINOR.PATCH", asked)
	}
	if err := module.Check(modulePath, asked); err != nil {
		return fmt.Errorf("-version %s: %v", asked, err)
	}
	if previous != "" && semver.Compare(asked, previous) <= 0 {
		return fmt.Errorf("-version %s would go backwards: %s is already released at %s", asked, modulePath, previous)
	}
	if least != "" && semver.Compare(asked, least) < 0 {
		return fmt.Errorf("-version %s is less than the changes since %s need (%s)", asked, previous, least)
	}
	return nil
}
