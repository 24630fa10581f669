package swagger

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// A resource is a path with PUT and GET under /providers/<Provider>/ ending
// in a parameter, named after its type segments; a child's Owner is its
// parent.
func TestResources(t *testing.T) {
	paths := resourcePath(rg+"/things/{thingName}", "Thing") + ", " +
		resourcePath(rg+"/things/{thingName}/parts/{partName}", "Part")
	defs := thingDef(`"size": {"type": "integer"}`) + `, "Part": {"type": "object", "properties": {"n": {"type": "string"}}, "allOf": [{"$ref": "` + commonRef + `#/definitions/ProxyResource"}]}`
	v, _ := mustLoadMain(t, swaggerFile(paths, defs, ""))
	if v.Provider != "Test.Provider" || v.Version != version || v.Source != mainRel || v.IsPreview() {
		t.Errorf("version %q provider %q source %q", v.Version, v.Provider, v.Source)
	}
	checkNames(t, "resources", resourceNames(v), "things", "things_parts")
	things := findResource(t, v, "things")
	want := &model.Resource{
		Name: "things", ARMType: "Test.Provider/things", Description: "A thing.", Scope: model.ScopeResourceGroup,
		Spec: "things_Spec", Status: "things_Status", Source: mainRel + "#" + pathPtr(rg+"/things/{thingName}"),
	}
	if !reflect.DeepEqual(things, want) {
		t.Errorf("things:\n%s\nwant\n%s", dump(things), dump(want))
	}
	parts := findResource(t, v, "things_parts")
	if parts.ARMType != "Test.Provider/things/parts" || parts.Owner != "things" || parts.OwnerExternal {
		t.Errorf("things_parts: %s", dump(parts))
	}
}

// The path before /providers/<Provider> gives the scope.
func TestScopes(t *testing.T) {
	scopes := map[string]model.Scope{
		"/subscriptions/{s}/resourceGroups/{g}/providers/P/a/{n}":                model.ScopeResourceGroup,
		"/subscriptions/{s}/providers/P/b/{n}":                                   model.ScopeSubscription,
		"/providers/Microsoft.Management/managementGroups/{m}/providers/P/c/{n}": model.ScopeManagementGroup,
		"/providers/P/d/{n}":               model.ScopeTenant,
		"/{scope}/providers/P/e/{n}":       model.ScopeExtension,
		"/{resourceUri}/providers/P/f/{n}": model.ScopeExtension,
		"/subscriptions/{s}/resourceGroups/{g}/providers/Q/vms/{vm}/providers/P/g/{n}": model.ScopeExtension,
	}
	var paths []string
	for p := range scopes {
		paths = append(paths, resourcePath(p, "Thing"))
	}
	v, _ := mustLoadMain(t, swaggerFile(strings.Join(paths, ", "), thingDef(""), ""))
	for p, want := range scopes {
		segs := strings.Split(p, "/")
		r := findResource(t, v, segs[len(segs)-2])
		if r.Scope != want {
			t.Errorf("%s: scope %q, want %q", p, r.Scope, want)
		}
	}
	if v.Provider != "P" || findResource(t, v, "a").ARMType != "P/a" {
		t.Errorf("provider %q", v.Provider)
	}
}

// A child whose parent is not a resource of the version names it as an
// external owner, noted.
func TestExternalOwner(t *testing.T) {
	path := rg + "/things/{thingName}/parts/{partName}"
	v, notes := mustLoadMain(t, swaggerFile(resourcePath(path, "Thing"), thingDef(""), ""))
	r := findResource(t, v, "things_parts")
	if r.Owner != "things" || !r.OwnerExternal {
		t.Errorf("things_parts: %s", dump(r))
	}
	if !hasNote(notes, pathPtr(path), "external owner") {
		t.Errorf("no note on the external owner: %v", notes)
	}
}

