// Package conversion plans the conversions of a service: which storage version is
// each resource's hub, which pairs of types convert into each other, how each
// property is carried (assigned, or kept in a property bag under which key), and
// which compat types keep a property bag to one shape.
//
// Conversions are always hosted by the earlier package: a spoke hosts the
// conversion with its own storage variant, and a storage version hosts the one with
// the next storage version of the same resource. Every import therefore points
// from an earlier version to a later one, so the import graph is a DAG whatever the
// hubs are. Storage versions later than a resource's hub reach it through methods
// the hub hosts.
//
// The stages are types: Build returns the Graph, which nothing changes
// afterwards; Compose takes it and the structs hand-written code augments and
// returns a ComposedGraph, the conversions straight to each hub and back. What
// emits conversions takes a ComposedGraph, so it cannot run before Compose.
//
// The words of conversions (link, host, step, run, shape, compat struct,
// composed and direct conversions, the operations Keep, Pull, Move and Set,
// twins, the routes: step, carry, direct, hub chain, beyond; fits) are
// defined, each with the file that owns it, in generator/README.md,
// "Conversions: words and a worked example", beside a composed conversion's
// operations and the method package emit/convert writes from them.
package conversion

import (
	"iter"
	"strings"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// VersionIndex is the position of an API version in Graph.Versions (oldest
// first, package-name order). It is the generator's handle on a version; the
// version's other names are its API version string (golang.Package.APIVersion,
// "2021-01-01"), its spoke's package name (golang.Package.Name, "v20210101") and
// the Kubernetes version names of its spoke and storage variant
// (golang.Package.Version, "v20210101", "v20210101storage"); which package of the
// version is meant is a layout.Side.
type VersionIndex int

// NoVersion is the VersionIndex of no version, for code outside every version's
// packages (gosrc.Scope of the register package and the conformance suite).
const NoVersion VersionIndex = -1

// Indexes yields every version of the service, oldest first.
func (g *Graph) Indexes() iter.Seq[VersionIndex] {
	return func(yield func(VersionIndex) bool) {
		for i := range g.Versions {
			if !yield(VersionIndex(i)) {
				return
			}
		}
	}
}

// Version is one API version of the service with its spoke and storage packages.
type Version struct {
	Index   VersionIndex
	Spoke   *golang.Package
	Storage *golang.Package
	// Classification is the version's lifecycle classification at the
	// generation's instant; the hub is never a version that cannot be one
	// (unavailable or expired). Empty means supported.
	Classification lifecycle.Classification
	// Leaves says the module holds no spoke package of the version: it has
	// expired at the generation's instant and the metadata does not keep it.
	// Its conversions are planned all the same (see Holds).
	Leaves bool
	// Stored says objects may be stored at the version's storage variant
	// (crds.stored names it), so the module holds that even when the version
	// leaves.
	Stored bool
}

// canBeHub reports whether v's storage variant may be a hub.
func (v *Version) canBeHub() bool {
	return v.Classification == "" || v.Classification.CanBeHub()
}

// PropertyRename says that property From of type Type is called To from version
// Since (an API version) on.
type PropertyRename struct{ Type, From, To, Since string }

// TypeRename says that type From is called To from version Since on.
type TypeRename struct{ From, To, Since string }

// Renames lists the renames the metadata records.
type Renames struct {
	Properties []PropertyRename
	Types      []TypeRename
}

// Graph is the conversion plan of a service: hubs, adjacent links and compat
// types. Build makes it; nothing changes it afterwards (Compose returns a
// ComposedGraph beside it).
type Graph struct {
	Versions   []*Version
	Hubs       map[string]VersionIndex           // kind -> the version whose storage is the hub
	Chains     map[string][]VersionIndex         // kind -> the versions having it, oldest first
	Links      []*Link                           // the struct pairs that convert, host first
	Compat     map[VersionIndex][]*golang.Struct // version -> compat structs cloned into it
	Removals   []Removal                         // properties that disappear between adjacent versions
	renames    Renames
	runs       map[propKey][]*run
	linkSet    map[linkKey]*Link
	compatFrom map[compatKey]compatOrigin
	held       VersionIndex // the oldest version whose storage variant the module holds
}

// Removal is a property present in one version of a struct and not in the next.
type Removal struct {
	Struct, Property string // as named in the earlier version
	From, To         string // the API versions
}

// End is one end of a link: a struct in a package of a version.
type End struct {
	Version VersionIndex
	Side    layout.Side
	Struct  *golang.Struct
}

// Link is a pair of structs that convert into each other; Host's package imports
// Other's and holds both directions.
type Link struct {
	Host, Other End
	Fields      []*FieldPlan
}

// Mode says how a property crosses a link.
type Mode int

// The modes.
const (
	Assign Mode = iota // both sides have it with convertible types
	Bag                // one side keeps it in its property bag
)

// FieldPlan says how one property crosses a link. For Assign both fields are set.
// For Bag one is: a host field is stashed in the other side's bag when converting
// host to other and recalled from it the other way; an other-side field the reverse.
type FieldPlan struct {
	Mode       Mode
	Host       *golang.Field
	Other      *golang.Field
	Key        string         // the bag key, for Bag
	BagVersion VersionIndex   // the version whose bag holds the key
	Shape      *golang.Type   // the type the bag holds under Key
	Compat     *golang.Struct // non-nil when the value goes through a compat struct
}

// AugmentedStruct names a struct of a version's spoke or storage package.
type AugmentedStruct struct {
	Version VersionIndex
	Side    layout.Side
	Name    string
}

// Augmented is a set of structs that hand-written code gives an augmentation
// method (AssignPropertiesTo or AssignPropertiesFrom).
type Augmented map[AugmentedStruct]bool

// Has reports whether the struct named name in the package of version i on
// side is augmented.
func (a Augmented) Has(i VersionIndex, side layout.Side, name string) bool {
	return a[AugmentedStruct{i, side, name}]
}

// SpokeAugmented reports whether hand-written code augments any struct of
// version i's spoke.
func (a Augmented) SpokeAugmented(i VersionIndex) bool {
	for s := range a {
		if s.Version == i && s.Side == layout.Spoke {
			return true
		}
	}
	return false
}

type propKey struct{ structName, prop string }

type linkKey struct {
	hostVersion, otherVersion VersionIndex
	hostSide, otherSide       layout.Side
	host, other               string
}

func lower(s string) string { return strings.ToLower(s) }
