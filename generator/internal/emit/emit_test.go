package emit

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func ptr[T any](v T) *T { return &v }

// tinyVersion is a hand-made API version that uses each kind of type once.
func tinyVersion() *model.APIVersion {
	str := &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	return &model.APIVersion{
		Version: "2021-04-01", Provider: "Example.Things",
		Resources: []*model.Resource{
			{Name: "widgets", ARMType: "Example.Things/widgets", Spec: "widgets_Spec", Description: "A widget."},
			{Name: "widgets_parts", ARMType: "Example.Things/widgets/parts", Spec: "widgets_parts_Spec", Owner: "widgets"},
		},
		Objects: map[string]*model.Object{
			"widgets_Spec": {Name: "widgets_Spec", Properties: []*model.Property{
				{Name: "azureName", Type: str, Validation: model.Validation{MinLength: ptr[int64](3), Pattern: "^[a-z]+$"}},
				{Name: "colour", Type: &model.Type{Kind: model.KindEnum, Name: "Colour"}, Required: true},
				{Name: "labels", Type: &model.Type{Kind: model.KindMap, Elem: str}},
				{Name: "settings", Type: &model.Type{Kind: model.KindObject, Name: "Settings"}},
				{Name: "size", Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.Integer}, Validation: model.Validation{Minimum: ptr(1.0), Maximum: ptr(10.0)}},
			}},
			"widgets_parts_Spec": {Name: "widgets_parts_Spec", Properties: []*model.Property{
				{Name: "azureName", Type: str},
				{Name: "extra", Type: &model.Type{Kind: model.KindAny}},
			}},
			"Settings": {Name: "Settings", Description: "Widget settings.\n+ not a marker", Properties: []*model.Property{
				{Name: "created", Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String, Format: "date-time"}},
				{Name: "enabled", Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.Boolean}, Required: true},
				{Name: "grid", Type: &model.Type{Kind: model.KindArray, Elem: &model.Type{Kind: model.KindArray, Elem: &model.Type{Kind: model.KindPrimitive, Primitive: model.Number}}}},
				{Name: "nested", Type: &model.Type{Kind: model.KindArray, Elem: &model.Type{Kind: model.KindObject, Name: "Settings_Nested"}}},
				{Name: "byName", Type: &model.Type{Kind: model.KindMap, Elem: &model.Type{Kind: model.KindObject, Name: "Settings_Nested"}}},
			}},
			"Settings_Nested": {Name: "Settings_Nested", Properties: []*model.Property{{Name: "value", Type: str}}},
		},
		Enums: map[string]*model.Enum{
			"Colour": {Name: "Colour", Base: model.String, Values: []string{"Blue", "dark-red", "green_ish"}},
		},
	}
}

func TestSpokeAndCRDGolden(t *testing.T) {
	pkg, err := golang.Build(tinyVersion(), nil)
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Group: "things.example.armhub.io", ImportPath: "example.com/things/v20210401", Dir: "v20210401", Version: "v20210401"}
	files, err := SpokeFiles(pkg, target)
	if err != nil {
		t.Fatal(err)
	}
	webhook := Webhook{Service: "things-webhook", Namespace: "things", Path: "/convert/things", Port: 8443, Certificate: "things/things-cert"}
	crd, err := CRD(target.Group, "Widget", []CRDVersion{{Name: "v20210401", Package: pkg, Served: true, Storage: true}}, webhook)
	if err != nil {
		t.Fatal(err)
	}
	files["crd/widgets.yaml"] = crd
	files["v20210401/BUILD.bazel"] = BuildFile("v20210401", target.ImportPath, []string{"//runtime", "@io_k8s_apimachinery//pkg/runtime"})
	for _, path := range files.Paths() {
		checkGolden(t, path, files[path])
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	golden := filepath.Join("testdata", "golden", strings.ReplaceAll(path, "/", "__")+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs from %s; run go test -update and review the diff", path, golden)
	}
}

// A file imports exactly the packages of its table whose names its code uses.
func TestImportsFollowSelectors(t *testing.T) {
	g := newGoFile("things")
	g.printf("func f(runtime int) error {\n\treturn fmt.Errorf(\"%%v %%v\", metav1.Now(), unknown.X)\n}\n")
	got, err := g.bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := "import (\n\t\"fmt\"\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n)\n"
	if !strings.Contains(string(got), want) || strings.Contains(string(got), "runtime\"") {
		t.Errorf("imports of\n%s\nwant\n%s", got, want)
	}
}
