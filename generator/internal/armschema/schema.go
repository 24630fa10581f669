package armschema

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// shape is what a schema node converts to: a type, plus the validations that
// a property of that type carries.
type shape struct {
	t *model.Type
	v model.Validation
}

// frame is an entry of the conversion stack: a node being converted, or an
// edge (a property, array item, map value or oneOf branch) between nodes.
type frame struct {
	d    *doc
	ptr  string
	key  string
	edge bool
}

// ignored keywords carry no shape.
var ignored = map[string]bool{"description": true, "default": true, "$schema": true, "id": true, "title": true}

// known keywords are the ones the loader handles.
var known = map[string]bool{
	"type": true, "$ref": true, "oneOf": true, "allOf": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "enum": true, "const": true, "format": true,
	"minLength": true, "maxLength": true, "pattern": true, "minimum": true, "maximum": true,
	"multipleOf": true, "minItems": true, "maxItems": true,
}

var primitives = map[string]bool{model.String: true, model.Integer: true, model.Number: true, model.Boolean: true}

// keywords allowed with each primitive, beside type, enum and const.
var primitiveKeys = map[string][]string{
	model.String:  {"format", "minLength", "maxLength", "pattern"},
	model.Integer: {"format", "minimum", "maximum", "multipleOf"},
	model.Number:  {"format", "minimum", "maximum", "multipleOf"},
	model.Boolean: nil,
}

func (x *loader) asSchema(d *doc, v any, ptr string) (map[string]any, error) {
	n, ok := v.(map[string]any)
	if !ok {
		return nil, x.errf(d, ptr, "expected a schema object, found %s", jsonfile.Kind(v))
	}
	return n, nil
}

// checkKeywords fails on keywords the loader does not handle and on a type
// that is not one of JSON schema's single types.
func (x *loader) checkKeywords(d *doc, n map[string]any, ptr string) error {
	for _, k := range jsonfile.SortedKeys(n) {
		if !known[k] && !ignored[k] {
			return x.errf(d, ptr+"/"+jsonfile.Escape(k), "unsupported keyword %q", k)
		}
	}
	if f, ok := n["format"]; ok {
		if _, ok := f.(string); !ok {
			return x.errf(d, ptr+"/format", "expected format to be a string, found %s", jsonfile.Kind(f))
		}
	}
	v, ok := n["type"]
	if !ok {
		return nil
	}
	t, ok := v.(string)
	switch {
	case !ok:
		return x.errf(d, ptr+"/type", "expected type to be a string (type arrays are not supported), found %s", jsonfile.Kind(v))
	case t != "object" && t != "array" && !primitives[t]:
		return x.errf(d, ptr+"/type", "unsupported type %q", t)
	}
	return nil
}

// onlyKeys fails if n has a keyword that carries shape and is not allowed.
func (x *loader) onlyKeys(d *doc, n map[string]any, ptr, what string, allowed ...string) error {
	ok := map[string]bool{}
	for _, k := range allowed {
		ok[k] = true
	}
	for _, k := range jsonfile.SortedKeys(n) {
		if !ok[k] && !ignored[k] {
			return x.errf(d, ptr+"/"+jsonfile.Escape(k), "keyword %q cannot be used in %s", k, what)
		}
	}
	return nil
}

// typeOf converts a schema node. name is the name the node's type gets if it
// is an object or enum of its own. Results are kept by node, so a node
// converts once however often it is reached.
func (x *loader) typeOf(d *doc, n map[string]any, ptr, name string) (shape, error) {
	key := at(d, ptr)
	if s, ok := x.memo[key]; ok {
		return s, nil
	}
	for i, f := range x.stack {
		if f.key == key {
			return x.cycle(d, ptr, i)
		}
	}
	x.stack = append(x.stack, frame{d: d, ptr: ptr, key: key})
	s, err := x.compute(d, n, ptr, name)
	x.stack = x.stack[:len(x.stack)-1]
	if err != nil {
		return shape{}, err
	}
	x.memo[key] = s
	return s, nil
}

