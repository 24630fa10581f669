package schemawalk

import (
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// Object converts an object schema whose members are mem: an object, a map or
// any. A union (mem.Union) is the format's to build.
func (w *Walker) Object(n Node, m Mode, l Label, mem *Members) (Shape, error) {
	if len(mem.Decls) == 0 {
		return w.Map(n, m, l, mem)
	}
	return w.BuildObject(n, m, l, mem)
}

// Map converts an object schema that declares no properties: a map if it has
// additionalProperties, else any.
func (w *Walker) Map(n Node, m Mode, l Label, mem *Members) (Shape, error) {
	if err := w.checkRequired(mem); err != nil {
		return Shape{}, err
	}
	e := mem.Addl
	switch {
	case e == nil:
		return anyShape(), nil
	case e.Closed && w.rules.ClosedIsObject: // admits only {}
		return w.BuildObject(n, m, l, mem)
	case e.Closed:
		return anyShape(), nil
	case e.At.N == nil:
		return Shape{T: &model.Type{Kind: model.KindMap, Elem: &model.Type{Kind: model.KindAny}}}, nil
	}
	s, err := w.EdgeType(e.At, m, NodeLabel(l.Want, e.At))
	if err != nil {
		return Shape{}, err
	}
	w.dropped(e.At, s.V)
	return Shape{T: &model.Type{Kind: model.KindMap, Elem: jsonfile.CloneType(s.T)}, Empty: s.Empty}, nil
}

// BuildObject makes the object of n's members, named by l. In spec mode an
// object left with no property is not made: its shape is empty.
func (w *Walker) BuildObject(n Node, m Mode, l Label, mem *Members) (Shape, error) {
	name := w.Name(l, m)
	if e := mem.Addl; e != nil && !e.Closed && len(mem.Decls) > 0 {
		w.Note(e.At.File, e.At.Ptr, "additionalProperties beside properties is dropped: the model's objects have no extra keys")
	}
	props, err := w.Properties(n, mem, m, w.Name(l, Spec))
	if err != nil {
		return Shape{}, err
	}
	t := &model.Type{Kind: model.KindObject, Name: name}
	if m == Spec && len(props) == 0 && len(mem.Decls) > 0 {
		return Shape{T: t, Empty: true}, nil
	}
	w.Out.Objects[name] = &model.Object{Name: name, Description: w.format.Describe(n), Properties: props, Source: n.Key()}
	return Shape{T: t}, nil
}

func (w *Walker) checkRequired(mem *Members) error {
	for _, r := range jsonfile.SortedKeys(mem.Required) {
		if _, ok := mem.Decls[r]; !ok {
			at := mem.Required[r]
			return Errf(at.File, at.Ptr+"/required", "required property %q is not declared", r)
		}
	}
	return nil
}

// Properties converts the members of the object at n, sorted by name. owner
// is the name inline types of its own declarations are named after. In spec
// mode the required ones are marked; a status has none required.
func (w *Walker) Properties(n Node, mem *Members, m Mode, owner string) ([]*model.Property, error) {
	if err := w.checkRequired(mem); err != nil {
		return nil, err
	}
	if mem.Disc != "" && len(mem.Decls[mem.Disc]) == 0 {
		return nil, Errf(mem.DiscAt.File, mem.DiscAt.Ptr+"/discriminator", "discriminator %q is not a declared property", mem.Disc)
	}
	var props []*model.Property
	lower := map[string]string{}
	for _, pname := range jsonfile.SortedKeys(mem.Decls) {
		decls := mem.Decls[pname]
		if other, ok := lower[strings.ToLower(pname)]; ok {
			return nil, Errf(decls[0].Node.File, decls[0].Node.Ptr, "properties %q and %q differ only in case", other, pname)
		}
		lower[strings.ToLower(pname)] = pname
		p, err := w.property(owner, pname, decls, m)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		if err := w.format.Property(n, mem, owner, p, m); err != nil {
			return nil, err
		}
		_, required := mem.Required[pname]
		p.Required = required && m == Spec
		props = append(props, p)
	}
	return props, nil
}

// property converts the declarations of one property (from allOf members).
// They must agree on the type, or narrow it: an enum narrows its base
// primitive and its superset enums (a discriminator's const is an enum of one
// value). The narrowest wins; of equal ones, the first declared. Validations
// merge unless they disagree. The first declaration says whether the mode
// leaves the property out and whether it is a secret. It returns nil for a
// property the mode leaves out.
func (w *Walker) property(owner, pname string, decls []Decl, m Mode) (*model.Property, error) {
	first := decls[0]
	if omit, err := w.format.Omit(first, m); err != nil || omit {
		return nil, err
	}
	var best choice
	var v model.Validation
	desc := ""
	for i, dc := range decls {
		o := dc.Owner
		if o == "" {
			o = owner
		}
		s, err := w.EdgeType(dc.Node, m, NodeLabel(o+"_"+pname, dc.Node))
		if err != nil {
			return nil, err
		}
		if desc == "" {
			desc = w.format.Describe(dc.Node)
		}
		var clash string
		if v, clash = mergeValidation(v, s.V); clash != "" {
			return nil, Errf(dc.Node.File, dc.Node.Ptr, "property %q of %s: declarations disagree on %s", pname, owner, clash)
		}
		if i == 0 {
			best = choice{s, dc}
		} else if best, err = w.pick(pname, owner, best, choice{s, dc}); err != nil {
			return nil, err
		}
	}
	secret := w.format.Secret(first, best.s.T)
	switch {
	case m == Status && secret:
		return nil, nil
	case best.s.Empty:
		w.Note(first.Node.File, first.Node.Ptr, "every property of its type is read-only: property %q is left out of the spec", pname)
		return nil, nil
	}
	p := &model.Property{
		Name:        pname,
		Description: desc,
		Type:        jsonfile.CloneType(best.s.T),
		Validation:  jsonfile.CloneValidation(v),
		Secret:      secret,
		Source:      best.d.Node.Key(),
	}
	if m == Status {
		typesOnly(p)
	}
	return p, nil
}

// typesOnly drops what a status property's schema would check beyond its
// type: its validations and the formats of its type and elements. Azure is
// the authority on what it reports, values its own specs call invalid
// included (a count of 0 documented as at least 1, a timestamp in another
// layout), so status keeps types only; its enums are open (see Enum).
func typesOnly(p *model.Property) {
	p.Validation = model.Validation{}
	for t := p.Type; t != nil; t = t.Elem {
		t.Format = ""
	}
}

// choice is a declaration of a property and its shape.
type choice struct {
	s Shape
	d Decl
}

// pick returns which of two declarations of property pname of owner to take:
// best, taken so far, or next, declared after it. A narrower one wins; of
// equal ones, the first. Two enums of one base declared at different levels
// of nested union alternatives (a discriminator a variant declares with its
// own value, and its union's base or an outer variant with another) are
// settled for the deeper one, the innermost variant's own, noted. Any other
// contradiction is an error.
func (w *Walker) pick(pname, owner string, best, next choice) (choice, error) {
	a, b := next.s.T, best.s.T
	switch {
	case w.narrows(a, b):
		return next, nil
	case w.same(a, b) || w.narrows(b, a):
		return best, nil
	case a.Kind == model.KindEnum && b.Kind == model.KindEnum && a.Primitive == b.Primitive && next.d.Level != best.d.Level:
		won, lost := best, next
		if next.d.Level > best.d.Level {
			won, lost = next, best
		}
		w.Note(won.d.Node.File, won.d.Node.Ptr, "property %q of %s is declared as enum %q here, in a variant of a union, and as enum %q at %s, less deeply nested: the innermost variant's own enum is taken",
			pname, owner, w.Out.Enums[won.s.T.Name].Values, w.Out.Enums[lost.s.T.Name].Values, lost.d.Node.Key())
		return won, nil
	}
	return best, Errf(next.d.Node.File, next.d.Node.Ptr, "property %q of %s is declared as %s here and as %s at %s",
		pname, owner, jsonfile.TypeString(a), jsonfile.TypeString(b), best.d.Node.Key())
}

// same reports whether a and b admit the same values: equal types, or enums
// of one base with the same values and openness, or arrays or maps of such.
func (w *Walker) same(a, b *model.Type) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case model.KindEnum:
		ea, eb := w.Out.Enums[a.Name], w.Out.Enums[b.Name]
		return ea.Base == eb.Base && ea.Open == eb.Open && len(ea.Values) == len(eb.Values) && subset(ea.Values, eb.Values)
	case model.KindArray, model.KindMap:
		return w.same(a.Elem, b.Elem)
	}
	return jsonfile.TypeString(a) == jsonfile.TypeString(b)
}

