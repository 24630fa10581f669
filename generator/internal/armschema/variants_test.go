package armschema

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// variantsResource is a resource whose schema is a oneOf of variants told
// apart by their kind, beside the members every variant has.
const variantsResource = `"conns": {
    "type": "object",
    "description": "the conns resource",
    "properties": {
      "apiVersion": {"type": "string", "enum": ["2020-01-01"]},
      "type": {"type": "string", "enum": ["P/conns"]},
      "name": {"type": "string"},
      "location": {"type": "string"}
    },
    "required": ["name", "apiVersion", "type"],
    "oneOf": [
      {"properties": {"kind": {"oneOf": [{"type": "string", "enum": ["EventHub"]}, ` + expr + `]},
                      "properties": {"oneOf": [{"$ref": "#/definitions/HubProps"}, ` + expr + `]}},
       "required": ["kind", "properties"]},
      {"properties": {"kind": {"type": "string", "enum": ["IotHub"]}, "properties": {"$ref": "#/definitions/IotProps"}}}
    ]
  }`

const variantsDefinitions = `"HubProps": {"type": "object", "properties": {"hub": {"type": "string"}}},
  "IotProps": {"type": "object", "properties": {"iot": {"type": "string"}}}`

func TestResourceVariantsByKind(t *testing.T) {
	v, _ := mustLoad(t, file(variantsResource, variantsDefinitions))
	r := v.Resource("conns")
	if r.ARMType != "P/conns" || r.Spec != "conns_Spec" || r.Description != "the conns resource" {
		t.Errorf("resource %s", dump(r))
	}
	s := spec(t, v, "conns")
	if !s.OneOf {
		t.Error("the spec of a resource of variants is not a union")
	}
	checkNames(t, "spec properties", propNames(s), "eventHub", "iotHub")
	checkType(t, prop(t, s, "eventHub"), "object conns_Spec_eventHub")
	hub := object(t, v, "conns_Spec_eventHub")
	checkNames(t, "eventHub properties", propNames(hub), "azureName", "kind", "location", "properties")
	if !prop(t, hub, "kind").Required || !prop(t, hub, "properties").Required || prop(t, hub, "azureName").Required {
		t.Errorf("eventHub required: %s", dump(hub.Properties))
	}
	checkType(t, prop(t, hub, "properties"), "object HubProps")
	iot := object(t, v, "conns_Spec_iotHub")
	checkNames(t, "iotHub properties", propNames(iot), "azureName", "kind", "location", "properties")
	checkType(t, prop(t, iot, "properties"), "object IotProps")
}

func TestResourceVariantsByNamePattern(t *testing.T) {
	content := file(`"sites_config": {
    "type": "object",
    "properties": {
      "apiVersion": {"type": "string", "enum": ["2020-01-01"]},
      "type": {"type": "string", "enum": ["P/sites/config"]}
    },
    "required": ["apiVersion", "type"],
    "oneOf": [
      {"type": "object", "properties": {"name": {"oneOf": [{"type": "string", "pattern": "^.*/web$"}, `+expr+`]},
                                        "properties": {"$ref": "#/definitions/HubProps"}}, "required": ["name", "properties"]},
      {"type": "object", "properties": {"name": {"type": "string", "pattern": "^.*/logs$"}, "kind": {"type": "string"}}}
    ]
  }`, variantsDefinitions)
	v, _ := mustLoad(t, content)
	s := spec(t, v, "sites_config")
	checkNames(t, "spec properties", propNames(s), "logs", "web")
	web := object(t, v, "sites_config_Spec_web")
	checkNames(t, "web properties", propNames(web), "azureName", "properties")
	if name := prop(t, web, "azureName"); name.Validation.Pattern != "^.*/web$" || name.Required {
		t.Errorf("azureName: %s", dump(name))
	}
	checkNames(t, "logs properties", propNames(object(t, v, "sites_config_Spec_logs")), "azureName", "kind")
}

func TestResourceVariantsWithoutNamesAreOptions(t *testing.T) {
	content := file(`"things": {
    "properties": {"apiVersion": {"enum": ["2020-01-01"]}, "type": {"enum": ["P/things"]}},
    "oneOf": [
      {"properties": {"kind": {"enum": ["Microsoft.A"]}, "a": {"type": "string"}}},
      {"properties": {"kind": {"enum": ["Microsoft.B"]}, "b": {"type": "string"}}}
    ]
  }`, "")
	v, _ := mustLoad(t, content)
	checkNames(t, "spec properties", propNames(spec(t, v, "things")), "option0", "option1")
	checkNames(t, "option0 properties", propNames(object(t, v, "things_Spec_option0")), "a", "kind")
}

// nestedUnions is RecoveryServices' shape: a union (Container) one of whose
// variants is itself a union (Workload), and whose discriminator
// (containerType) each level declares with its own value.
const nestedUnions = `
  "Container": {"type": "object",
    "properties": {"friendlyName": {"type": "string"}, "containerType": {"type": "string"}},
    "oneOf": [
      {"allOf": [{"$ref": "#/definitions/Workload"}], "properties": {"containerType": {"oneOf": [{"type": "string", "enum": ["Workload"]}, ` + expr + `]}}},
      {"properties": {"containerType": {"type": "string", "enum": ["Container"]}}}
    ]},
  "Workload": {"type": "object",
    "properties": {"workloadType": {"type": "string"}, "containerType": {"type": "string"}},
    "oneOf": [
      {"properties": {"containerType": {"type": "string", "enum": ["SQLAG"]}}},
      {"properties": {"containerType": {"type": "string", "enum": ["Workload"]}}}
    ]}`