// A GET without a PUT is no resource, noted, nor is a PUT without a GET
// (nothing reads it back); a path that ends in neither a
// {name} parameter nor a <type>/<name> pair is no resource either, noted
// when it has PUT and GET; listings are passed over. A path ending in a
// <type>/<fixed name> pair is a resource of one instance, whose azureName
// can only be that name.
func TestPathsThatAreNotResources(t *testing.T) {
	getOnly := `"` + rg + `/gadgets/{gadgetName}": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Thing"}}}}}`
	listing := `"` + rg + `/things": {"get": {"responses": {"200": {"schema": {"$ref": "#/definitions/Thing"}}}}}`
	singleton := resourcePath(rg+"/things/{thingName}/settings/default", "Thing")
	action := resourcePath(rg+"/things/{thingName}/restart", "Thing")
	putOnly := `"` + rg + `/things/{thingName}/policies/{kind}": {"put": {"parameters": [{"name": "body", "in": "body", "schema": {"$ref": "#/definitions/Thing"}}], "responses": {"200": {"schema": {"$ref": "#/definitions/Thing"}}}}}`
	file := swaggerFile(strings.Join([]string{resourcePath(rg+"/things/{thingName}", "Thing"), getOnly, listing, singleton, action, putOnly}, ", "), thingDef(""), "")
	file = strings.Replace(file, `"paths": {`, `"x-ms-paths": {"/x?op=1": {}}, "paths": {`, 1)
	v, notes := mustLoadMain(t, file)
	checkNames(t, "resources", resourceNames(v), "things", "things_settings")
	if !hasNote(notes, pathPtr(rg+"/gadgets/{gadgetName}")+"/get", "GET without a PUT") {
		t.Errorf("no note on the GET without a PUT: %v", notes)
	}
	if !hasNote(notes, pathPtr(rg+"/things/{thingName}/policies/{kind}")+"/put", "PUT without a GET") {
		t.Errorf("no note on the PUT without a GET: %v", notes)
	}
	if !hasNote(notes, pathPtr(rg+"/things/{thingName}/restart"), "not a resource") {
		t.Errorf("no note on the path that is no resource: %v", notes)
	}
	settings := findResource(t, v, "things_settings")
	if settings.Owner != "things" || settings.ARMType != "Test.Provider/things/settings" {
		t.Errorf("things_settings: %s", dump(settings))
	}
	if name := prop(t, object(t, v, settings.Spec), "azureName"); name.Validation.Pattern != "^(default)$" {
		t.Errorf("the singleton's azureName: %s", dump(name))
	}
	if !hasNote(notes, "/x-ms-paths", "not read") {
		t.Errorf("no note on x-ms-paths: %v", notes)
	}
	if hasNote(notes, pathPtr(rg+"/things"), "") || hasNote(notes, pathPtr(rg+"/things")+"/get", "") {
		t.Errorf("a listing was noted: %v", notes)
	}
}

// A resource type at several scopes keeps its name at the first scope (in the
// deployment-schema loader's order); the others are named after their scope.
func TestOneTypeAtTwoScopes(t *testing.T) {
	sub := "/subscriptions/{subscriptionId}/providers/Test.Provider/things/{thingName}"
	paths := resourcePath(sub, "Thing") + ", " + resourcePath(rg+"/things/{thingName}", "Thing") + ", " +
		resourcePath(sub+"/parts/{partName}", "Thing")
	v, notes := mustLoadMain(t, swaggerFile(paths, thingDef(""), ""))
	checkNames(t, "resources", resourceNames(v), "subscriptionThings", "things", "things_parts")
	if r := findResource(t, v, "subscriptionThings"); r.Scope != model.ScopeSubscription || r.ARMType != "Test.Provider/things" {
		t.Errorf("subscriptionThings: %s", dump(r))
	}
	if r := findResource(t, v, "things_parts"); r.Owner != "subscriptionThings" || r.OwnerExternal {
		t.Errorf("things_parts belongs to its own scope's parent: %s", dump(r))
	}
	if !hasNote(notes, pathPtr(sub), "subscriptionThings") {
		t.Errorf("no note on the renaming: %v", notes)
	}
}

// The spec is the PUT body: read-only properties (readOnly, or x-ms-mutability
// without create and update) removed at every depth, nested types keeping
// their definitions' names, the envelope (id, name, type, systemData) gone and
// azureName, the name parameter's, added; required kept for what stays.
func TestSpec(t *testing.T) {
	props := `"size": {"type": "integer", "format": "int32"},
    "state": {"type": "string", "readOnly": true},
    "created": {"type": "string", "x-ms-mutability": ["read"]},
    "zone": {"type": "string", "x-ms-mutability": ["read", "create"]},
    "inner": {"$ref": "#/definitions/Inner"}`
	inner := `"Inner": {"type": "object", "required": ["a", "b"], "properties": {"a": {"type": "string"}, "b": {"type": "string", "readOnly": true}}}`
	file := thingFile(props, inner)
	file = strings.Replace(file, `{"name": "thingName", "in": "path", "required": true, "type": "string"}`,
		`{"name": "thingName", "in": "path", "required": true, "type": "string", "pattern": "^[a-z]+$", "maxLength": 9, "description": "The thing's name."}`, 1)
	v, _ := mustLoadMain(t, file)
	spec := object(t, v, "things_Spec")
	checkNames(t, "spec", propNames(spec), "azureName", "location", "properties", "tags")
	name := prop(t, spec, "azureName")
	checkType(t, name, "string")
	if name.Required || name.Validation.Pattern != "^[a-z]+$" || *name.Validation.MaxLength != 9 || name.Description != "The thing's name." {
		t.Errorf("azureName: %s", dump(name))
	}
	if !prop(t, spec, "location").Required || prop(t, spec, "tags").Required {
		t.Error("location must stay required, tags optional")
	}
	checkType(t, prop(t, spec, "properties"), "object ThingProperties")
	tp := object(t, v, "ThingProperties")
	checkNames(t, "ThingProperties", propNames(tp), "inner", "size", "zone")
	checkType(t, prop(t, tp, "inner"), "object Inner")
	in := object(t, v, "Inner")
	checkNames(t, "Inner", propNames(in), "a")
	if !prop(t, in, "a").Required {
		t.Error("Inner.a is no longer required")
	}
	if spec.Source != mainRel+"#/definitions/Thing" || spec.Description != "A thing." {
		t.Errorf("spec source %q description %q", spec.Source, spec.Description)
	}
}

