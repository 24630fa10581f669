package formats

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

func object(name string, props ...*model.Property) *model.Object {
	return &model.Object{Name: name, Properties: props}
}

func property(name string, kind model.Kind, typeName string) *model.Property {
	return &model.Property{Name: name, Type: &model.Type{Kind: kind, Primitive: model.String, Name: typeName}}
}

func tags() *model.Property {
	return &model.Property{Name: "tags", Type: &model.Type{Kind: model.KindMap, Elem: &model.Type{Kind: model.KindPrimitive, Primitive: model.String}}}
}

// specVersion is what a deployment schema gives: widgets and gadgets, no
// status.
func specVersion() *model.APIVersion {
	return &model.APIVersion{
		Version: "2024-01-01", Provider: "Contoso.Widgets", Source: "2024-01-01/Contoso.Widgets.json",
		Resources: []*model.Resource{
			{Name: "gadgets", ARMType: "Contoso.Widgets/gadgets", Spec: "gadgets_Spec", Source: "2024-01-01/Contoso.Widgets.json#/resourceDefinitions/gadgets"},
			{Name: "widgets", ARMType: "Contoso.Widgets/widgets", Spec: "widgets_Spec", Source: "2024-01-01/Contoso.Widgets.json#/resourceDefinitions/widgets"},
		},
		Objects: map[string]*model.Object{
			"gadgets_Spec": object("gadgets_Spec", property("name", model.KindPrimitive, "")),
			"widgets_Spec": object("widgets_Spec", property("properties", model.KindObject, "Props")),
			"Props":        object("Props", property("size", model.KindPrimitive, "")),
		},
		Enums: map[string]*model.Enum{},
	}
}

// restVersion is what the Swagger files give: widgets (its type spelled
// Widgets) with a status, and sprockets, which the deployment schema lacks.
func restVersion() *model.APIVersion {
	return &model.APIVersion{
		Version: "2024-01-01", Provider: "Contoso.Widgets", Source: "specification/w/stable/2024-01-01/w.json",
		Resources: []*model.Resource{
			{Name: "sprockets", ARMType: "Contoso.Widgets/sprockets", Spec: "sprockets_Spec", Status: "sprockets_Status", Source: "w.json#/paths/s"},
			{Name: "widgets", ARMType: "Contoso.Widgets/Widgets", Spec: "widgets_Spec", Status: "widgets_Status", Source: "w.json#/paths/w"},
		},
		Objects: map[string]*model.Object{
			"widgets_Spec":     object("widgets_Spec"),
			"widgets_Status":   object("widgets_Status", property("properties", model.KindObject, "Props_Status"), tags()),
			"Props_Status":     object("Props_Status", property("state", model.KindEnum, "State_Status")),
			"sprockets_Spec":   object("sprockets_Spec"),
			"sprockets_Status": object("sprockets_Status"),
		},
		Enums: map[string]*model.Enum{"State_Status": {Name: "State_Status", Base: model.String, Values: []string{"On"}, Open: true}},
	}
}

// A resource takes the status of the Swagger resource of its ARM type (case
// aside) with every type it reaches; one Swagger lacks keeps conditions only
// and one only Swagger has is left out, both noted; the inputs are unchanged.
func TestMergeStatus(t *testing.T) {
	spec, rest := specVersion(), restVersion()
	merged, notes, err := MergeStatus(spec, rest)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := merged.Resources[1].Status, "widgets_Status"; g != w {
		t.Errorf("widgets' status %q, want %q", g, w)
	}
	if merged.Resources[0].Status != "" {
		t.Errorf("gadgets got status %q", merged.Resources[0].Status)
	}
	for _, name := range []string{"widgets_Status", "Props_Status", "Props", "widgets_Spec", "gadgets_Spec"} {
		if merged.Objects[name] == nil {
			t.Errorf("merged version lacks object %s", name)
		}
	}
	if merged.Objects["sprockets_Status"] != nil || merged.Objects["widgets_Spec"] != spec.Objects["widgets_Spec"] {
		t.Error("the merge took what is not a status type of a merged resource")
	}
	if merged.Enums["State_Status"] == nil {
		t.Error("merged version lacks enum State_Status")
	}
	if spec.Resources[1].Status != "" || spec.Objects["widgets_Status"] != nil || len(spec.Enums) != 0 {
		t.Error("MergeStatus changed its spec input")
	}
	var texts []string
	for _, n := range notes {
		texts = append(texts, n.String())
	}
	got := strings.Join(texts, "\n")
	for _, want := range []string{
		"2024-01-01/Contoso.Widgets.json#/resourceDefinitions/gadgets: the Swagger files of 2024-01-01 (specification/w/stable/2024-01-01/w.json) have no resource of type Contoso.Widgets/gadgets: its status is conditions only",
		"w.json#/paths/s: resource type Contoso.Widgets/sprockets has a status in Swagger but no spec in the deployment schema of 2024-01-01: left out",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("notes lack %q:\n%s", want, got)
		}
	}
}

