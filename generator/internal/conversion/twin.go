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
func (cg *ComposedGraph) findTwins() {
	cg.twins = map[twinKey]*Composed{}
	cg.spokeStructs = map[VersionIndex]map[string]*golang.Struct{}
	for i := range cg.Indexes() {
		comps := cg.composedBy[i]
		if len(comps) == 0 {
			continue
		}
		spokes := map[string]*golang.Struct{}
		for _, s := range cg.Versions[i].Spoke.Structs {
			spokes[s.Name] = s
		}
		if !cg.canTwin(i, comps, spokes) {
			continue
		}
		cg.spokeStructs[i] = spokes
		for _, comp := range comps {
			key := twinKey{comp.Near.Version, comp.Far.Version, comp.Near.Struct.Name, comp.Far.Struct.Name, comp.Direction}
			if _, taken := cg.twins[key]; !taken {
				cg.twins[key] = comp
			}
		}
	}
}

// canTwin reports whether version i's spoke can host the twins of comps, the
// composed conversions its storage variant hosts.
func (cg *ComposedGraph) canTwin(i VersionIndex, comps []*Composed, spokes map[string]*golang.Struct) bool {
	if cg.Augmented.SpokeAugmented(i) {
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
func (cg *ComposedGraph) Twinned(i VersionIndex) bool { return cg.spokeStructs[i] != nil }

// Twin returns the composed conversion (of any number of steps) between the
// storage struct nearName of version near, whose spoke twin is written, and
// farName of version far, in direction d.
func (cg *ComposedGraph) Twin(near, far VersionIndex, nearName, farName string, d Direction) (*Composed, bool) {
	comp, ok := cg.twins[twinKey{near, far, nearName, farName, d}]
	return comp, ok
}

// SpokeField returns the field of the spoke struct of twinned version i that
// f, a field of its storage variant's struct named structName, comes from.
func (cg *ComposedGraph) SpokeField(i VersionIndex, structName string, f *golang.Field) *golang.Field {
	return fieldNamed(cg.spokeStructs[i][structName], f.Name)
}
