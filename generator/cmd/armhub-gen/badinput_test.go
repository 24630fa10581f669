package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const badMetadata = `service: things
provider: Example.Things
group: things.example.armhub.io
module:
  path: github.com/armhub/armhub/apis/things
schemas: schemas
versions:
  - version: "2021-01-01"
`

const common = `{"definitions": {"expression": {"type": "string"}}}`

// schema returns a provider schema whose widgets resource has the given
// definitions and a spec property "part" referring to #/definitions/Part.
func schema(definitions string) string {
	return `{
  "resourceDefinitions": {
    "widgets": {
      "type": "object",
      "properties": {
        "apiVersion": {"type": "string", "enum": ["2021-01-01"]},
        "type": {"type": "string", "enum": ["Example.Things/widgets"]},
        "name": {"type": "string"},
        "part": {"$ref": "#/definitions/Part"}
      }
    }
  },
  "definitions": ` + definitions + `
}`
}

// Each kind of bad input fails the whole run with an error naming the place.
func TestBadInputsNameThePlace(t *testing.T) {
	cases := map[string]struct {
		metadata, schema string
		want             []string
	}{
		"malformed JSON": {badMetadata, `{"resourceDefinitions": {`,
			[]string{"Example.Things.json"}},
		"dangling $ref": {badMetadata, schema(`{"Other": {"type": "object", "properties": {"a": {"type": "string"}}}}`),
			[]string{"Example.Things.json", "#/resourceDefinitions/widgets/properties/part", "Part"}},
		"$ref cycle": {badMetadata, schema(`{"Part": {"$ref": "#/definitions/Loop"}, "Loop": {"$ref": "#/definitions/Part"}}`),
			[]string{"Example.Things.json", "#/definitions/"}},
		"unknown metadata key": {badMetadata + "colour: blue\n", schema(`{"Part": {"type": "string"}}`),
			[]string{"things.yaml", "line 9", "colour"}},
		"names differing only in case": {badMetadata, schema(`{"Part": {"type": "object", "properties": {"a": {"type": "string"}}}, "part": {"type": "object", "properties": {"b": {"type": "string"}}}}`),
			[]string{"Example.Things.json", "#/definitions/"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "things.yaml"), c.metadata)
			write(t, filepath.Join(dir, "schemas", "common", "definitions.json"), common)
			write(t, filepath.Join(dir, "schemas", "2021-01-01", "Example.Things.json"), c.schema)
			err := run([]string{"-metadata", filepath.Join(dir, "things.yaml"), "-out", filepath.Join(dir, "out")}, &bytes.Buffer{})
			if err == nil {
				t.Fatal("generation succeeded")
			}
			t.Logf("error: %v", err)
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not contain %q", err, want)
				}
			}
			if _, statErr := os.Stat(filepath.Join(dir, "out")); statErr == nil {
				t.Errorf("a failed run wrote output")
			}
		})
	}
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
