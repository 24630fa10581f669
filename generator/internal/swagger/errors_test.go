package swagger

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// tp is the pointer of ThingProperties' properties in thingFile.
const tp = "/definitions/ThingProperties/properties/"

// thingPath is the path of the resource thingFile declares.
const thingPath = rg + "/things/{thingName}"

// errorCase is bad input and the error it must give: at rel (relative to the
// root; mainRel when empty) and pointer, mentioning every one of words.
type errorCase struct {
	name    string
	files   map[string]string
	rel     string
	pointer string
	words   []string
}

func main1(content string) map[string]string {
	return map[string]string{mainRel: content}
}

// withOther is a version of two files: main with the given ThingProperties
// properties, and other.json with the given definitions.
func withOther(props, otherDefs string) map[string]string {
	return map[string]string{mainRel: thingFile(props, ""), "svc/stable/2024-01-01/other.json": swaggerFile("", otherDefs, "")}
}

// putOnly is a path item with a PUT writing Thing and no GET.
const putOnly = `"put": {"parameters": [{"name": "thingName", "in": "path", "required": true, "type": "string"},
  {"name": "body", "in": "body", "schema": {"$ref": "#/definitions/Thing"}}], "responses": {"200": {"schema": {"$ref": "#/definitions/Thing"}}}}`

