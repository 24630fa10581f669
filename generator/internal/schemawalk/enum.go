package schemawalk

import (
	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// EnumOf reads an enum schema, or a const as an enum of one value: its base,
// its values as text and its description; the caller names it. extra are
// keywords the format allows in an enum besides type, the list and those of
// the base type.
func (w *Walker) EnumOf(n Node, extra ...string) (*model.Enum, error) {
	values, list, err := enumValues(n)
	if err != nil {
		return nil, err
	}
	base, _ := n.N["type"].(string)
	if base == "" {
		if base, err = jsonfile.EnumBase(n.File.Path, values, n.Ptr+"/"+list); err != nil {
			return nil, err
		}
	}
	if !Primitives[base] {
		return nil, Errf(n.File, n.Ptr+"/type", "expected an enum of type string, integer, number or boolean, found type %q", base)
	}
	allowed := append(append(w.typeKeys(base), list), extra...)
	if err := w.OnlyKeys(n, "an enum", allowed...); err != nil {
		return nil, err
	}
	if _, err := w.checkFormat(n, base); err != nil {
		return nil, err
	}
	texts, err := jsonfile.EnumTexts(n.File.Path, values, n.Ptr+"/"+list, base)
	if err != nil {
		return nil, err
	}
	return &model.Enum{Description: Describe(n.N), Base: base, Values: texts}, nil
}

// enumValues returns the values of an enum or const, and which it is.
func enumValues(n Node) ([]any, string, error) {
	if c, ok := n.N["const"]; ok {
		if _, both := n.N["enum"]; both {
			return nil, "", Errf(n.File, n.Ptr+"/const", "enum and const cannot be used together")
		}
		return []any{c}, "const", nil
	}
	values, ok := n.N["enum"].([]any)
	if !ok || len(values) == 0 {
		return nil, "", Errf(n.File, n.Ptr+"/enum", "expected enum to be a non-empty array of values")
	}
	return values, "enum", nil
}

// Enum adds e, read from n, as the enum named by l in mode m (once: a name
// already made is not made again) and returns its shape. A status enum is
// open: its values are the known ones, not the only ones.
func (w *Walker) Enum(n Node, e *model.Enum, m Mode, l Label) (Shape, error) {
	name := w.Name(l, m)
	if w.Out.Enums[name] == nil {
		e.Name, e.Source = name, n.Key()
		if m == Status {
			e.Open = true // Azure may report a value added after its spec
		}
		w.Out.Enums[name] = e
	}
	v, err := w.Validation(n)
	if err != nil {
		return Shape{}, err
	}
	format, _ := n.N["format"].(string)
	return Shape{T: &model.Type{Kind: model.KindEnum, Primitive: e.Base, Format: format, Name: name}, V: v}, nil
}

// Describe returns a schema's own description.
func Describe(n map[string]any) string {
	s, _ := n["description"].(string)
	return s
}
