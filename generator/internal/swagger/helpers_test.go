package swagger

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

// The tests write a service "svc" whose version 2024-01-01 is in
// svc/stable/2024-01-01, beside common/types.json.
const (
	svcDir  = "svc"
	version = "2024-01-01"
	mainRel = "svc/stable/2024-01-01/main.json"
	// rg is the resource-group scope path of Test.Provider.
	rg = "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Test.Provider"
	// commonRef is how a version file refers to common/types.json.
	commonRef = "../../../common/types.json"
)

// testCommon is a small common-types file written for the tests.
const testCommon = `{
  "swagger": "2.0",
  "info": {"title": "common", "version": "1.0"},
  "paths": {},
  "definitions": {
    "Resource": {
      "type": "object",
      "properties": {
        "id": {"type": "string", "format": "arm-id", "readOnly": true},
        "name": {"type": "string", "readOnly": true},
        "type": {"type": "string", "readOnly": true},
        "systemData": {"$ref": "#/definitions/systemData", "readOnly": true}
      },
      "x-ms-azure-resource": true
    },
    "TrackedResource": {
      "type": "object",
      "properties": {
        "tags": {"type": "object", "additionalProperties": {"type": "string"}, "x-ms-mutability": ["read", "create", "update"]},
        "location": {"type": "string", "x-ms-mutability": ["read", "create"]}
      },
      "required": ["location"],
      "allOf": [{"$ref": "#/definitions/Resource"}]
    },
    "ProxyResource": {"type": "object", "allOf": [{"$ref": "#/definitions/Resource"}]},
    "systemData": {
      "type": "object",
      "readOnly": true,
      "properties": {
        "createdBy": {"type": "string"},
        "createdByType": {"type": "string", "enum": ["User", "Application"], "x-ms-enum": {"name": "createdByType", "modelAsString": true}}
      }
    }
  },
  "parameters": {
    "SubscriptionIdParameter": {"name": "subscriptionId", "in": "path", "required": true, "type": "string", "format": "uuid"},
    "ApiVersionParameter": {"name": "api-version", "in": "query", "required": true, "type": "string", "minLength": 1}
  }
}`

// swaggerFile returns a Swagger file with the given paths, definitions and
// parameters (JSON object bodies without braces).
func swaggerFile(paths, definitions, parameters string) string {
	return `{
  "swagger": "2.0",
  "info": {"title": "test", "version": "` + version + `"},
  "host": "management.azure.com",
  "schemes": ["https"],
  "paths": {` + paths + `},
  "definitions": {` + definitions + `},
  "parameters": {` + parameters + `}
}`
}

// resourcePath returns a path item whose PUT writes and GET returns the
// definition def, with every {parameter} of path declared.
func resourcePath(path, def string) string {
	ref := `{"$ref": "#/definitions/` + def + `"}`
	return `"` + path + `": {
    "put": {"operationId": "Put", "parameters": [` + pathParams(path) + `{"name": "body", "in": "body", "required": true, "schema": ` + ref + `}],
      "responses": {"200": {"description": "OK", "schema": ` + ref + `}, "201": {"description": "Created", "schema": ` + ref + `}}},
    "get": {"operationId": "Get", "parameters": [` + strings.TrimSuffix(pathParams(path), ", ") + `],
      "responses": {"200": {"description": "OK", "schema": ` + ref + `}}, "x-ms-examples": {"a": {"$ref": "./examples/nowhere.json"}}}
  }`
}

// pathParams declares every {parameter} of path as a string path parameter,
// each followed by ", ".
func pathParams(path string) string {
	var b strings.Builder
	for _, seg := range strings.Split(path, "/") {
		if isParam(seg) {
			b.WriteString(`{"name": "` + strings.Trim(seg, "{}") + `", "in": "path", "required": true, "type": "string"}, `)
		}
	}
	return b.String()
}

// thingDef is a tracked resource definition "Thing" with the given properties
// (a JSON object body) in its properties object.
func thingDef(props string) string {
	return `"Thing": {
    "type": "object",
    "description": "A thing.",
    "properties": {"properties": {"$ref": "#/definitions/ThingProperties", "x-ms-client-flatten": true}},
    "allOf": [{"$ref": "` + commonRef + `#/definitions/TrackedResource"}]
  },
  "ThingProperties": {"type": "object", "properties": {` + props + `}}`
}

// thingFile is a file with the resource things and the given properties of
// ThingProperties, plus more definitions.
func thingFile(props, definitions string) string {
	defs := thingDef(props)
	if definitions != "" {
		defs += ", " + definitions
	}
	return swaggerFile(resourcePath(rg+"/things/{thingName}", "Thing"), defs, "")
}

// writeTree writes files (relative path -> content) under a new root, with
// common/types.json unless given, and returns the root.
func writeTree(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	if _, ok := files["common/types.json"]; !ok {
		write(t, filepath.Join(root, "common", "types.json"), testCommon)
	}
	for rel, content := range files {
		write(t, filepath.Join(root, filepath.FromSlash(rel)), content)
	}
	return root
}

func write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mustLoad loads the test version from files, which must succeed.
func mustLoad(t *testing.T, files map[string]string) (*model.APIVersion, []Note) {
	t.Helper()
	v, notes, err := NewLoader(writeTree(t, files)).Load(svcDir, version)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	checkWellFormed(t, v)
	return v, notes
}

