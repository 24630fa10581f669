package armschema

import (
	"reflect"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

func TestResources(t *testing.T) {
	content := file(
		resource("things", "Test.Provider/things", `
      "location": {"type": "string"},
      "properties": {"oneOf": [{"$ref": "#/definitions/ThingProperties"}, `+expr+`]},
      "resources": {"type": "array", "items": {"oneOf": [{"$ref": "#/definitions/things_parts_childResource"}]}}`)+`,
		`+resource("things_parts", "Test.Provider/things/parts", ""),
		`"ThingProperties": {"type": "object", "properties": {"size": {"type": "integer"}}, "required": ["size"]},
		 "things_parts_childResource": {"type": "object", "properties": {"name": {"type": "string"}}}`)
	v, notes := mustLoad(t, content)
	if v.Version != "2020-01-01" || v.Provider != "Test.Provider" || v.Source != testFile {
		t.Errorf("version %q provider %q source %q", v.Version, v.Provider, v.Source)
	}
	if len(notes) != 0 {
		t.Errorf("notes: %v", notes)
	}
	want := []*model.Resource{
		{Name: "things", ARMType: "Test.Provider/things", Description: "the things resource", Spec: "things_Spec",
			Scope: model.ScopeResourceGroup, Source: testFile + "#/resourceDefinitions/things"},
		{Name: "things_parts", ARMType: "Test.Provider/things/parts", Description: "the things_parts resource",
			Owner: "things", Scope: model.ScopeResourceGroup, Spec: "things_parts_Spec",
			Source: testFile + "#/resourceDefinitions/things_parts"},
	}
	if !reflect.DeepEqual(v.Resources, want) {
		t.Errorf("resources:\n got %s\nwant %s", dump(v.Resources), dump(want))
	}
	s := spec(t, v, "things")
	checkNames(t, "spec properties", propNames(s), "azureName", "location", "properties")
	name := prop(t, s, "azureName")
	if name.Required || name.Validation.Pattern != "^[a-z]+$" || name.Source != testFile+"#/resourceDefinitions/things/properties/name" {
		t.Errorf("azureName: %s", dump(name))
	}
	checkType(t, name, "string")
	props := prop(t, s, "properties")
	checkType(t, props, "object ThingProperties")
	if !prop(t, object(t, v, "ThingProperties"), "size").Required {
		t.Error("ThingProperties.size is not required")
	}
	if _, ok := v.Objects["things_parts_childResource"]; ok {
		t.Error("the childResource form, reached only from resources, was emitted")
	}
	if s.Description != "the things resource" || s.Source != testFile+"#/resourceDefinitions/things" {
		t.Errorf("spec: description %q source %q", s.Description, s.Source)
	}
}

func TestOwners(t *testing.T) {
	content := file(resource("Vaults", "P/vaults", "")+","+
		resource("vaults_keys", "P/vaults/keys", "")+","+
		resource("stores_items", "P/stores/items", ""), "")
	v, notes := mustLoad(t, content)
	if got := v.Resource("vaults_keys").Owner; got != "Vaults" {
		t.Errorf("vaults_keys owner %q, want Vaults (the case-insensitive match)", got)
	}
	if r := v.Resource("stores_items"); r.Owner != "stores" || !r.OwnerExternal {
		t.Errorf("stores_items owner %q external %v, want stores, external", r.Owner, r.OwnerExternal)
	}
	if v.Resource("vaults_keys").OwnerExternal {
		t.Error("vaults_keys owner marked external")
	}
	if len(notes) != 2 || notes[0].At.Pointer != "/resourceDefinitions/stores_items" ||
		notes[1].At.Pointer != "/resourceDefinitions/vaults_keys" {
		t.Errorf("notes: %v", notes)
	}
}

func TestPrimitives(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`
      "when": {"oneOf": [{"type": "string", "format": "date-time"}, `+expr+`]},
      "count": {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 10}, `+expr+`]},
      "ratio": {"type": "number", "multipleOf": 0.5},
      "weight": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/numberOrExpression"},
      "on": {"type": "boolean", "description": "switch"},
      "code": {"type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[A-Z]+$"},
      "a/b~c": {"type": "string"}`, ""))
	s := spec(t, v, "things")
	checkType(t, prop(t, s, "when"), "string(date-time)")
	checkType(t, prop(t, s, "weight"), "number")
	checkType(t, prop(t, s, "on"), "boolean")
	count := prop(t, s, "count")
	checkType(t, count, "integer")
	if *count.Validation.Minimum != 1 || *count.Validation.Maximum != 10 {
		t.Errorf("count validation %s", dump(count.Validation))
	}
	if *prop(t, s, "ratio").Validation.MultipleOf != 0.5 {
		t.Error("ratio multipleOf")
	}
	code := prop(t, s, "code").Validation
	if *code.MinLength != 2 || *code.MaxLength != 4 || code.Pattern != "^[A-Z]+$" {
		t.Errorf("code validation %s", dump(code))
	}
	if d := prop(t, s, "on").Description; d != "switch" {
		t.Errorf("description %q", d)
	}
	if src := prop(t, s, "a/b~c").Source; src != testFile+"#/resourceDefinitions/things/properties/a~1b~0c" {
		t.Errorf("escaped source %q", src)
	}
}

