package conversion

import (
	"slices"

	"github.com/armhub/armhub/generator/internal/layout"
)

// What the module holds. The graph plans conversions over every version, so
// adding a version adds one step and changes none, but the module holds only
// what a cluster can reach: the spoke of every version that does not leave
// (Version.Leaves), and the storage variants (with their compat packages) from
// the oldest version that does not leave or is stored at (Version.Stored) on.
// A storage variant after that is held even when its version leaves, as a
// step of the chains that pass through it: every import points from an
// earlier version to a later one, so held packages import only held packages.

// oldestHeld returns the oldest version that does not leave or is stored at,
// or one past the newest when there is none.
func (g *Graph) oldestHeld() VersionIndex {
	for _, v := range g.Versions {
		if !v.Leaves || v.Stored {
			return v.Index
		}
	}
	return VersionIndex(len(g.Versions))
}

// Holds reports whether the module holds the package of version v on side.
func (g *Graph) Holds(v VersionIndex, side layout.Side) bool {
	if side == layout.Spoke {
		return !g.Versions[v].Leaves
	}
	return v >= g.held
}

// HoldsAny reports whether the module holds any version's package.
func (g *Graph) HoldsAny() bool {
	return int(g.held) < len(g.Versions)
}

// HeldKinds returns the kinds whose hub the module holds, sorted: a kind every
// version of which leaves and whose hub is older than every version held has
// no package in the module, so no CRD and no registration.
func (g *Graph) HeldKinds() []string {
	return slices.DeleteFunc(g.Kinds(), func(kind string) bool { return !g.Holds(g.Hubs[kind], layout.Storage) })
}

// HeldChain returns the versions of kind's chain whose spoke the module holds,
// oldest first.
func (g *Graph) HeldChain(kind string) []VersionIndex {
	return slices.DeleteFunc(slices.Clone(g.Chains[kind]), func(v VersionIndex) bool { return !g.Holds(v, layout.Spoke) })
}
