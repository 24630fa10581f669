package conversion

import "github.com/armhub/armhub/generator/internal/golang"

// A spoke's twin of a composed conversion: the same operations, on the
// spoke's struct instead of its storage variant's, so that a spoke converts
// to and from its hub without the storage object in between (the step from a
// spoke to its storage variant assigns every field and leaves the bag empty).
// A version's spoke has twins when nothing hand-written augments its spoke or
// any composed conversion its storage variant hosts, and every struct those
// conversions start from has a spoke struct of the same name with the same
// fields.

// twinKey finds a composed conversion of any number of steps by its ends.
type twinKey = directKey

// findTwins records the composed conversions whose spoke twins are written.
func (g *Graph) findTwins() {
	g.twins = map[twinKey]*Composed{}
	g.spokeStructs = map[VersionIndex]map[string]*golang.Struct{}
	for i := range g.Indexes() {
		comps := g.composedBy[i]
		if len(comps) == 0 {
			continue
		}
		spokes := map[string]*golang.Struct{}
		for _, s := range g.Versions[i].Spoke.Structs {
			spokes[s.Name] = s
		}
		if !g.canTwin(i, comps, spokes) {
			continue
		}
		g.spokeStructs[i] = spokes
		for _, comp := range comps {
			key := twinKey{comp.Near.Version, comp.Far.Version, comp.Near.Struct.Name, comp.Far.Struct.Name, comp.Direction}
			if _, taken := g.twins[key]; !taken {
				g.twins[key] = comp
			}
		}
	}
}

// canTwin reports whether version i's spoke can host the twins of comps, the
// composed conversions its storage variant hosts.
func (g *Graph) canTwin(i VersionIndex, comps []*Composed, spokes map[string]*golang.Struct) bool {
	if g.Augmented.SpokeAugmented(i) {
		return false
	}
	for _, comp := range comps {
		spoke := spokes[comp.Near.Struct.Name]
		if comp.Hooked || spoke == nil || !sameFields(spoke, comp.Near.Struct) {
			return false
		}
	}
	return true
}

// sameFields reports whether the spoke struct has a field of the same name
// for every data field of its storage variant, and no other.
func sameFields(spoke, storage *golang.Struct) bool {
	data := dataFields(storage)
	if len(data) != len(spoke.Fields) {
		return false
	}
	for _, f := range data {
		if fieldNamed(spoke, f.Name) == nil {
			return false
		}
	}
	return true
}

// Twinned reports whether version i's spoke hosts the twins of the composed
// conversions its storage variant hosts (ComposedBy).
func (g *Graph) Twinned(i VersionIndex) bool { return g.spokeStructs[i] != nil }

// Twin returns the composed conversion (of any number of steps) between the
// storage struct nearName of version near, whose spoke twin is written, and
// farName of version far, in direction d.
func (g *Graph) Twin(near, far VersionIndex, nearName, farName string, d Direction) (*Composed, bool) {
	comp, ok := g.twins[twinKey{near, far, nearName, farName, d}]
	return comp, ok
}

// SpokeField returns the field of the spoke struct of twinned version i that
// f, a field of its storage variant's struct named structName, comes from.
func (g *Graph) SpokeField(i VersionIndex, structName string, f *golang.Field) *golang.Field {
	return fieldNamed(g.spokeStructs[i][structName], f.Name)
}
