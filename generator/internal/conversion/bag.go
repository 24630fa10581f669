package conversion

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// bagPlan plans keeping field f (of struct s, with the shapes of version
// fieldVersion) in the property bag of version bagVersion. When the bag holds the
// property in the shape of another version and that shape has structs, the value
// goes through a compat clone of that shape in compatVersion.
func (g *Graph) bagPlan(f *golang.Field, s *golang.Struct, fieldVersion, bagVersion, compatVersion VersionIndex) (*FieldPlan, error) {
	r := g.runOf(s, f, fieldVersion)
	if r == nil {
		return nil, fmt.Errorf("internal error: no run for %s.%s in %s", s.Name, f.Name, g.apiVersion(fieldVersion))
	}
	shape := r.shapeAt(bagVersion)
	plan := &FieldPlan{Mode: Bag, Host: f, Key: r.key, BagVersion: bagVersion, Shape: shape.field.Type}
	if shape.version != fieldVersion && ContainsObject(shape.field.Type) {
		clone, err := g.compatClone(shape.field.Type, shape.version, compatVersion)
		if err != nil {
			return nil, err
		}
		plan.Compat = clone
	}
	return plan, nil
}

// compatClone copies the struct at the root of type t in version from (and every
// struct it reaches) into the compat package of version into, once.
func (g *Graph) compatClone(t *golang.Type, from, into VersionIndex) (*golang.Struct, error) {
	for t.Kind == model.KindArray || t.Kind == model.KindMap {
		t = t.Elem
	}
	source := g.Versions[from].Storage.Struct(t.Named)
	if source == nil {
		return nil, fmt.Errorf("internal error: no struct %s in %s", t.Named, g.apiVersion(from))
	}
	for _, existing := range g.Compat[into] {
		if existing.Name == source.Name {
			if existing.Source != source.Source || existing.SchemaName != source.SchemaName {
				return nil, fmt.Errorf("version %s needs two compat shapes named %s; not supported", g.apiVersion(into), source.Name)
			}
			return existing, nil
		}
	}
	clone := *source
	g.Compat[into] = append(g.Compat[into], &clone)
	g.compatFrom = appendCompatOrigin(g.compatFrom, into, clone.Name, from)
	for _, f := range dataFields(source) {
		if ContainsObject(f.Type) {
			if _, err := g.compatClone(f.Type, from, into); err != nil {
				return nil, err
			}
		}
	}
	return &clone, nil
}

// attachCompat links every compat struct the plans of link use with the struct on
// the other side of link, so values can be converted into and out of the compat
// shape.
func (g *Graph) attachCompat(link *Link, host End) error {
	for _, plan := range link.Fields {
		if plan.Compat == nil || plan.Other == nil {
			continue
		}
		from := g.CompatOrigin(host.Version, plan.Compat.Name)
		otherType := plan.Other.Type
		for otherType.Kind == model.KindArray || otherType.Kind == model.KindMap {
			otherType = otherType.Elem
		}
		otherStruct := g.structIn(link.Other, otherType.Named)
		if otherStruct == nil {
			return fmt.Errorf("internal error: no struct %s", otherType.Named)
		}
		if !g.convertible(&golang.Type{Kind: model.KindObject, Named: plan.Compat.Name}, from, otherType, link.Other.Version) {
			plan.Compat = nil // a shape that cannot convert: the value stays as it is, under its own key
			continue
		}
		compatEnd := End{host.Version, layout.Compat, plan.Compat}
		otherEnd := End{link.Other.Version, link.Other.Side, otherStruct}
		if err := g.linkStructs(compatEnd, otherEnd, from); err != nil {
			return err
		}
	}
	return nil
}

// CompatOrigin returns the version a compat struct of version i was cloned from.
func (g *Graph) CompatOrigin(i VersionIndex, name string) VersionIndex {
	return g.compatFrom[compatKey{i, name}]
}

type compatKey struct {
	version VersionIndex
	name    string
}

func appendCompatOrigin(m map[compatKey]VersionIndex, into VersionIndex, name string, from VersionIndex) map[compatKey]VersionIndex {
	if m == nil {
		m = map[compatKey]VersionIndex{}
	}
	m[compatKey{into, name}] = from
	return m
}

// noteRemoval records a property of a storage struct that the next storage version
// of the struct does not have at all.
func (g *Graph) noteRemoval(host End, hf *golang.Field, other End, match *golang.Field) {
	if host.Side != layout.Storage || other.Side != layout.Storage || match != nil {
		return
	}
	g.Removals = append(g.Removals, Removal{
		Struct: host.Struct.Name, Property: hf.JSONName,
		From: g.apiVersion(host.Version), To: g.apiVersion(other.Version),
	})
}
