package armschema

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// ignored keywords carry no shape.
var ignored = map[string]bool{"description": true, "default": true, "$schema": true, "id": true, "title": true}

// typeKeys are the keywords allowed with each type, besides type and the
// ignored ones.
var typeKeys = map[string][]string{
	model.String:  {"format", "minLength", "maxLength", "pattern"},
	model.Integer: {"format", "minimum", "maximum", "multipleOf"},
	model.Number:  {"format", "minimum", "maximum", "multipleOf"},
	model.Boolean: nil,
	"array":       {"items", "minItems", "maxItems"},
	"object":      {"properties", "required", "allOf", "oneOf", "anyOf", "additionalProperties"},
}

// rules are a deployment schema's keyword rules: any format, an array without
// items holds anything, a closed object without properties is an object, and
// the template expression is no alternative of a oneOf.
func rules(x *loader) schemawalk.Rules {
	return schemawalk.Rules{
		TypeKeys:       typeKeys,
		Extra:          []string{"const"},
		Anywhere:       func(k string) bool { return ignored[k] },
		ClosedIsObject: true,
		Skip:           func(alt schemawalk.Node) bool { return x.isExpression(alt) },
	}
}

// Keywords has nothing of the format's own to check.
func (x *loader) Keywords(schemawalk.Node) error { return nil }

// Compute converts a schema node that is not a $ref. An object or enum it
// makes is named after l.Want, held for the node itself unless it is the
// definition l names.
func (x *loader) Compute(n schemawalk.Node, m schemawalk.Mode, l schemawalk.Label) (schemawalk.Shape, error) {
	if l.Def == nil || l.Def.Key() != n.Key() {
		l = schemawalk.NodeLabel(l.Want, n)
	}
	_, hasEnum := n.N["enum"]
	_, hasConst := n.N["const"]
	t, _ := n.N["type"].(string)
	switch {
	case isObjectSchema(n.N):
		return x.objectType(n, l)
	case schemawalk.UnionKey(n.N) != "":
		return x.oneOfType(n, l)
	case hasEnum || hasConst:
		e, err := x.EnumOf(n)
		if err != nil {
			return schemawalk.Shape{}, err
		}
		return x.Enum(n, e, m, l)
	case t == "array":
		return x.Array(n, m, l)
	case t != "":
		return x.Primitive(n, t)
	}
	return x.Any(n)
}

// isObjectSchema reports whether n is an object schema by its keywords.
func isObjectSchema(n map[string]any) bool {
	for _, k := range []string{"properties", "allOf", "additionalProperties", "required"} {
		if _, ok := n[k]; ok {
			return true
		}
	}
	return n["type"] == "object"
}

// Follow returns the definition a $ref schema points at:
// #/definitions/<name> in the same file or in common/definitions.json.
func (x *loader) Follow(n schemawalk.Node) (schemawalk.Node, schemawalk.Label, error) {
	if err := x.OnlyKeys(n, "a $ref schema", "$ref"); err != nil {
		return schemawalk.Node{}, schemawalk.Label{}, err
	}
	t, err := x.resolve(n)
	if err != nil {
		return schemawalk.Node{}, schemawalk.Label{}, err
	}
	return t, schemawalk.DefLabel(t), nil
}

func (x *loader) resolve(n schemawalk.Node) (schemawalk.Node, error) {
	rptr := n.Ptr + "/$ref"
	ref, ok := n.N["$ref"].(string)
	if !ok {
		return schemawalk.Node{}, schemawalk.Errf(n.File, rptr, "expected $ref to be a string, found %s", jsonfile.Kind(n.N["$ref"]))
	}
	base, _, _ := strings.Cut(ref, "#")
	tf, err := x.refFile(n, base)
	if err != nil {
		return schemawalk.Node{}, schemawalk.Errf(n.File, rptr, "cannot resolve %q: %v", ref, err)
	}
	if tf == nil {
		return schemawalk.Node{}, schemawalk.Errf(n.File, rptr, "$ref %q points at another file: only local refs, %s and the files of this schema root (%s<api-version>/<Provider>.json) are supported",
			ref, commonURL, schemaURL)
	}
	t, _, err := schemawalk.Target(n.File, rptr, ref, tf, "definitions", "definition")
	return t, err
}

// refFile returns the file a $ref's address (the part before #) names: the
// referring file for none, common/definitions.json, or a provider file of the
// root by its address <schemaURL><api-version>/<Provider>.json (Compute's
// schemas refer to Microsoft.Compute.Extensions.json so); nil for any other.
func (x *loader) refFile(n schemawalk.Node, base string) (*schemawalk.File, error) {
	rel, ok := strings.CutPrefix(base, schemaURL)
	switch {
	case base == "":
		return n.File, nil
	case base == commonURL:
		c, err := x.l.schemaFile(commonRel)
		if err == nil {
			x.common = c
		}
		return c, err
	case !ok || !providerRel.MatchString(rel):
		return nil, nil
	case rel == x.file.Rel:
		return x.file, nil
	}
	return x.l.schemaFile(rel)
}

// isExpression reports whether alt is a $ref to the template expression of
// common/definitions.json. It goes by the reference alone, so a schema root
// without common/ still loads.
func (x *loader) isExpression(alt schemawalk.Node) bool {
	s, _ := alt.N["$ref"].(string)
	base, frag, _ := strings.Cut(s, "#")
	return frag == "/definitions/expression" && (base == commonURL || base == "" && alt.File == x.common)
}

// Describe returns a schema's description, or that of its only described
// oneOf (or anyOf) alternative.
func (x *loader) Describe(n schemawalk.Node) string { return describe(n) }