// A property whose object type has only read-only properties has no spec
// shape: it is left out of the spec, noted.
func TestSpecLeavesOutAllReadOnlyObjects(t *testing.T) {
	v, notes := mustLoadMain(t, thingFile(`"state": {"type": "string", "readOnly": true}`, ""))
	if object(t, v, "things_Spec").Property("properties") != nil {
		t.Error("the spec has properties, all of whose properties are read-only")
	}
	if v.Objects["ThingProperties"] != nil {
		t.Error("an empty ThingProperties is in the model")
	}
	if !hasNote(notes, "/definitions/Thing/properties/properties", "read-only") {
		t.Errorf("no note: %v", notes)
	}
	checkType(t, prop(t, object(t, v, "ThingProperties_Status"), "state"), "string")
}

// The status is the GET 200 schema, read-only included, nothing required,
// secrets left out, every object and enum it reaches a type of its own named
// <name>_Status.
func TestStatus(t *testing.T) {
	props := `"state": {"type": "string", "readOnly": true, "enum": ["On", "Off"], "x-ms-enum": {"name": "State", "modelAsString": true}},
    "kind": {"type": "string", "enum": ["A", "B"], "x-ms-enum": {"name": "Kind", "modelAsString": true}},
    "password": {"type": "string", "format": "password"},
    "key": {"type": "string", "x-ms-secret": true},
    "inner": {"$ref": "#/definitions/Inner"}`
	inner := `"Inner": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}}`
	v, _ := mustLoadMain(t, thingFile(props, inner))
	status := object(t, v, "things_Status")
	checkNames(t, "status", propNames(status), "id", "location", "name", "properties", "systemData", "tags", "type")
	checkType(t, prop(t, status, "properties"), "object ThingProperties_Status")
	checkType(t, prop(t, status, "systemData"), "object systemData_Status")
	tp := object(t, v, "ThingProperties_Status")
	checkNames(t, "ThingProperties_Status", propNames(tp), "inner", "kind", "state")
	checkType(t, prop(t, tp, "inner"), "object Inner_Status")
	checkType(t, prop(t, tp, "state"), "enum State_Status")
	checkType(t, prop(t, object(t, v, "systemData_Status"), "createdByType"), "enum createdByType_Status")
	checkType(t, prop(t, object(t, v, "ThingProperties"), "kind"), "enum Kind")
	checkType(t, prop(t, tp, "kind"), "enum Kind_Status")
	checkEnum(t, v, "State_Status", true, "Off", "On")
	if r := findResource(t, v, "things"); r.Status != "things_Status" {
		t.Errorf("Status %q", r.Status)
	}
	if object(t, v, "Inner").Property("a").Required == false {
		t.Error("the spec's Inner.a lost required")
	}
}

