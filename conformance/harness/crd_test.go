package harness

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/armhub/armhub/runtime/conversionwebhook"
)

var testGroup = schema.GroupVersion{Group: "things.example.armhub.io", Version: "v20210101"}

type thing struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (t *thing) DeepCopyObject() runtime.Object { c := *t; return &c }

type thingList struct {
	metav1.TypeMeta
	metav1.ListMeta
}

func (t *thingList) DeepCopyObject() runtime.Object { c := *t; return &c }

// addThings registers the resource kinds Widget and Gadget (each with its
// List) as generated code does, meta types included.
func addThings(scheme *runtime.Scheme) error {
	for _, kind := range []string{"Widget", "Gadget"} {
		scheme.AddKnownTypeWithName(testGroup.WithKind(kind), &thing{})
		scheme.AddKnownTypeWithName(testGroup.WithKind(kind+"List"), &thingList{})
	}
	metav1.AddToGroupVersion(scheme, testGroup)
	return nil
}

func crdFile(kind string) string {
	plural := strings.ToLower(kind) + "s"
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %s.%s
spec:
  group: %s
  names: {kind: %s, listKind: %sList, plural: %s, singular: %s}
  scope: Namespaced
  versions: []
`, plural, testGroup.Group, testGroup.Group, kind, kind, plural, strings.ToLower(kind))
}

// recorder is a testing.TB that records errors instead of failing.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// coverage runs EveryKindHasCRD on the CRDs of files and returns its errors.
func coverage(t *testing.T, files fs.FS) []string {
	scheme, err := NewScheme(addThings)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	covered := map[schema.GroupKind]bool{}
	for _, name := range names {
		crd, err := conversionwebhook.ReadCRD(files, name)
		if err != nil {
			t.Fatal(err)
		}
		covered[schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}] = true
	}
	r := &recorder{}
	EveryKindHasCRD(r, scheme, covered)
	return r.errors
}

// With a CRD per registered kind the check passes; with one removed it names
// the kind (meta types such as WatchEvent are not resources).
func TestEveryKindHasCRD(t *testing.T) {
	files := fstest.MapFS{
		"things.example.armhub.io_widgets.yaml": {Data: []byte(crdFile("Widget"))},
		"things.example.armhub.io_gadgets.yaml": {Data: []byte(crdFile("Gadget"))},
	}
	if errs := coverage(t, files); len(errs) > 0 {
		t.Fatalf("every kind has its CRD, yet: %v", errs)
	}
	delete(files, "things.example.armhub.io_gadgets.yaml")
	errs := coverage(t, files)
	if len(errs) != 1 || !strings.Contains(errs[0], "Gadget.things.example.armhub.io") {
		t.Fatalf("with the Gadget CRD removed: errors %q, want one naming Gadget", errs)
	}
	t.Log(errs[0])
}

// A kind whose list kind is over 63 characters is refused by the API server
// (apiextensions validation), so the CRD check names it.
func TestCRDProblemsNameALongListKind(t *testing.T) {
	kind := strings.Repeat("K", 61)
	crd := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "things.example.com"},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{Group: "example.com", Names: apiextensionsv1.CustomResourceDefinitionNames{
			Plural: "things", Singular: "thing", Kind: kind, ListKind: kind + "List"},
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Storage: true}}},
	}
	problems := crdProblems(crd)
	if len(problems) != 1 || !strings.Contains(problems[0], strings.ToLower(kind)+"list") {
		t.Errorf("problems %q, want one naming the list kind", problems)
	}
	crd.Spec.Names.Kind, crd.Spec.Names.ListKind = "Thing", "ThingList"
	if problems := crdProblems(crd); len(problems) != 0 {
		t.Errorf("a valid CRD: %q", problems)
	}
}
