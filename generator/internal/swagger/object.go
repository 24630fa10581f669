package swagger

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// decl is one declaration of a property. A property can be declared by the
// object and by its allOf members; owner is the spec name the declaration's
// inline types are named after ("" for the object being built).
type decl struct {
	nd    node
	owner string
}

// members is what an object schema declares, with its allOf members merged
// in.
type members struct {
	decls    map[string][]decl
	required map[string]node // property -> the schema whose required list names it
	addl     any             // additionalProperties: a bool or a schema node, nil if absent
	addlAt   node
	disc     string // the discriminator property, declared here or inherited
	discAt   node
}

func newMembers() *members {
	return &members{decls: map[string][]decl{}, required: map[string]node{}}
}

// merge adds o's members to m, each declaration once however often an allOf
// includes it. It returns what clashed, if anything.
func (m *members) merge(o *members) string {
	for k, ds := range o.decls {
		for _, d := range ds {
			if !m.declares(k, d.nd) {
				m.decls[k] = append(m.decls[k], d)
			}
		}
	}
	for k, n := range o.required {
		if _, ok := m.required[k]; !ok {
			m.required[k] = n
		}
	}
	if o.addl != nil {
		if m.addl != nil && m.addlAt.key() != o.addlAt.key() {
			return "both declare additionalProperties"
		}
		m.addl, m.addlAt = o.addl, o.addlAt
	}
	if o.disc != "" {
		if m.disc != "" && m.disc != o.disc {
			return "they name different discriminators, " + strconv.Quote(m.disc) + " and " + strconv.Quote(o.disc)
		}
		m.disc, m.discAt = o.disc, o.discAt
	}
	return ""
}

// declares reports whether m has the declaration nd of property k.
func (m *members) declares(k string, nd node) bool {
	for _, d := range m.decls[k] {
		if d.nd.key() == nd.key() {
			return true
		}
	}
	return false
}

// copy returns a copy of m its holder may change.
func (m *members) copy() *members {
	c := newMembers()
	c.merge(m)
	return c
}

// collect gathers the members of an object schema. owner names the inline
// types of its properties ("" for the object being built); a $ref switches it
// to the definition referred to. Results are kept by node and owner; each
// call returns a copy the caller may change.
func (x *loader) collect(nd node, owner string) (*members, error) {
	key := nd.key()
	for i, k := range x.collecting {
		if k == key {
			return nil, x.errf(nd.d, nd.ptr, "allOf cycle: %s", strings.Join(append(x.collecting[i:], key), " -> "))
		}
	}
	if m, ok := x.members[key+"|"+owner]; ok {
		return m.copy(), nil
	}
	x.collecting = append(x.collecting, key)
	m, err := x.gather(nd, owner)
	x.collecting = x.collecting[:len(x.collecting)-1]
	if err != nil {
		return nil, err
	}
	x.members[key+"|"+owner] = m
	return m.copy(), nil
}

