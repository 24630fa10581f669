package schemawalk

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
)

// Decl is one declaration of a property. A property can be declared by the
// object and by its allOf members; Owner is the name the declaration's inline
// types are named after ("" for the object being built). Level is how deeply
// nested the union alternative that declares it is, when the format merges
// alternatives with their union's base (0: the base, or no union).
type Decl struct {
	Node  Node
	Owner string
	Level int
}

// Extra is an additionalProperties keyword: a schema (At.N set), true or
// false (Closed).
type Extra struct {
	At     Node
	Closed bool
}

// Alt is one alternative of a union: a oneOf's, or a definition derived from
// a discriminated one.
type Alt struct {
	Node  Node
	Index int // its place in the oneOf
}

// Union is a oneOf with several real alternatives.
type Union struct {
	At   Node
	Alts []Alt
}

// Members is what an object schema declares, with its allOf members, $refs
// and single-alternative oneOfs merged in.
type Members struct {
	Decls    map[string][]Decl
	Required map[string]Node // property -> the schema whose required list names it
	Addl     *Extra
	Union    *Union
	Disc     string // the discriminator property, declared here or inherited
	DiscAt   Node
}

// NewMembers returns empty members.
func NewMembers() *Members {
	return &Members{Decls: map[string][]Decl{}, Required: map[string]Node{}}
}

// merge adds o's members to m, each declaration once however often an allOf
// includes it. It returns what clashed, if anything.
func (m *Members) merge(o *Members) string {
	for k, ds := range o.Decls {
		for _, d := range ds {
			if !m.declares(k, d.Node) {
				m.Decls[k] = append(m.Decls[k], d)
			}
		}
	}
	for k, n := range o.Required {
		if _, ok := m.Required[k]; !ok {
			m.Required[k] = n
		}
	}
	if o.Addl != nil {
		if a := m.Addl; a != nil && !(a.Closed && o.Addl.Closed) && a.At.Key() != o.Addl.At.Key() {
			return "both declare additionalProperties"
		}
		m.Addl = o.Addl
	}
	if o.Union != nil {
		if m.Union != nil && m.Union.At.Key() != o.Union.At.Key() {
			return "two oneOfs with several alternatives"
		}
		m.Union = o.Union
	}
	if o.Disc != "" {
		if m.Disc != "" && m.Disc != o.Disc {
			return "they name different discriminators, " + strconv.Quote(m.Disc) + " and " + strconv.Quote(o.Disc)
		}
		m.Disc, m.DiscAt = o.Disc, o.DiscAt
	}
	return ""
}

// declares reports whether m has the declaration n of property k.
func (m *Members) declares(k string, n Node) bool {
	for _, d := range m.Decls[k] {
		if d.Node.Key() == n.Key() {
			return true
		}
	}
	return false
}

// Copy returns a copy of m its holder may change.
func (m *Members) Copy() *Members {
	c := NewMembers()
	c.merge(m)
	return c
}

// Own gives the declarations of the object being built (Owner "") the
// owner name.
func (m *Members) Own(name string) {
	for _, ds := range m.Decls {
		for i := range ds {
			if ds[i].Owner == "" {
				ds[i].Owner = name
			}
		}
	}
}

// Level returns the deepest Level of m's declarations.
func (m *Members) Level() int {
	level := 0
	for _, ds := range m.Decls {
		for _, d := range ds {
			level = max(level, d.Level)
		}
	}
	return level
}

// SetLevel gives every declaration of m the level.
func (m *Members) SetLevel(level int) {
	for _, ds := range m.Decls {
		for i := range ds {
			ds[i].Level = level
		}
	}
}

// Base returns a copy of m without its union.
func (m *Members) Base() *Members {
	b := m.Copy()
	b.Union = nil
	return b
}

// Merge adds o's members to m, or fails at f#ptr saying what clashed.
func (m *Members) Merge(o *Members, at Node) error {
	if clash := m.merge(o); clash != "" {
		return Errf(at.File, at.Ptr, "cannot merge: %s", clash)
	}
	return nil
}

