package golang

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

var str = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}

// reservedVersion is a version of one resource, widgets, whose spec has the
// given properties (all strings), a status object of statusProps when there
// are any, and a child resource, widgets_parts, whose spec has childProps.
func reservedVersion(specProps, statusProps, childProps []string) *model.APIVersion {
	const file = "2020-01-01/P.json#"
	object := func(name, source string, props []string) *model.Object {
		o := &model.Object{Name: name, Source: file + source}
		for _, p := range props {
			o.Properties = append(o.Properties, &model.Property{Name: p, Type: str, Source: o.Source + "/properties/" + p})
		}
		return o
	}
	v := &model.APIVersion{Version: "2020-01-01", Provider: "P", Enums: map[string]*model.Enum{}, Objects: map[string]*model.Object{}}
	for _, o := range []*model.Object{
		object("widgets_Spec", "/resourceDefinitions/widgets", specProps),
		object("widgets_parts_Spec", "/resourceDefinitions/widgets_parts", childProps),
	} {
		v.Objects[o.Name] = o
	}
	v.Resources = []*model.Resource{
		{Name: "widgets", Spec: "widgets_Spec", Source: file + "/resourceDefinitions/widgets"},
		{Name: "widgets_parts", Spec: "widgets_parts_Spec", Owner: "widgets", Source: file + "/resourceDefinitions/widgets_parts"},
	}
	if len(statusProps) > 0 {
		v.Objects["WidgetStatus"] = object("WidgetStatus", "/definitions/WidgetStatus", statusProps)
		v.Resources[0].Status = "WidgetStatus"
	}
	return v
}

// A property whose Go name generated code declares on its struct is renamed,
// keeps its JSON name, and the renaming is noted at its pointer.
func TestReservedGoNamesAreRenamedAndNoted(t *testing.T) {
	pkg, err := BuildNamed(reservedVersion([]string{"deepCopy", "propertyBag"}, []string{"conditions-"}, []string{"owner-"}), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]string{
		"Widget_Spec":      {"deepCopy": "DeepCopyProperty", "propertyBag": "PropertyBagProperty"},
		"Widget_Status":    {"conditions-": "ConditionsProperty", "conditions": "Conditions"},
		"WidgetsPart_Spec": {"owner-": "OwnerProperty", "owner": "Owner"},
	}
	for structName, fields := range want {
		s := pkg.Struct(structName)
		for _, f := range s.Fields {
			if w, ok := fields[f.JSONName]; ok && f.Name != w {
				t.Errorf("%s: JSON %s has the Go name %s, want %s", structName, f.JSONName, f.Name, w)
			}
		}
	}
	notes := strings.Join(pkg.Notes, "\n")
	for _, w := range []string{
		`2020-01-01/P.json#/resourceDefinitions/widgets/properties/deepCopy: property "deepCopy" would be the Go field DeepCopy of Widget_Spec, a name generated code gives every spec (the generated deep copy): it is DeepCopyProperty instead`,
		`#/definitions/WidgetStatus/properties/conditions-: property "conditions-" would be the Go field Conditions of Widget_Status`,
		`#/resourceDefinitions/widgets_parts/properties/owner-: property "owner-" would be the Go field Owner of WidgetsPart_Spec, a name generated code gives every spec of a child resource`,
	} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
}

// A property taking the JSON name of a field generated code adds to its struct
// is an error at the property.
func TestReservedJSONNamesAreErrors(t *testing.T) {
	tests := []struct {
		spec, status, child []string
		want                string
	}{
		{spec: []string{"originalVersion"}, want: `2020-01-01/P.json#/resourceDefinitions/widgets/properties/originalVersion: property "originalVersion" is reserved in a spec`},
		{spec: []string{"$propertyBag"}, want: `#/resourceDefinitions/widgets/properties/$propertyBag: property "$propertyBag" is reserved in a spec`},
		{status: []string{"conditions"}, want: `#/definitions/WidgetStatus/properties/conditions: property "conditions" is reserved in a status`},
		{child: []string{"Owner"}, want: `#/resourceDefinitions/widgets_parts/properties/Owner: property "Owner" is reserved in a spec of a child resource`},
	}
	for _, tt := range tests {
		_, err := BuildNamed(reservedVersion(tt.spec, tt.status, tt.child), nil, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
}

// Types named like an identifier every version package declares, or like a
// resource's list type, move to a suffix; so does an enum constant named like
// a type. A Kind, which cannot move, is an error.
func TestPackageIdentifiersAreReserved(t *testing.T) {
	v := reservedVersion([]string{"a"}, nil, nil)
	for _, name := range []string{"GroupVersion", "WidgetList", "Shade_Red"} {
		v.Objects[name] = &model.Object{Name: name, Source: "f#/definitions/" + name}
		v.Objects["widgets_Spec"].Properties = append(v.Objects["widgets_Spec"].Properties,
			&model.Property{Name: strings.ToLower(name), Type: &model.Type{Kind: model.KindObject, Name: name}})
	}
	v.Enums["Shade"] = &model.Enum{Name: "Shade", Base: model.String, Values: []string{"Red"}, Source: "f#/definitions/Shade"}
	v.Objects["widgets_Spec"].Properties = append(v.Objects["widgets_Spec"].Properties,
		&model.Property{Name: "shade", Type: &model.Type{Kind: model.KindEnum, Name: "Shade"}})
	pkg, err := BuildNamed(v, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"GroupVersion_1", "WidgetList_1", "Shade_Red"} {
		if pkg.Struct(name) == nil {
			t.Errorf("no struct %s", name)
		}
	}
	if c := pkg.Enum("Shade").Values[0].Const; c != "Shade_Red_2" {
		t.Errorf("constant %s, want Shade_Red_2", c)
	}
	for _, kind := range []string{"groupVersions", "widgetLists"} {
		v := reservedVersion(nil, nil, nil)
		v.Objects[kind+"_Spec"] = &model.Object{Name: kind + "_Spec"}
		v.Resources = append(v.Resources, &model.Resource{Name: kind, Spec: kind + "_Spec", Source: "f#/resourceDefinitions/" + kind})
		if _, err := BuildNamed(v, nil, nil); err == nil || !strings.Contains(err.Error(), "f#/resourceDefinitions/"+kind) {
			t.Errorf("resource %s: error %v", kind, err)
		}
	}
}
