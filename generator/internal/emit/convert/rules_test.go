package convert

import (
	"fmt"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// The model a rule's case is written in: versions of one resource, widgets,
// whose spec has the properties given.
var (
	str     = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	integer = &model.Type{Kind: model.KindPrimitive, Primitive: model.Integer}
	number  = &model.Type{Kind: model.KindPrimitive, Primitive: model.Number}
	boolean = &model.Type{Kind: model.KindPrimitive, Primitive: model.Boolean}
	colour  = &model.Type{Kind: model.KindEnum, Name: "Colour"}
)

func object(name string) *model.Type    { return &model.Type{Kind: model.KindObject, Name: name} }
func sliceOf(t *model.Type) *model.Type { return &model.Type{Kind: model.KindArray, Elem: t} }
func mapOf(t *model.Type) *model.Type   { return &model.Type{Kind: model.KindMap, Elem: t} }

func prop(name string, t *model.Type) *model.Property { return &model.Property{Name: name, Type: t} }

func required(name string, t *model.Type) *model.Property {
	return &model.Property{Name: name, Type: t, Required: true}
}

// widgets returns API version version with the resource widgets, whose spec
// has props, and the object types objects.
func widgets(version string, props []*model.Property, objects ...*model.Object) *model.APIVersion {
	all := map[string]*model.Object{"widgets_Spec": {Name: "widgets_Spec", Properties: props}}
	for _, o := range objects {
		all[o.Name] = o
	}
	return &model.APIVersion{
		Version: version, Provider: "Example.Things",
		Resources: []*model.Resource{{Name: "widgets", ARMType: "Example.Things/widgets", Spec: "widgets_Spec"}},
		Objects:   all,
		Enums:     map[string]*model.Enum{"Colour": {Name: "Colour", Base: model.String, Values: []string{"Blue", "Red"}}},
	}
}

func props(p ...*model.Property) []*model.Property { return p }

func obj(name string, p ...*model.Property) *model.Object {
	return &model.Object{Name: name, Properties: p, Source: name}
}

// pick names what a golden holds of one generated file: the declarations
// matching patterns (Receiver.Method or a type name, path.Match syntax) in
// the conversions of version's package on side.
type pick struct {
	version  conversion.VersionIndex
	side     layout.Side
	patterns []string
}

// A rule case: a tiny resource in a few versions that exercises one rule of
// the conversions, and the generated code that shows it.
type ruleCase struct {
	name      string
	show      string // what the reader should see in the golden
	versions  []*model.APIVersion
	renames   conversion.Renames
	augmented conversion.Augmented
	picks     []pick
}

const (
	v0 conversion.VersionIndex = iota
	v1
	v2
)

// ruleCases are the rules of the conversions, one case each. The golden
// file of each, testdata/rules/<name>.golden, starts with show.
func ruleCases() []ruleCase {
	spec := func(i conversion.VersionIndex, side layout.Side, patterns ...string) pick {
		return pick{i, side, patterns}
	}
	return []ruleCase{
		{
			name: "assign",
			show: `A property both sides of a link have with the same type is assigned: the pointer
is shared (armruntime's "Sharing"), nothing goes into the bag. Between a spoke
and its storage variant every field is assigned in turn; the variant's bag
starts empty and its OriginalVersion is the spoke's version. (Two storage
versions whose structs have the same layout convert as a whole: same-layout.)`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str), prop("size", integer))),
				widgets("2021-01-01", props(prop("name", str), prop("size", integer))),
			},
			picks: []pick{spec(v0, layout.Spoke, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "same-layout",
			show: `Structs of two storage versions with the same layout (the same fields in the
same order, of identical types that a result may share: scalars and pointers
to them, collections of scalars, free-form JSON) convert as a whole: a Go
conversion of the struct, then a copy of the bag, which is never shared. So
does a composed conversion whose every step links such structs (here
2020-01-01 straight to the hub, 2022-01-01): the field list is the language's,
not written again for each type and version.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("labels", mapOf(str)), prop("name", str), prop("size", integer))),
				widgets("2021-01-01", props(prop("labels", mapOf(str)), prop("name", str), prop("size", integer))),
				widgets("2022-01-01", props(prop("labels", mapOf(str)), prop("name", str), prop("size", integer))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*", "Widget_Spec.AssignPropertiesDirect_*")},
		},
		{
			name: "rename",
			show: `A property the metadata renames (size is called count from 2021-01-01 on) is
assigned across the rename, Count from Size and back; it is no removal.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("size", integer))),
				widgets("2021-01-01", props(prop("count", integer))),
			},
			renames: conversion.Renames{Properties: []conversion.PropertyRename{
				{Type: "Widget_Spec", From: "size", To: "count", Since: "2021-01-01"},
			}},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "removed",
			show: `A property the next version lacks (weight) is kept in the next version's property
bag under its Go name going up (bag.Keep, only when set) and pulled back out of
it coming down (bag.Pull, which also removes the entry). It is a removal.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str), prop("weight", number))),
				widgets("2021-01-01", props(prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "added",
			show: `A property only the next version has (label) is the mirror image of a removal: it
