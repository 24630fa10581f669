package armschema

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

const res = "/resourceDefinitions/things"

func TestSchemaErrors(t *testing.T) {
	tests := []struct {
		name, props, defs, pointer string
		words                      []string
	}{
		{"dangling local ref", `"p": {"$ref": "#/definitions/Missing"}`, "",
			res + "/properties/p/$ref", []string{"dangling", "Missing"}},
		{"dangling common ref", `"p": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/nope"}`, "",
			res + "/properties/p/$ref", []string{"dangling", "common/definitions.json", "nope"}},
		{"dangling ref in a oneOf", `"p": {"oneOf": [{"$ref": "#/definitions/Gone"}, ` + expr + `]}`, "",
			res + "/properties/p/oneOf/0/$ref", []string{"dangling", "Gone"}},
		{"ref to another file", `"p": {"$ref": "other.json#/definitions/X"}`, "",
			res + "/properties/p/$ref", []string{"another file"}},
		{"ref not to a definition", `"p": {"$ref": "#/resourceDefinitions/things"}`, "",
			res + "/properties/p/$ref", []string{"#/definitions/<name>"}},
		{"ref cycle", `"p": {"$ref": "#/definitions/A"}`, `"A": {"$ref": "#/definitions/B"}, "B": {"oneOf": [{"$ref": "#/definitions/A"}, ` + expr + `]}`,
			"/definitions/A", []string{"cycle", "/definitions/B"}},
		{"allOf cycle", `"p": {"$ref": "#/definitions/A"}`, `"A": {"allOf": [{"$ref": "#/definitions/B"}]}, "B": {"allOf": [{"$ref": "#/definitions/A"}]}`,
			"/definitions/A", []string{"allOf", "cycle"}},
		{"oneOf and anyOf", `"p": {"oneOf": [{"type": "string"}], "anyOf": [{"type": "string"}]}`, "",
			res + "/properties/p/anyOf", []string{"anyOf", "oneOf"}},
		{"oneOf and anyOf in an object", `"p": {"type": "object", "oneOf": [{"type": "object"}], "anyOf": [{"type": "object"}]}`, "",
			res + "/properties/p/anyOf", []string{"oneOf and anyOf cannot be used together"}},
		{"not", `"p": {"type": "string", "not": {"enum": ["x"]}}`, "",
			res + "/properties/p/not", []string{"unsupported keyword", "not"}},
		{"unknown keyword", `"p": {"type": "object", "patternProperties": {}}`, "",
			res + "/properties/p/patternProperties", []string{"patternProperties"}},
		{"common unsupported keyword", `"p": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/locations"}`, "",
			"common:/definitions/locations/not", []string{"unsupported keyword", "not"}},
		{"type array", `"p": {"type": ["string", "null"]}`, "",
			res + "/properties/p/type", []string{"type arrays"}},
		{"unknown type", `"p": {"type": "null"}`, "",
			res + "/properties/p/type", []string{"unsupported type", "null"}},
		{"ref with siblings", `"p": {"$ref": "#/definitions/A", "required": ["x"]}`, `"A": {"type": "object", "properties": {"x": {"type": "string"}}}`,
			res + "/properties/p/required", []string{"required", "$ref"}},
		{"properties differ in case", `"p": {"type": "object", "properties": {"Size": {"type": "string"}, "size": {"type": "string"}}}`, "",
			res + "/properties/p/properties/size", []string{"Size", "size", "case"}},
		{"allOf properties differ in case", `"p": {"allOf": [{"properties": {"Size": {"type": "string"}}}, {"properties": {"size": {"type": "string"}}}]}`, "",
			res + "/properties/p/allOf/1/properties/size", []string{"case"}},
		{"enum values differ in case", `"p": {"type": "string", "enum": ["Basic", "basic"]}`, "",
			res + "/properties/p/enum", []string{"Basic", "basic", "case"}},
		{"union alternatives differ in case", `"p": {"oneOf": [{"$ref": "#/definitions/Cat"}, {"$ref": "#/definitions/cat2"}, {"$ref": "#/definitions/Cat"}]}`,
			`"Cat": {"type": "object", "properties": {"a": {"type": "string"}}}, "cat2": {"type": "object", "properties": {"b": {"type": "string"}}}`,
			res + "/properties/p/oneOf/2", []string{"case"}},
		{"only an expression", `"p": {"oneOf": [` + expr + `]}`, "",
			res + "/properties/p/oneOf", []string{"no usable type"}},
		{"validation without type", `"p": {"pattern": "^a$"}`, "",
			res + "/properties/p/pattern", []string{"pattern"}},
		{"validation of another type", `"p": {"type": "integer", "minLength": 1}`, "",
			res + "/properties/p/minLength", []string{"minLength", "integer"}},
		{"bad validation value", `"p": {"type": "string", "maxLength": -1}`, "",
			res + "/properties/p/maxLength", []string{"non-negative integer"}},
		{"conflicting declarations", `"p": {"allOf": [{"properties": {"x": {"type": "string"}}}, {"properties": {"x": {"type": "integer"}}}]}`, "",
			res + "/properties/p/allOf/1/properties/x", []string{"declared as integer", "string"}},
		{"disjoint enums", `"p": {"allOf": [{"properties": {"x": {"enum": ["a"]}}}, {"properties": {"x": {"enum": ["b"]}}}]}`, "",
			res + "/properties/p/allOf/1/properties/x", []string{"declared as"}},
		{"conflicting validations", `"p": {"allOf": [{"properties": {"x": {"type": "string", "pattern": "a"}}}, {"properties": {"x": {"type": "string", "pattern": "b"}}}]}`, "",
			res + "/properties/p/allOf/1/properties/x", []string{"pattern"}},
		{"undeclared required", `"p": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["b"]}`, "",
			res + "/properties/p/required", []string{`"b"`, "not declared"}},
		{"mixed enum", `"p": {"enum": ["a", 1]}`, "",
			res + "/properties/p/enum/1", []string{"mixes"}},
		{"enum value of the wrong type", `"p": {"type": "integer", "enum": [1, 2.5]}`, "",
			res + "/properties/p/enum/1", []string{"not a valid integer"}},
		{"null enum value", `"p": {"type": "string", "enum": [null]}`, "",
			res + "/properties/p/enum/0", []string{"null"}},
		{"enum of objects", `"p": {"type": "object", "enum": [{}]}`, "",
			res + "/properties/p/enum", []string{"enum", "object schema"}},
		{"two unions", `"p": {"allOf": [{"oneOf": [{"type": "string"}, {"type": "integer"}]}, {"oneOf": [{"type": "string"}, {"type": "boolean"}]}]}`, "",
			res + "/properties/p/allOf/1", []string{"two oneOfs"}},
		{"object member of another type", `"p": {"allOf": [{"type": "string"}]}`, "",
			res + "/properties/p/allOf/0/type", []string{"object schema"}},
		{"tuple items", `"p": {"type": "array", "items": [{"type": "string"}]}`, "",
			res + "/properties/p/items", []string{"schema object"}},
		{"schema that is not an object", `"p": true`, "",
			res + "/properties/p", []string{"schema object", "boolean"}},
		{"bad additionalProperties", `"p": {"type": "object", "additionalProperties": "yes"}`, "",
			res + "/properties/p/additionalProperties", []string{"boolean or a schema"}},
		{"array keyword on a string", `"p": {"type": "string", "items": {"type": "string"}}`, "",
			res + "/properties/p/items", []string{"items", "string"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, path := writeRoot(t, oneRes(tt.props, tt.defs))
			pointer, inCommon := strings.CutPrefix(tt.pointer, "common:")
			_, _, err := NewLoader(root).Load(path)
			if inCommon {
				path = filepath.Join(root, "common", "definitions.json")
			}
			checkErr(t, err, path, pointer, tt.words...)
		})
	}
}

