package statusschema

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// The CRDs checked: every bundled module's, and those under the folders
// ARMHUB_CRD_DIRS names (colon-separated; tools/check-real-schemas.sh passes
// the real services' crd folders).
func crdFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "apis", "*", "crd", "*_*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range filepath.SplitList(os.Getenv("ARMHUB_CRD_DIRS")) {
		more, err := filepath.Glob(filepath.Join(dir, "*_*.yaml")) // <group>_<plural>.yaml, not kustomization.yaml
		if err != nil || len(more) == 0 {
			t.Fatalf("ARMHUB_CRD_DIRS names %s, which holds no CRD (%v)", dir, err)
		}
		files = append(files, more...)
	}
	sort.Strings(files)
	return files
}

func TestNoValidationUnderStatus(t *testing.T) {
	files := crdFiles(t)
	if len(files) == 0 {
		t.Skip("no CRD found beside this checkout (run from the repository)")
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var crd apiextensionsv1.CustomResourceDefinition
		if err := yaml.UnmarshalStrict(data, &crd); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, v := range crd.Spec.Versions {
			status, ok := v.Schema.OpenAPIV3Schema.Properties["status"]
			if !ok {
				t.Errorf("%s %s: no status schema", f, v.Name)
				continue
			}
			for _, found := range validations("status", &status) {
				t.Errorf("%s %s: %s", f, v.Name, found)
			}
			checked++
		}
	}
	t.Logf("%d CRD files, %d versions: no validation under status", len(files), checked)
}

// validations lists the validation keywords set in s and below it, each as
// "<path>: <keyword>".
func validations(path string, s *apiextensionsv1.JSONSchemaProps) []string {
	var out []string
	for _, k := range keywords(s) {
		out = append(out, path+": "+k)
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name]
		out = append(out, validations(path+"."+name, &p)...)
	}
	if s.Items != nil && s.Items.Schema != nil {
		out = append(out, validations(path+"[]", s.Items.Schema)...)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		out = append(out, validations(path+"{}", s.AdditionalProperties.Schema)...)
	}
	return out
}

// keywords names the validation keywords s itself sets.
func keywords(s *apiextensionsv1.JSONSchemaProps) []string {
	set := map[string]bool{
		"format": s.Format != "", "pattern": s.Pattern != "", "enum": len(s.Enum) > 0,
		"required": len(s.Required) > 0, "minimum": s.Minimum != nil, "maximum": s.Maximum != nil,
		"exclusiveMinimum": s.ExclusiveMinimum, "exclusiveMaximum": s.ExclusiveMaximum,
		"multipleOf": s.MultipleOf != nil, "minLength": s.MinLength != nil, "maxLength": s.MaxLength != nil,
		"minItems": s.MinItems != nil, "maxItems": s.MaxItems != nil, "uniqueItems": s.UniqueItems,
		"minProperties": s.MinProperties != nil, "maxProperties": s.MaxProperties != nil,
		"x-kubernetes-validations": len(s.XValidations) > 0, "oneOf/anyOf/allOf/not": len(s.OneOf)+len(s.AnyOf)+len(s.AllOf) > 0 || s.Not != nil,
	}
	var out []string
	for k, on := range set {
		if on {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func TestKeywordsAreFound(t *testing.T) {
	one := int64(1)
	s := apiextensionsv1.JSONSchemaProps{Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
		"count": {Type: "integer", Minimum: new(float64)},
		"names": {Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &apiextensionsv1.JSONSchemaProps{Type: "string", Format: "uuid", MinLength: &one}}},
		"plain": {Type: "string"},
	}, Required: []string{"count"}}
	got := strings.Join(validations("status", &s), "; ")
	want := "status: required; status.count: minimum; status.names[]: format; status.names[]: minLength"
	if got != want {
		t.Errorf("validations = %q, want %q", got, want)
	}
}
