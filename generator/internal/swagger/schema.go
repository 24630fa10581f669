package swagger

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// anywhere are the keywords any schema may have: they carry no shape, or
// (readOnly) concern the property the schema is the type of.
var anywhere = map[string]bool{
	"description": true, "title": true, "default": true, "example": true, "externalDocs": true, "xml": true, "readOnly": true,
}

// besideRef are the keywords a $ref schema may have besides $ref.
var besideRef = map[string]bool{
	"$ref": true, "description": true, "title": true, "readOnly": true,
	"x-ms-mutability": true, "x-ms-client-flatten": true, "x-ms-client-name": true,
	"x-ms-identifiers": true, // which properties identify an array's items: no shape
	"x-nullable":       true, // null allowed: an optional field reads null as unset
	"type":             true, // when it is the definition's (see Follow)
}

// ignoredBesideRef are the validation keywords upstream files put beside a
// $ref (a minLength beside a $ref to a string enum, a required list beside a
// $ref to an object on a PUT body): Swagger 2.0 ignores a $ref's siblings, and
// so does the loader, noted.
var ignoredBesideRef = map[string]bool{
	"minLength": true, "maxLength": true, "pattern": true, "minimum": true, "maximum": true, "multipleOf": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"required": true,
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

// rules are Swagger's keyword rules: known formats only, arrays with items,
// extensions anywhere.
var rules = schemawalk.Rules{
	TypeKeys: typeKeys,
	Formats: map[string][]string{
		model.String: {"date-time", "date", "uuid", "arm-id", "uri", "url", "byte", "binary", "duration",
			"password", "email", "base64url", "date-time-rfc1123", "date-time-rfc7231", "duration-constant"},
		model.Integer: {"int32", "int64", "unixtime"},
		model.Number:  {"float", "double", "decimal"},
		model.Boolean: nil,
	},
	Anywhere:      func(k string) bool { return anywhere[k] || strings.HasPrefix(k, "x-") },
	Hint:          ": expected a Swagger 2.0 schema keyword or an x- extension",
	ItemsRequired: true,
}

// Compute converts a schema node that is not a $ref.
func (x *loader) Compute(nd node, m schemawalk.Mode, l schemawalk.Label) (schemawalk.Shape, error) {
	if _, ok := nd.N["enum"]; ok {
		return x.enumType(nd, m, l)
	}
	if _, ok := nd.N["x-ms-enum"]; ok {
		return schemawalk.Shape{}, schemawalk.Errf(nd.File, nd.Ptr+"/x-ms-enum", "x-ms-enum without enum: expected the values in an enum keyword")
	}
	t, _ := nd.N["type"].(string)
	switch {
	case t == "object" || t == "" && isObject(nd.N):
		return x.objectType(nd, m, l)
	case t == "array":
		return x.Array(nd, m, l)
	case t != "":
		return x.Primitive(nd, t)
	}
	return x.Any(nd)
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

// Keywords checks the form of the extensions the loader reads and of
// readOnly, and notes validations the model has no place for.
func (x *loader) Keywords(nd node) error {
	for _, k := range jsonfile.SortedKeys(nd.N) {
		switch {
		case strings.HasPrefix(k, "x-"):
			if err := x.checkExtension(nd, k); err != nil {
				return err
			}
		case notEnforced[k]:
			x.Note(nd.File, nd.Ptr+"/"+k, "%s is not enforced: the model has no place for it", k)
		}
	}
	if v, ok := nd.N["readOnly"]; ok {
		if _, ok := v.(bool); !ok {
			return schemawalk.Errf(nd.File, nd.Ptr+"/readOnly", "expected readOnly to be a boolean, found %s", jsonfile.Kind(v))
		}
	}
	return nil
}

// checkExtension checks the form of the extensions the loader reads.
func (x *loader) checkExtension(nd node, k string) error {
	v := nd.N[k]
	ptr := nd.Ptr + "/" + jsonfile.Escape(k)
	want := map[string]string{
		"x-ms-secret": "a boolean", "x-ms-client-flatten": "a boolean",
		"x-ms-discriminator-value": "a string", "x-ms-enum": "an object", "x-ms-mutability": "an array",
	}[k]
	if want != "" && jsonfile.Kind(v) != want {
		return schemawalk.Errf(nd.File, ptr, "expected %s to be %s, found %s", k, want, jsonfile.Kind(v))
	}
	if k == "x-ms-mutability" {
		_, err := x.mutability(nd)
		return err
	}
	return nil
}

// mutability returns the x-ms-mutability of nd as a set, nil if it has none.
func (x *loader) mutability(nd node) (map[string]bool, error) {
	list, ok := nd.N["x-ms-mutability"].([]any)
	if !ok {
		return nil, nil
	}
	set := map[string]bool{}
	for i, v := range list {
		s, _ := v.(string)
		if s != "create" && s != "read" && s != "update" {
			return nil, schemawalk.Errf(nd.File, nd.Ptr+"/x-ms-mutability/"+strconv.Itoa(i), "expected create, read or update, found %s", schemawalk.DescribeValue(v))
		}
		set[s] = true
	}
	return set, nil
}

// checkBesideRef fails on a keyword beside a $ref other than those allowed
// there.
func (x *loader) checkBesideRef(nd node) error {
	for _, k := range jsonfile.SortedKeys(nd.N) {
		if ignoredBesideRef[k] {
			x.Note(nd.File, nd.Ptr+"/"+jsonfile.Escape(k), "%s beside a $ref is ignored, as Swagger 2.0 ignores what stands beside a $ref: the type there decides", k)
			continue
		}
		if !besideRef[k] {
			return schemawalk.Errf(nd.File, nd.Ptr+"/"+jsonfile.Escape(k),
				"keyword %q cannot be used beside a $ref: expected only description, title, readOnly, x-ms-mutability, x-ms-client-flatten, x-ms-client-name, x-ms-identifiers, x-nullable or the type of the definition there", k)
		}
	}
	return nil
}

// enumType converts an enum. Its name is x-ms-enum's name if it has one: one
// enum however many schemas declare it with the same values. modelAsString
// makes it open.
func (x *loader) enumType(nd node, m schemawalk.Mode, l schemawalk.Label) (schemawalk.Shape, error) {
	e, err := x.EnumOf(nd)
	if err != nil {
		return schemawalk.Shape{}, err
	}
	name, open, err := x.xmsEnum(nd)
	if err != nil {
		return schemawalk.Shape{}, err
	}
	e.Open = open
	if name != "" {
		key := "enum " + strings.Join(append([]string{name, e.Base, boolText(open)}, e.Values...), "\x00")
		l = schemawalk.Label{Want: name, Key: key}
		if given := x.Given(name, key); given != name {
			x.NoteRenamed(key, nd, "x-ms-enum name %q is held by %s: this enum, with other values or openness, is named %q",
				name, x.Holder(name), given)
		}
	}
	return x.Enum(nd, e, m, l)
}

// xmsEnum reads x-ms-enum: the enum's name and whether it is open.
func (x *loader) xmsEnum(nd node) (string, bool, error) {
	xe, ok := nd.N["x-ms-enum"].(map[string]any)
	if !ok {
		return "", false, nil
	}
	ptr := nd.Ptr + "/x-ms-enum"
	want := map[string]string{"name": "a string", "modelAsString": "a boolean", "oldModelAsString": "a boolean", "values": "an array"}
	for _, k := range jsonfile.SortedKeys(xe) {
		switch {
		case strings.HasPrefix(k, "x-"):
		case want[k] == "":
			return "", false, schemawalk.Errf(nd.File, ptr+"/"+jsonfile.Escape(k), "unsupported x-ms-enum key %q: expected name, modelAsString, oldModelAsString or values", k)
		case jsonfile.Kind(xe[k]) != want[k]:
			return "", false, schemawalk.Errf(nd.File, ptr+"/"+k, "expected x-ms-enum %s to be %s, found %s", k, want[k], jsonfile.Kind(xe[k]))
		}
	}
	name, _ := xe["name"].(string)
	if _, has := xe["name"]; has && name == "" {
		return "", false, schemawalk.Errf(nd.File, ptr+"/name", "expected x-ms-enum name to be a type name, found an empty string")
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

func boolText(b bool) string {
	if b {
		return "open"
	}
	return "closed"
}

// Describe returns the description of a property: its own, or that of the
// definition its $ref points at.
func (x *loader) Describe(nd node) string {
	if s := schemawalk.Describe(nd.N); s != "" {
		return s
	}
	if _, ok := nd.N["$ref"]; ok {
		if t, err := x.deref(nd); err == nil {
			return schemawalk.Describe(t.N)
		}
	}
	return ""
}

// Omit leaves read-only properties out of a spec.
func (x *loader) Omit(d schemawalk.Decl, m schemawalk.Mode) (bool, error) {
	ro, err := x.readOnly(d.Node)
	return ro && m == schemawalk.Spec, err
}

// Secret reports a property marked x-ms-secret or of format password.
func (x *loader) Secret(d schemawalk.Decl, t *model.Type) bool {
	return d.Node.N["x-ms-secret"] == true || t.Kind == model.KindPrimitive && t.Format == "password"
}

// readOnly reports whether the property declared by nd is read-only: marked
// readOnly, with an x-ms-mutability lacking both create and update, or of a
// definition marked readOnly.
func (x *loader) readOnly(nd node) (bool, error) {
	if err := x.CheckKeywords(nd); err != nil || nd.N["readOnly"] == true {
		return err == nil, err
	}
	mut, _ := x.mutability(nd)
	if mut != nil && !mut["create"] && !mut["update"] {
		return true, nil
	}
	if _, ok := nd.N["$ref"]; !ok {
		return false, nil
	}
	t, err := x.deref(nd)
	if err != nil {
		return false, err
	}
	return t.N["readOnly"] == true, nil
}
