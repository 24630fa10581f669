package armschema

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// expr is the template-expression alternative the schemas wrap values in.
const expr = `{"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/expression"}`

// testCommon is a small handwritten common/definitions.json.
const testCommon = `{
  "id": "https://schema.management.azure.com/schemas/common/definitions.json#",
  "$schema": "http://json-schema.org/draft-04/schema#",
  "title": "definitions",
  "definitions": {
    "expression": {"type": "string", "pattern": "^\\[([^\\[].*)?\\]$"},
    "numberOrExpression": {"oneOf": [{"type": "number"}, {"$ref": "#/definitions/expression"}]},
    "shared": {"type": "object", "properties": {"size": {"type": "integer"}}},
    "Widget": {"type": "object", "properties": {"common": {"type": "boolean"}}},
    "locations": {"type": "string", "not": {"enum": ["here"]}}
  }
}`

// testFile is the provider file the tests write, relative to the root.
const testFile = "2020-01-01/Test.Provider.json"

// writeRoot writes a schema root holding common/definitions.json and
// testFile with the given content, and returns the root and the file's path.
func writeRoot(t *testing.T, content string) (string, string) {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "common", "definitions.json"), testCommon)
	path := filepath.Join(root, filepath.FromSlash(testFile))
	write(t, path, content)
	return root, path
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// file returns a provider file with the given resourceDefinitions and
// definitions (both JSON object bodies without braces).
func file(resources, definitions string) string {
	return `{
  "id": "https://schema.management.azure.com/schemas/2020-01-01/Test.Provider.json#",
  "$schema": "http://json-schema.org/draft-04/schema#",
  "title": "Test.Provider",
  "description": "handwritten",
  "resourceDefinitions": {` + resources + `},
  "definitions": {` + definitions + `}
}`
}

// resource returns a resourceDefinitions entry with the usual apiVersion,
// type and name properties plus props (a properties body, maybe empty).
func resource(name, armType, props string) string {
	if props != "" {
		props = ", " + props
	}
	return `"` + name + `": {
    "type": "object",
    "description": "the ` + name + ` resource",
    "properties": {
      "apiVersion": {"type": "string", "enum": ["2020-01-01"]},
      "type": {"type": "string", "enum": ["` + armType + `"]},
      "name": {"oneOf": [{"type": "string", "pattern": "^[a-z]+$"}, ` + expr + `]}` + props + `
    },
    "required": ["name", "apiVersion", "type"]
  }`
}

// oneRes is a file with one resource "things" with the given properties.
func oneRes(props, definitions string) string {
	return file(resource("things", "Test.Provider/things", props), definitions)
}

func mustLoad(t *testing.T, content string) (*model.APIVersion, []Note) {
	t.Helper()
	root, path := writeRoot(t, content)
	v, notes, err := NewLoader(root).Load(path)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	checkWellFormed(t, v)
	return v, notes
}

// loadErr loads content, expecting an error at the pointer that mentions
// every one of words.
func loadErr(t *testing.T, content, pointer string, words ...string) {
	t.Helper()
	root, path := writeRoot(t, content)
	_, _, err := NewLoader(root).Load(path)
	checkErr(t, err, path, pointer, words...)
}

func checkErr(t *testing.T, err error, file, pointer string, words ...string) {
	t.Helper()
	var e *model.Error
	if !errors.As(err, &e) {
		t.Fatalf("got error %v, want a *model.Error", err)
	}
	if e.At.File != file || e.At.Pointer != pointer {
		t.Errorf("error at %s#%s, want %s#%s (%v)", e.At.File, e.At.Pointer, file, pointer, err)
	}
	for _, w := range words {
		if !strings.Contains(e.Message, w) {
			t.Errorf("error %q does not mention %q", e.Message, w)
		}
	}
}

// spec returns the spec object of resource name.
func spec(t *testing.T, v *model.APIVersion, name string) *model.Object {
	t.Helper()
	r := v.Resource(name)
	if r == nil {
		t.Fatalf("no resource %q", name)
	}
	return object(t, v, r.Spec)
}

