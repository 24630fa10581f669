package pipeline

import (
	"fmt"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// build returns the spoke package of every version and checks that each
// resource the metadata names exists in at least one version. The packages'
// notes (Go names resolved away from the schema's) are in the spokes.
func build(svc *metadata.Service, apis []*model.APIVersion) ([]*golang.Package, error) {
	found := map[string]bool{}
	names := canonicalNames(apis)
	spokes := make([]*golang.Package, len(apis))
	for i, api := range apis {
		pkg, err := golang.BuildNamed(api, svc.Resources, names)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", svc.Provider, api.Version, err)
		}
		spokes[i] = pkg
		for _, r := range pkg.Resources {
			found[strings.ToLower(r.SchemaName)] = true
		}
	}
	for i, name := range svc.Resources {
		if !found[strings.ToLower(name)] {
			at := model.Location{File: svc.File}
			if i < len(svc.ResourceLines) {
				at.Line = svc.ResourceLines[i]
			}
			return nil, model.Errorf(at, "resource %q is in none of the listed versions of %s", name, svc.Provider)
		}
	}
	return spokes, nil
}

// canonicalNames returns, for each lower-cased resource name, its spelling in
// the latest version that has it (versions ordered by package name, so a
// preview comes after the stable version of its date). ARM resource types are
// case-insensitive: a resource whose name changes case between versions
// (virtualnetworks, then virtualNetworks) is one resource with one Kind.
func canonicalNames(apis []*model.APIVersion) map[string]string {
	ordered := append([]*model.APIVersion(nil), apis...)
	sort.SliceStable(ordered, func(i, j int) bool {
		return naming.PackageName(ordered[i].Version) < naming.PackageName(ordered[j].Version)
	})
	names := map[string]string{}
	for _, api := range ordered {
		for _, r := range api.Resources {
			names[strings.ToLower(r.Name)] = r.Name
		}
	}
	return names
}

// buildNotes returns the notes of every spoke, in version order.
func buildNotes(spokes []*golang.Package) []string {
	var notes []string
	for _, pkg := range spokes {
		notes = append(notes, pkg.Notes...)
	}
	return notes
}