var schemaErrors = []errorCase{
	{"dangling local ref", main1(thingFile(`"p": {"$ref": "#/definitions/Missing"}`, "")), "",
		tp + "p/$ref", []string{"dangling", `"Missing"`}},
	{"ref to a file that is not there", main1(thingFile(`"p": {"$ref": "./nope.json#/definitions/X"}`, "")), "",
		tp + "p/$ref", []string{"dangling", "nope.json", "cannot read"}},
	{"ref to a definition another file lacks", withOther(`"p": {"$ref": "./other.json#/definitions/X"}`, `"Y": {"type": "string"}`), "",
		tp + "p/$ref", []string{"dangling", "other.json has no definition", `"X"`}},
	{"ref leaving the root", main1(thingFile(`"p": {"$ref": "../../../../x.json#/definitions/X"}`, "")), "",
		tp + "p/$ref", []string{"outside the root"}},
	{"ref to a URL", main1(thingFile(`"p": {"$ref": "https://example.com/x.json#/definitions/X"}`, "")), "",
		tp + "p/$ref", []string{"expected a file path relative to"}},
	{"ref not to a definition", main1(thingFile(`"p": {"$ref": "#/parameters/X"}`, "")), "",
		tp + "p/$ref", []string{"must point at #/definitions/<name>"}},
	{"ref that is not a string", main1(thingFile(`"p": {"$ref": 7}`, "")), "",
		tp + "p/$ref", []string{"expected $ref to be a string"}},
	{"allOf cycle", main1(thingFile(`"p": {"$ref": "#/definitions/A"}`, `"A": {"allOf": [{"$ref": "#/definitions/B"}]}, "B": {"allOf": [{"$ref": "#/definitions/A"}]}`)), "",
		"/definitions/A", []string{"allOf cycle", "#/definitions/A ->", "#/definitions/B ->"}},
	{"ref cycle", main1(thingFile(`"p": {"$ref": "#/definitions/A"}`, `"A": {"$ref": "#/definitions/B"}, "B": {"$ref": "#/definitions/A"}`)), "",
		"/definitions/A", []string{"$ref cycle", "/definitions/B"}},
	{"unknown type", main1(thingFile(`"p": {"type": "file"}`, "")), "",
		tp + "p/type", []string{`unsupported type "file"`, "expected one of string, integer, number, boolean, object or array"}},
	{"type that is not a string", main1(thingFile(`"p": {"type": ["string", "null"]}`, "")), "",
		tp + "p/type", []string{"expected type to be a string", "type arrays are not supported"}},
	{"unknown format", main1(thingFile(`"p": {"type": "string", "format": "ipv4"}`, "")), "",
		tp + "p/format", []string{`unknown format "ipv4" for a string`, "expected one of date-time"}},
	{"integer format on a number", main1(thingFile(`"p": {"type": "number", "format": "int32"}`, "")), "",
		tp + "p/format", []string{`unknown format "int32" for a number`, "float, double, decimal"}},
	{"format on a boolean", main1(thingFile(`"p": {"type": "boolean", "format": "int32"}`, "")), "",
		tp + "p/format", []string{`"format" cannot be used in a boolean schema`}},
	{"keyword beside a $ref", main1(thingFile(`"p": {"$ref": "#/definitions/A", "x-ms-secret": true}`, `"A": {"type": "string"}`)), "",
		tp + "p/x-ms-secret", []string{"beside a $ref", "expected only description"}},
	{"items beside a $ref", main1(thingFile(`"p": {"$ref": "#/definitions/A", "items": {"type": "string"}}`, `"A": {"type": "string"}`)), "",
		tp + "p/items", []string{"beside a $ref"}},
	{"another type beside a $ref", main1(thingFile(`"p": {"$ref": "#/definitions/A", "type": "object"}`, `"A": {"type": "string"}`)), "",
		tp + "p/type", []string{"beside a $ref", `the type of the definition it points at ("string")`}},
	{"unknown keyword", main1(thingFile(`"p": {"oneOf": [{"type": "string"}]}`, "")), "",
		tp + "p/oneOf", []string{`unsupported keyword "oneOf"`, "expected a Swagger 2.0 schema keyword or an x- extension"}},
	{"keyword of another type", main1(thingFile(`"p": {"type": "integer", "maxLength": 3}`, "")), "",
		tp + "p/maxLength", []string{`"maxLength" cannot be used in a integer schema`}},
	{"bad validation value", main1(thingFile(`"p": {"type": "string", "minLength": -1}`, "")), "",
		tp + "p/minLength", []string{"expected minLength to be a non-negative integer"}},
	{"schema that is not an object", main1(thingFile(`"p": true`, "")), "",
		tp + "p", []string{"expected a schema object, found a boolean"}},
	{"definition that is not an object", main1(thingFile("", `"A": []`)), "",
		"/definitions/A", []string{"expected a schema object, found an array"}},
	{"empty enum", main1(thingFile(`"p": {"type": "string", "enum": []}`, "")), "",
		tp + "p/enum", []string{"expected enum to be a non-empty array"}},
	{"enum value of another type", main1(thingFile(`"p": {"type": "integer", "enum": [1, "two"]}`, "")), "",
		tp + "p/enum/1", []string{"not a valid integer"}},
	{"enum values differing in case", main1(thingFile(`"p": {"type": "string", "enum": ["On", "on"]}`, "")), "",
		tp + "p/enum", []string{"differ only in case"}},
	{"enum of objects", main1(thingFile(`"p": {"type": "object", "enum": [{}]}`, "")), "",
		tp + "p/type", []string{"expected an enum of type string, integer, number or boolean"}},
	{"x-ms-enum that is not an object", main1(thingFile(`"p": {"type": "string", "enum": ["a"], "x-ms-enum": "A"}`, "")), "",
		tp + "p/x-ms-enum", []string{"expected x-ms-enum to be an object"}},
	{"x-ms-enum with an unknown key", main1(thingFile(`"p": {"type": "string", "enum": ["a"], "x-ms-enum": {"name": "A", "model": true}}`, "")), "",
		tp + "p/x-ms-enum/model", []string{`unsupported x-ms-enum key "model"`, "expected name, modelAsString"}},
	{"x-ms-enum modelAsString not a boolean", main1(thingFile(`"p": {"type": "string", "enum": ["a"], "x-ms-enum": {"name": "A", "modelAsString": "yes"}}`, "")), "",
		tp + "p/x-ms-enum/modelAsString", []string{"expected x-ms-enum modelAsString to be a boolean"}},
	{"x-ms-enum without enum", main1(thingFile(`"p": {"type": "string", "x-ms-enum": {"name": "A"}}`, "")), "",
		tp + "p/x-ms-enum", []string{"x-ms-enum without enum"}},
	{"x-ms-mutability value", main1(thingFile(`"p": {"type": "string", "x-ms-mutability": ["read", "write"]}`, "")), "",
		tp + "p/x-ms-mutability/1", []string{`expected create, read or update, found "write"`}},
	{"readOnly not a boolean", main1(thingFile(`"p": {"type": "string", "readOnly": "yes"}`, "")), "",
		tp + "p/readOnly", []string{"expected readOnly to be a boolean"}},
	{"x-ms-secret not a boolean", main1(thingFile(`"p": {"type": "string", "x-ms-secret": "yes"}`, "")), "",
		tp + "p/x-ms-secret", []string{"expected x-ms-secret to be a boolean"}},
	{"mismatched redeclared property", main1(thingFile(`"p": {"allOf": [{"$ref": "#/definitions/Base"}], "properties": {"x": {"type": "integer"}}}`,
		`"Base": {"type": "object", "properties": {"x": {"type": "string"}}}`)), "",
		"/definitions/Base/properties/x", []string{`property "x" of ThingProperties_p is declared as string here and as integer at`}},
	{"redeclared property with other validations", main1(thingFile(`"p": {"allOf": [{"$ref": "#/definitions/Base"}], "properties": {"x": {"type": "string", "maxLength": 2}}}`,
		`"Base": {"type": "object", "properties": {"x": {"type": "string", "maxLength": 3}}}`)), "",
		"/definitions/Base/properties/x", []string{`property "x" of ThingProperties_p: declarations disagree on maxLength`}},
	{"undeclared required property", main1(thingFile(`"p": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}`, "")), "",
		tp + "p/required", []string{`required property "b" is not declared`}},
	{"properties differing in case", main1(thingFile(`"p": {"type": "string"}, "P": {"type": "string"}`, "")), "",
		tp + "p", []string{`properties "P" and "p" differ only in case`}},
	{"array without items", main1(thingFile(`"p": {"type": "array"}`, "")), "",
		tp + "p", []string{"expected items"}},
	{"allOf member of another type", main1(thingFile(`"p": {"allOf": [{"type": "string"}]}`, "")), "",
		tp + "p/allOf/0/type", []string{`expected an object schema here, found type "string"`}},
	{"discriminator that is not a property", main1(thingFile(`"p": {"$ref": "#/definitions/A"}`,
		`"A": {"type": "object", "discriminator": "kind", "properties": {"x": {"type": "string"}}}, "B": {"allOf": [{"$ref": "#/definitions/A"}]}`)), "",
		"/definitions/A/discriminator", []string{`discriminator "kind" is not a declared property`}},
	{"two definitions of one name", withOther(``, `"ThingProperties": {"type": "object", "properties": {"other": {"type": "string"}}}`), "svc/stable/2024-01-01/other.json",
		"/definitions/ThingProperties", []string{`definition "ThingProperties" differs from the one at`, "main.json#/definitions/ThingProperties"}},
	{"two definitions of one name whose properties named description differ", withOther(`"description": {"type": "string"}`,
		`"ThingProperties": {"type": "object", "properties": {"description": {"type": "integer"}}}`), "svc/stable/2024-01-01/other.json",
		"/definitions/ThingProperties", []string{`definition "ThingProperties" differs from the one at`, "documentation may differ, nothing else"}},
	{"two definitions of one name, one with a property more", withOther(`"a": {"type": "string", "description": "A."}`,
		`"ThingProperties": {"type": "object", "properties": {"a": {"type": "string", "description": "An a."}, "b": {"type": "string"}}}`), "svc/stable/2024-01-01/other.json",
		"/definitions/ThingProperties", []string{`definition "ThingProperties" differs from the one at`}},
}