func object(t *testing.T, v *model.APIVersion, name string) *model.Object {
	t.Helper()
	o := v.Objects[name]
	if o == nil {
		t.Fatalf("no object %q; have %v", name, jsonfile.SortedKeys(v.Objects))
	}
	return o
}

func prop(t *testing.T, o *model.Object, name string) *model.Property {
	t.Helper()
	p := o.Property(name)
	if p == nil {
		t.Fatalf("object %s has no property %q", o.Name, name)
	}
	return p
}

// checkType compares a type by its description (see typeString).
func checkType(t *testing.T, p *model.Property, want string) {
	t.Helper()
	if got := jsonfile.TypeString(p.Type); got != want {
		t.Errorf("property %s: type %s, want %s", p.Name, got, want)
	}
}

func checkValues(t *testing.T, v *model.APIVersion, enum, base string, values ...string) {
	t.Helper()
	e := v.Enums[enum]
	if e == nil {
		t.Fatalf("no enum %q; have %v", enum, jsonfile.SortedKeys(v.Enums))
	}
	if e.Base != base || strings.Join(e.Values, "|") != strings.Join(values, "|") {
		t.Errorf("enum %s: %s %q, want %s %q", enum, e.Base, e.Values, base, values)
	}
}

func checkNames(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s: got %q, want %q", what, got, want)
	}
}

func propNames(o *model.Object) []string {
	var names []string
	for _, p := range o.Properties {
		names = append(names, p.Name)
	}
	return names
}

// checkWellFormed checks the invariants every loaded version must keep.
func checkWellFormed(t *testing.T, v *model.APIVersion) {
	t.Helper()
	if v.Version == "" || v.Provider == "" || len(v.Resources) == 0 {
		t.Errorf("%s: version %q provider %q with %d resources", v.Source, v.Version, v.Provider, len(v.Resources))
	}
	for i, r := range v.Resources {
		if i > 0 && v.Resources[i-1].Name >= r.Name {
			t.Errorf("%s: resources not sorted at %q", v.Source, r.Name)
		}
		if r.ARMType == "" || v.Objects[r.Spec] == nil || !strings.Contains(r.Source, "resourceDefinitions/") || r.Scope == "" {
			t.Errorf("%s: resource %q: type %q, spec %q, source %q", v.Source, r.Name, r.ARMType, r.Spec, r.Source)
		}
	}
	for name, o := range v.Objects {
		if o.Name != name || o.Source == "" {
			t.Errorf("%s: object %q named %q, source %q", v.Source, name, o.Name, o.Source)
		}
		for i, p := range o.Properties {
			if i > 0 && o.Properties[i-1].Name >= p.Name {
				t.Errorf("%s: object %s: properties not sorted at %q", v.Source, name, p.Name)
			}
			if p.Source == "" || !wellFormed(v, p.Type) {
				t.Errorf("%s: object %s property %s: source %q, bad type %s", v.Source, name, p.Name, p.Source, dump(p.Type))
			}
		}
	}
	for name, e := range v.Enums {
		if e.Name != name || len(e.Values) == 0 || !schemawalk.Primitives[e.Base] {
			t.Errorf("%s: enum %q: name %q, base %q, values %q", v.Source, name, e.Name, e.Base, e.Values)
		}
	}
}

func wellFormed(v *model.APIVersion, t *model.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case model.KindPrimitive:
		return schemawalk.Primitives[t.Primitive] && t.Name == "" && t.Elem == nil
	case model.KindEnum:
		e := v.Enums[t.Name]
		return e != nil && e.Base == t.Primitive && t.Elem == nil
	case model.KindObject:
		return v.Objects[t.Name] != nil && t.Elem == nil
	case model.KindArray, model.KindMap:
		return t.Name == "" && wellFormed(v, t.Elem)
	case model.KindAny:
		return t.Name == "" && t.Elem == nil
	}
	return false
}

func dump(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