func TestFileErrors(t *testing.T) {
	tests := []struct {
		name, content, pointer string
		words                  []string
	}{
		{"resources differ in case", file(resource("things", "P/things", "")+","+resource("Things", "P/Things", ""), ""),
			"/resourceDefinitions/things", []string{"case", `is also the resource of 2020-01-01/Test.Provider.json#/resourceDefinitions/Things`, "one resource per type and scope"}},
		{"resource without a type enum", file(`"things": {"type": "object", "properties": {"type": {"type": "string"}}}`, ""),
			res + "/properties/type", []string{"enum", "resource type"}},
		{"resource without a type", file(`"things": {"type": "object", "properties": {"name": {"type": "string"}}}`, ""),
			res, []string{"no type property"}},
		{"resource declaring azureName", file(resource("things", "P/things", `"azureName": {"type": "string"}`), ""),
			res + "/properties/azureName", []string{`"azureName" is reserved`, "name property"}},
		{"resource union with its type only in its variants", file(`"things": {"oneOf": [{"properties": {"type": {"enum": ["P/a"]}}}, {"properties": {"type": {"enum": ["P/b"]}}}]}`, ""),
			res, []string{"no type property"}},
		{"unsupported top-level key", `{"resourceDefinitions": {}, "variables": {}}`,
			"/variables", []string{"top-level"}},
		{"no resourceDefinitions", `{"definitions": {}}`, "", []string{"resourceDefinitions"}},
		{"definitions not an object", `{"resourceDefinitions": {}, "definitions": []}`, "/definitions", []string{"definitions"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loadErr(t, tt.content, tt.pointer, tt.words...)
		})
	}
}

