package augment

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// graph returns the conversion graph of one version with two resources:
// things (spec Thing_Spec holding a Part) and others (spec Other_Spec).
func graph(t *testing.T) *conversion.Graph {
	t.Helper()
	g, err := conversion.Build([]*conversion.Version{{Spoke: spoke(t, "2021-01-01"), Storage: golang.StoragePackage(spoke(t, "2021-01-01"))}}, conversion.Renames{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// spoke returns the spoke package of version of the service of graph.
func spoke(t *testing.T, version string) *golang.Package {
	t.Helper()
	str := &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	object := func(name string, props ...*model.Property) *model.Object {
		return &model.Object{Name: name, Properties: props, Source: "2021-01-01#" + name}
	}
	api := &model.APIVersion{
		Version: version, Provider: "Example.Things",
		Resources: []*model.Resource{
			{Name: "things", ARMType: "Example.Things/things", Spec: "Thing_Spec"},
			{Name: "others", ARMType: "Example.Things/others", Spec: "Other_Spec"},
		},
		Objects: map[string]*model.Object{
			"Thing_Spec": object("Thing_Spec", &model.Property{Name: "part", Type: &model.Type{Kind: model.KindObject, Name: "Part"}}),
			"Part":       object("Part", &model.Property{Name: "label", Type: str}),
			"Other_Spec": object("Other_Spec", &model.Property{Name: "label", Type: str}),
		},
	}
	pkg, err := golang.BuildNamed(api, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A hand-written AssignPropertiesTo on a struct one kind reaches marks that
// kind only; generated files and tests with the same method do not count.
func TestKindsFindsHandwrittenAugmentations(t *testing.T) {
	g := graph(t)
	dir := t.TempDir()
	storage := filepath.Join(dir, layout.PackageDir(g.Versions[0].Spoke.Name, layout.Storage))
	method := "func (p *Part) AssignPropertiesTo(any) error { return nil }\n"
	writeFile(t, filepath.Join(storage, "part.go"), "package storage\n\n"+method)
	writeFile(t, filepath.Join(dir, g.Versions[0].Spoke.Name, "other_test.go"), "package x\n\nfunc (p *Other_Spec) AssignPropertiesTo(any) error { return nil }\n")
	writeFile(t, filepath.Join(dir, g.Versions[0].Spoke.Name, "other_gen.go"), "package x\n\nfunc (p *Other_Spec) AssignPropertiesFrom(any) error { return nil }\n")
	writeFile(t, filepath.Join(dir, g.Versions[0].Spoke.Name, "other.go"), layout.GeneratedGo+"\n\npackage x\n\nfunc (p *Other_Spec) AssignPropertiesFrom(any) error { return nil }\n")
	found, err := Augmented(dir, g)
	if err != nil {
		t.Fatal(err)
	}
	kinds := Kinds(g, found)
	if len(kinds) != 1 || kinds[0] != "Thing" {
		t.Errorf("kinds = %v, want [Thing]", kinds)
	}
	found, err = Augmented("", g)
	if none := Kinds(g, found); err != nil || none != nil {
		t.Errorf("Kinds without a module = %v, %v; want none", none, err)
	}
}

// A hand-written file that does not parse is an error naming it.
func TestKindsReportsUnparsableFiles(t *testing.T) {
	g := graph(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, g.Versions[0].Spoke.Name, "broken.go")
	writeFile(t, bad, "package x\n\nfunc (\n")
	if _, err := Augmented(dir, g); err == nil || !strings.Contains(err.Error(), "broken.go") {
		t.Errorf("err = %v, want one naming broken.go", err)
	}
}

// Hand-written code in a package of a version that leaves the module is an
// error naming the file: it would stay behind without its package.
func TestHandwrittenCodeOfAVersionThatLeaves(t *testing.T) {
	old, current := spoke(t, "2020-01-01"), spoke(t, "2021-01-01")
	g, err := conversion.Build([]*conversion.Version{
		{Index: 0, Spoke: old, Storage: golang.StoragePackage(old), Leaves: true},
		{Index: 1, Spoke: current, Storage: golang.StoragePackage(current)},
	}, conversion.Renames{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, old.Name, "doc.go"), "package "+old.Name+"\n")
	_, err = Augmented(dir, g)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(old.Name, "doc.go")) || !strings.Contains(err.Error(), "2020-01-01, which has expired and leaves the module") {
		t.Fatalf("error %v, want one naming %s/doc.go and the version", err, old.Name)
	}
}