comes out of the bag going up (a value an older object kept there from a newer
version) and goes into the earlier version's bag coming down.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str))),
				widgets("2021-01-01", props(prop("label", str), prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "retyped",
			show: `A property whose type changes so that no assignment converts it (size: integer,
then string) starts a new run: each shape has its own bag key, "Size" for the
integer and "Size@v20210101" for the string, so the bag never decodes one shape
as the other. Going up the integer is kept and the string pulled; coming down
the reverse. It is no removal (both versions have the property).`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("size", integer))),
				widgets("2021-01-01", props(prop("size", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "enum",
			show: `An enum of the spoke is its base type in the storage variant: the spoke's link to
its storage variant retypes the shared pointer, (*string) going to storage and
(*Colour) coming back, without copying or checking the value. (Like every
spoke's link, it gives the storage variant the spoke's version as
OriginalVersion and an empty bag, and takes back neither.)`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("colour", colour))),
			},
			picks: []pick{spec(v0, layout.Spoke, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "required",
			show: `A required property is a value in the spoke and a pointer in the storage variant
(every storage field is optional): going to storage the destination points at
the source's field; coming back armruntime.Deref gives the zero value for nil.
The storage variant's FitsSpoke says such a value does not fit the spoke when
the field is nil (the spoke would turn it into a zero value).`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(required("name", str))),
			},
			picks: []pick{
				spec(v0, layout.Spoke, "Widget_Spec.AssignProperties_*"),
				spec(v0, layout.Storage, "Widget_Spec.FitsSpoke"),
			},
		},
		{
			name: "nested",
			show: `A nested object converts by its own link: the struct's method allocates the
destination's struct when the source has one and calls the nested link's
AssignProperties method, whose errors name the property (armruntime.Converting).
Settings has the same layout in both versions, so its own link converts it as
a whole (same-layout); Widget_Spec, holding a struct, goes field by field.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("settings", object("Settings"))), obj("Settings", prop("enabled", boolean))),
				widgets("2021-01-01", props(prop("settings", object("Settings"))), obj("Settings", prop("enabled", boolean))),
			},
			picks: []pick{spec(v0, layout.Storage, "Settings.AssignProperties_*", "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "scalar-collections",
			show: `A map or slice of scalars is shared, as a pointer to a scalar is: one assignment,
no copy (nothing generated writes through what it shares); here between the
spoke and its storage variant.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("labels", mapOf(str)), prop("zones", sliceOf(str)))),
				widgets("2021-01-01", props(prop("labels", mapOf(str)), prop("zones", sliceOf(str)))),
			},
			picks: []pick{spec(v0, layout.Spoke, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "struct-collections",
			show: `A slice of structs is made anew and converted element by element in place; a map
of structs is converted entry by entry through a local of the destination's
type. Neither shares a struct with the source.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("byName", mapOf(object("Rule"))), prop("rules", sliceOf(object("Rule")))), obj("Rule", prop("name", str))),
				widgets("2021-01-01", props(prop("byName", mapOf(object("Rule"))), prop("rules", sliceOf(object("Rule")))), obj("Rule", prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignProperties_*")},
		},
		{
			name: "composed",
			show: `A storage version more than one step before its hub converts to and from it
straight: AssignPropertiesDirect_To/From_Widget_Spec_v20220101 do in one method
what the two steps do (Compose's operations: weight is kept at the first step,
label pulled at the second, then every field set), and ConvertSpecTo/From take
that way when the other end is the hub, else the steps (StepConvertSpecTo/From,
through the next storage version).`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str), prop("weight", number))),
				widgets("2021-01-01", props(prop("name", str))),
				widgets("2022-01-01", props(prop("label", str), prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignPropertiesDirect_*", "Widget_Spec.*ConvertSpec*")},
		},
		{
			name: "move",
			show: `A property that skips a version and comes back with the same JSON (note: a
string, absent in 2021-01-01) would be kept in the middle version's bag at one
step and pulled out at the next. The composed conversion makes that pair one
Move: the value goes straight to a local, and bag.Remove drops any entry the
source's bag had under the key, as the pull would have.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str), prop("note", str))),
				widgets("2021-01-01", props(prop("name", str))),
				widgets("2022-01-01", props(prop("name", str), prop("note", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.AssignPropertiesDirect_*")},
		},
		{
			name: "compat",
			show: `A property that skips a version and comes back in another shape (part: a Part
with label, absent, then a Part with label and tags) is held by the middle
version's bag in the shape it had before. That shape is cloned into the middle
version's compat package (v20210101c.Part), which links to the next version's
Part; the step from the middle version stashes and recalls the property through
it, so the bag's JSON always has one shape under one key.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("part", object("Part"))), obj("Part", prop("label", str))),
				widgets("2021-01-01", props()),
				widgets("2022-01-01", props(prop("part", object("Part"))), obj("Part", prop("label", str), prop("tags", mapOf(str)))),
			},
			picks: []pick{
				spec(v1, layout.Compat, "Part.AssignProperties_*"),
				spec(v1, layout.Storage, "Widget_Spec.AssignProperties_*"),
			},
		},
		{
			name: "twin",
			show: `A spoke before its hub gets twins of its storage variant's composed conversions:
the same operations on the spoke's own structs, so it converts to and from the
hub without the storage object between. The twin from the hub takes fits and
sets it to false where the storage variant would not fit the spoke (a required
field missing, a non-empty bag, another original version). ConvertFrom takes
the twin and, only when something does not fit, falls back to StepConvertFrom
(through the storage variant, which carries what the spoke lacks);
StatelessConvertTo goes straight to the hub.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(required("name", str))),
				widgets("2021-01-01", props(required("name", str))),
			},
			picks: []pick{spec(v0, layout.Spoke,
				"Widget_Spec.AssignPropertiesDirect_*", "Widget.AssignPropertiesDirect_*",
				"Widget.StatelessConvert*", "Widget.StepConvert*", "Widget.ConvertTo", "Widget.ConvertFrom")},
		},
		{
			name: "carry",
			show: `A spoke without twins (the hub version's own spoke, as here; a spoke newer than
the hub; one whose version hand-written code augments) converts for
controller-runtime by the carry route: its ConvertTo and ConvertFrom keep what
it cannot represent in the annotation armruntime.CarriedAnnotation
(ConvertToHub, ConvertFromHubVia) around the stateless conversions by way of
its storage variant (StatelessConvertTo/From; here that variant is the hub, so
the next step is nil: only the hub converts to the hub).`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Spoke, "Widget.*Convert*")},
		},
		{
			name: "beyond",
			show: `Previews newer than the latest stable version are beyond the hub. The hub's
ConvertSpecTo/From dispatch on them to the hub chains it hosts to and from
each (ConvertSpecTo_v20230101previewstorage goes through a value of
2022-01-01-preview; each step is the earlier version's method, so imports
still point from earlier to later versions). A beyond version converts only
through the hub: ConvertsThroughHub marks it, its ConvertSpecTo/From call the
hub's chain method when the other end has one, and refuse another beyond
version.`,
			versions: []*model.APIVersion{
				widgets("2021-01-01", props(prop("name", str))),
				widgets("2022-01-01-preview", props(prop("name", str))),
				widgets("2023-01-01-preview", props(prop("name", str))),
			},
			picks: []pick{
				spec(v0, layout.Storage, "Widget_Spec.ConvertSpec*"),
				spec(v2, layout.Storage, "Widget_Spec.ConvertSpec*", "Widget_Spec.ConvertsThroughHub"),
			},
		},
		{
			name: "augmented",
			show: `A struct hand-written code augments (AssignPropertiesTo/From on 2021-01-01's
storage Widget_Spec) gets an interface its link's methods call after the
generated copy, and every composed conversion with a step hosted there is
Hooked: it goes through the steps (a value of every version between) instead
of operations, so the hand-written code runs. The spoke of 2020-01-01 then has
no twins: its ConvertFrom is the carry route's.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(prop("name", str))),
				widgets("2021-01-01", props(prop("name", str))),
				widgets("2022-01-01", props(prop("name", str))),
			},
			augmented: conversion.Augmented{{Version: v1, Side: layout.Storage, Name: "Widget_Spec"}: true},
			picks: []pick{
				spec(v0, layout.Storage, "Widget_Spec.AssignPropertiesDirect_*"),
				spec(v1, layout.Storage, "augmentConversionForWidget_Spec", "Widget_Spec.AssignProperties_*"),
				spec(v0, layout.Spoke, "Widget.ConvertFrom"),
			},
		},
		{
			name: "fits",
			show: `FitsSpoke answers, without converting, whether the spoke represents all of a
storage value: no bag entries, the spec written at this version, every field
the spoke requires set, and each nested struct (optional, required, in a slice
or a map) fitting in turn.`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(
					prop("byName", mapOf(object("Rule"))), required("name", str),
					required("main", object("Rule")), prop("spare", object("Rule")), prop("rules", sliceOf(object("Rule")))),
					obj("Rule", prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "*.FitsSpoke")},
		},
		{
			name: "fits-nested",
			show: `Structs in a collection of collections (a slice of slices, a map of slices)
are checked by a loop in a loop, so FitsSpoke says what the comparison would
(the suites' TestFitsSpoke holds it to that).`,
			versions: []*model.APIVersion{
				widgets("2020-01-01", props(
					prop("matrix", sliceOf(sliceOf(object("Rule")))), prop("byName", mapOf(sliceOf(object("Rule")))),
					required("name", str), prop("main", object("Rule"))),
					obj("Rule", prop("name", str))),
			},
			picks: []pick{spec(v0, layout.Storage, "Widget_Spec.FitsSpoke")},
		},
	}
}