// Collect gathers the members of an object schema. owner names the inline
// types of its properties ("" for the object being built); a $ref switches it
// to the definition referred to. Results are kept by node and owner; each
// call returns a copy the caller may change.
func (w *Walker) Collect(n Node, owner string) (*Members, error) {
	key := n.Key()
	for i, k := range w.collecting {
		if k == key {
			return nil, Errf(n.File, n.Ptr, "allOf cycle: %s", strings.Join(append(w.collecting[i:], key), " -> "))
		}
	}
	if m, ok := w.members[key+"|"+owner]; ok {
		return m.Copy(), nil
	}
	w.collecting = append(w.collecting, key)
	m, err := w.gather(n, owner)
	w.collecting = w.collecting[:len(w.collecting)-1]
	if err != nil {
		return nil, err
	}
	w.members[key+"|"+owner] = m
	return m.Copy(), nil
}

// gather collects the members of n (see Collect).
func (w *Walker) gather(n Node, owner string) (*Members, error) {
	if err := w.CheckKeywords(n); err != nil {
		return nil, err
	}
	if _, ok := n.N["$ref"]; ok {
		t, l, err := w.format.Follow(n)
		if err != nil {
			return nil, err
		}
		return w.Collect(t, w.Name(l, Spec))
	}
	if t, ok := n.N["type"]; ok && t != "object" {
		return nil, Errf(n.File, n.Ptr+"/type", "expected an object schema here, found type %s", DescribeValue(t))
	}
	if err := w.OnlyKeys(n, "an object schema", w.typeKeys("object")...); err != nil {
		return nil, err
	}
	m := NewMembers()
	steps := []func(Node, string, *Members) error{
		w.collectProperties, w.collectDiscriminator, w.collectRequired, w.collectAllOf, w.collectOneOf, w.collectExtra,
	}
	for _, step := range steps {
		if err := step(n, owner, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (w *Walker) collectProperties(n Node, owner string, m *Members) error {
	v, ok := n.N["properties"]
	if !ok {
		return nil
	}
	props, ok := v.(map[string]any)
	if !ok {
		return Errf(n.File, n.Ptr+"/properties", "expected properties to be an object, found %s", jsonfile.Kind(v))
	}
	for _, k := range jsonfile.SortedKeys(props) {
		pn, err := Schema(n.File, props[k], n.Ptr+"/properties/"+jsonfile.Escape(k))
		if err != nil {
			return err
		}
		m.Decls[k] = append(m.Decls[k], Decl{Node: pn, Owner: owner})
	}
	return nil
}

func (w *Walker) collectDiscriminator(n Node, _ string, m *Members) error {
	d, ok := n.N["discriminator"]
	if !ok {
		return nil
	}
	s, ok := d.(string)
	if !ok || s == "" {
		return Errf(n.File, n.Ptr+"/discriminator", "expected discriminator to be the name of a property, found %s", DescribeValue(d))
	}
	m.Disc, m.DiscAt = s, n
	return nil
}

func (w *Walker) collectRequired(n Node, _ string, m *Members) error {
	v, ok := n.N["required"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return Errf(n.File, n.Ptr+"/required", "expected required to be an array of property names, found %s", jsonfile.Kind(v))
	}
	for i, r := range list {
		s, ok := r.(string)
		if !ok {
			return Errf(n.File, n.Ptr+"/required/"+strconv.Itoa(i), "expected a property name, found %s", jsonfile.Kind(r))
		}
		m.Required[s] = n
	}
	return nil
}

func (w *Walker) collectAllOf(n Node, owner string, m *Members) error {
	v, ok := n.N["allOf"]
	if !ok {
		return nil
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return Errf(n.File, n.Ptr+"/allOf", "expected allOf to be a non-empty array of schemas")
	}
	for i, item := range list {
		mn, err := Schema(n.File, item, n.Ptr+"/allOf/"+strconv.Itoa(i))
		if err != nil {
			return err
		}
		mm, err := w.Collect(mn, owner)
		if err != nil {
			return err
		}
		if clash := m.merge(mm); clash != "" {
			return Errf(mn.File, mn.Ptr, "cannot merge this allOf member: %s", clash)
		}
	}
	return nil
}

// collectOneOf merges a oneOf's (or anyOf's) one real alternative, or records
// a union.
func (w *Walker) collectOneOf(n Node, owner string, m *Members) error {
	if UnionKey(n.N) == "" {
		return nil
	}
	alts, err := w.Alternatives(n)
	if err != nil {
		return err
	}
	if len(alts) > 1 {
		return m.Merge(&Members{Union: &Union{At: n, Alts: alts}}, n)
	}
	am, err := w.Collect(alts[0].Node, owner)
	if err != nil {
		return err
	}
	return m.Merge(am, alts[0].Node)
}

func (w *Walker) collectExtra(n Node, _ string, m *Members) error {
	v, ok := n.N["additionalProperties"]
	if !ok {
		return nil
	}
	e := &Extra{At: Node{File: n.File, Ptr: n.Ptr + "/additionalProperties"}}
	switch v := v.(type) {
	case bool:
		e.Closed = !v
	case map[string]any:
		e.At.N = v
	default:
		return Errf(n.File, e.At.Ptr, "expected additionalProperties to be a boolean or a schema, found %s", jsonfile.Kind(v))
	}
	return m.Merge(&Members{Addl: e}, e.At)
}

// UnionKey returns the keyword holding n's alternatives: oneOf, or anyOf
// when only that is present; "" for neither. An anyOf is read as a oneOf: a
// value is one of its alternatives (Alternatives notes it where it matters).
func UnionKey(n map[string]any) string {
	for _, k := range []string{"oneOf", "anyOf"} {
		if _, ok := n[k]; ok {
			return k
		}
	}
	return ""
}

// Alternatives returns the alternatives of n's oneOf (or anyOf) that the
// format does not skip; a $ref alternative must resolve. An anyOf of several
// such alternatives is noted: the union made of it holds one of them.
func (w *Walker) Alternatives(n Node) ([]Alt, error) {
	key := UnionKey(n.N)
	if _, both := n.N["anyOf"]; both && key == "oneOf" {
		return nil, Errf(n.File, n.Ptr+"/anyOf", "oneOf and anyOf cannot be used together")
	}
	list, ok := n.N[key].([]any)
	if !ok {
		return nil, Errf(n.File, n.Ptr+"/"+key, "expected %s to be an array, found %s", key, jsonfile.Kind(n.N[key]))
	}
	var out []Alt
	for i, v := range list {
		an, keep, err := w.alternativeAt(n, key, i, v)
		if err != nil {
			return nil, err
		}
		if keep {
			out = append(out, Alt{Node: an, Index: i})
		}
	}
	if len(out) == 0 {
		return nil, Errf(n.File, n.Ptr+"/"+key, "no usable type: the only alternative is a template expression")
	}
	if key == "anyOf" && len(out) > 1 {
		w.Note(n.File, n.Ptr+"/anyOf", "anyOf is read as oneOf: the union made of it holds one of its %d alternatives, not several at once", len(out))
	}
	return out, nil
}

// alternativeAt returns alternative i of n's union keyword, v, as a node, and
// whether it is one (the format does not skip it); a $ref must resolve.
func (w *Walker) alternativeAt(n Node, key string, i int, v any) (Node, bool, error) {
	an, err := Schema(n.File, v, n.Ptr+"/"+key+"/"+strconv.Itoa(i))
	if err != nil || w.rules.Skip != nil && w.rules.Skip(an) {
		return an, false, err
	}
	if _, ok := an.N["$ref"]; ok {
		if _, _, err := w.format.Follow(an); err != nil {
			return an, false, err
		}
	}
	return an, true, nil
}
