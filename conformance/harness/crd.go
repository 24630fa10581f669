package harness

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/randfill"

	armruntime "github.com/armhub/armhub/runtime"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

// CRDs checks every CRD YAML file in files (a service's crd.Files): it decodes
// strictly as apiextensions.k8s.io/v1, its names and versions are consistent
// (exactly one storage version, version names valid), the schema of every
// version is structural as the API server requires, and every version has a
// registered Go type none of whose fields (filled at random, property bags
// included) the API server would prune. And every resource kind the adders
// register has a CRD (EveryKindHasCRD).
func CRDs(t *testing.T, files fs.FS, adders ...func(*runtime.Scheme) error) {
	t.Helper()
	scheme, err := NewScheme(adders...)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(files, "*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no CRD files found (%v)", err)
	}
	covered := map[schema.GroupKind]bool{}
	for _, name := range names {
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			crd, err := conversionwebhook.ReadCRD(files, name)
			if err != nil {
				t.Fatal(err)
			}
			covered[schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}] = true
			for _, problem := range crdProblems(crd) {
				t.Errorf("%s: %s", name, problem)
			}
			for _, v := range crd.Spec.Versions {
				if err := checkVersion(scheme, crd, v); err != nil {
					t.Errorf("%s, version %s: %v", name, v.Name, err)
				}
			}
		})
	}
	EveryKindHasCRD(t, scheme, covered)
}

// EveryKindHasCRD fails t for each resource kind registered in scheme (a kind
// registered with its List in a named group) that covered, the kinds of the
// CRDs read, lacks: a CRD lost (say, overwritten by another of the same file
// name) would otherwise go unnoticed, as only the CRDs that exist are checked.
func EveryKindHasCRD(t testing.TB, scheme *runtime.Scheme, covered map[schema.GroupKind]bool) {
	t.Helper()
	for _, gk := range resourceKinds(scheme) {
		if !covered[gk] {
			t.Errorf("kind %s is registered (with its List) but no CRD file holds it", gk)
		}
	}
}

// resourceKinds returns, sorted, the kinds of scheme's named groups registered
// in some version together with their List.
func resourceKinds(scheme *runtime.Scheme) []schema.GroupKind {
	known := scheme.AllKnownTypes()
	seen := map[schema.GroupKind]bool{}
	var kinds []schema.GroupKind
	for gvk := range known {
		list := gvk.GroupVersion().WithKind(gvk.Kind + "List")
		if _, isResource := known[list]; !isResource || gvk.Group == "" || seen[gvk.GroupKind()] {
			continue
		}
		seen[gvk.GroupKind()] = true
		kinds = append(kinds, gvk.GroupKind())
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].String() < kinds[j].String() })
	return kinds
}

// crdProblems lists what the API server would refuse in the CRD's names and
// version list.
func crdProblems(crd *apiextensionsv1.CustomResourceDefinition) []string {
	var problems []string
	spec := crd.Spec
	if want := spec.Names.Plural + "." + spec.Group; crd.Name != want {
		problems = append(problems, fmt.Sprintf("metadata.name %q, want %q", crd.Name, want))
	}
	// The API server's rules (apiextensions validation): plural and singular
	// are DNS-1035 labels, and so are kind and list kind in lower case.
	for _, n := range []string{spec.Names.Plural, spec.Names.Singular, strings.ToLower(spec.Names.Kind), strings.ToLower(spec.Names.ListKind)} {
		for _, msg := range validation.IsDNS1035Label(n) {
			problems = append(problems, fmt.Sprintf("name %q: %s", n, msg))
		}
	}
	storage := 0
	seen := map[string]bool{}
	for _, v := range spec.Versions {
		if v.Storage {
			storage++
		}
		if seen[v.Name] {
			problems = append(problems, "version "+v.Name+" listed twice")
		}
		seen[v.Name] = true
		for _, msg := range validation.IsDNS1035Label(v.Name) {
			problems = append(problems, fmt.Sprintf("version %q: %s", v.Name, msg))
		}
	}
	if storage != 1 {
		problems = append(problems, fmt.Sprintf("%d storage versions, want exactly 1", storage))
	}
	return problems
}

// checkVersion checks one version's schema is structural and keeps every field
// of the version's Go type.
func checkVersion(scheme *runtime.Scheme, crd *apiextensionsv1.CustomResourceDefinition, v apiextensionsv1.CustomResourceDefinitionVersion) error {
	structural, err := structuralOf(v)
	if err != nil {
		return err
	}
	gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
	// Pruning depends only on which fields are set: with nothing left nil every
	// field (down to the filler's depth) is set in every object, so two do.
	filler := newFullFiller(Seed()).NumElements(1, 1).Funcs(func(bag *armruntime.PropertyBag, c randfill.Continue) {
		*bag = armruntime.PropertyBag{"k" + randomLabel(c): `"v"`}
	})
	for i := 0; i < min(Count(), 2); i++ {
		obj, err := scheme.New(gvk)
		if err != nil {
			return fmt.Errorf("no Go type registered for %s: %w", gvk, err)
		}
		filler.Fill(obj)
		obj.GetObjectKind().SetGroupVersionKind(gvk)
		// Through JSON, as the API server sees it (runtime's unstructured
		// converter caches every struct field it meets and slows to a crawl on
		// services with thousands of types).
		data, err := json.Marshal(obj)
		if err != nil {
			return err
		}
		var content map[string]any
		if err := json.Unmarshal(data, &content); err != nil {
			return err
		}
		pruned := pruning.PruneWithOptions(content, structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true})
		if len(pruned) > 0 {
			sort.Strings(pruned)
			return fmt.Errorf("%s: the API server would drop %s", replay("<test>", i), strings.Join(pruned, ", "))
		}
	}
	return nil
}

func structuralOf(v apiextensionsv1.CustomResourceDefinitionVersion) (*structuralschema.Structural, error) {
	if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		return nil, fmt.Errorf("no openAPIV3Schema")
	}
	internal := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, internal, nil); err != nil {
		return nil, err
	}
	structural, err := structuralschema.NewStructural(internal)
	if err != nil {
		return nil, fmt.Errorf("schema is not structural: %w", err)
	}
	if errs := structuralschema.ValidateStructural(field.NewPath("openAPIV3Schema"), structural); len(errs) > 0 {
		return nil, fmt.Errorf("schema is not structural: %w", errs.ToAggregate())
	}
	return structural, nil
}
