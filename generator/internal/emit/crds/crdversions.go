package crds

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/naming"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// Lifecycle is an API version's lifecycle and its status at the generation's
// instant.
type Lifecycle struct {
	Stages lifecycle.Lifecycle
	Status lifecycle.Status
}

// SpokeVersion lists the spoke package of an API version in a CRD: served
// and marked deprecated as its classification says (the lifecycle controller
// applies the same rules in a cluster), a deprecated one with a warning that
// names the expiry when known; its lifecycle goes into the CRD's lifecycle
// annotation.
func SpokeVersion(pkg *golang.Package, l Lifecycle) Version {
	class := l.Status.Classification
	c := Version{Name: pkg.Version, Package: pkg, Served: class.Served(), Deprecated: class.MarksDeprecated(), Lifecycle: l.Stages}
	if class == lifecycle.Deprecated {
		c.DeprecationWarning = fmt.Sprintf("API version %s is deprecated", pkg.APIVersion)
		if next := l.Status.Next; next != nil && next.StartTime != nil {
			c.DeprecationWarning += " and expires at " + next.StartTime.UTC().Format("2006-01-02T15:04:05Z")
		}
	}
	return c
}

// StorageVersion lists a storage variant: the hub is where objects are
// stored; every storage variant is served so that objects stored by earlier
// releases stay readable, except those of expired versions.
func StorageVersion(pkg *golang.Package, l Lifecycle, hub bool) Version {
	return Version{Name: pkg.Version, Package: pkg, Storage: hub, Served: hub || l.Status.Classification != lifecycle.Expired}
}

// Path returns the module-relative path of the CRD of kind in group.
func Path(group, kind string) string {
	return layout.CRDFile(group, naming.Lower(naming.Plural(kind)))
}

// PackageFile returns the Go file of a service's crd package, which embeds
// the CRD YAML files beside it so that they can be installed (or validated)
// from Go.
func PackageFile() []byte {
	return []byte(layout.GeneratedGo + `

// Package crd holds the service's CustomResourceDefinitions, one YAML file per
// resource, named <group>_<plural>.yaml, and kustomization.yaml, which lists
// them for the install base (../deploy).
package crd

import "embed"

// Files holds every CRD YAML file of the service.
//
//go:embed *_*.yaml
var Files embed.FS
`)
}

// Listing says which versions of a resource its CRD lists.
type Listing struct {
	// StoredOnly lists, besides the spokes that have not expired, only the
	// hub's storage variant and those of the API versions in Stored: expired
	// spokes are neither served nor stored at, and other storage variants are
	// never stored at. Without it every spoke and storage variant is listed.
	StoredOnly bool
	Stored     func(apiVersion string) bool
	// Held says whether the module holds a package (an expired version's
	// may have left it): a package it does not hold is never listed. Nil:
	// it holds every one.
	Held func(*golang.Package) bool
}

func (s Listing) held(pkg *golang.Package) bool { return s.Held == nil || s.Held(pkg) }

// Versions returns what the CRD lists of one API version: its spoke, with
// lifecycle l, and its storage variant, the resource's hub when hub is true.
func (s Listing) Versions(spoke, storage *golang.Package, l Lifecycle, hub bool) []Version {
	var out []Version
	if s.held(spoke) && (!s.StoredOnly || l.Status.Classification != lifecycle.Expired) {
		out = append(out, SpokeVersion(spoke, l))
	}
	if s.held(storage) && (!s.StoredOnly || hub || s.Stored(storage.APIVersion)) {
		out = append(out, StorageVersion(storage, l, hub))
	}
	return out
}

// KeepDescriptions marks which of a CRD's versions keep the descriptions in
// their schemas: all of them (all), none, or only the newest served spoke
// (newest; storage variants are never read by people), so that kubectl
// explain helps where people write while the CRD stays small.
func KeepDescriptions(versions []Version, policy string) {
	newest, found := 0, false
	for i, v := range versions {
		versions[i].Descriptions = policy == "all"
		switch policy {
		case "newest":
			if v.Lifecycle != nil && v.Served && (!found || v.Name > versions[newest].Name) {
				newest, found = i, true
			}
		}
	}
	if found {
		versions[newest].Descriptions = true
	}
}
