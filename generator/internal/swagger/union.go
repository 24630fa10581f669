package swagger

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// unionType converts a definition with a discriminator, the base of the
// definitions that derive from it, as the deployment-schema loader converts a
// discriminated oneOf: an object with OneOf set and one optional property per
// derived definition (named after it, in lowerCamel), of that definition's
// type, which holds the base's properties and its own. Without derived
// definitions it is the object of its own properties, noted.
func (x *loader) unionType(nd node, m mode, l label) (shape, error) {
	mem, err := x.collect(nd, "")
	if err != nil {
		return shape{}, err
	}
	if len(mem.decls[mem.disc]) == 0 {
		return shape{}, x.errf(nd.d, nd.ptr+"/discriminator", "discriminator %q is not a declared property", mem.disc)
	}
	derived, err := x.derived(nd)
	if err != nil {
		return shape{}, err
	}
	if len(derived) == 0 {
		x.note(nd.d, nd.ptr+"/discriminator", "no definition derives from this one: it is an object of its own properties")
		return x.buildObject(nd, m, l, mem)
	}
	name := x.nameOf(l, m)
	obj := &model.Object{Name: name, Description: describe(nd.n), OneOf: true, Source: nd.key()}
	lower := map[string]string{}
	for _, dn := range derived {
		bname := jsonfile.LowerCamel(defName(dn.ptr))
		if other, ok := lower[strings.ToLower(bname)]; ok {
			return shape{}, x.errf(dn.d, dn.ptr, "derived definitions %q and %q of %s differ only in case", other, bname, nd.key())
		}
		lower[strings.ToLower(bname)] = bname
		s, err := x.edgeType(dn, m, defLabel(dn))
		if err != nil {
			return shape{}, err
		}
		if s.empty {
			x.note(dn.d, dn.ptr, "every property of this derived definition is read-only: it is left out of the spec of %s", nd.key())
			continue
		}
		obj.Properties = append(obj.Properties, &model.Property{Name: bname, Description: describe(dn.n), Type: jsonfile.CloneType(s.t), Source: dn.key()})
	}
	t := &model.Type{Kind: model.KindObject, Name: name}
	if len(obj.Properties) == 0 {
		return shape{t: t, empty: true}, nil
	}
	sortProperties(obj.Properties)
	x.out.Objects[name] = obj
	return shape{t: t}, nil
}

// discriminatorValue types the discriminator property p of a derived
// definition nd as an enum of one value: its x-ms-discriminator-value, else
// its name.
func (x *loader) discriminatorValue(nd node, owner string, p *model.Property, m mode) error {
	if p.Type.Primitive != model.String || p.Type.Kind != model.KindPrimitive && p.Type.Kind != model.KindEnum {
		return x.errf(nd.d, nd.ptr, "expected the discriminator %q to be a string, found %s", p.Name, jsonfile.TypeString(p.Type))
	}
	value := defName(nd.ptr)
	if v, ok := nd.n["x-ms-discriminator-value"].(string); ok {
		value = v
	}
	if p.Type.Kind == model.KindEnum && !x.out.Enums[p.Type.Name].Open && !contains(x.out.Enums[p.Type.Name].Values, value) {
		return x.errf(nd.d, nd.ptr, "discriminator value %q is not one of the values of %s", value, p.Type.Name)
	}
	name := x.nameOf(label{want: owner + "_" + p.Name, key: "discriminator " + nd.key()}, m)
	if x.out.Enums[name] == nil {
		x.out.Enums[name] = &model.Enum{Name: name, Base: model.String, Values: []string{value}, Source: nd.key()}
	}
	p.Type = &model.Type{Kind: model.KindEnum, Primitive: model.String, Name: name}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
