package swagger

import (
	"slices"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// objectType converts an object schema: an object, a discriminated union, a
// map or any.
func (x *loader) objectType(nd node, m schemawalk.Mode, l schemawalk.Label) (schemawalk.Shape, error) {
	if _, ok := nd.N["discriminator"]; ok {
		if isDefinition(nd.Ptr) {
			return x.unionType(nd, m, l)
		}
		x.Note(nd.File, nd.Ptr+"/discriminator", "a discriminator outside a definition has no derived definitions: read as an object of its own properties")
	}
	mem, err := x.Collect(nd, "")
	if err != nil {
		return schemawalk.Shape{}, err
	}
	return x.Object(nd, m, l, mem)
}

// unionType converts a definition with a discriminator, the base of the
// definitions that derive from it, as the deployment-schema loader converts a
// discriminated oneOf: a union with one alternative per derived definition
// (named after it, in lowerCamel), of that definition's type, which holds the
// base's properties and its own. Without derived definitions it is the
// object of its own properties, noted.
func (x *loader) unionType(nd node, m schemawalk.Mode, l schemawalk.Label) (schemawalk.Shape, error) {
	mem, err := x.Collect(nd, "")
	if err != nil {
		return schemawalk.Shape{}, err
	}
	if len(mem.Decls[mem.Disc]) == 0 {
		return schemawalk.Shape{}, schemawalk.Errf(nd.File, nd.Ptr+"/discriminator", "discriminator %q is not a declared property", mem.Disc)
	}
	derived, err := x.derived(nd)
	if err != nil {
		return schemawalk.Shape{}, err
	}
	if len(derived) == 0 {
		x.Note(nd.File, nd.Ptr+"/discriminator", "no definition derives from this one: it is an object of its own properties")
		return x.BuildObject(nd, m, l, mem)
	}
	var branches []schemawalk.Branch
	for _, dn := range derived {
		dn := dn
		branches = append(branches, schemawalk.Branch{Name: jsonfile.LowerCamel(schemawalk.DefName(dn.Ptr)), At: dn, Type: func(string) (schemawalk.Shape, error) {
			return x.EdgeType(dn, m, schemawalk.DefLabel(dn))
		}})
	}
	return x.Union(nd, m, l, branches)
}

// Property types the discriminator of a derived definition nd (one that
// inherits it) as an enum of one value: its x-ms-discriminator-value, else
// its name.
func (x *loader) Property(nd node, mem *schemawalk.Members, owner string, p *model.Property, m schemawalk.Mode) error {
	if p.Name != mem.Disc || nd.N["discriminator"] != nil || !isDefinition(nd.Ptr) {
		return nil
	}
	if p.Type.Primitive != model.String || p.Type.Kind != model.KindPrimitive && p.Type.Kind != model.KindEnum {
		return schemawalk.Errf(nd.File, nd.Ptr, "expected the discriminator %q to be a string, found %s", p.Name, jsonfile.TypeString(p.Type))
	}
	value := schemawalk.DefName(nd.Ptr)
	if v, ok := nd.N["x-ms-discriminator-value"].(string); ok {
		value = v
	}
	if p.Type.Kind == model.KindEnum && !x.Out.Enums[p.Type.Name].Open && !slices.Contains(x.Out.Enums[p.Type.Name].Values, value) {
		return schemawalk.Errf(nd.File, nd.Ptr, "discriminator value %q is not one of the values of %s", value, p.Type.Name)
	}
	name := x.Name(schemawalk.Label{Want: owner + "_" + p.Name, Key: "discriminator " + nd.Key()}, m)
	if x.Out.Enums[name] == nil {
		// Open in status, as every status enum (schemawalk's Enum).
		x.Out.Enums[name] = &model.Enum{Name: name, Base: model.String, Values: []string{value}, Open: m == schemawalk.Status, Source: nd.Key()}
	}
	p.Type = &model.Type{Kind: model.KindEnum, Primitive: model.String, Name: name}
	return nil
}

// isDefinition reports whether ptr is a definition itself, not a node inside
// one.
func isDefinition(ptr string) bool {
	return strings.HasPrefix(ptr, "/definitions/") && strings.Count(ptr, "/") == 2
}
