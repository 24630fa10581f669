package armschema

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
)

// bundled returns the bundled schema files (metadata/schemas), for seeds.
func bundled(f *testing.F) (providers []string, common string) {
	f.Helper()
	root := filepath.Join("..", "..", "..", "metadata", "schemas")
	files, err := filepath.Glob(filepath.Join(root, "*", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if filepath.Base(filepath.Dir(file)) == "common" {
			common = string(data)
		} else {
			providers = append(providers, string(data))
		}
	}
	return providers, common
}

// smallSeeds are short schemas using the constructs the loader handles, which
// the fuzzer mutates more productively than whole files.
var smallSeeds = []string{
	numberRes,
	oneRes(`"p": {"oneOf": [{"type": "number"}, `+expr+`]}`, ""),
	`{"resourceDefinitions": {"r": {"properties": {"type": {"enum": ["P/r"]}, "p": {"$ref": "#/definitions/A"}}}},
  "definitions": {"A": {"allOf": [{"$ref": "#/definitions/B"}], "properties": {"a": {"type": "string", "minLength": 1}}},
    "B": {"type": "object", "properties": {"b": {"type": "integer", "maximum": 3}}, "required": ["b"]}}}`,
	`{"resourceDefinitions": {"r": {"properties": {"type": {"enum": ["P/r"]},
  "m": {"type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "#/definitions/N"}}},
  "u": {"oneOf": [{"$ref": "#/definitions/N"}, {"type": "object", "properties": {"x": {"const": 1}}}]}}},
  "r_c": {"properties": {"type": {"enum": ["P/r/c"]}, "e": {"enum": ["a", "b"]}}}},
  "definitions": {"N": {"type": "object", "properties": {"next": {"$ref": "#/definitions/N"}, "v": {"type": "boolean"}}}}}`,
	`{"resourceDefinitions": {"r": {"properties": {"type": {"enum": ["P/r"]},
  "w": {"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/Widget"},
  "s": {"allOf": [{"$ref": "https://schema.management.azure.com/schemas/common/definitions.json#/definitions/shared"}]}}}}}`,
	`{"resourceDefinitions": {"rs": {"properties": {"type": {"enum": ["P/rs"]}, "p": {"$ref": "#/definitions/R"}, "q": {"$ref": "#/definitions/r"}}}},
  "tenant_resourceDefinitions": {"Rs": {"properties": {"type": {"enum": ["P/rs"]}}}, "rs_c": {"properties": {"type": {"enum": ["P/rs/c"]}}}},
  "definitions": {"R": {"type": "object", "properties": {"a": {"type": "string"}}}, "r": {"type": "object", "properties": {"b": {"type": "string"}}}}}`,
}

// fuzzDeadline bounds one input: a fuzz target that takes longer crashes, which
// records the input.
const fuzzDeadline = 10 * time.Second

// FuzzLoad loads a provider file and a common/definitions.json, and builds the
// Go view of what loads: neither may panic, and each either succeeds or fails
// with an error naming one of the two files.
func FuzzLoad(f *testing.F) {
	providers, common := bundled(f)
	for _, p := range providers {
		f.Add([]byte(p), []byte(common))
	}
	for _, seed := range smallSeeds {
		f.Add([]byte(seed), []byte(testCommon))
	}
	root := f.TempDir()
	path := filepath.Join(root, filepath.FromSlash(testFile))
	commonPath := filepath.Join(root, "common", "definitions.json")
	for _, dir := range []string{filepath.Dir(path), filepath.Dir(commonPath)} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, provider, common []byte) {
		hang := time.AfterFunc(fuzzDeadline, func() {
			panic(fmt.Sprintf("loading takes over %s on %q with common %q", fuzzDeadline, provider, common))
		})
		defer hang.Stop()
		if err := os.WriteFile(path, provider, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(commonPath, common, 0o644); err != nil {
			t.Fatal(err)
		}
		v, _, err := NewLoader(root).Load(path)
		if err != nil {
			namesFile(t, err, path, commonPath)
			return
		}
		if _, err := golang.BuildNamed(v, nil, nil); err != nil {
			namesFile(t, err, testFile, "common/definitions.json")
		}
	})
}

func namesFile(t *testing.T, err error, files ...string) {
	t.Helper()
	for _, file := range files {
		if strings.Contains(err.Error(), file) {
			return
		}
	}
	t.Fatalf("error %q names none of %v", err, files)
}
