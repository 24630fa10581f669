package swagger_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/armschema"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/swagger"
)

// The real Microsoft.ManagedIdentity inputs in both formats (../shared/specs,
// read in place).
const (
	msiDir   = "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity"
	provider = "Microsoft.ManagedIdentity"
)

// crossCheckDifferences lists every difference between the spec types the two
// formats give for the API versions both describe, with the reason. Anything
// else that differs fails the test, as does a listed difference that is gone.
// A difference is "<version> <Kind>: <JSON path>: <what>".
var crossCheckDifferences = map[string]string{
	"2015-08-31-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2018-11-30 UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                                  "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2021-09-30-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2022-01-31-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2023-01-31 UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                                  "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2023-07-31-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2024-11-30 UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                                  "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2025-01-31-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2025-05-31-preview UserAssignedIdentity: spec.location: required false in the deployment schema, true in Swagger":                                          "the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it",
	"2022-01-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":           "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2023-01-31 UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":                   "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2023-07-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":           "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2024-11-30 UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":                   "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2025-01-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":           "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2025-05-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties: required true in the deployment schema, false in Swagger":           "the deployment schema requires the child's properties object; the Swagger definition (a ProxyResource) leaves it optional",
	"2024-11-30 UserAssignedIdentity: spec.properties: required true in the deployment schema, false in Swagger":                                                "the deployment schema requires properties; the Swagger definition leaves it optional",
	"2024-11-30 UserAssignedIdentity: spec.properties.isolationScope: enum [None Regional] in the deployment schema, [None Regional] (open) in Swagger":         "Swagger marks the enum modelAsString: true (an open set, so no enum validation that would refuse a value Azure adds); the deployment schema lists the values as a closed enum",
	"2025-05-31-preview UserAssignedIdentity: spec.properties: required true in the deployment schema, false in Swagger":                                        "the deployment schema requires properties; the Swagger definition leaves it optional",
	"2025-05-31-preview UserAssignedIdentity: spec.properties.isolationScope: enum [None Regional] in the deployment schema, [None Regional] (open) in Swagger": "Swagger marks the enum modelAsString: true (an open set, so no enum validation that would refuse a value Azure adds); the deployment schema lists the values as a closed enum",
	"2025-01-31-preview UserAssignedIdentitiesFlexibleFederatedIdentityCredential: only in Swagger":                                                             "the 2025-01-31-preview deployment schema has no flexibleFederatedIdentityCredentials resource; the Swagger file adds it (PUT and GET)",
	"2025-01-31-preview UserAssignedIdentity: spec.properties: only in Swagger":                                                                                 "the 2025-01-31-preview deployment schema gives user-assigned identities no properties at all; the Swagger file keeps them",
	"2025-05-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties.claimsMatchingExpression: only in the deployment schema":             "the deployment schema still carries the claims expression of 2025-01-31-preview; the Swagger file of 2025-05-31-preview dropped it",
	"2025-05-31-preview UserAssignedIdentitiesFederatedIdentityCredential: spec.properties.subject: required false in the deployment schema, true in Swagger":   "with the claims expression gone, the Swagger file requires subject again; the deployment schema keeps it optional as in 2025-01-31-preview",
}

// For every API version both formats describe, the spec types generated from
// Swagger equal those from the deployment schemas: the same resources, the
// same properties at the same JSON paths, of the same types, required alike,
// with the same enum values and validations.
func TestSpecsMatchTheDeploymentSchemas(t *testing.T) {
	armRoot, swaggerRoot := sharedSpecs(t, "arm-schemas/schemas"), sharedSpecs(t, "swagger")
	versions := bothFormats(t, armRoot, swaggerRoot)
	if len(versions) != 9 {
		t.Errorf("%d API versions in both formats, want 9: %v", len(versions), versions)
	}
	var found []string
	for _, v := range versions {
		fromARM := buildVersion(t, "ARM", func() (*model.APIVersion, error) {
			api, _, err := armschema.NewLoader(armRoot).Load(filepath.Join(armRoot, v, provider+".json"))
			return api, err
		})
		fromSwagger := buildVersion(t, "Swagger", func() (*model.APIVersion, error) {
			api, _, err := swagger.NewLoader(swaggerRoot).Load(msiDir, v)
			return api, err
		})
		found = append(found, compareSpecs(v, fromARM, fromSwagger)...)
	}
	for _, d := range found {
		if _, ok := crossCheckDifferences[d]; !ok {
			t.Errorf("unexplained difference: %s", d)
		}
	}
	for d := range crossCheckDifferences {
		if !slices.Contains(found, d) {
			t.Errorf("listed difference not found (remove it from crossCheckDifferences): %s", d)
		}
	}
}

func sharedSpecs(t *testing.T, dir string) string {
	t.Helper()
	root := filepath.Join("..", "..", "..", "..", "shared", "specs", dir)
	if _, err := os.Stat(root); err != nil {
		if os.Getenv("TEST_SRCDIR") != "" {
			t.Skipf("the real specs are outside Bazel's sandbox (tools/real-spec-tests.sh runs this test with plain Go): %v", err)
		}
		t.Fatalf("the real specs are not at %s (../shared/specs beside the repository): %v", root, err)
	}
	return root
}