// narrows reports whether a admits fewer values than b: a is an enum and b
// its base primitive or an enum with more values, a's among them.
func (w *Walker) narrows(a, b *model.Type) bool {
	if a.Kind != model.KindEnum || a.Primitive != b.Primitive {
		return false
	}
	switch b.Kind {
	case model.KindPrimitive:
		return b.Format == "" || b.Format == a.Format
	case model.KindEnum:
		va, vb := w.Out.Enums[a.Name].Values, w.Out.Enums[b.Name].Values
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

// Branch is one property of a union object: an alternative, named.
type Branch struct {
	Name string
	At   Node
	Type func(name string) (Shape, error) // converts the alternative, naming its object name
}

// Union makes the union object named by l in mode m: one optional property
// per alternative (left out when its shape is empty, noted), sorted by name.
// Alternatives whose names differ only in case are an error.
func (w *Walker) Union(n Node, m Mode, l Label, branches []Branch) (Shape, error) {
	name := w.Name(l, m)
	obj := &model.Object{Name: name, Description: w.format.Describe(n), OneOf: true, Source: n.Key()}
	lower := map[string]string{}
	for _, b := range branches {
		if other, ok := lower[strings.ToLower(b.Name)]; ok {
			return Shape{}, Errf(b.At.File, b.At.Ptr, "alternatives %q and %q of %s differ only in case", other, b.Name, n.Key())
		}
		lower[strings.ToLower(b.Name)] = b.Name
		s, err := b.Type(w.Name(l, Spec) + "_" + b.Name)
		if err != nil {
			return Shape{}, err
		}
		if s.Empty {
			w.Note(b.At.File, b.At.Ptr, "every property of this alternative is read-only: it is left out of the spec of %s", n.Key())
			continue
		}
		obj.Properties = append(obj.Properties, &model.Property{
			Name: b.Name, Description: w.format.Describe(b.At), Type: jsonfile.CloneType(s.T),
			Validation: jsonfile.CloneValidation(s.V), Source: b.At.Key(),
		})
	}
	t := &model.Type{Kind: model.KindObject, Name: name}
	if len(obj.Properties) == 0 {
		return Shape{T: t, Empty: true}, nil
	}
	sort.Slice(obj.Properties, func(i, j int) bool { return obj.Properties[i].Name < obj.Properties[j].Name })
	w.Out.Objects[name] = obj
	return Shape{T: t}, nil
}

// mergeValidation combines the validations of two declarations of one
// property. It returns the name of a keyword they disagree on, if any.
func mergeValidation(a, b model.Validation) (model.Validation, string) {
	out := a
	for _, clash := range []string{
		take("minLength", &out.MinLength, b.MinLength),
		take("maxLength", &out.MaxLength, b.MaxLength),
		take("minItems", &out.MinItems, b.MinItems),
		take("maxItems", &out.MaxItems, b.MaxItems),
		take("minimum", &out.Minimum, b.Minimum),
		take("maximum", &out.Maximum, b.Maximum),
		take("multipleOf", &out.MultipleOf, b.MultipleOf),
	} {
		if clash != "" {
			return out, clash
		}
	}
	if a.Pattern != "" && b.Pattern != "" && a.Pattern != b.Pattern {
		return out, "pattern"
	}
	if a.Pattern == "" {
		out.Pattern = b.Pattern
	}
	return out, ""
}

// take gives *dst the value v when it has none. It returns name when both
// are set and differ.
func take[T comparable](name string, dst **T, v *T) string {
	switch {
	case *dst == nil:
		*dst = v
	case v != nil && **dst != *v:
		return name
	}
	return ""
}
