package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// widen copies each resource and definition, pointing the copies' local $refs
// and ARM types at the copies and leaving the originals and other refs alone.
func TestWidenCopiesWithTheirOwnRefsAndTypes(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	schema := `{"resourceDefinitions": {"things": {"properties": {
	    "type": {"enum": ["P.Q/things"]},
	    "spec": {"$ref": "#/definitions/Spec"},
	    "common": {"$ref": "https://example/common.json#/definitions/X"}}}},
	  "definitions": {"Spec": {"type": "string"}}}`
	if err := os.WriteFile(in, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := widenCmd([]string{"-in", in, "-out", out, "-provider", "P.Q", "-width", "2"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	copied := got["resourceDefinitions"]["w1things"].(map[string]any)["properties"].(map[string]any)
	want := map[string]any{
		"type":   map[string]any{"enum": []any{"P.Q/w1things"}},
		"spec":   map[string]any{"$ref": "#/definitions/w1Spec"},
		"common": map[string]any{"$ref": "https://example/common.json#/definitions/X"},
	}
	if !reflect.DeepEqual(copied, want) {
		t.Errorf("the copy of things is %v, want %v", copied, want)
	}
	if _, ok := got["definitions"]["w1Spec"]; !ok {
		t.Errorf("definitions lack w1Spec: %v", got["definitions"])
	}
	original := got["resourceDefinitions"]["things"].(map[string]any)["properties"].(map[string]any)["spec"]
	if !reflect.DeepEqual(original, map[string]any{"$ref": "#/definitions/Spec"}) {
		t.Errorf("the original changed: %v", original)
	}
}