// edgeType converts a node reached through a property, array item, map value
// or oneOf branch: the edges a recursive type goes through.
func (x *loader) edgeType(d *doc, n map[string]any, ptr, name string) (shape, error) {
	x.stack = append(x.stack, frame{edge: true})
	defer func() { x.stack = x.stack[:len(x.stack)-1] }()
	return x.typeOf(d, n, ptr, name)
}

// cycle handles reaching a node that is being converted, x.stack[i]. Through
// an edge, the type contains itself, which a structural CRD schema cannot
// say: the reference becomes any, and is noted. Without one it is a cycle of
// $refs with no type at all.
func (x *loader) cycle(d *doc, ptr string, i int) (shape, error) {
	var path []string
	for _, f := range x.stack[i:] {
		if f.edge {
			from := x.stack[len(x.stack)-1]
			x.note(model.Location{File: from.d.file, Pointer: from.ptr},
				"recursive reference to %s: typed as any, as a structural schema cannot contain itself", at(d, ptr))
			return shape{t: &model.Type{Kind: model.KindAny}}, nil
		}
		path = append(path, f.ptr)
	}
	path = append(path, ptr)
	return shape{}, x.errf(d, ptr, "$ref cycle with no type in between: %s", strings.Join(path, " -> "))
}

func (x *loader) compute(d *doc, n map[string]any, ptr, name string) (shape, error) {
	if err := x.checkKeywords(d, n, ptr); err != nil {
		return shape{}, err
	}
	if _, ok := n["$ref"]; ok {
		return x.refType(d, n, ptr)
	}
	if isObjectSchema(n) {
		return x.objectType(d, n, ptr, name)
	}
	if _, ok := n["oneOf"]; ok {
		return x.oneOfType(d, n, ptr, name)
	}
	_, hasEnum := n["enum"]
	_, hasConst := n["const"]
	if hasEnum || hasConst {
		return x.enumType(d, n, ptr, name)
	}
	t, _ := n["type"].(string)
	switch {
	case t == "array":
		return x.arrayType(d, n, ptr, name)
	case t != "":
		return x.primitiveType(d, n, ptr, t)
	}
	// The empty schema: any JSON value.
	if err := x.onlyKeys(d, n, ptr, "a schema without a type"); err != nil {
		return shape{}, err
	}
	return shape{t: &model.Type{Kind: model.KindAny}}, nil
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

func (x *loader) refType(d *doc, n map[string]any, ptr string) (shape, error) {
	if err := x.onlyKeys(d, n, ptr, "a $ref schema", "$ref"); err != nil {
		return shape{}, err
	}
	td, tptr, tn, err := x.resolve(d, n["$ref"], ptr)
	if err != nil {
		return shape{}, err
	}
	return x.typeOf(td, tn, tptr, x.defName(td, tptr))
}

// resolve finds the definition a $ref points at: #/definitions/<name> in the
// same file or in common/definitions.json.
func (x *loader) resolve(d *doc, v any, ptr string) (*doc, string, map[string]any, error) {
	rptr := ptr + "/$ref"
	ref, ok := v.(string)
	if !ok {
		return nil, "", nil, x.errf(d, rptr, "expected $ref to be a string, found %s", jsonfile.Kind(v))
	}
	base, frag, _ := strings.Cut(ref, "#")
	td := d
	if base == commonURL {
		c, err := x.l.commonDoc()
		if err != nil {
			return nil, "", nil, x.errf(d, rptr, "cannot resolve %q: %v", ref, err)
		}
		td = c
	} else if base != "" {
		return nil, "", nil, x.errf(d, rptr, "$ref %q points at another file: only local refs and %s are supported", ref, commonURL)
	}
	name, ok := strings.CutPrefix(frag, "/definitions/")
	if !ok || name == "" || strings.Contains(name, "/") {
		return nil, "", nil, x.errf(d, rptr, "$ref %q must point at #/definitions/<name>", ref)
	}
	name = jsonfile.Unescape(name)
	def, ok := td.defs[name]
	if !ok {
		return nil, "", nil, x.errf(d, rptr, "dangling $ref %q: %s has no definition %q", ref, td.src, name)
	}
	tptr := "/definitions/" + jsonfile.Escape(name)
	tn, err := x.asSchema(td, def, tptr)
	return td, tptr, tn, err
}

// defName returns the type name of a definition: its key, unless a common
// definition's key is already taken.
func (x *loader) defName(d *doc, ptr string) string {
	return x.names.alloc(jsonfile.Unescape(strings.TrimPrefix(ptr, "/definitions/")), at(d, ptr))
}

// branch is one alternative of a oneOf other than the template expression.
type branch struct {
	d     *doc
	node  map[string]any
	ptr   string
	index int
}

// branches returns the alternatives of n's oneOf, without the template
// expression ones.
func (x *loader) branches(d *doc, n map[string]any, ptr string) ([]branch, error) {
	list, ok := n["oneOf"].([]any)
	if !ok {
		return nil, x.errf(d, ptr+"/oneOf", "expected oneOf to be an array, found %s", jsonfile.Kind(n["oneOf"]))
	}
	var out []branch
	for i, v := range list {
		bptr := ptr + "/oneOf/" + strconv.Itoa(i)
		bn, err := x.asSchema(d, v, bptr)
		if err != nil {
			return nil, err
		}
		if ref, ok := bn["$ref"]; ok {
			if isExpression(d, ref) {
				continue
			}
			if _, _, _, err := x.resolve(d, ref, bptr); err != nil {
				return nil, err
			}
		}
		out = append(out, branch{d: d, node: bn, ptr: bptr, index: i})
	}
	if len(out) == 0 {
		return nil, x.errf(d, ptr+"/oneOf", "no usable type: the only alternative is a template expression")
	}
	return out, nil
}

// isExpression reports whether ref points at the template expression of
// common/definitions.json. It goes by the reference alone, so a schema root
// without common/ still loads.
func isExpression(d *doc, ref any) bool {
	s, _ := ref.(string)
	base, frag, _ := strings.Cut(s, "#")
	return frag == "/definitions/expression" && (base == commonURL || base == "" && d.isCommon)
}

// oneOfType converts a schema that is just a oneOf: its one real alternative,
// or a oneOf object if there are several.
func (x *loader) oneOfType(d *doc, n map[string]any, ptr, name string) (shape, error) {
	if err := x.onlyKeys(d, n, ptr, "a oneOf schema", "oneOf"); err != nil {
		return shape{}, err
	}
	brs, err := x.branches(d, n, ptr)
	if err != nil {
		return shape{}, err
	}
	if len(brs) > 1 {
		return x.objectType(d, n, ptr, name)
	}
	return x.typeOf(brs[0].d, brs[0].node, brs[0].ptr, name)
}

func (x *loader) arrayType(d *doc, n map[string]any, ptr, name string) (shape, error) {
	if err := x.onlyKeys(d, n, ptr, "an array schema", "type", "items", "minItems", "maxItems"); err != nil {
		return shape{}, err
	}
	v, err := x.validation(d, n, ptr)
	if err != nil {
		return shape{}, err
	}
	items, ok := n["items"]
	if !ok { // JSON schema: the elements can be anything
		return shape{t: &model.Type{Kind: model.KindArray, Elem: &model.Type{Kind: model.KindAny}}, v: v}, nil
	}
	in, err := x.asSchema(d, items, ptr+"/items")
	if err != nil {
		return shape{}, err
	}
	e, err := x.edgeType(d, in, ptr+"/items", name)
	if err != nil {
		return shape{}, err
	}
	x.dropped(d, ptr+"/items", e.v)
	return shape{t: &model.Type{Kind: model.KindArray, Elem: jsonfile.CloneType(e.t)}, v: v}, nil
}

// dropped notes validations of an array item or map value, which the model
// has no place for.
func (x *loader) dropped(d *doc, ptr string, v model.Validation) {
	if !v.IsZero() {
		x.note(model.Location{File: d.file, Pointer: ptr}, "validations of array items and map values are dropped: the model has no place for them")
	}
}

func (x *loader) primitiveType(d *doc, n map[string]any, ptr, t string) (shape, error) {
	allowed := append([]string{"type"}, primitiveKeys[t]...)
	if err := x.onlyKeys(d, n, ptr, "a "+t+" schema", allowed...); err != nil {
		return shape{}, err
	}
	v, err := x.validation(d, n, ptr)
	if err != nil {
		return shape{}, err
	}
	format, _ := n["format"].(string)
	return shape{t: &model.Type{Kind: model.KindPrimitive, Primitive: t, Format: format}, v: v}, nil
}

// enumType converts an enum, or a const as an enum of one value.
func (x *loader) enumType(d *doc, n map[string]any, ptr, name string) (shape, error) {
	values, vptr, err := x.enumValues(d, n, ptr)
	if err != nil {
		return shape{}, err
	}
	base, _ := n["type"].(string)
	if base == "" {
		if base, err = jsonfile.EnumBase(d.file, values, vptr); err != nil {
			return shape{}, err
		}
	}
	if !primitives[base] {
		return shape{}, x.errf(d, ptr+"/type", "an enum must be of a primitive type, not %s", base)
	}
	list := "enum"
	if _, ok := n["const"]; ok {
		list = "const"
	}
	allowed := append([]string{"type", list}, primitiveKeys[base]...)
	if err := x.onlyKeys(d, n, ptr, "an enum", allowed...); err != nil {
		return shape{}, err
	}
	texts, err := jsonfile.EnumTexts(d.file, values, vptr, base)
	if err != nil {
		return shape{}, err
	}
	v, err := x.validation(d, n, ptr)
	if err != nil {
		return shape{}, err
	}
	format, _ := n["format"].(string)
	ename := x.names.alloc(name, at(d, ptr))
	x.out.Enums[ename] = &model.Enum{Name: ename, Description: describe(n), Base: base, Values: texts, Source: at(d, ptr)}
	return shape{t: &model.Type{Kind: model.KindEnum, Primitive: base, Format: format, Name: ename}, v: v}, nil
}

// enumValues returns the values of an enum or const, and the pointer of the
// list ("" items for a const).
func (x *loader) enumValues(d *doc, n map[string]any, ptr string) ([]any, string, error) {
	if c, ok := n["const"]; ok {
		if _, both := n["enum"]; both {
			return nil, "", x.errf(d, ptr+"/const", "enum and const cannot be used together")
		}
		return []any{c}, ptr + "/const", nil
	}
	values, ok := n["enum"].([]any)
	if !ok || len(values) == 0 {
		return nil, "", x.errf(d, ptr+"/enum", "expected enum to be a non-empty array")
	}
	return values, ptr + "/enum", nil
}

// validation reads the validation keywords of n. Whether they apply to n's
// type is checked by the caller's onlyKeys.
func (x *loader) validation(d *doc, n map[string]any, ptr string) (model.Validation, error) {
	v, patternNote, err := jsonfile.Validation(d.file, ptr, n)
	if patternNote != "" {
		x.note(model.Location{File: d.file, Pointer: ptr + "/pattern"}, "%s", patternNote)
	}
	return v, err
}

// mergeValidation combines the validations of two declarations of one
// property. It returns the name of a keyword they disagree on, if any.
func mergeValidation(a, b model.Validation) (model.Validation, string) {
	out := a
	ints := []struct {
		name     string
		dst      **int64
		from, to *int64
	}{
		{"minLength", &out.MinLength, a.MinLength, b.MinLength},
		{"maxLength", &out.MaxLength, a.MaxLength, b.MaxLength},
		{"minItems", &out.MinItems, a.MinItems, b.MinItems},
		{"maxItems", &out.MaxItems, a.MaxItems, b.MaxItems},
	}
	for _, f := range ints {
		if f.from != nil && f.to != nil && *f.from != *f.to {
			return out, f.name
		}
		if f.from == nil {
			*f.dst = f.to
		}
	}
	floats := []struct {
		name     string
		dst      **float64
		from, to *float64
	}{
		{"minimum", &out.Minimum, a.Minimum, b.Minimum},
		{"maximum", &out.Maximum, a.Maximum, b.Maximum},
		{"multipleOf", &out.MultipleOf, a.MultipleOf, b.MultipleOf},
	}
	for _, f := range floats {
		if f.from != nil && f.to != nil && *f.from != *f.to {
			return out, f.name
		}
		if f.from == nil {
			*f.dst = f.to
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