// mustLoadMain loads a version whose only file is content.
func mustLoadMain(t *testing.T, content string) (*model.APIVersion, []Note) {
	t.Helper()
	return mustLoad(t, map[string]string{mainRel: content})
}

// checkErr checks err is a *model.Error at root/file#pointer whose message
// mentions every one of words.
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

// pathPtr is the JSON pointer of a path item.
func pathPtr(path string) string {
	return "/paths/" + jsonfile.Escape(path)
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
		t.Fatalf("object %s has no property %q; has %q", o.Name, name, propNames(o))
	}
	return p
}

func findResource(t *testing.T, v *model.APIVersion, name string) *model.Resource {
	t.Helper()
	r := v.Resource(name)
	if r == nil {
		t.Fatalf("no resource %q; have %q", name, resourceNames(v))
	}
	return r
}

func checkType(t *testing.T, p *model.Property, want string) {
	t.Helper()
	if got := jsonfile.TypeString(p.Type); got != want {
		t.Errorf("property %s: type %s, want %s", p.Name, got, want)
	}
}

func checkNames(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("%s: got %q, want %q", what, got, want)
	}
}

func checkEnum(t *testing.T, v *model.APIVersion, name string, open bool, values ...string) {
	t.Helper()
	e := v.Enums[name]
	if e == nil {
		t.Fatalf("no enum %q; have %v", name, jsonfile.SortedKeys(v.Enums))
	}
	if e.Open != open || strings.Join(e.Values, "|") != strings.Join(values, "|") {
		t.Errorf("enum %s: open %v values %q, want open %v values %q", name, e.Open, e.Values, open, values)
	}
}

func propNames(o *model.Object) []string {
	var names []string
	for _, p := range o.Properties {
		names = append(names, p.Name)
	}
	return names
}

func resourceNames(v *model.APIVersion) []string {
	var names []string
	for _, r := range v.Resources {
		names = append(names, r.Name)
	}
	return names
}

// hasNote reports whether a note at pointer mentions word.
func hasNote(notes []Note, pointer, word string) bool {
	for _, n := range notes {
		if n.At.Pointer == pointer && strings.Contains(n.Message, word) {
			return true
		}
	}
	return false
}

// checkWellFormed checks the invariants every loaded version keeps: sorted
// resources with a spec and a status, named and sourced types, well-formed
// property types, and nothing required in what a status reaches.
func checkWellFormed(t testing.TB, v *model.APIVersion) {
	t.Helper()
	if v.Version == "" || v.Provider == "" || len(v.Resources) == 0 || v.Source == "" {
		t.Errorf("version %q provider %q source %q with %d resources", v.Version, v.Provider, v.Source, len(v.Resources))
	}
	for i, r := range v.Resources {
		if i > 0 && v.Resources[i-1].Name >= r.Name {
			t.Errorf("resources not sorted at %q", r.Name)
		}
		if r.ARMType == "" || v.Objects[r.Spec] == nil || v.Objects[r.Status] == nil || r.Scope == "" || !strings.Contains(r.Source, "#/paths/") {
			t.Errorf("resource %s", dump(r))
		}
	}
	for name, o := range v.Objects {
		if o.Name != name || o.Source == "" {
			t.Errorf("object %q named %q, source %q", name, o.Name, o.Source)
		}
		for i, p := range o.Properties {
			if i > 0 && o.Properties[i-1].Name >= p.Name {
				t.Errorf("object %s: properties not sorted at %q", name, p.Name)
			}
			if p.Source == "" || !wellFormed(v, p.Type) {
				t.Errorf("object %s property %s: source %q, type %s", name, p.Name, p.Source, dump(p.Type))
			}
		}
	}
	for name, e := range v.Enums {
		if e.Name != name || len(e.Values) == 0 || !schemawalk.Primitives[e.Base] || e.Source == "" {
			t.Errorf("enum %s", dump(e))
		}
	}
	spec, status := map[string]bool{}, map[string]bool{}
	for _, r := range v.Resources {
		reach(v, &model.Type{Kind: model.KindObject, Name: r.Spec}, spec)
		reach(v, &model.Type{Kind: model.KindObject, Name: r.Status}, status)
		checkStatus(t, v, r.Status, map[string]bool{})
	}
	for name := range spec {
		if status[name] {
			t.Errorf("type %s is reached from a spec and from a status", name)
		}
	}
}

// reach adds to seen the objects and enums t reaches.
func reach(v *model.APIVersion, t *model.Type, seen map[string]bool) {
	for ; t != nil; t = t.Elem {
		if (t.Kind != model.KindObject && t.Kind != model.KindEnum) || seen[t.Name] {
			continue
		}
		seen[t.Name] = true
		if o := v.Objects[t.Name]; o != nil && t.Kind == model.KindObject {
			for _, p := range o.Properties {
				reach(v, p.Type, seen)
			}
		}
	}
}

// checkStatus checks that nothing the status object name reaches is required
// or secret.
func checkStatus(t testing.TB, v *model.APIVersion, name string, seen map[string]bool) {
	o := v.Objects[name]
	if o == nil || seen[name] {
		return
	}
	seen[name] = true
	for _, p := range o.Properties {
		if p.Required || p.Secret {
			t.Errorf("status type %s: property %s is required or secret", name, p.Name)
		}
		for e := p.Type; e != nil; e = e.Elem {
			if e.Kind == model.KindObject {
				checkStatus(t, v, e.Name, seen)
			}
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