// $refs reach other files by relative path; the keywords beside a $ref that
// count are honoured: readOnly, description, x-ms-mutability; and
// x-ms-client-flatten is accepted without flattening.
func TestRefsAndKeywordsBesideThem(t *testing.T) {
	props := `"shared": {"$ref": "./other.json#/definitions/Shared", "description": "Mine."},
    "hidden": {"$ref": "./other.json#/definitions/Shared", "readOnly": true},
    "frozen": {"$ref": "./other.json#/definitions/Shared", "x-ms-mutability": ["read"]},
    "flat": {"$ref": "./other.json#/definitions/Shared", "x-ms-client-flatten": true, "x-ms-mutability": ["create", "read"]},
    "typed": {"$ref": "./other.json#/definitions/Shared", "type": "object", "title": "Typed as its definition is"}`
	other := swaggerFile("", `"Shared": {"type": "object", "description": "Shared.", "properties": {"v": {"type": "boolean"}}}`, "")
	v, _ := mustLoad(t, map[string]string{mainRel: thingFile(props, ""), "svc/stable/2024-01-01/other.json": other})
	tp := object(t, v, "ThingProperties")
	checkNames(t, "ThingProperties", propNames(tp), "flat", "shared", "typed")
	if d := prop(t, tp, "shared").Description; d != "Mine." {
		t.Errorf("shared: description %q", d)
	}
	if d := prop(t, tp, "flat").Description; d != "Shared." {
		t.Errorf("flat: description %q", d)
	}
	checkType(t, prop(t, tp, "flat"), "object Shared")
	checkNames(t, "Shared", propNames(object(t, v, "Shared")), "v")
	checkNames(t, "status", propNames(object(t, v, "ThingProperties_Status")), "flat", "frozen", "hidden", "shared", "typed")
}

// allOf members merge; a property redeclared with the same type is one
// property, the most derived declaration giving its description.
func TestAllOf(t *testing.T) {
	defs := `"Base": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "description": "base a"}, "b": {"type": "integer"}}},
  "Middle": {"allOf": [{"$ref": "#/definitions/Base"}], "properties": {"c": {"type": "boolean"}}}`
	props := `"d": {"allOf": [{"$ref": "#/definitions/Middle"}], "properties": {"a": {"type": "string", "description": "derived a"}}}`
	v, _ := mustLoadMain(t, thingFile(props, defs))
	d := object(t, v, "ThingProperties_d")
	checkNames(t, "d", propNames(d), "a", "b", "c")
	if a := prop(t, d, "a"); a.Description != "derived a" || !a.Required {
		t.Errorf("a: %s", dump(a))
	}
	checkNames(t, "status d", propNames(object(t, v, "ThingProperties_d_Status")), "a", "b", "c")
}

// The files of a version merge: a definition both define with the same
// content is one; the version's Source is the first file.
func TestFilesOfAVersionMerge(t *testing.T) {
	shared := `"Shared": {"type": "object", "properties": {"v": {"type": "string"}}}`
	gadgets := swaggerFile(resourcePath(rg+"/gadgets/{gadgetName}", "Gadget"),
		`"Gadget": {"type": "object", "properties": {"s": {"$ref": "#/definitions/Shared"}}}, `+shared, "")
	v, _ := mustLoad(t, map[string]string{
		mainRel:                              thingFile(`"s": {"$ref": "#/definitions/Shared"}`, shared),
		"svc/stable/2024-01-01/gadgets.json": gadgets,
		"svc/stable/2024-01-01/notes.txt":    "not a spec",
	})
	checkNames(t, "resources", resourceNames(v), "gadgets", "things")
	if v.Source != "svc/stable/2024-01-01/gadgets.json" {
		t.Errorf("Source %q", v.Source)
	}
	if s := object(t, v, "Shared"); s.Source != "svc/stable/2024-01-01/gadgets.json#/definitions/Shared" {
		t.Errorf("Shared comes from %q", s.Source)
	}
	if v.Objects["Shared_1"] != nil {
		t.Error("one definition in two files became two types")
	}
}

// Two files of a version may define one name with different documentation
// (a typo fixed in one description, another title or example): it is one
// type, the first file's, noted at the other.
func TestFilesOfAVersionDriftInDocumentation(t *testing.T) {
	first := `"Shared": {"type": "object", "description": "The eror.", "properties": {"description": {"type": "string", "description": "What went wrong."}}}`
	second := `"Shared": {"type": "object", "description": "The error.", "title": "Error", "properties": {"description": {"type": "string", "example": "boom"}}, "x-ms-examples": {"e": {"$ref": "./examples/e.json"}}}`
	gadgets := swaggerFile(resourcePath(rg+"/gadgets/{gadgetName}", "Gadget"),
		`"Gadget": {"type": "object", "properties": {"s": {"$ref": "#/definitions/Shared"}}}, `+second, "")
	v, notes := mustLoad(t, map[string]string{
		mainRel:                              thingFile(`"s": {"$ref": "#/definitions/Shared"}`, first),
		"svc/stable/2024-01-01/gadgets.json": gadgets,
	})
	shared := object(t, v, "Shared")
	if shared.Description != "The error." || v.Objects["Shared_1"] != nil {
		t.Errorf("Shared: %s", dump(shared))
	}
	checkType(t, prop(t, shared, "description"), "string")
	if !hasNote(notes, "/definitions/Shared", "only in documentation") {
		t.Errorf("no note on the drift: %v", notes)
	}
}

