package schemawalk

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// Rules are the keyword rules of a format.
type Rules struct {
	// TypeKeys are the keywords allowed with each type ("object", "array"
	// and the primitives) besides type and those allowed anywhere.
	TypeKeys map[string][]string
	// Extra are the keywords the format reads besides type, $ref, enum and
	// TypeKeys' (a deployment schema's const).
	Extra []string
	// Hint ends the error on a keyword the format does not read.
	Hint string
	// Formats are the formats of each primitive type; nil admits any.
	Formats map[string][]string
	// Anywhere reports whether any schema may have keyword k.
	Anywhere func(k string) bool
	// ItemsRequired makes an array without items an error; otherwise its
	// elements are any JSON value, as JSON schema says.
	ItemsRequired bool
	// ClosedIsObject makes an object schema with no properties and
	// additionalProperties false an object with none; otherwise it is any.
	ClosedIsObject bool
	// Skip reports whether a oneOf alternative is no type of its own (a
	// deployment schema's template expression); nil skips none.
	Skip func(alt Node) bool
}

// Primitives are JSON schema's primitive types.
var Primitives = map[string]bool{model.String: true, model.Integer: true, model.Number: true, model.Boolean: true}

// OnlyKeys fails if n has a keyword that is not allowed in what, besides the
// keywords allowed anywhere.
func (w *Walker) OnlyKeys(n Node, what string, allowed ...string) error {
	ok := map[string]bool{}
	for _, k := range allowed {
		ok[k] = true
	}
	for _, k := range jsonfile.SortedKeys(n.N) {
		if !ok[k] && !w.rules.Anywhere(k) {
			return Errf(n.File, n.Ptr+"/"+jsonfile.Escape(k), "keyword %q cannot be used in %s", k, what)
		}
	}
	return nil
}

// typeKeys returns type and the keywords allowed with type t.
func (w *Walker) typeKeys(t string) []string {
	return append([]string{"type"}, w.rules.TypeKeys[t]...)
}

// Validation reads n's validation keywords, noting a pattern Kubernetes
// cannot enforce.
func (w *Walker) Validation(n Node) (model.Validation, error) {
	v, patternNote, err := jsonfile.Validation(n.File.Path, n.Ptr, n.N)
	if patternNote != "" {
		w.Note(n.File, n.Ptr+"/pattern", "%s", patternNote)
	}
	return v, err
}

// dropped notes validations of an array item or map value, which the model
// has no place for.
func (w *Walker) dropped(n Node, v model.Validation) {
	if !v.IsZero() {
		w.Note(n.File, n.Ptr, "validations of array items and map values are dropped: the model has no place for them")
	}
}

// checkFormat returns n's format, checked against the formats of type t.
func (w *Walker) checkFormat(n Node, t string) (string, error) {
	f, ok := n.N["format"].(string)
	if !ok || w.rules.Formats == nil {
		return f, nil
	}
	for _, known := range w.rules.Formats[t] {
		if f == known {
			return f, nil
		}
	}
	return "", Errf(n.File, n.Ptr+"/format", "unknown format %q for a %s: expected one of %s", f, t, strings.Join(w.rules.Formats[t], ", "))
}

// Primitive converts a schema of primitive type t.
func (w *Walker) Primitive(n Node, t string) (Shape, error) {
	if err := w.OnlyKeys(n, "a "+t+" schema", w.typeKeys(t)...); err != nil {
		return Shape{}, err
	}
	format, err := w.checkFormat(n, t)
	if err != nil {
		return Shape{}, err
	}
	v, err := w.Validation(n)
	if err != nil {
		return Shape{}, err
	}
	return Shape{T: &model.Type{Kind: model.KindPrimitive, Primitive: t, Format: format}, V: v}, nil
}

// Array converts an array schema; its items' type is named by l.
func (w *Walker) Array(n Node, m Mode, l Label) (Shape, error) {
	if err := w.OnlyKeys(n, "an array schema", w.typeKeys("array")...); err != nil {
		return Shape{}, err
	}
	v, err := w.Validation(n)
	if err != nil {
		return Shape{}, err
	}
	items, ok := n.N["items"]
	switch {
	case !ok && w.rules.ItemsRequired:
		return Shape{}, Errf(n.File, n.Ptr, "expected items, the schema of the array's elements")
	case !ok:
		return Shape{T: &model.Type{Kind: model.KindArray, Elem: &model.Type{Kind: model.KindAny}}, V: v}, nil
	}
	in, err := Schema(n.File, items, n.Ptr+"/items")
	if err != nil {
		return Shape{}, err
	}
	e, err := w.EdgeType(in, m, NodeLabel(l.Want, in))
	if err != nil {
		return Shape{}, err
	}
	w.dropped(in, e.V)
	return Shape{T: &model.Type{Kind: model.KindArray, Elem: jsonfile.CloneType(e.T)}, V: v, Empty: e.Empty}, nil
}

// Any converts a schema without a type: any JSON value.
func (w *Walker) Any(n Node) (Shape, error) {
	if err := w.OnlyKeys(n, "a schema without a type"); err != nil {
		return Shape{}, err
	}
	return anyShape(), nil
}

// CheckKeywords fails on a keyword of the schema n the format does not read,
// on one it reads in the wrong form (its Keywords), and on a format or type
// keyword of the wrong form.
func (w *Walker) CheckKeywords(n Node) error {
	for _, k := range jsonfile.SortedKeys(n.N) {
		if !w.known[k] && !w.rules.Anywhere(k) {
			return Errf(n.File, n.Ptr+"/"+jsonfile.Escape(k), "unsupported keyword %q%s", k, w.rules.Hint)
		}
	}
	if err := w.format.Keywords(n); err != nil {
		return err
	}
	if err := checkFormat(n); err != nil {
		return err
	}
	return checkType(n)
}

// knownKeys are the keywords the rules read.
func knownKeys(r Rules) map[string]bool {
	k := map[string]bool{"type": true, "$ref": true, "enum": true}
	for _, keys := range r.TypeKeys {
		for _, key := range keys {
			k[key] = true
		}
	}
	for _, key := range r.Extra {
		k[key] = true
	}
	return k
}

// checkType fails on a type keyword that is not one of JSON schema's single
// types.
func checkType(n Node) error {
	v, ok := n.N["type"]
	if !ok {
		return nil
	}
	t, ok := v.(string)
	switch {
	case !ok:
		return Errf(n.File, n.Ptr+"/type", "expected type to be a string (type arrays are not supported), found %s", jsonfile.Kind(v))
	case t != "object" && t != "array" && !Primitives[t]:
		return Errf(n.File, n.Ptr+"/type", "unsupported type %q: expected one of string, integer, number, boolean, object or array", t)
	}
	return nil
}

// checkFormat fails on a format keyword that is not a string.
func checkFormat(n Node) error {
	if f, ok := n.N["format"]; ok {
		if _, ok := f.(string); !ok {
			return Errf(n.File, n.Ptr+"/format", "expected format to be a string, found %s", jsonfile.Kind(f))
		}
	}
	return nil
}

// DescribeValue describes a JSON value for a message: a string quoted, else
// its kind.
func DescribeValue(v any) string {
	if s, ok := v.(string); ok {
		return `"` + s + `"`
	}
	return jsonfile.Kind(v)
}
