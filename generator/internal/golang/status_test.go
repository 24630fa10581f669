package golang

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// statusVersion is one resource with a spec (a secret and an open enum) and a
// status object whose conditions property is given by status.
func statusVersion(status ...*model.Property) *model.APIVersion {
	str := &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	return &model.APIVersion{
		Version: "2024-01-01", Provider: "Example.Things",
		Resources: []*model.Resource{{Name: "things", ARMType: "Example.Things/things", Spec: "things_Spec", Status: "things_Status"}},
		Objects: map[string]*model.Object{
			"things_Spec": {Name: "things_Spec", Properties: []*model.Property{
				{Name: "password", Type: str, Secret: true, Description: "The password."},
				{Name: "tier", Type: &model.Type{Kind: model.KindEnum, Name: "Tier"}},
			}},
			"things_Status": {Name: "things_Status", Properties: append([]*model.Property{
				{Name: "principalId", Type: str},
				{Name: "tier", Type: &model.Type{Kind: model.KindEnum, Name: "Tier"}},
			}, status...)},
		},
		Enums: map[string]*model.Enum{"Tier": {Name: "Tier", Base: model.String, Values: []string{"Basic"}, Open: true}},
	}
}

// A resource's status object becomes <Kind>_Status, with the conditions every
// status has; secrets say so in their doc; open enums stay open.
func TestStatusFromTheStatusObject(t *testing.T) {
	pkg, err := BuildNamed(statusVersion(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	status := pkg.Resources[0].Status
	var names []string
	for _, f := range status.Fields {
		names = append(names, f.JSONName)
	}
	if status.Name != "Thing_Status" || strings.Join(names, ",") != "conditions,principalId,tier" {
		t.Errorf("status %s has fields %v, want Thing_Status with conditions,principalId,tier", status.Name, names)
	}
	spec := pkg.Resources[0].Spec
	if f := spec.Fields[0]; !f.Secret || !strings.HasSuffix(f.Doc, SecretNote) {
		t.Errorf("secret field: %+v", f)
	}
	if e := pkg.Enum("Tier"); e == nil || !e.Open {
		t.Errorf("enum Tier: %+v, want open", e)
	}
}

// A status property named conditions would collide with the conditions the
// generator adds: an error at the property.
func TestStatusMayNotHaveConditions(t *testing.T) {
	conditions := &model.Property{Name: "conditions", Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String}, Source: "f.json#/definitions/X/properties/conditions"}
	_, err := BuildNamed(statusVersion(conditions), nil, nil)
	if err == nil || !strings.Contains(err.Error(), "f.json#/definitions/X/properties/conditions") || !strings.Contains(err.Error(), "conditions") {
		t.Errorf("error = %v, want one at the conditions property", err)
	}
}
