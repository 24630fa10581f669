package conversion

import (
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// Latest returns the latest version of the service.
func (g *Graph) Latest() VersionIndex { return VersionIndex(len(g.Versions) - 1) }

// apiVersion returns the API version of version index i.
func (g *Graph) apiVersion(i VersionIndex) string {
	return g.Versions[i].Spoke.APIVersion
}

// canonicalType returns the name a type named name in version i has in the latest
// version, following type renames, lower-cased. It follows at most one rename
// for each rename there is, so a cycle (which metadata checks reject) cannot
// make it loop.
func (g *Graph) canonicalType(name string, i VersionIndex) string {
	name = lower(name)
	for changed, steps := true, 0; changed && steps <= len(g.renames.Types); steps++ {
		changed = false
		for _, r := range g.renames.Types {
			if lower(r.From) == name && g.apiVersion(i) < r.Since {
				name, changed = lower(r.To), true
			}
		}
	}
	return name
}

// canonicalProp returns the name property prop of struct structName (as named in
// version i) has in the latest version, following property renames, lower-cased.
// Like canonicalType it takes a bounded number of steps.
func (g *Graph) canonicalProp(structName, prop string, i VersionIndex) string {
	structName = g.canonicalType(structName, i)
	prop = lower(prop)
	for changed, steps := true, 0; changed && steps <= len(g.renames.Properties); steps++ {
		changed = false
		for _, r := range g.renames.Properties {
			if g.canonicalType(r.Type, g.Latest()) == structName && lower(r.From) == prop && g.apiVersion(i) < r.Since {
				prop, changed = lower(r.To), true
			}
		}
	}
	return prop
}

// match returns the field of other.Struct that hf of the struct named hostName
// in the storage variant of version shapeVersion corresponds to, or nil.
func (g *Graph) match(hostName string, hf *golang.Field, shapeVersion VersionIndex, other End) *golang.Field {
	want := g.canonicalProp(hostName, hf.JSONName, shapeVersion)
	for _, of := range dataFields(other.Struct) {
		if g.canonicalProp(other.Struct.Name, of.JSONName, other.Version) == want {
			return of
		}
	}
	return nil
}

// convertible reports whether a value of type a (in version i) converts into type
// b (in version j) without a property bag: identical primitives, objects of the
// same (renamed) name, or containers of convertible elements.
func (g *Graph) convertible(a *golang.Type, i VersionIndex, b *golang.Type, j VersionIndex) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case model.KindPrimitive:
		return a.Builtin == b.Builtin
	case model.KindAny:
		return true
	case model.KindArray, model.KindMap:
		return g.convertible(a.Elem, i, b.Elem, j)
	case model.KindEnum:
		return false
	}
	if isRuntimeType(a.Named) || isRuntimeType(b.Named) {
		return a.Named == b.Named
	}
	return g.canonicalType(a.Named, i) == g.canonicalType(b.Named, j)
}

// ContainsObject reports whether t is, or holds, a generated struct.
func ContainsObject(t *golang.Type) bool {
	switch t.Kind {
	case model.KindArray, model.KindMap:
		return ContainsObject(t.Elem)
	case model.KindObject:
		return !isRuntimeType(t.Named)
	}
	return false
}

// CanonicalType returns the name a type named name in version i has in the
// latest version, lower-cased: the identity conversions match types by.
func (g *Graph) CanonicalType(name string, i VersionIndex) string {
	return g.canonicalType(name, i)
}

// CanonicalProp returns the name property prop of struct structName (as named in
// version i) has in the latest version, lower-cased: the identity conversions
// match properties and choose bag keys by.
func (g *Graph) CanonicalProp(structName, prop string, i VersionIndex) string {
	return g.canonicalProp(structName, prop, i)
}