func describe(n schemawalk.Node) string {
	if s := schemawalk.Describe(n.N); s != "" {
		return s
	}
	alts, _ := n.N[schemawalk.UnionKey(n.N)].([]any)
	for _, a := range alts {
		if an, ok := a.(map[string]any); ok {
			if s := schemawalk.Describe(an); s != "" {
				return s
			}
		}
	}
	return ""
}

// Omit leaves out no property: a deployment schema has only what a client
// writes.
func (x *loader) Omit(schemawalk.Decl, schemawalk.Mode) (bool, error) { return false, nil }

// Secret reports no secret: the format does not mark them.
func (x *loader) Secret(schemawalk.Decl, *model.Type) bool { return false }

// Property has nothing to finish.
func (x *loader) Property(schemawalk.Node, *schemawalk.Members, string, *model.Property, schemawalk.Mode) error {
	return nil
}

// oneOfType converts a schema that is just a oneOf (or an anyOf): its one
// real alternative, or a union if there are several.
func (x *loader) oneOfType(n schemawalk.Node, l schemawalk.Label) (schemawalk.Shape, error) {
	key := schemawalk.UnionKey(n.N)
	if err := x.OnlyKeys(n, map[string]string{"oneOf": "a oneOf schema", "anyOf": "an anyOf schema"}[key], key); err != nil {
		return schemawalk.Shape{}, err
	}
	alts, err := x.Alternatives(n)
	if err != nil {
		return schemawalk.Shape{}, err
	}
	if len(alts) > 1 {
		return x.objectType(n, l)
	}
	return x.TypeOf(alts[0].Node, schemawalk.Spec, l)
}

// objectType converts an object schema: an object, a union, a map or any.
func (x *loader) objectType(n schemawalk.Node, l schemawalk.Label) (schemawalk.Shape, error) {
	m, err := x.Collect(n, "")
	if err != nil {
		return schemawalk.Shape{}, err
	}
	if m.Union == nil {
		return x.Object(n, schemawalk.Spec, l, m)
	}
	return x.union(n, l, m, unionRule{})
}

// unionRule is how a union's alternatives are named and finished. The zero
// rule, a definition's: altName names them, nothing finishes them.
type unionRule struct {
	names  []string                        // by index in Union.Alts; nil for altName's
	finish func(*schemawalk.Members) error // applied to each alternative merged with the base (a resource's specMembers)
}

// union converts an object schema with a oneOf of several alternatives into
// an object with one optional property per alternative. Properties the
// schema declares beside the oneOf (a discriminated union's base) are merged
// into every alternative, which then becomes an object of its own named
// <union>_<alternative>; so is every alternative a rule finishes.
func (x *loader) union(n schemawalk.Node, l schemawalk.Label, m *schemawalk.Members, r unionRule) (schemawalk.Shape, error) {
	base := m.Base()
	base.Own(x.Name(l, schemawalk.Spec))
	hasBase := len(base.Decls) > 0 || len(base.Required) > 0
	if e := m.Addl; !hasBase && e != nil && !e.Closed {
		x.Note(e.At.File, e.At.Ptr, "additionalProperties beside a oneOf is dropped: the model's objects have no extra keys")
	}
	merge := hasBase || r.finish != nil
	level := base.Level() + 1
	var branches []schemawalk.Branch
	for i, a := range m.Union.Alts {
		prop := altName(a)
		if r.names != nil {
			prop = r.names[i]
		}
		branches = append(branches, schemawalk.Branch{Name: prop, At: a.Node, Type: func(name string) (schemawalk.Shape, error) {
			if !merge {
				return x.EdgeType(a.Node, schemawalk.Spec, schemawalk.NodeLabel(name, a.Node))
			}
			return x.alternative(base, level, a, name, r.finish)
		}})
	}
	return x.Union(n, schemawalk.Spec, l, branches)
}

// alternative converts one oneOf alternative merged with the union's base.
// Its own declarations are of the given level (the variant's own over its
// base's, where they contradict as enums); finish, if set, finishes the
// merged members.
func (x *loader) alternative(base *schemawalk.Members, level int, a schemawalk.Alt, name string, finish func(*schemawalk.Members) error) (schemawalk.Shape, error) {
	l := schemawalk.NodeLabel(name, a.Node)
	return x.Edge(func() (schemawalk.Shape, error) {
		am, err := x.Collect(a.Node, x.Name(l, schemawalk.Spec))
		if err != nil {
			return schemawalk.Shape{}, err
		}
		am.SetLevel(level)
		merged := base.Base()
		if err := merged.Merge(am, a.Node); err != nil {
			return schemawalk.Shape{}, err
		}
		if finish != nil {
			if err := finish(merged); err != nil {
				return schemawalk.Shape{}, err
			}
		}
		if merged.Union != nil {
			return x.union(a.Node, l, merged, unionRule{finish: finish})
		}
		return x.BuildObject(a.Node, schemawalk.Spec, l, merged)
	})
}

// altName names a oneOf alternative: after the definition it refers to
// (directly, or as the one $ref of its allOf), in lowerCamel, or option<i>
// with i its index in the oneOf.
func altName(a schemawalk.Alt) string {
	if name := refName(a.Node.N); name != "" {
		return jsonfile.LowerCamel(name)
	}
	members, _ := a.Node.N["allOf"].([]any)
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
	return "option" + strconv.Itoa(a.Index)
}

// refName returns the definition name a $ref schema points at, or "".
func refName(n map[string]any) string {
	ref, _ := n["$ref"].(string)
	name, _ := schemawalk.RefName(ref, "definitions")
	return name
}
