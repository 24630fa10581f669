package armschema

import (
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// decl is one declaration of a property. A property can be declared by
// several allOf members; owner names the object whose inline types the
// declaration's inline types are named after.
type decl struct {
	d     *doc
	node  map[string]any
	ptr   string
	owner string
}

// extra is an additionalProperties keyword.
type extra struct {
	d      *doc
	node   map[string]any // nil for true
	ptr    string
	closed bool // additionalProperties: false
}

// union is a oneOf with several real alternatives.
type union struct {
	d        *doc
	ptr      string
	branches []branch
}

// place is a schema node.
type place struct {
	d   *doc
	ptr string
}

// members is what an object schema declares, with its allOf members, $refs
// and single-alternative oneOfs merged in.
type members struct {
	decls    map[string][]decl
	required map[string]place // property -> the required list naming it
	union    *union
	addl     *extra
}

func newMembers() *members {
	return &members{decls: map[string][]decl{}, required: map[string]place{}}
}

// merge adds o's members to m. It returns what clashed, if anything.
func (m *members) merge(o *members) string {
	for k, ds := range o.decls {
		m.decls[k] = append(m.decls[k], ds...)
	}
	for k, p := range o.required {
		if _, ok := m.required[k]; !ok {
			m.required[k] = p
		}
	}
	if o.union != nil {
		if m.union != nil {
			return "two oneOfs with several alternatives"
		}
		m.union = o.union
	}
	if o.addl != nil {
		if m.addl != nil && !(m.addl.closed && o.addl.closed) {
			return "two additionalProperties"
		}
		m.addl = o.addl
	}
	return ""
}

// base returns a copy of m without its union.
func (m *members) base() *members {
	b := newMembers()
	b.merge(m)
	b.union = nil
	return b
}

// collect gathers the members of an object schema. owner is the name inline
// property types are named after.
func (x *loader) collect(d *doc, n map[string]any, ptr, owner string) (*members, error) {
	key := at(d, ptr)
	if x.collecting[key] {
		return nil, x.errf(d, ptr, "allOf $ref cycle: the schema includes itself")
	}
	x.collecting[key] = true
	defer delete(x.collecting, key)
	if err := x.checkKeywords(d, n, ptr); err != nil {
		return nil, err
	}
	if ref, ok := n["$ref"]; ok {
		if err := x.onlyKeys(d, n, ptr, "a $ref schema", "$ref"); err != nil {
			return nil, err
		}
		td, tptr, tn, err := x.resolve(d, ref, ptr)
		if err != nil {
			return nil, err
		}
		return x.collect(td, tn, tptr, x.defName(td, tptr))
	}
	if err := x.onlyKeys(d, n, ptr, "an object schema", "type", "properties", "required", "allOf", "oneOf", "additionalProperties"); err != nil {
		return nil, err
	}
	if t, ok := n["type"]; ok && t != "object" {
		return nil, x.errf(d, ptr+"/type", "expected an object schema here, found type %q", t)
	}
	m := newMembers()
	steps := []func(*doc, map[string]any, string, string, *members) error{
		x.collectProperties, x.collectRequired, x.collectAllOf, x.collectOneOf, x.collectExtra,
	}
	for _, step := range steps {
		if err := step(d, n, ptr, owner, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (x *loader) collectProperties(d *doc, n map[string]any, ptr, owner string, m *members) error {
	v, ok := n["properties"]
	if !ok {
		return nil
	}
	props, ok := v.(map[string]any)
	if !ok {
		return x.errf(d, ptr+"/properties", "expected properties to be an object, found %s", jsonfile.Kind(v))
	}
	for _, k := range jsonfile.SortedKeys(props) {
		pptr := ptr + "/properties/" + jsonfile.Escape(k)
		pn, err := x.asSchema(d, props[k], pptr)
		if err != nil {
			return err
		}
		m.decls[k] = append(m.decls[k], decl{d: d, node: pn, ptr: pptr, owner: owner})
	}
	return nil
}

func (x *loader) collectRequired(d *doc, n map[string]any, ptr, _ string, m *members) error {
	v, ok := n["required"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return x.errf(d, ptr+"/required", "expected required to be an array, found %s", jsonfile.Kind(v))
	}
	for i, r := range list {
		s, ok := r.(string)
		if !ok {
			return x.errf(d, ptr+"/required/"+strconv.Itoa(i), "expected a property name, found %s", jsonfile.Kind(r))
		}
		m.required[s] = place{d: d, ptr: ptr + "/required"}
	}
	return nil
}

func (x *loader) collectAllOf(d *doc, n map[string]any, ptr, owner string, m *members) error {
	v, ok := n["allOf"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return x.errf(d, ptr+"/allOf", "expected allOf to be a non-empty array")
	}
	for i, item := range list {
		mptr := ptr + "/allOf/" + strconv.Itoa(i)
		mn, err := x.asSchema(d, item, mptr)
		if err != nil {
			return err
		}
		mm, err := x.collect(d, mn, mptr, owner)
		if err != nil {
			return err
		}
		if clash := m.merge(mm); clash != "" {
			return x.errf(d, mptr, "cannot merge this allOf member: %s", clash)
		}
	}
	return nil
}

// collectOneOf merges a oneOf's one real alternative, or records a union.
func (x *loader) collectOneOf(d *doc, n map[string]any, ptr, owner string, m *members) error {
	if _, ok := n["oneOf"]; !ok {
		return nil
	}
	brs, err := x.branches(d, n, ptr)
	if err != nil {
		return err
	}
	if len(brs) > 1 {
		return x.mergeInto(m, &members{union: &union{d: d, ptr: ptr, branches: brs}}, d, ptr)
	}
	bm, err := x.collect(brs[0].d, brs[0].node, brs[0].ptr, owner)
	if err != nil {
		return err
	}
	return x.mergeInto(m, bm, d, brs[0].ptr)
}

func (x *loader) mergeInto(m, o *members, d *doc, ptr string) error {
	if clash := m.merge(o); clash != "" {
		return x.errf(d, ptr, "cannot merge: %s", clash)
	}
	return nil
}

func (x *loader) collectExtra(d *doc, n map[string]any, ptr, _ string, m *members) error {
	v, ok := n["additionalProperties"]
	if !ok {
		return nil
	}
	e := &extra{d: d, ptr: ptr + "/additionalProperties"}
	switch v := v.(type) {
	case bool:
		e.closed = !v
	case map[string]any:
		e.node = v
	default:
		return x.errf(d, e.ptr, "expected additionalProperties to be a boolean or a schema, found %s", jsonfile.Kind(v))
	}
	return x.mergeInto(m, &members{addl: e}, d, e.ptr)
}

// objectType converts an object schema: an object, a oneOf object, a map or
// any.
func (x *loader) objectType(d *doc, n map[string]any, ptr, name string) (shape, error) {
	m, err := x.collect(d, n, ptr, name)
	if err != nil {
		return shape{}, err
	}
	if m.union == nil && len(m.decls) == 0 {
		return x.mapType(d, ptr, name, m)
	}
	if oname := x.names.alloc(name, at(d, ptr)); oname != name {
		// The name is taken: collect again so inline types are named after
		// the name the object gets.
		if m, err = x.collect(d, n, ptr, oname); err != nil {
			return shape{}, err
		}
		name = oname
	}
	return x.build(d, ptr, name, describe(n), m)
}

// mapType converts an object schema that declares no properties: a map if it
// has additionalProperties, else any.
func (x *loader) mapType(d *doc, ptr, name string, m *members) (shape, error) {
	if err := x.checkRequired(m); err != nil {
		return shape{}, err
	}
	e := m.addl
	switch {
	case e == nil:
		return shape{t: &model.Type{Kind: model.KindAny}}, nil
	case e.closed: // admits only {}
		return x.buildObject(d, ptr, name, "", m)
	case e.node == nil:
		return shape{t: &model.Type{Kind: model.KindMap, Elem: &model.Type{Kind: model.KindAny}}}, nil
	}
	s, err := x.edgeType(e.d, e.node, e.ptr, name)
	if err != nil {
		return shape{}, err
	}
	x.dropped(e.d, e.ptr, s.v)
	return shape{t: &model.Type{Kind: model.KindMap, Elem: jsonfile.CloneType(s.t)}}, nil
}

func (x *loader) build(d *doc, ptr, name, desc string, m *members) (shape, error) {
	if m.union != nil {
		return x.buildUnion(d, ptr, name, desc, m)
	}
	return x.buildObject(d, ptr, name, desc, m)
}

func (x *loader) buildObject(d *doc, ptr, name, desc string, m *members) (shape, error) {
	oname := x.names.alloc(name, at(d, ptr))
	if e := m.addl; e != nil && !e.closed && len(m.decls) > 0 {
		x.note(model.Location{File: e.d.file, Pointer: e.ptr},
			"additionalProperties beside properties is dropped: the model's objects have no extra keys")
	}
	props, err := x.properties(oname, m)
	if err != nil {
		return shape{}, err
	}
	x.out.Objects[oname] = &model.Object{Name: oname, Description: desc, Properties: props, Source: at(d, ptr)}
	return shape{t: &model.Type{Kind: model.KindObject, Name: oname}}, nil
}

func (x *loader) checkRequired(m *members) error {
	for _, r := range jsonfile.SortedKeys(m.required) {
		if _, ok := m.decls[r]; !ok {
			rq := m.required[r]
			return x.errf(rq.d, rq.ptr, "required property %q is not declared", r)
		}
	}
	return nil
}

// properties converts the declared properties, sorted by name.
func (x *loader) properties(oname string, m *members) ([]*model.Property, error) {
	if err := x.checkRequired(m); err != nil {
		return nil, err
	}
	var props []*model.Property
	lower := map[string]string{}
	for _, pname := range jsonfile.SortedKeys(m.decls) {
		decls := m.decls[pname]
		if other, ok := lower[strings.ToLower(pname)]; ok {
			return nil, x.errf(decls[0].d, decls[0].ptr, "properties %q and %q differ only in case", other, pname)
		}
		lower[strings.ToLower(pname)] = pname
		p, err := x.property(oname, pname, decls)
		if err != nil {
			return nil, err
		}
		_, p.Required = m.required[pname]
		props = append(props, p)
	}
	return props, nil
}

// property converts the declarations of one property. Several declarations
// (from allOf members) must agree on the type, or narrow it: an enum narrows
// its base primitive and its superset enums (a discriminator's const is an
// enum of one value). The narrowest wins; of equal ones, the first declared.
func (x *loader) property(oname, pname string, decls []decl) (*model.Property, error) {
	var best shape
	var bestDecl decl
	var v model.Validation
	desc := ""
	for i, dc := range decls {
		s, err := x.edgeType(dc.d, dc.node, dc.ptr, dc.owner+"_"+pname)
		if err != nil {
			return nil, err
		}
		if desc == "" {
			desc = describe(dc.node)
		}
		var clash string
		if v, clash = mergeValidation(v, s.v); clash != "" {
			return nil, x.errf(dc.d, dc.ptr, "property %q of %s: declarations disagree on %s", pname, oname, clash)
		}
		switch {
		case i == 0 || x.narrows(s.t, best.t):
			best, bestDecl = s, dc
		case x.same(s.t, best.t) || x.narrows(best.t, s.t):
		default:
			return nil, x.errf(dc.d, dc.ptr, "property %q of %s is declared as %s here and as %s at %s",
				pname, oname, jsonfile.TypeString(s.t), jsonfile.TypeString(best.t), bestDecl.ptr)
		}
	}
	return &model.Property{
		Name:        pname,
		Description: desc,
		Type:        jsonfile.CloneType(best.t),
		Validation:  jsonfile.CloneValidation(v),
		Source:      at(bestDecl.d, bestDecl.ptr),
	}, nil
}

// same reports whether a and b admit the same values: equal types, or enums
// of one base with the same values.
func (x *loader) same(a, b *model.Type) bool {
	if jsonfile.TypeString(a) == jsonfile.TypeString(b) {
		return true
	}
	if a.Kind != model.KindEnum || b.Kind != model.KindEnum || a.Primitive != b.Primitive {
		return false
	}
	va, vb := x.out.Enums[a.Name].Values, x.out.Enums[b.Name].Values
	return len(va) == len(vb) && subset(va, vb)
}

// narrows reports whether a admits fewer values than b: a is an enum and b
// its base primitive or an enum with more values, a's among them.
func (x *loader) narrows(a, b *model.Type) bool {
	if a.Kind != model.KindEnum || a.Primitive != b.Primitive {
		return false
	}
	switch b.Kind {
	case model.KindPrimitive:
		return b.Format == "" || b.Format == a.Format
	case model.KindEnum:
		va, vb := x.out.Enums[a.Name].Values, x.out.Enums[b.Name].Values
		return len(va) < len(vb) && subset(va, vb)
	}
	return false
}

func subset(a, b []string) bool {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	for _, s := range a {
		if !in[s] {
			return false
		}
	}
	return true
}

// buildUnion converts an object schema with a oneOf of several alternatives
// into an object with one optional property per alternative. Properties the
// schema declares beside the oneOf (a discriminated union's base) are merged
// into every alternative, which then becomes an object of its own named
// <union>_<alternative>.
func (x *loader) buildUnion(d *doc, ptr, name, desc string, m *members) (shape, error) {
	oname := x.names.alloc(name, at(d, ptr))
	base := m.base()
	hasBase := len(base.decls) > 0 || len(base.required) > 0
	if e := m.addl; !hasBase && e != nil && !e.closed {
		x.note(model.Location{File: e.d.file, Pointer: e.ptr},
			"additionalProperties beside a oneOf is dropped: the model's objects have no extra keys")
	}
	obj := &model.Object{Name: oname, Description: desc, OneOf: true, Source: at(d, ptr)}
	lower := map[string]string{}
	for _, b := range m.union.branches {
		bname := branchName(b)
		if other, ok := lower[strings.ToLower(bname)]; ok {
			return shape{}, x.errf(b.d, b.ptr, "oneOf alternatives %q and %q differ only in case", other, bname)
		}
		lower[strings.ToLower(bname)] = bname
		s, err := x.branchType(base, hasBase, b, oname+"_"+bname)
		if err != nil {
			return shape{}, err
		}
		obj.Properties = append(obj.Properties, &model.Property{
			Name:        bname,
			Description: describe(b.node),
			Type:        jsonfile.CloneType(s.t),
			Validation:  jsonfile.CloneValidation(s.v),
			Source:      at(b.d, b.ptr),
		})
	}
	sort.Slice(obj.Properties, func(i, j int) bool { return obj.Properties[i].Name < obj.Properties[j].Name })
	x.out.Objects[oname] = obj
	return shape{t: &model.Type{Kind: model.KindObject, Name: oname}}, nil
}

// branchType converts one oneOf alternative, merged with the union's base.
func (x *loader) branchType(base *members, hasBase bool, b branch, name string) (shape, error) {
	if !hasBase {
		return x.edgeType(b.d, b.node, b.ptr, name)
	}
	x.stack = append(x.stack, frame{edge: true})
	defer func() { x.stack = x.stack[:len(x.stack)-1] }()
	bname := x.names.alloc(name, at(b.d, b.ptr))
	bm, err := x.collect(b.d, b.node, b.ptr, bname)
	if err != nil {
		return shape{}, err
	}
	merged := base.base()
	if err := x.mergeInto(merged, bm, b.d, b.ptr); err != nil {
		return shape{}, err
	}
	return x.build(b.d, b.ptr, bname, describe(b.node), merged)
}

// branchName names a oneOf alternative: after the definition it refers to
// (directly, or as the one $ref of its allOf), in lowerCamel, or option<i>
// with i its index in the oneOf.
func branchName(b branch) string {
	if name := refName(b.node); name != "" {
		return jsonfile.LowerCamel(name)
	}
	members, _ := b.node["allOf"].([]any)
	var names []string
	for _, m := range members {
		if mn, ok := m.(map[string]any); ok {
			if name := refName(mn); name != "" {
				names = append(names, name)
			}
		}
	}
	if len(names) == 1 {
		return jsonfile.LowerCamel(names[0])
	}
	return "option" + strconv.Itoa(b.index)
}

// refName returns the definition name a $ref schema points at, or "".
func refName(n map[string]any) string {
	ref, _ := n["$ref"].(string)
	_, frag, _ := strings.Cut(ref, "#")
	name, ok := strings.CutPrefix(frag, "/definitions/")
	if !ok {
		return ""
	}
	return jsonfile.Unescape(name)
}
