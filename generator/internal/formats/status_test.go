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