// A version ending in -preview is read from preview/.
func TestPreview(t *testing.T) {
	root := writeTree(t, map[string]string{"svc/preview/2024-01-01-preview/a.json": thingFile("", "")})
	v, _, err := NewLoader(root).Load(svcDir, "2024-01-01-preview")
	if err != nil {
		t.Fatal(err)
	}
	if !v.IsPreview() || v.Source != "svc/preview/2024-01-01-preview/a.json" {
		t.Errorf("version %q source %q", v.Version, v.Source)
	}
}

// A definition of the version and one of common types with one name: the
// version's keeps it, the other takes the first free _1, noted.
func TestLocalAndCommonDefinitionOfOneName(t *testing.T) {
	local := `"Resource": {"type": "object", "properties": {"mine": {"type": "string"}}}`
	props := `"local": {"$ref": "#/definitions/Resource"}, "common": {"$ref": "` + commonRef + `#/definitions/Resource"}`
	v, notes := mustLoadMain(t, thingFile(props, local))
	tp := object(t, v, "ThingProperties_Status")
	checkType(t, prop(t, tp, "local"), "object Resource_Status")
	checkType(t, prop(t, tp, "common"), "object Resource_1_Status")
	checkNames(t, "common Resource", propNames(object(t, v, "Resource_1_Status")), "id", "name", "systemData", "type")
	if !hasNote(notes, "/definitions/Resource", `"Resource_1"`) {
		t.Errorf("no note on the renaming: %v", notes)
	}
	for i := 0; i < 3; i++ {
		again, _ := mustLoadMain(t, thingFile(props, local))
		if !reflect.DeepEqual(v, again) {
			t.Fatal("two loads differ")
		}
	}
}

// x-ms-enum names enums: one enum for one name and values wherever declared;
// modelAsString makes it open; plain enums and modelAsString false are
// closed; an inline enum without a name is named after its property; a name
// used with other values gets _1, noted.
func TestEnums(t *testing.T) {
	props := `"tier": {"type": "string", "enum": ["Basic", "Premium"], "x-ms-enum": {"name": "Tier", "modelAsString": true}},
    "tier2": {"type": "string", "enum": ["Premium", "Basic"], "x-ms-enum": {"name": "Tier", "modelAsString": true, "values": [{"value": "Basic"}]}},
    "mode": {"type": "string", "enum": ["a", "b"], "x-ms-enum": {"name": "Mode", "modelAsString": false}},
    "plain": {"type": "integer", "enum": [3, 1, 2]},
    "zother": {"type": "string", "enum": ["x"], "x-ms-enum": {"name": "Tier"}},
    "def": {"$ref": "#/definitions/Color"}`
	color := `"Color": {"type": "string", "enum": ["red"], "x-ms-enum": {"name": "Colour"}}`
	v, notes := mustLoadMain(t, thingFile(props, color))
	tp := object(t, v, "ThingProperties")
	checkType(t, prop(t, tp, "tier"), "enum Tier")
	checkType(t, prop(t, tp, "tier2"), "enum Tier")
	checkEnum(t, v, "Tier", true, "Basic", "Premium")
	checkEnum(t, v, "Mode", false, "a", "b")
	checkType(t, prop(t, tp, "plain"), "enum ThingProperties_plain")
	checkEnum(t, v, "ThingProperties_plain", false, "1", "2", "3")
	checkType(t, prop(t, tp, "zother"), "enum Tier_1")
	checkEnum(t, v, "Tier_1", false, "x")
	checkType(t, prop(t, tp, "def"), "enum Colour")
	if !hasNote(notes, "/definitions/ThingProperties/properties/zother", "other values") {
		t.Errorf("no note on Tier_1: %v", notes)
	}
	checkType(t, prop(t, object(t, v, "ThingProperties_Status"), "plain"), "enum ThingProperties_plain_Status")
}

