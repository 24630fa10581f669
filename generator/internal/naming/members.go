package naming

import "strings"

// Role is what a generated Go type is, as far as the members generated code
// gives it are concerned.
type Role int

// The roles. A struct made from a schema object is an Object; a resource's
// spec and status are Objects too, with more members. Resources and lists have
// no schema properties: their members are listed so that the table is complete
// and checked against the emitters.
const (
	Object    Role = iota // every struct made from a schema object, in every package
	Spec                  // a resource's spec
	ChildSpec             // the spec of a child resource: a Spec with an Owner
	Status                // a resource's status
	Resource              // a resource's type, named after its Kind
	List                  // a resource's list type, <Kind>List
)

func (r Role) String() string {
	return [...]string{"struct", "spec", "spec of a child resource", "status", "resource", "resource list"}[r]
}

// includes returns the roles whose members a struct of role r also has.
func (r Role) includes() []Role {
	switch r {
	case Spec, Status:
		return []Role{Object, r}
	case ChildSpec:
		return []Role{Object, Spec, ChildSpec}
	}
	return []Role{r}
}

// Member is a field or method that generated code (or the hand-written code it
// calls) declares on a type of some role, beside the schema's properties.
type Member struct {
	Role   Role
	Name   string // the Go name, or the start of every such name when Prefix
	Prefix bool   // methods named after another type or version: every name starting with Name
	JSON   string // the JSON name of a field; empty for a method
	What   string // what it is, for notes, errors and the README
}

// The fields generated code adds to structs, by Go and JSON name.
const (
	PropertyBagField     = "PropertyBag"
	PropertyBagJSON      = "$propertyBag"
	OriginalVersionField = "OriginalVersion"
	OriginalVersionJSON  = "originalVersion"
	OwnerField           = "Owner"
	OwnerJSON            = "owner"
	ConditionsField      = "Conditions"
	ConditionsJSON       = "conditions"
)

// The members, by role. Spokes, storage variants and compat packages share
// one table: a property's Go name is settled once, in the spoke, and kept in
// every variant, so a member any variant has is reserved in all of them.
var members = []Member{
	{Object, "DeepCopy", false, "", "the generated deep copy"},
	{Object, "DeepCopyInto", false, "", "the generated deep copy"},
	{Object, "AssignProperties_To_", true, "", "the generated conversions to another version's struct"},
	{Object, "AssignProperties_From_", true, "", "the generated conversions from another version's struct"},
	{Object, "AssignPropertiesDirect_To_", true, "", "the composed conversions of storage structs to a later version's (the hub's)"},
	{Object, "AssignPropertiesDirect_From_", true, "", "the composed conversions of storage structs from a later version's (the hub's)"},
	{Object, "FitsSpoke", false, "", "whether a storage struct's version's spoke represents all of a value"},
	{Object, "AssignPropertiesTo", false, "", "the method a hand-written augmentation of a conversion implements"},
	{Object, "AssignPropertiesFrom", false, "", "the method a hand-written augmentation of a conversion implements"},
	{Object, PropertyBagField, false, PropertyBagJSON, "the property bag of storage and compat structs, which holds what their version has no field for"},
	{Spec, OriginalVersionField, false, OriginalVersionJSON, "the API version the resource was created with, a method of spoke specs and a field of storage specs"},
	{Spec, "ConvertSpecTo", false, "", "the spec's conversion, armruntime.ConvertibleSpec"},
	{Spec, "ConvertSpecFrom", false, "", "the spec's conversion, armruntime.ConvertibleSpec"},
	{Spec, "StepConvertSpecTo", false, "", "a storage spec's conversion through every version to the destination's"},
	{Spec, "StepConvertSpecFrom", false, "", "a storage spec's conversion through every version from the source's"},
	{Spec, "ConvertSpecTo_", true, "", "the hub spec's conversions to versions newer than the hub"},
	{Spec, "ConvertSpecFrom_", true, "", "the hub spec's conversions from versions newer than the hub"},
	{Spec, "ConvertsThroughHub", false, "", "the mark of a storage version newer than the hub, armruntime.BeyondHub"},
	{ChildSpec, OwnerField, false, OwnerJSON, "the Kubernetes resource a child resource belongs to"},
	{Status, ConditionsField, false, ConditionsJSON, "the resource's conditions"},
	{Status, "ConvertStatusTo", false, "", "the status's conversion, armruntime.ConvertibleStatus"},
	{Status, "ConvertStatusFrom", false, "", "the status's conversion, armruntime.ConvertibleStatus"},
	{Status, "StepConvertStatusTo", false, "", "a storage status's conversion through every version to the destination's"},
	{Status, "StepConvertStatusFrom", false, "", "a storage status's conversion through every version from the source's"},
	{Status, "ConvertStatusTo_", true, "", "the hub status's conversions to versions newer than the hub"},
	{Status, "ConvertStatusFrom_", true, "", "the hub status's conversions from versions newer than the hub"},
	{Status, "ConvertsThroughHub", false, "", "the mark of a storage version newer than the hub, armruntime.BeyondHub"},
}

