package conversion

import (
	"fmt"
	"sort"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// Build plans the conversions between versions, which must be sorted oldest first.
func Build(versions []*Version, renames Renames) (*Graph, error) {
	g := &Graph{
		Versions: versions, Hubs: map[string]VersionIndex{}, Chains: map[string][]VersionIndex{},
		Compat: map[VersionIndex][]*golang.Struct{}, renames: renames, linkSet: map[linkKey]*Link{},
	}
	g.buildChains()
	g.buildRuns()
	for _, v := range versions {
		if err := g.linkSpoke(v); err != nil {
			return nil, err
		}
	}
	for _, kind := range g.Kinds() {
		chain := g.Chains[kind]
		for i := 0; i+1 < len(chain); i++ {
			if err := g.linkResource(kind, chain[i], chain[i+1]); err != nil {
				return nil, err
			}
		}
	}
	sort.SliceStable(g.Links, func(i, j int) bool { return g.Links[i].less(g.Links[j]) })
	g.held = g.oldestHeld()
	return g, nil
}

// Kinds returns every resource kind of the service, sorted.
func (g *Graph) Kinds() []string {
	kinds := make([]string, 0, len(g.Chains))
	for k := range g.Chains {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

func (g *Graph) buildChains() {
	for _, v := range g.Versions {
		for _, r := range v.Storage.Resources {
			g.Chains[r.Kind] = append(g.Chains[r.Kind], v.Index)
		}
	}
	for kind, chain := range g.Chains {
		g.Hubs[kind] = g.pickHub(chain)
	}
}

// pickHub returns the latest stable version that can be a hub (neither
// unavailable nor expired: lifecycle.Classification.CanBeHub), else the latest
// preview that can be one, else the latest version.
func (g *Graph) pickHub(chain []VersionIndex) VersionIndex {
	var stable, preview VersionIndex
	var hasStable, hasPreview bool
	for _, i := range chain {
		v := g.Versions[i]
		if !v.canBeHub() {
			continue
		}
		if v.Spoke.Preview {
			preview, hasPreview = i, true
		} else {
			stable, hasStable = i, true
		}
	}
	switch {
	case hasStable:
		return stable
	case hasPreview:
		return preview
	}
	return chain[len(chain)-1]
}

// Resource returns the resource kind in the storage package of version i.
func (g *Graph) Resource(kind string, i VersionIndex, side layout.Side) *golang.Resource {
	pkg := g.Versions[i].Storage
	if side == layout.Spoke {
		pkg = g.Versions[i].Spoke
	}
	for _, r := range pkg.Resources {
		if r.Kind == kind {
			return r
		}
	}
	return nil
}

// Next returns the version after i in kind's chain; ok is false when i is the
// last (or not in the chain).
func (g *Graph) Next(kind string, i VersionIndex) (next VersionIndex, ok bool) {
	chain := g.Chains[kind]
	for n, c := range chain {
		if c == i && n+1 < len(chain) {
			return chain[n+1], true
		}
	}
	return NoVersion, false
}

func (g *Graph) linkSpoke(v *Version) error {
	for _, s := range v.Spoke.Structs {
		storage := v.Storage.Struct(s.Name)
		if storage == nil {
			return fmt.Errorf("version %s: struct %s has no storage variant", v.Spoke.APIVersion, s.Name)
		}
		link := &Link{Host: End{v.Index, layout.Spoke, s}, Other: End{v.Index, layout.Storage, storage}}
		for _, f := range s.Fields {
			other := fieldNamed(storage, f.Name)
			link.Fields = append(link.Fields, &FieldPlan{Mode: Assign, Host: f, Other: other})
		}
		g.addLink(link)
	}
	return nil
}

func fieldNamed(s *golang.Struct, name string) *golang.Field {
	for _, f := range s.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func (g *Graph) linkResource(kind string, from, to VersionIndex) error {
	a, b := g.Resource(kind, from, layout.Storage), g.Resource(kind, to, layout.Storage)
	if err := g.linkStructs(End{from, layout.Storage, a.Spec}, End{to, layout.Storage, b.Spec}, from); err != nil {
		return err
	}
	return g.linkStructs(End{from, layout.Storage, a.Status}, End{to, layout.Storage, b.Status}, from)
}

func (g *Graph) addLink(l *Link) bool {
	key := linkKey{l.Host.Version, l.Other.Version, l.Host.Side, l.Other.Side, l.Host.Struct.Name, l.Other.Struct.Name}
	if _, ok := g.linkSet[key]; ok {
		return false
	}
	g.linkSet[key] = l
	g.Links = append(g.Links, l)
	return true
}

// linkStructs plans the conversion between host and other (storage or compat
// structs), and between every pair of nested structs it assigns. shapeVersion is
// the version whose shapes the host struct has (its own, except for compat clones,
// which are matched by the names of the structs they are clones of: shapeName,
// shapeType).
func (g *Graph) linkStructs(host, other End, shapeVersion VersionIndex) error {
	link := &Link{Host: host, Other: other}
	if !g.addLink(link) {
		return nil
	}
	hostName := g.shapeName(host)
	matched := map[*golang.Field]bool{}
	for _, hf := range dataFields(host.Struct) {
		of := g.match(hostName, hf, shapeVersion, other)
		if of == nil || !g.convertible(g.shapeType(host, hf.Type), shapeVersion, of.Type, other.Version) {
			plan, err := g.bagPlan(hf, hostName, shapeVersion, other.Version, other.Version)
			if err != nil {
				return err
			}
			link.Fields = append(link.Fields, plan)
			g.noteRemoval(host, hf, other, of)
			continue
		}
		matched[of] = true
		link.Fields = append(link.Fields, &FieldPlan{Mode: Assign, Host: hf, Other: of})
		if err := g.linkNested(hf.Type, of.Type, host, other, shapeVersion); err != nil {
			return err
		}
	}
	for _, of := range dataFields(other.Struct) {
		if matched[of] {
			continue
		}
		plan, err := g.bagPlan(of, other.Struct.Name, other.Version, shapeVersion, host.Version)
		if err != nil {
			return err
		}
		plan.Other, plan.Host = of, nil
		link.Fields = append(link.Fields, plan)
	}
	return g.attachCompat(link, host)
}

// dataFields returns the fields that carry data of the API (not the bag or the
// original version), in order.
func dataFields(s *golang.Struct) []*golang.Field {
	var out []*golang.Field
	for _, f := range s.Fields {
		if f.Generated && (f.Name == golang.BagField || f.Name == golang.OriginalVersionField) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// linkNested links the structs inside two convertible types.
func (g *Graph) linkNested(ht, ot *golang.Type, host, other End, shapeVersion VersionIndex) error {
	switch {
	case ht.Kind == model.KindArray || ht.Kind == model.KindMap:
		return g.linkNested(ht.Elem, ot.Elem, host, other, shapeVersion)
	case ht.Kind != model.KindObject || isRuntimeType(ht.Named):
		return nil
	}
	hs := g.structIn(host, ht.Named)
	os := g.structIn(other, ot.Named)
	if hs == nil || os == nil {
		return fmt.Errorf("internal error: struct %s or %s not found", ht.Named, ot.Named)
	}
	return g.linkStructs(End{host.Version, host.Side, hs}, End{other.Version, other.Side, os}, shapeVersion)
}

// structIn finds a struct by Go name in the package an end lives in.
func (g *Graph) structIn(end End, name string) *golang.Struct {
	if end.Side == layout.Compat {
		for _, s := range g.Compat[end.Version] {
			if s.Name == name {
				return s
			}
		}
		return nil
	}
	v := g.Versions[end.Version]
	if end.Side == layout.Spoke {
		return v.Spoke.Struct(name)
	}
	return v.Storage.Struct(name)
}

func isRuntimeType(name string) bool {
	return name == golang.OwnerType || name == golang.Condition || name == golang.JSONType
}

func (l *Link) less(o *Link) bool {
	a := []int{int(l.Host.Version), int(l.Host.Side), int(l.Other.Version), int(l.Other.Side)}
	b := []int{int(o.Host.Version), int(o.Host.Side), int(o.Other.Version), int(o.Other.Side)}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	if l.Host.Struct.Name != o.Host.Struct.Name {
		return l.Host.Struct.Name < o.Host.Struct.Name
	}
	return l.Other.Struct.Name < o.Other.Struct.Name
}