// A discriminator on a base definition with derived definitions is a OneOf
// object with one property per derived definition, each an object of the
// base's and its own properties, the discriminator an enum of its value.
func TestDiscriminator(t *testing.T) {
	defs := `"Animal": {"type": "object", "discriminator": "kind", "required": ["kind"], "properties": {"kind": {"type": "string"}, "age": {"type": "integer"}}},
  "Cat": {"allOf": [{"$ref": "#/definitions/Animal"}], "x-ms-discriminator-value": "cat", "properties": {"lives": {"type": "integer"}}},
  "Dog": {"allOf": [{"$ref": "#/definitions/Animal"}], "properties": {"good": {"type": "boolean", "readOnly": true}}}`
	v, _ := mustLoadMain(t, thingFile(`"pet": {"$ref": "#/definitions/Animal"}`, defs))
	checkType(t, prop(t, object(t, v, "ThingProperties"), "pet"), "object Animal")
	animal := object(t, v, "Animal")
	if !animal.OneOf {
		t.Error("Animal is not OneOf")
	}
	checkNames(t, "Animal", propNames(animal), "cat", "dog")
	checkType(t, prop(t, animal, "cat"), "object Cat")
	cat := object(t, v, "Cat")
	checkNames(t, "Cat", propNames(cat), "age", "kind", "lives")
	checkType(t, prop(t, cat, "kind"), "enum Cat_kind")
	checkEnum(t, v, "Cat_kind", false, "cat")
	if !prop(t, cat, "kind").Required {
		t.Error("Cat.kind is not required")
	}
	checkNames(t, "Dog", propNames(object(t, v, "Dog")), "age", "kind")
	checkEnum(t, v, "Dog_kind", false, "Dog")
	checkNames(t, "Dog_Status", propNames(object(t, v, "Dog_Status")), "age", "good", "kind")
	checkType(t, prop(t, object(t, v, "Animal_Status"), "dog"), "object Dog_Status")
	checkEnum(t, v, "Dog_kind_Status", true, "Dog") // open, as every status enum
}

// x-ms-secret and format: password make a secret property of the spec; the
// status leaves them out.
func TestSecrets(t *testing.T) {
	v, _ := mustLoadMain(t, thingFile(`"password": {"type": "string", "format": "password"}, "key": {"type": "string", "x-ms-secret": true}, "plain": {"type": "string"}`, ""))
	tp := object(t, v, "ThingProperties")
	for _, name := range []string{"password", "key"} {
		if !prop(t, tp, name).Secret {
			t.Errorf("%s is not secret", name)
		}
	}
	if prop(t, tp, "plain").Secret {
		t.Error("plain is secret")
	}
	checkType(t, prop(t, tp, "password"), "string(password)")
	checkNames(t, "status", propNames(object(t, v, "ThingProperties_Status")), "plain")
}

// Types and formats map onto the model's, keeping the format; objects with
// properties are objects, with additionalProperties maps, with neither any.
func TestTypesAndFormats(t *testing.T) {
	var props []string
	want := map[string]string{}
	for prim, fs := range rules.Formats {
		props = append(props, `"`+prim+`": {"type": "`+prim+`"}`)
		want[prim] = prim
		for _, f := range fs {
			name := prim + "_" + strings.ReplaceAll(f, "-", "_")
			props = append(props, `"`+name+`": {"type": "`+prim+`", "format": "`+f+`"}`)
			want[name] = prim + "(" + f + ")"
		}
	}
	extra := map[string]string{
		"list":    `{"type": "array", "items": {"type": "string", "format": "uuid"}}`,
		"map":     `{"type": "object", "additionalProperties": {"type": "integer"}}`,
		"mapAny":  `{"type": "object", "additionalProperties": true}`,
		"any":     `{"type": "object"}`,
		"untyped": `{"description": "anything"}`,
		"obj":     `{"properties": {"x": {"type": "string"}}}`,
	}
	wantExtra := map[string]string{"list": "[]string(uuid)", "map": "map[string]integer", "mapAny": "map[string]any", "any": "any", "untyped": "any", "obj": "object ThingProperties_obj"}
	for k, s := range extra {
		props = append(props, `"`+k+`": `+s)
		want[k] = wantExtra[k]
	}
	v, _ := mustLoadMain(t, thingFile(strings.Join(props, ", "), ""))
	tp := object(t, v, "ThingProperties")
	for name, typ := range want {
		checkType(t, prop(t, tp, name), typ)
	}
}

// Validations go into the model; a pattern Kubernetes cannot compile is
// noted and left out; validations the model has no place for are noted.
func TestValidations(t *testing.T) {
	props := `"s": {"type": "string", "minLength": 1, "maxLength": 5, "pattern": "^a+$"},
    "n": {"type": "number", "minimum": 0.5, "maximum": 9, "multipleOf": 0.5},
    "l": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": true},
    "p": {"type": "string", "pattern": "^(?!x)"}`
	v, notes := mustLoadMain(t, thingFile(props, ""))
	tp := object(t, v, "ThingProperties")
	s, n, l := prop(t, tp, "s").Validation, prop(t, tp, "n").Validation, prop(t, tp, "l").Validation
	if *s.MinLength != 1 || *s.MaxLength != 5 || s.Pattern != "^a+$" {
		t.Errorf("s: %s", dump(s))
	}
	if *n.Minimum != 0.5 || *n.Maximum != 9 || *n.MultipleOf != 0.5 {
		t.Errorf("n: %s", dump(n))
	}
	if *l.MinItems != 1 || *l.MaxItems != 3 {
		t.Errorf("l: %s", dump(l))
	}
	if !prop(t, tp, "p").Validation.IsZero() || !hasNote(notes, "/definitions/ThingProperties/properties/p/pattern", "RE2") {
		t.Errorf("p: %s, notes %v", dump(prop(t, tp, "p")), notes)
	}
	if !hasNote(notes, "/definitions/ThingProperties/properties/l/uniqueItems", "not enforced") {
		t.Errorf("no note on uniqueItems: %v", notes)
	}
}