// resourceMembers are the members of resources and their lists.
var resourceMembers = []Member{
	{Resource, "TypeMeta", false, "", "the embedded metav1.TypeMeta"},
	{Resource, "ObjectMeta", false, "metadata", "the embedded metav1.ObjectMeta"},
	{Resource, "Spec", false, "spec", "the resource's spec"},
	{Resource, "Status", false, "status", "the resource's status"},
	{Resource, "DeepCopy", false, "", "the generated deep copy"},
	{Resource, "DeepCopyInto", false, "", "the generated deep copy"},
	{Resource, "DeepCopyObject", false, "", "the generated deep copy, runtime.Object"},
	{Resource, "AssignProperties_To_", true, "", "the generated conversion to the next version"},
	{Resource, "AssignProperties_From_", true, "", "the generated conversion from the next version"},
	{Resource, "ConvertTo", false, "", "the conversion to the hub, conversion.Convertible"},
	{Resource, "ConvertFrom", false, "", "the conversion from the hub, conversion.Convertible"},
	{Resource, "StatelessConvertTo", false, "", "a spoke's conversion to the hub that drops what it cannot represent"},
	{Resource, "StatelessConvertFrom", false, "", "a spoke's conversion from the hub that drops what it cannot represent"},
	{Resource, "AssignPropertiesDirect_To_", true, "", "the composed conversion to the hub"},
	{Resource, "AssignPropertiesDirect_From_", true, "", "the composed conversion from the hub"},
	{Resource, "FitsSpoke", false, "", "whether a storage resource's version's spoke represents all of it"},
	{Resource, "StepConvertTo", false, "", "a storage version's conversion through every version to the destination's"},
	{Resource, "StepConvertFrom", false, "", "a storage version's conversion through every version from the source's"},
	{Resource, "ConvertTo_", true, "", "the hub's conversions to versions newer than it"},
	{Resource, "ConvertFrom_", true, "", "the hub's conversions from versions newer than it"},
	{Resource, "Hub", false, "", "the mark of the hub, conversion.Hub"},
	{Resource, "ConvertsThroughHub", false, "", "the mark of a storage version newer than the hub, armruntime.BeyondHub"},
	{Resource, "OriginalGVK", false, "", "the resource's original version, armruntime.MetaObject"},
	{Resource, "GetSpec", false, "", "armruntime.KubernetesResource"},
	{Resource, "GetStatus", false, "", "armruntime.KubernetesResource"},
	{Resource, "NewEmptyStatus", false, "", "armruntime.KubernetesResource"},
	{Resource, "SetStatus", false, "", "armruntime.KubernetesResource"},
	{List, "TypeMeta", false, "", "the embedded metav1.TypeMeta"},
	{List, "ListMeta", false, "metadata", "the embedded metav1.ListMeta"},
	{List, "Items", false, "items", "the resources listed"},
	{List, "DeepCopy", false, "", "the generated deep copy"},
	{List, "DeepCopyInto", false, "", "the generated deep copy"},
	{List, "DeepCopyObject", false, "", "the generated deep copy, runtime.Object"},
}

// byRole holds Members of every role, indexed by role, gathered once:
// every property of every struct is checked against them.
var byRole = func() [List + 1][]Member {
	var all [List + 1][]Member
	for r := range all {
		all[r] = gather(Role(r))
	}
	return all
}()

// Members returns the members generated code gives a type of role r, those of
// the roles it includes (a ChildSpec has the Object's and the Spec's) first.
// The slice is shared: callers must not change it.
func Members(r Role) []Member {
	return byRole[r]
}

// gather collects Members of role r from the tables.
func gather(r Role) []Member {
	var out []Member
	for _, included := range r.includes() {
		for _, table := range [][]Member{members, resourceMembers} {
			for _, m := range table {
				if m.Role == included {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// ReservedMember returns the member of role r that the Go name goName is (or
// starts with, for a prefix), or nil. Go names are compared as Go does,
// exactly.
func ReservedMember(r Role, goName string) *Member {
	for _, m := range Members(r) {
		if m.Name == goName || m.Prefix && strings.HasPrefix(goName, m.Name) {
			return &m
		}
	}
	return nil
}

// ReservedJSON returns the field of role r whose JSON name is jsonName,
// ignoring case (conversions match properties by lower-cased names), or nil.
func ReservedJSON(r Role, jsonName string) *Member {
	for _, m := range Members(r) {
		if m.JSON != "" && strings.EqualFold(m.JSON, jsonName) {
			return &m
		}
	}
	return nil
}

// PackageMember is an identifier a generated version package declares besides
// its types and enum constants.
type PackageMember struct {
	Name string
	What string
}

// PackageMembers are the identifiers every generated version package declares
// (groupversion_info_gen.go) besides the types and constants the authority
// names. Each resource adds its Kind, its list type (ListType), its spec
// (SpecType) and its status (StatusType).
var PackageMembers = []PackageMember{
	{"GroupVersion", "the group and version of the package's types"},
	{"SchemeBuilder", "the scheme registration of the package's types"},
	{"AddToScheme", "the scheme registration of the package's types"},
}

// ListType returns the Go name of the list type of a resource of kind.
func ListType(kind string) string { return kind + "List" }

// SpecType returns the Go name of the spec of a resource of kind.
func SpecType(kind string) string { return kind + "_Spec" }

// StatusType returns the Go name of the status of a resource of kind.
func StatusType(kind string) string { return kind + "_Status" }

// SpecObject returns the schema name the loader gives a resource's spec
// object.
func SpecObject(resource string) string { return resource + "_Spec" }

// AzureNameJSON is the JSON name of a resource's name property in its spec:
// the loader renames name to it, so a resource may not declare it.
const AzureNameJSON = "azureName"
