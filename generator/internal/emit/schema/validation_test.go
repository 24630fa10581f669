package schema

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// validationSamples give a field each validation of the table; a new entry
// needs one here.
var validationSamples = map[string]func(f *golang.Field){
	"MinLength":  func(f *golang.Field) { f.Validation.MinLength = ptr[int64](3) },
	"MaxLength":  func(f *golang.Field) { f.Validation.MaxLength = ptr[int64](63) },
	"Pattern":    func(f *golang.Field) { f.Validation.Pattern = `^[a-z]+"\d*$` },
	"Minimum":    func(f *golang.Field) { f.Validation.Minimum = ptr(-1.5) },
	"Maximum":    func(f *golang.Field) { f.Validation.Maximum = ptr(1e6) },
	"MultipleOf": func(f *golang.Field) { f.Validation.MultipleOf = ptr(0.25) },
	"MinItems":   func(f *golang.Field) { f.Validation.MinItems = ptr[int64](1) },
	"MaxItems":   func(f *golang.Field) { f.Validation.MaxItems = ptr[int64](10) },
	"Format":     func(f *golang.Field) { f.Format = "date-time" },
}

// Every validation of the table, on a string field and on an array of strings,
// gives exactly one marker and exactly one schema keyword, of the same name and
// value, both on the items or both on the field.
func TestValidationMarkerMatchesSchema(t *testing.T) {
	str := &golang.Type{Kind: model.KindPrimitive, Builtin: "string"}
	for _, v := range validations {
		sample, ok := validationSamples[v.name]
		if !ok {
			t.Errorf("validation %s has no sample in validationSamples", v.name)
			continue
		}
		for _, typ := range []*golang.Type{str, {Kind: model.KindArray, Elem: str}} {
			f := &golang.Field{Name: "F", JSONName: "f", Type: typ}
			sample(f)
			checkValidation(t, v, f)
		}
	}
}

func checkValidation(t *testing.T, v validation, f *golang.Field) {
	t.Helper()
	markers := Markers(f)
	if len(markers) != 1 {
		t.Fatalf("%s on %s: markers %q, want one", v.name, f.Type, markers)
	}
	marker := strings.TrimPrefix(markers[0], "kubebuilder:validation:")
	schema := schemaMap(t, appliedSchema(f))
	if strings.HasPrefix(marker, "items:") {
		marker = strings.TrimPrefix(marker, "items:")
		schema, _ = schema["items"].(map[string]any)
	}
	name, value, _ := strings.Cut(marker, "=")
	if unquoted, err := strconv.Unquote(value); err == nil {
		value = unquoted
	}
	keyword := strings.ToLower(name[:1]) + name[1:]
	if got := keywords(schema); !reflect.DeepEqual(got, []string{keyword}) {
		t.Errorf("%s on %s: marker %s, schema keywords %q", v.name, f.Type, markers[0], got)
		return
	}
	if got := yamlText(t, schema[keyword]); got != value {
		t.Errorf("%s on %s: marker value %q, schema value %q", v.name, f.Type, value, got)
	}
}

// Every validation the model knows is in the table.
func TestValidationTableCoversModel(t *testing.T) {
	names := map[string]bool{}
	for _, v := range validations {
		names[v.name] = true
	}
	fields := reflect.TypeOf(model.Validation{})
	for i := range fields.NumField() {
		if name := fields.Field(i).Name; !names[name] {
			t.Errorf("model.Validation.%s has no entry in validations", name)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// appliedSchema returns the schema of f (a string or a list of strings) with
// f's validations applied, as the CRD emitter does.
func appliedSchema(f *golang.Field) *apiextensionsv1.JSONSchemaProps {
	s := &apiextensionsv1.JSONSchemaProps{Type: "string"}
	if f.Type.Kind == model.KindArray {
		s = &apiextensionsv1.JSONSchemaProps{Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: s}}
	}
	Apply(s, f)
	return s
}

// schemaMap returns s as the generic JSON the API server reads.
func schemaMap(t *testing.T, s *apiextensionsv1.JSONSchemaProps) map[string]any {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// keywords returns the validation keywords of a schema: all but its type and items.
func keywords(schema map[string]any) []string {
	var out []string
	for k := range schema {
		if k != "type" && k != "items" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func yamlText(t *testing.T, v any) string {
	t.Helper()
	data, err := yaml.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var s string
	if err := yaml.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}
