package jsonfile

import (
	"unicode"

	"github.com/armhub/armhub/generator/internal/model"
)

// TypeString describes a type for comparisons and messages.
func TypeString(t *model.Type) string {
	switch t.Kind {
	case model.KindPrimitive:
		if t.Format != "" {
			return t.Primitive + "(" + t.Format + ")"
		}
		return t.Primitive
	case model.KindEnum:
		return "enum " + t.Name
	case model.KindObject:
		return "object " + t.Name
	case model.KindArray:
		return "[]" + TypeString(t.Elem)
	case model.KindMap:
		return "map[string]" + TypeString(t.Elem)
	}
	return "any"
}

// CloneType returns a deep copy of t.
func CloneType(t *model.Type) *model.Type {
	c := *t
	if t.Elem != nil {
		c.Elem = CloneType(t.Elem)
	}
	return &c
}

// CloneValidation returns a copy of v that shares no pointer with it.
func CloneValidation(v model.Validation) model.Validation {
	c := v
	for _, p := range []**int64{&c.MinLength, &c.MaxLength, &c.MinItems, &c.MaxItems} {
		if *p != nil {
			i := **p
			*p = &i
		}
	}
	for _, p := range []**float64{&c.Minimum, &c.Maximum, &c.MultipleOf} {
		if *p != nil {
			f := **p
			*p = &f
		}
	}
	return c
}

// LowerCamel lowers the leading capital of name, or the leading run of
// capitals of an acronym: "NamedScheme" -> "namedScheme", "VMSSExtension" ->
// "vmssExtension", "ABC" -> "abc". The loaders name a oneOf alternative after
// the definition it refers to this way.
func LowerCamel(name string) string {
	runes := []rune(name)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n-- // keep the capital that starts the next word
	}
	for i := 0; i < n; i++ {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}

// Prune drops the objects and enums no resource's spec or status reaches
// (those made while merging property declarations, for instance).
func Prune(v *model.APIVersion) {
	var roots []string
	for _, r := range v.Resources {
		roots = append(roots, r.Spec)
		if r.Status != "" {
			roots = append(roots, r.Status)
		}
	}
	objects, enums := Reach(v, roots...)
	for name := range v.Objects {
		if !objects[name] {
			delete(v.Objects, name)
		}
	}
	for name := range v.Enums {
		if !enums[name] {
			delete(v.Enums, name)
		}
	}
}

// Reach returns the objects and the enums of v that the objects named roots
// reach, the roots included.
func Reach(v *model.APIVersion, roots ...string) (objects, enums map[string]bool) {
	objects, enums = map[string]bool{}, map[string]bool{}
	var visit func(t *model.Type)
	visit = func(t *model.Type) {
		switch t.Kind {
		case model.KindEnum:
			enums[t.Name] = true
		case model.KindArray, model.KindMap:
			visit(t.Elem)
		case model.KindObject:
			if objects[t.Name] || v.Objects[t.Name] == nil {
				return
			}
			objects[t.Name] = true
			for _, p := range v.Objects[t.Name].Properties {
				visit(p.Type)
			}
		}
	}
	for _, name := range roots {
		visit(&model.Type{Kind: model.KindObject, Name: name})
	}
	return objects, enums
}
