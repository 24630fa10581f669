package crds

import (
	"fmt"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/naming"
	"github.com/armhub/armhub/runtime"
)

// Lifecycle is a version's classification at the generation's instant and the
// time of its next transition, if any.
type Lifecycle struct {
	Class runtime.Classification
	Next  *time.Time
}

// SpokeVersion lists the spoke package of an API version in a CRD: served
// unless expired or unavailable, deprecated with a warning that names the
// expiry when known.
func SpokeVersion(pkg *golang.Package, l Lifecycle) Version {
	c := Version{
		Name: pkg.Version, Package: pkg,
		Served: l.Class != runtime.Expired && l.Class != runtime.Unavailable,
	}
	if l.Class == runtime.Deprecated {
		c.Deprecated = true
		c.DeprecationWarning = fmt.Sprintf("API version %s is deprecated", pkg.APIVersion)
		if l.Next != nil {
			c.DeprecationWarning += " and expires at " + l.Next.UTC().Format("2006-01-02T15:04:05Z")
		}
	}
	return c
}

// StorageVersion lists a storage variant: the hub is where objects are
// stored; every storage variant is served so that objects stored by earlier
// releases stay readable, except those of expired versions.
func StorageVersion(pkg *golang.Package, l Lifecycle, hub bool) Version {
	return Version{Name: pkg.Version, Package: pkg, Storage: hub, Served: hub || l.Class != runtime.Expired}
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
// resource, named <group>_<plural>.yaml.
package crd

import "embed"

// Files holds every CRD YAML file of the service.
//
//go:embed *.yaml
var Files embed.FS
`)
}