func TestArraysMapsAny(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`
      "list": {"oneOf": [{"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3}, `+expr+`]},
      "rules": {"type": "array", "items": {"type": "object", "properties": {"port": {"type": "integer"}}}},
      "tags": {"oneOf": [{"type": "object", "properties": {}, "additionalProperties": {"type": "string"}}, `+expr+`]},
      "extras": {"type": "object", "additionalProperties": {"type": "object", "properties": {"x": {"type": "string"}}}},
      "open": {"type": "object", "additionalProperties": true},
      "blob": {"type": "object"},
      "settings": {"oneOf": [{}, `+expr+`]},
      "loose": {"type": "array"},
      "closed": {"type": "object", "additionalProperties": false}`, ""))
	s := spec(t, v, "things")
	list := prop(t, s, "list")
	checkType(t, list, "[]string")
	if *list.Validation.MinItems != 1 || *list.Validation.MaxItems != 3 {
		t.Errorf("list validation %s", dump(list.Validation))
	}
	checkType(t, prop(t, s, "rules"), "[]object things_Spec_rules")
	checkType(t, prop(t, object(t, v, "things_Spec_rules"), "port"), "integer")
	checkType(t, prop(t, s, "tags"), "map[string]string")
	checkType(t, prop(t, s, "extras"), "map[string]object things_Spec_extras")
	checkType(t, prop(t, s, "open"), "map[string]any")
	checkType(t, prop(t, s, "blob"), "any")
	checkType(t, prop(t, s, "settings"), "any")
	checkType(t, prop(t, s, "loose"), "[]any")
	checkType(t, prop(t, s, "closed"), "object things_Spec_closed")
	checkNames(t, "closed properties", propNames(object(t, v, "things_Spec_closed")))
}

func TestEnums(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`
      "tier": {"oneOf": [{"type": "string", "enum": ["Standard", "Basic", "Standard"]}, `+expr+`]},
      "size": {"enum": [10, 2, 1]},
      "scale": {"type": "number", "enum": [1.5, 0.25]},
      "flag": {"type": "boolean", "enum": [true]},
      "fixed": {"const": "Only"},
      "sku": {"$ref": "#/definitions/SkuName"},
      "other": {"$ref": "#/definitions/SkuName"}`,
		`"SkuName": {"type": "string", "description": "sku names", "enum": ["b", "a"]}`))
	s := spec(t, v, "things")
	checkType(t, prop(t, s, "tier"), "enum things_Spec_tier")
	checkValues(t, v, "things_Spec_tier", "string", "Basic", "Standard")
	checkValues(t, v, "things_Spec_size", "integer", "1", "2", "10")
	checkValues(t, v, "things_Spec_scale", "number", "0.25", "1.5")
	checkValues(t, v, "things_Spec_flag", "boolean", "true")
	checkValues(t, v, "things_Spec_fixed", "string", "Only")
	checkType(t, prop(t, s, "sku"), "enum SkuName")
	checkType(t, prop(t, s, "other"), "enum SkuName")
	checkValues(t, v, "SkuName", "string", "a", "b")
	if e := v.Enums["SkuName"]; e.Description != "sku names" || e.Source != testFile+"#/definitions/SkuName" {
		t.Errorf("SkuName: %s", dump(e))
	}
}

