package golang

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

func objectType(name string) *model.Type {
	return &model.Type{Kind: model.KindObject, Name: name}
}

// collidingVersion has a resource whose Kind, MaintenanceWindow, is also the
// Go name of a definition and of a synthesized type, and a definition Sku
// next to a synthesized s-ku.
func collidingVersion() *model.APIVersion {
	const file = "2020-01-01/P.json#"
	prop := func(name, object string) *model.Property {
		return &model.Property{Name: name, Type: objectType(object), Source: file + "/p/" + name}
	}
	objects := []*model.Object{
		{Name: "maintenanceWindows_Spec", Source: file + "/resourceDefinitions/maintenanceWindows", Properties: []*model.Property{
			prop("a", "MaintenanceWindow"), prop("b", "maintenance-window"), prop("c", "Sku"), prop("d", "s-ku"),
		}},
		{Name: "MaintenanceWindow", Source: file + "/definitions/MaintenanceWindow"},
		{Name: "maintenance-window", Source: file + "/resourceDefinitions/maintenanceWindows/properties/b"},
		{Name: "Sku", Source: file + "/definitions/Sku"},
		{Name: "s-ku", Source: file + "/definitions/Other/properties/sku"},
	}
	v := &model.APIVersion{Version: "2020-01-01", Provider: "P", Objects: map[string]*model.Object{}, Enums: map[string]*model.Enum{}}
	for _, o := range objects {
		v.Objects[o.Name] = o
	}
	v.Resources = []*model.Resource{{Name: "maintenanceWindows", ARMType: "P/maintenanceWindows", Spec: "maintenanceWindows_Spec", Source: file + "/resourceDefinitions/maintenanceWindows"}}
	return v
}

func TestNamesCollidingAfterGoCasingAreSuffixed(t *testing.T) {
	for i := 0; i < 5; i++ { // the same whatever the map order
		pkg, err := BuildNamed(collidingVersion(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		spec := pkg.Struct("MaintenanceWindow_Spec")
		want := map[string]string{"a": "*MaintenanceWindow_1", "b": "*MaintenanceWindow_2", "c": "*Sku", "d": "*SKu_1"}
		for _, f := range spec.Fields {
			if f.Type.String() != want[f.JSONName] {
				t.Errorf("field %s: %s, want %s", f.JSONName, f.Type, want[f.JSONName])
			}
		}
		if len(pkg.Notes) != 3 {
			t.Fatalf("notes %q", pkg.Notes)
		}
		for j, w := range []string{
			`2020-01-01/P.json#/definitions/MaintenanceWindow: "MaintenanceWindow" would be the Go type MaintenanceWindow, which the kind of resource "maintenanceWindows" has`,
			`#/resourceDefinitions/maintenanceWindows/properties/b: "maintenance-window"`,
			`#/definitions/Other/properties/sku: "s-ku" would be the Go type SKu, which "Sku" has (ignoring case): it is SKu_1 instead`,
		} {
			if !strings.Contains(pkg.Notes[j], w) {
				t.Errorf("note %d %q lacks %q", j, pkg.Notes[j], w)
			}
		}
	}
}

func TestKindsStillMayNotCollide(t *testing.T) {
	v := collidingVersion()
	v.Resources = append(v.Resources, &model.Resource{Name: "maintenance_windows", Spec: "maintenanceWindows_Spec", Source: "x#/resourceDefinitions/maintenance_windows"})
	v.Resources[1].Name = "Maintenance-Windows"
	_, err := BuildNamed(v, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "x#/resourceDefinitions/maintenance_windows: \"Maintenance-Windows\" and \"maintenanceWindows\" (at 2020-01-01/P.json#/resourceDefinitions/maintenanceWindows) both become the Go name MaintenanceWindow") {
		t.Errorf("error %v", err)
	}
}

func TestScopeAndExternalOwnerAreCarried(t *testing.T) {
	v := &model.APIVersion{Version: "2020-01-01", Provider: "P", Enums: map[string]*model.Enum{}, Objects: map[string]*model.Object{
		"locks_Spec": {Name: "locks_Spec", Source: "f#/extension_resourceDefinitions/locks"},
	}}
	v.Resources = []*model.Resource{{Name: "locks", Spec: "locks_Spec", Owner: "vaults", OwnerExternal: true,
		Scope: model.ScopeExtension, Source: "f#/extension_resourceDefinitions/locks"}}
	pkg, err := BuildNamed(v, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := pkg.Resources[0]
	if r.Scope != model.ScopeExtension || !r.OwnerExternal || r.OwnerKind != "Vault" {
		t.Errorf("resource %+v", r)
	}
}

// Two resources whose kinds are too long for Kubernetes and shorten to one
// kind (their parents' initials agree) are an error saying so; one alone gets
// the shorter kind, noted, and so do two whose initials differ.
func TestShortenedKindsMayNotCollide(t *testing.T) {
	long := func(parent string) *model.Resource {
		name := parent + "_privateEndpointConnections"
		return &model.Resource{Name: name, Spec: name + "_Spec", Source: "x#/resourceDefinitions/" + name}
	}
	version := func(resources ...*model.Resource) *model.APIVersion {
		v := &model.APIVersion{Version: "2020-01-01", Provider: "P", Enums: map[string]*model.Enum{}, Objects: map[string]*model.Object{}, Resources: resources}
		for _, r := range resources {
			v.Objects[r.Spec] = &model.Object{Name: r.Spec, Source: r.Source}
		}
		return v
	}
	pkg, err := BuildNamed(version(long("privateLinkServicesForM365SecurityCenter")), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Notes) != 1 || !strings.Contains(pkg.Notes[0], "is the kind PLSFM365SCPrivateEndpointConnection, its parents' names shortened") {
		t.Errorf("notes %q", pkg.Notes)
	}
	pkg, err = BuildNamed(version(long("privateLinkServicesForM365SecurityCenter"), long("privateLinkServicesForM365ComplianceCenter")), nil, nil)
	if err != nil || len(pkg.Notes) != 2 {
		t.Fatalf("two parents with other initials: %v, notes %q", err, pkg.Notes)
	}
	_, err = BuildNamed(version(long("privateLinkServicesForM365SecurityCenter"), long("privateLinkServicesForM365SharedCenter")), nil, nil)
	if err == nil || !strings.Contains(err.Error(), "both become the Go name PLSFM365SCPrivateEndpointConnection") || !strings.Contains(err.Error(), "shortened its parents' names to fit the 58 characters") {
		t.Errorf("error %v", err)
	}
}
