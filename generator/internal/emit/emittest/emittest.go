// Package emittest is the small input every emitter's golden test renders: a
// service of three API versions of one resource, widgets, small enough to read
// in full and chosen so that each kind of output appears once: an enum, a
// nested object, validations, a property renamed (size -> count), one removed
// (weight), one that skips a version and comes back in another shape (part: an
// object, absent, then an object of another shape, which the storage version
// between them keeps in a compat type), and a child resource (parts) that
// exists in the oldest version only.
package emittest

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// The service's names.
const (
	Service = "things"
	Group   = "things.example.armhub.io"
	Module  = "example.com/things"
)

var (
	str     = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	integer = &model.Type{Kind: model.KindPrimitive, Primitive: model.Integer}
	number  = &model.Type{Kind: model.KindPrimitive, Primitive: model.Number}
)

func ptr[T any](v T) *T { return &v }

func object(name string) *model.Type { return &model.Type{Kind: model.KindObject, Name: name} }

// Versions returns the model of the three API versions, oldest first.
func Versions() []*model.APIVersion {
	return []*model.APIVersion{version2020(), version2021(), version2022()}
}

func widgets(props ...*model.Property) *model.Object {
	base := []*model.Property{
		{Name: "azureName", Type: str, Validation: model.Validation{MinLength: ptr[int64](3), Pattern: "^[a-z]+$"}},
		{Name: "colour", Type: &model.Type{Kind: model.KindEnum, Name: "Colour"}, Required: true},
	}
	return &model.Object{Name: "widgets_Spec", Description: "The desired state of a widget.", Properties: append(base, props...)}
}

func apiVersion(version string, objects map[string]*model.Object, resources ...*model.Resource) *model.APIVersion {
	return &model.APIVersion{
		Version: version, Provider: "Example.Things",
		Resources: append([]*model.Resource{{Name: "widgets", ARMType: "Example.Things/widgets", Spec: "widgets_Spec", Description: "A widget."}}, resources...),
		Objects:   objects,
		Enums: map[string]*model.Enum{
			"Colour": {Name: "Colour", Base: model.String, Values: []string{"Blue", "dark-red"}},
		},
	}
}

func version2020() *model.APIVersion {
	return apiVersion("2020-01-01", map[string]*model.Object{
		"widgets_Spec": widgets(
			&model.Property{Name: "part", Type: object("Part")},
			&model.Property{Name: "size", Type: integer, Validation: model.Validation{Minimum: ptr(1.0), Maximum: ptr(10.0)}},
			&model.Property{Name: "weight", Type: number},
		),
		"Part": {Name: "Part", Description: "A part of a widget.", Properties: []*model.Property{
			{Name: "label", Type: str},
			{Name: "note", Type: str},
		}},
		"widgets_parts_Spec": {Name: "widgets_parts_Spec", Properties: []*model.Property{
			{Name: "azureName", Type: str},
			{Name: "extra", Type: &model.Type{Kind: model.KindAny}},
		}},
	}, &model.Resource{Name: "widgets_parts", ARMType: "Example.Things/widgets/parts", Spec: "widgets_parts_Spec", Owner: "widgets"})
}

func version2021() *model.APIVersion {
	return apiVersion("2021-01-01", map[string]*model.Object{
		"widgets_Spec": widgets(
			&model.Property{Name: "count", Type: integer, Validation: model.Validation{Minimum: ptr(1.0), Maximum: ptr(10.0)}},
			&model.Property{Name: "sizes", Type: &model.Type{Kind: model.KindArray, Elem: integer}, Validation: model.Validation{MaxItems: ptr[int64](4)}},
		),
	})
}

func version2022() *model.APIVersion {
	return apiVersion("2022-01-01", map[string]*model.Object{
		"widgets_Spec": widgets(
			&model.Property{Name: "count", Type: integer},
			&model.Property{Name: "part", Type: object("Part")},
			&model.Property{Name: "sizes", Type: &model.Type{Kind: model.KindArray, Elem: integer}},
		),
		"Part": {Name: "Part", Description: "A part of a widget.", Properties: []*model.Property{
			{Name: "label", Type: str, Required: true},
			{Name: "tags", Type: &model.Type{Kind: model.KindMap, Elem: str}},
		}},
	})
}

// Renames are the service's renames: widgets' size is called count from
// 2021-01-01 on.
var Renames = conversion.Renames{Properties: []conversion.PropertyRename{
	{Type: "Widget_Spec", From: "size", To: "count", Since: "2021-01-01"},
}}

// Graph returns the Go view of every version and the conversion plan between
// them, composed (no struct augmented); it panics on an error, which would be
// a bug in this package.
func Graph() *conversion.ComposedGraph {
	var versions []*conversion.Version
	for i, api := range Versions() {
		i := conversion.VersionIndex(i)
		spoke, err := golang.BuildNamed(api, nil, nil)
		if err != nil {
			panic(err)
		}
		versions = append(versions, &conversion.Version{Index: i, Spoke: spoke, Storage: golang.StoragePackage(spoke)})
	}
	g, err := conversion.Build(versions, Renames)
	if err != nil {
		panic(err)
	}
	composed, err := conversion.Compose(g, nil)
	if err != nil {
		panic(err)
	}
	return composed
}

// OneVersion is a hand-made API version of two resources that uses each kind
// of type once.
func OneVersion() *model.APIVersion {
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