var fileErrors = []errorCase{
	{"malformed JSON", main1("{\n  \"swagger\": \"2.0\",\n  \"paths\": {,}\n}"), "", "", []string{"3:", "malformed JSON"}},
	{"duplicate keys", main1("{\n  \"swagger\": \"2.0\",\n  \"swagger\": \"2.0\"\n}"), "", "", []string{"3:", "duplicate object key \"swagger\""}},
	{"top level not an object", main1(`[]`), "", "", []string{"expected a JSON object at the top level"}},
	{"not Swagger 2.0", main1(`{"openapi": "3.0.0"}`), "", "/openapi", []string{`unsupported top-level key "openapi"`}},
	{"no swagger version", main1(`{"paths": {}}`), "", "/swagger", []string{`expected "swagger": "2.0"`}},
	{"definitions not an object", main1(`{"swagger": "2.0", "definitions": []}`), "", "/definitions", []string{"expected definitions to be an object"}},
	{"broken common types", map[string]string{mainRel: thingFile("", ""), "common/types.json": `{"swagger": "2.0", "definitions": {"TrackedResource": {"type": "object", "properties": {"tags": {"type": "map"}}}}}`},
		"common/types.json", "/definitions/TrackedResource/properties/tags/type", []string{`unsupported type "map"`}},
}