func TestAliases(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`
      "kind": {"oneOf": [{"$ref": "#/definitions/Kind"}, `+expr+`]},
      "ids": {"$ref": "#/definitions/Ids"},
      "via": {"$ref": "#/definitions/Via"}`,
		`"Kind": {"type": "string", "maxLength": 64, "pattern": "^[a-z]+$"},
		 "Ids": {"type": "array", "items": {"$ref": "#/definitions/Id"}},
		 "Id": {"type": "string", "format": "uuid"},
		 "Via": {"oneOf": [{"$ref": "#/definitions/Target"}, `+expr+`]},
		 "Target": {"type": "object", "properties": {"t": {"type": "string"}}}`))
	s := spec(t, v, "things")
	kind := prop(t, s, "kind")
	checkType(t, kind, "string")
	if *kind.Validation.MaxLength != 64 || kind.Validation.Pattern != "^[a-z]+$" {
		t.Errorf("kind validation %s", dump(kind.Validation))
	}
	checkType(t, prop(t, s, "ids"), "[]string(uuid)")
	checkType(t, prop(t, s, "via"), "object Target")
	checkNames(t, "objects", jsonfile.SortedKeys(v.Objects), "Target", "things_Spec")
}

func TestAllOf(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`"properties": {"$ref": "#/definitions/Derived"}`,
		`"Base": {"type": "object", "properties": {"id": {"type": "string"}, "kind": {"type": "string"}}, "required": ["id"]},
		 "Derived": {"type": "object", "description": "derived",
		   "allOf": [{"$ref": "#/definitions/Base"}, {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/shared"}],
		   "properties": {"extra": {"type": "object", "properties": {"deep": {"type": "string"}}}, "kind": {"type": "string", "enum": ["x"]}},
		   "required": ["extra"]}`))
	d := object(t, v, "Derived")
	checkNames(t, "Derived properties", propNames(d), "extra", "id", "kind", "size")
	if !prop(t, d, "id").Required || !prop(t, d, "extra").Required || prop(t, d, "size").Required {
		t.Errorf("required: %s", dump(d.Properties))
	}
	checkType(t, prop(t, d, "extra"), "object Derived_extra")
	checkType(t, prop(t, d, "kind"), "enum Derived_kind") // the enum narrows the string
	if src := prop(t, d, "id").Source; src != testFile+"#/definitions/Base/properties/id" {
		t.Errorf("id source %q", src)
	}
	if src := prop(t, d, "size").Source; src != "common/definitions.json#/definitions/shared/properties/size" {
		t.Errorf("size source %q", src)
	}
	if _, ok := v.Objects["Base"]; ok {
		t.Error("Base, only merged into Derived, was emitted")
	}
}

func TestUnion(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`
      "pet": {"oneOf": [{"$ref": "#/definitions/Cat"}, {"$ref": "#/definitions/DogVIP"}, {"type": "object", "properties": {"n": {"type": "integer"}}}, `+expr+`]}`,
		`"Cat": {"type": "object", "properties": {"meow": {"type": "boolean"}}},
		 "DogVIP": {"type": "object", "properties": {"woof": {"type": "boolean"}}}`))
	u := object(t, v, "things_Spec_pet")
	if !u.OneOf {
		t.Error("union is not OneOf")
	}
	checkNames(t, "union properties", propNames(u), "cat", "dogVIP", "option2")
	checkType(t, prop(t, u, "cat"), "object Cat")
	checkType(t, prop(t, u, "option2"), "object things_Spec_pet_option2")
	if p := prop(t, u, "option2"); p.Required || p.Source != testFile+"#/resourceDefinitions/things/properties/pet/oneOf/2" {
		t.Errorf("option2: %s", dump(p))
	}
}

