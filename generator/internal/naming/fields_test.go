package naming

import (
	"errors"
	"strings"
	"testing"
)

func goNames(t *testing.T, r Role, properties ...string) []string {
	t.Helper()
	fields, err := Fields(r, properties)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fields {
		out = append(out, f.Go)
	}
	return out
}

// A property whose Go name generated code declares moves to <name>Property
// (Property<name> for a family of names), then _1, ...; the others keep theirs,
// whatever the order of the properties.
func TestFieldsMoveOffReservedNames(t *testing.T) {
	tests := []struct {
		role       Role
		properties []string
		want       []string
	}{
		{Object, []string{"deepCopy", "name"}, []string{"DeepCopyProperty", "Name"}},
		{Object, []string{"deepCopy", "deepCopyProperty"}, []string{"DeepCopyProperty_1", "DeepCopyProperty"}},
		{Object, []string{"deepCopyProperty", "deepCopy"}, []string{"DeepCopyProperty", "DeepCopyProperty_1"}},
		{Object, []string{"deepCopy", "deepCopyProperty", "deepCopyProperty_1"}, []string{"DeepCopyProperty_2", "DeepCopyProperty", "DeepCopyProperty_1"}},
		{Object, []string{"assignProperties_To_Part"}, []string{"PropertyAssignProperties_To_Part"}},
		{Object, []string{"originalVersion", "owner", "conditions", "hub", "convertSpecTo"}, []string{"OriginalVersion", "Owner", "Conditions", "Hub", "ConvertSpecTo"}},
		{Spec, []string{"original-version", "convertSpecTo", "owner"}, []string{"OriginalVersionProperty", "ConvertSpecToProperty", "Owner"}},
		{ChildSpec, []string{"owner-"}, []string{"OwnerProperty"}},
		{Status, []string{"conditions-", "convertStatusFrom_v1", "owner"}, []string{"ConditionsProperty", "PropertyConvertStatusFrom_V1", "Owner"}},
	}
	for _, tt := range tests {
		got := goNames(t, tt.role, tt.properties...)
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%s %q: %q, want %q", tt.role, tt.properties, got, tt.want)
		}
	}
}

// A property that takes the JSON name of a generated field, in any case, is
// an error naming the member; so are two properties of one Go name.
func TestFieldsRefuseReservedJSONNames(t *testing.T) {
	tests := []struct {
		role       Role
		properties []string
		want       string
	}{
		{Object, []string{"a", "$propertyBag"}, `property "$propertyBag" is reserved in a struct: generated code gives every struct the field PropertyBag, JSON name "$propertyBag"`},
		{Spec, []string{"originalVersion"}, `property "originalVersion" is reserved in a spec: generated code gives every spec the field OriginalVersion`},
		{Spec, []string{"OriginalVersion"}, `"OriginalVersion" is reserved in a spec`},
		{ChildSpec, []string{"owner"}, `property "owner" is reserved in a spec of a child resource`},
		{Status, []string{"conditions"}, `property "conditions" is reserved in a status: generated code gives every status the field Conditions`},
		{Object, []string{"fooBar", "foobar"}, `properties "fooBar" and "foobar" both become the Go field Foobar`},
	}
	for _, tt := range tests {
		_, err := Fields(tt.role, tt.properties)
		var fieldErr *FieldError
		if !errors.As(err, &fieldErr) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %q: %v, want %q", tt.role, tt.properties, err, tt.want)
			continue
		}
		if fieldErr.Property != len(tt.properties)-1 {
			t.Errorf("%s %q: property %d at fault, want the last", tt.role, tt.properties, fieldErr.Property)
		}
	}
}

// Type names are unique ignoring case, other identifiers exactly; a taken
// name gets the first free suffix.
func TestNamespace(t *testing.T) {
	n := NewNamespace()
	if !n.Claim("GroupVersion", "package", "") || n.Claim("GroupVersion", "other", "") {
		t.Error("an identifier is not held by its first claimer")
	}
	if got := n.TakeType("GroupVersion", "def", "d#/definitions/GroupVersion", Underscore); got != "GroupVersion_1" {
		t.Errorf("type GroupVersion: %s", got)
	}
	if !n.ClaimType("Groupversion", "def2", "") {
		t.Error("a type name differing only in case from an identifier that is not a type is refused")
	}
	// groupversion is Groupversion's, ignoring case, and groupversion_1 GroupVersion_1's.
	if got := n.TakeType("groupversion", "def3", "", Underscore); got != "groupversion_2" {
		t.Errorf("type groupversion: %s", got)
	}
	if got := n.TakeType("Other", "def", "", Underscore); got != "GroupVersion_1" {
		t.Errorf("a key's second request: %s, want the name it holds", got)
	}
	if got := n.Take("Groupversion", "const", "", Second); got != "Groupversion_2" {
		t.Errorf("constant Groupversion: %s", got)
	}
	if key, source, ok := n.Holder("GROUPVERSION"); !ok || key != "def2" || source != "" {
		t.Errorf("holder of GROUPVERSION: %q %q %v", key, source, ok)
	}
}