var pathErrors = []errorCase{
	{"only a PUT without GET", main1(swaggerFile(`"`+thingPath+`": {`+putOnly+`}`, thingDef(""), "")), "",
		"/paths", []string{"no resource: expected a path with put and get"}},
	{"a path without a provider", main1(swaggerFile(resourcePath("/subscriptions/{subscriptionId}/things/{thingName}", "Thing"), thingDef(""), "")), "",
		pathPtr("/subscriptions/{subscriptionId}/things/{thingName}"), []string{"a path without a provider", "expected /providers/<Provider>/<type>/{name}"}},
	{"a parameter for the provider", main1(swaggerFile(resourcePath("/providers/{ns}/things/{thingName}", "Thing"), thingDef(""), "")), "",
		pathPtr("/providers/{ns}/things/{thingName}"), []string{"expected a provider namespace", `"{ns}"`}},
	{"unexpected scope", main1(swaggerFile(resourcePath("/tenants/{t}/providers/Test.Provider/things/{thingName}", "Thing"), thingDef(""), "")), "",
		pathPtr("/tenants/{t}/providers/Test.Provider/things/{thingName}"), []string{"unexpected scope /tenants/{t}", "expected /subscriptions/{id}"}},
	{"no type/name pairs", main1(swaggerFile(resourcePath(rg+"/things/{a}/{b}", "Thing"), thingDef(""), "")), "",
		pathPtr(rg + "/things/{a}/{b}"), []string{"expected <type>/<name> pairs", `"things/{a}/{b}"`}},
	{"two providers", main1(swaggerFile(resourcePath(thingPath, "Thing")+", "+resourcePath("/subscriptions/{s}/resourceGroups/{g}/providers/Other.Provider/gadgets/{n}", "Thing"), thingDef(""), "")), "",
		pathPtr("/subscriptions/{s}/resourceGroups/{g}/providers/Other.Provider/gadgets/{n}"), []string{`provider "Other.Provider" differs from "Test.Provider"`}},
	{"one resource at two paths", main1(swaggerFile(resourcePath(thingPath, "Thing")+", "+resourcePath(rg+"/Things/{other}", "Thing"), thingDef(""), "")), "",
		pathPtr(rg + "/things/{thingName}"), []string{`resource "things" is also the resource of`, "one resource per type and scope"}},
	{"no resource", main1(swaggerFile(`"`+rg+`/things": {"get": {"responses": {}}}`, thingDef(""), "")), "",
		"/paths", []string{"no resource: expected a path with put and get"}},
	{"unknown path item key", main1(swaggerFile(`"`+thingPath+`": {"fetch": {}}`, thingDef(""), "")), "",
		pathPtr(thingPath) + "/fetch", []string{`unsupported path item key "fetch"`}},
	{"one path in two files", map[string]string{mainRel: thingFile("", ""), "svc/stable/2024-01-01/other.json": swaggerFile(resourcePath(thingPath, "Thing"), thingDef(""), "")},
		"svc/stable/2024-01-01/other.json", pathPtr(thingPath), []string{"is also defined at", "main.json"}},
	{"body parameter missing", main1(strings.Replace(thingFile("", ""), `"in": "body"`, `"in": "query"`, 1)), "",
		pathPtr(thingPath) + "/put", []string{"no body parameter", "in: body"}},
	{"two body parameters", main1(strings.Replace(thingFile("", ""), `{"name": "body"`, `{"name": "b0", "in": "body", "schema": {}}, {"name": "body"`, 1)), "",
		pathPtr(thingPath) + "/put/parameters/4", []string{"a second body parameter", "the first is at"}},
	{"body without a schema", main1(strings.Replace(thingFile("", ""), `"required": true, "schema": {"$ref": "#/definitions/Thing"}`, `"required": true`, 1)), "",
		pathPtr(thingPath) + "/put/parameters/3", []string{"expected the body parameter to have a schema"}},
	{"bad in", main1(strings.Replace(thingFile("", ""), `"in": "body"`, `"in": "cookie"`, 1)), "",
		pathPtr(thingPath) + "/put/parameters/3/in", []string{`expected in to be body, path, query, header or formData, found "cookie"`}},
	{"dangling parameter ref", main1(strings.Replace(thingFile("", ""), `{"name": "body"`, `{"$ref": "#/parameters/Nope"}, {"name": "body"`, 1)), "",
		pathPtr(thingPath) + "/put/parameters/3/$ref", []string{"dangling", "no parameter", `"Nope"`}},
	{"name parameter missing", main1(strings.Replace(thingFile("", ""), `{"name": "thingName", "in": "path", "required": true, "type": "string"}, {"name": "body"`, `{"name": "body"`, 1)), "",
		pathPtr(thingPath) + "/put", []string{`expected a path parameter "thingName"`}},
	{"GET without a 200 response", main1(strings.Replace(thingFile("", ""), `"responses": {"200": {"description": "OK", "schema": {"$ref": "#/definitions/Thing"}}}, "x-ms-examples"`, `"responses": {"404": {}}, "x-ms-examples"`, 1)), "",
		pathPtr(thingPath) + "/get/responses", []string{"expected a 200 response"}},
	{"body declaring azureName", main1(swaggerFile(resourcePath(thingPath, "Named"), `"Named": {"type": "object", "properties": {"azureName": {"type": "string"}}}`, "")), "",
		"/definitions/Named/properties/azureName", []string{"declares azureName"}},
	{"polymorphic body", main1(swaggerFile(resourcePath(thingPath, "Animal"), `"Animal": {"type": "object", "discriminator": "kind", "properties": {"kind": {"type": "string"}}}`, "")), "",
		"/definitions/Animal/discriminator", []string{"a resource schema with a discriminator is not supported"}},
}