// bothFormats returns the API versions of the provider with a deployment
// schema and a Swagger folder.
func bothFormats(t *testing.T, armRoot, swaggerRoot string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(armRoot, "*", provider+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var versions []string
	for _, f := range files {
		v := filepath.Base(filepath.Dir(f))
		stage := "stable"
		if strings.HasSuffix(v, "-preview") {
			stage = "preview"
		}
		if _, err := os.Stat(filepath.Join(swaggerRoot, msiDir, stage, v)); err == nil {
			versions = append(versions, v)
		}
	}
	sort.Strings(versions)
	return versions
}

func buildVersion(t *testing.T, format string, load func() (*model.APIVersion, error)) *golang.Package {
	t.Helper()
	api, err := load()
	if err != nil {
		t.Fatalf("loading from %s: %v", format, err)
	}
	pkg, err := golang.BuildNamed(api, nil, nil)
	if err != nil {
		t.Fatalf("building the Go view of %s %s: %v", format, api.Version, err)
	}
	return pkg
}

// compareSpecs lists how the spec types of b differ from those of a.
func compareSpecs(version string, a, b *golang.Package) []string {
	var out []string
	kinds := map[string][2]*golang.Resource{}
	for _, r := range a.Resources {
		kinds[r.Kind] = [2]*golang.Resource{r, nil}
	}
	for _, r := range b.Resources {
		kinds[r.Kind] = [2]*golang.Resource{kinds[r.Kind][0], r}
	}
	for _, kind := range jsonfile.SortedKeys(kinds) {
		pair := kinds[kind]
		prefix := version + " " + kind + ": "
		switch {
		case pair[0] == nil:
			out = append(out, prefix+"only in Swagger")
		case pair[1] == nil:
			out = append(out, prefix+"only in the deployment schema")
		default:
			c := &comparer{a: a, b: b, prefix: prefix}
			c.structs("spec", pair[0].Spec, pair[1].Spec)
			out = append(out, c.out...)
		}
	}
	return out
}

type comparer struct {
	a, b   *golang.Package
	prefix string
	out    []string
}

func (c *comparer) differ(path, format string, args ...any) {
	c.out = append(c.out, c.prefix+path+": "+fmt.Sprintf(format, args...))
}

func (c *comparer) structs(path string, a, b *golang.Struct) {
	fields := map[string][2]*golang.Field{}
	for _, f := range a.Fields {
		fields[f.JSONName] = [2]*golang.Field{f, nil}
	}
	for _, f := range b.Fields {
		fields[f.JSONName] = [2]*golang.Field{fields[f.JSONName][0], f}
	}
	for _, name := range jsonfile.SortedKeys(fields) {
		pair, at := fields[name], path+"."+name
		switch {
		case pair[0] == nil:
			c.differ(at, "only in Swagger")
		case pair[1] == nil:
			c.differ(at, "only in the deployment schema")
		default:
			c.fields(at, pair[0], pair[1])
		}
	}
}

func (c *comparer) fields(path string, a, b *golang.Field) {
	if a.Required != b.Required {
		c.differ(path, "required %v in the deployment schema, %v in Swagger", a.Required, b.Required)
	}
	if validation(a.Validation) != validation(b.Validation) {
		c.differ(path, "validation %s in the deployment schema, %s in Swagger", validation(a.Validation), validation(b.Validation))
	}
	c.types(path, a.Type, b.Type)
}

func (c *comparer) types(path string, a, b *golang.Type) {
	if a.Kind != b.Kind {
		c.differ(path, "a %s in the deployment schema, a %s in Swagger", shape(c.a, a), shape(c.b, b))
		return
	}
	switch a.Kind {
	case model.KindPrimitive:
		if a.Builtin != b.Builtin {
			c.differ(path, "%s in the deployment schema, %s in Swagger", a.Builtin, b.Builtin)
		}
	case model.KindEnum:
		if va, vb := enumValues(c.a, a.Named), enumValues(c.b, b.Named); va != vb {
			c.differ(path, "enum %s in the deployment schema, %s in Swagger", va, vb)
		}
	case model.KindObject:
		sa, sb := c.a.Struct(a.Named), c.b.Struct(b.Named)
		if sa == nil || sb == nil { // a runtime type, such as the owner reference
			if a.Named != b.Named {
				c.differ(path, "%s in the deployment schema, %s in Swagger", a.Named, b.Named)
			}
			return
		}
		c.structs(path, sa, sb)
	case model.KindArray, model.KindMap:
		c.types(path+"[]", a.Elem, b.Elem)
	}
}

func shape(pkg *golang.Package, t *golang.Type) string {
	switch t.Kind {
	case model.KindPrimitive:
		return t.Builtin
	case model.KindEnum:
		return "enum " + enumValues(pkg, t.Named)
	case model.KindObject:
		return "object"
	case model.KindArray:
		return "list"
	case model.KindMap:
		return "map"
	}
	return "free-form JSON value"
}

func enumValues(pkg *golang.Package, name string) string {
	e := pkg.Enum(name)
	var values []string
	for _, v := range e.Values {
		values = append(values, v.JSON)
	}
	sort.Strings(values)
	open := ""
	if e.Open {
		open = " (open)"
	}
	return "[" + strings.Join(values, " ") + "]" + open
}

func validation(v model.Validation) string {
	if v.IsZero() {
		return "none"
	}
	var parts []string
	add := func(name string, set bool, value any) {
		if set {
			parts = append(parts, fmt.Sprintf("%s=%v", name, value))
		}
	}
	add("minLength", v.MinLength != nil, deref(v.MinLength))
	add("maxLength", v.MaxLength != nil, deref(v.MaxLength))
	add("pattern", v.Pattern != "", v.Pattern)
	add("minimum", v.Minimum != nil, deref(v.Minimum))
	add("maximum", v.Maximum != nil, deref(v.Maximum))
	add("multipleOf", v.MultipleOf != nil, deref(v.MultipleOf))
	add("minItems", v.MinItems != nil, deref(v.MinItems))
	add("maxItems", v.MaxItems != nil, deref(v.MaxItems))
	return strings.Join(parts, " ")
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