// gather collects the members of nd (see collect).
func (x *loader) gather(nd node, owner string) (*members, error) {
	if err := x.checkKeywords(nd); err != nil {
		return nil, err
	}
	if ref, ok := nd.n["$ref"]; ok {
		t, err := x.follow(nd, ref)
		if err != nil {
			return nil, err
		}
		return x.collect(t, x.names.alloc(defName(t.ptr), "def "+t.key()))
	}
	if t, ok := nd.n["type"]; ok && t != "object" {
		return nil, x.errf(nd.d, nd.ptr+"/type", "expected an object schema here, found type %s", describeValue(t))
	}
	if err := x.onlyKeys(nd, "an object schema", append([]string{"type"}, typeKeys["object"]...)...); err != nil {
		return nil, err
	}
	m := newMembers()
	for _, step := range []func(node, string, *members) error{x.collectProperties, x.collectDiscriminator, x.collectRequired, x.collectAllOf, x.collectExtra} {
		if err := step(nd, owner, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (x *loader) collectProperties(nd node, owner string, m *members) error {
	v, ok := nd.n["properties"]
	if !ok {
		return nil
	}
	props, ok := v.(map[string]any)
	if !ok {
		return x.errf(nd.d, nd.ptr+"/properties", "expected properties to be an object, found %s", jsonfile.Kind(v))
	}
	for _, k := range jsonfile.SortedKeys(props) {
		pn, err := x.asSchema(nd.d, props[k], nd.ptr+"/properties/"+jsonfile.Escape(k))
		if err != nil {
			return err
		}
		m.decls[k] = append(m.decls[k], decl{nd: pn, owner: owner})
	}
	return nil
}

func (x *loader) collectDiscriminator(nd node, _ string, m *members) error {
	d, ok := nd.n["discriminator"]
	if !ok {
		return nil
	}
	s, ok := d.(string)
	if !ok || s == "" {
		return x.errf(nd.d, nd.ptr+"/discriminator", "expected discriminator to be the name of a property, found %s", describeValue(d))
	}
	m.disc, m.discAt = s, nd
	return nil
}

func (x *loader) collectRequired(nd node, _ string, m *members) error {
	v, ok := nd.n["required"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return x.errf(nd.d, nd.ptr+"/required", "expected required to be an array of property names, found %s", jsonfile.Kind(v))
	}
	for i, r := range list {
		s, ok := r.(string)
		if !ok {
			return x.errf(nd.d, nd.ptr+"/required/"+strconv.Itoa(i), "expected a property name, found %s", jsonfile.Kind(r))
		}
		m.required[s] = nd
	}
	return nil
}

func (x *loader) collectAllOf(nd node, owner string, m *members) error {
	v, ok := nd.n["allOf"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return x.errf(nd.d, nd.ptr+"/allOf", "expected allOf to be a non-empty array of schemas")
	}
	for i, item := range list {
		mn, err := x.asSchema(nd.d, item, nd.ptr+"/allOf/"+strconv.Itoa(i))
		if err != nil {
			return err
		}
		mm, err := x.collect(mn, owner)
		if err != nil {
			return err
		}
		if clash := m.merge(mm); clash != "" {
			return x.errf(mn.d, mn.ptr, "cannot merge this allOf member: %s", clash)
		}
	}
	return nil
}

func (x *loader) collectExtra(nd node, _ string, m *members) error {
	v, ok := nd.n["additionalProperties"]
	if !ok {
		return nil
	}
	ptr := nd.ptr + "/additionalProperties"
	o := newMembers()
	switch v := v.(type) {
	case bool:
		o.addl, o.addlAt = v, node{d: nd.d, ptr: ptr}
	case map[string]any:
		o.addl, o.addlAt = v, node{d: nd.d, ptr: ptr, n: v}
	default:
		return x.errf(nd.d, ptr, "expected additionalProperties to be a boolean or a schema, found %s", jsonfile.Kind(v))
	}
	if clash := m.merge(o); clash != "" {
		return x.errf(nd.d, ptr, "cannot merge: %s", clash)
	}
	return nil
}

// objectType converts an object schema: an object, a discriminated union, a
// map or any.
func (x *loader) objectType(nd node, m mode, l label) (shape, error) {
	if _, ok := nd.n["discriminator"]; ok {
		if isDefinition(nd.ptr) {
			return x.unionType(nd, m, l)
		}
		x.note(nd.d, nd.ptr+"/discriminator", "a discriminator outside a definition has no derived definitions: read as an object of its own properties")
	}
	mem, err := x.collect(nd, "")
	if err != nil {
		return shape{}, err
	}
	if len(mem.decls) == 0 {
		return x.mapType(m, l, mem)
	}
	return x.buildObject(nd, m, l, mem)
}

// buildObject makes the object of nd's members. In spec mode an object left
// with no property is not made: its shape is empty.
func (x *loader) buildObject(nd node, m mode, l label, mem *members) (shape, error) {
	name := x.nameOf(l, m)
	if mem.addl != nil && mem.addl != false {
		x.note(mem.addlAt.d, mem.addlAt.ptr, "additionalProperties beside properties is dropped: the model's objects have no extra keys")
	}
	props, err := x.properties(nd, mem, m, x.names.alloc(l.want, l.key))
	if err != nil {
		return shape{}, err
	}
	t := &model.Type{Kind: model.KindObject, Name: name}
	if m == specMode && len(props) == 0 {
		return shape{t: t, empty: true}, nil
	}
	x.out.Objects[name] = &model.Object{Name: name, Description: describe(nd.n), Properties: props, Source: nd.key()}
	return shape{t: t}, nil
}

// mapType converts an object schema that declares no properties: a map if it
// has additionalProperties, else any.
func (x *loader) mapType(m mode, l label, mem *members) (shape, error) {
	if err := x.checkRequired(mem); err != nil {
		return shape{}, err
	}
	switch v := mem.addl.(type) {
	case bool:
		if v {
			return shape{t: &model.Type{Kind: model.KindMap, Elem: &model.Type{Kind: model.KindAny}}}, nil
		}
	case map[string]any:
		s, err := x.edgeType(mem.addlAt, m, l)
		if err != nil {
			return shape{}, err
		}
		x.dropped(mem.addlAt, s.v)
		return shape{t: &model.Type{Kind: model.KindMap, Elem: jsonfile.CloneType(s.t)}, empty: s.empty}, nil
	}
	return shape{t: &model.Type{Kind: model.KindAny}}, nil
}

func (x *loader) checkRequired(mem *members) error {
	for _, r := range jsonfile.SortedKeys(mem.required) {
		if _, ok := mem.decls[r]; !ok {
			at := mem.required[r]
			return x.errf(at.d, at.ptr+"/required", "required property %q is not declared", r)
		}
	}
	return nil
}

// properties converts the members of the object of nd, sorted by name. owner
// is the spec name inline types are named after. In spec mode read-only
// properties are left out and the required ones marked; a status has none
// required and no secrets.
func (x *loader) properties(nd node, mem *members, m mode, owner string) ([]*model.Property, error) {
	if err := x.checkRequired(mem); err != nil {
		return nil, err
	}
	if mem.disc != "" && len(mem.decls[mem.disc]) == 0 {
		return nil, x.errf(mem.discAt.d, mem.discAt.ptr+"/discriminator", "discriminator %q is not a declared property", mem.disc)
	}
	var props []*model.Property
	lower := map[string]string{}
	for _, pname := range jsonfile.SortedKeys(mem.decls) {
		decls := mem.decls[pname]
		if other, ok := lower[strings.ToLower(pname)]; ok {
			return nil, x.errf(decls[0].nd.d, decls[0].nd.ptr, "properties %q and %q differ only in case", other, pname)
		}
		lower[strings.ToLower(pname)] = pname
		p, err := x.property(owner, pname, decls, m)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		if pname == mem.disc && nd.n["discriminator"] == nil && isDefinition(nd.ptr) {
			if err := x.discriminatorValue(nd, owner, p, m); err != nil {
				return nil, err
			}
		}
		if _, ok := mem.required[pname]; ok && m == specMode {
			p.Required = true
		}
		props = append(props, p)
	}
	return props, nil
}

// property converts the declarations of one property, which must agree; the
// first (the most derived) gives its description, read-only and secrecy. It
// returns nil for a property the mode leaves out.
func (x *loader) property(owner, pname string, decls []decl, m mode) (*model.Property, error) {
	first := decls[0]
	if ro, err := x.readOnly(first.nd); err != nil || ro && m == specMode {
		return nil, err
	}
	var best shape
	for i, dc := range decls {
		o := dc.owner
		if o == "" {
			o = owner
		}
		s, err := x.edgeType(dc.nd, m, label{want: o + "_" + pname, key: "node " + dc.nd.key()})
		if err != nil {
			return nil, err
		}
		if i == 0 {
			best = s
		} else if best, err = x.agree(pname, best, s, first, dc); err != nil {
			return nil, err
		}
	}
	secret := first.nd.n["x-ms-secret"] == true || best.t.Kind == model.KindPrimitive && best.t.Format == "password"
	switch {
	case m == statusMode && secret:
		return nil, nil
	case best.empty:
		x.note(first.nd.d, first.nd.ptr, "every property of its type is read-only: property %q is left out of the spec", pname)
		return nil, nil
	}
	return &model.Property{
		Name:        pname,
		Description: x.describeDecl(first.nd),
		Type:        jsonfile.CloneType(best.t),
		Validation:  jsonfile.CloneValidation(best.v),
		Secret:      secret,
		Source:      first.nd.key(),
	}, nil
}

// agree checks that a redeclaration of a property, s at dc, agrees with the
// first declaration, a at first: the same type, and no other validations. It
// returns the property's shape.
func (x *loader) agree(pname string, a, s shape, first, dc decl) (shape, error) {
	if !x.sameType(a.t, s.t) {
		return shape{}, x.errf(dc.nd.d, dc.nd.ptr, "property %q is declared as %s here and as %s at %s: redeclared properties must agree",
			pname, jsonfile.TypeString(s.t), jsonfile.TypeString(a.t), first.nd.key())
	}
	if !a.v.IsZero() && !s.v.IsZero() && !reflect.DeepEqual(a.v, s.v) {
		return shape{}, x.errf(dc.nd.d, dc.nd.ptr, "property %q has other validations here than at %s: redeclared properties must agree", pname, first.nd.key())
	}
	if a.v.IsZero() {
		a.v = s.v
	}
	return a, nil
}

// sameType reports whether a and b admit the same values: equal types, or
// enums of one base with the same values and openness.
func (x *loader) sameType(a, b *model.Type) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case model.KindEnum:
		ea, eb := x.out.Enums[a.Name], x.out.Enums[b.Name]
		return ea.Base == eb.Base && ea.Open == eb.Open && reflect.DeepEqual(ea.Values, eb.Values)
	case model.KindArray, model.KindMap:
		return x.sameType(a.Elem, b.Elem)
	}
	return jsonfile.TypeString(a) == jsonfile.TypeString(b)
}

// readOnly reports whether the property declared by nd is read-only: marked
// readOnly, with an x-ms-mutability lacking both create and update, or of a
// definition marked readOnly.
func (x *loader) readOnly(nd node) (bool, error) {
	if v, ok := nd.n["readOnly"]; ok {
		b, ok := v.(bool)
		if !ok {
			return false, x.errf(nd.d, nd.ptr+"/readOnly", "expected readOnly to be a boolean, found %s", jsonfile.Kind(v))
		}
		if b {
			return true, nil
		}
	}
	if err := x.checkKeywords(nd); err != nil {
		return false, err
	}
	mut, _ := x.mutability(nd)
	if mut != nil && !mut["create"] && !mut["update"] {
		return true, nil
	}
	if _, ok := nd.n["$ref"]; !ok {
		return false, nil
	}
	t, err := x.deref(nd)
	if err != nil {
		return false, err
	}
	return t.n["readOnly"] == true, nil
}

// describeDecl returns the description of a property: its own, or that of the
// definition its $ref points at.
func (x *loader) describeDecl(nd node) string {
	if s := describe(nd.n); s != "" {
		return s
	}
	if _, ok := nd.n["$ref"]; ok {
		if t, err := x.deref(nd); err == nil {
			return describe(t.n)
		}
	}
	return ""
}

// isDefinition reports whether ptr is a definition itself, not a node inside
// one.
func isDefinition(ptr string) bool {
	return strings.HasPrefix(ptr, "/definitions/") && strings.Count(ptr, "/") == 2
}