func TestErrors(t *testing.T) {
	for _, group := range [][]errorCase{schemaErrors, fileErrors, pathErrors} {
		for _, tt := range group {
			t.Run(tt.name, func(t *testing.T) {
				root := writeTree(t, tt.files)
				_, _, err := NewLoader(root).Load(svcDir, version)
				rel := tt.rel
				if rel == "" {
					rel = mainRel
				}
				if tt.pointer == "" && len(tt.words) > 0 && strings.HasSuffix(tt.words[0], ":") {
					checkSyntaxErr(t, err, filepath.Join(root, rel), tt.words...)
					return
				}
				checkErr(t, err, filepath.Join(root, filepath.FromSlash(rel)), tt.pointer, tt.words...)
			})
		}
	}
}

// checkSyntaxErr checks a JSON syntax error: at a line (words[0], "3:") of
// file, mentioning the other words.
func checkSyntaxErr(t *testing.T, err error, file string, words ...string) {
	t.Helper()
	var e *model.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a *model.Error", err)
	}
	if e.At.File != file || e.At.Pointer != "" || !strings.HasPrefix(e.Error(), file+":"+words[0]) {
		t.Errorf("error %v, want one at %s:%s", err, file, words[0])
	}
	for _, w := range words[1:] {
		if !strings.Contains(e.Message, w) {
			t.Errorf("error %q does not mention %q", e.Message, w)
		}
	}
}

// A version folder that is missing, or holds no .json file, or a version that
// is no folder name, is an error naming the folder.
func TestVersionFolderErrors(t *testing.T) {
	root := writeTree(t, map[string]string{"svc/stable/2024-02-01/readme.md": "no spec"})
	for _, tt := range []struct{ version, folder, words string }{
		{"2024-01-01", "svc/stable/2024-01-01", "cannot read the API version folder"},
		{"2024-01-01-preview", "svc/preview/2024-01-01-preview", "cannot read"},
		{"2024-02-01", "svc/stable/2024-02-01", "expected Swagger .json files"},
		{"../2024", "svc/2024", "expected an API version folder name"},
	} {
		_, _, err := NewLoader(root).Load(svcDir, tt.version)
		var e *model.Error
		if !errors.As(err, &e) || e.At.File != filepath.Join(root, filepath.FromSlash(tt.folder)) || !strings.Contains(e.Message, tt.words) {
			t.Errorf("Load(%q): %v, want an error at %s saying %q", tt.version, err, tt.folder, tt.words)
		}
	}
}