// discriminated is the shape the real files use for discriminated unions.
const discriminated = `
  "Shape": {"allOf": [
    {"type": "object", "additionalProperties": false,
     "properties": {"kind": {"type": "string", "enum": ["Circle", "Square"]}, "label": {"type": "string"}},
     "required": ["kind"]},
    {"oneOf": [
      {"allOf": [{"$ref": "#/definitions/Circle"}, {"type": "object", "properties": {"kind": {"const": "Circle"}}, "required": ["kind"]}]},
      {"allOf": [{"$ref": "#/definitions/Square"}, {"type": "object", "properties": {"kind": {"const": "Square"}}, "required": ["kind"]}]}
    ]}]},
  "Circle": {"type": "object", "properties": {"radius": {"type": "number"}, "kind": {"oneOf": [{"type": "string", "enum": ["Circle"]}, ` + expr + `]}}, "required": ["radius", "kind"]},
  "Square": {"type": "object", "properties": {"side": {"type": "number"}}}`

func TestDiscriminatedUnion(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"shape": {"$ref": "#/definitions/Shape"}`, discriminated))
	if len(notes) != 0 {
		t.Errorf("notes: %v", notes)
	}
	u := object(t, v, "Shape")
	if !u.OneOf {
		t.Fatal("Shape is not OneOf")
	}
	checkNames(t, "Shape properties", propNames(u), "circle", "square")
	checkType(t, prop(t, u, "circle"), "object Shape_circle")
	circle := object(t, v, "Shape_circle")
	checkNames(t, "Shape_circle properties", propNames(circle), "kind", "label", "radius")
	kind := prop(t, circle, "kind")
	checkType(t, kind, "enum Circle_kind") // the narrowest, first declared
	if !kind.Required || !prop(t, circle, "radius").Required || prop(t, circle, "label").Required {
		t.Errorf("required: %s", dump(circle.Properties))
	}
	square := object(t, v, "Shape_square")
	checkType(t, prop(t, square, "kind"), "enum Shape_square_kind") // from the const
	checkValues(t, v, "Shape_square_kind", "string", "Square")
	if _, ok := v.Objects["Circle"]; ok {
		t.Error("Circle, only merged into Shape_circle, was emitted")
	}
}

func TestNameCollision(t *testing.T) {
	v, _ := mustLoad(t, oneRes(`"sku": {"type": "object", "properties": {"tier": {"type": "string"}}},
      "ref": {"$ref": "#/definitions/things_Spec_sku"},
      "widget": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/Widget"}`,
		`"things_Spec_sku": {"type": "object", "properties": {"mine": {"type": "string"}}},
		 "widget": {"type": "object", "properties": {"local": {"type": "string"}}}`))
	s := spec(t, v, "things")
	checkType(t, prop(t, s, "ref"), "object things_Spec_sku")
	checkType(t, prop(t, s, "sku"), "object things_Spec_sku2")
	// The local "widget" holds the name, ignoring case: a name the schema
	// gives takes _1 (a composed name, like things_Spec_sku above, takes 2).
	checkType(t, prop(t, s, "widget"), "object Widget_1")
	prop(t, object(t, v, "things_Spec_sku2"), "tier")
	prop(t, object(t, v, "Widget_1"), "common")
}