func TestMalformedJSON(t *testing.T) {
	tests := []struct {
		name, content string
		line          int
		words         []string
	}{
		{"syntax error", "{\n  \"resourceDefinitions\": {\n    \"a\": [1,, 2]\n  }\n}", 3, []string{"3:", "malformed JSON"}},
		{"truncated", "{\n  \"resourceDefinitions\": {", 2, []string{"unexpected end"}},
		{"duplicate key", "{\n  \"definitions\": {},\n  \"definitions\": {}\n}", 3, []string{"3:16", "duplicate", "definitions"}},
		{"trailing data", "{}\n{}", 2, []string{"2:"}},
		{"not an object", "[]", 0, []string{"top level"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, path := writeRoot(t, tt.content)
			_, _, err := NewLoader(root).Load(path)
			var e *model.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *model.Error", err)
			}
			if e.At.File != path || e.At.Line != tt.line {
				t.Errorf("error at %s line %d, want %s line %d: %v", e.At.File, e.At.Line, path, tt.line, err)
			}
			for _, w := range tt.words {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// numberRes is a file with one resource whose only $ref is to common.
const numberRes = `{"resourceDefinitions": {"things": {"type": "object", "properties": {
  "type": {"enum": ["P/things"]},
  "n": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/numberOrExpression"}}}}}`

func TestMissingFiles(t *testing.T) {
	root, path := writeRoot(t, numberRes)
	if err := os.Remove(filepath.Join(root, "common", "definitions.json")); err != nil {
		t.Fatal(err)
	}
	_, _, err := NewLoader(root).Load(path)
	checkErr(t, err, path, res+"/properties/n/$ref", "common", "definitions.json")

	missing := filepath.Join(root, "2020-01-01", "Missing.json")
	_, _, err = NewLoader(root).Load(missing)
	checkErr(t, err, missing, "", "cannot read")

	for _, bad := range []string{filepath.Join(root, "2020-01-01", "schema.yaml"), "Loose.json"} {
		if _, _, err := NewLoader(root).Load(bad); err == nil {
			t.Errorf("loading %s succeeded", bad)
		}
	}
}

func TestBrokenCommon(t *testing.T) {
	root, path := writeRoot(t, numberRes)
	common := filepath.Join(root, "common", "definitions.json")
	write(t, common, `{"definitions": {"numberOrExpression": {"type": "number", "exclusiveMinimum": true}}}`)
	_, _, err := NewLoader(root).Load(path)
	checkErr(t, err, common, "/definitions/numberOrExpression/exclusiveMinimum", "exclusiveMinimum")
}

// Without common/, the template-expression alternative is still recognised by
// its reference, so a real defect is reported where it is, and a good file
// loads without naming common/definitions.json as an input, whether it exists
// or not.
func TestExpressionWithoutCommon(t *testing.T) {
	root, path := writeRoot(t, oneRes(`"p": {"oneOf": [{"type": "strin"}, `+expr+`]}`, ""))
	if err := os.RemoveAll(filepath.Join(root, "common")); err != nil {
		t.Fatal(err)
	}
	_, _, err := NewLoader(root).Load(path)
	checkErr(t, err, path, res+"/properties/p/oneOf/0/type", "strin")

	write(t, path, oneRes(`"p": {"oneOf": [{"type": "string"}, `+expr+`]}`, ""))
	loader := NewLoader(root)
	if _, _, err := loader.Load(path); err != nil {
		t.Fatalf("Load: %v", err)
	}
	if slices.Contains(loader.Files(), commonRel) {
		t.Error("Files() lists common/definitions.json, but there is no common/definitions.json")
	}
	write(t, filepath.Join(root, "common", "definitions.json"), testCommon)
	loader = NewLoader(root)
	if _, _, err := loader.Load(path); err != nil {
		t.Fatalf("Load: %v", err)
	}
	if slices.Contains(loader.Files(), commonRel) {
		t.Error("Files() lists common/definitions.json, but only the expression was referred to, which needs no file")
	}
}

// A reference into common/definitions.json other than the expression reads the
// file, which is then one of the generation's inputs.
func TestCommonReadIsAnInput(t *testing.T) {
	root, path := writeRoot(t, oneRes(`"weight": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/numberOrExpression"}`, ""))
	loader := NewLoader(root)
	if _, _, err := loader.Load(path); err != nil {
		t.Fatalf("Load: %v", err)
	}
	if !slices.Contains(loader.Files(), commonRel) {
		t.Error("Files() does not list common/definitions.json, but numberOrExpression was read from common/definitions.json")
	}
}