// A status type whose name a spec type already has is an error at the
// resource.
func TestMergeStatusNameClash(t *testing.T) {
	spec, rest := specVersion(), restVersion()
	rest.Objects["Props"] = object("Props")
	rest.Objects["Props_Status"].Properties = append(rest.Objects["Props_Status"].Properties, property("inner", model.KindObject, "Props"))
	_, _, err := MergeStatus(spec, rest)
	if err == nil || !strings.Contains(err.Error(), "w.json#/paths/w") || !strings.Contains(err.Error(), "reaches a type named Props, a name the deployment schema's spec types already use") {
		t.Errorf("err = %v", err)
	}
}

// gadgetsVersion is a second Swagger folder of the same version: gadgets,
// whose status reaches a State_Status of its own.
func gadgetsVersion() *model.APIVersion {
	v := &model.APIVersion{
		Version: "2024-01-01", Provider: "Contoso.Widgets", Source: "specification/g/stable/2024-01-01/g.json",
		Resources: []*model.Resource{
			{Name: "gadgets", ARMType: "Contoso.Widgets/gadgets", Spec: "gadgets_Spec", Status: "gadgets_Status", Source: "g.json#/paths/g"},
		},
		Objects: map[string]*model.Object{
			"gadgets_Spec":   object("gadgets_Spec"),
			"gadgets_Status": object("gadgets_Status", property("state", model.KindEnum, "State_Status"), property("parts", model.KindArray, "")),
		},
		Enums: map[string]*model.Enum{"State_Status": {Name: "State_Status", Base: model.String, Values: []string{"Off"}, Open: true, Source: "g.json#/definitions/State"}},
	}
	// parts: a list of strings (the test below makes them states)
	v.Objects["gadgets_Status"].Properties[1].Type.Elem = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	return v
}

// A version whose resources span two Swagger folders takes each resource's
// status from the folder that has it; the second folder's type whose name
// the first's holds is renamed, noted, and so is every reference to it; a
// resource type in both folders is an error.
func TestMergeStatusTwoFolders(t *testing.T) {
	gadgets := gadgetsVersion()
	gadgets.Objects["gadgets_Status"].Properties[1].Type.Elem = &model.Type{Kind: model.KindEnum, Name: "State_Status"}
	merged, notes, err := MergeStatus(specVersion(), restVersion(), gadgets)
	if err != nil {
		t.Fatal(err)
	}
	status := merged.Objects[merged.Resources[0].Status]
	if merged.Resources[0].Status != "gadgets_Status" || status == nil {
		t.Fatalf("gadgets has no status: %+v", merged.Resources[0])
	}
	if got := status.Properties[0].Type.Name; got != "State_Status2" || merged.Enums["State_Status2"].Values[0] != "Off" {
		t.Errorf("gadgets' state is %s", got)
	}
	if got := status.Properties[1].Type.Elem.Name; got != "State_Status2" {
		t.Errorf("gadgets' parts hold %s", got)
	}
	if merged.Enums["State_Status"].Values[0] != "On" || merged.Resources[1].Status != "widgets_Status" {
		t.Errorf("widgets' status changed: %+v", merged.Resources[1])
	}
	if gadgets.Objects["gadgets_Status"].Properties[0].Type.Name != "State_Status" {
		t.Error("the input was changed")
	}
	var said bool
	for _, n := range notes {
		said = said || strings.Contains(n.String(), "g.json#/definitions/State: status type State_Status of specification/g/stable/2024-01-01/g.json is named State_Status2")
	}
	if !said {
		t.Errorf("no note of the rename: %v", notes)
	}
	twice := gadgetsVersion()
	twice.Resources = append(twice.Resources, &model.Resource{Name: "widgets", ARMType: "Contoso.Widgets/widgets", Status: "gadgets_Status", Source: "g.json#/paths/w"})
	if _, _, err := MergeStatus(specVersion(), restVersion(), twice); err == nil || !strings.Contains(err.Error(), "has a status in two Swagger folders of this version (also w.json#/paths/w)") {
		t.Errorf("a resource in two folders: %v", err)
	}
}