func TestRecursion(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"tree": {"$ref": "#/definitions/Node"}`,
		`"Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/definitions/Node"}}, "leaf": {"$ref": "#/definitions/Leaf"}}},
		 "Leaf": {"type": "object", "properties": {"back": {"oneOf": [{"$ref": "#/definitions/Node"}, `+expr+`]}}}`))
	checkType(t, prop(t, object(t, v, "Node"), "children"), "[]any")
	checkType(t, prop(t, object(t, v, "Leaf"), "back"), "any")
	if len(notes) != 2 {
		t.Fatalf("notes: %v", notes)
	}
	for i, ptr := range []string{"/definitions/Node/properties/children/items", "/definitions/Leaf/properties/back/oneOf/0"} {
		if notes[i].At.Pointer != ptr || !strings.Contains(notes[i].Message, "recursive") {
			t.Errorf("note %d: %v, want one at %s", i, notes[i], ptr)
		}
	}
}

func TestExtraKeysBesideProperties(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"config": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}}`, ""))
	checkNames(t, "config properties", propNames(object(t, v, "things_Spec_config")), "a")
	if len(notes) != 1 || notes[0].At.Pointer != "/resourceDefinitions/things/properties/config/additionalProperties" {
		t.Errorf("notes: %v", notes)
	}
}

func TestUndeclaredRequiredOfResource(t *testing.T) {
	content := file(`"things": {"type": "object", "properties": {
      "apiVersion": {"type": "string"}, "type": {"enum": ["P/things"]}}, "required": ["location", "type"]}`, "")
	v, notes := mustLoad(t, content)
	if len(spec(t, v, "things").Properties) != 0 {
		t.Error("spec has properties")
	}
	if len(notes) != 1 || notes[0].At.Pointer != "/resourceDefinitions/things/required" {
		t.Errorf("notes: %v", notes)
	}
}

func TestDeterministic(t *testing.T) {
	content := oneRes(`"shape": {"$ref": "#/definitions/Shape"}, "a": {"type": "object", "properties": {"b": {"enum": ["x"]}}}`, discriminated)
	root, path := writeRoot(t, content)
	first, n1, err := NewLoader(root).Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		again, n2, err := NewLoader(root).Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(first, again) || !reflect.DeepEqual(n1, n2) {
			t.Fatalf("load %d differs:\n%s\n%s", i, dump(first), dump(again))
		}
	}
}

// Kubernetes compiles patterns as RE2; an ECMAScript lookahead is kept out of
// the model, with a note naming the place.
func TestNonRE2PatternIsNotedAndDropped(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`
      "label": {"type": "string", "minLength": 3, "pattern": "^(?!-)[a-z-]+$"}`, ""))
	name := prop(t, spec(t, v, "things"), "label").Validation
	if name.Pattern != "" || *name.MinLength != 3 {
		t.Errorf("validation %s: want no pattern, minLength kept", dump(name))
	}
	if len(notes) != 1 || notes[0].At.Pointer != "/resourceDefinitions/things/properties/label/pattern" ||
		!strings.Contains(notes[0].Message, "not RE2") {
		t.Errorf("notes: %v", notes)
	}
}

func TestDefinitionsDifferingInCaseAreRenamed(t *testing.T) {
	defs := `"Part": {"type": "object", "properties": {"a": {"type": "string"}}},
	  "part": {"type": "object", "properties": {"b": {"type": "string"}}},
	  "part_1": {"type": "string", "enum": ["x"]}`
	content := oneRes(`"big": {"$ref": "#/definitions/Part"}, "small": {"$ref": "#/definitions/part"}, "kind": {"$ref": "#/definitions/part_1"}`, defs)
	for i := 0; i < 3; i++ {
		v, notes := mustLoad(t, content)
		s := spec(t, v, "things")
		checkType(t, prop(t, s, "big"), "object Part")
		checkType(t, prop(t, s, "small"), "object part_1")
		checkType(t, prop(t, s, "kind"), "enum part_1_1")
		if len(notes) != 2 || notes[0].At.Pointer != "/definitions/part" || !strings.Contains(notes[0].Message, "#/definitions/Part:") ||
			!strings.Contains(notes[0].Message, `"part_1"`) || notes[1].At.Pointer != "/definitions/part_1" {
			t.Fatalf("notes %v", notes)
		}
	}
}
