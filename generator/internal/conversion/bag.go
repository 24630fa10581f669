package conversion

import (
	"fmt"
	"slices"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// bagPlan plans keeping field f (of the struct named structName in the
// storage variant of version fieldVersion, whose shapes it has) in the property
// bag of version bagVersion. When the bag holds the property in the shape of
// another version and that shape has structs, the value goes through a compat
// clone of that shape in compatVersion, and the plan's Shape names the clone.
func (g *Graph) bagPlan(f *golang.Field, structName string, fieldVersion, bagVersion, compatVersion VersionIndex) (*FieldPlan, error) {
	r := g.runOf(structName, f, fieldVersion)
	if r == nil {
		return nil, fmt.Errorf("internal error: no run for %s.%s in %s", structName, f.Name, g.apiVersion(fieldVersion))
	}
	shape := r.shapeAt(bagVersion)
	plan := &FieldPlan{Mode: Bag, Host: f, Key: r.key, BagVersion: bagVersion, Shape: shape.field.Type}
	if shape.version != fieldVersion && ContainsObject(shape.field.Type) {
		clone, err := g.compatClone(shape.field.Type, shape.version, compatVersion)
		if err != nil {
			return nil, err
		}
		plan.Compat, plan.Shape = clone, renamedRoot(shape.field.Type, clone.Name)
	}
	return plan, nil
}

// compatClone copies the struct at the root of type t in version from (and every
// struct it reaches) into the compat package of version into, once: a struct
// cloned before (the same schema type by the same name) is reused. A clone
// keeps its struct's name unless the package holds a clone of another shape
// by that name (ignoring case, as type names are unique in a package); then,
// like every Go type that clashes in a package, it takes the first free
// name_1, name_2, ... (compatName). Its fields name the clones of the structs
// they hold.
func (g *Graph) compatClone(t *golang.Type, from, into VersionIndex) (*golang.Struct, error) {
	source := g.Versions[from].Storage.Struct(rootOf(t).Named)
	if source == nil {
		return nil, fmt.Errorf("internal error: no struct %s in %s", rootOf(t).Named, g.apiVersion(from))
	}
	if existing := g.cloneOf(source, into); existing != nil {
		return existing, nil
	}
	clone := *source
	clone.Name = g.compatName(source, from, into)
	clone.Fields = slices.Clone(source.Fields)
	g.Compat[into] = append(g.Compat[into], &clone)
	g.compatFrom = appendCompatOrigin(g.compatFrom, compatKey{into, clone.Name}, compatOrigin{from, source.Name})
	return &clone, g.cloneNested(&clone, from, into)
}

// cloneOf returns the clone of source (a struct of the storage variant of some
// version) in the compat package of version into, if there is one: a clone of
// a struct of source's name, schema name and source.
func (g *Graph) cloneOf(source *golang.Struct, into VersionIndex) *golang.Struct {
	for _, existing := range g.Compat[into] {
		origin := g.compatOrigin(into, existing.Name)
		if origin.name == source.Name && existing.Source == source.Source && existing.SchemaName == source.SchemaName {
			return existing
		}
	}
	return nil
}

// compatName returns the name the clone of source (a struct of the storage
// variant of version from) takes in the compat package of version into: its
// own, else the first free name_1, name_2, ... (naming.Underscore, the rule of
// every Go type of a package, be its name the schema's or composed). Clones
// are made in the order planning meets them (versions oldest first, each
// spoke's structs in order, then the kinds' chains in name order), so the
// first shape keeps the name and the same versions always give the same
// names.
func (g *Graph) compatName(source *golang.Struct, from, into VersionIndex) string {
	names := naming.NewNamespace()
	for _, c := range g.Compat[into] {
		names.ClaimType(c.Name, g.compatOrigin(into, c.Name).key(), c.Source)
	}
	return names.TakeType(source.Name, compatOrigin{from, source.Name}.key(), source.Source, naming.Underscore)
}

// cloneNested clones the structs the data fields of clone (a clone of a struct
// of version from) hold into the compat package of version into, and makes
// the fields name them.
func (g *Graph) cloneNested(clone *golang.Struct, from, into VersionIndex) error {
	data := dataFields(clone)
	for i, f := range clone.Fields {
		if !slices.Contains(data, f) || !ContainsObject(f.Type) {
			continue
		}
		nested, err := g.compatClone(f.Type, from, into)
		if err != nil {
			return err
		}
		if nested.Name != rootOf(f.Type).Named {
			renamed := *f
			renamed.Type = renamedRoot(f.Type, nested.Name)
			clone.Fields[i] = &renamed
		}
	}
	return nil
}

// rootOf returns the element at the root of t: t itself, or what its slices
// and maps hold.
func rootOf(t *golang.Type) *golang.Type {
	for t.Kind == model.KindArray || t.Kind == model.KindMap {
		t = t.Elem
	}
	return t
}

// renamedRoot returns t with the type at its root named name: t itself when it
// is, else a copy.
func renamedRoot(t *golang.Type, name string) *golang.Type {
	if rootOf(t).Named == name {
		return t
	}
	c := *t
	if c.Kind == model.KindArray || c.Kind == model.KindMap {
		c.Elem = renamedRoot(c.Elem, name)
	} else {
		c.Named = name
	}
	return &c
}

// shapeName returns the name the struct of end has in the storage variant
// whose shapes it has: a compat struct's origin's, else its own.
func (g *Graph) shapeName(end End) string {
	if end.Side != layout.Compat {
		return end.Struct.Name
	}
	return g.compatOrigin(end.Version, end.Struct.Name).name
}

// shapeType returns t, a type of a field of end's struct, as the storage
// variant whose shapes it has names it: a compat struct it holds by its
// origin's name. Conversions match types by those names.
func (g *Graph) shapeType(end End, t *golang.Type) *golang.Type {
	if end.Side != layout.Compat {
		return t
	}
	origin, ok := g.compatFrom[compatKey{end.Version, rootOf(t).Named}]
	if !ok {
		return t
	}
	return renamedRoot(t, origin.name)
}

// attachCompat links every compat struct the plans of link use with the struct on
// the other side of link, so values can be converted into and out of the compat
// shape.
func (g *Graph) attachCompat(link *Link, host End) error {
	for _, plan := range link.Fields {
		if plan.Compat == nil || plan.Other == nil {
			continue
		}
		origin := g.compatOrigin(host.Version, plan.Compat.Name)
		otherType := rootOf(plan.Other.Type)
		otherStruct := g.structIn(link.Other, otherType.Named)
		if otherStruct == nil {
			return fmt.Errorf("internal error: no struct %s", otherType.Named)
		}
		if !g.convertible(&golang.Type{Kind: model.KindObject, Named: origin.name}, origin.version, otherType, link.Other.Version) {
			plan.Compat = nil // a shape that cannot convert: the value stays as it is, under its own key
			continue
		}
		compatEnd := End{host.Version, layout.Compat, plan.Compat}
		otherEnd := End{link.Other.Version, link.Other.Side, otherStruct}
		if err := g.linkStructs(compatEnd, otherEnd, origin.version); err != nil {
			return err
		}
	}
	return nil
}

// CompatOrigin returns the version a compat struct of version i was cloned from.
func (g *Graph) CompatOrigin(i VersionIndex, name string) VersionIndex {
	return g.compatOrigin(i, name).version
}

func (g *Graph) compatOrigin(i VersionIndex, name string) compatOrigin {
	return g.compatFrom[compatKey{i, name}]
}

// compatKey is a compat struct: its version and name.
type compatKey struct {
	version VersionIndex
	name    string
}

// compatOrigin is what a compat struct is a clone of: the struct named name in
// the storage variant of version.
type compatOrigin struct {
	version VersionIndex
	name    string
}

// key returns the origin as a naming.Namespace key.
func (o compatOrigin) key() string {
	return fmt.Sprintf("%d/%s", o.version, o.name)
}

func appendCompatOrigin(m map[compatKey]compatOrigin, clone compatKey, origin compatOrigin) map[compatKey]compatOrigin {
	if m == nil {
		m = map[compatKey]compatOrigin{}
	}
	m[clone] = origin
	return m
}

// noteRemoval records a property of a storage struct that the next storage version
// of the struct does not have at all. A status the next version's input does
// not describe (Undescribed) removes nothing: that input is silent on it.
func (g *Graph) noteRemoval(host End, hf *golang.Field, other End, match *golang.Field) {
	if host.Side != layout.Storage || other.Side != layout.Storage || match != nil || other.Struct.Undescribed {
		return
	}
	g.Removals = append(g.Removals, Removal{
		Struct: host.Struct.Name, Property: hf.JSONName,
		From: g.apiVersion(host.Version), To: g.apiVersion(other.Version),
	})
}
