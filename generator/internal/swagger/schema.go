package swagger

import (
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// shape is what a schema node converts to in one mode: a type, the
// validations a property of that type carries, and, in spec mode, whether it
// is an object none of whose properties a client writes.
type shape struct {
	t     *model.Type
	v     model.Validation
	empty bool
}

// frame is an entry of the conversion stack: a node being converted, or an
// edge (a property, array item, map value or discriminated branch) between
// nodes.
type frame struct {
	nd   node
	key  string
	edge bool
}

// anywhere are the keywords any schema may have: they carry no shape, or
// (readOnly) concern the property the schema is the type of.
var anywhere = map[string]bool{
	"description": true, "title": true, "default": true, "example": true, "externalDocs": true, "xml": true, "readOnly": true,
}

// besideRef are the keywords a $ref schema may have besides $ref.
var besideRef = map[string]bool{
	"$ref": true, "description": true, "title": true, "readOnly": true,
	"x-ms-mutability": true, "x-ms-client-flatten": true, "x-ms-client-name": true,
	"type": true, // when it is the definition's (see follow)
}

// notEnforced are validation keywords the model has no place for.
var notEnforced = map[string]bool{
	"exclusiveMinimum": true, "exclusiveMaximum": true, "uniqueItems": true, "minProperties": true, "maxProperties": true,
}

// typeKeys are the keywords allowed with each type, besides type and the
// keywords allowed anywhere.
var typeKeys = map[string][]string{
	model.String:  {"format", "minLength", "maxLength", "pattern"},
	model.Integer: {"format", "minimum", "maximum", "multipleOf", "exclusiveMinimum", "exclusiveMaximum"},
	model.Number:  {"format", "minimum", "maximum", "multipleOf", "exclusiveMinimum", "exclusiveMaximum"},
	model.Boolean: nil,
	"array":       {"items", "minItems", "maxItems", "uniqueItems"},
	"object":      {"properties", "required", "allOf", "additionalProperties", "discriminator", "minProperties", "maxProperties"},
}

// known are the schema keywords the loader reads.
var known = func() map[string]bool {
	k := map[string]bool{"type": true, "$ref": true, "enum": true}
	for _, keys := range typeKeys {
		for _, key := range keys {
			k[key] = true
		}
	}
	return k
}()

// formats are the formats of each primitive type.
var formats = map[string][]string{
	model.String: {"date-time", "date", "uuid", "arm-id", "uri", "url", "byte", "binary", "duration",
		"password", "email", "base64url", "date-time-rfc1123"},
	model.Integer: {"int32", "int64", "unixtime"},
	model.Number:  {"float", "double", "decimal"},
	model.Boolean: nil,
}

var primitives = map[string]bool{model.String: true, model.Integer: true, model.Number: true, model.Boolean: true}

// typeOf converts a schema node in mode m; l names its type if it makes an
// object or enum. Results are kept by node and mode, so a node converts once
// however often it is reached.
func (x *loader) typeOf(nd node, m mode, l label) (shape, error) {
	key := nd.key()
	if m == statusMode {
		key += "|status"
	}
	if s, ok := x.memo[key]; ok {
		return s, nil
	}
	for i, f := range x.stack {
		if f.key == key {
			return x.cycle(nd, i)
		}
	}
	x.stack = append(x.stack, frame{nd: nd, key: key})
	s, err := x.compute(nd, m, l)
	x.stack = x.stack[:len(x.stack)-1]
	if err != nil {
		return shape{}, err
	}
	x.memo[key] = s
	return s, nil
}

// edgeType converts a node reached through a property, array item, map value
// or discriminated branch: the edges a recursive type goes through.
func (x *loader) edgeType(nd node, m mode, l label) (shape, error) {
	x.stack = append(x.stack, frame{edge: true})
	defer func() { x.stack = x.stack[:len(x.stack)-1] }()
	return x.typeOf(nd, m, l)
}

// cycle handles reaching a node being converted, x.stack[i]. Through an edge
// the type contains itself, which a structural CRD schema cannot say: the
// reference becomes any, noted. Without one it is a cycle of $refs.
func (x *loader) cycle(nd node, i int) (shape, error) {
	var path []string
	for _, f := range x.stack[i:] {
		if f.edge {
			from := x.stack[len(x.stack)-1].nd
			x.note(from.d, from.ptr, "recursive reference to %s: typed as any, as a structural schema cannot contain itself", nd.key())
			return shape{t: &model.Type{Kind: model.KindAny}}, nil
		}
		path = append(path, f.nd.ptr)
	}
	return shape{}, x.errf(nd.d, nd.ptr, "$ref cycle with no type in between: %s", strings.Join(append(path, nd.ptr), " -> "))
}

func (x *loader) compute(nd node, m mode, l label) (shape, error) {
	if err := x.checkKeywords(nd); err != nil {
		return shape{}, err
	}
	if ref, ok := nd.n["$ref"]; ok {
		t, err := x.follow(nd, ref)
		if err != nil {
			return shape{}, err
		}
		return x.typeOf(t, m, defLabel(t))
	}
	if _, ok := nd.n["enum"]; ok {
		return x.enumType(nd, m, l)
	}
	if _, ok := nd.n["x-ms-enum"]; ok {
		return shape{}, x.errf(nd.d, nd.ptr+"/x-ms-enum", "x-ms-enum without enum: expected the values in an enum keyword")
	}
	t, _ := nd.n["type"].(string)
	switch {
	case t == "object" || t == "" && isObject(nd.n):
		return x.objectType(nd, m, l)
	case t == "array":
		return x.arrayType(nd, m, l)
	case t != "":
		return x.primitiveType(nd, t)
	}
	if err := x.onlyKeys(nd, "a schema without a type"); err != nil {
		return shape{}, err
	}
	return shape{t: &model.Type{Kind: model.KindAny}}, nil
}

// isObject reports whether n is an object schema by its keywords.
func isObject(n map[string]any) bool {
	for _, k := range typeKeys["object"] {
		if _, ok := n[k]; ok {
			return true
		}
	}
	return false
}

// checkKeywords fails on a keyword the loader does not know, on an unknown
// type and on a handled extension of the wrong form; it notes validations the
// model has no place for.
func (x *loader) checkKeywords(nd node) error {
	for _, k := range jsonfile.SortedKeys(nd.n) {
		switch {
		case strings.HasPrefix(k, "x-"):
			if err := x.checkExtension(nd, k); err != nil {
				return err
			}
		case !known[k] && !anywhere[k]:
			return x.errf(nd.d, nd.ptr+"/"+jsonfile.Escape(k), "unsupported keyword %q: expected a Swagger 2.0 schema keyword or an x- extension", k)
		case notEnforced[k]:
			x.note(nd.d, nd.ptr+"/"+k, "%s is not enforced: the model has no place for it", k)
		}
	}
	if v, ok := nd.n["readOnly"]; ok {
		if _, ok := v.(bool); !ok {
			return x.errf(nd.d, nd.ptr+"/readOnly", "expected readOnly to be a boolean, found %s", jsonfile.Kind(v))
		}
	}
	if v, ok := nd.n["format"]; ok {
		if _, ok := v.(string); !ok {
			return x.errf(nd.d, nd.ptr+"/format", "expected format to be a string, found %s", jsonfile.Kind(v))
		}
	}
	v, ok := nd.n["type"]
	if !ok {
		return nil
	}
	t, ok := v.(string)
	if !ok || !primitives[t] && t != "object" && t != "array" {
		return x.errf(nd.d, nd.ptr+"/type", "unsupported type %s: expected one of string, integer, number, boolean, object or array", describeValue(v))
	}
	return nil
}

// checkExtension checks the form of the extensions the loader reads.
func (x *loader) checkExtension(nd node, k string) error {
	v := nd.n[k]
	ptr := nd.ptr + "/" + jsonfile.Escape(k)
	want := map[string]string{
		"x-ms-secret": "a boolean", "x-ms-client-flatten": "a boolean",
		"x-ms-discriminator-value": "a string", "x-ms-enum": "an object", "x-ms-mutability": "an array",
	}[k]
	if want != "" && jsonfile.Kind(v) != want {
		return x.errf(nd.d, ptr, "expected %s to be %s, found %s", k, want, jsonfile.Kind(v))
	}
	if k == "x-ms-mutability" {
		_, err := x.mutability(nd)
		return err
	}
	return nil
}

// mutability returns the x-ms-mutability of nd as a set, nil if it has none.
func (x *loader) mutability(nd node) (map[string]bool, error) {
	list, ok := nd.n["x-ms-mutability"].([]any)
	if !ok {
		return nil, nil
	}
	set := map[string]bool{}
	for i, v := range list {
		s, _ := v.(string)
		if s != "create" && s != "read" && s != "update" {
			return nil, x.errf(nd.d, nd.ptr+"/x-ms-mutability/"+strconv.Itoa(i), "expected create, read or update, found %s", describeValue(v))
		}
		set[s] = true
	}
	return set, nil
}

// onlyKeys fails if nd has a keyword that is not allowed in what, besides the
// keywords and extensions allowed anywhere.
func (x *loader) onlyKeys(nd node, what string, allowed ...string) error {
	ok := map[string]bool{}
	for _, k := range allowed {
		ok[k] = true
	}
	for _, k := range jsonfile.SortedKeys(nd.n) {
		if !ok[k] && !anywhere[k] && !strings.HasPrefix(k, "x-") {
			return x.errf(nd.d, nd.ptr+"/"+jsonfile.Escape(k), "keyword %q cannot be used in %s", k, what)
		}
	}
	return nil
}

// besideRef fails on a keyword beside a $ref other than those allowed there.
func (x *loader) besideRef(nd node) error {
	for _, k := range jsonfile.SortedKeys(nd.n) {
		if !besideRef[k] {
			return x.errf(nd.d, nd.ptr+"/"+jsonfile.Escape(k),
				"keyword %q cannot be used beside a $ref: expected only description, title, readOnly, x-ms-mutability, x-ms-client-flatten, x-ms-client-name or the type of the definition there", k)
		}
	}
	return nil
}

func (x *loader) primitiveType(nd node, t string) (shape, error) {
	if err := x.onlyKeys(nd, "a "+t+" schema", append([]string{"type"}, typeKeys[t]...)...); err != nil {
		return shape{}, err
	}
	format, err := x.format(nd, t)
	if err != nil {
		return shape{}, err
	}
	v, err := x.validation(nd)
	if err != nil {
		return shape{}, err
	}
	return shape{t: &model.Type{Kind: model.KindPrimitive, Primitive: t, Format: format}, v: v}, nil
}

// format returns nd's format, checked against the formats of type t.
func (x *loader) format(nd node, t string) (string, error) {
	f, ok := nd.n["format"].(string)
	if !ok {
		return "", nil
	}
	for _, known := range formats[t] {
		if f == known {
			return f, nil
		}
	}
	return "", x.errf(nd.d, nd.ptr+"/format", "unknown format %q for a %s: expected one of %s", f, t, strings.Join(formats[t], ", "))
}

// validation reads nd's validation keywords, noting a pattern Kubernetes
// cannot enforce.
func (x *loader) validation(nd node) (model.Validation, error) {
	v, patternNote, err := jsonfile.Validation(nd.d.file, nd.ptr, nd.n)
	if patternNote != "" {
		x.note(nd.d, nd.ptr+"/pattern", "%s", patternNote)
	}
	return v, err
}

func (x *loader) arrayType(nd node, m mode, l label) (shape, error) {
	if err := x.onlyKeys(nd, "an array schema", append([]string{"type"}, typeKeys["array"]...)...); err != nil {
		return shape{}, err
	}
	v, err := x.validation(nd)
	if err != nil {
		return shape{}, err
	}
	items, ok := nd.n["items"]
	if !ok {
		return shape{}, x.errf(nd.d, nd.ptr, "expected items, the schema of the array's elements")
	}
	in, err := x.asSchema(nd.d, items, nd.ptr+"/items")
	if err != nil {
		return shape{}, err
	}
	e, err := x.edgeType(in, m, l)
	if err != nil {
		return shape{}, err
	}
	x.dropped(in, e.v)
	return shape{t: &model.Type{Kind: model.KindArray, Elem: jsonfile.CloneType(e.t)}, v: v, empty: e.empty}, nil
}

// dropped notes validations of an array item or map value, which the model
// has no place for.
func (x *loader) dropped(nd node, v model.Validation) {
	if !v.IsZero() {
		x.note(nd.d, nd.ptr, "validations of array items and map values are dropped: the model has no place for them")
	}
}

// enumType converts an enum. Its name is x-ms-enum's name if it has one: one
// enum however many schemas declare it with the same values. modelAsString
// makes it open.
func (x *loader) enumType(nd node, m mode, l label) (shape, error) {
	e, err := x.enumOf(nd)
	if err != nil {
		return shape{}, err
	}
	if e.Name != "" {
		key := "enum " + strings.Join(append([]string{e.Name, e.Base, boolText(e.Open)}, e.Values...), "\x00")
		l = label{want: e.Name, key: key}
		if spec := x.names.alloc(e.Name, key); spec != e.Name && !x.renamed[key] {
			x.renamed[key] = true
			x.note(nd.d, nd.ptr, "x-ms-enum name %q is held by %s: this enum, with other values or openness, is named %q",
				e.Name, x.describeHolder(e.Name), spec)
		}
	}
	name := x.nameOf(l, m)
	if x.out.Enums[name] == nil {
		e.Name, e.Source = name, nd.key()
		x.out.Enums[name] = e
	}
	v, err := x.validation(nd)
	if err != nil {
		return shape{}, err
	}
	format, _ := nd.n["format"].(string)
	return shape{t: &model.Type{Kind: model.KindEnum, Primitive: e.Base, Format: format, Name: name}, v: v}, nil
}

// enumOf reads an enum schema; Name is its x-ms-enum name, if any.
func (x *loader) enumOf(nd node) (*model.Enum, error) {
	values, ok := nd.n["enum"].([]any)
	if !ok || len(values) == 0 {
		return nil, x.errf(nd.d, nd.ptr+"/enum", "expected enum to be a non-empty array of values")
	}
	base, _ := nd.n["type"].(string)
	var err error
	if base == "" {
		if base, err = jsonfile.EnumBase(nd.d.file, values, nd.ptr+"/enum"); err != nil {
			return nil, err
		}
	}
	if !primitives[base] {
		return nil, x.errf(nd.d, nd.ptr+"/type", "expected an enum of type string, integer, number or boolean, found type %q", base)
	}
	if err := x.onlyKeys(nd, "an enum", append([]string{"type", "enum"}, typeKeys[base]...)...); err != nil {
		return nil, err
	}
	if _, err := x.format(nd, base); err != nil {
		return nil, err
	}
	texts, err := jsonfile.EnumTexts(nd.d.file, values, nd.ptr+"/enum", base)
	if err != nil {
		return nil, err
	}
	name, open, err := x.xmsEnum(nd)
	if err != nil {
		return nil, err
	}
	return &model.Enum{Name: name, Description: describe(nd.n), Base: base, Values: texts, Open: open}, nil
}

// xmsEnum reads x-ms-enum: the enum's name and whether it is open.
func (x *loader) xmsEnum(nd node) (string, bool, error) {
	xe, ok := nd.n["x-ms-enum"].(map[string]any)
	if !ok {
		return "", false, nil
	}
	ptr := nd.ptr + "/x-ms-enum"
	want := map[string]string{"name": "a string", "modelAsString": "a boolean", "oldModelAsString": "a boolean", "values": "an array"}
	for _, k := range jsonfile.SortedKeys(xe) {
		switch {
		case strings.HasPrefix(k, "x-"):
		case want[k] == "":
			return "", false, x.errf(nd.d, ptr+"/"+jsonfile.Escape(k), "unsupported x-ms-enum key %q: expected name, modelAsString, oldModelAsString or values", k)
		case jsonfile.Kind(xe[k]) != want[k]:
			return "", false, x.errf(nd.d, ptr+"/"+k, "expected x-ms-enum %s to be %s, found %s", k, want[k], jsonfile.Kind(xe[k]))
		}
	}
	name, _ := xe["name"].(string)
	if _, has := xe["name"]; has && name == "" {
		return "", false, x.errf(nd.d, ptr+"/name", "expected x-ms-enum name to be a type name, found an empty string")
	}
	open, _ := xe["modelAsString"].(bool)
	return name, open, nil
}

// enumName returns the x-ms-enum name of an enum schema, or "".
func enumName(n map[string]any) string {
	if _, ok := n["enum"]; !ok {
		return ""
	}
	xe, _ := n["x-ms-enum"].(map[string]any)
	name, _ := xe["name"].(string)
	return name
}

// describe returns a schema's description.
func describe(n map[string]any) string {
	s, _ := n["description"].(string)
	return s
}

// describeValue describes a JSON value for a message: a string quoted, else
// its kind.
func describeValue(v any) string {
	if s, ok := v.(string); ok {
		return `"` + s + `"`
	}
	return jsonfile.Kind(v)
}

func boolText(b bool) string {
	if b {
		return "open"
	}
	return "closed"
}

func sortProperties(props []*model.Property) {
	sort.Slice(props, func(i, j int) bool { return props[i].Name < props[j].Name })
}