// Status keeps types only: what Azure reports is not checked against what
// its spec documents (a count documented as 1 to 25, a date-time, a closed
// enum), because Azure reports values outside it. The spec keeps every check.
func TestStatusKeepsTypesOnly(t *testing.T) {
	props := `"count": {"type": "integer", "minimum": 1, "maximum": 25},
    "at": {"type": "string", "format": "date-time"},
    "names": {"type": "array", "items": {"type": "string", "format": "uuid", "pattern": "^[a-f0-9-]+$"}, "minItems": 1},
    "tier": {"type": "string", "enum": ["Basic", "Premium"], "x-ms-enum": {"name": "Tier", "modelAsString": false}}`
	v, _ := mustLoadMain(t, thingFile(props, ""))
	spec, status := object(t, v, "ThingProperties"), object(t, v, "ThingProperties_Status")
	if c := prop(t, spec, "count").Validation; c.Minimum == nil || c.Maximum == nil {
		t.Errorf("the spec lost count's range: %s", dump(c))
	}
	checkType(t, prop(t, spec, "at"), "string(date-time)")
	checkType(t, prop(t, spec, "names"), "[]string(uuid)")
	checkEnum(t, v, "Tier", false, "Basic", "Premium")
	for _, name := range []string{"count", "at", "names", "tier"} {
		if p := prop(t, status, name); !p.Validation.IsZero() {
			t.Errorf("status %s keeps validations: %s", name, dump(p.Validation))
		}
	}
	checkType(t, prop(t, status, "count"), "integer")
	checkType(t, prop(t, status, "at"), "string")
	checkType(t, prop(t, status, "names"), "[]string")
	checkEnum(t, v, "Tier_Status", true, "Basic", "Premium")
}

// A validation keyword beside a $ref is ignored, as Swagger 2.0 ignores a
// $ref's siblings, noted; the type the $ref points at decides. x-ms-identifiers
// and x-nullable may stand beside a $ref too.
func TestValidationBesideARefIsIgnored(t *testing.T) {
	props := `"kind": {"$ref": "#/definitions/Kind", "minLength": 1},
    "parts": {"$ref": "#/definitions/Parts", "x-ms-identifiers": [], "x-nullable": true}`
	defs := `"Kind": {"type": "string", "enum": ["A", "B"], "x-ms-enum": {"name": "Kind", "modelAsString": false}},
    "Parts": {"type": "array", "items": {"type": "string"}}`
	v, notes := mustLoadMain(t, thingFile(props, defs))
	tp := object(t, v, "ThingProperties")
	if k := prop(t, tp, "kind"); !k.Validation.IsZero() || k.Type.Name != "Kind" {
		t.Errorf("kind: %s", dump(k))
	}
	checkType(t, prop(t, tp, "parts"), "[]string")
	if !hasNote(notes, "/definitions/ThingProperties/properties/kind/minLength", "ignored") {
		t.Errorf("no note on minLength beside a $ref: %v", notes)
	}
}

// A required list beside a $ref (upstream EventHub 2024-01-01 puts one on a
// PUT body) is ignored like any validation there, noted: the definition the
// $ref names decides what is required, everywhere it is used.
func TestRequiredBesideARefIsIgnored(t *testing.T) {
	props := `"owner": {"$ref": "#/definitions/Owner", "required": ["name"]}`
	defs := `"Owner": {"type": "object", "properties": {"name": {"type": "string"}, "id": {"type": "string"}}}`
	v, notes := mustLoadMain(t, thingFile(props, defs))
	if name := prop(t, object(t, v, "Owner"), "name"); name.Required {
		t.Errorf("Owner.name required by a list beside a $ref: %s", dump(name))
	}
	if !hasNote(notes, "/definitions/ThingProperties/properties/owner/required", "ignored") {
		t.Errorf("no note on required beside a $ref: %v", notes)
	}
}