// One golden per rule of the conversions (ruleCases): each shows only the
// generated declarations the rule decides. TestServiceGolden keeps the whole
// files of the tiny service.
func TestRuleGoldens(t *testing.T) {
	files := map[string][]byte{}
	for _, c := range ruleCases() {
		t.Run(c.name, func(t *testing.T) {
			graph, err := composedGraph(c.versions, c.renames, c.augmented)
			if err != nil {
				t.Fatal(err)
			}
			m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: graph}
			var b strings.Builder
			fmt.Fprintf(&b, "// Rule: %s.\n//\n// %s\n//\n// Removals: %s.\n", c.name, strings.ReplaceAll(c.show, "\n", "\n// "), removals(m))
			for _, p := range c.picks {
				source := conversionsFile(t, m, p.version, p.side)
				fmt.Fprintf(&b, "\n// ---- %s/%s ----\n\n%s\n", m.Dir(p.version, p.side), layout.ConversionsFile, declarations(t, source, p.patterns...))
			}
			files[c.name] = []byte(b.String())
		})
	}
	emittest.GoldenIn(t, "rules", files)
}

// composedGraph plans the conversions of apis (oldest first) as the pipeline
// does: built with renames, then composed knowing the augmented structs.
func composedGraph(apis []*model.APIVersion, renames conversion.Renames, augmented conversion.Augmented) (*conversion.ComposedGraph, error) {
	var versions []*conversion.Version
	for i, api := range apis {
		spoke, err := golang.BuildNamed(api, nil, nil)
		if err != nil {
			return nil, err
		}
		versions = append(versions, &conversion.Version{Index: conversion.VersionIndex(i), Spoke: spoke, Storage: golang.StoragePackage(spoke)})
	}
	g, err := conversion.Build(versions, renames)
	if err != nil {
		return nil, err
	}
	return conversion.Compose(g, augmented)
}

// removals lists the graph's removals as the report would name them.
func removals(m *gosrc.Module) string {
	var out []string
	for _, r := range m.Graph.Removals {
		out = append(out, fmt.Sprintf("%s.%s (%s -> %s)", r.Struct, r.Property, r.From, r.To))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}