func TestNestedVariantTakesItsOwnEnum(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"p": {"$ref": "#/definitions/Container"}`, nestedUnions))
	workload := object(t, v, "Container_workload")
	if !workload.OneOf {
		t.Fatalf("Container_workload is not a union: %s", dump(workload))
	}
	sqlag := object(t, v, "Container_workload_option0")
	checkNames(t, "SQLAG properties", propNames(sqlag), "containerType", "friendlyName", "workloadType")
	ct := prop(t, sqlag, "containerType")
	checkValues(t, v, ct.Type.Name, "string", "SQLAG")
	if ct.Source != testFile+"#/definitions/Workload/oneOf/0/properties/containerType" {
		t.Errorf("containerType source %s", ct.Source)
	}
	checkValues(t, v, prop(t, object(t, v, "Container_workload_option1"), "containerType").Type.Name, "string", "Workload")
	var found []Note
	for _, n := range notes {
		if strings.Contains(n.Message, "innermost variant") {
			found = append(found, n)
		}
	}
	if len(found) != 1 || found[0].At.Pointer != "/definitions/Workload/oneOf/0/properties/containerType" ||
		!strings.Contains(found[0].Message, `["SQLAG"]`) || !strings.Contains(found[0].Message, `["Workload"]`) {
		t.Errorf("notes %v, want one at the SQLAG variant's containerType", notes)
	}
}

func TestAnyOfOfObjectsIsAUnion(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"ext": {"anyOf": [{"$ref": "#/definitions/Cat"}, {"$ref": "#/definitions/Dog"}]}`,
		`"Cat": {"type": "object", "properties": {"meow": {"type": "boolean"}}},
		 "Dog": {"type": "object", "properties": {"woof": {"type": "boolean"}}}`))
	u := object(t, v, "things_Spec_ext")
	if !u.OneOf {
		t.Error("anyOf union is not OneOf")
	}
	checkNames(t, "union properties", propNames(u), "cat", "dog")
	if p := prop(t, u, "dog"); p.Source != testFile+"#"+res+"/properties/ext/anyOf/1" {
		t.Errorf("dog source %s", p.Source)
	}
	if len(notes) != 1 || notes[0].At.Pointer != res+"/properties/ext/anyOf" || !strings.Contains(notes[0].Message, "read as oneOf") {
		t.Errorf("notes %v", notes)
	}
}

func TestAnyOfOfALeafAndAnExpressionIsTheLeaf(t *testing.T) {
	v, notes := mustLoad(t, oneRes(`"pw": {"description": "the password", "anyOf": [{"type": "string", "minLength": 8}, `+expr+`]}`, ""))
	p := prop(t, spec(t, v, "things"), "pw")
	checkType(t, p, "string")
	if p.Validation.MinLength == nil || *p.Validation.MinLength != 8 || p.Description != "the password" {
		t.Errorf("pw: %s", dump(p))
	}
	if len(notes) != 0 {
		t.Errorf("notes %v", notes)
	}
}

func TestRefToAnotherProviderFileOfTheRoot(t *testing.T) {
	const url = "https://schema.management.azure.com/schemas/2020-01-01/"
	root, path := writeRoot(t, oneRes(`"ext": {"oneOf": [{"$ref": "`+url+`Test.Extensions.json#/definitions/Cat"}, {"$ref": "`+url+`Test.Provider.json#/definitions/Dog"}]}`,
		`"Dog": {"type": "object", "properties": {"woof": {"type": "boolean"}}}`))
	write(t, filepath.Join(root, "2020-01-01", "Test.Extensions.json"),
		`{"definitions": {"Cat": {"type": "object", "properties": {"meow": {"type": "boolean"}}}}}`)
	l := NewLoader(root)
	v, _, err := l.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	u := object(t, v, "things_Spec_ext")
	checkType(t, prop(t, u, "cat"), "object Cat")
	checkType(t, prop(t, u, "dog"), "object Dog")
	if src := object(t, v, "Cat").Source; src != "2020-01-01/Test.Extensions.json#/definitions/Cat" {
		t.Errorf("Cat source %s", src)
	}
	checkNames(t, "files read", l.Files(), "2020-01-01/Test.Extensions.json", testFile)
}

func TestUnknownScopeSection(t *testing.T) {
	content := scopedFile(
		"resourceDefinitions", resource("topics", "P/topics", ""),
		"unknown_resourceDefinitions", resource("eventSubscriptions", "P/eventSubscriptions", ""),
	)
	v, notes := mustLoad(t, content)
	r := v.Resource("eventSubscriptions")
	if r == nil || r.Scope != model.ScopeUnknown || r.Source != testFile+"#/unknown_resourceDefinitions/eventSubscriptions" {
		t.Fatalf("eventSubscriptions: %s", dump(r))
	}
	checkNames(t, "spec properties", propNames(spec(t, v, "eventSubscriptions")), "azureName")
	if len(notes) != 1 || notes[0].At.Pointer != "/unknown_resourceDefinitions" || !strings.Contains(notes[0].Message, "scope") {
		t.Errorf("notes %v", notes)
	}
}

func TestNoResourcesIsOfItsKind(t *testing.T) {
	root, path := writeRoot(t, `{"definitions": {"A": {"type": "string"}}}`)
	_, _, err := NewLoader(root).Load(path)
	if !errors.Is(err, model.ErrNoResources) {
		t.Fatalf("got %v, want an error of kind ErrNoResources", err)
	}
	checkErr(t, err, path, "", "no resourceDefinitions", "no resource")
	root, path = writeRoot(t, oneRes(`"p": {"type": "string", "not": {}}`, ""))
	if _, _, err := NewLoader(root).Load(path); err == nil || errors.Is(err, model.ErrNoResources) {
		t.Errorf("another error %v is of kind ErrNoResources", err)
	}
}
