package conversion

import (
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

var (
	str    = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	number = &model.Type{Kind: model.KindPrimitive, Primitive: model.Integer}
)

func object(name string) *model.Type { return &model.Type{Kind: model.KindObject, Name: name} }

// version makes an API version with one resource, "things", whose spec has the
// given properties; objects lists further object types (each with one "label").
func version(t *testing.T, index VersionIndex, apiVersion string, class lifecycle.Classification, props map[string]*model.Type, objects ...string) *Version {
	t.Helper()
	spec := &model.Object{Name: "things_Spec"}
	for name, typ := range props {
		spec.Properties = append(spec.Properties, &model.Property{Name: name, Type: typ})
	}
	api := &model.APIVersion{
		Version: apiVersion, Provider: "Example.Things",
		Resources: []*model.Resource{{Name: "things", ARMType: "Example.Things/things", Spec: "things_Spec"}},
		Objects:   map[string]*model.Object{"things_Spec": spec},
	}
	for _, o := range objects {
		api.Objects[o] = &model.Object{Name: o, Properties: []*model.Property{{Name: "label", Type: str}}, Source: apiVersion + "#" + o}
	}
	spoke, err := golang.BuildNamed(api, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Version{Index: index, Spoke: spoke, Storage: golang.StoragePackage(spoke), Classification: class}
}

func TestHubIsLatestStableNotExpired(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", "", nil),
		version(t, 1, "2020-06-01-preview", "", nil),
		version(t, 2, "2021-01-01", lifecycle.Expired, nil),
	}
	g, err := Build(versions, Renames{})
	if err != nil {
		t.Fatal(err)
	}
	if hub := g.Hubs["Thing"]; hub != 0 {
		t.Errorf("hub = %s, want 2020-01-01 (2021-01-01 is expired, 2020-06-01-preview is a preview)", g.apiVersion(hub))
	}
}

// The hub is never a version that is unavailable at the generation's instant
// (its storage version would not be served): the stable version before it is.
func TestHubIsNeverUnavailable(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", lifecycle.Deprecated, nil),
		version(t, 1, "2020-06-01-preview", lifecycle.Preview, nil),
		version(t, 2, "2021-01-01", lifecycle.Unavailable, nil),
	}
	g, err := Build(versions, Renames{})
	if err != nil {
		t.Fatal(err)
	}
	if hub := g.Hubs["Thing"]; hub != 0 {
		t.Errorf("hub = %s, want 2020-01-01 (2021-01-01 is unavailable, 2020-06-01-preview is a preview)", g.apiVersion(hub))
	}
	versions[0].Classification = lifecycle.Expired
	if g, err = Build(versions, Renames{}); err != nil {
		t.Fatal(err)
	}
	if hub := g.Hubs["Thing"]; hub != 1 {
		t.Errorf("hub = %s, want the preview 2020-06-01-preview (no stable version can be the hub)", g.apiVersion(hub))
	}
}

func TestHubFallsBackToLatestPreview(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01-preview", "", nil),
		version(t, 1, "2020-06-01-preview", "", nil),
	}
	g, err := Build(versions, Renames{})
	if err != nil {
		t.Fatal(err)
	}
	if hub := g.Hubs["Thing"]; hub != 1 {
		t.Errorf("hub = %s, want the latest preview", g.apiVersion(hub))
	}
}

// A property that is a string, then gone, then an object holds two shapes: each
// gets its own bag key, so a bag never mixes them.
func TestRetypedPropertyGetsSeparateBagKeys(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", "", map[string]*model.Type{"domain": str}),
		version(t, 1, "2020-02-01", "", nil),
		version(t, 2, "2020-03-01", "", map[string]*model.Type{"domain": object("Domain")}, "Domain"),
	}
	g, err := Build(versions, Renames{})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, l := range g.Links {
		for _, f := range l.Fields {
			if f.Mode == Bag {
				keys[f.Key] = true
				if f.Compat != nil {
					t.Errorf("a string and an object need no compat, got %s", f.Compat.Name)
				}
			}
		}
	}
	if !keys["Domain"] || !keys["Domain@v20200301"] || len(keys) != 2 {
		t.Errorf("bag keys = %v, want Domain and Domain@v20200301", keys)
	}
}

// An object property removed and reintroduced (same type name, other shape) is
// kept in the gap version's bag in its earlier shape, through a compat clone.
func TestSkippingObjectPropertyUsesCompat(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", "", map[string]*model.Type{"address": object("Address")}, "Address"),
		version(t, 1, "2020-02-01", "", nil),
		version(t, 2, "2020-03-01", "", map[string]*model.Type{"address": object("Address")}, "Address"),
	}
	g, err := Build(versions, Renames{})
	if err != nil {
		t.Fatal(err)
	}
	compat := g.Compat[1]
	if len(compat) != 1 || compat[0].Name != "Address" || g.CompatOrigin(1, "Address") != 0 {
		t.Fatalf("compat of 2020-02-01 = %v, want a clone of 2020-01-01's Address", compat)
	}
	if len(g.Compat[0]) != 0 || len(g.Compat[2]) != 0 {
		t.Errorf("only the gap version needs compat: %v", g.Compat)
	}
}

func TestRemovalsAreReportedRenamesAreNot(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", "", map[string]*model.Type{"colour": str, "size": number}),
		version(t, 1, "2020-02-01", "", map[string]*model.Type{"color": str}),
	}
	g, err := Build(versions, Renames{Properties: []PropertyRename{{Type: "Thing_Spec", From: "colour", To: "color", Since: "2020-02-01"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Removals) != 1 || g.Removals[0].Property != "size" {
		t.Errorf("removals = %+v, want only size (colour is renamed)", g.Removals)
	}
}

// A rename cycle, which metadata checks reject, still cannot make planning loop.
func TestRenameCyclesTerminate(t *testing.T) {
	versions := []*Version{
		version(t, 0, "2020-01-01", "", map[string]*model.Type{"colour": str}, "Shade"),
		version(t, 1, "2020-02-01", "", map[string]*model.Type{"color": str}, "Tint"),
		version(t, 2, "2020-03-01", "", map[string]*model.Type{"colour": str}, "Shade"),
	}
	renames := Renames{
		Properties: []PropertyRename{
			{Type: "Thing_Spec", From: "colour", To: "color", Since: "2020-02-01"},
			{Type: "Thing_Spec", From: "color", To: "colour", Since: "2020-03-01"},
		},
		Types: []TypeRename{{From: "Shade", To: "Tint", Since: "2020-02-01"}, {From: "Tint", To: "Shade", Since: "2020-03-01"}},
	}
	done := make(chan error, 1)
	go func() {
		_, err := Build(versions, renames)
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("planning with a rename cycle did not finish")
	}
}
