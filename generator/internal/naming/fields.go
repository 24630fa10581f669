package naming

import (
	"fmt"
	"strconv"
	"strings"
)

// Field is the Go name of one property of a struct.
type Field struct {
	JSON   string  // the property's name, which the field keeps as its JSON name
	Go     string  // the Go field name
	Wanted string  // GoName(JSON): what the field is called unless Moved
	Moved  *Member // the member of the struct that Wanted is, when the field was renamed
}

// FieldError says why the properties of a struct cannot be named.
type FieldError struct {
	Property  int     // the index of the property at fault
	Other     int     // the index of the property it clashes with, or -1
	Member    *Member // the field whose JSON name the property takes, when Other is -1
	Role      Role    // the struct's
	JSON      string  // the JSON name of the property at fault
	OtherJSON string  // the JSON name of the other property, when there is one
	GoName    string  // the Go name both properties would have
}

func (e *FieldError) Error() string {
	if e.Member != nil {
		return fmt.Sprintf("property %q is reserved in a %s: generated code gives every %s the field %s, JSON name %q (%s)",
			e.JSON, e.Role, e.Role, e.Member.Name, e.Member.JSON, e.Member.What)
	}
	return fmt.Sprintf("properties %q and %q both become the Go field %s", e.OtherJSON, e.JSON, e.GoName)
}

// Fields names the fields of a struct of role r whose properties have the
// given JSON names. The rule:
//
//   - A property whose JSON name is that of a field generated code adds to the
//     struct (ReservedJSON: $propertyBag, and originalVersion and owner in a
//     spec, conditions in a status), ignoring case, is an error: its value
//     could not be told from the generated one's.
//   - Two properties whose Go names (GoName) are equal ignoring case are an
//     error (conversions match properties by lower-cased name).
//   - A property whose Go name is a member generated code declares on the
//     struct (ReservedMember: DeepCopy, PropertyBag, ConvertSpecTo, ...) is
//     renamed: Property is appended (DeepCopy -> DeepCopyProperty), or
//     prepended where the member is a family of names sharing a prefix
//     (AssignProperties_To_Part -> PropertyAssignProperties_To_Part), then the
//     first free _1, _2, ... if another field has that name (ignoring case).
//     Its JSON name is kept: the wire shape never changes.
//
// Other properties keep GoName. The result does not depend on the order of
// the properties.
func Fields(r Role, properties []string) ([]Field, error) {
	fields := make([]Field, len(properties))
	taken := map[string]int{} // lower-cased Go name -> property
	for i, p := range properties {
		if m := ReservedJSON(r, p); m != nil {
			return nil, &FieldError{Property: i, Other: -1, Member: m, Role: r, JSON: p}
		}
		want := GoName(p)
		if other, ok := taken[strings.ToLower(want)]; ok {
			return nil, &FieldError{Property: i, Other: other, Role: r, JSON: p, OtherJSON: properties[other], GoName: want}
		}
		taken[strings.ToLower(want)] = i
		fields[i] = Field{JSON: p, Go: want, Wanted: want, Moved: ReservedMember(r, want)}
	}
	for i := range fields {
		if fields[i].Moved != nil {
			fields[i].Go = rename(r, fields[i], taken)
			taken[strings.ToLower(fields[i].Go)] = i
		}
	}
	return fields, nil
}

// rename returns the Go name of a field whose wanted name is a member of the
// struct, taken holding the fields' names; see Fields.
func rename(r Role, f Field, taken map[string]int) string {
	base := f.Wanted + "Property"
	if f.Moved.Prefix {
		base = "Property" + f.Wanted
	}
	name := base
	for n := 1; ; n++ {
		_, clash := taken[strings.ToLower(name)]
		if !clash && ReservedMember(r, name) == nil {
			return name
		}
		name = base + "_" + strconv.Itoa(n)
	}
}
