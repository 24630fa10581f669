package conversion

import (
	"sort"

	"github.com/armhub/armhub/generator/internal/golang"
)

// occurrence is a property present in one storage version.
type occurrence struct {
	version VersionIndex
	field   *golang.Field
}

// run is a stretch of versions in which a property keeps convertible types; every
// value a property bag holds for it has one shape, kept under one key.
type run struct {
	key         string
	occurrences []occurrence
}

// buildRuns groups, for every property of every struct, the versions having it
// into runs of convertible types.
func (g *Graph) buildRuns() {
	g.runs = map[propKey][]*run{}
	for _, v := range g.Versions {
		for _, s := range v.Storage.Structs {
			for _, f := range dataFields(s) {
				key := propKey{g.canonicalType(s.Name, v.Index), g.canonicalProp(s.Name, f.JSONName, v.Index)}
				g.addOccurrence(key, occurrence{v.Index, f})
			}
		}
	}
}

func (g *Graph) addOccurrence(key propKey, o occurrence) {
	runs := g.runs[key]
	if n := len(runs); n > 0 {
		last := runs[n-1].occurrences
		previous := last[len(last)-1]
		if previous.version == o.version {
			return // the same struct reached twice in one version
		}
		if g.convertible(previous.field.Type, previous.version, o.field.Type, o.version) {
			runs[n-1].occurrences = append(runs[n-1].occurrences, o)
			return
		}
	}
	name := o.field.Name
	if len(runs) > 0 {
		name += "@" + g.Versions[o.version].Spoke.Name
	}
	g.runs[key] = append(runs, &run{key: name, occurrences: []occurrence{o}})
}

// runOf returns the run a field of the struct named structName in version i
// belongs to.
func (g *Graph) runOf(structName string, f *golang.Field, i VersionIndex) *run {
	key := propKey{g.canonicalType(structName, i), g.canonicalProp(structName, f.JSONName, i)}
	for _, r := range g.runs[key] {
		for _, o := range r.occurrences {
			if o.version == i {
				return r
			}
		}
	}
	return nil
}

// shapeAt returns the occurrence whose type the bag of version i holds for r: the
// nearest earlier one, else the nearest later one.
func (r *run) shapeAt(i VersionIndex) occurrence {
	n := sort.Search(len(r.occurrences), func(k int) bool { return r.occurrences[k].version >= i })
	if n > 0 {
		return r.occurrences[n-1]
	}
	return r.occurrences[n]
}