// A type that contains itself is typed any where it recurs, noted.
func TestRecursion(t *testing.T) {
	node := `"Node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/Node"}, "v": {"type": "string"}}}`
	v, notes := mustLoadMain(t, thingFile(`"head": {"$ref": "#/definitions/Node"}`, node))
	checkType(t, prop(t, object(t, v, "Node"), "next"), "any")
	if !hasNote(notes, "/definitions/Node/properties/next", "recursive") {
		t.Errorf("no note on the recursion: %v", notes)
	}
}

// Files lists every file read, relative to the root, sorted, once; loads in
// parallel share one loader and agree with loads by fresh loaders.
func TestFilesAndConcurrency(t *testing.T) {
	other := swaggerFile("", `"Shared": {"type": "object", "properties": {"v": {"type": "boolean"}}}`, "")
	files := map[string]string{
		mainRel:                            thingFile(`"s": {"$ref": "../2023-01-01/other.json#/definitions/Shared"}`, ""),
		"svc/stable/2023-01-01/other.json": other,
		"svc/stable/2023-01-01/main.json":  thingFile("", ""),
		"common/unused.json":               other,
	}
	root := writeTree(t, files)
	l := NewLoader(root)
	versions := []string{version, "2023-01-01", version, "2023-01-01"}
	got := make([]*model.APIVersion, len(versions))
	errs := make([]error, len(versions))
	var wg sync.WaitGroup
	for i, ver := range versions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _, errs[i] = l.Load(svcDir, ver)
		}()
	}
	wg.Wait()
	for i, ver := range versions {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		fresh, _, err := NewLoader(root).Load(svcDir, ver)
		if err != nil || !reflect.DeepEqual(fresh, got[i]) {
			t.Errorf("%s: a fresh loader gives another version (%v)", ver, err)
		}
	}
	checkNames(t, "files", l.Files(), "common/types.json", "svc/stable/2023-01-01/main.json", "svc/stable/2023-01-01/other.json", mainRel)
}

func TestNoteString(t *testing.T) {
	n := Note{At: model.Location{File: "a.json", Pointer: "/paths/~1x"}, Message: "a note"}
	if n.String() != "a.json#/paths/~1x: a note" {
		t.Errorf("String() = %q", n.String())
	}
}

// The service in testdata: two files of a version, common types, a child
// resource, a discriminated union, secrets and enums, as one would find them.
func TestTestdataService(t *testing.T) {
	l := NewLoader(filepath.Join("testdata", "specs"))
	v, notes, err := l.Load("widgets/resource-manager/Contoso.Widgets", "2024-05-01")
	if err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, v)
	checkNames(t, "resources", resourceNames(v), "factories", "factories_widgets")
	w := findResource(t, v, "factories_widgets")
	if w.Owner != "factories" || w.ARMType != "Contoso.Widgets/factories/widgets" {
		t.Errorf("widgets: %s", dump(w))
	}
	spec := object(t, v, w.Spec)
	checkNames(t, "widget spec", propNames(spec), "azureName", "properties")
	wp := object(t, v, "WidgetProperties")
	checkNames(t, "WidgetProperties", propNames(wp), "color", "finish", "secretCode", "size")
	checkType(t, prop(t, wp, "finish"), "object Finish")
	checkNames(t, "Finish", propNames(object(t, v, "Finish")), "matte", "paint")
	checkEnum(t, v, "Color", true, "blue", "red")
	status := object(t, v, "WidgetProperties_Status")
	checkNames(t, "WidgetProperties_Status", propNames(status), "color", "finish", "provisioningState", "serial", "size")
	checkNames(t, "files", l.Files(), "common-types/v1/types.json",
		"widgets/resource-manager/Contoso.Widgets/stable/2024-05-01/factories.json",
		"widgets/resource-manager/Contoso.Widgets/stable/2024-05-01/widgets.json")
	for _, n := range notes {
		t.Logf("note: %v", n)
	}
}

// An allOf may include one definition several times, at any depth: its
// properties are declared once, and loading stays fast.
func TestRepeatedAllOf(t *testing.T) {
	var defs []string
	for i := 0; i < 30; i++ {
		ref := `{"$ref": "#/definitions/D` + strconv.Itoa(i+1) + `"}`
		defs = append(defs, `"D`+strconv.Itoa(i)+`": {"allOf": [`+ref+`, `+ref+`, `+ref+`], "properties": {"p`+strconv.Itoa(i)+`": {"type": "string"}}}`)
	}
	defs = append(defs, `"D30": {"type": "object", "properties": {"last": {"type": "string"}}, "additionalProperties": {"type": "string"}}`)
	v, _ := mustLoadMain(t, thingFile(`"d": {"$ref": "#/definitions/D0"}`, strings.Join(defs, ", ")))
	if n := len(object(t, v, "D0").Properties); n != 31 {
		t.Errorf("D0 has %d properties, want 31", n)
	}
}
