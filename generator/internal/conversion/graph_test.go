package conversion

import (
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
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
	labelled := map[string]map[string]*model.Type{}
	for _, o := range objects {
		labelled[o] = map[string]*model.Type{"label": str}
	}
	return versionOf(t, index, apiVersion, class, props, labelled)
}

// versionOf is version with the object types given whole: each one's
// properties by name.
func versionOf(t *testing.T, index VersionIndex, apiVersion string, class lifecycle.Classification, props map[string]*model.Type, objects map[string]map[string]*model.Type) *Version {
	t.Helper()
	api := &model.APIVersion{
		Version: apiVersion, Provider: "Example.Things",
		Resources: []*model.Resource{{Name: "things", ARMType: "Example.Things/things", Spec: "things_Spec"}},
		Objects:   map[string]*model.Object{"things_Spec": {Name: "things_Spec", Properties: properties(props)}},
	}
	for o, props := range objects {
		api.Objects[o] = &model.Object{Name: o, Properties: properties(props), Source: apiVersion + "#" + o}
	}
	spoke, err := golang.BuildNamed(api, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Version{Index: index, Spoke: spoke, Storage: golang.StoragePackage(spoke), Classification: class}
}

// properties returns the properties of the given names and types.
func properties(props map[string]*model.Type) []*model.Property {
	var out []*model.Property
	for name, typ := range props {
		out = append(out, &model.Property{Name: name, Type: typ})
	}
	return out
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

// twoShapes makes the versions of TestTwoCompatShapesOfOneName: "first" holds
// 2020-01-01's Ref, "second" 2020-02-01's (another shape, with an Inner of
// another shape that holds itself); 2020-03-01 has neither, and 2020-04-01
// has both again, so the bag of 2020-03-01 holds each in its earlier shape.
func twoShapes(t *testing.T) []*Version {
	refs := func(inner map[string]*model.Type, ref ...string) map[string]map[string]*model.Type {
		props := map[string]*model.Type{"inner": object("Inner")}
		for _, p := range ref {
			props[p] = str
		}
		return map[string]map[string]*model.Type{"Ref": props, "Inner": inner}
	}
	return []*Version{
		versionOf(t, 0, "2020-01-01", "", map[string]*model.Type{"first": object("Ref")},
			refs(map[string]*model.Type{"a": str}, "id")),
		versionOf(t, 1, "2020-02-01", "", map[string]*model.Type{"second": object("Ref")},
			refs(map[string]*model.Type{"b": number, "next": object("Inner")}, "uri")),
		versionOf(t, 2, "2020-03-01", "", nil, nil),
		versionOf(t, 3, "2020-04-01", "", map[string]*model.Type{"first": object("Ref"), "second": object("Ref")},
			refs(map[string]*model.Type{"a": str, "b": number, "next": object("Inner")}, "id", "uri")),
	}
}

// One compat package needs two shapes of one struct name (from two versions):
// the second takes the first free Name_1 (naming.Underscore), its fields name
// the renamed clones of what they hold (Inner_1, itself included), the same
// versions always give the same names, and each shape round-trips: the bag
// holds it under its own key through its own clone, and each clone converts
// into the next version's struct field by field, keeping in its bag what it
// has no field for.
func TestTwoCompatShapesOfOneName(t *testing.T) {
	g, err := Build(twoShapes(t), Renames{})
	if err != nil {
		t.Fatal(err)
	}
	origins := map[string]VersionIndex{"Ref": 0, "Inner": 0, "Ref_1": 1, "Inner_1": 1}
	clones := map[string]*golang.Struct{}
	for _, c := range g.Compat[2] {
		clones[c.Name] = c
		if want, ok := origins[c.Name]; !ok || g.CompatOrigin(2, c.Name) != want {
			t.Errorf("compat %s of 2020-03-01 comes from %s; want the clones %v", c.Name, g.apiVersion(g.CompatOrigin(2, c.Name)), origins)
		}
	}
	if len(clones) != len(origins) || len(g.Compat) != 1 {
		t.Fatalf("compat structs = %v, want only 2020-03-01's %v", g.Compat, origins)
	}
	for name, fields := range map[string]map[string]string{"Ref": {"Inner": "Inner"}, "Ref_1": {"Inner": "Inner_1"}, "Inner_1": {"Next": "Inner_1"}} {
		for field, want := range fields {
			if got := fieldNamed(clones[name], field).Type.Named; got != want {
				t.Errorf("%s.%s is a %s, want %s", name, field, got, want)
			}
		}
	}
	checkCompatBag(t, g, map[string]string{"First": "Ref", "Second": "Ref_1"})
	for _, c := range g.Compat[2] {
		checkCompatLink(t, g, c, strings.TrimSuffix(c.Name, "_1"))
	}
	for range 20 {
		again, err := Build(twoShapes(t), Renames{})
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range again.Compat[2] {
			if c.Name != g.Compat[2][i].Name {
				t.Fatalf("another build named the compat structs %v, then %v", g.Compat[2], again.Compat[2])
			}
		}
	}
}

// checkCompatBag checks that the spec's link from 2020-03-01 to 2020-04-01
// keeps each property (by bag key) through the compat struct named in want,
// in that struct's shape.
func checkCompatBag(t *testing.T, g *Graph, want map[string]string) {
	t.Helper()
	l := g.linkSet[linkKey{2, 3, layout.Storage, layout.Storage, "Thing_Spec", "Thing_Spec"}]
	if l == nil {
		t.Fatal("no link between the specs of 2020-03-01 and 2020-04-01")
	}
	for _, plan := range l.Fields {
		if plan.Mode != Bag || plan.Compat == nil || want[plan.Key] != plan.Compat.Name || plan.Shape.Named != plan.Compat.Name {
			t.Errorf("%s is kept as %+v, want through the compat %s", plan.Key, plan, want[plan.Key])
		}
		delete(want, plan.Key)
	}
	if len(want) > 0 {
		t.Errorf("the bag does not keep %v", want)
	}
}

// checkCompatLink checks that compat struct c of 2020-03-01 converts into the
// struct origin of 2020-04-01 without losing anything: each of its fields
// assigned to the field of that JSON name, the other's further fields kept in
// its bag.
func checkCompatLink(t *testing.T, g *Graph, c *golang.Struct, origin string) {
	t.Helper()
	l := g.linkSet[linkKey{2, 3, layout.Compat, layout.Storage, c.Name, origin}]
	if l == nil {
		t.Errorf("compat %s has no link to 2020-04-01's %s", c.Name, origin)
		return
	}
	assigned := 0
	for _, plan := range l.Fields {
		switch {
		case plan.Mode == Assign && plan.Host.JSONName == plan.Other.JSONName:
			assigned++
		case plan.Mode != Bag || plan.Host != nil:
			t.Errorf("compat %s does not carry a field as it is: %+v", c.Name, plan)
		}
	}
	if assigned != len(dataFields(c)) {
		t.Errorf("compat %s assigns %d of its %d fields", c.Name, assigned, len(dataFields(c)))
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
